"""The marks of the party rules' prompts (uno.app.party): a yellow ring round the seat the 7's
swap picker points at, and for a jump-in the card that can jump raised out of the hand, ringed,
with a bar under it that shrinks as the window runs out. Loaded with uno.app.party while a
human faces one of those phases and dropped with it (``Marks.clear``): a match without those
rules never builds them, and one with them holds them only while they show."""

from micropython import const

import displayio

from uno.view import layout as L

try:
    from typing import Any  # noqa: F401 (type comments only; CircuitPython has no typing)
except ImportError:
    pass

RAISE = const(6)  # how far the card that can jump stands out of the hand
_BAR_W = const(18)  # the countdown bar's width (a card's), one tile a pixel
_BAR_H = const(3)


class Marks:
    """A group over the table holding the ring and the countdown bar (built as they are first
    shown); ``clear`` takes them off and puts a raised card back."""

    def __init__(self, v):
        self.v = v
        self.group = displayio.Group()
        self.pal = displayio.Palette(2)
        self.pal[0] = L.INK  # white: apart from the active colour (its frame, the cards)
        self.pal[1] = 0
        self.pal.make_transparent(1)
        self.ring = None  # type: Any  # a Group of four bars
        self.size = None  # (w, h, t) of the ring's bars
        self.bar = None  # type: Any  # the countdown: _BAR_W one-pixel tiles, 0 lit, 1 clear
        self.lit = _BAR_W
        self.raised = -1  # the hand slot raised
        self.whole = 0  # the jump-in window's length (ms), for the bar
        v.table.append(self.group)

    def ring_at(self, x, y, w, h, t):
        """The ring's outside ``w`` x ``h`` at (x, y), ``t`` pixels thick."""
        if self.size != (w, h, t):
            if self.ring is not None:
                self.group.remove(self.ring)
            r = displayio.Group()
            across = displayio.Bitmap(w, t, 1)
            down = displayio.Bitmap(t, h, 1)
            for bm, bx, by in ((across, 0, 0), (across, 0, h - t), (down, 0, 0),
                               (down, w - t, 0)):
                r.append(displayio.TileGrid(bm, pixel_shader=self.pal, x=bx, y=by))
            self.group.append(r)
            self.ring = r
            self.size = (w, h, t)
        r = self.ring
        if r.x != x:
            r.x = x
        if r.y != y:
            r.y = y

    def seat(self, panel):
        """The ring round seat panel ``panel`` (0 left, 1 right, 2 the seat across in the top
        bar)."""
        if panel == 2:  # thinner: the top bar's text fills its half to the screen's edge
            self.ring_at(81, 0, L.WIDTH - 81, 13, 1)
        else:
            self.ring_at(L.RIGHT_X - 3 if panel else L.LEFT_X - 2, L.PANEL_Y - 3, 41, 66, 2)

    def card(self, slot):
        """Hand slot ``slot``'s card raised, ringed, with the countdown bar under it, full."""
        self.lower()
        g = self.v.hand[slot]
        y = L.HAND_Y - RAISE
        g.y = y
        self.raised = slot
        x = L.HAND_X + slot * L.CARD_W
        self.ring_at(x - 1, y - 1, L.CARD_W + 1, L.CARD_H + 2, 1)
        if self.bar is None:
            bm = displayio.Bitmap(2, _BAR_H, 2)
            for j in range(_BAR_H):
                bm[1, j] = 1
            self.bar = displayio.TileGrid(bm, pixel_shader=self.pal, width=_BAR_W, height=1,
                                          tile_width=1, tile_height=_BAR_H)
            self.group.append(self.bar)
        self.bar.x = x
        self.bar.y = y + L.CARD_H + 3

    def left(self, part, whole):
        """The countdown bar at ``part`` of ``whole`` (what is left of the window)."""
        n = part * _BAR_W // whole if whole > 0 else 0
        n = 0 if n < 0 else _BAR_W if n > _BAR_W else n
        b = self.bar
        while self.lit > n:  # one pixel's column a change: nothing allocated
            self.lit -= 1
            b[self.lit] = 1
        while self.lit < n:
            b[self.lit] = 0
            self.lit += 1

    def lower(self):
        if self.raised >= 0:
            self.v.hand[self.raised].y = L.HAND_Y
            self.raised = -1

    def clear(self):
        """Every mark off the table, the raised card back in the row."""
        self.lower()
        self.v.table.remove(self.group)
        self.ring = self.bar = None
