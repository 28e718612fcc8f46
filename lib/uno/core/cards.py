"""Cards as small ints: ``colour << 4 | kind``; names only at the edges (records, display).

Colours 0-3 are red, yellow, green, blue; 4 marks a wild card in hand. Kinds 0-9 are numbers,
then Skip, Reverse, Draw Two, Wild, Wild Draw Four. A played wild is written back with the
called colour in its colour bits by the game's *actions* (``play_action``, ``action_card``),
never in a hand.
"""

from micropython import const


RED = const(0)
YELLOW = const(1)
GREEN = const(2)
BLUE = const(3)
_WILD_COLOUR = const(4)  # the colour bits of a wild in hand

SKIP = const(10)
REVERSE = const(11)
DRAW2 = const(12)
WILD = const(13)
WILD4 = const(14)

W = const(0x4D)  # _WILD_COLOUR << 4 | WILD
W4 = const(0x4E)  # _WILD_COLOUR << 4 | WILD4

COLOUR_LETTERS = "RYGB"
COLOUR_NAMES = ("RED", "YELLOW", "GREEN", "BLUE")
_KIND_NAMES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "W", "W+4")
POINTS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 20, 20, 50, 50)


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


def play_action(card, colour=0):
    """The action that plays ``card`` (actions 0..63; uno.core.codes has the others); for a wild,
    calling ``colour``, which takes its colour bits."""
    if (card & 15) >= WILD:
        return colour << 4 | (card & 15)
    return card


def action_card(a):
    """The card in hand that play action ``a`` plays (a wild's colour bits back to 4)."""
    if (a & 15) >= WILD:
        return _WILD_COLOUR << 4 | (a & 15)
    return a


def make_deck(acorn=False, deck=None):
    """The 108 cards in a fixed order; ``acorn`` puts two more Skips where Reverses would be.
    ``deck``: a 108-item buffer to fill instead of a new list (a ``bytearray(108)``: 108
    bytes where a list's items take 432, one block of the badge's heap)."""
    # Filled in place: a list grown by appends passes through blocks of 16 to 512 bytes, and
    # on the badge's heap those holes split the free space (one deck a hand).
    if deck is None:
        deck = [W4] * 108
    else:
        for i in range(100, 108):
            deck[i] = W4
    second = SKIP if acorn else REVERSE
    i = 0
    for c in range(4):
        base = c << 4
        deck[i] = base
        for k in range(1, 10):
            deck[i + 2 * k - 1] = deck[i + 2 * k] = base | k
        deck[i + 19] = deck[i + 20] = base | SKIP
        deck[i + 21] = deck[i + 22] = base | second
        deck[i + 23] = deck[i + 24] = base | DRAW2
        i += 25
    for i in range(100, 108, 2):
        deck[i] = W
    return deck
