"""The app: one display tree, the title, the table and its pop-up screens, saves, sound, lights.

Both shells (code.py on the badge, host_sim on a PC) build a hardware object with the
interface of docs/APP.md, have the program's composition (uno.programs) make the ``App`` on
it and call ``frame()`` about 30 times a second.
Pages that are seldom open (title, options, help...) are modules loaded by ``open_page`` and
dropped when they close; so is the save code (``uno.app.savepoint``, ``uno.app.saves``,
``uno.save``), loaded only at save points, Continue and start-up (docs/SAVES.md).
"""

from micropython import const

try:
    from typing import Any  # noqa: F401 (type comments only; CircuitPython has no typing)
except ImportError:
    pass

from uno import drop, drop_codec

FRAME_MS = const(33)
_REPEAT = const(0xF0)  # RIGHT DOWN UP LEFT repeat while held
_REPEAT_FIRST = const(400)
_REPEAT_NEXT = const(110)
DIM_MS = const(60000)  # the backlight dims after a minute without a press
SLEEP_MS = const(300000)  # screen and lights off after five
DIM_LEVEL = const(1)  # of 10


def first_legal(level, seed=0, budget=None):
    class First:
        def choose(self, obs):
            return obs.legal[0]

    return First()


class NoMatch:
    """The table of a program that has dealt no match yet: the title's program never loads
    the match's modules (the table, its pop-ups, the rules core, the computer players)."""

    g = None
    names = ()


def _page(name):
    # the page module of ``name`` (App.open_page): imported here, by name in the source, so an
    # editor and a static tool see which module each page is
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


def drop_module(name, package=None):
    """Forget module ``uno.app.<name>``, or ``<package>.<name>`` (``package`` a package
    module): its code goes at the next collection once nothing else holds it."""
    drop(("uno.app" if package is None else package.__name__) + "." + name)


class App:
    """``rules``: a ``uno.rules.Rules`` for every match of this run (None: the saved settings'
    rules, seats and names); ``seed``: the first match's seed (next matches +1); ``speed``:
    message speed 1-10 (None: the settings'); ``cpu``: "ai" (uno.ai players) or "first" (the
    first legal action: predictable computers for screenshot tests); ``view``: a View built
    beforehand (the badge builds it first, while the heap still has room for its large
    bitmaps); ``nvm``: the save buffer (microcontroller.nvm, the simulator's file), None for
    no saves; ``saved``: ``uno.save.load(nvm)`` done beforehand (the badge loads it before
    the app's modules, so the codec and the app are never in the heap together)."""

    # Its attributes, set by the program's start-up (uno.programs ``start_up``, which builds
    # the App: its code goes once the program runs); bare annotations compile to nothing
    hw: Any
    rules: Any
    seed: int
    nvm: Any
    autosave: Any
    notice: Any
    saved: Any
    settings: Any
    speed: int
    view: Any
    sound: Any
    lights: Any
    events: list
    lines: int
    history: list
    now: int
    quiet_from: int
    level: int
    banner_until: int
    matches: int
    in_match: bool
    _make_player: Any
    cpu: str
    table: Any
    picker: Any
    prompt: Any
    menu: Any
    results: Any
    handover: Any
    stack: list
    then: Any
    early: Any
    over_saved: bool
    _switch: Any
    deal_next: bool
    hint_next: Any
    _held: int
    _repeat_at: int

    def settle(self):
        """A match saved at its end gives its high score and leaves the save (uno.app.saves
        ``settle``): as a program starts (uno.programs ``start_up``: before the match's modules
        load), and before the next match or the title in the same program."""
        if self.autosave is None:
            return
        from uno.app import saves

        try:
            saves.settle(self)
        finally:
            drop_module("saves")
            drop_codec()

    def switch(self, start):
        """Go on as a fresh program that begins with ``start`` (uno.programs): the badge
        reloads CircuitPython (``hw.restart``), so the title's pages and a match never share
        a heap (their names stay interned for as long as the program runs). A save point that
        waits (the pause menu's, leaving a page) goes over in RAM that survives the reload
        (``hw.sleep_memory``: uno.handoff) and waits on in the next program; where there is no
        such RAM it is written first, at once: the next program reads the settings and the
        match from the nvm. False, and nothing done, where the shell cannot restart, there are
        no saves, or the match the next program needs is not in the save (a 256-byte nvm): go
        on in place."""
        if getattr(self.hw, "restart", None) is None or self.autosave is None:
            return False
        if start != "new" and start != "title" and not self.saved.match:
            return False
        a = self.autosave
        mem = getattr(self.hw, "sleep_memory", None)
        handed = False
        if mem is not None:
            from uno import handoff

            try:
                handed = handoff.give(mem, a.buf, a.rec, a.pending)
            except Exception:  # RAM that does not take it: the nvm, as below
                handed = False
            finally:
                del handoff
                drop("uno.handoff")
                drop_codec()
        if not handed and a.pending is not None:
            a.last_at = None  # the one write of this switch: the 10 s gap does not apply
            a.poll(self.now // 1000)
            drop_codec()
            if a.pending is not None or a.error is not None:
                return False
        self._switch = start
        return True

    def match_parts(self):
        """The table, the rules core and the computer players, loaded for this program's first
        match. The pop-ups and the results page are loaded when they open (``_hold``)."""
        if self.table is not NoMatch:
            return
        self.view.build_table()  # the title's program made its View without it
        from uno.app.table import Table

        # what each computer turn sees (Game.observe imports it at the first one): loaded
        # now, before the deal and the first searches fragment the heap
        import uno.observe  # noqa: F401

        self._make_player = None  # loaded at the first computer turn (App.wake_players)
        self.table = Table(self)

    def _load_players(self):
        self._make_player = first_legal
        if self.cpu == "ai":  # "first": every computer plays its first legal action (tests)
            try:
                from uno.players import make_player

                self._make_player = make_player
            except ImportError:
                pass

    def make_player(self, level, seed):
        """A computer player of ``level`` for a new match (its code loaded again after
        ``rest_players``)."""
        if self._make_player is None:
            self._load_players()
        return self._make_player(level, seed)

    def rest_players(self, always=False):
        """The match is over, or ``always`` (a hand's end, the pause menu): its computer
        players and their code (``uno.ai``, ``uno.easy``, ``uno.advanced``, ``uno.observe``,
        ``uno.ai_search``: 14 KB on the VM) go until the next computer turn wakes them
        (``wake_players``), so the save point, the results page and a page opened over them
        have their room. What a player carries from one decision to the next (its random
        numbers, what its challenges learned, a challenge it waits to see settled) stays in
        ``table.rested``: it decides as if it had never gone."""
        from uno.game import PH_MATCH_OVER

        tb = self.table
        if tb is NoMatch or tb.g is None or not (always or tb.g.phase == PH_MATCH_OVER):
            return
        old = tb.rested
        rested = []
        for s in range(len(tb.players)):
            p = tb.players[s]
            if p is None or p == 0:  # a human, or resting since the hand's end
                rested.append(old[s] if p == 0 and s < len(old) else None)
            else:
                rested.append((getattr(p, "rng", None), getattr(p, "bluffs", None),
                                getattr(p, "honest", None),
                                getattr(p, "pending_challenge", None)))
        tb.rested = rested
        tb.players = [None if p is None else 0 for p in tb.players]  # seats stay computers'
        self._make_player = None
        import uno

        for name in ("ai_search", "advanced", "easy", "players", "ai", "observe"):
            drop_module(name, uno)
        import gc

        gc.collect()

    def wake_players(self):
        """The resting computer players made again, each with what it carried (see
        ``rest_players``)."""
        tb = self.table
        g = tb.g
        seats = g.rules.seats
        rested = tb.rested
        import uno.observe  # noqa: F401 (before the players: as match_parts orders them)

        for s in range(len(tb.players)):
            if tb.players[s] == 0:
                p = self.make_player(seats[s], g.seed + s)
                st = rested[s] if s < len(rested) else None
                if st is not None:
                    if st[0] is not None:
                        p.rng = st[0]
                    if st[1] is not None:
                        p.bluffs = st[1]
                        p.honest = st[2]
                        p.pending_challenge = st[3]
                tb.players[s] = p
        tb.rested = []

    def sink(self, ev):
        """Every game-record event: kept for the table's messages and given to the shell."""
        self.events.append(ev)
        self.lines += 1
        self.hw.record(ev)

    def backlight(self):
        """The backlight at the settings' level (or the dimmed one)."""
        set_level = getattr(self.hw, "backlight", None)
        if set_level is not None:
            set_level(self.settings.bright if self.level < 0 else self.level)

    # ----- matches -------------------------------------------------------------------------

    def new_match(self):
        """Deal a new match with the run's rules or the settings' (rules, seats, names)."""
        from uno.app import begin

        try:
            begin.new_match(self)
        finally:
            self._begun()
        self._deal(True)  # once begin's code has gone: the deal's room
        self.matches += 1

    def resume(self):
        """Continue the saved match where its last save point left it; False (and a notice)
        when it cannot be read."""
        from uno.app import begin

        try:
            return begin.resume(self)
        finally:
            self._begun()

    def _begun(self):
        # code run once a program or a match (uno.app.begin) goes when it has run, and
        # with it what made the match's rules and names
        drop_module("begin")
        drop("uno.settings_ops")

    def next_hand(self):
        self._deal(False)

    def _deal(self, first):
        # a match's first hand (its start), or the next
        tb = self.table
        self.events = []
        if first:
            tb.g.start()
        else:
            tb.g.next_hand()
        tb.sel = 0
        tb.offset = 0
        tb._after_action(self.now, None)

    def hand_over(self):
        """A hand (or the match) ended: its scores join ``history``; the computer players
        rest until the next hand's first computer turn (``rest_players``); the save point."""
        g = self.table.g
        if len(self.history) < g.hand_no:
            self.history.append(tuple(g.scores))
        self.rest_players(True)
        self.save_point(True)  # written at once: the results page may be the last thing seen

    def leave_match(self):
        """The human leaves a match unfinished: the record ends with ``quit``."""
        g = self.table.g
        if self.in_match and g is not None:
            from uno.game import PH_MATCH_OVER

            if g.phase != PH_MATCH_OVER:
                self.sink({"ev": "quit", "p": self.table.seat})
        self.in_match = False

    def finish(self):
        """The shell is closing (script over, window closed)."""
        self.leave_match()
        self.sound.stop()
        self.hw.pixels(0)

    # ----- saves ---------------------------------------------------------------------------

    def save_point(self, urgent=False):
        """Settings, scores and the match in progress to the nvm (written at once, or within
        10 s: uno.autosave; at once when ``urgent``). Pages call it when the player leaves
        them. False when nothing could be kept (the player is told; the nvm keeps the last
        save point)."""
        if self.autosave is None:
            return None
        import uno

        # the search's code (loaded by a hand's searches) gives the codec its room; the next
        # search loads it again
        drop_module("ai_search", uno)
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

    def _push(self, screen):
        if self.table.g is not None:
            self.table.flush(True)  # what a play held back comes before the screen's
        self.stack.append(screen)
        if self.table.g is not None:
            self.table._arrow()

    def open_page(self, name):
        """Open the page ``name``: "title", "options", "help", "graph", "players", "scores" or
        "record", the one place that knows each page's module (uno.app.<name>). Its
        ``open(app)`` returns the screen, pushed on the stack; the module goes when the page
        closes (``_drop``)."""
        page = _page(name)
        screen = page.open(self)
        screen.module = page.__name__
        self._push(screen)

    def _hold(self, slot, screen, module):
        # a pop-up ``screen`` of ``module``, kept in attribute ``slot`` while it is on the
        # stack; the module goes when it closes, as a page's (``_drop``)
        screen.module = module
        setattr(self, slot, screen)
        return screen

    def _drop(self, screen):
        name = getattr(screen, "module", None)
        if name is not None:
            closing = getattr(screen, "closing", None)
            if closing is not None:
                closing()
            for slot in ("picker", "prompt", "menu", "results", "handover"):
                if getattr(self, slot) is screen:
                    setattr(self, slot, None)  # its class, and so the module's code, can go
            for s in self.stack:
                if getattr(s, "module", None) == name:
                    return  # another screen of the module is still open under it
            drop(name)

    def close(self):
        """Close the top pop-up or page; the one below (or the table) carries on."""
        if self.stack:
            self._drop(self.stack.pop())
        if not self.stack:
            self._bare()
            if self.then is not None:  # back to the paused match that opened the page
                if not self.switch(self.then) and not self.resume():
                    self.title()
                self.then = None
        else:
            self._reopen(self.stack[-1])
        if self.table.g is not None:
            self.table._arrow()

    def _reopen(self, top):
        if top is self.picker:
            self.picker.open(self.picker.sel, self.picker.card)
        elif top is self.prompt:
            g = self.table.g
            self.prompt.open(self.table.names[g.w4_seat], g.pending)
        elif top is self.menu or top is self.results:
            top.open()
        else:
            again = getattr(top, "reopen", None)
            if again is not None:
                again()

    def close_all(self):
        while self.stack:
            self._drop(self.stack.pop())
        self._bare()

    def _bare(self):
        # no screen over the table: the pop-up panel goes, and the code that built it
        # (uno.view.panels) with it
        self.view.hide_popup()
        import uno.view

        drop_module("panels", uno.view)

    def pick_colour(self, default, card):
        from uno.app.popups import Picker

        s = self._hold("picker", Picker(self), "uno.app.popups")
        s.open(default, card)
        self._push(s)

    def challenge(self, who, pending):
        from uno.app.popups import Challenge

        s = self._hold("prompt", Challenge(self), "uno.app.popups")
        s.open(who, pending)
        self._push(s)

    def pause(self):
        """START: the pause menu over the match (a save point)."""
        if self.stack and (self.stack[-1] is self.menu or self.stack[-1] is self.results):
            return
        # nobody decides while the menu shows: the players' 14 KB give the save point, a page
        # program's hand-over and the hint their room (the next computer turn wakes them)
        self.rest_players(True)
        self.save_point()
        from uno.app.pause import Pause

        s = self._hold("menu", Pause(self), "uno.app.pause")
        s.open()
        self._push(s)

    def show_results(self):
        self.close_all()
        self.hand_over()
        from uno.app.results import Results

        s = self._hold("results", Results(self), "uno.app.results")
        s.open()
        self._push(s)

    def hand_over_to(self, seat):
        from uno.app.handover import Handover

        s = self._hold("handover", Handover(self), "uno.app.handover")
        s.open(seat)
        self._push(s)

    def title(self):
        """The title screen (start-up, Quit to title, no more matches)."""
        if self.over_saved:
            self.settle()
        self.in_match = False
        self.close_all()
        self.view.hide_results()
        self.view.table.hidden = True
        self.open_page("title")

    # ----- the frame -----------------------------------------------------------------------

    def top(self):
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
        hw = self.hw
        now = hw.ticks()
        self.now = now
        pressed = hw.poll()
        held = hw.held & _REPEAT
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
        if self.stack:
            self.stack[-1].update(pressed, now)
        elif self.table.g is not None:
            self.table.update(pressed, now)
        if self.hint_next is not None:
            # a hint asked on the pause menu, thought out here: a Python frame shallower than
            # the menu's, for CircuitPython 9's 1.5 KB Python stack (docs/BENCHMARKS.md)
            self.view.message(self.hint_next(self))
            self.hint_next = None
            drop_module("hint")
        if self.deal_next:
            # the results page asked for the next hand: dealt now that the page and its code
            # are unreferenced (the deal's code loads into their room on the badge)
            self.deal_next = False
            self.next_hand()
        if self.banner_until and now - self.banner_until >= 0:
            self.banner_until = 0
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
