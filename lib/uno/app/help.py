"""Help page: the controls, then the rules in force (the match's, or the chosen preset with
its changed options outside a match), in the words the options page uses (uno.app.ruletext).
UP/DOWN scroll a line, LEFT/RIGHT a page, B goes back.
"""

from uno.app import ruletext as T
from uno.app.input import B, DOWN, LEFT, RIGHT, START, UP
from uno.app.page import BODY_ROWS, Page

CONTROLS = (
    "LEFT/RIGHT  pick a card",
    "UP/DOWN     jump 8 cards",
    "A           play the card",
    "B           draw a card",
    "SELECT      call ONE",
    "START       pause menu",
    "Wild: D-pad points at the",
    "colour, A confirms",
    "W+4 on you: A challenges",
    "it, B takes the cards",
    "7-0 rule: D-pad picks whom",
    "to swap with, A swaps",
    "Jump-in: A plays the card",
    "raised, B lets it go",
    "Results: A next hand",
    "Held LEFT/RIGHT repeat",
)
_SHOWN = ("deck", "wd4", "draw", "hand_limit", "stacking", "one_call", "one_window", "scoring",
          "target", "next_start", "seven_zero", "jump_in")


def rule_lines(rules, preset):
    """The rules of ``rules`` (a uno.core.ruleset.Rules) as lines: each option's name and value,
    then what it means; ``preset`` is the name the rules start from."""
    out = ["PRESET: %s" % preset, T.explain("preset", preset)]
    for name in _SHOWN:
        if name == "one_window" and rules.one_call != "required":
            continue
        v = getattr(rules, name)
        out.append("%s: %s" % (T.RULES[name][0].upper(), T.value_text(name, v)))
        out.append(T.explain(name, v))
    return out


class Help(Page):
    """The controls and the rules as one list of lines, shown ``BODY_ROWS`` at a time."""

    def __init__(self, app):
        Page.__init__(self, app, "HELP")
        m = app.match
        s = app.settings
        rules = None
        if m is not None and m.in_match and m.table.g is not None:
            rules = m.table.g.rules
        elif app.paused:  # the paused match's (its own program: uno.programs.page)
            rules = app.paused[3]
        if rules is not None:  # a match's rules: the preset they match (options may differ)
            from uno.core.rules import drop, preset_of

            preset = preset_of(rules)
            drop()
        else:  # the next match's
            from uno.saves.settings_ops import rules_of

            rules = app.rules or rules_of(s)
            preset = s.preset
        lines = list(CONTROLS)
        while len(lines) % BODY_ROWS:  # the rules start on a page of their own, in pairs
            lines.append("")
        self.rules_at = len(lines)
        lines += rule_lines(rules, preset)
        while len(lines) % BODY_ROWS:  # whole pages: RIGHT ends on the last, numbered n/n
            lines.append("")
        self.all = lines
        self.top = 0
        self.draw()
        self.set_foot("UP/DOWN LEFT/RIGHT B:back")

    def draw(self):
        """The lines from ``top``; the title says which part and where in the whole."""
        last = len(self.all) - BODY_ROWS
        self.top = max(0, min(self.top, last))
        part = "CONTROLS" if self.top < self.rules_at else "RULES IN FORCE"
        self.set_title("HELP: %s %d/%d" % (part, self.top // BODY_ROWS + 1,
                                           (len(self.all) + BODY_ROWS - 1) // BODY_ROWS))
        self.set_lines(self.all[self.top:self.top + BODY_ROWS])

    def update(self, pressed, now):
        """Scroll, page, or go back."""
        if not pressed:
            return
        if pressed & (B | START):
            self.leave()
            return
        if pressed & UP:
            self.top -= 1
        elif pressed & DOWN:
            self.top += 1
        elif pressed & LEFT:
            self.top -= BODY_ROWS
        elif pressed & RIGHT:
            self.top += BODY_ROWS
        self.draw()


def open(app):
    """The help page."""
    return Help(app)
