"""Full-screen text pages (options, players, high scores, graph, help).

The text is ``Lines``: a TextGrid over the table's own font sheet. A board's hardware module
may offer ``page_labels()`` instead (the PC's does: ``adafruit_display_text``'s bitmap_label
over the game's PCF font, the same glyphs in the same cells); the badge's does not,
since the libraries need 33 KB more heap and a deeper Python stack than CircuitPython 9's
1,536 bytes (docs/APP.md, "Text"). A page's group goes on top of the table's tree (which
stays, covered by an opaque backdrop).

Screen: 10 rows of 12 px: row 0 the title, rows 1-8 the body, row 9 the footer (hints or the
last refusal). A bar marks the selected body row.
"""

import displayio
from micropython import const

from uno.view import layout as L

BODY_ROWS = const(8)
LIST_ROWS = const(6)  # a list above a blank row and the line about its selection (options, scores)
LINE = const(12)
SEL_BAR = const(0x2A4A80)  # under the selected row
TITLE = const(0xF5D000)
FOOT = const(0x8090A0)
BG = const(0x000000)
WARN = const(0xFF7050)


class Page:
    """Title, ``BODY_ROWS`` body lines and a footer over a black backdrop; ``update`` is the
    subclass's. ``leave()`` closes it (and calls the app's save point when ``save``)."""

    save = False

    def __init__(self, app, title):
        self.app = app
        self._file = None
        self.font = app.view.font
        self._label = None
        make = None if FORCE is False else getattr(app.hw, "page_labels", None)
        if make is not None:
            self.font, self._label, self._file = make()
        root = displayio.Group()
        self.root = root
        # opaque backdrop: 10 x 8 tiles of one 16 x 16 blank tile cover the table
        back = displayio.Bitmap(16, 16, 1)
        pal = displayio.Palette(1)
        pal[0] = BG
        root.append(displayio.TileGrid(back, pixel_shader=pal, width=10, height=8,
                                       tile_width=16, tile_height=16))
        bar = displayio.Bitmap(16, LINE, 1)
        bpal = displayio.Palette(1)
        bpal[0] = SEL_BAR
        self.bar = displayio.TileGrid(bar, pixel_shader=bpal, width=10, height=1,
                                      tile_width=16, tile_height=LINE)
        self.bar.hidden = True
        root.append(self.bar)
        self.title = self._make(TITLE, 0)
        self.body = self._make(L.INK, LINE, 1, BODY_ROWS)
        self.foot = self._make(FOOT, LINE * 9)
        self.lines = [""] * BODY_ROWS
        self.set_title(title)
        app.view.root.append(root)
        self.closed = False

    def _make(self, colour, y, x=1, rows=1):
        if self._label is None:
            lab = Lines(self.font, colour, x, y, (160 - x) // L.FONT_W, rows)
            self.root.append(lab.grid.group)
            return lab
        lab = self._label(self.font, text="", color=colour, anchor_point=(0, 0),
                          anchored_position=(x, y - 2), line_spacing=1.0)  # as the grid cells
        self.root.append(lab)
        return lab

    def _set(self, lab, text):
        if lab.text != text:
            if self._label is not None:
                self.font.load_glyphs(text)
            lab.text = text

    def set_title(self, text):
        """The top line (yellow)."""
        self._set(self.title, text[:L.COLS])

    def set_foot(self, text, warn=False):
        """The bottom line: hints, or a refusal (``warn``: in red)."""
        self.foot.color = WARN if warn else FOOT
        self._set(self.foot, text[:L.COLS])

    def set_lines(self, lines, sel=-1):
        """The body: up to ``BODY_ROWS`` lines; ``sel`` the row under the bar (-1: none)."""
        out = []
        for i in range(BODY_ROWS):
            s = lines[i] if i < len(lines) else ""
            out.append(s[:L.COLS])
            self.lines[i] = s[:L.COLS]
        self._set(self.body, "\n".join(out).rstrip())
        self.bar.hidden = sel < 0
        if sel >= 0:
            self.bar.y = LINE * (1 + sel)

    def leave(self):
        """Close the page: the app's save point (``save``), then back to what was below."""
        app = self.app
        app.close()
        self.closing()
        if self.save:  # after the page's objects went: the save codec needs the room
            app.save_point()

    def closing(self):
        """Release the display objects, the font file and the text libraries (idempotent;
        the app calls it when the page leaves its stack)."""
        if self.closed:
            return
        self.closed = True
        root = self.app.view.root
        if self.root in root:
            root.remove(self.root)
        for k in ("root", "title", "body", "foot", "bar", "font", "_label"):
            setattr(self, k, None)
        if self._file is not None:
            self._file.close()
        # what the pages load besides themselves (the app drops the page's own module)
        from uno import drop

        for name in ("uno.app.ruletext", "uno.core.rules", "uno.core.rulecheck", "uno.app.page"):
            drop(name)


class Lines:
    """The frugal stand-in for a ``bitmap_label.Label``: a TextGrid over the table's own font
    sheet (the same Terminus glyphs), with the Label's ``text`` and ``color``."""

    def __init__(self, sheet, colour, x, y, cols, rows):
        from uno.view.text import TextGrid

        self.grid = TextGrid(sheet, cols, rows, x, y, fg=colour)
        self._text = ""
        self._color = colour

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, value):
        self._text = value
        g = self.grid
        row = 0
        for part in value.split("\n"):
            if row < g.rows:
                g.write(row, part)
            row += 1
        while row < g.rows:
            g.write(row, "")
            row += 1

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, value):
        self._color = value
        self.grid.colours(value)


FORCE = None  # type: bool | None  # tests: False keeps ``Lines`` where labels are offered


def cycle(values, value, step):
    """The value ``step`` (+1 or -1) places after ``value`` in ``values``, wrapping round."""
    i = 0
    for j in range(len(values)):
        if values[j] == value:
            i = j
    return values[(i + step) % len(values)]
