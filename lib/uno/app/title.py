"""The title screen: a big UNO, four cards, and the menu (Continue, New match, Players, Options,
High scores, Statistics, Help). Opened by ``App.title``; its display objects are
built when it opens and leave with the module when it closes.
"""

from micropython import const

import displayio

from uno.app.input import A, DOWN, UP
from uno.view import layout as L
from uno.view.text import TextGrid

_ITEMS = ("Continue", "New match", "Players", "Options", "High scores", "Statistics", "Help")
_PAGES = ("", "", "players", "options", "scores", "record", "help")  # App.open_page's names
_CARDS = (0x07, 0x1C, 0x2B, 0x4E)  # R7, Y+2, G reverse, W+4 (colour << 4 | kind)
_MENU_Y = const(42)


def open(app):
    """The title screen object (pushed by the app)."""
    return Title(app)


class Title:
    """The menu's arrow starts on Continue when a match is saved, else on New match, so a
    script that begins with A continues or starts a match."""

    def __init__(self, app):
        self.app = app
        v = app.view
        self.group = displayio.Group()
        logo = TextGrid(v.font, 3, 1, 53, 3, fg=L.COLOUR_RGB[1], bg=L.COLOUR_RGB[0], scale=3)
        logo.write(0, "UNO")
        self.logo = logo.group
        self.group.append(logo.group)
        # two cards each side of the word
        for i, x in enumerate((6, 6 + L.CARD_W, 116, 116 + L.CARD_W)):
            self.group.append(v.card_grid(x, 7, _CARDS[i]))
        self.menu = TextGrid(v.font, 14, 7, 38, _MENU_Y, fg=L.INK, bg=None)
        self.group.append(self.menu.group)
        v.root.append(self.group)
        self.items = []
        self.sel = 0
        self.asking = False  # New match over a saved one: A replaces it, any other key keeps it
        self.reopen()
        if app.notice:
            v.message(app.notice)
            app.notice = None

    def reopen(self):
        """Draw the menu (again, after a page over it closes: the arrow stays on the item
        the player opened)."""
        app = self.app
        self.group.hidden = False
        left = self.items[self.sel] if self.items else -1
        self.items = [i for i in range(len(_ITEMS)) if i or app.saved.match]
        self.sel = self.items.index(left) if left in self.items else 0
        self.asking = False
        t = self.menu
        # seven items (a saved match's Continue too) rise a row, and the word with them, so
        # the last clears the message bar
        seven = len(self.items) > 6
        t.group.y = _MENU_Y - 11 if seven else _MENU_Y
        self.logo.y = -5 if seven else 3
        t.clear()
        for row in range(len(self.items)):
            t.write(row, _ITEMS[self.items[row]], 2)
        self._mark()
        app.view.message("UP/DOWN, A: choose")

    def _mark(self):
        for row in range(len(self.items)):
            self.menu.set_tile(0, row, L.GLYPH_RIGHT if row == self.sel else 0)

    def closing(self):
        """The app drops the module: the display objects go with it."""
        v = self.app.view
        v.root.remove(self.group)
        v.table.hidden = False

    def update(self, pressed, now):
        """UP/DOWN move the arrow, A opens the item (New match over a saved one asks first)."""
        if not pressed:
            return
        n = len(self.items)
        app = self.app
        if self.asking:
            self.asking = False
            if pressed & A:
                if not app.switch("new"):  # where the shell cannot: in this program
                    app.get_match().new()
                return
            app.view.message("UP/DOWN, A: choose")
            if not pressed & (UP | DOWN):
                return  # B (or any other key): the saved match stays
        if pressed & UP:
            self.sel = (self.sel - 1) % n
            self._mark()
        elif pressed & DOWN:
            self.sel = (self.sel + 1) % n
            self._mark()
        elif pressed & A:
            item = self.items[self.sel]
            if item == 0:
                if not app.switch("continue"):  # a fresh heap for the match (App.switch)
                    app.get_match().resume()
            elif item == 1 and app.saved.match:
                self.asking = True
                app.view.message("Replace saved? A:yes B:no")
            elif item == 1:
                if not app.switch("new"):
                    app.get_match().new()
            else:
                self.group.hidden = True
                app.open_page(_PAGES[item])
