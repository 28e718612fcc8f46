"""A new match (``App.new_match``: the seats, the computer players; the first deal follows) and a
saved one resumed (``App.resume``, the table's seats as they were). Code run once a match, so
loaded for it and dropped after (``App._begun``): the badge keeps a loaded module's code in its
heap all program long."""

from micropython import const

from uno import drop, drop_codec
from uno.settings_ops import match_names, rules_of, seat_names

_TABLE_OVER = const(3)  # uno.app.table's mode: the hand or the match is over, results next
_HAND_OVER = const(7)  # uno.game.PH_HAND_OVER (the title's program never loads uno.game)
_MATCH_OVER = const(8)  # uno.game.PH_MATCH_OVER


def new_match(app):
    """A new match with the run's rules or the settings' (rules, seats, names), its first
    hand not dealt yet (``App.new_match`` deals it)."""
    from uno.game import Game  # not at the top: the title's program never loads the core

    told = getattr(app.hw, "record_new", None)
    if told is not None:  # the simulator's record: the saved match's may stay before this one
        told(app.saved.match)
    if app.over_saved:
        app.settle()
    app.match_parts()
    app.close_all()
    app.view.hide_results()
    app.view.table.hidden = False
    app.in_match = True
    app.history = []
    app.lights.last_input = app.now
    s = app.settings
    rules = app.rules if app.rules is not None else rules_of(s)
    tb = app.table
    names = s.names if app.rules is not None else match_names(s)
    seed = app.seed + app.matches
    # names, computer players, the human seat shown, the seat panels; then the first deal
    seat_up(tb, rules.seats, names)
    tb.g = g = Game(rules, seed=seed, sink=app.sink, names=tb.names)
    g.brief = getattr(app.hw, "brief_records", False)  # the badge keeps no record
    tb.msg = ""
    # the first deal: App.new_match, once this module's code has gone


def resume(app):
    """Continue the saved match where its last save point left it; False (and a notice)
    when it cannot be read."""
    from uno.app import saves

    app.match_parts()
    try:
        got = saves.resume(app)
    finally:
        drop("uno.app.saves")
        drop_codec()
    if got is None:
        return False
    resume_table(app.table, *got)
    check = getattr(app.hw, "record_check", None)
    if check is not None:  # the simulator's record goes on only where it holds this match's
        check(app.table.g)
    return True


def resume_table(tb, g, seat, sel, offset, msg):
    """The table carries on with restored match ``g`` (uno.save.unpack_match), showing
    ``seat``'s hand from card ``offset``, the arrow on card ``sel`` and ``msg`` in the
    message bar, as when it was saved (uno.app.saves ``resume``)."""
    # Saved at a hand's end: its computer players rest, as they did when it was saved
    # (App.rest_players), so the results page, its save point and the graph have their room.
    over = _HAND_OVER <= g.phase <= _MATCH_OVER
    seat_up(tb, g.rules.seats, g.names)
    tb.names = list(g.names) if g.names else tb.names
    if tb.human(seat):
        tb.seat = seat
        tb.panel_of = tb._panels(g.nseats)
    tb.g = g
    g.brief = getattr(tb.app.hw, "brief_records", False)
    tb.sel = sel
    tb.offset = offset
    tb.app.events = []
    tb._after_action(tb.app.now, -1)
    if tb.mode == _TABLE_OVER:  # saved at the hand's end: its results at once, as they were
        tb.over_at = tb.app.now
    if tb.marks is None:  # a party prompt's marks say their own line (uno.app.party)
        tb.say(msg)
    if over:  # the players' code (uno.ai, uno.observe: App.match_parts) goes too
        tb.app.rest_players(True)


def seat_up(tb, seats, given):
    """The table's names, its computer seats (0: each player made at its first turn,
    App.wake_players), the human seat shown and the seat panels, for ``seats``. A player
    made at its first turn is the one made now (its choices come from the match's seed
    alone), but its code is not in the heap through the first deal's messages (a match
    begun: 6 KB less heap on the badge's model, tools/vm_app.py programs --badge)."""
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
