"""Advanced computer player: Normal's heuristics propose the plays, a determinized search
(uno.players.search) picks among them.

This module is the player: what it learns of each opponent's bluffs, the candidates, and when
to search. With three or four seats it plays ``score_multi``'s first choice until a hand is down
to ``LATE_CARDS`` cards, keeping its wilds meanwhile (it draws rather than play one), and
searches then, with ``LATE_FACTOR_MULTI`` times the budget; with two seats it searches every
decision with several sensible answers, ``LATE_FACTOR`` times the budget late in a hand
(docs/AI.md has the measurements). The search's code is loaded by each search and let go after
it, before the play's message loads (uno.app.table, uno.drop_search): its room is the
message's, a person's turn's, the save point's.
"""

import gc

from micropython import const

from uno.players.normal import (
    WIN,
    Context,
    Learner,
    Normal,
    next_seat,
    score_play,
    unseen_colour_counts,
)
from uno.core.cards import DRAW2, POINTS, REVERSE, SKIP, WILD
from uno.core.codes import CHALLENGE, DRAW, PASS

# The search's budget in work units (uno.players.search: about 11,200 MicroPython VM instructions
# each).
_DEFAULT_BUDGET = const(620)
# When a hand is down to LATE_CARDS cards or fewer, the search gets LATE_FACTOR times the
# budget: the last turns decide the hand. The median decision stays the same (most positions
# are earlier); the slowest grow (docs/AI.md).
LATE_CARDS = const(3)
LATE_FACTOR = const(3)
# With three or four seats the early searches win nothing over Normal's first choice: there
# the search starts when a hand is down to LATE_CARDS, with LATE_FACTOR_MULTI times the budget
# (over 10 seeds: +0.2 points at four seats, +0.7 at three; docs/AI.md). Two seats as before.
LATE_FACTOR_MULTI = const(6)
# Candidates searched at most (best by the Normal heuristic first).
_MAX_CAND = const(3)
# The prior: thousandths of a hand's win per point of the play score (0.02 of a win a point),
# and at three and four seats, where the play score is score_multi's (0.04: +0.35
# points at four seats over ten seeds against 0.02; docs/AI.md).
K_PRIOR = 20
K_PRIOR_MULTI = 40
# ... and there a wild from a hand of 4 cards or more K_PRIOR_WILD hundredths of a point lower
# in the prior: a wild kept for the last cards (with uno.players.search.WILD_THIN: +0.14
# points at four seats over thirty seeds, +0.16 at three over ten; docs/AI.md).
K_PRIOR_WILD = -450
# With three or four seats a late search also weighs keeping a wild it has just drawn (a
# pass): 1; 0 plays it (+0.22 points at four seats over thirty seeds, +0.32 at three
# over five; docs/AI.md).
KEEP_DRAWN_WILD = 1
# The draw where only a wild fits, and that pass, are weighed while every other hand holds
# more than 2 cards at two seats, more than KEEP_WILD_ABOVE at three and four (1
# instead of 2: +0.14 points at four seats over forty seeds; docs/AI.md).
KEEP_WILD_ABOVE = 1
# With three or four seats, once the smallest other hand holds AIM_VOID cards or fewer, a
# wild candidate is also weighed with a colour such a hand showed it lacks (it drew on it),
# when neither of its two colours is one (+0.10 points at four seats over forty seeds;
# docs/AI.md). 0: off.
AIM_VOID = 3
# MicroPython's heap never moves objects: when the heap is nearly full, a collection before
# the search puts the sampled game's objects into the lowest free blocks instead of between
# the garbage of the last one (without it the smallest heap for a hand is not monotone: 73 KB
# passes, 74 and 76 fail). With room to spare it would only cost time (~0.5 M instructions),
# as it always would on CPython, which frees by reference counting.
_mem_free = getattr(gc, "mem_free", None)  # MicroPython's; CPython's gc has none
_COLLECT_BELOW = const(16384)


def score_multi(ctx, a, left):
    """Normal's score of play ``a`` with the terms that win at three and four seats (docs/AI.md:
    over ten seeds +0.8 points at four seats, +0.5 at three): keep a wild down to the last card,
    keep the colour and shed high numbers, save Skip, Reverse and +2 while no hand is low, no
    Reverse on a low seat before, no Skip or +2 that lets a low seat after next play, and a colour
    the unseen cards (``left``, by colour) hold little of. In units of 1 / (100 x
    ``multi_scale(left)``) of a point: whole numbers (uno.players.normal: the badge's floats)."""
    s = score_play(ctx, a)
    kind = a & 15
    col = a >> 4
    if kind >= WILD:
        if ctx.n == 3:
            s -= 800  # Normal lets a wild go from 3 cards
    else:
        if col == ctx.colour:
            s += 100
        if kind < SKIP:
            s += 15 * kind
    if ctx.danger and not ctx.penalty:
        s -= 8 * POINTS[kind]  # Normal sheds points then; at 3-4 seats it costs hands
    obs = ctx.obs
    counts = obs.counts
    if kind == REVERSE and counts[ctx.prev] <= 3:
        s -= 300
    if SKIP <= kind <= DRAW2 and ctx.min_opp > 3:
        s -= 200
    if (kind == SKIP or kind == DRAW2) and counts[next_seat(obs, obs.seat, 2)] <= 2:
        s -= 300
    # minus 3 x the colour's share of the unseen coloured cards, kept exact (none left: 0)
    return s * multi_scale(left) - 300 * left[col]


def multi_scale(left):
    """The unseen coloured cards (``left``, by colour), 1 when there are none:
    ``score_multi``'s scores are in hundredths of a point divided by this."""
    t = left[0] + left[1] + left[2] + left[3]
    return t if t > 0 else 1


def _prior(cands, cand_s, best, held, left):
    """The search's prior for the candidates ``cands`` scored ``cand_s`` (the draw or the
    pass, last, gets the best card's score ``best``: only the search tells them apart), in its
    units: K_PRIOR thousandths of a win a point (K_PRIOR_MULTI at three and four seats,
    ``left`` given, where a wild's score gets K_PRIOR_WILD added when the hand holds ``held``
    > 3 cards). None when that is 0."""
    k = K_PRIOR if left is None else K_PRIOR_MULTI
    if not k:
        return None
    scale = 1 if left is None else multi_scale(left)
    per = 100000 * scale
    wild = 0 if left is None or held <= 3 else K_PRIOR_WILD * scale
    prior = [(v + wild if (cands[i] & 15) >= WILD else v) * k * WIN // per
             for i, v in enumerate(cand_s)]
    if len(cands) > len(cand_s):
        prior.append(best * k * WIN // per)
    return prior


def collect_if_low():
    """A collection when the heap is nearly full (MicroPython only; see _COLLECT_BELOW)."""
    if _mem_free is not None and _mem_free() < _COLLECT_BELOW:
        gc.collect()


def _candidates(scored, legal, ctx):
    """The moves the search weighs, best score first, and their scores: the best
    ``_MAX_CAND`` plays (two colours at most per wild kind), at three and four seats the
    wild with a colour a low hand lacks (AIM_VOID), and a draw where only a wild fits (or,
    there, a pass that keeps a wild just drawn: KEEP_DRAWN_WILD), while no other hand is low
    (KEEP_WILD_ABOVE)."""
    # Out of Advanced.play: this module loads again at each hand's first computer turn, and
    # a function's bytecode is one block; a 415-byte play found no hole late in long runs.
    cands = []  # type: list[int]
    cand_s = []  # their scores, for the prior
    seen_wild = 0
    i = len(scored) - 1
    while i >= 0 and len(cands) < _MAX_CAND:
        s, a = scored[i]
        i -= 1
        k = a & 15
        if k >= WILD:
            # Two colours at most per wild kind.
            bit = 1 << (k - WILD) * 2
            if seen_wild & bit and seen_wild & bit << 1:
                continue
            seen_wild |= bit << 1 if seen_wild & bit else bit
        cands.append(a)
        cand_s.append(s)
    if ctx.nseats > 2 and ctx.min_opp <= AIM_VOID:
        _aim_void(scored, ctx, cands, cand_s)
    if (scored[-1][1] & 15) >= WILD and ctx.min_opp > (
            2 if ctx.nseats == 2 else KEEP_WILD_ABOVE):
        if DRAW in legal:
            # Only a wild fits: drawing instead (reneging) keeps it for later; let the
            # search weigh it.
            cands.append(DRAW)
        elif PASS in legal and KEEP_DRAWN_WILD and ctx.nseats > 2:
            # The same for a wild just drawn: keeping it (a pass) is weighed too.
            cands.append(PASS)
    return cands, cand_s


def _aim_void(scored, ctx, cands, cand_s):
    """Adds to ``cands`` (and its score to ``cand_s``) the first wild candidate's kind with a
    colour that a hand holding the fewest cards showed it lacks, unless the wild already
    calls one: the search, whose deals honour the void, sees whether it pays."""
    obs = ctx.obs
    void = obs.void
    if not void:
        return
    lack = 0
    for s in range(obs.nseats):
        if s != obs.seat and obs.counts[s] == ctx.min_opp:
            lack |= void[s] & 15
    if not lack:
        return
    for a in cands:
        k = a & 15
        if k >= WILD:
            for c in range(4):
                if (lack >> c) & 1 and (k | c << 4) in cands:
                    return
            for c in range(4):
                if (lack >> c) & 1:
                    b = k | c << 4
                    for v, x in scored:
                        if x == b:
                            cands.append(b)
                            cand_s.append(v)
                            return
            return


class Advanced(Learner, Normal):
    """Normal's heuristics to propose moves, determinized search to pick among them; learns
    from its challenges how often each opponent bluffs."""

    level = "advanced"
    bluff_rate = 20  # in hundredths

    def __init__(self, seed=0, budget=None):
        Normal.__init__(self, seed)
        self.init_learning()
        self.budget = _DEFAULT_BUDGET if budget is None else budget
        self.spent = 0  # work units of the last search (benchmarks)
        self.dets = 0  # deals sampled in the last search

    def choose(self, obs):
        self.learn(obs)
        a = Normal.choose(self, obs)
        if a == CHALLENGE:
            self.note_challenge(obs)
        return a

    def play(self, obs):
        legal = obs.legal
        ctx = Context(obs)
        left = unseen_colour_counts(obs) if obs.nseats > 2 else None
        scored = []
        for a in legal:
            if a < DRAW:
                scored.append((score_play(ctx, a) if left is None else
                               score_multi(ctx, a, left), a))
        if not scored:
            return self.no_play(obs, ctx)
        scored.sort()
        late = min(obs.counts) <= LATE_CARDS
        if obs.nseats > 2 and not late:
            # score_multi's first choice (LATE_FACTOR_MULTI). The collection a search would make
            # stays: without it the garbage of the turns piles up between the late searches
            # and fragments the heap (three Advanced on the VM: S 141 -> 144 KB).
            self.spent = self.dets = 0
            collect_if_low()
            a = scored[-1][1]
            if (a & 15) >= WILD:
                # Keep the wild for the late searches, which aim it at the hand about to go
                # out: draw instead (reneging), or keep the wild just drawn (docs/AI.md:
                # +0.6 points at four seats, +1.2 at three).
                if PASS in legal:
                    return PASS
                if DRAW in legal:
                    return DRAW
            return a
        cands, cand_s = _candidates(scored, legal, ctx)
        if len(cands) == 1:
            return cands[0]
        # (in a function of its own: a local more here overflows CircuitPython 9's Python
        # stack when a hint's search runs under the pause menu)
        prior = _prior(cands, cand_s, scored[-1][0], ctx.n, left)
        # what the candidates were chosen by goes before the search, the heap's fullest point
        # (0.4 KB of a match's heap with three Advanced)
        ctx = scored = left = cand_s = None
        budget = self.budget
        if late:
            budget *= LATE_FACTOR if obs.nseats == 2 else LATE_FACTOR_MULTI
        return self.search(obs, cands, prior, budget)

    def search(self, obs, cands, prior=None, budget=None):
        """The candidate with the best mean score over sampled deals (plus ``prior``), within
        ``budget`` work units (the player's own by default)."""
        collect_if_low()
        from uno.players.search import search

        return search(self, obs, cands, prior, self.budget if budget is None else budget)
