"""The programs: the title, a match, a page of a paused match. On the badge each begins on a
fresh heap (docs/APP.md, "Programs"); a shell (code.py, host_sim) asks ``program`` for the
program's module, the one place that chooses it, calls its ``make`` (the composition root:
the View, the App, the screens and controllers that program needs, begun) and runs the frames.
``start_up`` is the part of every program's composition they share. code.py lets this package
go once the App is made: a program runs for hours, and CircuitPython keeps a loaded module's
code in the heap (uno ``drop``)."""

import gc
import os
import random


def program(start):
    """The module composing the program that begins with ``start``: "title" (uno.programs.title);
    "new" or "continue" (uno.programs.match); "options", "help" or "graph" (uno.programs.page)."""
    if start == "title":
        from uno.programs import title

        return title
    if start == "new" or start == "continue":
        from uno.programs import match

        return match
    from uno.programs import page

    return page


def make(hw, start, **run):
    """The App of the program that begins with ``start``, made and begun on ``hw`` (the
    simulator's and the tests' way in; code.py calls ``program`` and the root itself, so
    that it can drop the root). ``run``: ``start_up``'s keywords (``box``, ``restart``:
    code.py's)."""
    return program(start).make(hw, start, **run)


def start_up(hw, table, box=None, restart=None, read_match=False, rules=None, seed=None,
             speed=None, sound=True, cpu="ai", lines=0, app=None):
    """(App, early) of a program on the hardware ``hw``, its saves read from ``hw.nvm`` and settled
    (``early``: the saved match read already, with ``read_match``, else None): the View first
    (``table``: with the table's cards, panels and text, which only a match shows), the saves, then
    the App. ``box`` ([hw, app, font]) is filled as they are made, for code.py's error screen;
    ``restart`` (code.py's) is given to the hardware when the drive has ``start/``; ``read_match``:
    the saved match read now (Continue), while the codec is in. ``rules``: a
    ``uno.core.ruleset.Rules`` for every match of this run (None: the saved settings' rules, seats
    and names); ``seed``: the first match's (None: a random one); ``speed``: message speed 1-10
    (None: the settings'); ``sound``: False keeps it silent; ``cpu``: "ai" (uno.players.normal
    players) or "first" (the first legal action: predictable computers for screenshot tests);
    ``lines``: record lines written before (the simulator's run goes on); ``app``: an App to make
    afresh (the simulator's restart), else a new one."""
    if restart is not None:
        try:  # start/ copied too: the match and the pages run as programs of their own
            os.stat("start/new.py")
            hw.restart = restart
        except OSError:  # not there: all in one program, as before (a tighter heap)
            pass
    from uno.view.table import View

    # The display tree first, while the heap is still unfragmented: its largest blocks are
    # the card sheet (3.5 KB) and the font. Then the saves, then the app's modules.
    view = View(hw.base, table)
    if box is not None:
        box[2] = view.font
    nvm = getattr(hw, "nvm", None)
    saved = carried = early = None
    if nvm is not None:
        from uno import drop_codec

        saved, carried = read_saves(hw, nvm)
        if read_match and saved[0].match:
            # the match read now, while the codec is in: not again beside the match's
            # modules (the peak of a Continue)
            from uno.saves.codec import unpack_match

            try:
                early = unpack_match(saved[0].match)
            except (ValueError, IndexError, UnicodeError):
                pass  # Match.resume reads it again and says it cannot
            del unpack_match
        drop_codec()
        gc.collect()
    app = _app(hw, view, nvm, saved, app, rules, seed, speed, sound, cpu)
    if box is not None:
        box[1] = app
    if carried is not None:
        app.autosave.carry(app.now // 1000, carried[0], carried[1])
    carried = saved = None
    app.lines = lines
    app.settle()  # a match saved at its end: its high score, on a heap without the match
    return app, early


def read_saves(hw, nvm):
    """((Saved, notice), carried): the save point the last program handed over in RAM
    (uno.saves.handoff: ``hw.sleep_memory``, the SAMD51's backup RAM) when it checks and decodes,
    ``carried`` its (record, length) still to be written to the nvm; else the nvm's
    (uno.saves.codec ``load``) and None. The codec stays loaded (the caller drops it)."""
    from uno.saves.codec import load, load_payload
    from uno.saves.store import HEAD

    mem = getattr(hw, "sleep_memory", None)
    got = None
    if mem is not None:
        from uno import drop
        from uno.saves import handoff

        try:
            got = handoff.take(mem, nvm)
        except Exception:  # RAM that does not read as a handover: the nvm
            got = None
        del handoff
        drop("uno.saves.handoff")
    if got is not None:
        s = load_payload(memoryview(got[0])[HEAD:HEAD + got[1]], nvm)
        if s is not None:
            return (s, None), got
    return load(nvm), None


def _app(hw, view, nvm, saved, app, rules, seed, speed, sound, cpu):
    # The App's attributes are set here, not in an App.__init__: this code goes with the
    # package once the program runs (uno.app.main keeps only what runs every frame)
    from uno.app.main import App, NoMatch

    gc.collect()  # the garbage of loading the modules goes before the match allocates
    from uno import drop_codec
    from uno.app.fx import Lights, Sound
    from uno.saves.settings import Saved

    if app is None:
        app = App()
    app.hw = hw
    app.view = view
    hw.show(view.root)
    app.saved = Saved()
    app.notice = None
    app.autosave = None
    if nvm is not None:
        from uno.saves.autosave import Autosave

        app.saved, app.notice = saved
        app.autosave = Autosave(nvm)
    app.settings = app.saved.settings
    app.speed = speed if speed is not None else app.settings.speed
    app.sound = Sound(hw)
    app.sound.enabled = sound and app.settings.sound
    app.lights = Lights(hw)
    app.rules = rules
    app.seed = random.getrandbits(30) if seed is None else seed
    app.cpu = cpu
    app.stack = []
    app.table = NoMatch
    app.match = None
    app.paused = None
    app.now = hw.ticks()
    app.lights.last_input = app.now
    app.quiet_from = app.now  # since when nothing moved and nobody pressed
    app.level = -1  # backlight: -1 normal, else the dimmed level (0: asleep)
    app.later = None  # what the top screen asked App.frame to run after its update
    app._switch = None  # the start a fresh program begins with, at the end of this frame
    app._held = 0
    app._repeat_at = 0
    app.backlight()
    # and uno.core.rules, uno.core.rulecheck if anything loaded them: each match makes its Rules
    drop_codec()
    return app
