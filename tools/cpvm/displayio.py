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
_writes = [0]  # Bitmap[i] = v calls: a C call on the badge, Python here (tools/budget.py)


def _prop(i, boolean=False):
    # An attribute kept in the object's small int array ``_f`` (as a C struct field), so the
    # Python instance holds two or three references, about the size of the C struct.
    def get(self):
        return bool(self._f[i]) if boolean else self._f[i]

    def put(self, v):
        self._f[i] = (1 if v else 0) if boolean else v

    return property(get, put)


class Bitmap:
    """``Bitmap(width, height, value_count)``: pixels as values below value_count."""

    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count and bits < 32:
            bits = bits * 2 if bits < 8 else bits + 8
        if bits not in _DEPTHS:
            bits = 32
        stride = (width * bits + 31) // 32  # in 32-bit words
        self._f = array.array("H", (width, height, bits, stride))
        self._data = bytearray(stride * 4 * height)

    width = _prop(0)
    height = _prop(1)
    _bits = _prop(2)
    bits_per_value = _prop(2)
    _stride = _prop(3)

    def _index(self, index):
        f = self._f
        if isinstance(index, tuple):
            x, y = index
        else:
            y = index // f[0]
            x = index - y * f[0]
        if not (0 <= x < f[0] and 0 <= y < f[1]):
            raise IndexError("pixel index out of range")
        return x, y

    def __getitem__(self, index):
        x, y = self._index(index)
        f = self._f
        bits = f[2]
        if bits >= 8:
            n = bits >> 3
            o = y * f[3] * 4 + x * n
            v = 0
            for i in range(n):
                v |= self._data[o + i] << (8 * i)
            return v
        bit = x * bits
        o = y * f[3] * 4 + (bit >> 3)
        shift = 8 - bits - (bit & 7)
        return (self._data[o] >> shift) & ((1 << bits) - 1)

    def __setitem__(self, index, value):
        _writes[0] += 1
        x, y = self._index(index)
        self._set(x, y, value)

    def _set(self, x, y, value):
        f = self._f
        bits = f[2]
        if bits >= 8:
            n = bits >> 3
            o = y * f[3] * 4 + x * n
            for i in range(n):
                self._data[o + i] = (value >> (8 * i)) & 255
            return
        bit = x * bits
        o = y * f[3] * 4 + (bit >> 3)
        shift = 8 - bits - (bit & 7)
        mask = (1 << bits) - 1
        m = mask << shift
        self._data[o] = (self._data[o] & ~m & 255) | ((value & mask) << shift)

    def fill(self, value):
        """Every pixel to ``value``."""
        for y in range(self._f[1]):
            for x in range(self._f[0]):
                self._set(x, y, value)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass


class Palette:
    """``Palette(color_count)``: colours as 0xRRGGBB; per colour the rgb888 value and a cached
    conversion word whose top bit marks it transparent (8 bytes, as _displayio_color_t)."""

    def __init__(self, color_count, dither=False):
        self._c = array.array("L", bytes(8 * color_count))

    def __len__(self):
        return len(self._c) >> 1

    def __getitem__(self, i):
        return self._c[2 * i]

    def __setitem__(self, i, color):
        if isinstance(color, (bytes, bytearray, tuple, list)):
            color = color[0] << 16 | color[1] << 8 | color[2]
        self._c[2 * i] = color

    def make_transparent(self, i):
        """Colour ``i`` is not drawn."""
        self._c[2 * i + 1] |= 0x80000000

    def make_opaque(self, i):
        """Colour ``i`` is drawn."""
        self._c[2 * i + 1] &= 0x7FFFFFFF

    def is_transparent(self, i):
        """True when colour ``i`` is not drawn."""
        return bool(self._c[2 * i + 1] & 0x80000000)


class ColorConverter:
    """Stand-in: converts nothing, allocates the struct only."""

    def __init__(self, input_colorspace=None, dither=False):
        pass


class TileGrid:
    """A grid of tiles from ``bitmap``, coloured by ``pixel_shader``. Up to 4 tiles are kept
    in the struct (inline_tiles); more in an array of one byte each, two with >255 tiles."""

    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        if tile_width is None:
            tile_width = bitmap.width
        if tile_height is None:
            tile_height = bitmap.height
        if bitmap.width % tile_width or bitmap.height % tile_height:
            raise ValueError("Tile width must exactly divide bitmap width")
        self.bitmap = bitmap
        self._shader = pixel_shader
        ntiles = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        n = width * height
        # x y width height tile_width tile_height hidden flip_x flip_y transpose, 4 inline
        self._f = array.array("h", (x, y, width, height, tile_width, tile_height, 0, 0, 0, 0,
                                    default_tile, default_tile, default_tile, default_tile))
        self._tiles = None
        if n > 4:
            self._tiles = (array.array("H", bytes(2 * n)) if ntiles > 255 else bytearray(n))
            if default_tile:
                for i in range(n):
                    self._tiles[i] = default_tile

    x = _prop(0)
    y = _prop(1)
    width = _prop(2)
    height = _prop(3)
    tile_width = _prop(4)
    tile_height = _prop(5)
    hidden = _prop(6, True)
    flip_x = _prop(7, True)
    flip_y = _prop(8, True)
    transpose_xy = _prop(9, True)

    @property
    def pixel_shader(self):
        """The Palette or ColorConverter that colours the tiles."""
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, shader):
        # settable in CircuitPython 10 (one-card grids change palette with the card's colour);
        # anything else raises there too
        if not isinstance(shader, (Palette, ColorConverter)):
            raise TypeError("unsupported pixel_shader type")
        self._shader = shader

    def _i(self, index):
        f = self._f
        if isinstance(index, tuple):
            index = index[1] * f[2] + index[0]
        if not 0 <= index < f[2] * f[3]:
            raise IndexError("Tile index out of bounds")
        return index

    def __getitem__(self, index):
        i = self._i(index)
        return self._f[10 + i] if self._tiles is None else self._tiles[i]

    def __setitem__(self, index, tile):
        i = self._i(index)
        if self._tiles is None:
            self._f[10 + i] = tile
        else:
            self._tiles[i] = tile

    def contains(self, point):
        """True when (x, y) is inside the grid."""
        f = self._f
        return (f[0] <= point[0] < f[0] + f[2] * f[4]
                and f[1] <= point[1] < f[1] + f[3] * f[5])


class Group:
    """A list of TileGrids and Groups, drawn at (x, y), ``scale`` times."""

    def __init__(self, scale=1, x=0, y=0):
        if scale < 1:
            raise ValueError("scale must be >= 1")
        self._f = array.array("h", (scale, x, y, 0))
        self._children = []

    scale = _prop(0)
    x = _prop(1)
    y = _prop(2)
    hidden = _prop(3, True)

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
        self._root = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    @property
    def root_group(self):
        return self._root

    @root_group.setter
    def root_group(self, group):
        self._root = group
        if group is None:
            # The picture let go: at an error (code.py, uno.app.crash) so is the App, which
            # the keypad stand-in holds only to pace its presses; the badge holds none.
            import keypad

            keypad.app = None

    def refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
        """One frame: the virtual clock moves on 33 ms."""
        import supervisor

        supervisor._advance(33)
        self.refreshes += 1
        return True


def release_displays():
    pass


CIRCUITPYTHON_TERMINAL = Group()
