"""What the player chose (``Settings``) and what a save holds (``Saved``): plain data, kept in
memory while the app runs. The codec that reads and writes them, ``uno.save``, is loaded only
at start-up and at save points (see docs/SAVES.md), so these classes live apart from it.
"""

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

    def rules_obj(self):
        """The uno.rules.Rules these settings make (preset, rules, target, seats);
        ValueError with the reason for a bad combination (say, one occupied seat)."""
        for tok in self.rules.lower().replace(";", " ").split():
            k = tok.split("=")[0]
            if k in ("seats", "target"):
                raise ValueError("%s is a setting of its own, not a rule option" % k)
        from uno import rules as R  # only while the rules are made: dropped below (2.5 KB)

        r = R.Rules.parse(self.rules, R.preset(self.preset))
        if self.target:
            r.update({"target": self.target})
        r.update({"seats": self.seats})
        R.drop()
        return r

    def match_names(self):
        """The names of the occupied seats, in seat order (as the match numbers them)."""
        return [self.names[i] for i in range(4) if self.seats[i]]

    def copy(self):
        """An independent copy (the options screen edits one, keeps or drops it)."""
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
    opponents), best first) and ``match`` (bytes of ``uno.save.pack_match``, or None)."""

    def __init__(self, settings=None, scores=None, match=None):
        self.settings = settings if settings is not None else Settings()
        self.scores = scores if scores is not None else []  # type: list
        self.match = match
        # uno.save.head: the payload of the settings and scores alone, what it was made of,
        # and the store's capacity; None until the codec makes it.
        self.head = None  # type: bytes | None
        self.head_of = None  # type: tuple | None
        self.cap = 0

    def head_for(self, match):
        """The payload of this save with ``match`` (bytes of uno.snapshot.pack), as its two
        parts (head, match) for ``Autosave.submit``, when its settings and scores are those
        ``head`` was made of and it fits, else None (then the codec, uno.save, encodes it)."""
        h = self.head
        of = self.head_of
        if h is None or of is None or len(h) + len(match) > self.cap:
            return None
        if not (of[0] == self.settings and of[1] == tuple(self.scores)):
            return None
        return h, match


def seat_names(seats, given):
    """The names the table shows for ``seats`` (kinds, as Rules.seats): ``given`` where set
    and not a default name, else "YOU" (P1, P2... with several humans) and "CPU" (CPU1...)."""
    humans = [s for s in range(len(seats)) if seats[s] == "human"]
    cpus = [s for s in range(len(seats)) if seats[s] != "human"]
    names = []
    for s in range(len(seats)):
        name = given[s] if given and s < len(given) else ""
        if name and name not in ("YOU", "CPU1", "CPU2", "CPU3"):
            names.append(name)
        elif seats[s] == "human":
            names.append("YOU" if len(humans) == 1 else "P%d" % (humans.index(s) + 1))
        else:
            names.append("CPU" if len(cpus) == 1 else "CPU%d" % (cpus.index(s) + 1))
    return names


def drop_codec():
    """Free the save codec (uno.save, uno.bits, uno.bitread, uno.snapshot, uno.restore,
    uno.store, uno.rules) until the next save point: the app keeps only Settings and Saved
    between saves. Call with no reference to them held."""
    from uno import drop

    for name in ("snapshot", "restore", "save", "bits", "bitread", "store", "crc32py", "rules"):
        drop("uno." + name)

