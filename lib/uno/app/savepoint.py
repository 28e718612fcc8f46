"""A save point (loaded for it, and dropped after: docs/SAVES.md): the match packed and handed
to the Autosave. Only writing code: at the end of a hand, where a match's heap is at its
fullest, Continue's and the high scores' code (``uno.app.begin``) is not loaded with it.

A saved match is ``uno.saves.snapshot.pack(game, extra)``; ``extra`` is the app's part, what the
table showed and what the core does not keep (``uno.app.begin.read_extra`` reads it)::

    1 (version) | seat shown | arrow | first card shown | record lines (4 bytes, LE)
    | message length | message | seats | hands (2 bytes) | cumulative scores (2 bytes each)
"""

from micropython import const

from uno import drop_codec
from uno.core.codes import PH_MATCH_OVER

MAX_HANDS = const(150)  # the score history kept in a save (4 seats: 1.2 KB of the 2.7 KB store)


def extra(match):
    """The app's bytes of ``match`` (a uno.app.match.Match) in progress."""
    tb = match.table
    msg = tb.msg.encode()[:26]
    m = len(msg)
    hist = match.history[-MAX_HANDS:]
    n = tb.g.nseats
    out = bytearray(12 + m + 2 * n * len(hist))
    out[0] = 1
    out[1] = tb.seat
    out[2] = tb.sel & 255
    out[3] = tb.offset & 255
    lines = match.app.lines
    for i in range(4):
        out[4 + i] = (lines >> (8 * i)) & 255
    out[8] = m
    out[9:9 + m] = msg
    k = 9 + m
    out[k] = n
    out[k + 1] = len(hist) & 255
    out[k + 2] = len(hist) >> 8
    k += 3
    for row in hist:
        for v in row:
            v = 0 if v < 0 else (65535 if v > 65535 else v)
            out[k] = v & 255
            out[k + 1] = v >> 8
            k += 2
    return out  # uno.saves.snapshot.pack copies it: no bytes() copy of it here


def head_for(saved, match):
    """The payload of ``saved`` with ``match`` (bytes of uno.saves.snapshot.pack), as its two parts
    (head, match) for ``Autosave.submit``, when its settings and scores are those its
    ``head`` was made of and it fits, else None (then the codec, uno.saves.codec, encodes it)."""
    h = saved.head
    of = saved.head_of
    if h is None or of is None or len(h) + len(match) > saved.cap:
        return None
    if not (of[0] == saved.settings and of[1] == tuple(saved.scores)):
        return None
    return h, match


def point(app, urgent=False):
    """A save point: settings, scores, and the match in progress (or its end: the winner's
    high score, and no saved match any more), handed to the Autosave (written at once when
    ``urgent``: a hand's end, going dark). In a match whose
    settings and scores are unchanged only the snapshot's writing half loads (``head_for``);
    else the whole codec, which makes a new ``head``. False (a message, nothing kept) when
    the match or a setting cannot be saved."""
    saved = app.saved
    saved.settings = app.settings
    m = app.match
    g = None if m is None else m.table.g
    now = app.now // 1000
    if g is not None and m.in_match:
        from uno.saves.snapshot import pack

        # A match that has ended is kept as it stands too: its high score goes in when the next
        # program starts or the next match begins (``settle``), not here, where the codec would
        # share the heap with the whole match (the peak of a match's heap, on the VM).
        try:
            saved.match = pack(g, extra(m))
        except ValueError:  # not a match the game could read back: the nvm keeps the last
            app.view.message("Save failed: old save kept")
            return False
        # The writer (uno.saves.snapshot, uno.saves.bitwrite: 3.4 KB of code) goes before the
        # store's code loads: a hand's end is where a match's heap is at its fullest.
        del pack
        drop_codec()
        if g.phase == PH_MATCH_OVER:
            m.in_match = False
            m.over_saved = True
        parts = head_for(saved, saved.match)
        if parts is not None:
            app.autosave.submit(now, parts[0], parts[1], urgent=urgent)
            return True
    from uno.saves.codec import head
    from uno.saves.store import Store

    try:
        app.autosave.point(now, saved, urgent)
        head(saved, Store(app.autosave.buf).capacity)
    except ValueError:  # a setting out of range: nothing is kept, the game goes on
        app.view.message("Save failed: bad setting")
        return False
    return True
