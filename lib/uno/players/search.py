"""The Advanced player's search (uno.players.advanced): determinized search with the core's
push/pop.

For a decision with several sensible answers (proposed by Normal's heuristics) it samples deals
of the unseen cards consistent with the observation (``Game.from_observation``, then cheap
re-deals of the same unseen cards, honouring the colours each seat has shown it lacks). In each
sampled deal it applies every candidate with the core's ``push`` (so challenges, stacking, ONE
and the first consequences follow the real rules), lets the core run the replies until the next
plain turn, then estimates the position with a fast playout on copies of the hands (a greedy
policy for every seat, a few turns deep) and a score (win/loss with points, else the card
race). Every candidate sees the same deals. ``pop`` restores the sampled game for the next one.

The search is bounded by a budget counted in work units (a core push/pop, a playout turn, a
re-deal), never in time, so it decides the same on a PC and on the badge, and costs the same;
the player sets the budget (more late in a hand). It keeps one sampled game per decision, the
unseen cards as a bytearray, the core's undo journal for the plies in flight and reused playout
buffers: about 4.6 KB on the 64-bit Unix port with four seats (tests/test_ai_tools.py). Its
code is loaded at a hand's first search and dropped on the badge when the hand ends.
"""

from micropython import const

from uno.players.normal import (
    K_ATTACK, K_DRAW2, K_KEEP_COLOUR, K_NUM, K_SAME, K_W4_ATTACK, K_WILD_KEEP, WIN, best_colour,
    colour_counts,
)
from uno.core.cards import POINTS as _POINTS
from uno.core.cards import DRAW2, REVERSE, SKIP, WILD, WILD4
from uno.core.codes import (
    ACCEPT, CALL_ONE, CATCH, CHALLENGE, COLOUR, DRAW, LAST_PLAY, LAST_REC, NO_WILD, PH_CATCH,
    PH_CHALLENGE, PH_COLOUR, PH_HAND_OVER, PH_NEW, PH_ONE, PH_PLAY, PH_SWAP, SWAP, VOID_KIND,
)
from uno.core.game import Game

# Work units, about 11,200 MicroPython VM instructions each (x86, tools/ai/bench_ai.py): a playout
# turn = 1, a core push/pop with its choice = _CORE_COST, a re-deal = _DET_COST, the first sampled
# game = _FIRST_COST. The first sample always runs whatever the budget.
_CORE_COST = const(8)
_DET_COST = const(7)
_FIRST_COST = const(36)
_REDEAL_EXTRA = const(10)
# Playout turns after a candidate before the position is scored.
HORIZON = const(10)  # a tunable: tools/ai/arena.py --set HORIZON=3
# At three and four seats the playout's other seats play Normal's choice (Model._imitate),
# each such turn charged IMIT_TENTHS tenths of a unit more than a plain one (its cost:
# tools/ai/bench_ai.py). IMITATE 0: the first card that fits.
IMITATE = const(1)  # a tunable
IMIT_TENTHS = const(12)  # a tunable
# Inference from the other seats' plays (uno.players.infer.fit_all): a Normal seat's hand of
# INFER_CARDS cards or fewer is re-dealt until Normal holding it would have made its last
# INFER_DEPTH (1 or 2) recorded plays. INFER_CARDS 0: no inference.
INFER_CARDS = const(3)  # a tunable
INFER_DEPTH = const(2)  # a tunable
# A Normal holds about half the wilds a blind deal gives it (it plays one whenever nothing else
# fits: tools/ai/low_hands.py wilds): at three and four seats each wild a re-deal gives a Normal
# seat goes back to the pile WILD_THIN times in 8 (uno.players.infer.thin), for a card of the
# pile that is no wild and that its marks allow (with uno.players.advanced.K_PRIOR_WILD: +0.14
# points at four seats over thirty seeds; docs/AI.md). Not charged in work units:
# tools/ai/bench_ai.py's slowest decision costs 3% more for the same deals.
WILD_THIN = const(4)  # a tunable
# Core plies at most after a candidate before the playout takes over.
_CORE_PLIES = const(4)
# Scores are integers in units of 1/255,000 of a hand's win (uno.players.normal.WIN).
K_WILD_HELD = 10200  # 0.04 of a win for each wild held
K_CAN_PLAY = 20400  # 0.08 of a win for having a card to play
_USE_TABLE = const(1)  # 0: the plain card-count race
# Chance (x255) that the seat to move wins the hand, by its card count (row, 1-20) and the
# smallest other count (column, 1-20): Normal-vs-Normal self-play, 30,000 Classic hands,
# smoothed towards a logistic curve (`tools/ai/arena.py --value-table 30000` rebuilds it).
_WIN_TABLE = (
    b'\x9c\xad\xb8\xbc\xc2\xc9\xce\xd2\xd5\xd5\xdb\xd6\xd7\xe3\xe8\xe5\xee\xec\xf1\xf5'
    b'a\x89\x96\x9e\xa5\xaa\xae\xb3\xb5\xb7\xb5\xbe\xbf\xbd\xca\xd0\xd1\xc9\xfa\xe7'
    b'Tv\x85\x8e\x95\x9a\xa0\xa0\xa7\xaa\xad\xaf\xb1\xb7\xb6\xb1\xcf\xcc\xcc\xe3'
    b'Mjz\x84\x8a\x90\x96\x99\x9c\x9e\xa7\xa8\xa9\xab\xb4\xb6\xb3\xe3\xdb\xf6'
    b'Ger|\x84\x88\x8d\x93\x97\x9b\x9d\xa0\xa4\xaa\xa7\xd5\xc1\xe9\xfd\xfe'
    b'E`kw}\x83\x88\x8c\x90\x96\x90\x9f\x9a\xab\xb0\xcc\xd6\xfc\xdd\xfd'
    b'B[hqx~\x83\x8c\x86\x90\x90\xaa\xa3\xaf\xc4\xcf\xe8\xf2\xe7\xf0'
    b'?Xelty}\x84\x84\x8b\x94\xa0\xa0\xa9\xb7\xd0\xdc\xed\xef\xef'
    b'=Scjrwx\x85\x84\x84\x90\x93\x93\xb6\xb2\xd1\xd6\xf5\xf8\xee'
    b':Rbhlqy\x81\x83y\x94\xa2\x8f\x96\xbe\xd8\xed\xe6\xf5\xec'
    b'>P^ejolv\x80\x83s\x9d\x91\xab\xb3\xc2\xd1\xd9\xf0\xf5'
    b'8QZb\\humdxp\x82\xa6\x86\xa8\xba\xc8\xdc\xeb\xf0'
    b'6NV^hecft`kh\x83\x8c\x97\xbd\xb2\xd3\xe3\xeb'
    b'6GYXYS\\VgG[U}z\x8e\xae\xbd\xcd\xd9\xe3'
    b'1NLXUBIRH8=a`\x87\x80\x96\xaa\xbd\xcd\xd9'
    b',JFEP;///?5JWUi\x80\x96\xaa\xbd\xcd'
    b'+2K;8,!\x1d ;9&.BUi\x80\x96\xaa\xbd'
    b')4*7.\x13\x1a\x12\x1e\x19\x14\x1c&2BUi\x80\x96\xaa'
    b'\x168*\x11-\x02\x17\x11\x07\n\x0f\x14\x1c&2BUi\x80\x96'
    b'\x1e%%\x01\x0c\x0e\x0f\x04\x05\x07\n\x0f\x14\x1c&2BUi\x80'
)


def search(player, obs, cands, prior, budget):
    """The candidate with the best mean score over sampled deals (plus ``prior``) within
    ``budget`` work units, drawing from ``player``'s generator; sets its ``spent`` and
    ``dets`` (benchmarks)."""
    n = len(cands)
    totals = [0] * n
    seat = obs.seat
    rng = player.rng
    g = Game.from_observation(obs, rng)
    pool = Pool(g, seat, getattr(obs, "last_play", b""))  # an RLCard observation has none
    spent = _FIRST_COST
    # The core's deal honours colours only, not a seat known to hold no wild, nor the plays a
    # hand must fit: then the first sample is dealt again.
    again = pool.depth is not None
    for v in obs.void:
        if v & NO_WILD:
            again = True
    if again:
        spent += pool.redeal(g, rng) + _DET_COST
    model = Model(g, rng)
    dets = 0
    per_det = _DET_COST
    while True:
        if dets:
            spent += pool.redeal(g, rng) + _DET_COST
        before = spent
        for i in range(n):
            spent += rollout(g, model, cands[i], seat, totals, i, rng)
        dets += 1
        per_det = spent - before + _DET_COST
        if spent + per_det > budget:
            break
    player.spent = spent
    player.dets = dets
    best = 0
    if prior is not None:
        # the mean plus the prior (in the same units), compared as dets x (mean + prior)
        for i in range(n):
            totals[i] += prior[i] * dets
    for i in range(1, n):
        if totals[i] > totals[best]:
            best = i
    return cands[best]


def rollout(g, model, a, seat, totals, i, rng):
    """Push ``a`` and the core's replies up to the next plain turn, play out, score, pop.
    Adds the score to ``totals[i]``; returns the work units spent."""
    if model.rl and a < DRAW:
        # RLCard's engine: the card's effects follow its rules, not the core's.
        v, turns = model.playout(g, seat, a)
        totals[i] += v
        return turns
    g.push(a)
    depth = 1
    # (the phases of seven_zero and jump_in come after the hand's end: uno.core.game.PH_SWAP)
    while depth < _CORE_PLIES and g.phase != PH_PLAY and not (
            PH_HAND_OVER <= g.phase <= PH_NEW):
        g.push(fast_pick(g, g.legal_actions(), rng))
        depth += 1
    if PH_HAND_OVER <= g.phase <= PH_NEW:
        v = terminal(g.winner, g.hands, seat)
        turns = 0
    else:
        v, turns = model.playout(g, seat, -1)
    totals[i] += v
    d = depth
    while d > 0:
        g.pop()
        d -= 1
    return depth * _CORE_COST + turns


class Pool:
    """The unseen cards of a sampled game (other hands and the draw pile), re-dealt cheaply
    for each further sample: a partial Fisher-Yates shuffle of the cards that matter (the
    other hands, then the next draws), the hands cut from its end with slices. At three and
    four seats a Normal seat's short hand is then dealt again until it fits the seat's recorded
    plays (``_fit``)."""

    def __init__(self, g, seat, lp=b""):
        self.seat = seat
        # Cards are ints below 128: a bytearray holds them in one byte each.
        cards = bytearray(g.pile)
        for s in range(g.nseats):
            if s != seat:
                cards.extend(bytearray(g.hands[s]))
        self.cards = cards
        self.depth = None  # type: bytearray | None
        n = g.nseats
        # the reading of Normal seats (uno.players.infer), loaded only where a Normal seat
        # plays at three or four seats, and looked up once a search, not at each re-deal
        self.infer = None
        if n > 2 and "normal" in g.rules.seats:
            from uno.players import infer as module

            self.infer = module
        infer = self.infer
        if INFER_CARDS and lp and infer is not None:
            self.lp = lp  # the observation's record of the last plays (Game.last_play)
            seats = g.rules.seats
            for s in range(n):
                o = s * LAST_PLAY
                k = len(g.hands[s])
                # a Normal's (its policy is known) free play, and no card taken since
                if (s != seat and seats[s] == "normal" and lp[o] != 255 and lp[o + 5] == k
                        and k <= INFER_CARDS):
                    if self.depth is None:
                        self.depth = bytearray(n)
                        self.past = infer.Past(g.rules, n)
                    q = o + LAST_REC
                    self.depth[s] = 2 if (INFER_DEPTH > 1 and lp[q] != 255
                                          and lp[q + 5] == k + 1) else 1

    def redeal(self, g, rng):
        """Deal the unseen cards afresh into ``g``; returns the work units spent beyond
        _DET_COST (none here; the arena's probes may check the deals, tools/ai/arena.py)."""
        cards = self.cards
        n = len(cards)
        seat = self.seat
        hands = g.hands
        need = 0
        for s in range(g.nseats):
            if s != seat:
                need += len(hands[s])
        stop = n - 1 - need - _REDEAL_EXTRA
        if stop < 0:
            stop = 0
        rng.shuffle(cards, stop)
        rest = n - need
        void = g.void
        end = n
        for s in range(g.nseats):
            if s == seat:
                continue
            h = hands[s]
            start = end - len(h)
            v = void[s]
            if v:
                # A seat that showed it lacks a colour (or a kind, or wilds) gets none: swap
                # such cards with the pile's from its top down.
                k = rest - 1
                for m in range(start, end):
                    c = cards[m]
                    if (v >> (c >> 4)) & 1 or c < 0x40 and (v >> (VOID_KIND + (c & 15))) & 1:
                        while k >= 0:
                            d = cards[k]
                            k -= 1
                            if not ((v >> (d >> 4)) & 1
                                    or d < 0x40 and (v >> (VOID_KIND + (d & 15))) & 1):
                                cards[m] = d
                                cards[k + 1] = c
                                break
            del h[:]
            h.extend(cards[start:end])
            end = start
        pile = g.pile
        pile[:] = cards  # in place; MicroPython's bytearray has no del
        pile[rest:] = b""
        infer = self.infer
        if WILD_THIN and infer is not None:
            infer.thin(g, self.seat, rng, WILD_THIN)
        depth = self.depth
        extra = 0
        if depth is not None and infer is not None:  # a Normal seat's plays to fit
            extra = infer.fit_all(self, g, depth, rng)
        if g.w4_seat >= 0 and g.prev_colour >= 0:
            g.w4_guilty = Game._holds_colour(hands[g.w4_seat], g.prev_colour)
        return extra


class Model:
    """The fast playout: plain turns on copies of the hands, penalties taken at once (no
    challenge, no stacking, no ONE), drawing one card and playing it if it fits."""

    def __init__(self, g, rng=None):
        self.rng = rng
        rules = g.rules
        self.nseats = g.nseats
        # Two seats: Reverse acts as Skip (RULES.md); RLCard's engine passes the turn instead.
        self.reverse_skips = g.nseats == 2 and not getattr(rules, "reverse_passes", False)
        # RLCard: a W+4 only when nothing else fits; a drawn card plays only on its colour.
        self.rl = getattr(rules, "reverse_passes", False)
        self.bufs = [[] for _ in range(g.nseats)]  # type: list[list[int]]
        self.mine = [0, 0, 0, 0, 0]
        self.cc = [0, 0, 0, 0, 0]
        # Three and four seats: the other seats play as Normal would (_imitate); two seats
        # keep the loosely random opponent (measured no worse there, docs/AI.md).
        self.imitate = IMITATE and g.nseats > 2
        self.shed = rules.scoring == "penalty"

    def playout(self, g, seat, first):
        """(score for ``seat``, turns simulated) from the core game's current plain turn;
        ``first`` >= 0: the actor's first turn plays that action."""
        n = self.nseats
        hands = self.bufs  # reused: no allocation per playout
        mine = self._copy_in(g, seat)
        pile = g.pile
        ptr = len(pile) - 1
        turn = g.actor
        colour = g.colour
        topk = g.discard[-1] & 15
        direction = g.direction
        reverse_skips = self.reverse_skips
        rl = self.rl
        rng = self.rng
        turns = 0
        extra = 0  # tenths of a unit: the imitated turns' cost
        imitate = self.imitate
        horizon = HORIZON
        while turns < horizon:
            turns += 1
            h = hands[turn]
            if first >= 0:
                best = first if (first & 15) < WILD else 0x40 | (first & 15)
            else:
                if turn != seat and imitate:
                    best = self._imitate(h, colour, topk, hands, (turn + direction) % n)
                    extra += IMIT_TENTHS
                elif turn != seat:
                    # Another seat: the first card that fits in its (randomly ordered) sampled
                    # hand, a wild only when nothing else fits: a loosely random opponent.
                    best = -1
                    for c in h:
                        if c >= 0x40:
                            if best < 0 or c < best:
                                best = c
                        elif (c >> 4) == colour or (c & 15) == topk:
                            best = c
                            break
                else:
                    best = self._own_pick(h, colour, topk, mine)
                if best < 0:
                    if ptr < 0:
                        break
                    c = pile[ptr]
                    ptr -= 1
                    if rl and c >= 0x40:
                        # RLCard plays a drawn wild (even a W+4) with a random colour and
                        # no effect; the turn passes.
                        colour = rng.below(4)
                        topk = c & 15
                        turn = (turn + direction) % n
                        continue
                    h.append(c)
                    if turn == seat:
                        mine[c >> 4] += 1
                    if c >= 0x40 or (c >> 4) == colour or (not rl and (c & 15) == topk):
                        best = c
                    else:
                        turn = (turn + direction) % n
                        continue
            # not h.remove(best): a list that shrinks gives back half its room, and the next
            # draw reallocates it, mid-search where the heap is fullest; a slice assignment
            # keeps the list's room and allocates nothing
            i = h.index(best)
            h[i:i + 1] = ()
            if turn == seat:
                mine[best >> 4] -= 1
            k = best & 15
            if first >= 0:
                colour = first >> 4
                first = -1
            elif best >= 0x40:
                colour = self._most_held(h)
            else:
                colour = best >> 4
            topk = k
            if not h:
                return self._went_out(k, hands[(turn + direction) % n], pile, ptr, turn,
                                      seat), turns + extra // 10
            if k < SKIP or k == WILD:
                turn = (turn + direction) % n
            elif k == SKIP or (k == REVERSE and reverse_skips):
                turn = (turn + 2 * direction) % n
            elif k == REVERSE:
                direction = -direction
                turn = (turn + direction) % n
            else:
                victim = (turn + direction) % n
                ptr = self._penalty(hands[victim], 2 if k == DRAW2 else 4, pile, ptr,
                                    mine if victim == seat else None)
                turn = (victim + direction) % n
        return position_value(hands, seat, turn, colour, topk), turns + extra // 10

    # playout's parts, in functions of their own: each function's bytecode is one block of the
    # heap when this module loads, late in a hand (one of 1,039 bytes failed)

    def _copy_in(self, g, seat):
        # the sampled hands into the playout's buffers; this seat's cards by colour (wilds
        # at 4), which playout keeps up to date as its hand changes
        hands = self.bufs
        for s in range(self.nseats):
            b = hands[s]
            del b[:]
            b.extend(g.hands[s])
        mine = self.mine
        mine[0] = mine[1] = mine[2] = mine[3] = mine[4] = 0
        for c in hands[seat]:
            mine[c >> 4] += 1
        return mine

    @staticmethod
    def _own_pick(h, colour, topk, mine):
        # the searching seat's card: the colour held most, action cards first, wilds last (a
        # W+4 only when nothing else fits: legal under every wd4 option, and RLCard's rule);
        # -1 if none fits
        best = -1
        best_s = -1000
        for c in h:
            k = c & 15
            if c >= 0x40:
                s = -12 if k == WILD else -14
            elif (c >> 4) == colour or k == topk:
                s = mine[c >> 4] * 2 + (3 if k >= SKIP else 0)
            else:
                continue
            if s > best_s:
                best_s = s
                best = c
        return best

    def _imitate(self, h, colour, topk, hands, nxt):
        # The card of ``h`` (another seat's hand) that Normal's score_play (uno.players.normal)
        # ranks first, -1 if none fits (``_rank``). No allocation: about a plain turn's cost more
        # (IMIT_TENTHS). In two functions, each a small block of the heap when this loads.
        cc = self.cc
        cc[0] = cc[1] = cc[2] = cc[3] = cc[4] = 0
        fit = 0
        best = -1
        for c in h:
            cc[c >> 4] += 1
            if c >= 0x40 or (c >> 4) == colour or (c & 15) == topk:
                fit += 1
                best = c
        if fit < 2:
            return best  # no choice to make: most turns late in a hand
        danger = self.shed
        for o in hands:
            if len(o) <= 2 and o is not h:
                danger = True
        return self._rank(h, colour, topk, len(hands[nxt]) <= 2, danger)

    def _rank(self, h, colour, topk, low, danger):
        # score_play's terms on the playout's cards, ``cc`` counted by _imitate: the wild's
        # colour the one held most, the colour in force on a tie; no W+4 bluff; ``low``: the
        # next seat at 2 cards or fewer; not the next seat's void marks, which the playout
        # does not keep
        cc = self.cc
        n_after = len(h) - 1
        wcol = 0
        for q in range(1, 4):
            if cc[q] > cc[wcol]:
                wcol = q
        if cc[colour] == cc[wcol]:
            wcol = colour
        # a wild's score but for its kind's terms
        ws = (-K_WILD_KEEP if n_after > 2 else -100) + K_SAME * cc[wcol]
        if wcol == colour and n_after > 0:
            ws += 30
        best = -1
        best_s = -1000000
        for c in h:
            k = c & 15
            col = c >> 4
            if col == 4:
                s = ws
                if k == WILD4:
                    if low:
                        s += K_W4_ATTACK
                    if cc[colour]:
                        s -= 3000
                col = wcol
            elif col == colour or k == topk:
                s = K_SAME * (cc[col] - 1)
                if col == colour:
                    s += K_KEEP_COLOUR
                if k < SKIP:
                    s += K_NUM * k
                elif k == REVERSE:
                    if low:
                        s += 100
                else:
                    s += 100
                    if low:
                        s += K_ATTACK
                    if k == DRAW2:
                        s += K_DRAW2
            else:
                continue
            if danger:
                s += 8 * _POINTS[k]
            if n_after == 1:
                # going down to one card: a wild or a card of the new colour kept
                last = h[1] if h[0] == c else h[0]
                if last >= 0x40:
                    s += 300
                elif last >> 4 == col:
                    s += 200
            if s > best_s:
                best_s = s
                best = c
        return best

    def _most_held(self, h):
        # the colour a wild calls: the one ``h`` holds most (the first on a tie; red if none)
        cc = self.cc
        cc[0] = cc[1] = cc[2] = cc[3] = 0
        for c in h:
            cc[c >> 4] += 1
        hi = 0
        colour = 0
        for col in range(4):
            if cc[col] > hi:
                hi = cc[col]
                colour = col
        return colour

    def _penalty(self, vh, m, pile, ptr, counts):
        # ``m`` cards from the pile's top (at ``ptr``) onto the hand ``vh``, and into
        # ``counts`` (the searching seat's colour counts) unless None; returns the new top's
        # index. (Rarer than a plain turn, so the call costs little.)
        while m and ptr >= 0:
            c = pile[ptr]
            vh.append(c)
            if counts is not None:
                counts[c >> 4] += 1
            ptr -= 1
            m -= 1
        return ptr

    def _went_out(self, k, victim, pile, ptr, turn, seat):
        # the score when seat ``turn`` has played its last card ``k`` (its +2 or W+4 still
        # makes the next seat, ``victim``'s hand, draw: it counts at the end)
        if k == DRAW2 or k == WILD4:
            self._penalty(victim, 2 if k == DRAW2 else 4, pile, ptr, None)
        if self.rl:
            # RLCard counts only the win.
            return WIN if turn == seat else -WIN
        return terminal(turn, self.bufs, seat)


def terminal(winner, hands, seat):
    """Score of a finished hand for ``seat``: +-1, plus a little per point at stake."""
    if winner == seat:
        t = 0
        for s in range(len(hands)):
            if s != seat:
                t += _own_points(hands[s])
        return WIN + t * 510
    if winner < 0:
        return 0
    return -WIN - _own_points(hands[seat]) * 510


def position_value(hands, seat, turn, colour, topk):
    """Score of an unfinished position for ``seat``: the card-count race, wilds held, and
    whether ``seat`` can play when it is its turn."""
    mine = hands[seat]
    nm = len(mine)
    other = 99
    for s in range(len(hands)):
        if s != seat:
            n = len(hands[s])
            if n < other:
                other = n
    if _USE_TABLE:
        a = nm if nm < 20 else 20
        b = other if other < 20 else 20
        if a < 1:
            a = 1
        if turn == seat:
            v = _WIN_TABLE[(a - 1) * 20 + b - 1] * 2000 - WIN
        else:
            v = WIN - _WIN_TABLE[(b - 1) * 20 + a - 1] * 2000
    else:
        v = (other - nm) * WIN // (other + nm + 2)
    can = 0
    for c in mine:
        if c >= 0x40:
            v += K_WILD_HELD
            can = 1
        elif c >> 4 == colour or (c & 15) == topk:
            can = 1
    if turn == seat:
        v += K_CAN_PLAY if can else -K_CAN_PLAY
    return v


def fast_pick(g, acts, rng):
    """A quick greedy choice for the core plies that follow a candidate."""
    if len(acts) == 1:
        return acts[0]
    a0 = acts[0]
    ph = g.phase
    if a0 >= DRAW:
        if ph == PH_CHALLENGE:
            # A sampled bluffer is caught half of the time.
            if g.w4_guilty and rng.below(2) == 0:
                return CHALLENGE
            return ACCEPT
        if ph == PH_ONE:
            return CALL_ONE
        if ph == PH_CATCH:
            return CATCH
        if ph == PH_COLOUR:
            return COLOUR + best_colour(colour_counts(g.hands[g.actor]))
        if ph == PH_SWAP:
            # after a 7: the fewest cards (uno.players.normal.Player.swap)
            best = a0
            for a in acts:
                if len(g.hands[a - SWAP]) < len(g.hands[best - SWAP]):
                    best = a
            return best
        return a0
    hand = g.hands[g.actor]
    cc = [0, 0, 0, 0, 0]
    for c in hand:
        cc[c >> 4] += 1
    best = a0
    best_s = -1000
    for a in acts:
        if a >= DRAW:
            continue
        k = a & 15
        col = a >> 4
        s = cc[col] * 2
        if k >= WILD:
            s -= 12 if k == WILD else 14
        elif k >= SKIP:
            s += 3
        if s > best_s:
            best_s = s
            best = a
    return best


def _own_points(hand):
    t = 0
    for c in hand:
        t += _POINTS[c & 15]
    return t
