"""PyBadge entry point: build the hardware, hand it to the app, run the frame loop.

CircuitPython runs this file as ``__main__``: the title screen. The match and the pages a
paused match opens run as programs of their own, each on a fresh heap: the app saves, then
CircuitPython reloads with one of the files in ``start/``, which call ``main`` with what to
begin with (uno.app.main.App.start / App.switch). On a PC the file name shadows the standard
library's ``code`` module whenever the repository root is on sys.path (``python -m pytest``
imports it through pdb), so importing it must do nothing.
"""


def restart(start):
    """Run ``main(start)`` as a new program: CircuitPython reloads (a fresh heap) with
    ``start/<start>.py``, or this file for the title. A later reload or reset runs this file."""
    import supervisor

    supervisor.set_next_code_file(None if start == "title" else "/start/%s.py" % start)
    supervisor.reload()


def main(start="title"):
    """The game, beginning with ``start`` (see uno.app.main.App.start)."""
    import gc
    import os
    import random

    import sys

    import board

    import uno.app
    from uno.app import crash

    # Something on the screen at once (terminalio's font is in flash): the sheets take a while.
    # Then the error screen's module goes until it is needed: 2.7 KB of heap all match long.
    crash.loading(board.DISPLAY)
    del crash, sys.modules["uno.app.crash"], uno.app.crash
    hw = app = font = early = None
    try:
        from uno.hw.pybadge import PyBadge
        from uno.view.table import View

        hw = PyBadge()
        try:  # start/ copied too: the match and the pages run as programs of their own
            os.stat("start/new.py")
            hw.restart = restart
        except OSError:  # not there: all in one program, as before (a tighter heap)
            pass
        # The display tree first, while the heap is still unfragmented: its largest blocks
        # are the card sheet (3.5 KB) and the font. Then the saves, then the app's modules.
        view = View(hw.base)
        font = view.font

        # The saves next, before the app's modules: the codec (10 KB) goes again at once.
        saved = None
        if hw.nvm is not None:
            from uno.save import load
            from uno.settings import drop_codec

            saved = load(hw.nvm)
            del load  # the codec goes with drop_codec()
            if start == "continue" and saved[0].match:
                # the match read now, while the codec is in: not again beside the match's
                # modules (the peak of a Continue)
                from uno.save import unpack_match

                try:
                    early = unpack_match(saved[0].match)
                except (ValueError, IndexError, UnicodeError):
                    pass  # App.resume reads it again and says it cannot
                del unpack_match
            drop_codec()
            gc.collect()
        from uno.app.main import App

        gc.collect()  # free the garbage of loading the modules before the match allocates
        # Rules, seats, names and speed come from the saves (defaults on a new badge); each
        # match's Rules are made from them, then uno.rules (validation, presets) is dropped.
        app = App(hw, None, seed=random.getrandbits(30), view=view, nvm=hw.nvm, saved=saved)
        app.early = early
        saved = early = None
        app.settle()  # a match saved at its end: its high score, on a heap without the match
        if start == "new" or start == "continue":
            # the match's modules imported from here, not from deep in App.start: nested
            # imports there overflow CircuitPython 9's 1.5 KB Python stack (three Advanced)
            app.match_parts()
        app.start(start)
        while True:
            app.frame()
            hw.wait_frame()
    except Exception as e:  # noqa: BLE001 - not BaseException: Ctrl-C still reaches the REPL
        board.DISPLAY.root_group = None
        gc.collect()  # the failed step's garbage: after a MemoryError even a lookup allocates
        saved = None
        try:
            save = getattr(app, "emergency_save", None)
            if save is not None:
                saved = False
                save()
                saved = True
        except Exception:  # noqa: BLE001 - the screen matters more than the save
            pass
        app = view = None  # the table and its sheets go (the font stays): room for the screen
        gc.collect()
        if hw is not None:
            try:  # an error while the screen is dark must be seen, and its keys read
                hw.backlight(8)
            except Exception:  # noqa: BLE001
                pass
        from uno.app import crash

        crash.fail(e, board.DISPLAY, None, font, "A: restart" if hw else "Press RESET", saved)
        if hw is None:
            raise  # no keys to wait on: CircuitPython's own report on the console follows
        crash.wait_restart(hw)


if __name__ == "__main__":
    main()
