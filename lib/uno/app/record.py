"""Statistics page: the player's record (uno.stats) over every finished match: matches played
and won, by table too, the longest winning streak, hands won, points a hand won, the best and
the worst match. UP/DOWN move the bar (the lines scroll); A on "Clear statistics" asks first
(A yes, B no: a save point); B leaves.
"""

from uno.app.input import A, B, DOWN, START, UP
from uno.app.page import ROWS, Page

_LEVEL = {"human": "Human", "easy": "Easy", "normal": "Normal", "advanced": "Adv"}
_CLEAR = "Clear statistics"


def opps(key):
    """The opponents of a table, e.g. ``Adv Adv Easy``."""
    return " ".join(_LEVEL[k] for k in key)


def line(left, right):
    return "%s%s" % (left, ("%" + str(26 - len(left)) + "s") % right)


def describe(st, totals):
    """The page's lines for record ``st`` (uno.stats; ``totals`` its function), the last one
    "Clear statistics"."""
    total, count = totals(st)
    hands, hw, points = st[1], st[2], st[3]
    out = [line("Matches played", total),
           line("Matches won", "%d (%d%%)" % (count, (count * 100 + total // 2) // total)),
           line("Longest winning streak", st[5]),
           line("Hands won", "%d of %d" % (hw, hands)),
           line("Points a hand won", (points + hw // 2) // hw
                 if hw else "-")]
    for name, m in (("Best match", st[6]), ("Worst match", st[7])):
        out.append(line(name, "%+d" % m[0]))
        out.append(line(" %d to %d" % (m[1], m[2]), "v " + opps(m[3])))
    out.append(line("Opponents", "won/played"))
    for key, n, w in st[0]:
        out.append(line(" " + opps(key), "%d/%d" % (w, n)))
    out.append(_CLEAR)
    return out


class Record(Page):
    """The record's lines under a bar; ``confirm`` while asking whether to clear it."""

    def __init__(self, app):
        Page.__init__(self, app, "STATISTICS")
        self.items = []  # type: list
        self.sel = 0
        self.top = 0
        self.confirm = False
        self.load()
        self.draw()

    def load(self):
        from uno.stats import totals, unpack

        try:
            st = unpack(self.app.saved.stats)
        except ValueError:  # the save's reader refuses such a record: not met on the badge
            st = None
        self.items = describe(st, totals) if st is not None and st[0] else []
        st = None
        from uno import drop

        drop("uno.stats")

    def _mark(self):
        if not self.items:
            self.set_foot("B:back")
        elif self.items[self.sel] == _CLEAR:
            self.set_foot("A:clear B:back")
        else:
            self.set_foot("UP/DOWN B:back")

    def draw(self):
        if self.confirm:
            self.set_lines(["", "Clear the statistics?", "Every match recorded",
                            "goes.", "", "A: yes, clear them", "B: no, keep them"])
            return
        if not self.items:
            self.set_lines(["", "No matches yet.", "", "Finish a match and it",
                            "is recorded here."])
            self._mark()
            return
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + ROWS:
            self.top = self.sel - ROWS + 1
        self.set_lines(self.items[self.top:self.top + ROWS], self.sel - self.top)
        self._mark()

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
                self.items = []
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
        n = len(self.items)
        if not n:
            return
        if pressed & A and self.items[self.sel] == _CLEAR:
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
