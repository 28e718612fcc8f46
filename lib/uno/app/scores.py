"""High scores page (PC-SIG): the ten best match wins, name and score in the list, the preset
and the opponents of the selected one below it. A clears the table after a confirmation (a
save point); B leaves.
"""

from uno.app.input import A, B, DOWN, START, UP
from uno.app.page import LIST_ROWS, Page

_LEVEL = {"easy": "Easy", "normal": "Normal", "advanced": "Adv"}
_FOOT = "A:clear B:back"


def describe(entry):
    """The line under the list: preset and opponents, e.g. ``CLASSIC v Adv Adv Easy``."""
    opps = " ".join(_LEVEL.get(o, o) for o in entry[3])
    return ("%s v %s" % (entry[2].upper(), opps))[:26]


class Scores(Page):
    """The table, best first; ``confirm`` while asking whether to clear it."""

    def __init__(self, app):
        Page.__init__(self, app, "HIGH SCORES")
        self.scores = app.saved.scores
        self.sel = 0
        self.top = 0
        self.confirm = False
        self.draw()
        self.set_foot(_FOOT if self.scores else "B:back")

    def draw(self):
        """Rank, name and score of each entry; the selected one's preset and opponents."""
        sc = self.scores
        if self.confirm:
            n = len(sc)
            self.set_lines(["", ("Clear all %d high" % n) if n > 1 else "Clear the high",
                            "scores?" if n > 1 else "score?", "",
                            "A: yes, clear them" if n > 1 else "A: yes, clear it",
                            "B: no, keep them" if n > 1 else "B: no, keep it"])
            return
        if not sc:
            self.set_lines(["", "No high scores yet.", "", "Win a match against", "the computer to",
                            "enter the table."])
            return
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + LIST_ROWS:
            self.top = self.sel - LIST_ROWS + 1
        lines = []
        for i in range(self.top, min(len(sc), self.top + LIST_ROWS)):
            e = sc[i]
            lines.append("%2d %-16s %5d" % (i + 1, e[1], e[0]))
        while len(lines) < LIST_ROWS + 1:
            lines.append("")
        lines.append(describe(sc[self.sel]))
        self.set_lines(lines, self.sel - self.top)

    def update(self, pressed, now):
        """UP/DOWN move, A clears (asks first), B leaves."""
        if not pressed:
            return
        if self.confirm:
            if pressed & A:
                del self.scores[:]
                self.confirm = False
                self.sel = self.top = 0
                self.app.save_point()
                self.set_foot("Cleared", True)
            elif pressed & (B | START):
                self.confirm = False
                self.set_foot(_FOOT)
            self.draw()
            return
        if pressed & (B | START):
            self.leave()
            return
        n = len(self.scores)
        if pressed & A and n:
            self.confirm = True
            self.set_foot("A:yes B:no", True)
        elif pressed & UP and n:
            self.sel = (self.sel - 1) % n
        elif pressed & DOWN and n:
            self.sel = (self.sel + 1) % n
        self.draw()


def open(app):
    """The high-score page."""
    return Scores(app)
