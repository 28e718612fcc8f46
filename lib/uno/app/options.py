"""Options page: the preset, every rule option, target score, message speed, tips, sound and
backlight. UP/DOWN move, LEFT/RIGHT change, B leaves (a save point).

Rule options are kept as overrides of the preset in ``Settings.rules`` (only those that differ
from it); the rules of a match in progress do not change: the page says the new ones apply
from the next match. Speed, tips, sound and the backlight apply at once.
"""

from uno.core import rulecheck
from uno.core import rules as R
from uno.app import fx
from uno.app import ruletext as T
from uno.app.input import B, DOWN, LEFT, RIGHT, START, UP
from uno.app.page import BODY_ROWS, LIST_ROWS, Page, cycle
from uno.core.ruleset import OPTION_NAMES
from uno.saves.settings_ops import rules_of

ITEMS = (
    "preset", "deck", "wd4", "draw", "hand_limit", "stacking", "one_call", "one_window",
    "scoring", "next_start", "seven_zero", "jump_in", "target", "speed", "tips", "sound",
    "bright",
)
_RULE_OPTS = ITEMS[1:13]
_CHOICES = {"hand_limit": (0, 16), "tips": (True, False), "sound": (True, False)}
_RANGES = {"one_window": (1, 10, 1), "target": (100, 10000, 100), "speed": (1, 10, 1),
           "bright": (1, 10, 1)}
_RANGE_WHY = {"one_window": "ONE time is 1 to 10 s", "target": "Target is 100 to 10000",
              "speed": "Speed is 1 to 10", "bright": "Backlight is 1 to 10"}


def overrides(text):
    """{option: value} of a ``Settings.rules`` string (already checked by uno.saves.codec)."""
    opts = {}
    for tok in text.split():
        k, _, v = tok.partition("=")
        opts[k] = rulecheck.check(k, v)
    return opts


class Options(Page):
    """The options list; ``settings`` is edited in place (it is the app's)."""

    save = True

    def __init__(self, app):
        Page.__init__(self, app, "OPTIONS")
        self.s = app.settings
        self.sel = 0
        self.top = 0
        m = app.match
        self.mid_match = (m is not None and m.in_match) or app.paused is not None
        self.changed_rules = False
        if self.mid_match:
            self.set_title("OPTIONS: rules next match")
        self.draw()
        self.set_foot("UP/DOWN LEFT/RIGHT B:back")

    def value(self, name, rules=None):
        """The value of item ``name`` the next match will use (``rules``: the settings'
        Rules when the caller has made them already)."""
        s = self.s
        if name == "preset":
            return s.preset
        if name in ("speed", "tips", "sound", "bright"):
            return getattr(s, name)
        return getattr(rules if rules is not None else rules_of(s), name)

    def draw(self):
        """The list around the selection, and the selected value's explanation."""
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + LIST_ROWS:
            self.top = self.sel - LIST_ROWS + 1
        base = R.preset(self.s.preset)
        rules = rules_of(self.s)  # once: each makes a Rules from the preset's text
        lines = []
        for i in range(self.top, self.top + LIST_ROWS):
            name = ITEMS[i]
            v = self.value(name, rules)
            mark = "*" if name in _RULE_OPTS and v != getattr(base, name) else " "
            lines.append("%-10s %s%s" % (T.RULES[name][0], mark, T.value_text(name, v)))
        while len(lines) < BODY_ROWS - 1:
            lines.append("")
        name = ITEMS[self.sel]
        lines.append(T.explain(name, self.value(name, rules)))
        self.set_lines(lines, self.sel - self.top)

    def refuse(self, why):
        """Say why a change is refused; nothing changes."""
        app = self.app
        app.sound.play(fx.BUZZ, app.now)
        self.set_foot(why, True)

    def change(self, step):
        """LEFT (-1) / RIGHT (+1) on the selected item; a clash is refused with its reason."""
        s = self.s
        name = ITEMS[self.sel]
        v = self.value(name)
        if name == "preset":
            s.preset = cycle(rulecheck.PRESET_NAMES, v, step)
            s.rules = ""
            s.target = 0
            self.changed_rules = True
            return "%s rules" % s.preset.upper()
        if name in _RANGES:
            lo, hi, d = _RANGES[name]
            new = v + step * d
            if not lo <= new <= hi:
                return self.refuse(_RANGE_WHY[name])
        elif name in _CHOICES:
            new = cycle(_CHOICES[name], v, step)
        else:
            new = cycle(rulecheck.CHOICES[name], v, step)
        if name == "one_window" and self.value("one_call") != "required":
            return self.refuse("Needs ONE call: required")
        if name in ("speed", "tips", "sound", "bright"):
            setattr(s, name, new)
            self.apply()
            return ""
        if name == "target":
            s.target = 0 if new == R.preset(s.preset).target else new
        else:
            opts = overrides(s.rules)
            if new == getattr(R.preset(s.preset), name):
                opts.pop(name, None)
            else:
                opts[name] = new
            text = " ".join("%s=%s" % (k, opts[k]) for k in OPTION_NAMES if k in opts)
            old = s.rules
            s.rules = text
            try:
                rules_of(s)
            except ValueError as e:
                s.rules = old
                return self.refuse(str(e)[:26])
        self.changed_rules = True
        return ""

    def apply(self):
        """Speed, sound and backlight take effect at once."""
        app = self.app
        s = self.s
        app.speed = s.speed
        app.sound.enabled = s.sound
        if not s.sound:
            app.sound.stop()
        light = getattr(app, "backlight", None)
        if light is not None:
            light()

    def update(self, pressed, now):
        """UP/DOWN move, LEFT/RIGHT change, B (or START) leaves."""
        if not pressed:
            return
        if pressed & (B | START):
            self.leave()
            return
        if pressed & UP:
            self.sel = (self.sel - 1) % len(ITEMS)
        elif pressed & DOWN:
            self.sel = (self.sel + 1) % len(ITEMS)
        elif pressed & (LEFT | RIGHT):
            msg = self.change(1 if pressed & RIGHT else -1)
            if msg is None:
                self.draw()
                return
            if self.mid_match and self.changed_rules:
                msg = "Applies from next match"
            self.set_foot(msg or "UP/DOWN LEFT/RIGHT B:back")
        self.draw()


def open(app):
    """The options page over whatever shows (the title or the pause menu)."""
    return Options(app)
