"""A program's beginning and a match's: ``App.start``, a new match (``App.new_match``: the
seats, the computer players, the first deal), a saved one resumed (``App.resume``, the table's
seats as they were). Code run once a program or once a match, so loaded for it and dropped
after (``App._begin``): the badge keeps a loaded module's code in its heap all program long."""


from uno import drop, drop_codec
from uno.app.saves import seat_up
from uno.settings_ops import match_names, rules_of, seat_names

_PAGES = ("options", "help", "graph")  # pages a match opens in a fresh program (App.switch)


def start(app, start):
    """Begin a program (code.py's ``main(start)``): "title"; "new", a new match;
    "continue", the saved match; or "options", "help", "graph": a page opened from a
    paused match or the results, after which the match continues."""
    if not app.settled:
        app.settle()
    # A match is begun by App.start once this module's code has gone (its heap is the
    # match's): the App method to call, which a shell may wrap.
    if start == "new":
        return "new_match"
    if start == "continue":
        return "resume"
    if start in _PAGES:
        app.then = "continue"
        app.view.table.hidden = True
        if start != "options" and not _paused_match(app):
            app.then = None
            app.title()
            return
        app.open_page(start)
    else:
        app.title()
    return None


def _paused_match(app):
    """The saved match's score history, seats and rules for the graph's and the help's
    programs (``history``; ``shown``: seats, names, penalty scoring, the match's Rules);
    False if it cannot be read."""
    from uno.app.saves import read_extra
    from uno.save import unpack_match

    try:
        g, ex = unpack_match(app.saved.match)
        app.history = read_extra(ex, g.nseats)[5]
    except (ValueError, IndexError, TypeError, UnicodeError):
        return False
    finally:
        drop("uno.app.saves")
        drop_codec()
    app.shown = (g.nseats, seat_names(g.rules.seats, g.names),
                 g.rules.scoring == "penalty", g.rules)
    return True


def new_match(app):
    """A new match with the run's rules or the settings' (rules, seats, names), its first
    hand not dealt yet (``App.new_match`` deals it)."""
    from uno.game import Game  # not at the top: the title's program never loads the core

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
    seat_up(tb, rules.seats, seed, names)
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
        ok = saves.resume(app)
    finally:
        drop("uno.app.saves")
        drop_codec()
    return ok
