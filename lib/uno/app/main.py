"""The app: one display tree, the table and its pop-up screens, sound and lights.

Both shells (code.py on the badge, host_sim on a PC) build a hardware object with the
interface of docs/APP.md, make an ``App`` and call ``frame()`` about 30 times a second.
"""

from uno import game as G
from uno.app.fx import Lights, Sound
from uno.app.screens import Challenge, Handover, Idle, Pause, Picker, Results
from uno.app.table import Table
from uno.view.table import View

FRAME_MS = 33
_REPEAT = 0xF0  # RIGHT DOWN UP LEFT repeat while held
_REPEAT_FIRST = 400
_REPEAT_NEXT = 110


def _first_legal(level, seed=0, budget=None):
    class First:
        def choose(self, obs):
            return obs.legal[0]

    return First()


class App:
    """``rules``: a ``uno.rules.Rules``; ``seed``: the first match's seed (next matches +1);
    ``speed``: message speed 1-10; ``cpu``: "ai" (uno.ai players) or "first" (the first legal
    action: predictable computers for screenshot tests); ``view``: a View built beforehand
    (the badge builds it first, while the heap still has room for its large bitmaps)."""

    def __init__(self, hw, rules, seed=1, speed=7, sound=True, cpu="ai", view=None):
        self.hw = hw
        self.rules = rules
        self.seed = seed
        self.speed = speed
        self.view = view if view is not None else View(hw.base)
        hw.show(self.view.root)
        self.sound = Sound(hw)
        self.sound.enabled = sound
        self.lights = Lights(hw)
        self.events = []
        self.now = hw.ticks()
        self.lights.last_input = self.now
        self.banner_until = 0
        self.matches = 0
        self.in_match = False
        self.quit_requested = False
        self._make_player = _first_legal
        if cpu == "ai":  # "first": every computer plays its first legal action (tests)
            try:
                from uno.ai import make_player

                self._make_player = make_player
            except ImportError:
                pass
        self.table = Table(self)
        self.picker = Picker(self)
        self.prompt = Challenge(self)
        self.menu = Pause(self)
        self.results = Results(self)
        self.idle_page = Idle(self)
        self.handover = Handover(self)
        self.stack = []
        self._held = 0
        self._repeat_at = 0

    def make_player(self, level, seed):
        return self._make_player(level, seed)

    def sink(self, ev):
        """Every game-record event: kept for the table's messages and given to the shell."""
        self.events.append(ev)
        self.hw.record(ev)

    # ----- matches -------------------------------------------------------------------------

    def new_match(self):
        self.close_all()
        self.view.show_results(False)
        self.in_match = True
        self.lights.last_input = self.now
        self.table.start_match(self.rules, self.seed + self.matches)
        self.matches += 1

    def next_hand(self):
        tb = self.table
        self.events = []
        tb.g.next_hand()
        tb.sel = 0
        tb.offset = 0
        tb._after_action(self.now, None)

    def leave_match(self):
        """The human leaves a match unfinished: the record ends with ``quit``."""
        g = self.table.g
        if self.in_match and g is not None and g.phase != G.PH_MATCH_OVER:
            self.sink({"ev": "quit", "p": self.table.seat})
        self.in_match = False

    def finish(self):
        """The shell is closing (script over, window closed)."""
        self.leave_match()
        self.sound.stop()
        self.hw.pixels(0)

    # ----- screens -------------------------------------------------------------------------

    def _push(self, screen):
        self.stack.append(screen)
        self.table._arrow()

    def close(self):
        """Close the top pop-up; the one below (or the table) carries on."""
        if self.stack:
            self.stack.pop()
        if not self.stack:
            self.view.hide_popup()
        else:
            top = self.stack[-1]
            top.open() if top is self.menu else self._reopen(top)
        self.table._arrow()

    def _reopen(self, top):
        if top is self.picker:
            self.picker.open(self.picker.sel, self.picker.card)
        elif top is self.prompt:
            g = self.table.g
            self.prompt.open(self.table.names[g.w4_seat], g.pending)
        elif top is self.results:
            self.results.open()
        elif top is self.idle_page:
            self.idle_page.open()

    def close_all(self):
        self.stack = []
        self.view.hide_popup()

    def pick_colour(self, default, card):
        self.picker.open(default, card)
        self._push(self.picker)

    def challenge(self, who, pending):
        self.prompt.open(who, pending)
        self._push(self.prompt)

    def pause(self):
        if self.stack and self.stack[-1] in (self.menu, self.results, self.idle_page):
            return
        self.menu.open()
        self._push(self.menu)

    def show_results(self):
        self.close_all()
        self.results.open()
        self._push(self.results)

    def hand_over_to(self, seat):
        self.handover.open(seat)
        self._push(self.handover)

    def idle_screen(self):
        self.in_match = False
        self.quit_requested = True
        self.close_all()
        self.idle_page.open()
        self._push(self.idle_page)

    # ----- the frame -----------------------------------------------------------------------

    def top(self):
        return self.stack[-1] if self.stack else self.table

    def idle(self):
        """True when the app waits for the player (nothing moving, no computer to act)."""
        if self.stack:
            return True
        return self.table.idle()

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
        if pressed:
            self.lights.last_input = now
        if self.stack:
            self.stack[-1].update(pressed, now)
        elif self.table.g is not None:
            self.table.update(pressed, now)
        if self.banner_until and now - self.banner_until >= 0:
            self.banner_until = 0
            self.view.banner.hidden = True
        self.sound.update(now)
        self.lights.update(now)
        hw.refresh()
