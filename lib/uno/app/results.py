"""The page that replaces the table after a hand or a match: points, scores, the cards the
losers held. Loaded when it opens and dropped when it closes (Match.show_results): the badge
keeps a loaded module's code in its heap, and a hand is played without it. It draws into the
results page the view builds for it (uno.view.panels). The hot-seat hand-over, which opens
during a hand, is uno.app.handover."""

from uno.core.codes import PH_MATCH_OVER
from uno.app.input import A, B, LEFT, RIGHT, SELECT
from uno.view import layout as L
from uno.view import panels
from uno.view.text import cards_text, with_name


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
        """Draw the page for the hand (or the match) just over."""
        app = self.app
        tb = app.table
        g = tb.g
        v = app.view
        t = panels.show_results(v)
        t.clear()
        self.match_over = g.phase == PH_MATCH_OVER
        self._head(t, g, tb)
        self._scores(t, g, tb.names)
        # the losers' cards (Acorn showed the computer's when you beat it): others first
        self.pages = []
        for k in range(1, g.nseats + 1):
            s = (tb.seat + k) % g.nseats
            for first in range(0, len(g.hands[s]), 8):
                self.pages.append(s << 8 | first)
        self.page = 0
        self._show()
        v.hide_popup()
        app.lights.colour = -1
        turn = len(self.pages) > 1
        if self.match_over:
            v.message("Again? A yes B no \x7f\x80 cards" if turn else "Another match? A yes B no")
        else:
            v.message("A: next hand   \x7f\x80 cards" if turn else "A: next hand")

    reopen = open  # a page opened over it, in this program, closed

    # open in three functions, not one: each function's bytecode is one block of the heap when
    # the module loads, at a hand's end (open alone was about a kilobyte)

    def _head(self, t, g, tb):
        # who won the hand or the match, and the points
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

    @staticmethod
    def _scores(t, g, names):
        # the score table: each seat's cards left, their points and the total. "PTS LEFT",
        # not "HAND": a loser's row stands under "X scores 86 points" and must not read as
        # points scored
        pts = g.last_points
        target = g.rules.target
        t.write(2, "%-9s %8s %6s" % (("to %dpt" if target < 10000 else "to %d") % target,
                                     "PTS LEFT", "TOTAL"), 1)
        for s in range(g.nseats):
            t.write(3 + s, "%-6s %-3s %7d %6d" % (names[s][:6], cards_text(len(g.hands[s])),
                                                  pts[s], g.scores[s]), 1)

    def closing(self):
        """The page's display objects go with it (App.close), the table shows again."""
        self.app.view.hide_results()

    def _show(self):
        """The cards of the page shown, and the mark on their seat's row."""
        v = self.app.view
        g = self.app.table.g
        seat = -1
        if self.pages:
            seat = self.pages[self.page] >> 8
            first = self.pages[self.page] & 255
            panels.set_results_cards(v, g.hands[seat][first:first + 8])
        else:
            panels.set_results_cards(v, [])
        for s in range(g.nseats):
            v.results_text.set_tile(0, 3 + s, L.GLYPH_RIGHT if s == seat else 0)

    def update(self, pressed, now):
        """LEFT/RIGHT turn the cards' pages, A the next hand or match, B the title, SELECT
        the graph."""
        app = self.app
        if pressed & (LEFT | RIGHT) and len(self.pages) > 1:
            self.page = (self.page + (1 if pressed & RIGHT else -1)) % len(self.pages)
            self._show()
        elif pressed & A:
            app.close_all()  # the page goes with it (closing)
            if self.match_over:
                if not app.switch("new"):  # a fresh heap for the next match (App.switch)
                    app.match.new()
            else:
                app.later = app.match.deal_next  # once this page's code has gone (App.frame)
        elif pressed & B and self.match_over:
            if not app.switch("title"):
                app.title()
        elif pressed & SELECT:  # the score graph (Windows 1994), back here with B
            # in a program of its own while the match goes on (App.switch); after the match
            # (no saved match any more) over the results
            if self.match_over or not app.switch("graph"):
                app.match.rest_players()  # the match is over: their room is the graph's
                app.open_page("graph")

