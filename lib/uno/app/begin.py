"""What runs once a match or once a program, so loaded for it and dropped after (the badge keeps
a loaded module's code in its heap all program long, and a match's heap is fullest mid-hand,
where none of this runs):

- a new match (``Match.new``): the seats, the computer players, the Game; the first deal
  follows once this module has gone;
- Continue (``Match.resume``): the saved match read back and the table as it was saved;
- a match saved at its end settled (``App.settle``): its high score and its line in the
  player's record (uno.saves.stats), and no saved match any more;
- ``read_extra``: the app's bytes of a saved match, which ``uno.app.savepoint`` writes.
"""

from uno.core.codes import PH_HAND_OVER, PH_MATCH_OVER
from uno.app.codes import OVER


def new_match(m):
    """Match ``m``'s new match with the run's rules or the settings' (rules, seats, names),
    its first hand not dealt yet (``Match.new`` deals it)."""
    from uno.core.game import Game  # not at the top: the title's program never loads the core
    from uno.saves.settings_ops import match_names, rules_of

    app = m.app
    told = getattr(app.hw, "record_new", None)
    if told is not None:  # the simulator's record: the saved match's may stay before this one
        told(app.saved.match)
    if m.over_saved:
        app.settle()
    app.close_all()
    app.view.hide_results()
    app.view.table.hidden = False
    m.in_match = True
    m.history = []
    app.lights.last_input = app.now
    s = app.settings
    rules = app.rules if app.rules is not None else rules_of(s)
    tb = m.table
    names = s.names if app.rules is not None else match_names(s)
    # names, computer players, the human seat shown, the seat panels; then the first deal
    seat_up(tb, rules.seats, names)
    tb.g = g = Game(rules, seed=app.seed, sink=m.sink, names=tb.names)
    g.brief = getattr(app.hw, "brief_records", False)  # the badge keeps no record
    tb.msg = ""


def resume(m, early=None):
    """Match ``m`` continues the saved match where its last save point left it (``early``:
    the match read already, (game, extra), before the match's modules loaded); False (and a
    notice) when it cannot be read. A match that does not read whole gives way to the store's
    older record, settings and match, when that one does (uno.saves.codec ``older``)."""
    from uno import drop_codec

    app = m.app
    data = app.saved.match
    got = None
    try:
        if data:
            got = _read(m, data, early)
            if got is None and app.autosave is not None:
                from uno.saves.codec import older

                old = older(app.autosave.buf)
                if old is not None and old.match:
                    got = _read(m, old.match, None)
                    if got is not None:
                        app.saved = old
                        app.settings = old.settings
            if got is None:
                app.saved.match = None
                app.view.message("Saved match unreadable")
    finally:
        drop_codec()
    if got is None:
        return False
    g, (seat, sel, offset, lines, msg, hist) = got
    got = None
    app.close_all()
    app.view.hide_results()
    app.view.table.hidden = False
    m.in_match = True
    m.history = hist
    app.lines = lines
    m.events = []
    rec = getattr(app.hw, "record_from", None)
    if rec is not None:
        rec(lines)
    _resume_table(m.table, g, seat, sel, offset, msg)
    check = getattr(app.hw, "record_check", None)
    if check is not None:  # the simulator's record goes on only where it holds this match's
        check(g)
    return True


def _read(m, data, early):
    # (game, extra's fields) of match bytes ``data`` (``early``: read already), or None
    try:
        if early is not None:
            g, ex = early
            g.sink = m.sink
        else:
            from uno.saves.codec import unpack_match

            g, ex = unpack_match(data, sink=m.sink)
        return g, read_extra(ex, g.nseats)
    except (ValueError, IndexError, UnicodeError):
        return None


def _resume_table(tb, g, seat, sel, offset, msg):
    # The table carries on with restored match ``g``, showing ``seat``'s hand from card
    # ``offset``, the arrow on card ``sel`` and ``msg`` in the message bar, as when it was
    # saved. Saved at a hand's end: its computer players rest, as they did when it was saved
    # (Match.rest_players), so the results page, its save point and the graph have their room.
    over = PH_HAND_OVER <= g.phase <= PH_MATCH_OVER
    seat_up(tb, g.rules.seats, g.names)
    tb.names = list(g.names) if g.names else tb.names
    if tb.human(seat):
        tb.seat = seat
        tb.panel_of = tb._panels(g.nseats)
    tb.g = g
    g.brief = getattr(tb.app.hw, "brief_records", False)
    tb.sel = sel
    tb.offset = offset
    tb.match.events = []
    tb._after_action(tb.app.now, -1)
    if tb.mode == OVER:  # saved at the hand's end: its results at once, as they were
        tb.over_at = tb.app.now
    if tb.marks is None:  # a party prompt's marks say their own line (uno.app.party)
        tb.say(msg)
    if over:  # the players' code (uno.players.normal, uno.core.observe: the Match's) goes too
        tb.match.rest_players(True)


def seat_up(tb, seats, given):
    """The table's names, its computer seats (0: each player made at its first turn,
    Match.wake_players), the human seat shown and the seat panels, for ``seats``. A player
    made at its first turn is the one made now (its choices come from the match's seed
    alone), but its code is not in the heap through the first deal's messages (a match
    begun: 6 KB less heap on the badge's model, tools/vm/vm_app.py programs --badge)."""
    from uno.saves.settings_ops import seat_names

    n = len(seats)
    humans = [s for s in range(n) if seats[s] == "human"]
    tb.names = seat_names(seats, given)
    tb.players = []
    tb.rested = []
    for s in range(n):
        human = seats[s] == "human"
        tb.players.append(None if human else 0)
    tb.seat = humans[0] if humans else 0
    # Hot seat: a hand is shown only while its own player acts, so the next player cannot
    # look at it during the computers' turns.
    tb.hot_seat = len(humans) > 1
    tb.panel_of = tb._panels(n)


def read_extra(data, nseats):
    """(seat, sel, offset, lines, msg, history) from ``extra``'s bytes; ValueError if bad."""
    if len(data) < 12 or data[0] != 1:
        raise ValueError("extra")
    lines = data[4] | data[5] << 8 | data[6] << 16 | data[7] << 24
    n = data[8]
    k = 9 + n
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
    """A match saved at its end (uno.app.savepoint) gives its high score (PC-SIG: a match won
    against computers enters the table) and its line in the player's record (uno.saves.stats: the
    match, its hands from the score history) and leaves the save: run when a program starts,
    and before a new match or the title in the same program. One write, when there was such a
    match."""
    saved = app.saved
    data = saved.match
    from uno.saves.bitread import saved_phase

    try:
        if saved_phase(data) != PH_MATCH_OVER:
            return
    except (ValueError, IndexError):
        return  # unreadable: Continue says so
    from uno.saves.codec import add_score, entry_for, head, unpack_match
    from uno.saves.store import Store

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
        from uno.saves.stats import record  # the player's record: the match and its hands

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
