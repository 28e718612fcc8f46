"""Players page: four seats, each human, Easy, Normal, Advanced or empty, each with a name.

List: UP/DOWN pick a seat, LEFT/RIGHT change who sits there, A edits the name, B leaves (a
save point). Name entry: UP/DOWN change the letter, LEFT/RIGHT move, A done, B deletes the
letter before the cursor (on an empty name: cancel); on a PC the keyboard types too (host_sim
puts typed characters in ``hw.typed`` while ``wants_text`` is true).
"""

from uno.app import fx
from uno.app.input import A, B, DOWN, LEFT, RIGHT, START, UP
from uno.app.page import Page, cycle
from uno.saves.settings import NAME_LEN
from uno.saves.settings_ops import shown_names

NAME_CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"  # uno.saves.codec's (a test keeps them equal)
KINDS = ("human", "easy", "normal", "advanced", "")
_KIND_TEXT = {"human": "Human", "easy": "Easy", "normal": "Normal", "advanced": "Advanced",
              "": "(empty)"}
_LIST_FOOT = "A:name LEFT/RIGHT B:back"
_EDIT_FOOT = "A:done B:delete"


class Players(Page):
    """The seats list and its name editor; edits ``app.settings`` in place."""

    save = True

    def __init__(self, app):
        Page.__init__(self, app, "PLAYERS")
        self.s = app.settings
        self.sel = 0
        self.editing = False
        self.wants_text = False
        self.name = ""
        self.pos = 0
        self.mid_match = app.match is not None and app.match.in_match
        self.draw()
        self.set_foot(_LIST_FOOT)

    def draw(self):
        """The seats list, or the name being edited with a caret under the cursor."""
        s = self.s
        if not self.editing:
            lines = []
            shown = shown_names(s)  # the names the table will show: one per seat
            for i in range(4):
                lines.append("%-8s %s" % (_KIND_TEXT[s.seats[i]], shown[i]))
            lines += ["", "LEFT/RIGHT: who plays", "A: change the name"]
            if self.mid_match:
                lines.append("Seats: from next match")
            self.set_lines(lines, self.sel)
            return
        self.set_lines(["Seat %d (%s):" % (self.sel + 1, _KIND_TEXT[s.seats[self.sel]]),
                        " " + self.name, " " + " " * self.pos + "^", "",
                        "UP/DOWN: letter", "LEFT/RIGHT: move", "A: done  B: delete"], 1)

    def refuse(self, why):
        """Say why; nothing changes."""
        app = self.app
        app.sound.play(fx.BUZZ, app.now)
        self.set_foot(why, True)

    def update(self, pressed, now):
        """Route the buttons (and typed characters) to the list or the name editor."""
        if self.editing:
            typed = getattr(self.app.hw, "typed", "")
            if typed:
                self.app.hw.typed = ""
                self.type_text(typed)
        if not pressed:
            return
        if self.editing:
            self.edit(pressed)
            return
        s = self.s
        if pressed & (B | START):
            self.leave()
            return
        if pressed & UP:
            self.sel = (self.sel - 1) % 4
        elif pressed & DOWN:
            self.sel = (self.sel + 1) % 4
        elif pressed & (LEFT | RIGHT):
            new = cycle(KINDS, s.seats[self.sel], 1 if pressed & RIGHT else -1)
            n = 0
            for i in range(4):
                if (new if i == self.sel else s.seats[i]):
                    n += 1
            if n < 2:
                self.refuse("At least two players")
                return
            s.seats[self.sel] = new
            self.set_foot("Applies from next match" if self.mid_match else _LIST_FOOT)
        elif pressed & A:
            if not s.seats[self.sel]:
                self.refuse("Empty seat: no name")
                return
            self.editing = self.wants_text = True
            self.name = shown_names(s)[self.sel]
            self.pos = len(self.name) if len(self.name) < NAME_LEN else NAME_LEN - 1
            self.set_title("NAME")
            self.set_foot(_EDIT_FOOT)
        self.draw()

    def type_text(self, text):
        """Characters typed on a PC keyboard go in at the cursor (others are ignored)."""
        for ch in text.upper():
            if ch in NAME_CHARS and len(self.name) < NAME_LEN:
                n = self.name
                self.name = n[:self.pos] + ch + n[self.pos:]
                self.pos = min(self.pos + 1, NAME_LEN - 1)
        self.draw()

    def edit(self, pressed):
        """One press in the name editor."""
        n = self.name
        p = self.pos
        if pressed & (UP | DOWN):
            step = 1 if pressed & UP else -1
            if p < len(n):
                ch = NAME_CHARS[(NAME_CHARS.find(n[p]) + step) % len(NAME_CHARS)]
                self.name = n[:p] + ch + n[p + 1:]
            else:
                self.name = n + ("A" if step > 0 else "9")
        elif pressed & LEFT:
            self.pos = p - 1 if p > 0 else 0
        elif pressed & RIGHT:
            if p < len(n) and p < NAME_LEN - 1:
                self.pos = p + 1
        elif pressed & B:
            if not n:
                self.done(False)
                return
            if p > 0:
                self.name = n[:p - 1] + n[p:]
                self.pos = p - 1
            else:
                self.name = n[1:]
        elif pressed & A:
            name = self.name.strip()
            if not name:
                self.refuse("A name needs a letter")
                return
            self.done(True)
            return
        self.set_foot(_EDIT_FOOT)
        self.draw()

    def done(self, keep):
        """Leave the editor, keeping the name (``keep``) or the old one."""
        if keep:
            self.s.names[self.sel] = self.name.strip()
        self.editing = self.wants_text = False
        self.set_title("PLAYERS")
        self.set_foot(_LIST_FOOT)
        self.draw()


def open(app):
    """The players page over whatever shows."""
    return Players(app)
