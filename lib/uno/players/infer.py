"""The search's reading of Normal seats (uno.players.search.Pool): at three and four seats a
sampled deal gives a Normal seat fewer wilds (``thin``) and a hand that would have made its
recorded plays (``fit_all``, ``Past``). Apart from the search so that a match with no Normal
opponent never loads it; let go with the search's code (uno.drop_search).
"""

from micropython import const

from uno.core.cards import WILD, WILD4
from uno.core.codes import LAST_PLAY, LAST_REC, VOID_KIND
from uno.players.normal import score_play

# A seat's hand is re-dealt up to _INFER_TRIES times; a check of one play costs _CHECK_COST
# work units, of two _CHECK2_COST (callgrind: about 61 k and 91 k instructions).
_INFER_TRIES = const(20)
_CHECK_COST = const(5)
_CHECK2_COST = const(8)


def thin(g, seat, rng, times):
    """Each wild of a Normal seat's hand (not ``seat``'s) back to the pile ``times`` in 8, for
    the first of up to 8 cards drawn at random from the pile that is no wild and fits the
    seat's marks."""
    pile = g.pile
    seats = g.rules.seats
    for s in range(g.nseats):
        if s == seat or seats[s] != "normal":
            continue
        h = g.hands[s]
        v = g.void[s]
        for m in range(len(h)):
            if h[m] >= 0x40 and rng.below(8) < times and pile:
                tries = 8
                while tries:
                    tries -= 1
                    j = rng.below(len(pile))
                    d = pile[j]
                    if d < 0x40 and not ((v >> (d >> 4)) & 1
                                         or (v >> (VOID_KIND + (d & 15))) & 1):
                        pile[j] = h[m]
                        h[m] = d
                        break


def fit_all(pool, g, depth, rng):
    """Each seat that ``depth`` marks (1: its last play, 2: its last two) dealt a hand that
    fits its recorded plays (``pool.lp``, checked by ``pool.past``); the work units spent."""
    extra = 0
    for s in range(g.nseats):
        if depth[s]:
            extra += _fit(pool, g, s, depth[s] > 1, rng)
    return extra


def _fit(pool, g, s, two, rng):
    # seat ``s``'s hand swapped card by card with the pile's (its voids honoured) until Normal
    # holding it would have made its recorded play (and the one before, holding the later
    # card): a hand it would not have played so from is unlikely. Returns the units.
    lp = pool.lp
    o = s * LAST_PLAY
    h = g.hands[s]
    pile = g.pile
    v = g.void[s]
    past = pool.past
    tries = 0
    while not (past.fits(lp, o, h, -1)
               and (not two or past.fits(lp, o + LAST_REC, h, lp[o]))):
        tries += 1
        if tries > _INFER_TRIES or not pile:
            break  # rare (0.6% of checks): the last deal stands
        for m in range(len(h)):
            j = rng.below(len(pile))
            d = pile[j]
            if not (v and ((v >> (d >> 4)) & 1
                           or d < 0x40 and (v >> (VOID_KIND + (d & 15))) & 1)):
                pile[j] = h[m]
                h[m] = d
    return (tries + 1) * (_CHECK2_COST if two else _CHECK_COST)


class Past:
    """A seat's position at one of its recorded plays (``Game.last_play``), as the fields of
    uno.players.normal's ``Context`` that ``score_play`` reads: would Normal holding a given
    hand have made that play?"""

    def __init__(self, rules, n):
        self.nseats = n
        self.penalty = rules.scoring == "penalty"
        self.challenge_rule = rules.wd4 == "challenge"
        self.strict = rules.wd4 == "strict"
        self.reverse_skips = False  # three and four seats only
        self.hand = []  # type: list[int]
        self.cc = [0, 0, 0, 0, 0]

    def fits(self, rec, o, held, later):
        """True if Normal holding ``held`` (and ``later``, the card of a later play, if >= 0)
        and the card of play rec[o], in the position recorded at rec[o:], scores no other play
        above it (ties fit)."""
        a = rec[o]
        k = a & 15
        h = self.hand
        del h[:]
        h.extend(held)
        if later >= 0:
            h.append(later if (later & 15) < WILD else 0x40 | (later & 15))
        h.append(a if k < WILD else 0x40 | k)
        cc = self.cc
        cc[0] = cc[1] = cc[2] = cc[3] = cc[4] = 0
        for c in h:
            cc[c >> 4] += 1
        self.n = len(h)
        colour = rec[o + 1] & 3
        topk = rec[o + 1] >> 2
        self.colour = colour
        self.next_count = rec[o + 2]
        self.danger = rec[o + 3] <= 2
        self.void_next = rec[o + 4]
        self.has_active = cc[colour] > 0
        s = score_play(self, a)
        if k >= WILD:
            for col in range(4):
                if score_play(self, col << 4 | k) > s:
                    return False
        w4_ok = not (self.strict and self.has_active)
        for i in range(len(h) - 1):
            c = h[i]
            kc = c & 15
            if c >= 0x40:
                if kc == k or kc == WILD4 and not w4_ok:
                    continue
                for col in range(4):
                    if score_play(self, col << 4 | kc) > s:
                        return False
            elif ((c >> 4) == colour or kc == topk) and score_play(self, c) > s:
                return False
        return True
