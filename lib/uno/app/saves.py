"""Continue, and a match saved at its end entering the high scores (loaded only then, and
dropped after: docs/SAVES.md). A save point is ``uno.app.savepoint``'s, which writes the
``extra`` bytes ``read_extra`` reads."""

from uno.codes import PH_MATCH_OVER


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


def settle(app):
    """A match saved at its end (``point``) gives its high score (PC-SIG: a match won against
    computers enters the table) and its line in the player's record (uno.stats: the match,
    its hands from the score history) and leaves the save: run when a program starts, and
    before a new match or the title in the same program. One write, when there was such a match."""
    saved = app.saved
    data = saved.match
    app.over_saved = False
    if not data or app.autosave is None:
        return
    from uno.bitread import saved_phase

    try:
        if saved_phase(data) != PH_MATCH_OVER:
            return
    except (ValueError, IndexError):
        return  # unreadable: Continue says so
    from uno.save import add_score, entry_for, head, unpack_match
    from uno.store import Store

    hist = []  # type: list
    try:
        g, ex = unpack_match(data)
    except (ValueError, IndexError, UnicodeError):
        g = ex = None
    try:
        if g is not None:
            hist = read_extra(ex, g.nseats)[5]
    except (ValueError, IndexError, UnicodeError):
        pass  # the match, without its hands
    if g is not None:
        e = entry_for(g, preset_name(app))
        if e is not None:
            add_score(saved.scores, e)
        from uno.stats import record  # the player's record: the match and its hands

        try:
            saved.stats = record(saved.stats, g, hist)
        except ValueError:  # a record that does not read (load refuses those): a new one
            saved.stats = record(None, g, hist)
    saved.match = None
    try:
        # at once: a power cut in the next 10 s must not settle the match again
        app.autosave.point(app.now // 1000, saved, True)
        head(saved, Store(app.autosave.buf).capacity)
    except ValueError:
        pass


def _read(app, data, early):
    # (game, extra's fields) of match bytes ``data`` (``early``: read already), or None
    try:
        if early is not None:
            g, ex = early
            g.sink = app.sink
        else:
            from uno.save import unpack_match

            g, ex = unpack_match(data, sink=app.sink)
        return g, read_extra(ex, g.nseats)
    except (ValueError, IndexError, UnicodeError):
        return None


def resume(app):
    """Continue the saved match (the title's Continue): (game, seat, sel, offset, msg) for
    uno.app.begin's ``resume_table``, or None with a notice if unreadable.
    ``app.early``: the match already read (code.py, before the match's modules loaded). A
    match that does not read whole gives way to the store's older record, settings and
    match, when that one does (uno.save ``older``)."""
    data = app.saved.match
    early = app.early
    app.early = None
    if not data:
        return None
    got = _read(app, data, early)
    if got is None and app.nvm is not None:
        from uno.save import older

        old = older(app.nvm)
        if old is not None and old.match:
            got = _read(app, old.match, None)
            if got is not None:
                app.saved = old
                app.settings = old.settings
    if got is None:
        app.saved.match = None
        app.view.message("Saved match unreadable")
        return None
    g, (seat, sel, offset, lines, msg, hist) = got
    got = None
    app.close_all()
    app.view.hide_results()
    app.view.table.hidden = False
    app.in_match = True
    app.history = hist
    app.lines = lines
    app.events = []
    rec = getattr(app.hw, "record_from", None)
    if rec is not None:
        rec(lines)
    return g, seat, sel, offset, msg
