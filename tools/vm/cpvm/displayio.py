"""Stand-in for CircuitPython's displayio on the 32-bit Unix VM (tools/vm/vm_app.py).

Pure Python that ALLOCATES what CircuitPython 10's C objects take on the badge, so the VM's
heap figure includes the display tree. Each object takes, block for block (16-byte GC blocks),
what ``mp_obj_malloc`` of its C struct and the struct's own buffers take: sizeof on 32-bit
(10.2.1's shared-module/displayio headers, checked with gcc -m32) is Bitmap 36 (48 in blocks),
TileGrid 84 (96), Group 44 (48), Palette 16, and 16 a colour (_displayio_color_t); a Bitmap's
pixels are rows padded to 32-bit words at its depth (Bitmap.c: stride = (width*bits + 31)/32
words); a TileGrid's tile indexes are one byte a tile, two when its bitmap has more than 255
tiles, in the struct for up to 4 tiles (TileGrid.c: inline_tiles); a Group's members are a
list as here. A Python instance is 16 bytes and its attribute table 16 bytes per two
attributes, so each class below keeps its fields in small ints and one buffer, sized so the
total is the struct's (tests/test_cp_vm.py checks each against those sizes).
"""

_DEPTHS = (1, 2, 4, 8, 16, 32)
_writes = [0]  # Bitmap[i] = v calls: a C call on the badge, Python here (tools/vm/budget.py)


# A TileGrid's buffer: 16-bit words (below), 32 bytes in all, then its tiles if more than 4
_WIDE = 10  # word: tiles take two bytes (the bitmap has more than 255)
_INLINE = 11  # words 11-14: up to 4 tiles, in the struct as in C
_STRUCT = 32  # bytes before the tile array


def _get16(f, i):
    v = f[2 * i] | f[2 * i + 1] << 8
    return v - 65536 if v & 0x8000 else v


def _put16(f, i, v):
    f[2 * i] = v & 255
    f[2 * i + 1] = (v >> 8) & 255


def _prop(i, boolean=False):
    # A field of the TileGrid's struct, a 16-bit word of its buffer ``_f``.
    def get(self):
        v = _get16(self._f, i)
        return bool(v) if boolean else v

    def put(self, v):
        _put16(self._f, i, (1 if v else 0) if boolean else v)

    return property(get, put)


class Bitmap:
    """``Bitmap(width, height, value_count)``: pixels as values below value_count."""

    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count and bits < 32:
            bits = bits * 2 if bits < 8 else bits + 8
        if bits not in _DEPTHS:
            bits = 32
        if not (0 < width < 4096 and 0 < height < 4096):
            raise ValueError("stand-in Bitmap: width and height 1-4095")
        # the struct's fields in one small int (no allocation): the instance and its table
        # with the pixel buffer's object are the struct's 48 bytes
        self._f = width | height << 12 | bits << 24
        self._data = bytearray(self._stride * 4 * height)

    @property
    def width(self):
        return self._f & 4095

    @property
    def height(self):
        return self._f >> 12 & 4095

    @property
    def bits_per_value(self):
        return self._f >> 24

    _bits = bits_per_value

    @property
    def _stride(self):
        """A row's 32-bit words."""
        return ((self._f & 4095) * (self._f >> 24) + 31) // 32

    def _index(self, index):
        w = self._f & 4095
        if isinstance(index, tuple):
            x, y = index
        else:
            y = index // w
            x = index - y * w
        if not (0 <= x < w and 0 <= y < self.height):
            raise IndexError("pixel index out of range")
        return x, y

    def __getitem__(self, index):
        x, y = self._index(index)
        bits = self._f >> 24
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
        return (self._data[o] >> shift) & ((1 << bits) - 1)

    def __setitem__(self, index, value):
        _writes[0] += 1
        x, y = self._index(index)
        self._set(x, y, value)

    def _set(self, x, y, value):
        bits = self._f >> 24
        if bits >= 8:
            n = bits >> 3
            o = y * self._stride * 4 + x * n
            for i in range(n):
                self._data[o + i] = (value >> (8 * i)) & 255
            return
        bit = x * bits
        o = y * self._stride * 4 + (bit >> 3)
        shift = 8 - bits - (bit & 7)
        mask = (1 << bits) - 1
        m = mask << shift
        self._data[o] = (self._data[o] & ~m & 255) | ((value & mask) << shift)

    def fill(self, value):
        """Every pixel to ``value``."""
        for y in range(self.height):
            for x in range(self.width):
                self._set(x, y, value)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass


class Palette:
    """``Palette(color_count)``: colours as 0xRRGGBB, each with a transparent mark. The struct
    is 16 bytes and each colour 16 (_displayio_color_t): one or two colours are small ints in
    the instance's own table (32 and 48 bytes in all), three or more four bytes each (rgb and
    the mark) in a buffer padded to the C size."""

    def __init__(self, color_count, *, dither=False):
        if color_count > 2:
            self._c = bytearray(16 * color_count - 32)
        else:
            self._c = color_count
            self._c0 = 0
            if color_count == 2:
                self._c1 = 0

    def __len__(self):
        c = self._c
        return c if isinstance(c, int) else (len(c) + 32) >> 4

    def _word(self, i):
        if not 0 <= i < len(self):
            raise IndexError("palette index out of range")
        c = self._c
        if isinstance(c, int):
            return self._c0 if i == 0 else self._c1
        return c[4 * i] << 16 | c[4 * i + 1] << 8 | c[4 * i + 2] | c[4 * i + 3] << 24

    def _put(self, i, w):
        c = self._c
        if isinstance(c, int):
            if i == 0:
                self._c0 = w
            else:
                self._c1 = w
            return
        c[4 * i] = w >> 16 & 255
        c[4 * i + 1] = w >> 8 & 255
        c[4 * i + 2] = w & 255
        c[4 * i + 3] = w >> 24 & 255

    def __getitem__(self, i):
        return self._word(i) & 0xFFFFFF

    def __setitem__(self, i, color):
        if isinstance(color, (bytes, bytearray, tuple, list)):
            color = color[0] << 16 | color[1] << 8 | color[2]
        self._put(i, (self._word(i) & 0x1000000) | (color & 0xFFFFFF))

    def make_transparent(self, i):
        """Colour ``i`` is not drawn."""
        self._put(i, self._word(i) | 0x1000000)

    def make_opaque(self, i):
        """Colour ``i`` is drawn."""
        self._put(i, self._word(i) & 0xFFFFFF)

    def is_transparent(self, i):
        """True when colour ``i`` is not drawn."""
        return bool(self._word(i) & 0x1000000)


class ColorConverter:
    """Stand-in: converts nothing, allocates the struct only."""

    def __init__(self, input_colorspace=None, dither=False):
        pass


class TileGrid:
    """A grid of tiles from ``bitmap``, coloured by ``pixel_shader``. Up to 4 tiles are kept
    in the struct (inline_tiles); more in an array of one byte each, two with >255 tiles."""

    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
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
        # 16-bit words: x y width height tile_width tile_height hidden flip_x flip_y transpose
        # two-byte-tiles, then 4 inline tiles; the 32 bytes and the instance (three
        # attributes) are the struct's 96. More than 4 tiles follow, one byte each (two with
        # >255 tiles), as the C heap array.
        wide = ntiles > 255
        self._f = f = bytearray(_STRUCT + (n * (2 if wide else 1) if n > 4 else 0))
        for i, v in enumerate((x, y, width, height, tile_width, tile_height, 0, 0, 0, 0,
                               1 if wide else 0)):
            _put16(f, i, v)
        if default_tile:
            for i in range(n):
                self[i] = default_tile

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
        w = _get16(f, 2)
        if isinstance(index, tuple):
            index = index[1] * w + index[0]
        if not 0 <= index < w * _get16(f, 3):
            raise IndexError("Tile index out of bounds")
        return index

    def __getitem__(self, index):
        i = self._i(index)
        f = self._f
        if len(f) == _STRUCT:
            return _get16(f, _INLINE + i)
        if f[2 * _WIDE]:
            return f[_STRUCT + 2 * i] | f[_STRUCT + 1 + 2 * i] << 8
        return f[_STRUCT + i]

    def __setitem__(self, index, tile):
        i = self._i(index)
        f = self._f
        if len(f) == _STRUCT:
            _put16(f, _INLINE + i, tile)
        elif f[2 * _WIDE]:
            f[_STRUCT + 2 * i] = tile & 255
            f[_STRUCT + 1 + 2 * i] = tile >> 8 & 255
        else:
            f[_STRUCT + i] = tile

    def contains(self, point):
        """True when (x, y) is inside the grid."""
        f = self._f
        x, y = _get16(f, 0), _get16(f, 1)
        return (x <= point[0] < x + _get16(f, 2) * _get16(f, 4)
                and y <= point[1] < y + _get16(f, 3) * _get16(f, 5))


def _group_field(shift, bits, offset=0):
    # A field of the Group's struct, packed in the small int ``_f``.
    mask = (1 << bits) - 1

    def get(self):
        return (self._f >> shift & mask) - offset

    def put(self, v):
        v += offset
        if not 0 <= v <= mask:
            raise ValueError("stand-in Group: value out of range")
        self._f = self._f & ~(mask << shift) | v << shift

    return property(get, put)


class Group:
    """A list of TileGrids and Groups, drawn at (x, y), ``scale`` times."""

    def __init__(self, *, scale=1, x=0, y=0):
        if scale < 1:
            raise ValueError("scale must be >= 1")
        # scale, x, y and hidden in one small int; the instance with three attributes is the
        # struct's 48 bytes (_pad stands for the rest of it); the members' list as in C
        # (not through the properties: a subclass, adafruit_display_text's labels, has its own)
        if not (scale < 32 and -2048 <= x < 2048 and -2048 <= y < 2048):
            raise ValueError("stand-in Group: value out of range")
        self._f = scale | (x + 2048) << 5 | (y + 2048) << 17
        self._children = []
        self._pad = None

    scale = _group_field(0, 5)
    x = _group_field(5, 12, 2048)
    y = _group_field(17, 12, 2048)

    @property
    def hidden(self):
        return bool(self._f >> 29 & 1)

    @hidden.setter
    def hidden(self, v):
        self._f = self._f & ~(1 << 29) | (1 << 29 if v else 0)

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
        self._refreshes = 0  # the virtual clock's frames (the C display has no count)

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

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        """One frame: the virtual clock moves on 33 ms."""
        import supervisor

        supervisor._advance(33)
        self._refreshes += 1
        return True


def release_displays():
    pass


CIRCUITPYTHON_TERMINAL = Group()
