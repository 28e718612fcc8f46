"""Benchmarks of the rules core, with the figures the docs quote.

    .venv/bin/python tools/vm/bench_core.py            # both figures
    .venv/bin/python tools/vm/bench_core.py --heap     # smallest MicroPython heap only
    .venv/bin/python tools/vm/bench_core.py --speed    # CPython time per 1,000 hands only

Heap: compiles the core with mpy-cross and finds (binary search) the smallest
``micropython -X heapsize=`` with which complete matches finish (tools/ai/selfplay.py's plain
legal-move player, so the figure is the core's, not the computer players').
Speed: CPython wall time of 1,000 self-play hands (best of 3; machines here are noisy).
"""

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT / "tests", ROOT / "lib", ROOT):  # mpy_helpers, the core, the tools package
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import mpy_helpers  # noqa: E402

CASES = (("classic", 2, 1), ("house", 4, 1), ("pcsig", 2, 1))
# The core alone: a complete match played through legal_actions(), nothing else loaded.
CORE_ONLY = """import gc
from uno.core.game import Game, PH_HAND_OVER, PH_MATCH_OVER
gc.collect()
from uno.core.rules import preset
gc.collect()
g = Game(preset("%s", seats=["normal"] * %d), seed=%d)
gc.collect()
g.start()
while g.phase != PH_MATCH_OVER:
    if g.phase == PH_HAND_OVER:
        g.next_hand()
    else:
        g.apply(g.legal_actions()[0])
print(g.match_winner, g.scores)
"""


def compile_with_selfplay(dest):
    """The core and tools/ai/selfplay.py compiled with mpy-cross into ``dest``."""
    mpy = mpy_helpers.compile_core(dest)
    r = mpy_helpers.mpy_cross(ROOT / "tools" / "ai" / "selfplay.py", mpy / "selfplay.mpy")
    if r.returncode:
        raise RuntimeError(r.stdout + r.stderr)
    return mpy


def selfplay_script(preset, seats, seed, matches=1):
    """MicroPython script text: the compiled selfplay playing ``matches`` complete matches."""
    args = ["--matches", str(matches), "--seed", str(seed), "--preset", preset,
            "--seats", str(seats)]
    return "import sys\nimport selfplay\nsys.exit(selfplay.main(%r))\n" % args


def heap_figures():
    """[(case, smallest heap KB)] for each case in CASES."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        mpy = compile_with_selfplay(Path(tmp) / "mpy")
        for preset, seats, seed in CASES:
            case = "%s, %d seats, seed %d" % (preset, seats, seed)
            kb = mpy_helpers.min_heap_kb(CORE_ONLY % (preset, seats, seed), mpy, lo=4, hi=256)
            out.append(("core alone: " + case, kb))
            kb = mpy_helpers.min_heap_kb(selfplay_script(preset, seats, seed), mpy, lo=4, hi=256)
            out.append(("tools/ai/selfplay.py: " + case, kb))
    return out


def speed_1000_hands():
    """Best of three CPython times (s) for 1,000 self-play hands (Classic, 2 seats)."""
    from tools.ai import selfplay
    from uno.core.rules import preset

    rules = preset("classic", seats=["normal", "normal"])
    best = 1e9
    for _ in range(3):
        t = time.perf_counter()
        hands = 0
        seed = 1
        while hands < 1000:
            players = selfplay.make_players("first", 2, seed)
            _, h, _ = selfplay.play_match(rules, seed, players, None, 1000 - hands)
            hands += h
            seed += 1
        best = min(best, time.perf_counter() - t)
    return best


def main(argv):
    """Print the figures asked for."""
    if "--speed" not in argv:
        for case, kb in heap_figures():
            print("smallest micropython -X heapsize for a full match, %s: %s KB" % (case, kb))
    if "--heap" not in argv:
        print("CPython: 1,000 self-play hands in %.2f s" % speed_1000_hands())


if __name__ == "__main__":
    main(sys.argv[1:])
