"""The save format's bit stream and the fields a match snapshot shares with the settings.

Kept apart from ``uno.saves.codec`` (the whole codec: checks, high scores, presets) so that a save
point in a match loads only this, ``uno.saves.snapshot``, ``uno.saves.store`` and
``uno.app.savepoint`` (docs/SAVES.md); reading is ``uno.saves.bitread``'s. """

from micropython import const

from uno.core import cards

SEAT_CODES = ("", "human", "easy", "normal", "advanced")

# The options a Settings.rules string may carry (seats and target have their own settings),
# with the bits each value takes.
RULE_BITS = (
    ("deck", 1), ("wd4", 2), ("draw", 2), ("hand_limit", 1), ("stacking", 2), ("one_call", 1),
    ("one_window", 4), ("scoring", 1), ("next_start", 2), ("seven_zero", 1), ("jump_in", 1),
)
# Saves made before seven_zero, jump_in, draw=match and stacking=mixed (settings version 1,
# match snapshots 1 and 2) hold the first OLD_RULES options, draw and stacking in one bit each
# they are read with the new options off.
OLD_RULES = const(9)
# A match snapshot's format: uno.saves.snapshot writes it, uno.saves.restore reads it and the older
# ones (2: the last plays, 3: the party rules; 1 and 2 are read with them left out).
SNAPSHOT_VERSION = const(3)
CHOICES = {
    "deck": ("standard", "acorn"), "wd4": ("challenge", "strict", "free"),
    "draw": ("one", "repeat", "match"), "hand_limit": (0, 16), "stacking": ("off", "on", "mixed"),
    "one_call": ("auto", "required"), "scoring": ("standard", "penalty"),
    "next_start": ("alternate", "winner", "rotate"),
}
# seven_zero and jump_in: OFF_ON, kept out of CHOICES (a ninth key would double its table)
OFF_ON = ("off", "on")



class Bits:
    """A little-endian bit stream written with ``put`` (read back with uno.saves.bitread.Reader:
    a save point, which only writes, loads no reading code)."""

    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def put(self, v, bits):
        """Append ``v`` (0 <= v < 2**bits, bits <= 16); ValueError otherwise."""
        if v < 0 or v >> bits:
            raise ValueError("value %r does not fit %d bits" % (v, bits))
        self.acc |= v << self.n
        self.n += bits
        while self.n >= 8:
            self.out.append(self.acc & 255)
            self.acc >>= 8
            self.n -= 8

    def put32(self, v):
        """Append a 32-bit value (as two halves: the badge's small ints hold 31 bits)."""
        self.put(v & 0xFFFF, 16)
        self.put((v >> 16) & 0xFFFF, 16)

    def flush(self):
        """Pad to a whole byte; returns the bytes written so far."""
        if self.n:
            self.out.append(self.acc & 255)
            self.acc = 0
            self.n = 0
        return self.out


def put_option(w, name, value):
    """Append one rule option's value (RULE_BITS width)."""
    if name == "one_window":
        w.put(value, 4)
    else:
        ch = CHOICES.get(name, OFF_ON)
        w.put(ch.index(value), 2 if len(ch) > 2 else 1)


def copies(card, acorn=False):
    """How many of ``card`` one deck holds (0 for a value that is no card in hand); here, not
    in the resident uno.core.cards, as only the save points' check needs it."""
    k = card & 15
    col = card >> 4
    if col == 4:
        return 4 if k == cards.WILD or k == cards.WILD4 else 0
    if col > 4 or k > cards.DRAW2:
        return 0
    if k == 0:
        return 1
    if k == cards.SKIP and acorn:
        return 4
    if k == cards.REVERSE and acorn:
        return 0
    return 2


def check_cards(g):
    """ValueError unless match ``g`` can be read back: its colour and phase in range, and its
    hands, pile and discard holding exactly one deck (or nothing yet). The snapshot's writer
    checks before it writes (a failure in the middle of a move must not replace the last good
    save point with a match that cannot be continued), its reader when it reads."""
    if g.colour > 3 or g.phase > 11:  # uno.core.game.PH_JUMP
        raise ValueError("state")
    count = bytearray(80)
    total = 0
    for h in g.hands + [g.pile, g.discard]:
        for c in h:
            if c >= 80:
                raise ValueError("card")
            count[c] += 1
            total += 1
    if total == 0:
        return
    # Counted against the deck's make-up, not a dealt deck: no 108-card list at a save point.
    acorn = g.rules.deck == "acorn"
    for c in range(80):
        if count[c] != copies(c, acorn):
            raise ValueError("cards")
