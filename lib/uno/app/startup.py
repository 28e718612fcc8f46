"""A program's start-up on the hardware the shell made and hands in: the display tree, the
saves and the App (``make``: code.py's; ``make_app``: the App alone, as the simulator and the
tests make it). The shell drops this module once the App is made: a program runs for hours and
its code would otherwise stay in the heap all that time (CircuitPython keeps a loaded module's
code in RAM). It imports the App; the App imports nothing of it."""

import gc
import os
import random


def make(hw, start, restart, box):
    """The View and the App on the hardware ``hw`` for a program that begins with ``start``
    (App.start), ``restart`` given to the hardware when the drive has ``start/``. ``box``
    ([hw, app, font]) is filled as they are made, for code.py's error screen. Returns the App."""
    from uno.view.table import View

    try:  # start/ copied too: the match and the pages run as programs of their own
        os.stat("start/new.py")
        hw.restart = restart
    except OSError:  # not there: all in one program, as before (a tighter heap)
        pass
    # The display tree first, while the heap is still unfragmented: its largest blocks
    # are the card sheet (3.5 KB) and the font. Then the saves, then the app's modules.
    view = View(hw.base, start == "new" or start == "continue")  # the table: a match's
    box[2] = view.font

    # The saves next, before the app's modules: the codec (10 KB) goes again at once.
    saved = early = carried = None
    if hw.nvm is not None:
        from uno import drop_codec

        saved, carried = read_saves(hw, hw.nvm)
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
    # Rules, seats, names and speed come from the saves (defaults on a new badge); each
    # match's Rules are made from them, then uno.rules and uno.rulecheck (presets,
    # validation) are dropped.
    app = make_app(hw, None, seed=random.getrandbits(30), view=view, nvm=hw.nvm, saved=saved)
    box[1] = app
    if carried is not None:
        app.autosave.carry(app.now // 1000, carried[0], carried[1])
    carried = None
    app.early = early
    saved = early = None
    app.settle()  # a match saved at its end: its high score, on a heap without the match
    return app


def read_saves(hw, nvm):
    """((Saved, notice), carried): the save point the last program handed over in RAM
    (uno.handoff: ``hw.sleep_memory``, the SAMD51's backup RAM) when it checks and decodes,
    ``carried`` its (record, length) still to be written to the nvm; else the nvm's
    (uno.save ``load``) and None. The codec stays loaded (the caller drops it)."""
    from uno.save import load, load_payload
    from uno.store import HEAD

    mem = getattr(hw, "sleep_memory", None)
    got = None
    if mem is not None:
        from uno import drop, handoff

        try:
            got = handoff.take(mem, nvm)
        except Exception:  # RAM that does not read as a handover: the nvm
            got = None
        del handoff
        drop("uno.handoff")
    if got is not None:
        s = load_payload(memoryview(got[0])[HEAD:HEAD + got[1]], nvm)
        if s is not None:
            return (s, None), got
    return load(nvm), None


def make_app(hw, rules=None, seed=1, speed=None, sound=True, cpu="ai", view=None, nvm=None,
             saved=None, app=None, table=True):
    """The App on hardware ``hw``; ``app``: an App made afresh (the simulator's restart), else
    a new one. ``rules``: a ``uno.ruleset.Rules`` for every match of this run (None: the saved
    settings' rules, seats and names); ``seed``: the first match's seed (next matches +1);
    ``speed``: message speed 1-10 (None: the settings'); ``sound``: False keeps it silent;
    ``cpu``: "ai" (uno.ai players) or "first" (the first legal action: predictable computers
    for screenshot tests); ``view``: a View built beforehand (the badge builds it first, while
    the heap still has room for its large bitmaps); ``nvm``: the save buffer
    (microcontroller.nvm, the simulator's file), None for no saves; ``saved``: ``read_saves``'s
    first half, read beforehand (the badge reads it before the app's modules load, so the
    codec and the app are never in the heap together); ``table``: False makes the View (when
    none is given) without the table's cards and panels until a match needs them (the title's
    program and the pages')."""
    from uno.app.main import App, NoMatch, first_legal

    gc.collect()  # the garbage of loading the modules goes before the match allocates
    from uno import drop_codec
    from uno.app.fx import Lights, Sound
    from uno.settings import Saved
    from uno.view.table import View

    if app is None:
        app = App()
    app.hw = hw
    app.rules = rules
    app.seed = seed
    app.nvm = nvm
    app.autosave = None
    app.notice = None
    app.saved = Saved()
    if nvm is not None:
        from uno.autosave import Autosave

        carried = None
        if saved is None:
            saved, carried = read_saves(hw, nvm)
            drop_codec()
        app.saved, app.notice = saved
        app.autosave = Autosave(nvm)
        if carried is not None:
            app.autosave.carry(hw.ticks() // 1000, carried[0], carried[1])
    app.settings = app.saved.settings
    app.speed = speed if speed is not None else app.settings.speed
    app.view = view if view is not None else View(hw.base, table)
    hw.show(app.view.root)
    app.sound = Sound(hw)
    app.sound.enabled = sound and app.settings.sound
    app.lights = Lights(hw)
    app.events = []
    app.lines = 0  # record events written so far (kept by a save: a resumed record)
    app.history = []  # cumulative score tuples after each hand of this match
    app.now = hw.ticks()
    app.lights.last_input = app.now
    app.quiet_from = app.now  # since when nothing moved and nobody pressed
    app.level = -1  # backlight: -1 normal, else the dimmed level (0: asleep)
    app.banner_until = 0
    app.matches = 0
    app.in_match = False
    app.quit_requested = False
    app._make_player = first_legal
    app.cpu = cpu
    app.table = NoMatch
    app.picker = app.prompt = app.menu = app.results = None
    app.handover = None
    app.stack = []
    app.then = None  # a page opened from a paused match: the match goes on when it closes
    app.early = None  # (Game, extra) of the saved match, read before the app (code.py)
    app.over_saved = False  # a match saved at its end waits for ``settle``
    app.settled = False
    app._switch = None  # the start a fresh program begins with, at the end of this frame
    app.deal_next = False  # the next hand is dealt after this frame's screen
    app.hint_next = None  # uno.app.hint.hint, asked on the pause menu, run by App.frame
    app._held = 0
    app._repeat_at = 0
    app.backlight()
    drop_codec()  # and uno.rules, uno.rulecheck if anything loaded them: each match makes its Rules
    return app
