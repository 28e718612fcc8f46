"""The title's program (code.py: power-on, reset, any reload): the View without the table, the
App, the title screen. The pages of its menu open in it; none of the match's modules loads
(a match runs as a program of its own: uno.programs.match)."""

from uno import drop


def make(hw, start="title", **run):
    """The title's App on ``hw``, the title screen open (``run``: uno.programs.start_up's)."""
    from uno.programs import start_up

    app = start_up(hw, False, **run)[0]
    del start_up
    drop("uno.programs")  # the start-up's code goes before the program's own modules load
    app.title()
    return app
