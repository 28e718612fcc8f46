"""The pop-ups over the table for your own wild and a W+4 against you: the colour picker and
the challenge prompt. Loaded when one opens and dropped when it closes (Match.pick_colour,
Match.challenge): most of a match never needs them, and the badge keeps a loaded module's code
in its heap. They draw into the pop-up panel and the prompt the view builds for them
(uno.view.panels: show_popup, show_prompt)."""

from uno.core import cards
from uno.core.codes import ACCEPT, CHALLENGE, COLOUR
from uno.app.input import A, B, DOWN, LEFT, PICKS, RIGHT, START, UP
from uno.view import layout as L
from uno.view import panels
from uno.view.text import with_name

# Colour picker: the D-pad points at a colour.
_PICK_DIRS = (UP, RIGHT, DOWN, LEFT)  # RED YELLOW GREEN BLUE
_PICK_LABEL = ((11, 1), (14, 3), (11, 5), (3, 3))  # (col, row) of each colour's name


class Picker:
    """Choose the colour for a wild: D-pad points, A confirms; on the PC R/Y/G/B pick."""

    def __init__(self, app):
        self.app = app
        self.sel = 0
        self.card = -1

    def open(self, default, card):
        """Show the colours, the arrow on ``default``, for ``card`` (-1: the first card's wild)."""
        self.sel = default
        self.card = card
        v = self.app.view
        t = panels.show_popup(v, True)
        t.clear()
        t.write(0, "CHOOSE A COLOUR", align=1)
        for c in range(4):
            col, row = _PICK_LABEL[c]
            t.write(row, cards.COLOUR_NAMES[c], col, 6)
        t.write(6, "D-pad + A", align=1)
        self._mark()

    def _mark(self):
        panels.picker_select(self.app.view, self.sel)
        t = self.app.view.popup_text
        for c in range(4):
            col, row = _PICK_LABEL[c]
            t.set_tile(col + len(cards.COLOUR_NAMES[c]), row, L.GLYPH_LEFT if c == self.sel else 0)

    def update(self, pressed, now):
        """The D-pad points, A (or R/Y/G/B) picks, START pauses."""
        """The buttons: the action chosen (App.frame applies it), or None."""
        if not pressed:
            return None
        if pressed & PICKS:
            for c in range(4):
                if pressed & (1 << (8 + c)):
                    return self._done(c)
        for c in range(4):
            if pressed & _PICK_DIRS[c]:
                self.sel = c
                self._mark()
                return None
        if pressed & A:
            return self._done(self.sel)
        if pressed & START:
            self.app.match.pause()

    def reopen(self):
        """A page over the picker closed (the pause menu's, where the shell cannot restart)."""
        self.open(self.sel, self.card)
        return None

    def _done(self, colour):
        # the picker closes; the card is played calling ``colour`` (card -1: the first
        # card's W, the colour alone)
        self.app.close()
        return COLOUR + colour if self.card < 0 else cards.play_action(self.card, colour)


class Challenge:
    """A W+4 against you under wd4=challenge: A challenges, B takes the cards."""

    def __init__(self, app):
        self.app = app
        self.stack = False

    def open(self, who, pending):
        """Ask about ``who``'s W+4 (``pending`` cards to take)."""
        v = self.app.view
        t = panels.show_prompt(v)
        t.write(0, with_name("%s played W+4!", who), align=1)
        self.stack = self._stack_action() >= 0
        t.write(1, "Challenge it?" if not self.stack else "Challenge? DOWN: stack +4",
                align=1)
        t.write(2, "A: yes   B: no, take %d" % pending, align=1)

    def _stack_action(self):
        """A W+4 play the rules allow instead (stacking=on), or -1."""
        for a in self.app.table.g.legal_actions():
            if a < 64 and (a & 15) == cards.WILD4:
                return a
        return -1

    def update(self, pressed, now):
        """A challenges, B takes the cards, DOWN stacks a W+4, START pauses."""
        """The buttons: the action chosen (App.frame applies it), or None."""
        if pressed & (A | B):
            self.app.close()
            return CHALLENGE if pressed & A else ACCEPT
        if pressed & DOWN and self._stack_action() >= 0:
            app = self.app
            app.close()
            app.match.pick_colour(app.table._colour_for(cards.W4), cards.W4)
        elif pressed & START:
            self.app.match.pause()

    def reopen(self):
        """A page over the prompt closed: the same W+4 asked again."""
        tb = self.app.table
        self.open(tb.names[tb.g.w4_seat], tb.g.pending)
        return None
