"""Stand-in for bitmaptools (built into SAMD51 builds): the calls a game loading sprites uses,
writing into the stand-in Bitmap's row buffer."""


def readinto(bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
             swap_bytes_in_element=False, reverse_rows=False):
    """Rows of packed pixels from ``file`` into ``bitmap`` (rows padded to 32 bits, as BMP)."""
    w = bitmap.width
    h = bitmap.height
    stride = ((w * bits_per_pixel + 31) // 32) * 4
    row = bytearray(stride)
    same = (bits_per_pixel == bitmap._bits and element_size == 1 and bits_per_pixel <= 8
            and not reverse_pixels_in_element)
    mask = (1 << bits_per_pixel) - 1
    for r in range(h):
        y = h - 1 - r if reverse_rows else r
        if file.readinto(row) != stride:
            raise EOFError("Read error")
        if same:
            o = y * bitmap._stride * 4
            bitmap._data[o:o + stride] = row
            continue
        for x in range(w):
            bit = x * bits_per_pixel
            v = (row[bit >> 3] >> (8 - bits_per_pixel - (bit & 7))) & mask
            bitmap._set(x, y, v)


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    """Pixels x1 <= x < x2, y1 <= y < y2 to ``value``."""
    for y in range(max(0, y1), min(dest_bitmap.height, y2)):
        for x in range(max(0, x1), min(dest_bitmap.width, x2)):
            dest_bitmap._set(x, y, value)


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None,
         skip_source_index=None, skip_dest_index=None):
    """Copy a rectangle of ``source_bitmap`` to (x, y) of ``dest_bitmap``."""
    if x2 is None:
        x2 = source_bitmap.width
    if y2 is None:
        y2 = source_bitmap.height
    for sy in range(y1, y2):
        dy = y + sy - y1
        if not 0 <= dy < dest_bitmap.height:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if not 0 <= dx < dest_bitmap.width:
                continue
            v = source_bitmap[sx, sy]
            if v == skip_source_index:
                continue
            if skip_dest_index is not None and dest_bitmap[dx, dy] == skip_dest_index:
                continue
            dest_bitmap._set(dx, dy, v)


def draw_line(dest_bitmap, x1, y1, x2, y2, value):
    """A line from (x1, y1) to (x2, y2), both ends drawn (Bresenham, as the firmware's)."""
    dx = abs(x2 - x1)
    dy = -abs(y2 - y1)
    sx = 1 if x1 < x2 else -1
    sy = 1 if y1 < y2 else -1
    err = dx + dy
    while True:
        if 0 <= x1 < dest_bitmap.width and 0 <= y1 < dest_bitmap.height:
            dest_bitmap._set(x1, y1, value)
        if x1 == x2 and y1 == y2:
            return
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x1 += sx
        if e2 <= dx:
            err += dx
            y1 += sy
