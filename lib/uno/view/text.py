"""Fixed-width text as a TileGrid over the font sheet (sprites/font.bmp), like terminalio.

Changing text sets only the tiles whose character changed, so displayio redraws only
those cells, and nothing is allocated beyond the string the caller passes in.
"""

import displayio

from uno.view import layout as L


def with_name(fmt, name, args=(), width=L.MSG_COLS):
    """``fmt % ((name,) + args)`` in ``width`` characters: the name is cut to the room the
    rest leaves (names may be 16 characters), never the rest."""
    room = width - len(fmt % (("",) + args))
    return fmt % ((name[:room].rstrip() if room > 0 else "",) + args)


def cards_text(n):
    """A card count as shown everywhere: the two-cards glyph, then the number."""
    return chr(32 + L.GLYPH_CARDS) + str(n)


class TextGrid:
    """``cols`` x ``rows`` character cells at (x, y); ``bg`` None makes the cells transparent.
    ``group`` is what a parent appends: the TileGrid itself, or a Group that scales it."""

    group: "displayio.TileGrid | displayio.Group"  # for the type checker: no code

    def __init__(self, font, cols, rows=1, x=0, y=0, fg=L.INK, bg=None, scale=1):
        pal = displayio.Palette(2)
        pal[0] = bg if bg is not None else 0
        pal[1] = fg
        if bg is None:
            pal.make_transparent(0)
        self.palette = pal
        self.cols = cols
        self.rows = rows
        self._cells = bytearray(cols * rows)  # mirror of the tiles (0 = space)
        if scale == 1:
            # the TileGrid places and hides itself: ``group`` is the grid, no Group of its
            # own (a Group and its list are heap on the badge, and the table has a dozen)
            self.grid = displayio.TileGrid(
                font, pixel_shader=pal, width=cols, height=rows,
                tile_width=L.FONT_W, tile_height=L.FONT_H, default_tile=0, x=x, y=y)
            self.group = self.grid
        else:
            self.grid = displayio.TileGrid(
                font, pixel_shader=pal, width=cols, height=rows,
                tile_width=L.FONT_W, tile_height=L.FONT_H, default_tile=0)
            self.group = displayio.Group(x=x, y=y, scale=scale)
            self.group.append(self.grid)
        self._fg = fg
        self._bg = bg

    def set_tile(self, col, row, tile):
        i = row * self.cols + col
        if self._cells[i] != tile:
            self._cells[i] = tile
            self.grid[i] = tile

    def write(self, row, text, col=0, width=-1, align=0):
        """Put ``text`` on ``row`` from ``col``, padded with spaces to ``width`` cells (the rest
        of the row when -1); ``align`` 0 left, 1 centre, 2 right. Returns the column after it."""
        if width < 0:
            width = self.cols - col
        n = len(text)
        if n > width:
            n = width
        pad = 0
        if align == 1:
            pad = (width - n) // 2
        elif align == 2:
            pad = width - n
        base = row * self.cols + col
        cells = self._cells
        grid = self.grid
        for i in range(width):
            j = i - pad
            t = 0
            if 0 <= j < n:
                c = ord(text[j]) - 32
                t = c if 0 <= c < L.GLYPHS else 31  # '?' for what the font lacks
            k = base + i
            if cells[k] != t:
                cells[k] = t
                grid[k] = t
        return col + width

    def clear(self):
        for r in range(self.rows):
            self.write(r, "")

    def colours(self, fg, bg=None):
        """Recolour (dirties the whole grid: only for highlights)."""
        if fg != self._fg:
            self.palette[1] = fg
            self._fg = fg
        if bg is not None and bg != self._bg:
            self.palette[0] = bg
            self._bg = bg

    @property
    def hidden(self):
        return self.group.hidden

    @hidden.setter
    def hidden(self, value):
        if self.group.hidden != value:
            self.group.hidden = value
