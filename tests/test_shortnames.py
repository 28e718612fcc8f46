"""tools/bundle/shortnames.py: the badge's build gives the app's own names the firmware's names, so
the badge interns almost none of them (docs/BENCHMARKS.md). What the code does must not
change: a name anything may look up by its spelling keeps it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
from tools.vm import cptools  # noqa: E402
from tools.bundle import shortnames  # noqa: E402


def _shorten(tmp_path: Path, files: dict[str, str]):
    lib = tmp_path / "lib"
    texts = {lib / rel: textwrap.dedent(text) for rel, text in files.items()}
    out, plan = shortnames.shorten(texts, lib)
    return {p.relative_to(lib).as_posix(): t for p, t in out.items()}, plan


def _run(text: str) -> dict:
    env: dict = {}
    exec(compile(text, "<m>", "exec"), env)
    return env


MODULE = """
class Seat:
    def __init__(self, number_of_cards):
        self.number_of_cards = number_of_cards
        self.speed = 3

    def describe_the_seat(self, extra_points, *, bonus_value=0):
        def inner(scale_by):
            return (self.number_of_cards + extra_points) * scale_by + bonus_value
        return inner(2)


class BadMove(ValueError):
    pass


FIELDS = ("speed",)


def fields_of(seat):
    return [getattr(seat, name) for name in FIELDS]


def run_it():
    s = Seat(4)
    try:
        raise BadMove("no")
    except BadMove as e:
        name = type(e).__name__
    return s.describe_the_seat(1, bonus_value=5), fields_of(s), name
"""


def test_the_renamed_code_does_what_the_source_does(tmp_path):
    out, plan = _shorten(tmp_path, {"pkg/seats.py": MODULE})
    text = out["pkg/seats.py"]
    assert _run(text)[plan.names["run_it"]]() == _run(MODULE)["run_it"]() == (15, [3], "BadMove")
    # the game's own names went; what a string, Python or the error screen spells stayed
    for gone in ("number_of_cards", "describe_the_seat", "fields_of", "Seat", "run_it",
                 "bonus_value"):
        assert gone in plan.names and not re.search(r"\b%s\b" % gone, text), gone
    for kept in ("speed", "BadMove", "getattr", "__init__", "name", "pkg", "seats"):
        assert kept not in plan.names, kept
    assert "speed" in text and "BadMove" in text
    # every new name is the firmware's (in flash on the badge), none the code spells
    firmware = set(shortnames.firmware_names() + shortnames.badge_names())
    assert set(plan.names.values()) <= firmware
    assert not set(plan.names.values()) & set(re.findall(r"\w+", MODULE))
    # nor a name the compiler itself looks up (``assert`` loads the global AssertionError)
    assert not {"AssertionError", "super", "range"} & (set(plan.names.values()) | set(plan.spare))


def test_a_parameter_no_one_passes_by_keyword_is_each_functions_own(tmp_path):
    out, plan = _shorten(tmp_path, {"m.py": MODULE})
    text = out["m.py"]
    # extra_points and scale_by are only ever parameters: renamed function by function to the
    # same few names (the inner function's follows its outer one's, which it can see)
    assert {"extra_points", "scale_by"} <= plan.params
    assert "bonus_value" not in plan.params  # passed by keyword: renamed everywhere alike
    assert "def %s(self, %s, *, " % (plan.names["describe_the_seat"], plan.spare[0]) in text
    assert "def %s(%s):" % (plan.names.get("inner", "inner"), plan.spare[1]) in text


def test_every_line_stays_where_it_was(tmp_path):
    # the error screen's file and line point into the repository's source
    from tools.bundle import constfold

    texts = constfold.fold_tree(ROOT / "lib")[1]
    out, plan = shortnames.shorten(texts, ROOT / "lib")
    assert len(plan.names) > 400
    for p, text in texts.items():
        # only names changed, and every token is on the line it was on: strings, comments,
        # numbers and operators are the source's
        was = [(t.type, t.string, t.start[0]) for t in shortnames._tokens(text)]
        now = [(t.type, t.string, t.start[0]) for t in shortnames._tokens(out[p])]
        assert len(was) == len(now), p
        assert [(k, s if k != tokenize.NAME else "", r) for k, s, r in was] == \
            [(k, s if k != tokenize.NAME else "", r) for k, s, r in now], p


def test_the_renamed_game_plays_the_golden_match_on_cpython(tmp_path):
    # The golden record of the computer players (tests/test_golden_records.py) from the
    # renamed core and players: every deal, decision and score as from the source
    from test_golden_records import CASES, GOLDEN, PLAYERS_TARGET, first_difference

    from uno.core.codes import PH_HAND_OVER, PH_MATCH_OVER

    lib, plan = shortnames.write_built(tmp_path / "lib")
    assert plan is not None
    case = "players-classic-4-seed6"
    p, levels, seed = CASES[case]
    script = shortnames.rename_script("""
import builtins as B_, json as J_, sys as S_  # names no renaming can give the app's
B_.const = lambda x: x
S_.path.insert(0, %r)
from uno.players.make import make_player
from uno.core.game import Game
from uno.core.rules import preset
levels = %r
r = preset(%r, seats=levels, target=%d)
g = Game(r, seed=%d, sink=lambda ev: print(J_.dumps(ev)))
ps = [make_player(lv, %d * 10 + s) for s, lv in enumerate(levels)]
g.start()
while g.phase != %d:
    if g.phase == %d:
        g.next_hand()
    else:
        g.apply(ps[g.actor].choose(g.observe(g.actor)))
""" % (str(lib), list(levels), p, PLAYERS_TARGET, seed, seed, PH_MATCH_OVER, PH_HAND_OVER),
        plan.names)
    assert "make_player" not in script  # the script calls the renamed code by its names
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       timeout=300, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    got = [json.loads(line) for line in r.stdout.splitlines()]
    want = [json.loads(line) for line in (GOLDEN / (case + ".jsonl")).read_text().splitlines()]
    n = first_difference(got, want)
    assert n == len(want) == len(got), "event %d: recorded %s, renamed %s" % (
        n + 1, want[n:n + 1], got[n:n + 1])


_VMS = [("plain", dict()), ("plain-pystack", dict(pystack=True)), ("badge", dict(badge=True)),
        ("badge9", dict(badge=True, cp=9))]


@pytest.mark.parametrize("which,kw", _VMS, ids=[v[0] for v in _VMS])
def test_the_names_given_are_the_firmwares_on_each_vm(tmp_path, which, kw):
    # tools/bundle/firmware_names.txt: in every VM's firmware; tools/bundle/badge_names.txt: in the
    # VMs built as the badge (tools/vm/cpvm/build_vm.sh puts them there, as a PyBadge's firmware has
    # them). Interning a name the firmware holds adds no name.
    vm, why = cptools.vm(**kw)
    if vm is None:
        pytest.skip(why)
    names = shortnames.firmware_names()
    if which.startswith("badge"):
        names = names + shortnames.badge_names()
    (tmp_path / "probe.py").write_text(
        "try:\n    import vmstat as micropython\nexcept ImportError:\n    import micropython\n"
        "L = %r\nfor s in L.split():\n"
        "    s = bytes(s, 'ascii').decode()\n    micropython.qstr_info()\n"
        "    getattr(None, s, None)\n    micropython.qstr_info()\n    print('@')\n"
        % " ".join(names))
    r = subprocess.run([vm, "-X", "heapsize=512k", "probe.py"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout[-500:] + r.stderr
    added = [n for n, block in zip(names, r.stdout.split("@\n")[:-1], strict=True)
             if len(set(re.findall(r"n_qstr=(\d+)", block))) != 1]
    assert len(r.stdout.split("@\n")) == len(names) + 1
    assert added == [], "not the firmware's on %s: %s (rebuild: tools/vm/cpvm/build_vm.sh)" % (
        which, added[:10])


def test_a_private_constant_keeps_its_name_and_compiles_to_nothing(tmp_path):
    """A private ``const()`` leaves nothing in the compiled module (the compiler folds it), but
    only while its name starts with an underscore: renamed to a firmware name, each became a
    global of its module on the badge, a dict slot each (109 of them). So it keeps its
    name, where it is defined and in every function that reads it, and its module compiled by
    CircuitPython's mpy-cross stores no global for it."""
    src = """
    from micropython import const

    _TOP_SPEED = const(64)


    def speed_of(seat_number):
        return seat_number + _TOP_SPEED
    """
    out, plan = _shorten(tmp_path, {"uno/m.py": src})
    assert "_TOP_SPEED" not in plan.names and out["uno/m.py"].count("_TOP_SPEED") == 2
    assert "speed_of" in plan.names  # what is interned is still renamed
    cmd, _, note = cptools.mpy_cross(10)  # MicroPython's stands in where ../shared is absent
    if cmd is None:
        pytest.skip(note)
    (tmp_path / "m.py").write_text(out["uno/m.py"])
    subprocess.run(cmd + ["m.py"], cwd=tmp_path, check=True)
    names = cptools.mpy_names(tmp_path / "m.mpy")
    assert not any("TOP_SPEED" in n for n in names), names


def test_the_api_names_kept_are_the_venvs_so_a_bundle_needs_no_venv():
    # tools/bundle/api_names.txt holds the Python and circuitpython-stubs API names the renaming
    # keeps; the bundle reads them from there, not from .venv, so a checkout without the venv
    # (or another Python) builds the same bundle. This checks the file is not stale.
    kept = set(shortnames._listed(shortnames.API_NAMES))
    assert kept == shortnames.python_api(), (
        "tools/bundle/api_names.txt is stale: "
        ".venv/bin/python tools/bundle/shortnames.py --write-api")
    assert {"pixel_shader", "hidden", "tile_width", "readinto", "getrandbits"} <= kept


def test_a_name_looked_up_on_the_firmwares_modules_keeps_its_spelling(tmp_path):
    # the PyBadge's firmware has no board.JOYSTICK_X but a PyGamer's has: the bundle, one for
    # both boards, must still spell it (tools/bundle/pybadge_api.txt lists every such lookup)
    out, plan = _shorten(tmp_path, {"uno/hw/m.py": """
        import board


        def stick():
            return board.JOYSTICK_X, board.JOYSTICK_Y, board.board_id
        """})
    assert "board.JOYSTICK_X, board.JOYSTICK_Y, board.board_id" in out["uno/hw/m.py"]
    assert "JOYSTICK_X" not in plan.names and "stick" in plan.names


def test_no_name_is_renamed_to_a_modules_name():
    """A game function given a module's name (``json``) would shadow that module for code that
    imports both: the record script of a VM test did (``from uno.core.rules import json``). No
    target of the renaming is the name of a module the badge has."""
    from tools.bundle import constfold, shortnames

    lib = Path(shortnames.__file__).resolve().parents[2] / "lib"
    plan = shortnames.plan(constfold.fold_tree(lib)[1], lib)
    listed = Path(shortnames.__file__).resolve().parent / "pybadge_modules.txt"
    modules = set(shortnames._listed(listed))
    assert "json" in modules and len(plan.names) > 300
    assert not set(plan.names.values()) & modules
