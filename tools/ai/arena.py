#!/usr/bin/env python3
"""Arena: computer levels against each other, or against RLCard's agents in RLCard's engine.

Our engine (the seat order rotates game by game, so each level sits in each seat equally):
    tools/ai/arena.py advanced normal --matches 200            # Classic 500-point matches
    tools/ai/arena.py advanced easy --hands 2000 --preset house --seats 3
    tools/ai/arena.py normal easy easy normal --hands 400      # four seats, levels by seat order

RLCard's UNO engine (pip install rlcard; two seats; each deal is played twice, seats swapped):
    tools/ai/arena.py advanced --rlcard random --hands 4000
    tools/ai/arena.py normal --rlcard rule --hands 4000

Prints the win rate of each level with a 95% Wilson interval. ``--jobs`` splits the work over
processes; the result does not depend on it (every game's seed is fixed by its index).

    tools/ai/arena.py --value-table 30000    # rebuilds Advanced's win table (uno.players.search)
    tools/ai/arena.py advanced normal normal --hands 8000 --set K_PRIOR=100   # a tunable changed

Probes (our engine; measurements of where Advanced's edge could come from, docs/AI.md):
    tools/ai/arena.py advanced normal normal normal --hands 8000 --probe oracle
``oracle``: Advanced's search is given the other seats' true hands (the pile shuffled): the
value of perfect information. ``oracle-late``: the same only when another hand is down to 3
cards or fewer. ``voids-low``: the true colours lacked by every hand of 3 cards or fewer
become void marks. ``no-prior``: the search alone picks (no Normal prior). Not fair players:
they see hidden cards. ``unmarked`` changes the opponents instead: the Normals do not see the
colours an Advanced seat showed it lacks (what the core's marks cost Advanced). ``exact`` is
fair, and measured below the player: the search's playouts run on the rules core with every
other seat a real Normal (``--set EXACT_TURNS=80 --set EXACT_OWN=1``: to the hand's end,
Advanced's own turns as a Normal's; ``--set EXACT_CHARGE=52``: charged 5.2 times, its cost).
Probes join with commas: ``--probe exact,no-prior``.

The player's own switches (uno.players.search) are tunables too: ``--set IMITATE=0`` gives the
playout's other seats the first card that fits instead of Normal's choice, ``--set
INFER_CARDS=0`` stops the re-deals that fit a Normal's recorded plays; both: the player
without its model of the Normals (docs/AI.md). ``--playout-cost 40``
measures the exact and imitated playouts against the plain one in CPython.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for p in (os.path.join(ROOT, "lib"), ROOT):  # the core; the tools package, run as a file
    if p not in sys.path:
        sys.path.insert(0, p)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


def fmt_rate(wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    return "%.1f%% [%.1f, %.1f] of %d" % (100.0 * wins / n if n else 0.0, 100 * lo, 100 * hi, n)


# --- our engine --------------------------------------------------------------------------------


def _rotation(levels: list[str], i: int) -> list[str]:
    """Seat arrangement for game ``i``: rotate the level list so each level visits each seat."""
    k = i % len(levels)
    return levels[k:] + levels[:k]


# The game being played, for the probes (which look at hidden cards on purpose).
_TRUE: dict = {}
PROBES = ("oracle", "oracle-late", "voids-low", "no-prior", "unmarked", "exact")


def _low_other(obs) -> bool:
    return min(obs.counts[s] for s in range(obs.nseats) if s != obs.seat) <= 3


def infer_info(hands: int, nseats: int = 4, samples: int = 40) -> dict:
    """How much the search's inference (uno.players.infer.fit_all) tells: over Normal self-play
    (Classic, ``hands`` hands), at every play decision with 2+ legal actions, for every other
    hand the search checks, the share of a sampled hand's cards that are in the true hand and
    the colours (and wild) held by one and not the other, for blind deals (INFER_CARDS 0) and
    the checked ones at depth 1 and 2; and the work units of the checks per re-deal."""
    import uno.players.search as search
    from uno.players.make import make_player
    from uno.core.codes import PH_HAND_OVER, PH_MATCH_OVER, PH_PLAY
    from uno.core.game import Game
    from uno.core.rng import Rng
    from uno.core.rules import preset

    def colours(h: list[int]) -> set[int]:
        return {c >> 4 if c < 0x40 else 4 for c in h}

    saved = search.INFER_CARDS, search.INFER_DEPTH
    acc = {d: [0.0, 0.0, 0.0] for d in (0, 1, 2)}
    seats = 0
    try:
        for seed in range(1, hands + 1):
            g = Game(preset("classic", seats=["normal"] * nseats), seed=seed)
            g.start()
            ps = [make_player("normal", seed * 10 + s) for s in range(nseats)]
            while g.phase not in (PH_HAND_OVER, PH_MATCH_OVER):
                obs = g.observe(g.actor)
                if obs.phase == PH_PLAY and len(obs.legal) > 1:
                    search.INFER_CARDS, search.INFER_DEPTH = saved[0], 2
                    probe = search.Pool(Game.from_observation(obs, Rng(seed)), obs.seat,
                                        obs.last_play)
                    for s in range(nseats):
                        if probe.depth is None or not probe.depth[s]:
                            continue
                        seats += 1
                        true = g.hands[s]
                        for d in acc:
                            search.INFER_CARDS = saved[0] if d else 0
                            search.INFER_DEPTH = max(d, 1)
                            rng = Rng(seed * 7 + 1)
                            sg = Game.from_observation(obs, rng)
                            pool = search.Pool(sg, obs.seat, obs.last_play)
                            for _ in range(samples):
                                acc[d][2] += pool.redeal(sg, rng)
                                h = sg.hands[s]
                                left = list(true)
                                for c in h:
                                    if c in left:
                                        left.remove(c)
                                acc[d][0] += (len(true) - len(left)) / len(true)
                                acc[d][1] += len(colours(h) ^ colours(true))
                g.apply(ps[g.actor].choose(obs))
    finally:
        search.INFER_CARDS, search.INFER_DEPTH = saved
    n = max(seats * samples, 1)
    return {"seats": seats, "overlap": [acc[d][0] / n for d in acc],
            "colours": [acc[d][1] / n for d in acc], "units": [acc[d][2] / n for d in acc]}


# --- the exact-playout probe: the other seats' true policy in the search ----------------------
#
# Fair (the search's sampled hands only) and not in the player: it measured below today's
# (docs/AI.md). Each candidate's playout runs on the rules core itself (push/pop: challenges, ONE,
# stacking as the rules have them) with every other seat choosing as a real Normal does from
# what it would see, the Advanced seat by ai_search.fast_pick (``--set EXACT_OWN=1``: as a
# Normal), for EXACT_TURNS turns (``--set EXACT_TURNS=80``: to the hand's end), then scored as
# the fast playout is. It is charged what the fast playout is (at most HORIZON turns), not its
# cost (several times that), so the same number of deals is sampled: an upper bound on what a
# model of the opponents in the playouts could give.
# ``--set EXACT_CHARGE=52`` charges 5.2 times that instead (in tenths), what an exact playout
# costs against a fast one in CPython (``--playout-cost``), so the search samples that many
# times fewer deals (43, a first timing, was below its cost).
EXACT = {"EXACT_TURNS": 10, "EXACT_OWN": 0, "EXACT_CHARGE": 10}


def exact_rollout(g, model, a, seat: int, totals: list, i: int, rng) -> int:
    """The ``exact`` probe's ai_search.rollout: push ``a``, play on with the core and Normal's
    choices, score, pop every ply; adds the score to ``totals[i]``, returns the work units."""
    import uno.players.search as search
    from uno.players.normal import Normal
    from uno.core.codes import PH_HAND_OVER, PH_PLAY

    normal = _TRUE.get("exact_normal")
    if normal is None:
        normal = _TRUE["exact_normal"] = Normal(12345)
    g.push(a)
    plies = 1
    turns = 0
    while g.phase < PH_HAND_OVER and turns < EXACT["EXACT_TURNS"]:
        actor = g.actor
        if g.phase == PH_PLAY:
            turns += 1
        if actor != seat or EXACT["EXACT_OWN"]:
            act = normal.choose(g.observe(actor))
        else:
            act = search.fast_pick(g, g.legal_actions(), rng)
        g.push(act)
        plies += 1
    if g.phase >= PH_HAND_OVER:
        v = search.terminal(g.winner, g.hands, seat)
    else:
        v = search.position_value(g.hands, seat, g.actor, g.colour, g.discard[-1] & 15)
    totals[i] += v
    for _ in range(plies):
        g.pop()
    return (search._CORE_COST + min(turns, search.HORIZON)) * EXACT["EXACT_CHARGE"] // 10


def playout_cost(positions: int = 40, deals: int = 20) -> dict:
    """What the ``exact`` probe's playouts and the player's imitated turns cost against the
    plain fast playout (ai_search.Model with ``imitate`` off), in CPython: ``positions`` late
    four-seat positions of Normal self-play (bench_ai.late_positions), every card play of each
    on ``deals`` sampled deals; the process's CPU time, the kinds taking turns deal by deal.
    Returns per kind [seconds, units charged] ("exact" as charged by default, "imitate" with
    IMIT_TENTHS 0), the rollouts of each, the imitated turns, and what each costs in the plain
    playout's units: ``exact_ratio`` (EXACT_CHARGE / 10) and ``imit_extra`` (IMIT_TENTHS /
    10). The badge's figure is tools/ai/bench_ai.py --playout-cost (MicroPython, callgrind)."""
    import uno.players.search as search
    from tools.ai.bench_ai import late_positions
    from uno.core.game import Game
    from uno.core.rng import Rng

    found = late_positions(positions)

    def run(d: int, fn, imitate: int) -> int:
        units = 0
        for obs in found:
            rng = Rng(d + 1)
            g = Game.from_observation(obs, rng)
            model = search.Model(g, rng)
            model.imitate = imitate
            totals = [0] * len(obs.legal)
            for i, a in enumerate(obs.legal):
                if a < 0x40:
                    units += fn(g, model, a, obs.seat, totals, i, rng)
        return units

    tenths = search.IMIT_TENTHS
    kinds = (("fast", search.rollout, 0), ("exact", exact_rollout, 0),
             ("imitate", search.rollout, 1))
    out: dict = {"fast": [0.0, 0], "exact": [0.0, 0], "imitate": [0.0, 0], "rollouts": 0,
                 "other_turns": 0}
    try:
        for d in range(deals):
            for name, fn, imitate in kinds:
                search.IMIT_TENTHS = 0
                t0 = time.process_time()
                units = run(d, fn, imitate)
                out[name][0] += time.process_time() - t0
                out[name][1] += units
                if imitate:
                    # the same playouts again, a unit charged for each imitated turn
                    search.IMIT_TENTHS = 10
                    out["other_turns"] += run(d, fn, imitate) - units
        out["rollouts"] = sum(len([a for a in o.legal if a < 0x40]) for o in found) * deals
    finally:
        search.IMIT_TENTHS = tenths
    per_unit = out["fast"][0] / out["fast"][1]
    out["exact_ratio"] = out["exact"][0] / out["exact"][1] / per_unit
    out["imit_extra"] = ((out["imitate"][0] / per_unit - out["imitate"][1])
                         / max(out["other_turns"], 1))
    return out


def install_probe(name: str) -> None:
    """Patch Advanced for probe ``name`` (PROBES) in this process."""
    import uno.players.search as search
    from uno.core.game import Game
    from uno.core.sample import determinize

    if name == "no-prior":
        import uno.players.advanced

        uno.players.advanced.K_PRIOR = uno.players.advanced.K_PRIOR_MULTI = 0
    elif name in ("oracle", "oracle-late"):
        late = name == "oracle-late"
        redeal = search.Pool.redeal

        def sample(cls, obs, rng):
            g = determinize(cls, obs, rng)
            _TRUE["on"] = on = not late or _low_other(obs)
            if on:
                t = _TRUE["game"]
                for s in range(obs.nseats):
                    if s != obs.seat:
                        g.hands[s][:] = t.hands[s]
                g.pile[:] = t.pile
                rng.shuffle(g.pile)
            return g

        def resample(self, g, rng):
            if not _TRUE["on"]:
                return redeal(self, g, rng)
            # True hands: only their order (the playout's opponents play the first card that
            # fits) and the pile change between samples.
            for s in range(g.nseats):
                if s != self.seat:
                    rng.shuffle(g.hands[s])
            rng.shuffle(g.pile)
            return 0

        Game.from_observation = classmethod(sample)
        search.Pool.redeal = resample
    elif name == "voids-low":
        import uno.players.advanced

        choose = uno.players.advanced.Advanced.choose

        def seeing(self, obs):
            t = _TRUE["game"]
            for s in range(obs.nseats):
                if s != obs.seat and obs.counts[s] <= 3:
                    v = 0
                    for col in range(4):
                        if not any(c < 0x40 and c >> 4 == col for c in t.hands[s]):
                            v |= 1 << col
                    obs.void[s] = v
            return choose(self, obs)

        uno.players.advanced.Advanced.choose = seeing
    elif name == "exact":
        search.rollout = exact_rollout
    elif name == "unmarked":
        # Not a variant of Advanced but of its opponents: the Normals do not see the colours
        # the Advanced seats showed they lack (what the core's marks cost Advanced).
        import uno.players.normal

        normal_play = uno.players.normal.Normal.play

        def unmarked(self, obs):
            if type(self) is uno.players.normal.Normal and obs.void:
                seats = obs.rules.seats
                for s in range(obs.nseats):
                    if seats[s] == "advanced":
                        obs.void[s] = 0
            return normal_play(self, obs)

        uno.players.normal.Normal.play = unmarked
    else:
        raise ValueError("unknown probe %r (%s)" % (name, ", ".join(PROBES)))


def play_game(levels: list[str], preset: str, overrides: str, seed: int, unit: str,
              budget: int | None = None, stats: dict | None = None) -> list[int]:
    """Play one match (unit 'match') or one hand (unit 'hand') with ``levels`` by seat.
    Returns per seat: 1 if that seat won, else 0 (a hand nobody finished: all 0)."""
    from uno.players.make import make_player
    from uno.core.codes import PH_HAND_OVER, PH_MATCH_OVER
    from uno.core.game import Game
    from uno.core.rules import parse, preset as make_preset

    rules = make_preset(preset)
    if overrides:
        rules = parse(overrides, rules)
    rules.update({"seats": tuple(levels)})
    game = Game(rules, seed=seed)
    game.start()
    players = []
    for s, lv in enumerate(levels):
        ps = seed * 7919 + s * 104729 + 1
        players.append(make_player(lv, ps, budget) if lv == "advanced" else make_player(lv, ps))
    decisions = 0
    while True:
        ph = game.phase
        if ph == PH_MATCH_OVER:
            break
        if ph == PH_HAND_OVER:
            if unit == "hand":
                break
            game.next_hand()
            continue
        seat = game.actor
        _TRUE["game"] = game
        a = players[seat].choose(game.observe(seat))
        game.apply(a)
        decisions += 1
    if stats is not None:
        stats["decisions"] = stats.get("decisions", 0) + decisions
        stats["hands"] = stats.get("hands", 0) + game.hand_no
    res = [0] * len(levels)
    w = game.winner if unit == "hand" else game.match_winner
    if w is not None and w >= 0:
        res[w] = 1
    return res


def probe_list(text: str) -> str:
    """``--probe``'s argument: one probe of PROBES, or several joined by commas (each once)."""
    names = text.split(",")
    for name in names:
        if name not in PROBES:
            raise argparse.ArgumentTypeError("unknown probe %r (%s)" % (name, ", ".join(PROBES)))
    if len(set(names)) != len(names):
        raise argparse.ArgumentTypeError("a probe named twice in %r" % text)
    return text


def apply_settings(settings: tuple) -> None:
    """Set the Advanced player's tunables (uno.players.advanced's, uno.players.search's, or the
    exact probe's), ``((name, value), ...)``, in this process (--set)."""
    import uno.players.advanced as player
    import uno.players.search as search

    for name, value in settings:
        if name in EXACT:
            EXACT[name] = value
        elif hasattr(player, name):
            setattr(player, name, value)
        elif hasattr(search, name):
            setattr(search, name, value)
        else:
            raise ValueError("neither uno.players.advanced nor uno.players.search has %r" % name)


def _engine_chunk(args: tuple) -> tuple[list[float], list[int], dict]:
    levels, preset, overrides, unit, seed, budget, lo, hi, probe, settings = args
    if probe and _TRUE.get("probe") != probe:
        for name in probe.split(","):
            install_probe(name)
        _TRUE["probe"] = probe
    apply_settings(settings)
    k = len(levels)
    wins = [0.0] * k
    seats_of = [0] * k
    stats: dict = {}
    for i in range(lo, hi):
        order = _rotation(list(range(k)), i)  # order[s]: index in ``levels`` of seat s
        res = play_game([levels[j] for j in order], preset, overrides,
                        seed * 1000003 + i // k, unit, budget, stats)
        for s, j in enumerate(order):
            seats_of[j] += 1
            wins[j] += res[s]
    return wins, seats_of, stats


def run_engine(levels: list[str], n: int, unit: str, preset: str, overrides: str, seed: int,
               budget: int | None, jobs: int, probe: str = "", settings: tuple = ()) -> dict:
    """Play ``n`` games (rounded up to a multiple of the seat count, so every arrangement is
    played equally) and return per-level wins and appearances."""
    k = len(levels)
    n = (n + k - 1) // k * k
    chunks = []
    step = max(k, (n // (jobs * 8) // k) * k) if jobs > 1 else n
    for lo in range(0, n, step):
        chunks.append((levels, preset, overrides, unit, seed, budget, lo, min(n, lo + step),
                       probe, settings))
    wins = [0.0] * k
    seats = [0] * k
    stats: dict = {}
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(_engine_chunk, chunks)
    else:
        results = [_engine_chunk(c) for c in chunks]
    for w, s, st in results:
        for i in range(k):
            wins[i] += w[i]
            seats[i] += s[i]
        for key in st:
            stats[key] = stats.get(key, 0) + st[key]
    return {"levels": levels, "wins": wins, "seats": seats, "games": n, "stats": stats}


# --- the search's value table --------------------------------------------------------------


def value_table(hands: int, seeds: tuple = (1, 2), n: int = 20) -> bytes:
    """Advanced's _WIN_TABLE: for the seat to move in a plain turn, the chance (x255) that it
    wins the hand, by its card count (row 1..n) and the other seat's (column 1..n), from
    Normal-vs-Normal Classic hands (``hands`` split over ``seeds``); smoothed towards a
    logistic curve in the difference."""
    from uno.players.make import make_player
    from uno.core.codes import PH_HAND_OVER, PH_MATCH_OVER, PH_PLAY
    from uno.core.game import Game
    from uno.core.rules import preset

    wins = [[0] * (n + 1) for _ in range(n + 1)]
    tot = [[0] * (n + 1) for _ in range(n + 1)]
    games = [(seed, h) for seed in seeds for h in range(hands // len(seeds))]
    for seed, h in games:
        g = Game(preset("classic", seats=["normal", "normal"]), seed=seed * 100000 + h)
        g.start()
        ps = [make_player("normal", h * 2 + s) for s in range(2)]
        rec = []
        while g.phase not in (PH_HAND_OVER, PH_MATCH_OVER):
            if g.phase == PH_PLAY:
                a = g.actor
                rec.append((a, min(len(g.hands[a]), n), min(len(g.hands[1 - a]), n)))
            g.apply(ps[g.actor].choose(g.observe(g.actor)))
        if g.winner < 0:
            continue
        for a, m, o in rec:
            tot[m][o] += 1
            if a == g.winner:
                wins[m][o] += 1
    out = bytearray()
    for m in range(1, n + 1):
        for o in range(1, n + 1):
            prior = 1 / (1 + math.exp(-0.35 * (o - m)))
            p = (wins[m][o] + 20 * prior) / (tot[m][o] + 20)
            out.append(min(255, max(0, round(p * 255))))
    return bytes(out)


# --- RLCard's engine ---------------------------------------------------------------------------


def _rlcard_chunk(args: tuple) -> tuple[int, int, int]:
    level, opponent, seed, budget, lo, hi = args
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent
    from rlcard.models.uno_rule_models import UNORuleAgentV1
    from tools.ai.rlcard_agent import Agent

    env = rlcard.make("uno", config={"seed": seed})
    theirs = RandomAgent(env.num_actions) if opponent == "random" else UNORuleAgentV1()
    wins = games = 0
    decisions = 0
    for i in range(lo, hi):
        deal = seed * 1000003 + i
        for swap in (0, 1):
            ours = Agent(level, seed=deal * 2 + swap + 1, budget=budget)
            env.seed(deal)
            np.random.seed((deal * 2 + swap) & 0xFFFFFFFF)
            env.set_agents([ours, theirs] if swap == 0 else [theirs, ours])
            _, payoffs = env.run(is_training=False)
            games += 1
            if payoffs[swap] > 0:
                wins += 1
            decisions += ours.decisions
    return wins, games, decisions


def run_rlcard(level: str, opponent: str, hands: int, seed: int, budget: int | None,
               jobs: int) -> dict:
    """``hands`` hands (rounded up to even): each deal twice, our agent in seat 0 then 1."""
    deals = (hands + 1) // 2
    step = max(1, deals // (jobs * 8)) if jobs > 1 else deals
    chunks = [(level, opponent, seed, budget, lo, min(deals, lo + step))
              for lo in range(0, deals, step)]
    if jobs > 1:
        with Pool(jobs) as pool:
            results = pool.map(_rlcard_chunk, chunks)
    else:
        results = [_rlcard_chunk(c) for c in chunks]
    wins = sum(r[0] for r in results)
    games = sum(r[1] for r in results)
    decisions = sum(r[2] for r in results)
    return {"wins": wins, "games": games, "decisions": decisions}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("levels", nargs="*", help="easy|normal|advanced, one per seat (2-4)")
    ap.add_argument("--value-table", type=int, metavar="HANDS",
                    help="print Advanced's win table from HANDS self-play hands (30000)")
    ap.add_argument("--matches", type=int, help="number of matches (to the preset's target)")
    ap.add_argument("--hands", type=int, help="number of single hands")
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--rules", default="", help='extra options, e.g. "stacking=on wd4=free"')
    ap.add_argument("--seats", type=int, help="repeat the level list to this many seats")
    ap.add_argument("--rlcard", choices=("random", "rule"), help="play in RLCard's engine")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=None, help="Advanced search budget")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--probe", type=probe_list, metavar="|".join(PROBES),
                    help="measure a variant of Advanced, or of its opponents (not fair); "
                    "several joined by commas, e.g. exact,no-prior")
    ap.add_argument("--infer-info", type=int, metavar="HANDS",
                    help="what the search's inference from plays knows about the true hands")
    ap.add_argument("--playout-cost", type=int, metavar="POSITIONS",
                    help="the exact probe's and the imitated playouts' costs against the "
                    "plain one (CPython)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="set a tunable of uno.players.advanced or uno.players.search (a number), "
                    "e.g. INFER_CARDS=0")
    a = ap.parse_args(argv)
    settings = []
    for item in a.set:
        name, _, value = item.partition("=")
        settings.append((name, float(value) if "." in value else int(value)))
    if a.value_table:
        print(repr(value_table(a.value_table)))
        return 0
    if a.playout_cost:
        r = playout_cost(a.playout_cost)
        for name in ("fast", "exact", "imitate"):
            sec, units = r[name]
            print("%-7s playouts: %.3f s for %d units charged, %.1f us a unit"
                  % (name, sec, units, 1e6 * sec / max(units, 1)))
        print("exact / fast, per unit charged: %.1f (EXACT_CHARGE=%d)"
              % (r["exact_ratio"], round(10 * r["exact_ratio"])))
        print("imitate: %.2f units more for each of %d other seats' turns (IMIT_TENTHS=%d)"
              % (r["imit_extra"], r["other_turns"], round(10 * r["imit_extra"])))
        return 0
    if a.infer_info:
        r = infer_info(a.infer_info, a.seats or 4)
        print("%d checked hands (Normal self-play, %d seats); blind, last play, last two:"
              % (r["seats"], a.seats or 4))
        print("  share of a sampled hand's cards in the true hand: %s"
              % " / ".join("%.1f%%" % (100 * x) for x in r["overlap"]))
        print("  colours (and wild) held by one and not the other: %s"
              % " / ".join("%.2f" % x for x in r["colours"]))
        print("  work units of checks per re-deal: %s" % " / ".join("%.1f" % x for x in r["units"]))
        return 0
    for lv in a.levels:
        if lv not in ("easy", "normal", "advanced"):
            ap.error("unknown level %r" % lv)
    t0 = time.time()
    if a.rlcard:
        if len(a.levels) != 1:
            ap.error("--rlcard takes one level")
        n = a.hands or 1000
        r = run_rlcard(a.levels[0], a.rlcard, n, a.seed, a.budget, a.jobs)
        opp = "RandomAgent" if a.rlcard == "random" else "UNORuleAgentV1"
        print("RLCard UNO, %s vs %s, %d seat-swapped hands (seed %d)"
              % (a.levels[0], opp, r["games"], a.seed))
        print("  %-8s wins %s" % (a.levels[0], fmt_rate(r["wins"], r["games"])))
        print("  %d decisions, %.1f s" % (r["decisions"], time.time() - t0))
        return 0
    levels = list(a.levels)
    if a.seats:
        levels = [levels[i % len(levels)] for i in range(a.seats)]
    if not 2 <= len(levels) <= 4:
        ap.error("2 to 4 seats")
    unit = "hand" if a.hands else "match"
    n = a.hands or a.matches or 100
    r = run_engine(levels, n, unit, a.preset, a.rules, a.seed, a.budget, a.jobs, a.probe or "",
                   tuple(settings))
    print("%s, %s%s, %d %s, seats rotated (seed %d)%s%s"
          % (" vs ".join(levels), a.preset, (" " + a.rules) if a.rules else "", r["games"],
             unit + ("es" if unit == "match" else "s"), a.seed,
             ", probe " + a.probe if a.probe else "",
             "".join(", %s=%s" % kv for kv in settings)))
    # Levels that appear in several seats are pooled.
    pooled: dict[str, list[float]] = {}
    for lv, w, s in zip(levels, r["wins"], r["seats"], strict=True):
        pw = pooled.setdefault(lv, [0.0, 0])
        pw[0] += w
        pw[1] += s
    for lv, (w, s) in pooled.items():
        print("  %-8s wins %s seat-games (%.1f%% of games)" % (lv, fmt_rate(w, int(s)),
                                                            100.0 * w / r["games"]))
    st = r["stats"]
    print("  %d hands, %d decisions, %.1f s" % (st.get("hands", 0), st.get("decisions", 0),
                                               time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
