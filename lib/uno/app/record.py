"""Statistics page: the player's record (uno.saves.stats) over every finished match: matches played
and won, by table too, the longest winning streak, hands won, points a hand won, the best and
the worst match. UP/DOWN move the bar (the lines scroll); A on "Clear statistics" asks first
(A yes, B no: a save point); B leaves.
"""

from uno.app.input import A, B, DOWN, START, UP
from uno.app.page import BODY_ROWS, Page

_LEVEL = {"human": "Human", "easy": "Easy", "normal": "Normal", "advanced": "Adv"}
_CLEAR = "Clear statistics"


def opponents(key):
    """The opponents of a table, e.g. ``Adv Adv Easy``."""
    return " ".join(_LEVEL[k] for k in key)


def _pair(left, right):
    return "%s%s" % (left, ("%" + str(26 - len(left)) + "s") % right)


def lines_of(st, totals):
    """The page's lines for record ``st`` (uno.saves.stats; ``totals`` its function), the last one
    "Clear statistics"."""
    played, won = totals(st)
    hands, hands_won, points = st[1], st[2], st[3]
    out = [_pair("Matches played", played),
           _pair("Matches won", "%d (%d%%)" % (won, (won * 100 + played // 2) // played)),
           _pair("Longest winning streak", st[5]),
           _pair("Hands won", "%d of %d" % (hands_won, hands)),
           _pair("Points a hand won", (points + hands_won // 2) // hands_won
                 if hands_won else "-")]
    for label, m in (("Best match", st[6]), ("Worst match", st[7])):
        out.append(_pair(label, "%+d" % m[0]))
        out.append(_pair(" %d to %d" % (m[1], m[2]), "v " + opponents(m[3])))
    out.append(_pair("Opponents", "won/played"))
    for key, n, w in st[0]:
        out.append(_pair(" " + opponents(key), "%d/%d" % (w, n)))
    out.append(_CLEAR)
    return out


class Record(Page):
    """The record's lines under a bar; ``confirm`` while asking whether to clear it."""

    def __init__(self, app):
        Page.__init__(self, app, "STATISTICS")
        self.lines_all = []  # type: list
        self.sel = 0
        self.top = 0
        self.confirm = False
        self.load()
        self.draw()

    def load(self):
        from uno.saves.stats import totals, unpack

        try:
            st = unpack(self.app.saved.stats)
        except ValueError:  # the save's reader refuses such a record: not met on the badge
            st = None
        self.lines_all = lines_of(st, totals) if st is not None and st[0] else []
        st = None
        from uno import drop

        drop("uno.saves.stats")

    def _hint(self):
        if not self.lines_all:
            self.set_foot("B:back")
        elif self.lines_all[self.sel] == _CLEAR:
            self.set_foot("A:clear B:back")
        else:
            self.set_foot("UP/DOWN B:back")

    def draw(self):
        if self.confirm:
            self.set_lines(["", "Clear the statistics?", "Every match recorded",
                            "goes.", "", "A: yes, clear them", "B: no, keep them"])
            return
        if not self.lines_all:
            self.set_lines(["", "No matches yet.", "", "Finish a match and it",
                            "is recorded here."])
            self._hint()
            return
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + BODY_ROWS:
            self.top = self.sel - BODY_ROWS + 1
        self.set_lines(self.lines_all[self.top:self.top + BODY_ROWS], self.sel - self.top)
        self._hint()

    def update(self, pressed, now):
        """UP/DOWN move, A on the last line clears (asks first), B leaves."""
        if not pressed:
            return
        if self.confirm:
            if pressed & A:
                app = self.app
                app.saved.stats = None
                app.saved.head = None  # the next save point encodes the save whole
                self.confirm = False
                self.lines_all = []
                self.sel = self.top = 0
                app.save_point()
                self.draw()
                self.set_foot("Cleared", True)
            elif pressed & (B | START):
                self.confirm = False
                self.draw()
            return
        if pressed & (B | START):
            self.leave()
            return
        n = len(self.lines_all)
        if not n:
            return
        if pressed & A and self.lines_all[self.sel] == _CLEAR:
            self.confirm = True
            self.set_foot("A:yes B:no", True)
        elif pressed & UP:
            self.sel = (self.sel - 1) % n
        elif pressed & DOWN:
            self.sel = (self.sel + 1) % n
        self.draw()


def open(app):
    """The Statistics page."""
    return Record(app)
