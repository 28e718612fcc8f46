"""Load an uncompressed indexed BMP (1, 4 or 8 bits per pixel) into a displayio.Bitmap.

CircuitPython has no BMP loader built in except OnDiskBitmap (slow to draw, keeps the file
open); adafruit_imageload would be one more library to ship. This reads the rows once at
start-up and keeps them in RAM at the bit depth ``value_count`` asks for.
"""

import struct

import displayio


def _u32(b, o):
    return struct.unpack_from("<I", b, o)[0]


def load(path, value_count=16):
    """(bitmap, colours): the pixels as palette indices and the file's palette as 0xRRGGBB."""
    with open(path, "rb") as f:
        head = f.read(54)
        if head[0:2] != b"BM":
            raise ValueError("not a BMP: " + path)
        offset = _u32(head, 10)
        hsize = _u32(head, 14)
        w = struct.unpack_from("<i", head, 18)[0]
        h = struct.unpack_from("<i", head, 22)[0]
        bpp = struct.unpack_from("<H", head, 28)[0]
        comp = _u32(head, 30)
        ncol = _u32(head, 46) or (1 << bpp)
        if comp != 0 or bpp not in (1, 4, 8):
            raise ValueError("unsupported BMP (compression %d, %d bpp): %s" % (comp, bpp, path))
        f.seek(14 + hsize)
        pal = f.read(4 * ncol)
        colours = []
        for i in range(ncol):
            colours.append(pal[4 * i + 2] << 16 | pal[4 * i + 1] << 8 | pal[4 * i])
        bottom_up = h > 0
        h = abs(h)
        stride = ((w * bpp + 31) // 32) * 4
        bmp = displayio.Bitmap(w, h, value_count)
        row = bytearray(stride)
        f.seek(offset)
        mask = (1 << bpp) - 1
        per = 8 // bpp
        for r in range(h):
            f.readinto(row)
            y = h - 1 - r if bottom_up else r
            base = y * w
            if bpp == 8:
                for x in range(w):
                    v = row[x]
                    if v:
                        bmp[base + x] = v
            else:
                for x in range(w):
                    v = (row[x // per] >> (8 - bpp - (x % per) * bpp)) & mask
                    if v:
                        bmp[base + x] = v
    return bmp, colours
