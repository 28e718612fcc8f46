"""Full-screen text pages (options, players, high scores, graph, help) drawn with the Adafruit
text libraries: ``bitmap_label.Label`` over a PCF font (fonts/uno-12.pcf, tools/make_font.py).

A page's group goes on top of the table's tree (which stays, covered by an opaque backdrop);
the font, labels and the libraries themselves are loaded when the page opens and dropped from
``sys.modules`` when it closes, so the match keeps the heap it had.

Screen: 10 rows of 12 px: row 0 the title, rows 1-8 the body, row 9 the footer (hints or the
last refusal). A bar marks the selected body row.
"""

import displayio
from micropython import const

from uno.view import layout as L

ROWS = const(8)  # body rows
COLS = const(26)
LINE = const(12)
BAR = const(0x2A4A80)
TITLE = const(0xF5D000)
FOOT = const(0x8090A0)
BG = const(0x000000)
WARN = const(0xFF7050)
_LIBS = (
    "adafruit_display_text.bitmap_label", "adafruit_display_text", "adafruit_bitmap_font.pcf",
    "adafruit_bitmap_font.glyph_cache", "adafruit_bitmap_font", "adafruit_ticks",
)


class Page:
    """Title, ``ROWS`` body lines and a footer over a black backdrop; ``update`` is the
    subclass's. ``leave()`` closes it (and calls the app's save point when ``save``)."""

    save = False

    def __init__(self, app, title):
        self.app = app
        self._file = None
        self.font = app.view.font
        self._label = None
        if labels_fit():
            from adafruit_bitmap_font.pcf import PCF
            from adafruit_display_text.bitmap_label import Label

            self._file = open(app.hw.base + "/fonts/uno-12.pcf", "rb")
            self.font = PCF(self._file, displayio.Bitmap)
            self._label = Label
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
        bpal[0] = BAR
        self.bar = displayio.TileGrid(bar, pixel_shader=bpal, width=10, height=1,
                                      tile_width=16, tile_height=LINE)
        self.bar.hidden = True
        root.append(self.bar)
        self.title = self._make(TITLE, 0)
        self.body = self._make(L.INK, LINE, 1, ROWS)
        self.foot = self._make(FOOT, LINE * 9)
        self.lines = [""] * ROWS
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
        self._set(self.title, text[:COLS])

    def set_foot(self, text, warn=False):
        """The bottom line: hints, or a refusal (``warn``: in red)."""
        self.foot.color = WARN if warn else FOOT
        self._set(self.foot, text[:COLS])

    def set_lines(self, lines, sel=-1):
        """The body: up to ``ROWS`` lines; ``sel`` the row under the bar (-1: none)."""
        out = []
        for i in range(ROWS):
            s = lines[i] if i < len(lines) else ""
            out.append(s[:COLS])
            self.lines[i] = s[:COLS]
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
            drop(_LIBS)
        # what the pages load besides themselves (the app drops the page's own module)
        drop(("uno.app.ruletext", "uno.rules", "uno.app.page"))


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


def labels_fit():
    """True when the heap has room for the Adafruit text libraries and a PCF font: measured
    on CircuitPython 10's VM, 37 KB while a page is open, of which 13.5 KB (the libraries'
    interned names) stay after it closes, so only a heap with ``NEED_FREE`` spare takes them,
    and only where Python's stack is not the badge's small fixed one. Else (the badge) pages
    use ``Lines``: about 3 KB. Always true on a PC (no ``gc.mem_free``). ``FORCE`` (tests)
    overrides."""
    if FORCE is not None:
        return FORCE
    import gc

    free = getattr(gc, "mem_free", None)
    if free is None:
        return True
    import micropython

    if hasattr(micropython, "pystack_use"):
        # A badge's Python stack is 1,536 bytes under CircuitPython 9 (2,048 under 10): a
        # page opens about 550 bytes deep, and the libraries' nested imports then exhaust it
        # ("pystack exhausted" on the 1,536-byte VM, tests/test_pages_vm.py).
        return False
    gc.collect()
    return free() >= NEED_FREE


FORCE = None  # type: bool | None
NEED_FREE = const(64 * 1024)


def drop(names):
    """Forget modules (and their package attributes) so their code leaves the heap."""
    from uno import drop as forget

    for name in names:
        forget(name)


def cycle(values, value, step):
    """The value ``step`` (+1 or -1) places after ``value`` in ``values``, wrapping round."""
    i = 0
    for j in range(len(values)):
        if values[j] == value:
            i = j
    return values[(i + step) % len(values)]
