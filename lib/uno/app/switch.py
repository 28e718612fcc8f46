"""A program's end (``App.switch``): the hand-over of a waiting save point to the next program,
loaded for it and let go after (uno.programs has the programs; docs/SAVES.md "Program
switches")."""

from uno import drop, drop_codec


def switch(app, start):
    """Have ``app``'s program go on as the one that begins with ``start`` (App.switch); False,
    and nothing done, where it cannot."""
    if getattr(app.hw, "restart", None) is None or app.autosave is None:
        return False
    if start != "new" and start != "title" and not app.saved.match:
        return False
    a = app.autosave
    mem = getattr(app.hw, "sleep_memory", None)
    handed = False
    if mem is not None:
        from uno.saves import handoff

        try:
            handed = handoff.give(mem, a.buf, a.rec, a.pending)
        except Exception:  # RAM that does not take it: the nvm, as below
            handed = False
        finally:
            del handoff
            drop("uno.saves.handoff")
            drop_codec()
    if not handed and a.pending is not None:
        a.last_at = None  # the one write of this switch: the 10 s gap does not apply
        a.poll(app.now // 1000)
        drop_codec()
        if a.pending is not None or a.error is not None:
            return False
    app._switch = start
    return True
