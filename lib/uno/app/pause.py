"""The pause menu over the match (START). Loaded when it opens and dropped when it closes
(Match.pause): the badge keeps a loaded module's code in its heap."""

from uno.app.input import A, B, DOWN, START, UP
from uno.view import layout as L
from uno.view import panels

_MENU = ("Resume", "Hint", "Score graph", "Options", "Help", "New match", "Quit to title")
_PAGES = ("", "", "graph", "options", "help")  # App.open_page's names


class Pause:
    """START: the pause menu over the match (its opening is a save point). Hint only with
    tips on; the pages (graph, options, help) are modules the app loads on demand."""

    def __init__(self, app):
        self.app = app
        self.sel = 0
        self.items = []

    def open(self):
        """Draw the menu over the table, the arrow on Resume."""
        self.sel = 0
        app = self.app
        self.items = [i for i in range(len(_MENU)) if i != 1 or app.settings.tips]
        v = app.view
        panels.show_popup(v).clear()
        self._items()
        v.message("PAUSED: UP/DOWN, A, B")

    reopen = open  # a page opened from it, in this program, closed

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
        """UP/DOWN move the arrow, A chooses, B or START resume."""
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

                app.later = hint  # thought out by App.frame, after this frame's update
            elif item < 5:
                if app.switch(_PAGES[item]):
                    return  # the page opens in a fresh program; the match goes on after it
                app.open_page(_PAGES[item])  # here, where the shell cannot restart
            elif item == 5:
                app.close_all()
                app.match.leave()
                app.match.new()
            else:
                app.save_point()  # the match as it stands: the title's Continue
                app.close_all()
                app.match.leave()
                if not app.switch("title"):
                    app.title()
