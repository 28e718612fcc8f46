"""A match's program (start/new.py, start/continue.py): the View with the table, the App, the
table and the rules core; then a new match, or the saved one continued (the title if it cannot
be read). The title's menu and the pause menu switch here (App.switch), so a match has a heap
without the title's pages."""

from uno import drop


def make(hw, start, box=None, restart=None, **run):
    """The App on ``hw`` with a match begun: "new", or "continue" the saved one (``run``:
    uno.programs.start_up's)."""
    from uno.programs import start_up

    app = start_up(hw, True, box, restart, start == "continue", **run)
    del start_up
    drop("uno.programs")  # the start-up's code goes before the program's own modules load
    # the match's modules imported from this shallow frame, not from deep in App.new_match:
    # nested there, their imports overflow CircuitPython 9's 1.5 KB Python stack (three
    # Advanced)
    app.match_parts()
    if start == "new":
        app.new_match()
    elif not app.resume():
        app.title()
    return app
