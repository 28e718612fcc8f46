"""A program's start-up (code.py's ``main``): the hardware, the display tree, the saves and the
app. code.py drops this module once the app is made: a program runs for hours and its code
would otherwise stay in the heap all that time (CircuitPython keeps a loaded module's code in
RAM)."""

import gc
import os
import random


def make(start, restart, box):
    """The PyBadge, the View and the App for a program that begins with ``start`` (App.start),
    ``restart`` given to the hardware when the drive has ``start/``. ``box`` ([hw, app, font])
    is filled as they are made, for code.py's error screen. Returns the App."""
    from uno.hw.pybadge import PyBadge
    from uno.view.table import View

    hw = PyBadge()
    box[0] = hw
    try:  # start/ copied too: the match and the pages run as programs of their own
        os.stat("start/new.py")
        hw.restart = restart
    except OSError:  # not there: all in one program, as before (a tighter heap)
        pass
    # The display tree first, while the heap is still unfragmented: its largest blocks
    # are the card sheet (3.5 KB) and the font. Then the saves, then the app's modules.
    view = View(hw.base)
    box[2] = view.font

    # The saves next, before the app's modules: the codec (10 KB) goes again at once.
    saved = early = None
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
    box[1] = app
    app.early = early
    saved = early = None
    app.settle()  # a match saved at its end: its high score, on a heap without the match
    return app
