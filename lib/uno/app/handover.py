"""The hot-seat hand-over (two or more human seats): the table is hidden until the next player
has the badge. Its own module, not the results page's (uno.app.results), and its own text grid
in the results page's place, not that page's (uno.view.panels: a text grid and eight card
grids): it opens at every change of human during a hand, while the computer players and their
searches are in the heap (Match.hand_over_to; dropped when it closes)."""

from uno.app.input import A, START
from uno.view import layout as L
from uno.view.text import TextGrid, with_name


class Handover:
    """"Pass the badge to NAME", "A: ready"; A gives the table to that seat, START pauses."""

    def __init__(self, app):
        self.app = app
        self.seat = 0
        self.text = None

    def open(self, seat):
        """Hide the table behind the page for ``seat``'s player."""
        self.seat = seat
        app = self.app
        v = app.view
        if self.text is None:  # where the results page's text stands (uno.view.panels)
            self.text = TextGrid(v.font, 26, 7, 2, 2, fg=L.INK, bg=L.TABLE)
            v.results.append(self.text.group)
        t = self.text
        t.clear()
        t.write(1, "Pass the badge to", align=1)
        t.write(3, app.table.names[seat], align=1)
        t.write(5, "A: ready", align=1)
        v.results.hidden = False
        v.table.hidden = True
        v.hide_popup()
        # the table's own line, not the bar's alone: a play's line held back from its frame
        # (Table.flush, as the page opens) and the pause menu's Resume show the table's
        app.table.say(with_name("%s, your turn next", app.table.names[seat]))

    def reopen(self):
        """A screen over the page (the pause menu) closed: its panel goes, the page shows
        whole again."""
        self.app.view.hide_popup()

    def closing(self):
        """The page's text goes with it (App.close), the table shows again."""
        v = self.app.view
        if self.text is not None:
            v.results.remove(self.text.group)
            self.text = None
        v.hide_results()

    def update(self, pressed, now):
        """A: the seat takes the table; START: the pause menu."""
        if pressed & A:
            app = self.app
            app.close()  # the page goes with it (closing)
            app.table.take_seat(self.seat, now)
        elif pressed & START:
            self.app.match.pause()
