#!/usr/bin/env python3
"""Arena: computer levels against each other, or against RLCard's agents in RLCard's engine.

Our engine (the seat order rotates game by game, so each level sits in each seat equally):
    tools/arena.py advanced normal --matches 200            # Classic 500-point matches
    tools/arena.py advanced easy --hands 2000 --preset house --seats 3
    tools/arena.py normal easy easy normal --hands 400      # four seats, levels by seat order

RLCard's UNO engine (pip install rlcard; two seats; each deal is played twice, seats swapped):
    tools/arena.py advanced --rlcard random --hands 4000
    tools/arena.py normal --rlcard rule --hands 4000

Prints the win rate of each level with a 95% Wilson interval. ``--jobs`` splits the work over
processes; the result does not depend on it (every game's seed is fixed by its index).

    tools/arena.py --value-table 30000    # rebuilds Advanced's win table (uno.ai_search)
    tools/arena.py advanced normal normal --hands 8000 --set K_PRIOR=100   # a tunable changed

Probes (our engine; measurements of where Advanced's edge could come from, docs/AI.md):
    tools/arena.py advanced normal normal normal --hands 8000 --probe oracle
``oracle``: Advanced's search is given the other seats' true hands (the pile shuffled): the
value of perfect information. ``oracle-late``: the same only when another hand is down to 3
cards or fewer. ``voids-low``: the true colours lacked by every hand of 3 cards or fewer
become void marks. ``no-prior``: the search alone picks (no Normal prior). Not fair players:
they see hidden cards. ``infer`` is fair (public plays only) but measured within the noise, so
it is not in the player: the search's re-deals keep only hands of 3 cards or fewer under which
Normal would have made the seat's last play (``--set INFER_DEPTH=2``: the last two).
``unmarked`` changes the opponents instead: the Normals do not see the colours an Advanced seat
showed it lacks (what the core's marks cost Advanced). ``exact`` is fair too, and measured
below today's player: the search's playouts run on the rules core with every other seat a real
Normal (``--set EXACT_TURNS=80 --set EXACT_OWN=1``: to the hand's end, Advanced's own turns
as a Normal's; ``--set EXACT_CHARGE=52``: charged 5.2 times, its cost). Probes join with
commas: ``--probe exact,infer --set INFER_DEPTH=2`` gives the search both fair additions.
``imitate`` is fair and affordable: the fast playout's other seats pick the card Normal's
score ranks first, each such turn charged ``IMIT_EXTRA`` (10) tenths of a unit more, its cost
(``--playout-cost 40`` measures both probes' playouts against the fast one).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from multiprocessing import Pool

HERE = os.path.dirname(os.path.abspath(__file__))
LIB = os.path.join(os.path.dirname(HERE), "lib")
for p in (LIB, HERE):
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
PROBES = ("oracle", "oracle-late", "voids-low", "no-prior", "infer", "unmarked", "exact",
          "imitate")


def _low_other(obs) -> bool:
    return min(obs.counts[s] for s in range(obs.nseats) if s != obs.seat) <= 3


# --- the inference probe (issue 8): Normal's policy as a model of the other seats' plays -------
#
# Fair (public information only) but not in the player: measured within the noise (docs/AI.md),
# so the badge does not pay for the record. ``install_probe("infer")`` adds to every Game a
# public record of each seat's last two plays from the hand (``last_play``, LAST_PLAY bytes a
# seat), copies it into observations and sampled games, and replaces the search's Pool with
# InferPool, whose re-deals keep only hands under which Normal would have made those plays.

LAST_PLAY = 12  # bytes a seat: two records of LAST_REC, the latest first
LAST_REC = 6
# Tunables (--set INFER_CARDS=..., as uno.ai_search's): hands of INFER_CARDS cards or fewer are
# checked, up to INFER_TRIES re-deals of the hand each, INFER_DEPTH plays (1 or 2).
INFER = {"INFER_CARDS": 3, "INFER_TRIES": 20, "INFER_DEPTH": 1}
# Work units of a check (the same check built into the player cost about 61 k MicroPython
# instructions for one play, 91 k for two: docs/AI.md) and of a re-deal (ai_search._DET_COST).
CHECK_COST = 5
CHECK2_COST = 8
DET_COST = 7


def note_play(g, p: int, a: int) -> None:
    """Record seat ``p``'s play ``a`` before the game applies it: the action (255: not a free
    choice from the hand), colour | top kind << 2 before it, the next seat's count, the
    smallest other count, the next seat's colour voids, its count after."""
    from uno.game import PH_PLAY

    lp = g.last_play
    o = p * LAST_PLAY
    lp[o + LAST_REC:o + LAST_PLAY] = lp[o:o + LAST_REC]
    if g.phase != PH_PLAY:
        lp[o] = 255
        return
    nxt = (p + g.direction) % g.nseats
    m = min(len(g.hands[s]) for s in range(g.nseats) if s != p)
    lp[o:o + LAST_REC] = bytes([a, g.colour | (g.discard[-1] & 15) << 2,
                                min(len(g.hands[nxt]), 255), min(m, 255), g.void[nxt] & 15,
                                len(g.hands[p]) - 1])


class Past:
    """A seat's position at a recorded play as the fields Normal's ``score_play`` reads (a
    stand-in for its ``Context``): would a given hand have made that play?"""

    def __init__(self, rules, nseats: int):
        self.nseats = nseats
        self.penalty = rules.scoring == "penalty"
        self.challenge_rule = rules.wd4 == "challenge"
        self.strict = rules.wd4 == "strict"
        self.reverse_skips = nseats == 2 and not getattr(rules, "reverse_passes", False)

    def fits(self, rec, o: int, held) -> bool:
        """True if Normal holding ``held`` and the card of play rec[o], in the position
        recorded at rec[o:], scores no other play above it (ties fit)."""
        from uno.ai import score_play

        a = rec[o]
        k = a & 15
        h = list(held) + [a if k < 13 else 0x40 | k]
        cc = [0, 0, 0, 0, 0]
        for c in h:
            cc[c >> 4] += 1
        self.hand = h
        self.cc = cc
        self.n = len(h)
        colour = rec[o + 1] & 3
        topk = rec[o + 1] >> 2
        self.colour = colour
        self.top_kind = topk
        self.next_count = rec[o + 2]
        self.danger = rec[o + 3] <= 2
        self.void_next = rec[o + 4]
        self.has_active = cc[colour] > 0
        s = score_play(self, a)
        if k >= 13 and any(score_play(self, col << 4 | k) > s for col in range(4)):
            return False
        w4_ok = not (self.strict and self.has_active)
        for c in h[:-1]:
            kc = c & 15
            if c >= 0x40:
                if kc == k or kc == 14 and not w4_ok:
                    continue
                if any(score_play(self, col << 4 | kc) > s for col in range(4)):
                    return False
            elif ((c >> 4) == colour or kc == topk) and score_play(self, c) > s:
                return False
        return True


def _void_ok(v: int, d: int) -> bool:
    return not (v and ((v >> (d >> 4)) & 1 or d < 0x40 and (v >> (5 + (d & 15))) & 1))


def make_infer_pool(base):
    """uno.ai_search.Pool with re-deals that keep hands consistent with the recorded plays."""

    class InferPool(base):
        def __init__(self, g, seat):
            base.__init__(self, g, seat)
            lp = g.last_play
            self.depth = depth = [0] * g.nseats
            for s in range(g.nseats):
                o = s * LAST_PLAY
                n = len(g.hands[s])
                if s != seat and lp[o] != 255 and lp[o + 5] == n and n <= INFER["INFER_CARDS"]:
                    depth[s] = 1
                    q = o + LAST_REC
                    if INFER["INFER_DEPTH"] > 1 and lp[q] != 255 and lp[q + 5] == n + 1:
                        depth[s] = 2
            self.past = Past(g.rules, g.nseats)
            self.debt = 0
            if any(depth):
                # The first sample too (charged with the next re-deal).
                self.debt = self.redeal(g, g.rng) + DET_COST

        def redeal(self, g, rng):
            base.redeal(self, g, rng)
            extra = self.debt
            self.debt = 0
            pile = g.pile
            for s in range(g.nseats):
                if self.depth[s]:
                    extra += self.fit(g, s, g.hands[s], pile, rng)
            return extra

        def fit(self, g, s, h, pile, rng):
            lp = g.last_play
            o = s * LAST_PLAY
            q = o + LAST_REC if self.depth[s] > 1 else -1
            later = [lp[o] if (lp[o] & 15) < 13 else 0x40 | (lp[o] & 15)]
            v = g.void[s]
            tries = 0
            while not (self.past.fits(lp, o, h)
                       and (q < 0 or self.past.fits(lp, q, h + later))):
                tries += 1
                if tries > INFER["INFER_TRIES"] or not pile:
                    break
                for m in range(len(h)):
                    j = rng.below(len(pile))
                    if _void_ok(v, pile[j]):
                        h[m], pile[j] = pile[j], h[m]
            if g.w4_seat >= 0 and g.prev_colour >= 0:
                g.w4_guilty = any(c >> 4 == g.prev_colour for c in g.hands[g.w4_seat]
                                  if c < 0x40)
            return (tries + 1) * (CHECK_COST if q < 0 else CHECK2_COST)

    return InferPool


def install_infer() -> None:
    """The ``infer`` probe: the game records plays, the search's re-deals honour them."""
    import uno.ai_search as search
    import uno.observe as observe
    from uno.game import Game

    play, deal, init = Game._play, Game._deal, observe.Observation.__init__
    determinize = observe.determinize

    def _play(self, p, a):
        if not self._journal:
            note_play(self, p, a)
        play(self, p, a)

    def _deal(self, starter):
        self.last_play = bytearray(b"\xff" * (LAST_PLAY * self.nseats))
        deal(self, starter)

    def obs_init(self, g, seat):
        init(self, g, seat)
        self.last_play = bytes(getattr(g, "last_play", b"\xff" * (LAST_PLAY * g.nseats)))

    def sample(cls, obs, rng):
        g = determinize(cls, obs, rng)
        g.last_play = bytearray(obs.last_play)
        return g

    Game._play = _play
    Game._deal = _deal
    observe.Observation.__init__ = obs_init
    observe.determinize = sample
    search.Pool = make_infer_pool(search.Pool)


def infer_info(hands: int, nseats: int = 4, samples: int = 40) -> dict:
    """How much the infer probe's deals know: over Normal self-play (Classic, ``hands`` hands),
    at every play decision with 2+ legal actions, for every other hand the probe checks, the
    share of a sampled hand's cards that are in the true hand and the colours (and wild) held
    by one and not the other, for blind deals (the player's) and the probe's at depth 1 and 2;
    and the work units of the checks per re-deal."""
    import uno.ai_search as search
    from uno.ai import make_player
    from uno.game import PH_HAND_OVER, PH_MATCH_OVER, PH_PLAY, Game
    from uno.rng import Rng
    from uno.rules import preset

    install_probe("infer")
    pool_of = {0: search.Pool.__mro__[1], 1: search.Pool, 2: search.Pool}

    def colours(h: list[int]) -> set[int]:
        return {c >> 4 if c < 0x40 else 4 for c in h}

    acc = {d: [0.0, 0.0, 0.0] for d in pool_of}
    seats = 0
    for seed in range(1, hands + 1):
        g = Game(preset("classic", seats=["normal"] * nseats), seed=seed)
        g.start()
        ps = [make_player("normal", seed * 10 + s) for s in range(nseats)]
        while g.phase not in (PH_HAND_OVER, PH_MATCH_OVER):
            obs = g.observe(g.actor)
            if obs.phase == PH_PLAY and len(obs.legal) > 1:
                INFER["INFER_DEPTH"] = 2
                probe = search.Pool(Game.from_observation(obs, Rng(seed)), obs.seat)
                for s in range(nseats):
                    if not probe.depth[s]:
                        continue
                    seats += 1
                    true = g.hands[s]
                    for d, cls in pool_of.items():
                        INFER["INFER_DEPTH"] = max(d, 1)
                        rng = Rng(seed * 7 + 1)
                        sg = Game.from_observation(obs, rng)
                        pool = cls(sg, obs.seat)
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
    n = seats * samples
    return {"seats": seats, "overlap": [acc[d][0] / n for d in pool_of],
            "colours": [acc[d][1] / n for d in pool_of],
            "units": [acc[d][2] / n for d in pool_of]}


# --- the exact-playout probe (issue 8, stop 47): the other seats' true policy in the search -----
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
# times fewer deals (stop 48 measured 43, from a first timing: below its cost).
EXACT = {"EXACT_TURNS": 10, "EXACT_OWN": 0, "EXACT_CHARGE": 10}


def exact_rollout(g, model, a, seat: int, totals: list, i: int, rng) -> int:
    """The ``exact`` probe's ai_search.rollout: push ``a``, play on with the core and Normal's
    choices, score, pop every ply; adds the score to ``totals[i]``, returns the work units."""
    import uno.ai_search as search
    from uno.ai import Normal
    from uno.game import PH_HAND_OVER, PH_PLAY

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


# --- the imitation probe (issue 8, stop 48): Normal's choice in the fast playout --------------
#
# Fair and cheap enough to be a player's: in the search's fast playout every other seat plays
# the card Normal's ``score_play`` ranks first (its terms, on the playout's hands; not the
# next seat's void marks, which the playout does not keep), instead of the first card that fits.
# Each such turn is charged IMIT_EXTRA tenths of a unit more: its CPython cost (``--playout-cost``).
IMIT = {"IMIT_EXTRA": 10}
_PIPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 20, 20, 50, 50)
# Normal's weights, bound once (an import inside imit_pick would be timed with it)
from uno.ai import (  # noqa: E402
    K_ATTACK, K_DRAW2, K_KEEP_COLOUR, K_NUM, K_SAME, K_W4_ATTACK, K_WILD_KEEP)


def imit_pick(h: list, colour: int, topk: int, next_count: int, danger: bool) -> int:
    """The card of ``h`` (playout cards: a wild is 0x40 | kind) that Normal's score_play ranks
    first with ``colour`` and a ``topk`` top in force, the next seat at ``next_count`` cards and
    ``danger`` (another hand at 2 or fewer); -1 if none fits. Classic's terms: W+4 challenged,
    no penalty scoring, three or four seats."""
    cc = [0, 0, 0, 0, 0]
    for c in h:
        cc[c >> 4] += 1
    n_after = len(h) - 1
    best = -1
    best_s = -10 ** 9
    for c in h:
        k = c & 15
        if c >= 0x40:
            # the colour called: the one held most, the one in force on a tie (its +30)
            col = 0
            for q in range(1, 4):
                if cc[q] > cc[col]:
                    col = q
            if 0 <= colour < 4 and cc[colour] == cc[col]:
                col = colour
            s = -K_WILD_KEEP if n_after > 2 else -100
            if k == 14:
                if next_count <= 2:
                    s += K_W4_ATTACK
                if 0 <= colour < 4 and cc[colour] > 0:
                    s -= 3000
            s += K_SAME * cc[col] + (30 if col == colour and n_after > 0 else 0)
        elif (c >> 4) == colour or k == topk:
            col = c >> 4
            s = K_SAME * (cc[col] - 1) + (K_KEEP_COLOUR if col == colour else 0)
            if k < 10:
                s += K_NUM * k
            elif k == 11:
                s += 100 if next_count <= 2 else 0
            else:
                s += 100 + (K_ATTACK if next_count <= 2 else 0) + (K_DRAW2 if k == 12 else 0)
        else:
            continue
        if danger:
            s += 8 * _PIPS[k]
        if n_after == 1:
            last = c
            for d in h:
                if d != c:
                    last = d
                    break
            if last >= 0x40:
                s += 300
            elif last >> 4 == c >> 4:
                s += 200
        if s > best_s:
            best_s = s
            best = c
    return best


def install_imitate() -> None:
    """The ``imitate`` probe: ai_search's fast playout with imit_pick for the other seats (a
    replacement in its source, which fails loudly if the playout's code has changed)."""
    import inspect
    import textwrap

    import uno.ai_search as search

    src = textwrap.dedent(inspect.getsource(search.Model.playout))
    old = textwrap.indent(textwrap.dedent("""\
        best = -1
        for c in h:
            if c >= 0x40:
                if best < 0 or c < best:
                    best = c
            elif (c >> 4) == colour or (c & 15) == topk:
                best = c
                break
        """), " " * 16)
    new = textwrap.indent(textwrap.dedent("""\
        m = 99
        for q in range(n):
            if q != turn and len(hands[q]) < m:
                m = len(hands[q])
        best = imit_pick(h, colour, topk, len(hands[(turn + direction) % n]), m <= 2)
        extra += IMIT["IMIT_EXTRA"]
        """), " " * 16)
    edits = ((old, new), ("    turns = 0\n", "    turns = 0\n    extra = 0\n"),
             ("seat), turns\n", "seat), turns + extra // 10\n"),
             ("topk), turns\n", "topk), turns + extra // 10\n"))
    for a, b in edits:
        if src.count(a) != 1:
            raise RuntimeError("imitate: ai_search's playout has changed (%r)" % a[:40])
        src = src.replace(a, b)
    scope = dict(search.__dict__, imit_pick=imit_pick, IMIT=IMIT)
    ns: dict = {}
    exec(compile(src, "imitate_playout", "exec"), scope, ns)
    search.Model.playout = ns["playout"]


def playout_cost(positions: int = 40, deals: int = 20) -> dict:
    """What the ``exact`` and ``imitate`` probes' playouts cost against the search's fast one,
    in CPython: ``positions`` late four-seat positions of Normal self-play (a hand at 3 cards
    or fewer, 3+ legal actions), every card play of each on ``deals`` sampled deals; the
    process's CPU time, the kinds taking turns deal by deal. Returns per kind [seconds, units
    charged] ("exact" as charged by default, "imitate" with IMIT_EXTRA 0), the rollouts of
    each, the other seats' turns in the imitation's playouts, and what each costs in the fast
    playout's units: ``exact_ratio`` (EXACT_CHARGE / 10) and ``imit_extra`` (IMIT_EXTRA / 10,
    a unit more for each of those turns) (stop 48)."""
    import uno.ai_search as search
    from uno.ai import make_player
    from uno.game import PH_HAND_OVER, PH_PLAY, Game
    from uno.rng import Rng
    from uno.rules import preset

    rules = preset("classic")
    rules.update({"seats": ("normal",) * 4})
    found = []
    seed = 0
    while len(found) < positions:
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

    def run(d: int, fn) -> int:
        units = 0
        for obs in found:
            rng = Rng(d + 1)
            g = Game.from_observation(obs, rng)
            model = search.Model(g, rng)
            totals = [0] * len(obs.legal)
            for i, a in enumerate(obs.legal):
                if a < 0x40:
                    units += fn(g, model, a, obs.seat, totals, i, rng)
        return units

    fast_playout = search.Model.playout
    extra = IMIT["IMIT_EXTRA"]
    install_imitate()
    kinds = (("fast", search.rollout, fast_playout), ("exact", exact_rollout, fast_playout),
             ("imitate", search.rollout, search.Model.playout))
    out: dict = {"fast": [0.0, 0], "exact": [0.0, 0], "imitate": [0.0, 0], "rollouts": 0,
                 "other_turns": 0}
    try:
        for d in range(deals):
            for name, fn, playout in kinds:
                search.Model.playout = playout
                IMIT["IMIT_EXTRA"] = 0
                t0 = time.process_time()
                units = run(d, fn)
                out[name][0] += time.process_time() - t0
                out[name][1] += units
                if name == "imitate":
                    # the same playouts again, a unit charged for each other seat's turn
                    IMIT["IMIT_EXTRA"] = 10
                    out["other_turns"] += run(d, fn) - units
        out["rollouts"] = sum(len([a for a in o.legal if a < 0x40]) for o in found) * deals
    finally:
        search.Model.playout = fast_playout
        IMIT["IMIT_EXTRA"] = extra
    per_unit = out["fast"][0] / out["fast"][1]
    out["exact_ratio"] = out["exact"][0] / out["exact"][1] / per_unit
    out["imit_extra"] = ((out["imitate"][0] / per_unit - out["imitate"][1])
                         / max(out["other_turns"], 1))
    return out


def install_probe(name: str) -> None:
    """Patch Advanced for probe ``name`` (PROBES) in this process."""
    import uno.ai_search as search
    from uno.game import Game
    from uno.observe import determinize

    if name == "no-prior":
        import uno.advanced

        uno.advanced.K_PRIOR = 0
    elif name == "infer":
        install_infer()
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
        import uno.advanced

        choose = uno.advanced.Advanced.choose

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

        uno.advanced.Advanced.choose = seeing
    elif name == "exact":
        search.rollout = exact_rollout
    elif name == "imitate":
        install_imitate()
    elif name == "unmarked":
        # Not a variant of Advanced but of its opponents: the Normals do not see the colours
        # the Advanced seats showed they lack (what the core's marks cost Advanced).
        import uno.ai

        normal_play = uno.ai.Normal.play

        def unmarked(self, obs):
            if type(self) is uno.ai.Normal and obs.void:
                seats = obs.rules.seats
                for s in range(obs.nseats):
                    if seats[s] == "advanced":
                        obs.void[s] = 0
            return normal_play(self, obs)

        uno.ai.Normal.play = unmarked
    else:
        raise ValueError("unknown probe %r (%s)" % (name, ", ".join(PROBES)))


def play_game(levels: list[str], preset: str, overrides: str, seed: int, unit: str,
              budget: int | None = None, stats: dict | None = None) -> list[int]:
    """Play one match (unit 'match') or one hand (unit 'hand') with ``levels`` by seat.
    Returns per seat: 1 if that seat won, else 0 (a hand nobody finished: all 0)."""
    from uno.ai import make_player
    from uno.game import PH_HAND_OVER, PH_MATCH_OVER, Game
    from uno.rules import Rules, preset as make_preset

    rules = make_preset(preset)
    if overrides:
        rules = Rules.parse(overrides, rules)
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
    """Set the Advanced player's tunables (uno.advanced's, uno.ai_search's, or the infer or
    exact probe's), ``((name, value), ...)``, in this process (--set)."""
    import uno.advanced as player
    import uno.ai_search as search

    for name, value in settings:
        if name in INFER:
            INFER[name] = value
        elif name in IMIT:
            IMIT[name] = value
        elif name in EXACT:
            EXACT[name] = value
        elif hasattr(player, name):
            setattr(player, name, value)
        elif hasattr(search, name):
            setattr(search, name, value)
        else:
            raise ValueError("neither uno.advanced nor uno.ai_search has %r" % name)


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
    from uno.ai import make_player
    from uno.game import PH_HAND_OVER, PH_MATCH_OVER, PH_PLAY, Game
    from uno.rules import preset

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
    from rlcard_agent import Agent

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
                    "several joined by commas, e.g. exact,infer")
    ap.add_argument("--infer-info", type=int, metavar="HANDS",
                    help="what the infer probe's deals know about the true hands")
    ap.add_argument("--playout-cost", type=int, metavar="POSITIONS",
                    help="the exact and imitate probes' playout costs against the fast one "
                    "(CPython)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="set a tunable of uno.advanced or uno.ai_search (a number), "
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
        print("imitate: %.2f units more for each of %d other seats' turns (IMIT_EXTRA=%d)"
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
