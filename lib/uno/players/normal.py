"""Computer players: Easy, Normal and Advanced behind one interface.

    from uno.players.make import make_player
    p = make_player("normal", seed)      # "easy" | "normal" | "advanced" (budget=... for advanced)
    action = p.choose(game.observe(seat))

A player sees only the seat's observation (own hand, top card, active colour, card counts, the
discard history, scores, rules) and returns one of ``obs.legal``. It answers every phase: play or
draw, play or keep a drawn card, colour for a wild, challenge or accept a W+4, stack or take,
call ONE, catch a missed call. Decisions are a function of the observation and the player's own
seeded generator only, so a match replays exactly for the same seeds.

Easy (uno.players.easy) plays like a beginner (a random playable card, random-ish colours, sometimes
forgets to call ONE). Normal uses heuristics (colour control, keep wilds, attack a seat about to go
out, shed points when a hand is about to end). Advanced (uno.players.advanced) picks among Normal's
best plays by searching sampled deals (uno.players.search). """

from micropython import const

from uno.core.cards import POINTS as _POINTS
from uno.core.cards import DRAW2, REVERSE, SKIP, WILD, WILD4, action_card
from uno.core.codes import ACCEPT, CALL_ONE, CATCH, CHALLENGE, COLOUR, DRAW, NO_JUMP, PASS, SWAP
from uno.core.rng import Rng

LEVELS = ("easy", "normal", "advanced")

# Weights of the play heuristic (tuned in RLCard's engine and ours with tools/ai/arena.py).
# The play scores are whole numbers, in hundredths of a point: the badge's floats are 30-bit,
# and integers make it choose as a PC does.
K_WILD_KEEP = const(900)
K_W4_ATTACK = const(800)
K_SAME = const(200)
K_VOID = const(250)
K_KEEP_COLOUR = const(50)
K_EXTRA = const(250)
K_ATTACK = const(400)
K_DRAW2 = const(150)
K_NUM = const(5)
# The search's scores (uno.players.search) and Advanced's prior (uno.players.advanced) are integers
# in units of 1/255,000 of a hand's win: exact sums, the same on the badge (30-bit floats) as on a
# PC, and nothing boxed per playout. 255,000 = 255 x 1,000 keeps the win table's 2/255 steps, 0.002
# a point and the prior's 0.02 whole.
WIN = const(255000)


# --- small helpers on observations -------------------------------------------------------------


def colour_counts(hand):
    """[red, yellow, green, blue, wild] counts of a hand."""
    cc = [0, 0, 0, 0, 0]
    for c in hand:
        cc[c >> 4] += 1
    return cc


def next_seat(obs, seat, steps=1):
    """Seat ``steps`` places after ``seat`` in the current direction."""
    return (seat + steps * obs.direction) % obs.nseats


def unseen_colour_counts(obs):
    """Cards of each colour (and wilds, index 4) not in this hand and not in the discard."""
    # A full deck has 25 per colour and 8 wilds; the acorn deck has the same counts.
    left = [25, 25, 25, 25, 8]
    for c in obs.hand:
        left[c >> 4] -= 1
    for c in obs.discard:
        k = c & 15
        if k >= WILD:
            left[4] -= 1
        else:
            left[c >> 4] -= 1
    for i in range(5):
        if left[i] < 0:
            left[i] = 0
    return left


def p_holds_colour(obs, seat, colour):
    """Chance that ``seat`` holds at least one card of ``colour``, if its hand were a random
    draw from the cards this seat has not seen (void bits honoured): (numerator, denominator),
    exact."""
    void = obs.void
    if void and (void[seat] >> colour) & 1:
        return 0, 1
    left = unseen_colour_counts(obs)
    total = left[0] + left[1] + left[2] + left[3] + left[4]
    n = obs.counts[seat]
    k = left[colour]
    if total <= 0 or k <= 0:
        return 0, 1
    # 1 - C(total-k, n) / C(total, n), as a fraction (long ints on the badge: a challenge only)
    none = 1
    den = 1
    for i in range(n):
        if total - i <= 0:
            break
        if total - k - i <= 0:
            return 1, 1
        none *= total - k - i
        den *= total - i
    return den - none, den


def best_colour(cc, void_next=0, avoid=-1):
    """Colour to call: the one held most; ties broken towards a colour the next seat lacks."""
    best = 0
    best_s = -1000000
    for col in range(4):
        s = cc[col] * 4000  # thousandths
        if (void_next >> col) & 1:
            s += 1500
        if col == avoid:
            s -= 500
        s -= col
        if s > best_s:
            best_s = s
            best = col
    return best


class Player:
    """Base: the phase-independent answers; subclasses give ``play``."""

    level = "?"

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, obs):
        """One action from ``obs.legal`` for the observing seat."""
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if CALL_ONE in legal:
            return self.call_one(obs)
        if CATCH in legal:
            return self.catch(obs)
        if first >= SWAP or legal[-1] == NO_JUMP:  # seven_zero's swap, jump_in's window
            from uno.players.party import answer

            return answer(self, obs)
        if first >= COLOUR:
            return COLOUR + self.colour(obs)
        if CHALLENGE in legal:
            return self.challenge(obs)
        if ACCEPT in legal:
            return self.stack(obs)
        return self.play(obs)

    # Defaults shared by Normal and Advanced.
    def call_one(self, obs):
        return CALL_ONE

    def catch(self, obs):
        return CATCH

    def colour(self, obs):
        return best_colour(colour_counts(obs.hand), self.void_of_next(obs))

    def void_of_next(self, obs):
        void = obs.void
        if not void:
            return 0
        return void[next_seat(obs, obs.seat)]

    def stack(self, obs):
        """STACK phase: pass the penalty on when a card allows it."""
        plays = [a for a in obs.legal if a < DRAW]
        if not plays:
            return ACCEPT
        if (plays[0] & 15) == DRAW2 and (plays[-1] & 15) == WILD4:
            # stacking=mixed: a +2 before a W+4, which is kept for later
            plays = [a for a in plays if (a & 15) == DRAW2]
        return self.pick_wild_colour(obs, plays)

    def pick_wild_colour(self, obs, plays):
        """Among plays of one card kind (stacking), the one leaving the best colour."""
        a0 = plays[0]
        cc = colour_counts(obs.hand)
        if (a0 & 15) < WILD:
            best = a0
            for a in plays:
                if cc[a >> 4] > cc[best >> 4]:
                    best = a
            return best
        col = best_colour(cc, self.void_of_next(obs))
        want = col << 4 | (a0 & 15)
        return want if want in plays else a0

    def challenge(self, obs):
        """CHALLENGE phase: stack a W+4 if allowed, else challenge when guilt is likely."""
        legal = obs.legal
        for a in legal:
            if a < DRAW:
                return self.pick_wild_colour(obs, [x for x in legal if x < DRAW])
        n, d = self.p_guilty(obs)
        # Guilty: the other seat draws the penalty and we take a turn (a swing of about 9
        # cards); innocent: two cards more for us. Break-even near 1 in 5; a little caution:
        # challenge above 1 in 4.
        return CHALLENGE if 4 * n > d else ACCEPT

    bluff_rate = 35  # in hundredths

    def bluff_estimate(self, seat, obs):
        """How often ``seat`` is taken to play an illegal W+4 when it could (``obs``: what
        this seat sees): (numerator, denominator)."""
        return self.bluff_rate, 100

    def p_guilty(self, obs):
        """Chance that the W+4 just played was illegal: the player held the previous colour.
        Bayes with a prior that a player holding that colour bluffs ``bluff_rate`` of the time.
        (numerator, denominator), exact."""
        col = obs.prev_colour
        if col is None or col < 0 or col > 3:
            return 0, 1
        culprit = obs.w4_seat
        if culprit is None or culprit < 0:
            culprit = next_seat(obs, obs.seat, -1)
        hn, hd = p_holds_colour(obs, culprit, col)
        bn, bd = self.bluff_estimate(culprit, obs)
        # b h / (b h + 1 - h) with b = bn/bd, h = hn/hd
        num = bn * hn
        den = num + (hd - hn) * bd
        if den <= 0:
            return 1, 1
        return num, den

    def play(self, obs):
        raise NotImplementedError


class Learner:
    """Remembers what its own challenges revealed: per seat, how often a challenged W+4 was a
    bluff, for the match. The prior is worth ``prior_weight`` challenges at the rate the seat's
    level bluffs: a Normal never does (score_play), anyone else ``bluff_rate``. Every seat's
    level is public (the players page shows it; ``Rules.seats``)."""

    prior_weight = 3
    bluff_rate = 20  # in hundredths

    def init_learning(self):
        self.bluffs = [0, 0, 0, 0]
        self.honest = [0, 0, 0, 0]
        self.pending_challenge = None  # (culprit, own count, penalty, hand_no)

    def learn(self, obs):
        """Called first in every decision: settle the outcome of our last challenge."""
        pc = self.pending_challenge
        if pc is None:
            return
        self.pending_challenge = None
        culprit, before, penalty, hand_no = pc
        if obs.hand_no != hand_no:
            return
        if len(obs.hand) >= before + penalty + 2:
            self.honest[culprit] += 1
        else:
            self.bluffs[culprit] += 1

    def bluff_estimate(self, seat, obs):
        w = self.prior_weight
        # Normal never bluffs (no bluff in 3,763 of its W+4s, docs/AI.md): challenging one
        # only ever costs two cards.
        rate = 0 if obs.rules.seats[seat] == "normal" else self.bluff_rate
        return (100 * self.bluffs[seat] + rate * w,
                100 * (self.bluffs[seat] + self.honest[seat] + w))

    def note_challenge(self, obs):
        culprit = obs.w4_seat
        if culprit is None or culprit < 0:
            culprit = next_seat(obs, obs.seat, -1)
        self.pending_challenge = (culprit, len(obs.hand), obs.pending, obs.hand_no)


class Normal(Player):
    """Sound heuristics: keep the colour it holds most, keep wilds, use Skip/+2 for extra turns
    and against a seat about to go out, switch to colours an opponent has shown it lacks, shed
    points when the hand is about to end (or always, under penalty scoring)."""

    level = "normal"
    bluff_rate = 35

    def play(self, obs):
        legal = obs.legal
        best = -1
        best_s = -1000000000
        ctx = Context(obs)
        for a in legal:
            if a >= DRAW:
                continue
            s = score_play(ctx, a)
            if s > best_s:
                best_s = s
                best = a
        if best < 0:
            return self.no_play(obs, ctx)
        if DRAW in legal and best_s < ctx.renege_below:
            return DRAW
        return best

    def no_play(self, obs, ctx):
        legal = obs.legal
        if DRAW in legal and PASS in legal:
            # draw=repeat after a miss: keep digging only when someone is about to go out.
            if ctx.danger and obs.counts[obs.seat] < 12:
                return DRAW
            return PASS
        if DRAW in legal:
            return DRAW
        return PASS


class Context:
    """What the play heuristic needs about a position, computed once per decision."""

    def __init__(self, obs):
        self.obs = obs
        hand = obs.hand
        self.hand = hand
        self.n = len(hand)
        self.cc = colour_counts(hand)
        seat = obs.seat
        self.nseats = obs.nseats
        nxt = next_seat(obs, seat)
        self.next = nxt
        self.prev = next_seat(obs, seat, -1)
        counts = obs.counts
        self.next_count = counts[nxt]
        m = 99
        for s in range(obs.nseats):
            if s != seat and counts[s] < m:
                m = counts[s]
        self.min_opp = m
        self.danger = m <= 2
        void = obs.void
        self.void_next = void[nxt] if void else 0
        self.colour = obs.colour
        self.top_kind = obs.top & 15
        rules = obs.rules
        self.penalty = rules.scoring == "penalty"
        self.challenge_rule = rules.wd4 == "challenge"
        # Two seats: Reverse acts as Skip (RULES.md); RLCard's engine says otherwise.
        self.reverse_skips = obs.nseats == 2 and not getattr(rules, "reverse_passes", False)
        # Playing nothing (reneging) is never better than a card whose score is above this.
        self.renege_below = -100000000
        # Does the hand hold a card of the active colour (then a W+4 is a bluff)?
        self.has_active = self.cc[obs.colour] > 0 if 0 <= obs.colour < 4 else False


def score_play(ctx, a):
    """Heuristic value of play action ``a`` (higher is better)."""
    kind = a & 15
    col = a >> 4
    cc = ctx.cc
    n_after = ctx.n - 1
    s = 0
    if kind >= WILD:
        wild_left = cc[4] - 1
        same_left = cc[col]
        # Keep wilds for when nothing else fits, unless the hand is nearly done.
        s -= K_WILD_KEEP if n_after > 2 else 100
        if kind == WILD4:
            if ctx.next_count <= 2:
                s += K_W4_ATTACK
            elif ctx.nseats == 2:
                s += 200  # an extra turn in a two-seat game
            if ctx.challenge_rule and ctx.has_active:
                s -= 3000  # Normal does not bluff
        # Colour called: cards of that colour still held, and the next seat's known voids.
        s += K_SAME * same_left
        if (ctx.void_next >> col) & 1:
            s += K_VOID
        if col == ctx.colour and n_after > 0:
            s += 30
    else:
        wild_left = cc[4]
        same_left = cc[col] - 1
        s += K_SAME * same_left
        if (ctx.void_next >> col) & 1:
            s += K_VOID
        if col == ctx.colour:
            s += K_KEEP_COLOUR  # keeps the colour: no information given away
        if kind < 10:
            s += K_NUM * kind
        else:
            extra = kind == SKIP or kind == DRAW2 or ctx.reverse_skips
            if kind == REVERSE and ctx.nseats > 2:
                extra = False
                # Reverse turns the attack on the seat before us.
                s += 100 if ctx.next_count <= 2 else 0
            if extra:
                # Skip, two-seat Reverse and +2 give another turn (two seats) or hurt the next
                # seat: worth it when a follow-up card exists.
                follow = same_left + wild_left
                if ctx.nseats == 2:
                    s += K_EXTRA if follow > 0 else 50
                else:
                    s += 100
                if ctx.next_count <= 2:
                    s += K_ATTACK
            if kind == DRAW2:
                s += K_DRAW2
    # Points: shed expensive cards when a hand may end soon, and always in penalty scoring.
    if ctx.danger or ctx.penalty:
        s += 8 * _POINTS[kind]
    # Going down to one card: keep a wild or a card of the new colour as the last one.
    if n_after == 1:
        last = -1
        for c in ctx.hand:
            if c != action_card(a):
                last = c
                break
            # two identical cards: the other one stays
        if last < 0:
            last = action_card(a)
        if last >= 0x40:
            s += 300
        elif last >> 4 == col:
            s += 200
    return s
