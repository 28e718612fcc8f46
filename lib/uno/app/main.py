"""The App: what every program shares, resident in each (the title's, a match's, a page's):
the frame, the buttons' repeat, dimming and sleep, the screen stack, the saves, sound, lights.

A shell (code.py on the badge, host_sim on a PC) builds a hardware object with the interface
of docs/APP.md, has the program's composition (uno.programs) make the ``App`` on it and calls
``frame()`` about 30 times a second. A match is the Match controller's (uno.app.match, loaded
only where a match is played), and the table under the stack is its ``uno.app.table.Table``.
Pages that are seldom open (title, options, help...) are modules loaded by ``open_page`` and
dropped when they close; so is the save code (``uno.app.savepoint``, ``uno.app.begin``,
``uno.saves.codec``), loaded only at save points, Continue and start-up (docs/SAVES.md). What runs
only as a screen opens or closes (``uno.app.screens``) or a program ends (``uno.app.switch``)
is loaded for it and let go after: a match's computer turns run without that code.
"""

from micropython import const

try:
    from typing import Any  # noqa: F401 (type comments only; CircuitPython has no typing)
except ImportError:
    pass

from uno import drop, drop_codec, drop_search
from uno.app.input import DPAD

_REPEAT_FIRST = const(400)
_REPEAT_NEXT = const(110)
DIM_MS = const(60000)  # the backlight dims after a minute without a press
SLEEP_MS = const(300000)  # screen and lights off after five
DIM_LEVEL = const(1)  # of 10


class NoMatch:
    """The table of a program that plays no match: the title's and the pages' programs never
    load the match's modules (the table, its pop-ups, the rules core, the computer players)."""

    g = None
    names = ()
    banner_until = 0


def drop_module(name, package="uno.app"):
    """Forget module ``<package>.<name>`` (``uno.app.<name>``): its code goes at the next
    collection once nothing else holds it. The name is made here (uno.drop_codec says why)."""
    drop(package + "." + name)


class App:
    """What every program shares. Made and begun by the program's composition (uno.programs):
    its attributes are set there, not in an ``__init__``, so that code goes once the program
    runs; bare annotations compile to nothing."""

    hw: Any  # the hardware (docs/APP.md, "The hardware interface")
    view: Any  # the display tree (uno.view.table.View)
    sound: Any
    lights: Any
    saved: Any  # the saves as read (uno.saves.settings.Saved): settings, high scores, the match
    settings: Any
    autosave: Any  # the nvm's writer (uno.saves.autosave), None without saves
    notice: Any  # what the title says once about the saves ("No saves yet: defaults"...)
    speed: int  # message speed 1-10
    rules: Any  # the Rules of every match of this run, None: the settings'
    seed: int  # the next match's seed
    cpu: str  # "ai", or "first": every computer plays its first legal action (tests)
    lines: int  # game-record events written so far (a save keeps it: a resumed record)
    stack: list  # the pop-ups and pages over the table, the top one gets the buttons
    table: Any  # the screen under them: the match's Table, else NoMatch
    match: Any  # the Match controller (uno.app.match), None where no match was begun
    paused: Any  # a page's program: the paused match it shows (uno.programs.page), else None
    now: int
    quiet_from: int
    level: int
    later: Any
    _switch: Any
    _held: int
    _repeat_at: int

    def settle(self):
        """A match saved at its end gives its high score and leaves the save (uno.app.begin
        ``settle``): as a program starts (uno.programs ``start_up``: before the match's modules
        load), and before the next match or the title in the same program."""
        m = self.match
        if m is not None:
            m.over_saved = False
        if self.autosave is None or not self.saved.match:
            return
        from uno.app import begin

        try:
            begin.settle(self)
        finally:
            drop_module("begin")
            drop_codec()

    def switch(self, start):
        """Go on as a fresh program that begins with ``start`` (uno.programs): the badge
        reloads CircuitPython (``hw.restart``), so the title's pages and a match never share
        a heap (their names stay interned for as long as the program runs). A save point that
        waits (the pause menu's, leaving a page) goes over in RAM that survives the reload
        (``hw.sleep_memory``: uno.saves.handoff) and waits on in the next program; where there is no
        such RAM it is written first, at once: the next program reads the settings and the
        match from the nvm. False, and nothing done, where the shell cannot restart, there are
        no saves, or the match the next program needs is not in the save (a 256-byte nvm): go
        on in place."""
        from uno.app import switch

        try:
            return switch.switch(self, start)
        finally:
            drop_module("switch")

    def get_match(self):
        """The program's Match (uno.app.match), made at its first match: where the shell
        cannot start a match's program (App.switch), the title's or a page's program plays it
        in place."""
        if self.match is None:
            from uno.app.match import Match

            Match(self)
        return self.match

    def backlight(self):
        """The backlight at the settings' level (or the dimmed one)."""
        set_level = getattr(self.hw, "backlight", None)
        if set_level is not None:
            set_level(self.settings.bright if self.level < 0 else self.level)

    def finish(self):
        """The shell is closing (script over, window closed)."""
        if self.match is not None:
            self.match.leave()
        self.sound.stop()
        self.hw.pixels(0)

    # ----- saves ---------------------------------------------------------------------------

    def save_point(self, urgent=False):
        """Settings, scores and the match in progress to the nvm (written at once, or within
        10 s: uno.saves.autosave; at once when ``urgent``). Pages call it when the player leaves
        them. False when nothing could be kept (the player is told; the nvm keeps the last
        save point)."""
        if self.autosave is None:
            return None
        # the search's code (loaded by a hand's searches) gives the codec its room; the next
        # search loads it again
        drop_search()
        import gc

        gc.collect()
        from uno.app import savepoint

        try:
            return savepoint.point(self, urgent)
        finally:
            drop_module("savepoint")
            drop_codec()

    def emergency_save(self):
        """The app failed (code.py's error screen): write the last save point now."""
        a = self.autosave
        if a is None:
            return
        if a.pending is None and self.save_point() is False:
            # the failure left the match out of order (a move half made): the last save
            # point stays, and the error screen says the game was not saved
            raise ValueError("not saved")
        if a.pending is not None:
            a.last_at = None
            a.poll(self.now // 1000)
            drop_codec()

    # ----- screens -------------------------------------------------------------------------

    def push(self, screen, module):
        """Put ``screen``, a pop-up of ``module`` ("uno.app.popups"...), over the rest; the
        module goes when it closes, as a page's (``close``)."""
        screen.module = module
        if self.table.g is not None:
            self.table.flush(True)  # what a play held back comes before the screen's
        self.stack.append(screen)
        if self.table.g is not None:
            self.table._arrow()

    def open_page(self, name):
        """Open the page ``name``: "title", "options", "help", "graph", "players", "scores" or
        "record" (uno.app.screens knows each page's module). Its ``open(app)`` returns the
        screen, pushed on the stack; the module goes when the page closes."""
        from uno.app import screens

        screens.open_page(self, name)
        drop_module("screens")

    def close(self):
        """Close the top pop-up or page; the one below (or the table) carries on."""
        from uno.app import screens

        screens.close(self)
        drop_module("screens")

    def close_all(self):
        """Close every pop-up and page: the table (or nothing) shows."""
        from uno.app import screens

        screens.close_all(self)
        drop_module("screens")

    def title(self):
        """The title screen (start-up, Quit to title, no more matches)."""
        from uno.app import screens

        screens.title(self)
        drop_module("screens")

    # ----- the frame -----------------------------------------------------------------------

    def top(self):
        """The screen that gets the buttons: the top of the stack, else the table."""
        return self.stack[-1] if self.stack else self.table

    def idle(self):
        """True when the app waits for the player (nothing moving, no computer to act)."""
        if self.stack:
            return True
        return self.table.g is None or self.table.idle()

    def _quiet(self, now, pressed):
        """Dim, sleep and wake; True when this frame is asleep or the press only woke it."""
        if pressed:
            self.quiet_from = now
            self.lights.last_input = now  # a waking press lights the NeoPixels again too
            if self.level >= 0:  # the press wakes the screen and does nothing else
                self.level = -1
                self.backlight()
                return True
            return False
        if not self.idle() or self.sound.busy():
            self.quiet_from = now
            return False
        # No save point for a long think: the hand's end, the pause menu and dimming keep the
        # match (docs/SAVES.md: one write a hand)
        quiet = now - self.quiet_from
        if quiet >= SLEEP_MS:
            if self.level != 0:
                self.emergency_save()  # asleep the badge may be switched off: write now
                self.level = 0
                self.backlight()
                self.sound.stop()
                self.lights._shown = 0
                self.hw.pixels(0)
            return True
        if quiet >= DIM_MS and self.level < 0:
            self.save_point()
            self.level = DIM_LEVEL if self.settings.bright > DIM_LEVEL else self.settings.bright
            self.backlight()
        return False

    def frame(self):
        """One frame: the buttons to the top screen, what it asked for ``later``, the ONE!
        banner's end, a waiting save point, sound, lights; a program switch asked for."""
        hw = self.hw
        now = hw.ticks()
        self.now = now
        pressed = hw.poll()
        held = hw.held & DPAD  # the D-pad repeats while held
        if held != self._held:
            self._held = held
            self._repeat_at = now + _REPEAT_FIRST
        elif held and now - self._repeat_at >= 0:
            pressed |= held
            self._repeat_at = now + _REPEAT_NEXT
        if self._quiet(now, pressed):
            if self.level == 0:
                return  # asleep: nothing drawn, nothing refreshed
            pressed = 0
        if pressed:
            self.lights.last_input = now
        tb = self.table
        if self.stack:
            a = self.stack[-1].update(pressed, now)
            if a is not None:
                # a pop-up's answer (uno.app.popups), applied once the pop-up's frame has
                # gone: its code, let go as it closed, is garbage before the action's
                # message loads its own into its room
                tb.act(a, now)
        elif tb.g is not None:
            tb.update(pressed, now)
        later = self.later
        if later is not None:
            # asked for by this frame's screen (the pause menu's hint: uno.app.hint; the
            # results page's next hand: Match.deal_next) and run here: a Python frame
            # shallower than the screen's, for CircuitPython 9's 1.5 KB Python stack, and the
            # screen's code unreferenced, so the deal's code loads into its room
            self.later = None
            later(self)
        if tb.banner_until and now - tb.banner_until >= 0:
            tb.banner_until = 0
            self.view.banner.hidden = True
        a = self.autosave
        if a is not None and a.pending is not None:
            a.poll(now // 1000)
            if a.pending is None:
                drop_codec()
                if a.error is not None:
                    self.view.message(a.error)
        self.sound.update(now)
        self.lights.update(now)
        if self._switch is not None:
            start = self._switch
            self._switch = None
            hw.restart(start)  # the badge does not come back; the simulator starts afresh
        hw.refresh()
