"""A match's program (start/new.py, start/continue.py): the View with the table, the App, the
Match controller (uno.app.match) with its table and the rules core; then a new match, or the
saved one continued (the title if it cannot be read). The title's menu and the results page
switch here (App.switch), so a match has a heap without the title's pages."""

from uno import drop


def make(hw, start, **run):
    """The App on ``hw`` with a match begun: "new", or "continue" the saved one (``run``:
    uno.programs.start_up's)."""
    from uno.programs import start_up

    app, early = start_up(hw, True, read_match=start == "continue", **run)
    del start_up
    drop("uno.programs")  # the start-up's code goes before the program's own modules load
    # The match's modules imported from this shallow frame: nested deeper, their imports
    # overflowed CircuitPython 9's 1.5 KB Python stack (three Advanced). The table and what a
    # computer turn sees first, then the controller: laid out so, a Continue's smallest heap on
    # the badge's model was 2 KB less than with the controller first (tools/vm/vm_app.py programs)
    import uno.app.table  # noqa: F401
    import uno.core.observe  # noqa: F401
    from uno.app.match import Match

    m = Match(app)
    if start == "new":
        m.new()
    elif not m.resume(early):
        app.title()
    return app
