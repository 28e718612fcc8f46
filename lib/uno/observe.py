"""What a seat may see (``Observation``) and a full game sampled from it (``determinize``).

Kept apart from ``game`` so that a match without computer search loads less code.
"""

from uno import cards


class Observation:
    """What one seat may see: its own hand and everything public."""

    def __init__(self, g, seat):
        self.seat = seat
        self.hand = list(g.hands[seat])
        self.top = g.discard[-1] if g.discard else -1
        self.colour = g.colour
        self.counts = [len(h) for h in g.hands]
        self.actor = g.actor
        self.phase = g.phase
        self.direction = g.direction
        self.pending = g.pending
        self.pend_kind = g.pend_kind
        self.drawn = g.drawn if seat == g.actor else -1
        self.discard = list(g.discard)
        self.scores = list(g.scores)
        self.rules = g.rules
        self.nseats = g.nseats
        self.hand_no = g.hand_no
        self.pile_count = len(g.pile)
        self.prev_colour = g.prev_colour
        self.w4_seat = g.w4_seat
        self.one_seat = g.one_seat
        self.catch_n = g.catch_n
        self.passes = g.passes
        self.void = list(g.void)
        self.legal = g.legal_actions() if seat == g.actor else []



def determinize(cls, obs, rng):
    """A full game consistent with ``obs``: unseen cards dealt at random (``rng``) to the
    other hands (avoiding colours each seat showed it lacked) and to the pile."""
    g = cls(obs.rules, seed=rng.next32())
    seat = obs.seat
    g.hand_no = obs.hand_no
    g.scores = list(obs.scores)
    g.discard = list(obs.discard)
    g.colour = obs.colour
    g.direction = obs.direction
    g.phase = obs.phase
    g.actor = obs.actor
    g.turn = obs.actor
    g.pending = obs.pending
    g.pend_kind = obs.pend_kind
    g.drawn = obs.drawn
    g.passes = obs.passes
    g.one_seat = obs.one_seat
    g.catch_n = obs.catch_n
    g.w4_seat = obs.w4_seat
    g.prev_colour = obs.prev_colour
    g.void = list(obs.void)
    unseen = cards.make_deck(obs.rules.deck == "acorn")
    for c in obs.hand:
        unseen.remove(c)
    for c in obs.discard:
        unseen.remove(c)
    rng.shuffle(unseen)
    hands = [[] for _ in range(obs.nseats)]  # type: list[list[int]]
    hands[seat] = list(obs.hand)
    for s in range(obs.nseats):
        if s == seat:
            continue
        need = obs.counts[s]
        void = obs.void[s]
        h = hands[s]
        if void:
            i = len(unseen) - 1
            while i >= 0 and len(h) < need:
                c = unseen[i]
                if not (c < 0x40 and void >> (c >> 4) & 1):
                    h.append(unseen.pop(i))
                i -= 1
        while len(h) < need:
            h.append(unseen.pop())
    g.hands = hands
    g.pile = unseen
    if obs.w4_seat >= 0 and obs.prev_colour >= 0:
        g.w4_guilty = g._holds_colour(hands[obs.w4_seat], obs.prev_colour)
    return g
