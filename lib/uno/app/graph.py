"""Score graph (Windows 1994): every seat's total after each hand of the match, a line per
seat in its own colour with its own mark, axes labelled. B (or A, START) goes back.

The plot is a 4-bit picture built when the page opens and freed when it closes, kept as three
strips of 20 rows (``Strips``): at a match's end, three Advanced players' heap can hold three
blocks of 1.4 KB where it has no 4 KB in one piece. Lines are drawn by a Bresenham loop here
(the same pixels as ``bitmaptools.draw_line``, which draws on one Bitmap only).
"""

from micropython import const

import displayio

from uno.app.input import A, B, START
from uno.app.page import LINE, Page
from uno.view.layout import COLS

try:
    import bitmaptools

    _draw_line = getattr(bitmaptools, "draw_line", None)
except ImportError:
    _draw_line = None

X0 = const(26)  # the plot bitmap's place on the screen
Y0 = const(12)
PLOT_W = const(134)
PLOT_H = const(60)
PX = const(4)  # plot area inside the bitmap: x PX..PLOT_W-5, y 3..ZERO
LAST_X = const(129)  # the last hand's x (PLOT_W - 5): its mark (5 px wide) ends 2 px from the edge
ZERO = const(55)  # the y of 0 points: three pixels above the x axis (PLOT_H - 2), which stays seen
SEAT_RGB = (0xF5D000, 0xFF5050, 0x30D050, 0x50A0FF)
MARKS = "o+x#"  # each seat's mark, on its line and in the legend
AXIS = const(5)
GRID = const(6)
_STRIP = const(10)  # rows a strip: PLOT_H = 6 strips


class Strips:
    """A ``PLOT_W`` x ``PLOT_H`` picture of 8 colours as horizontal strips, one Bitmap each;
    read and written as one Bitmap (``bmp[x, y]``)."""

    width = PLOT_W
    height = PLOT_H

    def __init__(self):
        self.parts = [displayio.Bitmap(PLOT_W, _STRIP, 8) for _ in range(PLOT_H // _STRIP)]

    def __getitem__(self, xy):
        return self.parts[xy[1] // _STRIP][xy[0], xy[1] % _STRIP]

    def __setitem__(self, xy, c):
        self.parts[xy[1] // _STRIP][xy[0], xy[1] % _STRIP] = c


def nice(v):
    """The top of the score axis: ``v`` rounded up to 1, 2 or 5 times a power of ten."""
    step = 1
    while True:
        for m in (1, 2, 5):
            if step * m >= v:
                return step * m
        step *= 10


def line(bmp, x0, y0, x1, y1, c):
    """A straight line of colour ``c`` (both ends included)."""
    if _draw_line is not None and not isinstance(bmp, Strips):
        _draw_line(bmp, x0, y0, x1, y1, c)
        return
    dx = abs(x1 - x0)
    dy = -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    while True:
        bmp[x0, y0] = c
        if x0 == x1 and y0 == y1:
            return
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def mark(bmp, x, y, kind, c):
    """Seat ``kind``'s mark (0 ring, 1 plus, 2 cross, 3 square) centred on (x, y)."""
    for dy in (-2, -1, 0, 1, 2):
        for dx in (-2, -1, 0, 1, 2):
            ax = dx if dx >= 0 else -dx
            ay = dy if dy >= 0 else -dy
            if kind == 0:
                on = ax + ay == 2 or (ax == 1 and ay == 1)
            elif kind == 1:
                on = dx == 0 or dy == 0
            elif kind == 2:
                on = ax == ay
            else:
                on = ax == 2 or ay == 2
            if on and 0 <= x + dx < PLOT_W and 0 <= y + dy < PLOT_H:
                bmp[x + dx, y + dy] = c


class Graph(Page):
    """The graph of the match's history (cumulative scores after each hand): the match played
    in this program's (uno.app.match), else the paused one's (its own program: App.paused)."""

    def __init__(self, app):
        Page.__init__(self, app, "SCORE GRAPH")
        m = app.match
        if m is not None and m.table.g is not None:
            g = m.table.g
            n, names, penalty = g.nseats, m.table.names, g.rules.scoring == "penalty"
            hist = list(m.history)
        else:
            n, names, penalty, _, hist = app.paused or (2, ("", ""), False, None, ())
            hist = list(hist)
        # before the first hand ends there is no line to draw: say so, not "after hand 0"
        self.set_title(("HANDS %d: LOWEST WINS" if penalty else "SCORES AFTER HAND %d")
                       % len(hist) if hist else "NO HAND FINISHED YET")
        top = 10
        for row in hist:
            for v in row:
                if v > top:
                    top = v
        top = nice(top)
        pal = displayio.Palette(8)
        pal[0] = 0
        for s in range(4):
            pal[1 + s] = SEAT_RGB[s]
        pal[AXIS] = 0xB0B0B0
        pal[GRID] = 0x303848
        bmp = Strips()
        self.bitmap = bmp
        self.plot(hist, n, top)
        self.grid = []
        for i in range(len(bmp.parts)):
            grid = displayio.TileGrid(bmp.parts[i], pixel_shader=pal, x=X0, y=Y0 + i * _STRIP)
            self.root.insert(1 + i, grid)
            self.grid.append(grid)
        # y labels right-aligned before the axis; x labels under it; legend in the seats' colours
        self.set_lines(["%4d" % top, "", "", "", "%4d" % 0,
                        "%5d%s%d" % (0, "hand".center(COLS - 5 - len(str(len(hist)))),
                                     len(hist))])
        self.legend = []
        for s in range(n):
            lab = self._make(SEAT_RGB[s], LINE * (7 + s // 2), 1 + 13 * 6 * (s % 2))
            self._set(lab, ("%s %s" % (MARKS[s], names[s]))[:12])
            self.legend.append(lab)
        self.set_foot("B: back")

    def plot(self, hist, n, top):
        """Axes, grid and a line with marks per seat; 0 points (before hand 1) at the left."""
        bmp = self.bitmap
        bottom = ZERO
        height = bottom - 3
        for q in (1, 2, 3, 4):
            y = bottom - height * q // 4
            for x in range(PX, PLOT_W, 4):
                bmp[x, y] = GRID
        line(bmp, PX - 2, 0, PX - 2, PLOT_H - 2, AXIS)
        line(bmp, PX - 2, PLOT_H - 2, PLOT_W - 1, PLOT_H - 2, AXIS)
        hands = len(hist)
        span = LAST_X - PX
        for s in range(n):
            x0 = PX
            y0 = bottom
            for i in range(hands):
                x1 = PX + span * (i + 1) // hands
                y1 = bottom - height * hist[i][s] // top
                line(bmp, x0, y0, x1, y1, 1 + s)
                line(bmp, x0, y0 - 1, x1, y1 - 1, 1 + s)  # two pixels thick: easier to follow
                x0, y0 = x1, y1
            for i in range(hands):
                if hands <= 12 or i == hands - 1:
                    mark(bmp, PX + span * (i + 1) // hands, bottom - height * hist[i][s] // top,
                         s, 1 + s)

    def update(self, pressed, now):
        """Any of B, A or START goes back to where the graph was opened from."""
        if pressed & (A | B | START):
            self.leave()

    def closing(self):
        """Free the plot and the legend with the rest of the page."""
        for k in ("bitmap", "grid"):
            setattr(self, k, None)
        self.legend = []
        Page.closing(self)


def open(app):
    """The score graph of the match on the table."""
    return Graph(app)
