#!/usr/bin/env python3
"""Decision cost of the computer players on the badge, estimated without a badge.

Counts the x86 instructions the MicroPython Unix port executes per decision, with
``valgrind --tool=callgrind``, on a script that replays a fixed set of positions (collected
by CPython self-play, every one with at least two legal actions, several presets). The core
and the players run as .mpy files compiled by mpy-cross, as on the device. A 120 MHz
Cortex-M4 runs roughly 100 million such instructions per second: 9 M is about 100 ms.

    .venv/bin/python tools/bench_ai.py                   # all levels, 40 positions
    .venv/bin/python tools/bench_ai.py --levels advanced --positions 20 --budget 400
    .venv/bin/python tools/bench_ai.py --heap            # smallest heap for an Advanced decision

How the count is split per decision: the script calls ``micropython.stack_use()`` (a C
function nothing else calls) right before and right after each ``choose``; callgrind is run with
``--dump-before=mp_micropython_stack_use``, so each dump holds the instructions of one
interval, and every second interval is one decision.
"""

from __future__ import annotations

import argparse
import glob
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "lib", ROOT / "tests", ROOT / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import mpy_helpers  # noqa: E402

FIELDS = ("seat", "hand", "top", "colour", "counts", "actor", "phase", "direction", "pending",
          "pend_kind", "drawn", "discard", "scores", "nseats", "hand_no", "pile_count",
          "prev_colour", "w4_seat", "one_seat", "catch_n", "passes", "void", "legal",
          "last_challenge")
# (preset, seats, levels by seat): positions come from these games, round robin.
SOURCES = (("classic", ("advanced", "normal")), ("official", ("advanced", "normal", "easy")),
           ("house", ("normal", "advanced", "easy", "normal")), ("pcsig", ("advanced", "easy")))


def collect_positions(n: int = 40, seed: int = 1) -> list[dict]:
    """``n`` observations (as dicts) with at least two legal actions, from self-play."""
    from uno.ai import make_player
    from uno.game import PH_HAND_OVER, PH_MATCH_OVER, Game
    from uno.rules import preset

    out: list[dict] = []
    game_no = 0
    while len(out) < n:
        name, levels = SOURCES[game_no % len(SOURCES)]
        rules = preset(name, seats=levels)
        g = Game(rules, seed=seed * 1000 + game_no)
        g.start()
        players = [make_player(lv, seed + 17 * s + game_no) for s, lv in enumerate(levels)]
        taken = 0
        step = 0
        while g.phase != PH_MATCH_OVER and taken < max(2, n // 12):
            if g.phase == PH_HAND_OVER:
                g.next_hand()
                continue
            obs = g.observe(g.actor)
            if len(obs.legal) > 1:
                step += 1
                if step % 5 == 0:
                    d = {f: getattr(obs, f) for f in FIELDS}
                    d["rules"] = rules.as_dict()
                    out.append(d)
                    taken += 1
                    if len(out) >= n:
                        break
            g.apply(players[g.actor].choose(obs))
        game_no += 1
    return out


SCRIPT = """
import micropython
import gc
from uno.ai import make_player
from uno.rules import Rules

class Obs:
    pass

POS = %(positions)r
LEVELS = %(levels)r
BUDGET = %(budget)r

def build(d):
    o = Obs()
    for k in d:
        v = d[k]
        if k == "rules":
            v = Rules(**v)
        setattr(o, k, v)
    return o

for level in LEVELS:
    for i in range(len(POS)):
        obs = build(POS[i])
        if level == "advanced":
            p = make_player(level, i + 1, BUDGET)
        else:
            p = make_player(level, i + 1)
        gc.collect()
        micropython.stack_use()
        a = p.choose(obs)
        micropython.stack_use()
        if a not in obs.legal:
            raise SystemExit("illegal action %%d at position %%d" %% (a, i))
print("ok")
"""


def micropython_cmd() -> list[str]:
    return [mpy_helpers.find_tool("micropython")]


def run_callgrind(positions: list[dict], levels: list[str], budget: int | None,
                  heap_kb: int = 256) -> dict[str, list[int]]:
    """Instructions per decision, by level (in position order)."""
    with tempfile.TemporaryDirectory(prefix="uno-bench-") as tmp:
        mpy = mpy_helpers.compile_core(Path(tmp) / "mpy")
        script = Path(tmp) / "bench.py"
        script.write_text(SCRIPT % {"positions": positions, "levels": levels, "budget": budget})
        out = Path(tmp) / "cg.out"
        env = dict(os.environ)
        env["MICROPYPATH"] = "%s:.frozen" % mpy
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=%s" % out,
               "--dump-before=mp_micropython_stack_use", "--dump-instr=no",
               *micropython_cmd(), "-X", "heapsize=%dk" % heap_kb, str(script)]
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp, env=env)
        if r.returncode != 0 or "ok" not in r.stdout:
            raise RuntimeError("micropython under callgrind failed:\n%s\n%s"
                               % (r.stdout, r.stderr[-3000:]))
        dumps = sorted(glob.glob(str(out) + ".*"), key=lambda f: int(f.rsplit(".", 1)[1]))
        totals = [_total(f) for f in dumps]
    # Dump k is written before marker k: interval 0 is start-up, then decision, setup, ...
    decisions = [totals[i] for i in range(1, len(totals), 2)]
    per = len(positions)
    need = per * len(levels)
    if len(decisions) < need:
        raise RuntimeError("expected %d decision dumps, got %d" % (need, len(decisions)))
    return {lv: decisions[k * per:(k + 1) * per] for k, lv in enumerate(levels)}


def _total(path: str) -> int:
    with open(path) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise RuntimeError("no total in %s" % path)


def heap_needed(positions: list[dict], budget: int | None) -> tuple[int | None, int | None]:
    """Smallest heap (KB) for a script holding the positions, with the core and the players
    loaded, making one Advanced decision per position, and the same with Normal: the
    difference is what the search needs."""
    with tempfile.TemporaryDirectory(prefix="uno-heap-") as tmp:
        mpy = mpy_helpers.compile_core(Path(tmp) / "mpy")
        res = []
        for level in ("advanced", "normal"):
            # Both load the same modules, so the difference is what the search allocates.
            script = ("import uno.game\nimport uno.observe\nimport uno.advanced\n"
                      "import uno.ai_search\nimport gc\ngc.collect()\n"
                      + SCRIPT % {"positions": positions, "levels": [level], "budget": budget})
            res.append(mpy_helpers.min_heap_kb(script, mpy, lo=8, hi=512, timeout=300))
    return res[0], res[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--levels", default="easy,normal,advanced")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=None, help="Advanced budget (default: its own)")
    ap.add_argument("--heap", action="store_true", help="smallest MicroPython heap instead")
    a = ap.parse_args(argv)
    positions = collect_positions(a.positions, a.seed)
    if a.heap:
        adv, nor = heap_needed(positions, a.budget)
        print("smallest heap: advanced %s KB, normal %s KB (%d positions; the same modules "
              "loaded in both): the search needs %s KB" % (adv, nor, len(positions),
                                                         adv - nor if adv and nor else "?"))
        return 0
    levels = a.levels.split(",")
    res = run_callgrind(positions, levels, a.budget)
    print("MicroPython x86 instructions per decision (%d positions, callgrind):" % len(positions))
    for lv in levels:
        _report(lv, res[lv])
        if lv != "advanced":
            continue
        # Advanced searches differently with two seats and with more (docs/AI.md): each apart.
        by_seats = list(zip(res[lv], [p["nseats"] for p in positions], strict=True))
        _report("  2 seats", [x for x, n in by_seats if n == 2])
        _report("  3-4 seats", [x for x, n in by_seats if n > 2])
    return 0


def _report(label: str, xs: list[int]) -> None:
    """One line: median, 90th percentile and maximum of ``xs``."""
    q = sorted(xs)
    print("  %-11s median %9d   p90 %9d   max %9d   (~%.1f ms at 100 M/s)"
          % (label, statistics.median(q), q[int(0.9 * (len(q) - 1))], q[-1],
             statistics.median(q) / 1e5))


if __name__ == "__main__":
    sys.exit(main())
