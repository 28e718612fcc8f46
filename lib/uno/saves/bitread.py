"""Reading the save format's bit stream (``uno.saves.bitwrite`` writes it): loaded with the codec to
read a save, not at a save point in a match, which only writes."""

from uno.saves.bitwrite import CHOICES as _CHOICES
from uno.saves.bitwrite import OFF_ON, OLD_RULES, RULE_BITS


class Reader:
    """The values of ``data``, a little-endian bit stream as ``uno.saves.bitwrite.Bits`` writes
    it."""

    def __init__(self, data):
        self.data = data
        self.pos = 0
        self.acc = 0
        self.n = 0

    def get(self, bits):
        """The next ``bits``-bit value; ValueError past the end of the data."""
        data = self.data
        while self.n < bits:
            if self.pos >= len(data):
                raise ValueError("truncated")
            self.acc |= data[self.pos] << self.n
            self.pos += 1
            self.n += 8
        v = self.acc & ((1 << bits) - 1)
        self.acc >>= bits
        self.n -= bits
        return v

    def get32(self):
        """The next 32-bit value."""
        lo = self.get(16)
        return self.get(16) << 16 | lo

    def align(self):
        """Skip to the next whole byte; returns its index in the data."""
        self.acc = 0
        self.n = 0
        return self.pos


def get_option(r, name, old=False):
    """Read one rule option's value from Reader ``r`` (``old``: as a save from before
    uno.saves.bitwrite.OLD_RULES wrote it); ValueError when out of range."""
    if name == "one_window":
        from uno.core.rulecheck import check  # the codec has it loaded whenever it reads rules

        return check(name, r.get(4))
    ch = _CHOICES.get(name, OFF_ON)
    i = r.get(1 if old and (name == "draw" or name == "stacking") else 2 if len(ch) > 2 else 1)
    if i >= len(ch):
        raise ValueError(name)
    return ch[i]


def saved_phase(data):
    """The game phase of a saved match (``uno.saves.snapshot.pack``'s bytes), read from its head
    without building the game: whether the match had ended (``uno.core.game.PH_MATCH_OVER``)."""
    r = Reader(data)
    old = r.get(8) < 3  # uno.saves.snapshot.SNAPSHOT_VERSION 3: the party rules
    for i in range(OLD_RULES if old else len(RULE_BITS)):
        name, width = RULE_BITS[i]
        r.get(1 if old and (name == "draw" or name == "stacking") else width)
    r.get(14)
    n = r.get(2) + 2
    for _ in range(n):
        r.get(3)
    if r.get(1):
        for _ in range(n):
            for _ in range(r.get(5)):
                r.get(8)
    r.get32()
    r.get32()
    r.get(16)
    for width in (3, 3, 3, 3, 3, 2, 3, 1):  # starter .. direction, as uno.saves.snapshot.pack
        r.get(width)
    return r.get(4)
