"""Stand-in for fontio: a BuiltinFont with blank 6 x 12 glyphs (terminalio's size)."""

import displayio


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class FontProtocol:
    pass


class BuiltinFont:
    """95 printable ASCII glyphs in one 1-bit sheet (in flash on the badge; counted here)."""

    def __init__(self, w=6, h=12):
        self._w = w
        self._h = h
        self.bitmap = displayio.Bitmap(w * 95, h, 2)
        self._glyphs = {}

    def get_bounding_box(self):
        """(width, height) of a glyph."""
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        """The Glyph for ``codepoint`` (printable ASCII; others as '?')."""
        i = codepoint - 32 if 32 <= codepoint < 127 else 31
        return Glyph(self.bitmap, i, self._w, self._h, 0, 0, self._w, 0)
