"""Stand-in for CircuitPython's displayio on the 32-bit Unix VM (tools/vm_app.py).

Pure Python that ALLOCATES what CircuitPython 10's C objects take on the badge, so the VM's
heap figure includes the display tree: a Bitmap's pixel buffer is rows padded to 32-bit words
at its depth (shared-module/displayio/Bitmap.c: stride = (width*bits + 31)/32 words); a
TileGrid's tile index array is one byte per tile, two when its bitmap has more than 255 tiles
(TileGrid.c: inline_tiles for up to 4 tiles, else a heap array); a Palette's colours are a
heap array of _displayio_color_t (rgb888, cached rgb565/luma/hue/chroma, transparent: 8 bytes
each here, as tools/ram_budget.py counts); a Group keeps a list. The instance of each class
stands for the C struct (a Python instance with its attribute map is about the size of the
struct: Bitmap ~48 bytes, TileGrid ~96).
"""

import array

_DEPTHS = (1, 2, 4, 8, 16, 32)


class Bitmap:
    """``Bitmap(width, height, value_count)``: pixels as values below value_count."""

    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count and bits < 32:
            bits = bits * 2 if bits < 8 else bits + 8
        if bits not in _DEPTHS:
            bits = 32
        self.width = width
        self.height = height
        self._bits = bits
        self._stride = (width * bits + 31) // 32  # in 32-bit words
        self._data = bytearray(self._stride * 4 * height)
        self._mask = (1 << bits) - 1

    @property
    def bits_per_value(self):
        return self._bits

    def _index(self, index):
        if isinstance(index, tuple):
            x, y = index
        else:
            y = index // self.width
            x = index - y * self.width
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError("pixel index out of range")
        return x, y

    def __getitem__(self, index):
        x, y = self._index(index)
        bits = self._bits
        if bits >= 8:
            n = bits >> 3
            o = y * self._stride * 4 + x * n
            v = 0
            for i in range(n):
                v |= self._data[o + i] << (8 * i)
            return v
        bit = x * bits
        o = y * self._stride * 4 + (bit >> 3)
        shift = 8 - bits - (bit & 7)
        return (self._data[o] >> shift) & self._mask

    def __setitem__(self, index, value):
        x, y = self._index(index)
        self._set(x, y, value)

    def _set(self, x, y, value):
        bits = self._bits
        if bits >= 8:
            n = bits >> 3
            o = y * self._stride * 4 + x * n
            for i in range(n):
                self._data[o + i] = (value >> (8 * i)) & 255
            return
        bit = x * bits
        o = y * self._stride * 4 + (bit >> 3)
        shift = 8 - bits - (bit & 7)
        m = self._mask << shift
        self._data[o] = (self._data[o] & ~m & 255) | ((value & self._mask) << shift)

    def fill(self, value):
        """Every pixel to ``value``."""
        for y in range(self.height):
            for x in range(self.width):
                self._set(x, y, value)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass


class Palette:
    """``Palette(color_count)``: colours as 0xRRGGBB."""

    def __init__(self, color_count, dither=False):
        self._colors = array.array("L", [0] * color_count)  # rgb888 + cached conversion
        self._cache = array.array("L", [0] * color_count)
        self._transparent = bytearray(color_count)

    def __len__(self):
        return len(self._colors)

    def __getitem__(self, i):
        return self._colors[i]

    def __setitem__(self, i, color):
        if isinstance(color, (bytes, bytearray, tuple, list)):
            color = color[0] << 16 | color[1] << 8 | color[2]
        self._colors[i] = color

    def make_transparent(self, i):
        """Colour ``i`` is not drawn."""
        self._transparent[i] = 1

    def make_opaque(self, i):
        """Colour ``i`` is drawn."""
        self._transparent[i] = 0

    def is_transparent(self, i):
        """True when colour ``i`` is not drawn."""
        return bool(self._transparent[i])


class ColorConverter:
    """Stand-in: converts nothing, allocates the struct only."""

    def __init__(self, input_colorspace=None, dither=False):
        pass


class TileGrid:
    """A grid of tiles from ``bitmap``, coloured by ``pixel_shader``."""

    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        if tile_width is None:
            tile_width = bitmap.width
        if tile_height is None:
            tile_height = bitmap.height
        if bitmap.width % tile_width or bitmap.height % tile_height:
            raise ValueError("Tile width must exactly divide bitmap width")
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width
        self.tile_height = tile_height
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = False
        self.flip_y = False
        self.transpose_xy = False
        ntiles = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        n = width * height
        if n <= 4:
            self._tiles = None  # inline in the C struct
            self._inline = [default_tile] * n
        elif ntiles > 255:
            self._tiles = array.array("H", [default_tile] * n)
        else:
            self._tiles = bytearray(n)
            if default_tile:
                for i in range(n):
                    self._tiles[i] = default_tile

    def _i(self, index):
        if isinstance(index, tuple):
            index = index[1] * self.width + index[0]
        if not 0 <= index < self.width * self.height:
            raise IndexError("Tile index out of bounds")
        return index

    def __getitem__(self, index):
        i = self._i(index)
        return self._inline[i] if self._tiles is None else self._tiles[i]

    def __setitem__(self, index, tile):
        i = self._i(index)
        if self._tiles is None:
            self._inline[i] = tile
        else:
            self._tiles[i] = tile

    def contains(self, point):
        """True when (x, y) is inside the grid."""
        x, y = point[0], point[1]
        return (self.x <= x < self.x + self.width * self.tile_width
                and self.y <= y < self.y + self.height * self.tile_height)


class Group:
    """A list of TileGrids and Groups, drawn at (x, y), ``scale`` times."""

    def __init__(self, scale=1, x=0, y=0):
        if scale < 1:
            raise ValueError("scale must be >= 1")
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False
        self._children = []

    def append(self, layer):
        """Add ``layer`` on top."""
        self._children.append(layer)

    def insert(self, index, layer):
        """Add ``layer`` at ``index``."""
        self._children.insert(index, layer)

    def index(self, layer):
        """Position of ``layer``."""
        return self._children.index(layer)

    def remove(self, layer):
        """Take ``layer`` out."""
        self._children.remove(layer)

    def pop(self, i=-1):
        """Take out and return the layer at ``i``."""
        return self._children.pop(i)

    def sort(self, key=None, reverse=False):
        """Sort the layers."""
        self._children.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._children)

    def __getitem__(self, i):
        return self._children[i]

    def __setitem__(self, i, layer):
        self._children[i] = layer

    def __delitem__(self, i):
        del self._children[i]

    def __iter__(self):
        return iter(self._children)

    def __contains__(self, layer):
        return layer in self._children


class Display:
    """The badge's ST7735R, 160 x 128: ``root_group``, ``refresh()``; each refresh is one
    frame of the virtual clock (supervisor.ticks_ms)."""

    def __init__(self):
        self.width = 160
        self.height = 128
        self.rotation = 0
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
        """One frame: the virtual clock moves on 33 ms."""
        import supervisor

        supervisor._advance(33)
        self.refreshes += 1
        return True


def release_displays():
    pass


CIRCUITPYTHON_TERMINAL = Group()
