"""The app's save points and Continue (loaded only then, and dropped after: docs/SAVES.md).

A saved match is ``uno.save.pack_match(game, extra)``; ``extra`` is the app's part, what the
table showed and what the core does not keep::

    1 (version) | seat shown | arrow | first card shown | record lines (4 bytes, LE)
    | message length | message | seats | hands (2 bytes) | cumulative scores (2 bytes each)
"""

from micropython import const

_OVER = const(8)  # uno.game.PH_MATCH_OVER
MAX_HANDS = const(150)  # the score history kept in a save (4 seats: 1.2 KB of the 2.7 KB store)


def extra(app):
    """The app's bytes of the match in progress."""
    tb = app.table
    msg = tb.msg.encode()[:26]
    m = len(msg)
    hist = app.history[-MAX_HANDS:]
    n = tb.g.nseats
    out = bytearray(12 + m + 2 * n * len(hist))
    out[0] = 1
    out[1] = tb.seat
    out[2] = tb.sel & 255
    out[3] = tb.offset & 255
    lines = app.lines
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
    return out  # uno.snapshot.pack copies it: no bytes() copy of it here


def read_extra(data, nseats):
    """(seat, sel, offset, lines, msg, history) from ``extra``'s bytes; ValueError if bad."""
    if len(data) < 12 or data[0] != 1:
        raise ValueError("extra")
    lines = data[4] | data[5] << 8 | data[6] << 16 | data[7] << 24
    m = data[8]
    k = 9 + m
    msg = bytes(data[9:k]).decode()
    if len(data) < k + 3 or data[k] != nseats or data[1] >= nseats:
        raise ValueError("extra")
    hands = data[k + 1] | data[k + 2] << 8
    k += 3
    if len(data) != k + 2 * nseats * hands:
        raise ValueError("extra")
    hist = []
    for _ in range(hands):
        row = []
        for _ in range(nseats):
            row.append(data[k] | data[k + 1] << 8)
            k += 2
        hist.append(tuple(row))
    return data[1], data[2], data[3], lines, msg, hist


def preset_name(app):
    """The preset a high-score entry names: "custom" when the rules are not a preset's own."""
    s = app.settings
    if app.rules is None and not s.rules and not s.target:
        return s.preset
    return "custom"


def point(app):
    """A save point: settings, scores, and the match in progress (or its end: the winner's
    high score, and no saved match any more), handed to the Autosave. In a match whose
    settings and scores are unchanged only the snapshot's writing half loads (``head_for``);
    else the whole codec, which makes a new ``head``. False (a message, nothing kept) when
    the match or a setting cannot be saved."""
    saved = app.saved
    saved.settings = app.settings
    g = app.table.g
    now = app.now // 1000
    if app.in_match and g is not None:
        from uno.snapshot import pack

        # A match that has ended is kept as it stands too: its high score goes in when the next
        # program starts or the next match begins (``settle``), not here, where the codec would
        # share the heap with the whole match (the peak of a match's heap, on the VM).
        try:
            saved.match = pack(g, extra(app))
        except ValueError:  # not a match the game could read back: the nvm keeps the last
            app.view.message("Save failed: old save kept")
            return False
        if g.phase == _OVER:
            app.in_match = False
            app.over_saved = True
        parts = saved.head_for(saved.match)
        if parts is not None:
            app.autosave.submit(now, parts[0], parts[1])
            return True
    from uno.save import head
    from uno.store import Store

    try:
        app.autosave.point(now, saved)
        head(saved, Store(app.autosave.buf).capacity)
    except ValueError:  # a setting out of range: nothing is kept, the game goes on
        app.view.message("Save failed: bad setting")
        return False
    return True


def settle(app):
    """A match saved at its end (``point``) gives its high score (PC-SIG: a match won against
    computers enters the table) and leaves the save: run when a program starts, and before a
    new match or the title in the same program. One write, when there was such a match."""
    saved = app.saved
    data = saved.match
    app.over_saved = False
    if not data or app.autosave is None:
        return
    from uno.bits import saved_phase

    try:
        if saved_phase(data) != _OVER:
            return
    except (ValueError, IndexError):
        return  # unreadable: Continue says so
    from uno.save import add_score, entry_for, head, unpack_match
    from uno.store import Store

    try:
        g = unpack_match(data)[0]
    except (ValueError, IndexError, UnicodeError):
        g = None
    if g is not None:
        e = entry_for(g, preset_name(app))
        if e is not None:
            add_score(saved.scores, e)
    saved.match = None
    try:
        app.autosave.point(app.now // 1000, saved)
        head(saved, Store(app.autosave.buf).capacity)
    except ValueError:
        pass


def resume(app):
    """Continue the saved match (the title's Continue); False with a notice if unreadable.
    ``app.early``: the match already read (code.py, before the match's modules loaded)."""
    data = app.saved.match
    early = app.early
    app.early = None
    if not data:
        return False
    try:
        if early is not None:
            g, ex = early
            g.sink = app.sink
        else:
            from uno.save import unpack_match

            g, ex = unpack_match(data, sink=app.sink)
        seat, sel, offset, lines, msg, hist = read_extra(ex, g.nseats)
    except (ValueError, IndexError, UnicodeError):
        app.saved.match = None
        app.view.message("Saved match unreadable")
        return False
    app.close_all()
    app.view.show_results(False)
    app.view.table.hidden = False
    app.in_match = True
    app.history = hist
    app.lines = lines
    app.events = []
    rec = getattr(app.hw, "record_from", None)
    if rec is not None:
        rec(lines)
    app.table.resume(g, seat, sel, offset, msg)
    return True
