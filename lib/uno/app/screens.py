"""The screen stack's changes (``App.open_page``, ``close``, ``close_all``, ``title``): loaded
while a screen opens or closes and let go after, so a match's computer turns run without its
code (App keeps what runs every frame). ``open_page`` is the one place that maps a page's name
to its module.
"""

from uno import drop


def _page(name):
    # the page module of ``name``: imported here, by name in the source, so an editor and a
    # static tool see which module each page is
    if name == "options":
        from uno.app import options

        return options
    if name == "help":
        from uno.app import help

        return help
    if name == "graph":
        from uno.app import graph

        return graph
    if name == "players":
        from uno.app import players

        return players
    if name == "scores":
        from uno.app import scores

        return scores
    if name == "record":
        from uno.app import record

        return record
    from uno.app import title

    return title


def open_page(app, name):
    """Open the page ``name`` on ``app`` (App.open_page)."""
    page = _page(name)
    app.push(page.open(app), page.__name__)


def _drop(app, screen):
    # a closed screen's module goes unless another screen of it is still open under it
    name = getattr(screen, "module", None)
    if name is not None:
        closing = getattr(screen, "closing", None)
        if closing is not None:
            closing()
        for s in app.stack:
            if getattr(s, "module", None) == name:
                return
        drop(name)


def close(app):
    """Close ``app``'s top screen (App.close)."""
    if app.stack:
        _drop(app, app.stack.pop())
    if not app.stack:
        _bare(app)
        if app.paused is not None:  # back to the paused match that opened the page
            app.paused = None
            if not app.switch("continue") and not app.get_match().resume():
                app.title()
    else:
        again = getattr(app.stack[-1], "reopen", None)
        if again is not None:
            again()
    if app.table.g is not None:
        app.table._arrow()


def close_all(app):
    """Close every screen of ``app`` (App.close_all)."""
    while app.stack:
        _drop(app, app.stack.pop())
    _bare(app)


def _bare(app):
    # no screen over the table: the pop-up panel goes, and the code that built it
    # (uno.view.panels) with it
    app.view.hide_popup()
    drop("uno.view.panels")


def title(app):
    """The title screen on ``app`` (App.title)."""
    m = app.match
    if m is not None:
        if m.over_saved:
            app.settle()
        m.in_match = False
    close_all(app)
    app.view.hide_results()
    app.view.table.hidden = True
    open_page(app, "title")
