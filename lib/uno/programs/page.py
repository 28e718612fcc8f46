"""A page of a paused match as a program of its own (start/options.py, help.py, graph.py): the
pause menu or the results page saved the match and switched here, so the page has a heap
without the match's modules; leaving it continues the match (App.close: a switch to
"continue"). The View is made without the table, which the page covers."""

from uno import drop, drop_codec


def make(hw, start, **run):
    """The App on ``hw`` with page ``start`` ("options", "help" or "graph") open over the saved
    match; the title instead if the saved match the help or the graph shows cannot be read
    (``run``: uno.programs.start_up's)."""
    from uno.programs import start_up

    app = start_up(hw, False, **run)[0]
    del start_up
    drop("uno.programs")  # the start-up's code goes before the program's own modules load
    app.view.table.hidden = True
    app.paused = () if start == "options" else _paused_match(app)
    if app.paused is None:
        app.title()
    else:
        app.open_page(start)
    return app


def _paused_match(app):
    """The saved match as the graph and the help show it (App.paused): (seats, names,
    penalty scoring, its Rules, its score history); None if it cannot be read."""
    from uno.app.begin import read_extra
    from uno.saves.codec import unpack_match
    from uno.saves.settings_ops import seat_names

    try:
        g, ex = unpack_match(app.saved.match)
        hist = read_extra(ex, g.nseats)[5]
    except (ValueError, IndexError, TypeError, UnicodeError):
        return None
    finally:
        drop("uno.app.begin")
        drop_codec()
    shown = (g.nseats, seat_names(g.rules.seats, g.names), g.rules.scoring == "penalty",
             g.rules, hist)
    drop("uno.saves.settings_ops")
    return shown
