"""Cards as small ints: ``colour << 4 | kind``; names only at the edges (records, display).

Colours 0-3 are red, yellow, green, blue; 4 marks a wild card in hand. Kinds 0-9 are numbers,
then Skip, Reverse, Draw Two, Wild, Wild Draw Four. A played wild is written back with the
called colour in its colour bits by the game's *actions*, never in a hand.
"""

from micropython import const


RED = const(0)
YELLOW = const(1)
GREEN = const(2)
BLUE = const(3)
WILD_COLOUR = const(4)

SKIP = const(10)
REVERSE = const(11)
DRAW2 = const(12)
WILD = const(13)
WILD4 = const(14)

W = const(0x4D)  # WILD_COLOUR << 4 | WILD
W4 = const(0x4E)  # WILD_COLOUR << 4 | WILD4

COLOUR_LETTERS = "RYGB"
COLOUR_NAMES = ("RED", "YELLOW", "GREEN", "BLUE")
_KIND_NAMES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "W", "W+4")
POINTS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 20, 20, 50, 50)


def colour_of(card):
    """Colour bits of a card (4 for a wild in hand)."""
    return card >> 4


def kind_of(card):
    """Kind of a card: 0-9, SKIP, REVERSE, DRAW2, WILD or WILD4."""
    return card & 15


def is_wild(card):
    """True for W and W+4."""
    return (card & 15) >= WILD


def points(card):
    """Points the card counts in a hand at the end of a hand."""
    return POINTS[card & 15]


def hand_points(hand):
    """Sum of the points of the cards in ``hand``."""
    total = 0
    for c in hand:
        total += POINTS[c & 15]
    return total


def name(card):
    """Record notation of a card: ``R7``, ``GS``, ``BR``, ``Y+2``, ``W``, ``W+4``."""
    k = card & 15
    if k >= WILD:
        return _KIND_NAMES[k]
    return COLOUR_LETTERS[card >> 4] + _KIND_NAMES[k]


def parse(text):
    """Card int from record notation; raises ValueError naming the bad text."""
    t = text.strip().upper()
    if t == "W":
        return W
    if t == "W+4":
        return W4
    if len(t) >= 2:
        c = COLOUR_LETTERS.find(t[0])
        rest = t[1:]
        if c >= 0:
            for k in range(WILD):
                if _KIND_NAMES[k] == rest:
                    return c << 4 | k
    raise ValueError("not a card: %r" % text)


def make_deck(acorn=False):
    """The 108 cards in a fixed order; ``acorn`` puts two more Skips where Reverses would be."""
    deck = []
    second = SKIP if acorn else REVERSE
    for c in range(4):
        base = c << 4
        deck.append(base)
        for k in range(1, 10):
            deck.append(base | k)
            deck.append(base | k)
        for k in (SKIP, SKIP, second, second, DRAW2, DRAW2):
            deck.append(base | k)
    for _ in range(4):
        deck.append(W)
        deck.append(W4)
    return deck
