"""Sizes and device memory of saves, the figures docs/SAVES.md quotes.

    .venv/bin/python tools/vm/bench_save.py

Sizes: the snapshot of a match in progress at every step of random matches (2 and 4 seats,
Classic, PC-SIG and House), the worst case the layout allows, and the whole payload with full
settings and ten high scores, against a third of the 8 KB nvm.
Memory: the save modules compiled with CircuitPython 10.2.1's mpy-cross and run on its 32-bit
Unix port (the badge's word size): heap kept by the imports, and bytes allocated by one save and
one load of a 4-seat match (an upper bound of what a save point needs for a moment).
"""

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT / "lib", ROOT / "tests", ROOT):  # the core, mpy_helpers, the tools package
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import mpy_helpers  # noqa: E402

from tools.vm import cptools  # noqa: E402

from uno.saves import codec as S  # noqa: E402
from uno.core.codes import PH_HAND_OVER, PH_MATCH_OVER  # noqa: E402
from uno.core.game import Game  # noqa: E402
from uno.core.rules import preset  # noqa: E402


def snapshot_sizes(seeds=8):
    """{seats: (typical, largest)} snapshot bytes over every step of random matches."""
    out = {}
    for n in (2, 4):
        sizes = []
        for p in ("classic", "pcsig", "house"):
            for seed in range(seeds):
                g = Game(preset(p, seats=["normal"] * n), seed=seed,
                         names=["ABCDEFGHIJKLMNOP"] * n)
                g.start()
                rnd = random.Random(seed)
                while g.phase != PH_MATCH_OVER:
                    sizes.append(len(S.pack_match(g)))
                    if g.phase == PH_HAND_OVER:
                        g.next_hand()
                    else:
                        legal = g.legal_actions()
                        plays = [a for a in legal if a < 64]
                        g.apply(rnd.choice(plays if plays and rnd.random() < 0.8 else legal))
        sizes.sort()
        out[n] = (sizes[len(sizes) // 2], sizes[-1])
    return out


def worst_snapshot_bits():
    """Bits of the largest snapshot the layout allows: 4 seats, 31-byte names, wide void
    marks, 108 cards (every card is in exactly one list), two last plays on record a seat."""
    head = 8 + sum(b for _, b in S.RULE_BITS) + 14 + 2 + 4 * 3
    names = 1 + 4 * (5 + 31 * 8)
    state = 64 + 16 + 4 * 3 + 3 + 2 + 3 + 1 + 4 + 7 + 4 + 7 + 3 + 3 + 3 + 3 + 1 + 3 + 4
    seats = 4 * 32 + 1 + 4 * 18
    cards = 6 * 7 + 108 * 7
    plays = 4 * 2 * (1 + 6 + 6 + 7 + 7 + 4 + 7)  # uno.saves.snapshot._put_plays
    return head + names + state + seats + cards + plays


def full_settings_bytes():
    s = S.Settings()
    s.rules = "deck=acorn wd4=free draw=repeat hand_limit=16 stacking=on one_call=required " \
              "one_window=10 scoring=penalty next_start=rotate"
    s.seats = ["human", "advanced", "advanced", "advanced"]
    s.names = ["ABCDEFGHIJKLMNOP"] * 4
    scores = [(30000, "ABCDEFGHIJKLMNOP", "custom", ("advanced",) * 3)] * 10
    return len(S.encode(S.Saved(s, []))), len(S.encode(S.Saved(s, scores)))


def largest_record_bytes():
    """The player's record's section (uno.saves.stats) at its largest: every table of 1-3
    opponents, every count at its widest, a best and a worst match; its tag and length too."""
    from itertools import combinations_with_replacement

    from uno.saves import stats

    st = stats.new()
    for n in (1, 2, 3):
        for key in combinations_with_replacement(stats.KINDS, n):
            st[0].append([key, 30000, 30000])
    st[1] = st[2] = 0xFFFFF
    st[3] = 0xFFFFFF
    st[4] = st[5] = 65535
    st[6] = (20000, 30000, 10000, ("advanced",) * 3)
    st[7] = (-20000, 10000, 30000, ("advanced",) * 3)
    return 2 + len(stats.pack(st))


# A 4-seat House match after 80 steps and an 8 KB nvm of 0xFF: both VM scripts start from it.
_MATCH = """g = Game(preset("house", seats=["human", "normal", "easy", "advanced"]), seed=3)
g.start()
for i in range(80):
    if g.phase == PH_HAND_OVER:
        g.next_hand()
    else:
        acts = g.legal_actions()
        g.apply(acts[i % len(acts)])
buf = bytearray(b"\\xff" * 8192)
"""

DEVICE = """import gc
gc.collect()
a0 = gc.mem_alloc()
import uno.saves.settings
gc.collect()
a1 = gc.mem_alloc()
import uno.saves.codec as S
gc.collect()
a2 = gc.mem_alloc()
from uno.core.game import Game, PH_HAND_OVER
from uno.core.rules import preset
""" + _MATCH + """saved = S.Saved()
gc.collect()
b0 = gc.mem_alloc()
import uno.saves.snapshot
gc.collect()
b1 = gc.mem_alloc()
gc.collect()
gc.disable()
c0 = gc.mem_alloc()
saved.match = S.pack_match(g)
S.save(buf, saved)
c1 = gc.mem_alloc()
gc.enable()
gc.collect()
gc.disable()
d0 = gc.mem_alloc()
got, notice = S.load(buf)
h, extra = S.unpack_match(got.match)
d1 = gc.mem_alloc()
gc.enable()
print(a1 - a0, a2 - a1, b1 - b0, c1 - c0, d1 - d0, len(saved.match), h.hands == g.hands)
"""
# The app's pattern: load at start-up, then drop the codec until the next save point.
DROP = """import gc
import uno.saves.settings
gc.collect()
a = gc.mem_alloc()
from uno.saves import codec as S
saved, notice = S.load(bytearray(b"\\xff" * 256))
del S
uno.drop_codec()
gc.collect()
print(gc.mem_alloc() - a)
"""


def device_figures():
    """(note, [import settings (+ rules), import store + save, import snapshot, one save, one
    load + unpack, match bytes, restored equal, left after drop_codec] figures)."""
    cmd, is_cp, note = cptools.mpy_cross(10)
    vm, vm_note = cptools.vm()
    if cmd is None or vm is None:
        return note + "; " + vm_note, None
    with tempfile.TemporaryDirectory() as tmp:
        for src in mpy_helpers.core_sources():
            rel = src.relative_to(mpy_helpers.LIB).with_suffix(".mpy")
            out = Path(tmp) / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(cmd + ["-o", str(out), str(src)], check=True)
            if not is_cp:
                cptools.patch_header(out)
        outs = []
        for text in (DEVICE, DROP):
            script = Path(tmp) / "bench.py"
            script.write_text(text)
            r = subprocess.run([vm, "-X", "heapsize=256k", str(script)], capture_output=True,
                               text=True, env={"MICROPYPATH": tmp}, timeout=120)
            if r.returncode:
                return note + "; " + vm_note, r.stdout + r.stderr
            outs += r.stdout.split()
    return note + "; " + vm_note, outs


COST = """import gc
from uno.saves import codec as S
from uno.saves.store import crc32_py
from uno.core.game import Game, PH_HAND_OVER
from uno.core.rules import preset
import uno.saves.snapshot
""" + _MATCH.replace("%", "%%") + """saved = S.Saved()
saved.match = S.pack_match(g)
S.save(buf, saved)
data = bytes(500)
for i in range(%d):
    if "%s" == "save":
        saved.match = S.pack_match(g)
        saved.settings.speed = 1 + i %% 10
        S.save(buf, saved)
    elif "%s" == "load":
        got, notice = S.load(buf)
        h, extra = S.unpack_match(got.match)
    elif "%s" == "crc":
        crc32_py(data)
"""


def instructions(reps=10):
    """{what: x86 instructions per operation} on the MicroPython Unix port under callgrind
    (a 120 MHz Cortex-M4 runs roughly 100 M of them a second; see tools/ai/bench_ai.py)."""
    import shutil

    if not shutil.which("valgrind"):
        return None
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        mpy = mpy_helpers.compile_core(Path(tmp) / "mpy")
        env = dict(os.environ, MICROPYPATH=str(mpy))
        for what in ("save", "load", "crc"):
            counts = []
            for n in (0, reps):
                script = Path(tmp) / "cost.py"
                script.write_text(COST % (n, what, what, what))
                cg = Path(tmp) / "cg.out"
                r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=%s" % cg,
                                    mpy_helpers.find_tool("micropython"), "-X", "heapsize=256k",
                                    str(script)], capture_output=True, text=True, env=env,
                                   timeout=600)
                total = [ln for ln in r.stderr.splitlines() if "Collected" in ln]
                if r.returncode or not total:
                    return None
                counts.append(int(total[-1].split()[-1]))
            out[what] = (counts[1] - counts[0]) // reps
    return out


def main():
    sizes = snapshot_sizes()
    for n, (mid, top) in sizes.items():
        print("snapshot, %d seats: median %d bytes, largest seen %d bytes" % (n, mid, top))
    worst = (worst_snapshot_bits() + 7) // 8
    settings, with_scores = full_settings_bytes()
    print("snapshot, worst case the layout allows: %d bytes" % worst)
    print("settings (4 full names): %d bytes; with ten full high scores: %d bytes"
          % (settings, with_scores))
    record = largest_record_bytes()
    print("the player's record, largest: %d bytes" % record)
    print("whole save, worst case: %d bytes of %d (a third of 8192); 256-byte nvm holds %d"
          % (with_scores + record + worst, 8192 // 3, 256 // 3))
    cost = instructions()
    if cost:
        print("MicroPython x86 instructions (callgrind; ~100 M/s on the badge): pack_match + "
              "save %d, load + unpack_match %d, plain-Python CRC-32 of 500 bytes %d"
              % (cost["save"], cost["load"], cost["crc"]))
    note, figs = device_figures()
    print(note)
    if figs is None or isinstance(figs, str):
        print("device figures unavailable:", figs)
        return 0
    print("heap kept by importing settings (with the uno package): %s bytes; the codec (store + "
          "save): %s bytes; snapshot: %s bytes" % (figs[0], figs[1], figs[2]))
    print("allocated by one pack_match + save (4 seats, %s-byte match): %s bytes; by load + "
          "unpack_match: %s bytes (restored equal: %s)" % (figs[5], figs[3], figs[4], figs[6]))
    print("left in the heap by load() then drop_codec() (its interned names): %s bytes"
          % figs[7])
    return 0


if __name__ == "__main__":
    sys.exit(main())
