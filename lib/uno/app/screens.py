"""Small screens over the table: colour picker, challenge prompt, pause menu, results, hand-over.

Each is a state machine with ``open()``, ``update(pressed, now)`` and nothing else; they
draw into the pop-up panel or the results page the view built at start-up.
"""

from uno import cards
from uno import game as G
from uno.app.input import A, B, DOWN, LEFT, PICKS, RIGHT, SELECT, START, UP
from uno.view import layout as L
from uno.view.text import cards_text, with_name

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
        self.sel = default
        self.card = card
        v = self.app.view
        t = v.popup_text
        t.clear()
        t.write(0, "CHOOSE A COLOUR", align=1)
        for c in range(4):
            col, row = _PICK_LABEL[c]
            t.write(row, cards.COLOUR_NAMES[c], col, 6)
        t.write(6, "D-pad + A", align=1)
        self._mark()
        v.show_popup(picker=True)

    def _mark(self):
        self.app.view.picker_select(self.sel)
        t = self.app.view.popup_text
        for c in range(4):
            col, row = _PICK_LABEL[c]
            t.set_tile(col + len(cards.COLOUR_NAMES[c]), row, L.GLYPH_LEFT if c == self.sel else 0)

    def update(self, pressed, now):
        if not pressed:
            return
        if pressed & PICKS:
            for c in range(4):
                if pressed & (1 << (8 + c)):
                    self._done(c, now)
                    return
        for c in range(4):
            if pressed & _PICK_DIRS[c]:
                self.sel = c
                self._mark()
                return
        if pressed & A:
            self._done(self.sel, now)
        elif pressed & START:
            self.app.pause()

    def _done(self, colour, now):
        app = self.app
        app.close()
        app.table.colour_chosen(self.card, colour, now)


class Challenge:
    """A W+4 against you under wd4=challenge: A challenges, B takes the cards."""

    def __init__(self, app):
        self.app = app
        self.stack = False

    def open(self, who, pending):
        v = self.app.view
        t = v.prompt
        t.write(0, with_name("%s played W+4!", who), align=1)
        self.stack = self._stack_action() >= 0
        t.write(1, "Challenge it?" if not self.stack else "Challenge? DOWN: stack +4",
                align=1)
        t.write(2, "A: yes   B: no, take %d" % pending, align=1)
        v.show_prompt()

    def _stack_action(self):
        """A W+4 play the rules allow instead (stacking=on), or -1."""
        for a in self.app.table.g.legal_actions():
            if a < 64 and (a & 15) == cards.WILD4:
                return a
        return -1

    def update(self, pressed, now):
        if pressed & A:
            self.app.close()
            self.app.table.challenge_answer(True, now)
        elif pressed & B:
            self.app.close()
            self.app.table.challenge_answer(False, now)
        elif pressed & DOWN and self._stack_action() >= 0:
            app = self.app
            app.close()
            app.pick_colour(app.table._colour_for(cards.W4), cards.W4)
        elif pressed & START:
            self.app.pause()


_MENU = ("Resume", "Hint", "Score graph", "Options", "Help", "New match", "Quit to title")
_PAGES = ("", "", "graph", "options", "help")


class Pause:
    """START: the pause menu over the match (its opening is a save point). Hint only with
    tips on; the pages (graph, options, help) are modules the app loads on demand."""

    def __init__(self, app):
        self.app = app
        self.sel = 0
        self.items = []

    def open(self):
        self.sel = 0
        app = self.app
        self.items = [i for i in range(len(_MENU)) if i != 1 or app.settings.tips]
        v = app.view
        v.popup_text.clear()
        self._items()
        v.message("PAUSED: UP/DOWN, A, B")
        v.show_popup(picker=False)

    def _items(self):
        t = self.app.view.popup_text
        for row in range(len(self.items)):
            t.write(row, _MENU[self.items[row]], 4, 16)
            t.set_tile(2, row, L.GLYPH_RIGHT if row == self.sel else 0)

    def _resume(self):
        app = self.app
        tb = app.table
        tb.blink = True  # the arrow shows at once (and a resumed save shows the same)
        tb.blink_at = app.now + 400
        app.close()
        app.view.message(tb.msg)

    def update(self, pressed, now):
        if not pressed:
            return
        app = self.app
        if pressed & (START | B):
            self._resume()
            return
        n = len(self.items)
        if pressed & UP:
            self.sel = (self.sel - 1) % n
            self._items()
        elif pressed & DOWN:
            self.sel = (self.sel + 1) % n
            self._items()
        elif pressed & A:
            item = self.items[self.sel]
            if item == 0:
                self._resume()
            elif item == 1:
                from uno.app.hint import hint
                from uno.app.main import drop_module

                app.view.message(hint(app))
                drop_module("hint")
            elif item < 5:
                if item > 1 and app.switch(_PAGES[item]):
                    return  # the page opens in a fresh program; the match goes on after it
                if not app.open_page(_PAGES[item]):
                    app.view.message("%s: not in this version" % _MENU[item])
            elif item == 5:
                app.close_all()
                app.leave_match()
                app.new_match()
            else:
                app.save_point()  # the match as it stands: the title's Continue
                app.close_all()
                app.leave_match()
                if not app.switch("title"):
                    app.title()


class Results:
    """After a hand: points, running scores and the cards every loser held, one seat (8
    cards) a page, LEFT/RIGHT to turn; a mark in the score table says whose they are.
    After a match: the winner and "play another match?"."""

    def __init__(self, app):
        self.app = app
        self.match_over = False
        self.pages = []  # seat << 8 | first card, for each page of cards
        self.page = 0

    def open(self):
        app = self.app
        tb = app.table
        g = tb.g
        v = app.view
        t = v.results_text
        t.clear()
        self.match_over = g.phase == G.PH_MATCH_OVER
        w = g.winner
        names = tb.names
        you = tb.seat if tb.human(tb.seat) else -1  # computers only: every seat by its name
        if self.match_over:
            mw = g.match_winner
            t.write(0, "YOU WIN THE MATCH!" if mw == you
                    else with_name("%s WINS THE MATCH", names[mw]), align=1)
        elif w < 0:
            t.write(0, "HAND %d: NO WINNER" % g.hand_no, align=1)
        elif w == you:
            t.write(0, "HAND %d: YOU WIN!" % g.hand_no, align=1)
        else:
            t.write(0, with_name("HAND " + str(g.hand_no) + ": %s WINS", names[w]), align=1)
        pts = g.last_points
        if g.rules.scoring != "standard":
            t.write(1, "Lowest total wins", align=1)
        elif w >= 0:
            total = 0
            for s in range(g.nseats):
                total += pts[s]
            t.write(1, "You score %d points" % total if w == you
                    else with_name("%s scores %d points", names[w], (total,)), align=1)
        t.write(2, "%-11s%6s%7s" % ("to %dpt" % g.rules.target, "HAND", "TOTAL"), 1)
        for s in range(g.nseats):
            t.write(3 + s, "%-6s %-3s %5d %6d" % (names[s][:6], cards_text(len(g.hands[s])),
                                                  pts[s], g.scores[s]), 1)
        # the losers' cards (Acorn showed the computer's when you beat it): others first
        self.pages = []
        for k in range(1, g.nseats + 1):
            s = (tb.seat + k) % g.nseats
            for first in range(0, len(g.hands[s]), 8):
                self.pages.append(s << 8 | first)
        self.page = 0
        self._show()
        v.hide_popup()
        v.show_results(True)
        app.lights.colour = -1
        turn = len(self.pages) > 1
        if self.match_over:
            v.message("Again? A yes B no \x7f\x80 cards" if turn else "Another match? A yes B no")
        else:
            v.message("A: next hand   \x7f\x80 cards" if turn else "A: next hand")

    def _show(self):
        """The cards of the page shown, and the mark on their seat's row."""
        v = self.app.view
        g = self.app.table.g
        seat = -1
        if self.pages:
            seat = self.pages[self.page] >> 8
            first = self.pages[self.page] & 255
            v.set_results_cards(g.hands[seat][first:first + 8])
        else:
            v.set_results_cards([])
        for s in range(g.nseats):
            v.results_text.set_tile(0, 3 + s, L.GLYPH_RIGHT if s == seat else 0)

    def update(self, pressed, now):
        app = self.app
        if pressed & (LEFT | RIGHT) and len(self.pages) > 1:
            self.page = (self.page + (1 if pressed & RIGHT else -1)) % len(self.pages)
            self._show()
        elif pressed & A:
            app.close_all()
            app.view.show_results(False)
            if self.match_over:
                if not app.switch("new"):  # a fresh heap for the next match (App.switch)
                    app.new_match()
            else:
                app.next_hand()
        elif pressed & B and self.match_over:
            if not app.switch("title"):
                app.title()
        elif pressed & SELECT:  # the score graph (Windows 1994), back here with B
            # in a program of its own while the match goes on (App.switch); after the match
            # (no saved match any more) over the results
            if self.match_over or not app.switch("graph"):
                app.open_page("graph")


class Handover:
    """Hot-seat play (two or more human seats): the hand is hidden until the next player
    has the badge."""

    def __init__(self, app):
        self.app = app
        self.seat = 0

    def open(self, seat):
        self.seat = seat
        app = self.app
        v = app.view
        t = v.results_text
        t.clear()
        t.write(1, "Pass the badge to", align=1)
        t.write(3, app.table.names[seat], align=1)
        t.write(5, "A: ready", align=1)
        v.set_results_cards([])
        v.hide_popup()
        v.show_results(True)
        v.message(with_name("%s, your turn next", app.table.names[seat]))

    def update(self, pressed, now):
        if pressed & A:
            app = self.app
            app.close()
            app.view.show_results(False)
            app.table.take_seat(self.seat, now)
        elif pressed & START:
            self.app.pause()
