"""What the player chose (``Settings``) and what a save holds (``Saved``): plain data, kept in
memory while the app runs. The codec that reads and writes them, ``uno.saves.codec``, is loaded only
at start-up and at save points (see docs/SAVES.md), and what is made from them (a match's
rules and names) only by the pages and a match's set-up (``uno.saves.settings_ops``), so
these classes live apart from both.
"""

from micropython import const

# a name's characters at most (uno.saves.codec checks them, the players page edits)
NAME_LEN = const(16)
FIELDS = ("preset", "rules", "target", "speed", "tips", "sound", "bright", "seats", "names")


class Settings:
    """The options and players screens' choices; the defaults a new badge starts with.
    ``seats``: four of "human", "easy", "normal", "advanced" or "" (empty); ``names``: four
    names of up to 16 of A-Z, 0-9 and space; ``rules``: "k=v ..." options over the preset;
    ``target``: 0 for the preset's."""

    def __init__(self):
        self.preset = "classic"
        self.rules = ""
        self.target = 0
        self.speed = 7
        self.tips = True
        self.sound = True
        self.bright = 8
        self.seats = ["human", "normal", "", ""]
        self.names = ["YOU", "CPU1", "CPU2", "CPU3"]

    def copy(self):
        """An independent copy (what a save's ``head`` was made of: uno.saves.codec ``head``)."""
        s = Settings()
        for k in FIELDS:
            setattr(s, k, getattr(self, k))
        s.seats = list(self.seats)
        s.names = list(self.names)
        return s

    def __eq__(self, other):
        if not isinstance(other, Settings):
            return False
        for k in FIELDS:
            if getattr(self, k) != getattr(other, k):
                return False
        return True

    def __repr__(self):
        return "Settings(%s)" % ", ".join("%s=%r" % (k, getattr(self, k)) for k in FIELDS)


class Saved:
    """What a save holds: ``settings``, ``scores`` (high-score entries (score, name, preset,
    opponents), best first), ``stats`` (the player's record: bytes of ``uno.saves.stats.pack``, or
    None) and ``match`` (bytes of ``uno.saves.codec.pack_match``, or None)."""

    # the player's record: a class default, so that a save without one (a new badge) holds no
    # instance slot for it in a match's heap
    stats = None  # type: bytes | None

    def __init__(self, settings=None, scores=None, match=None):
        self.settings = settings if settings is not None else Settings()
        self.scores = scores if scores is not None else []  # type: list
        self.match = match
        # uno.saves.codec.head: the payload of the settings and scores alone, what it was made of,
        # and the store's capacity; None until the codec makes it.
        self.head = None  # type: bytes | None
        self.head_of = None  # type: tuple | None
        self.cap = 0
