"""The whole app on CircuitPython 10.2.1's own 32-bit VM (tools/vm_app.py, tools/soak.py).

code.py's path runs from CircuitPython-compiled .mpy files with the badge's C modules stood in
by Python classes that allocate what the C objects take (tools/cpvm/). Skipped, saying what is
missing, where ../shared/tools/circuitpython is absent (a user's own clone)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import vm_app  # noqa: E402

MISSING = vm_app.missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason="CircuitPython VM: %s" % MISSING)


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    """A folder laid out like CIRCUITPY, compiled by mpy-cross-10.2.1."""
    d = tmp_path_factory.mktemp("circuitpy")
    vm_app.build(d)
    return d


def _vm(drive, code, heap=64):
    vm, _ = vm_app.cptools.vm()
    (drive / "probe.py").write_text(code)
    env = {"MICROPYPATH": "%s:%s" % (drive / "standins", drive), "PATH": "/usr/bin:/bin"}
    r = subprocess.run([vm, "-X", "heapsize=%dk" % heap, "probe.py"], cwd=drive, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.split()


def test_standins_allocate_what_circuitpython_does(drive):
    # A 160x128 bitmap of 16 colours is 4 bits a pixel: 10,240 bytes of rows on the badge; a
    # TileGrid over a sheet of more than 255 tiles keeps two bytes a tile.
    out = _vm(drive, """
import gc, displayio
gc.collect(); a = gc.mem_alloc()
b = displayio.Bitmap(160, 128, 16)
gc.collect(); print(gc.mem_alloc() - a)
s = displayio.Bitmap(16 * 20, 16, 2)
gc.collect(); a = gc.mem_alloc()
t = displayio.TileGrid(s, pixel_shader=displayio.Palette(2), width=100, height=10,
                       tile_width=1, tile_height=1)
gc.collect(); print(gc.mem_alloc() - a)
b[5, 3] = 9; b[6, 3] = 4; t[7] = 300
print(b[5, 3], b[3 * 160 + 6], t[7])
""")
    bitmap, grid = int(out[0]), int(out[1])
    assert 10240 <= bitmap <= 10240 + 128
    assert 2000 <= grid <= 2000 + 256
    assert out[2:] == ["9", "4", "300"]


BADGE_VM = vm_app.cptools.vm(badge=True)


@pytest.mark.parametrize("model", [
    "unix",
    pytest.param("badge", marks=pytest.mark.skipif(
        BADGE_VM[0] is None, reason="%s (tools/cpvm/build_vm.sh makes it)" % BADGE_VM[1])),
])
@pytest.mark.parametrize("case", ["players-classic-2-seed4", "players-classic-4-seed6"])
def test_the_computer_levels_play_on_the_badges_vm_as_on_a_pc(drive, case, model):
    # The golden players' match (tests/test_golden_records.py) on CircuitPython's 32-bit VM
    # from its .mpy files: 31-bit small ints, the search's sums, the 16-bit-half shuffle, every
    # decision as CPython made it, event for event. "badge": the VM with a PyBadge's object
    # model, whose floats keep 30 bits (checked first): the players compute with whole numbers
    # (docs/AI.md), so the badge's floats cannot make them choose otherwise.
    from test_golden_records import CASES, GOLDEN, PLAYERS_TARGET, first_difference

    from uno.game import PH_HAND_OVER, PH_MATCH_OVER

    p, levels, seed = CASES[case]
    vm, _ = vm_app.cptools.vm(badge=model == "badge")
    floats = subprocess.run([vm, "-c", "print(1.0 + 2**-30 == 1.0, 1.0 + 2**-20 == 1.0)"],
                            capture_output=True, text=True).stdout.split()
    assert floats == (["True", "False"] if model == "badge" else ["False", "False"])
    (drive / "golden.py").write_text("""
import json
from uno.ai import make_player
from uno.game import Game
from uno.rules import preset
levels = %r
r = preset(%r, seats=levels, target=%d)
g = Game(r, seed=%d, sink=lambda ev: print(json.dumps(ev)))
ps = [make_player(lv, %d * 10 + s) for s, lv in enumerate(levels)]
g.start()
while g.phase != %d:  # the bundle folds the game's public constants: their values
    if g.phase == %d:
        g.next_hand()
    else:
        g.apply(ps[g.actor].choose(g.observe(g.actor)))
""" % (list(levels), p, PLAYERS_TARGET, seed, seed, PH_MATCH_OVER, PH_HAND_OVER))
    env = {"MICROPYPATH": "lib:standins:.", "PATH": "/usr/bin:/bin"}
    r = subprocess.run([vm, "-X", "heapsize=256k", "golden.py"], cwd=drive, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr
    got = [json.loads(line) for line in r.stdout.splitlines()]
    want = [json.loads(line) for line in (GOLDEN / (case + ".jsonl")).read_text().splitlines()]
    n = first_difference(got, want)
    assert n == len(want) == len(got), "event %d: recorded %s, the VM %s" % (
        n + 1, want[n:n + 1], got[n:n + 1])


def test_a_classic_match_against_normal_completes_in_its_budget(drive):
    r = vm_app.run(drive, vm_app.BUDGET_KB["normal"], seats=vm_app.PROFILES["normal"])
    assert r.ok, r.why()
    assert r.matches == 1 and r.hands >= 1


@pytest.fixture(scope="module")
def advanced3_small_stack(drive):
    """A match against three Advanced at its budget on the 1,536-byte Python stack of a SAMD51
    under CircuitPython 9 (10.x has 2,048)."""
    return vm_app.run(drive, vm_app.BUDGET_KB["advanced3"], seats=vm_app.PROFILES["advanced3"],
                      pystack=True)


def test_three_advanced_opponents_complete_on_the_circuitpython9_stack(advanced3_small_stack):
    r = advanced3_small_stack
    assert r.ok, r.why()


def test_a_search_ply_down_to_a_reshuffle_fits_circuitpython9s_stack(drive):
    # The deepest Python stack the app reaches: a search's core ply where a +2 makes the next
    # seat draw from an empty pile, so the discard is reshuffled (push, _do, _play, _effect,
    # _accept, _draw, _reshuffle, Rng.shuffle). On the hint's path the search's rollout is
    # entered with 920 of the 1,536 bytes in use (every function instrumented, stop 29); here
    # a recursion spends as much before the ply. It had 16 bytes too few before push's
    # 19-field tuple moved to a frame of its own.
    from uno.game import PH_PLAY

    vm, _ = vm_app.cptools.vm(pystack=True)
    (drive / "deep.py").write_text("""
from micropython import pystack_use
from uno.game import Game
from uno.rules import preset
g = Game(preset("classic", seats=["normal"] * 4), seed=5)
g.start()
while g.phase != %d:
    g.apply(g.legal_actions()[0])
top = g.discard[-1]
g.discard = g.pile + g.discard[:-1] + [top]
g.pile = []
a = g.colour << 4 | 12
g.hands[g.actor].append(a)
assert a in g.legal_actions()
def at(n):
    if n:
        return at(n - 1)
    used = pystack_use()
    if used < 920:
        return None
    g.push(a)
    return used
k = 0
used = None
while used is None:
    used = at(k)
    k += 1
print(used, len(g.pile), g.pending)
""" % PH_PLAY)
    env = {"MICROPYPATH": "lib:standins:.", "PATH": "/usr/bin:/bin"}
    r = subprocess.run([vm, "-X", "heapsize=256k", "deep.py"], cwd=drive, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout[-500:] + r.stderr[-1500:]
    used, pile, pending = (int(x) for x in r.stdout.split())
    assert 920 <= used < 968  # the ply began where a hint's does (one recursion step: 48 B)
    assert pile > 50 and pending == 0  # the discard became the pile, and the +2 was drawn


# Names the app's loaded code interns are never freed; the pools holding them double (20, 40,
# ... 640: 1,260 names), then the next takes ~7.7 KB at once on the badge. The badge's own
# names are in flash, so on the VM vm_run fills the pools with filler names before the app.
def test_the_app_starts_with_the_name_pools_full_as_the_badge_does(advanced3_small_stack):
    standins = [s[6] for s in advanced3_small_stack.stats if s[0] == "standins"]
    assert standins and set(standins) == {vm_app.QSTR_POOLS_FULL}  # every program of the run


# CircuitPython 9 and 10 grow the badge's heap in areas of 8, 8, 16, 32 and 64 KB (each as large
# as all before it), and no object spans two: the VM's one heap is walled where they would end.
def test_the_apps_heap_is_split_where_the_badges_heap_areas_end(advanced3_small_stack):
    for s in advanced3_small_stack.stats:
        if s[0] == "standins":
            free, largest = s[4], s[5]
            assert free > 100_000
            # the free space above the harness is ~112 KB; 8 + 8 + 16 + 32 KB of it are walled
            # off (less their tables, 16.5 bytes of area a block) and the rest is one piece
            assert 0.9 * (free - 64 * 1024) < largest < free - 60_000, (free, largest)


def test_a_match_against_three_advanced_interns_fewer_names_than_the_badge_pools_hold(
        advanced3_small_stack):
    r = advanced3_small_stack
    assert 300 < r.app_names < vm_app.APP_NAMES_LIMIT, r.app_names


def test_each_modules_heap_is_reported(drive):
    # vm_app.py modules: the 1,280-name pool the app's first name opens, then each module
    rows = vm_app.module_bytes(drive, ["uno.cards", "uno.game"])
    assert [r[0] for r in rows] == ["(name-pool)", "uno.cards", "uno.game"]
    pool, cards, game = (r[1] for r in rows)
    assert 8000 < pool < 10000
    assert 500 < cards < game  # the rules engine is the larger


def test_the_heap_figures_do_not_depend_on_where_the_drive_folder_is(drive, tmp_path):
    # The badge opens its modules by "/lib/uno/...": the VM by paths relative to its folder
    # (and vm_run by -m), so a longer temporary folder (TMPDIR) moves no byte of its heap.
    # Before, 23 more characters of folder path took ~1.3 KB and changed the soak's outcome.
    far = tmp_path / ("a_folder_name_much_longer_than_the_fixtures_" * 2)
    vm_app.build(far)
    runs = [vm_app.run(d, 192, seats=vm_app.PROFILES["normal"], hands=1, every=1)
            for d in (drive, far)]
    assert all(r.ok for r in runs)
    assert len(runs[0].stats) >= 5  # the title's program and the match's, figures of each
    assert runs[0].stats == runs[1].stats


def test_the_pass_grid_tells_the_heaps_that_complete_from_those_that_do_not(drive):
    # vm_app.py grid: each run on its own copy of the drive (its own saves), two at a time
    res = vm_app.pass_grid(drive, [60, 192], [1, 2], jobs=2, seats=vm_app.PROFILES["normal"],
                           hands=1)
    assert res == {(60, 1): False, (60, 2): False, (192, 1): True, (192, 2): True}


def test_the_heap_budget_bites(drive):
    # Well below the budget the app runs out of memory: the figure measures something.
    r = vm_app.run(drive, vm_app.BUDGET_KB["normal"] - 40, seats=vm_app.PROFILES["normal"],
                   timeout=120)
    assert not r.ok
    assert "MemoryError" in r.out + r.err  # also when an error screen shows it


def test_short_soak_holds_the_heap(capsys):
    import soak

    r = soak.soak(200, vm_app.BUDGET_KB["advanced3"], vm_app.PROFILES["advanced3"], every=100)
    rows = r["rows"]
    with capsys.disabled():
        for row in rows:
            print("\nsoak: hand %d free %d largest free block %d" % row, end="")
    assert r["ok"], r["why"]
    assert r["hands"] >= 200
    assert rows[-1][1] >= rows[0][1] - 2048  # no drift of the free heap


def test_the_run_ends_when_the_press_script_does(drive):
    # Computers play every seat; one A (at the first hand's result) and the script is over:
    # the run stops by ScriptOver, a SystemExit the app's error screen does not catch.
    r = vm_app.run(drive, 192, seats=vm_app.PROFILES["normal"], matches=5, keys="A WAIT:1\n")
    assert not r.ok
    assert "key script over" in (r.out + r.err)
    assert "Traceback" not in r.err


def test_budget_table_prints(capsys):
    import budget

    assert budget.main(["--quick"]) == 0
    out = capsys.readouterr().out
    with capsys.disabled():
        print("\n" + out)
    assert "app heap, 3 Advanced (VM)" in out and "a match completes" in out
    assert "pixels per cursor move" in out


def test_below_its_budget_the_game_recovers_from_each_memory_error():
    # A player at the table at 134 KB, 21 KB under the human budget: MemoryErrors come most hands
    # (67 in 60 hands since stop 24 cut the blocks a late load or a search needs; 72 at 132 KB,
    # 27 at 133, 9 at 135, where stop 23's code had 42; 5 at 137 with stop 23's code, where
    # stop 22's had 44; none at 140, where stop 21's code had 31).
    # Each shows the error screen; its A starts code.py
    # again, as on the badge, and the random presses Continue the saved match. Every one of them
    # recovers; before code.py let the match go when even the screen's code had no room, the run
    # ended on CircuitPython's console report after about twenty.
    import soak

    r = soak.soak(60, 134, vm_app.PROFILES["human"], every=0, pystack=True, seed=23,
                  keys=vm_app.random_presses(23, 20000), restarts=True)
    assert r["ok"], r["why"]
    assert r["restarts"] >= 3
