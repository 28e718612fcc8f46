"""What a seat may see (``Observation``): what every computer turn reads.

Kept apart from ``game`` so that a match without computer players loads less code; a full
game sampled from it is uno.core.sample's (the search's).
"""


# Public scalars every seat may see, copied as they are between a Game and an Observation.
PUBLIC = (
    "colour", "actor", "phase", "direction", "pending", "pend_kind", "rules", "nseats",
    "hand_no", "prev_colour", "w4_seat", "one_seat", "catch_n", "passes", "last_challenge",
)


class Observation:
    """What one seat may see: its own hand and everything public."""

    def __init__(self, g, seat):
        for name in PUBLIC:
            setattr(self, name, getattr(g, name))
        self.seat = seat
        self.hand = list(g.hands[seat])
        self.top = g.discard[-1] if g.discard else -1
        self.counts = [len(h) for h in g.hands]
        self.drawn = g.drawn if seat == g.actor else -1
        # bytes: one byte a card, where a list takes four and, late in a hand, a 512-byte
        # block of the badge's heap at every decision.
        self.discard = bytes(g.discard)
        self.scores = list(g.scores)
        self.pile_count = len(g.pile)
        self.void = list(g.void)
        self.last_play = bytes(g.last_play)
        self.legal = g.legal_actions() if seat == g.actor else []
