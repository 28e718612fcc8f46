"""Save points in, flash writes out: none when nothing changed, a hand's end and going dark at
once, the others at most one every ten seconds (each write through a SAMD51's nvm erases its
whole 8 KB block; see docs/SAVES.md).
"""

from micropython import const

GAP = const(10)  # seconds between two writes, at least (a hand's end and going dark excepted)


class Autosave:
    """Writes of ``buf`` (the nvm, or the simulator's file-backed buffer) for the app's save
    points. Times are the app's clock in seconds."""

    def __init__(self, buf, gap=GAP):
        self.buf = buf
        self.gap = gap
        self.last_at = None  # when the last write happened
        self.rec = None  # type: bytearray | None  # the record while its write waits
        self.pending = None  # type: int | None  # the length of the payload in it to write
        self.writes = 0
        self.error = None  # type: str | None

    def point(self, now, saved, urgent=False):
        """A save point: ``saved`` (uno.saves.settings.Saved, its ``match`` packed by the caller) is
        encoded now, and written at once when ``urgent`` (a hand's end) or when the last write
        was ``gap`` seconds ago or more; else ``poll`` writes it when the time is up (a later
        save point replaces it). Nothing is written when it equals the last write. Returns
        what was dropped to fit (see uno.saves.codec.fit); ValueError (nothing kept) when a setting
        is out of range."""
        from uno.saves.codec import fit
        from uno.saves.store import Store

        data, dropped = fit(saved, Store(self.buf).capacity)
        self.submit(now, data, urgent=urgent)
        return dropped

    def submit(self, now, *parts, urgent=False):
        """A save point's payload, ``parts`` (bytes) one after another (``head_for``'s in
        uno.app.savepoint, or the codec's whole payload): kept and written as ``point`` does."""
        from uno.saves.store import HEAD, TAIL, Store

        n = 0
        for p in parts:
            n += len(p)
        # The waiting save point is overwritten below: if this one fails part-way, none waits
        # (the error screen's emergency save then makes a new one).
        self.pending = None
        self.rec = None
        # The record (~0.7 KB) is made here and let go once written (``poll``): kept from
        # save point to save point it sat in the heap through every search of a hand, where
        # the heap is at its fullest (three Advanced: 0.5-0.75 KB of the smallest heap,
        # docs/BENCHMARKS.md). A hand's save point comes after its players rest
        # (Match.hand_over), with their 14 KB free.
        rec = bytearray(HEAD + n + TAIL)
        i = HEAD
        for p in parts:
            rec[i:i + len(p)] = p
            i += len(p)
        # what the store holds, not a copy of the last write
        if not Store(self.buf).holds(rec, HEAD, n):
            self.rec = rec
            self.pending = n
            if urgent:
                self.last_at = None
            self.poll(now)

    def carry(self, now, rec, n):
        """A save point handed over from the last program (uno.saves.handoff), not in the nvm yet:
        it waits here as if made now, and ``poll`` writes it when the ``gap`` is up."""
        self.rec = rec
        self.pending = n
        self.last_at = now

    def poll(self, now):
        """Write the kept save point if its time has come (call it every frame: cheap when
        nothing waits). True when it wrote."""
        if self.pending is None:
            return False
        if self.last_at is not None and now - self.last_at < self.gap:
            return False
        from uno.saves.store import Store

        n = self.pending
        rec = self.rec
        self.pending = self.rec = None
        try:
            wrote = Store(self.buf).write_record(rec, n)
        except (OSError, RuntimeError):
            # Worn or locked flash: the game goes on; the app may show ``error``. The gap
            # still applies, so a failing flash is not hammered every frame. (CircuitPython's
            # nvm raises RuntimeError "Unable to write to nvm." when the flash refuses a
            # write; a file standing in for it, OSError.)
            self.error = "Save failed: flash error"
            self.last_at = now
            return False
        self.error = None
        if wrote:
            self.writes += 1
            self.last_at = now
        return wrote

    def waiting(self):
        """True while a save point waits for its write."""
        return self.pending is not None
