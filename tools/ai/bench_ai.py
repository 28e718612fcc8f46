#!/usr/bin/env python3
"""Decision cost of the computer players on the badge, estimated without a badge.

Counts the x86 instructions the MicroPython Unix port executes per decision, with
``valgrind --tool=callgrind``, on a script that replays a fixed set of positions (collected
by CPython self-play, every one with at least two legal actions, several presets). The core
and the players run as .mpy files compiled by mpy-cross, as on the device. A 120 MHz
Cortex-M4 runs roughly 100 million such instructions per second: 9 M is about 100 ms.

    .venv/bin/python tools/ai/bench_ai.py                   # all levels, 40 positions
    .venv/bin/python tools/ai/bench_ai.py --levels advanced --positions 20 --budget 400
    .venv/bin/python tools/ai/bench_ai.py --heap            # smallest heap for an Advanced decision

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

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT / "lib", ROOT / "tests"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import mpy_helpers  # noqa: E402

FIELDS = ("seat", "hand", "top", "colour", "counts", "actor", "phase", "direction", "pending",
          "pend_kind", "drawn", "discard", "scores", "nseats", "hand_no", "pile_count",
          "prev_colour", "w4_seat", "one_seat", "catch_n", "passes", "void", "legal",
          "last_challenge", "last_play")
# (preset, seats, levels by seat): positions come from these games, round robin.
SOURCES = (("classic", ("advanced", "normal")), ("official", ("advanced", "normal", "easy")),
           ("house", ("normal", "advanced", "easy", "normal")), ("pcsig", ("advanced", "easy")))


def collect_positions(n: int = 40, seed: int = 1) -> list[dict]:
    """``n`` observations (as dicts) with at least two legal actions, from self-play."""
    from uno.players.make import make_player
    from uno.core.codes import PH_HAND_OVER, PH_MATCH_OVER
    from uno.core.game import Game
    from uno.core.rules import preset

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


# The scripts' common start: the positions (POS, as dicts) made observations again (build).
PRELUDE = """
import gc
import micropython
from uno.core.rules import Rules

class Obs:
    pass

POS = %(positions)r

def build(d):
    o = Obs()
    for k in d:
        v = d[k]
        if k == "rules":
            v = Rules(**v)
        setattr(o, k, v)
    return o
"""

SCRIPT = PRELUDE + """
from uno.players.make import make_player

LEVELS = %(levels)r
BUDGET = %(budget)r

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


def callgrind_intervals(script_text: str, heap_kb: int = 256) -> list[int]:
    """Run ``script_text`` on the MicroPython Unix port under callgrind, the core as .mpy
    files; the instructions of each interval between its ``micropython.stack_use()`` calls
    (interval 0 is start-up)."""
    with tempfile.TemporaryDirectory(prefix="uno-bench-") as tmp:
        mpy = mpy_helpers.compile_core(Path(tmp) / "mpy")
        script = Path(tmp) / "bench.py"
        script.write_text(script_text)
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
        return [_total(f) for f in dumps]


def run_callgrind(positions: list[dict], levels: list[str], budget: int | None,
                  heap_kb: int = 256) -> dict[str, list[int]]:
    """Instructions per decision, by level (in position order)."""
    totals = callgrind_intervals(
        SCRIPT % {"positions": positions, "levels": levels, "budget": budget}, heap_kb)
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


UNIT_INSTR = 11200  # a work unit's nominal cost (uno.players.search)
PLAYOUT_SCRIPT = PRELUDE + """
from uno.core.game import Game
from uno.core.rng import Rng
import uno.players.search as search

DEALS = %(deals)r

OBS = [build(d) for d in POS]
for d in range(DEALS):
    for imitate in (0, 1):
        # the sampled games first, outside the count
        runs = []
        for obs in OBS:
            rng = Rng(d + 1)
            g = Game.from_observation(obs, rng)
            model = search.Model(g, rng)
            model.imitate = imitate
            runs.append((obs, g, model, rng, [0] * len(obs.legal)))
        gc.collect()
        micropython.stack_use()
        for obs, g, model, rng, totals in runs:
            for i in range(len(obs.legal)):
                a = obs.legal[i]
                if a < 64:
                    search.rollout(g, model, a, obs.seat, totals, i, rng)
        micropython.stack_use()
        runs = None
print("ok")
"""


def late_positions(n: int) -> list:
    """``n`` late four-seat positions of Normal self-play (Classic): a hand at 3 cards or
    fewer, 3+ legal actions, each other hand's last plays on record (the search's case)."""
    from uno.players.make import make_player
    from uno.core.codes import PH_HAND_OVER, PH_PLAY
    from uno.core.game import Game
    from uno.core.rules import preset

    rules = preset("classic", seats=["normal"] * 4)
    found = []
    seed = 0
    while len(found) < n:
        g = Game(rules, seed=seed)
        g.start()
        players = [make_player("normal", seed * 10 + s) for s in range(4)]
        seed += 1
        while g.phase < PH_HAND_OVER:
            if (g.phase == PH_PLAY and min(len(h) for h in g.hands) <= 3
                    and len(g.legal_actions()) > 2):
                found.append(g.observe(g.actor))
                break
            g.apply(players[g.actor].choose(g.observe(g.actor)))
    return found


def playout_cost(n: int = 20, deals: int = 10) -> dict:
    """What the playout's imitated turns (ai_search.Model._imitate) cost on MicroPython: the
    same rollouts (every card play of ``n`` late four-seat positions on ``deals`` deals) with
    the other seats' loosely random choice and with Normal's, instructions counted by callgrind
    and work units by CPython (the same generator: the same playouts). Returns the
    instructions and units of each, the imitated turns, the instructions per unit of the
    plain rollouts and ``extra``: what an imitated turn costs more, in those units (IMIT_TENTHS
    / 10 charges it)."""
    import uno.players.search as search
    from uno.core.game import Game
    from uno.core.rng import Rng

    found = late_positions(n)
    units = {0: 0, 1: 0}
    other = 0
    tenths = search.IMIT_TENTHS
    try:
        for d in range(deals):
            for imitate in (0, 1):
                for obs in found:
                    for t in ((0, 10) if imitate else (0,)):
                        search.IMIT_TENTHS = t
                        rng = Rng(d + 1)
                        g = Game.from_observation(obs, rng)
                        model = search.Model(g, rng)
                        model.imitate = imitate
                        totals = [0] * len(obs.legal)
                        u = 0
                        for i, a in enumerate(obs.legal):
                            if a < 0x40:
                                u += search.rollout(g, model, a, obs.seat, totals, i, rng)
                        if t:
                            other += u
                        else:
                            units[imitate] += u
                            if imitate:
                                other -= u
    finally:
        search.IMIT_TENTHS = tenths
    pos = [{f: getattr(o, f) for f in FIELDS} | {"rules": o.rules.as_dict()} for o in found]
    totals = callgrind_intervals(PLAYOUT_SCRIPT % {"positions": pos, "deals": deals})
    runs = [totals[i] for i in range(1, len(totals), 2)]  # plain, imitated, plain, ...
    instr = {0: sum(runs[0::2]), 1: sum(runs[1::2])}
    per_unit = instr[0] / units[0]
    return {"instr": instr, "units": units, "other_turns": other, "per_unit": per_unit,
            "extra": (instr[1] / per_unit - units[1]) / max(other, 1),
            "extra_instr": (instr[1] - instr[0]) / max(other, 1)}


def heap_needed(positions: list[dict], budget: int | None) -> tuple[int | None, int | None]:
    """Smallest heap (KB) for a script holding the positions, with the core and the players
    loaded, making one Advanced decision per position, and the same with Normal: the
    difference is what the search needs."""
    with tempfile.TemporaryDirectory(prefix="uno-heap-") as tmp:
        mpy = mpy_helpers.compile_core(Path(tmp) / "mpy")
        res = []
        for level in ("advanced", "normal"):
            # Both load the same modules, so the difference is what the search allocates.
            script = ("import uno.core.game\nimport uno.core.observe\nimport uno.players.advanced\n"
                      "import uno.players.search\nimport gc\ngc.collect()\n"
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
    ap.add_argument("--playout-cost", type=int, metavar="POSITIONS",
                    help="what the playout's imitated turns cost more (IMIT_TENTHS)")
    a = ap.parse_args(argv)
    if a.playout_cost:
        r = playout_cost(a.playout_cost)
        print("plain playouts: %d instructions for %d units (%.0f a unit)"
              % (r["instr"][0], r["units"][0], r["per_unit"]))
        print("imitating: %d instructions for %d units, %d imitated turns: each %.2f units "
              "more (IMIT_TENTHS=%d)" % (r["instr"][1], r["units"][1], r["other_turns"],
                                         r["extra"], round(10 * r["extra"])))
        print("an imitated turn: %.0f instructions more (the search's unit: about %d)"
              % (r["extra_instr"], UNIT_INSTR))
        return 0
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
