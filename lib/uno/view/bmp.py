"""Load an uncompressed indexed BMP (1, 4 or 8 bits per pixel) into a displayio.Bitmap.

CircuitPython has no BMP loader built in except OnDiskBitmap (slow to draw, keeps the file
open); adafruit_imageload would be one more library to ship. This reads the rows once at
start-up and keeps them in RAM at the bit depth ``value_count`` asks for. On the badge the
rows go through ``bitmaptools.readinto`` (C, built into SAMD51 builds); without it (a VM, an
old build) a Python loop gives the same pixels, many times slower.
"""

from micropython import const

import os
import struct

import displayio

try:
    import bitmaptools
except ImportError:
    bitmaptools = None  # type: ignore[assignment]

_MAX_SIDE = const(1024)  # no sprite sheet is larger; a bigger header is a damaged file


class SpriteError(Exception):
    """A sprite sheet is missing or damaged; the message says which and what to do."""


def _name(path):
    # "sprites/cards.bmp" whatever folder the sheets sit in: the name the player sees on the drive
    i = path.rfind("sprites/")
    return path[i:] if i >= 0 else path


def _u32(b, o):
    return struct.unpack_from("<I", b, o)[0]


def _damaged(path, why):
    return SpriteError("%s damaged (%s): copy sprites/ to CIRCUITPY again" % (_name(path), why))


def load(path, value_count=16, fast=True):
    """(bitmap, colours): the pixels as palette indices and the file's palette as 0xRRGGBB.

    Raises SpriteError with a one-line message when the file is missing or not a sheet this
    loader reads. ``fast`` False skips bitmaptools (tests compare both paths)."""
    f = None
    size = 0
    try:
        size = os.stat(path)[6]
        f = open(path, "rb")
    except OSError:
        pass
    if f is None:  # raised outside the except: CircuitPython warns about chained exceptions
        raise SpriteError("%s missing: copy sprites/ to CIRCUITPY" % _name(path))
    with f:
        head = f.read(54)
        if len(head) < 54 or head[0:2] != b"BM":
            raise _damaged(path, "not a BMP")
        offset = _u32(head, 10)
        hsize = _u32(head, 14)
        w = struct.unpack_from("<i", head, 18)[0]
        h = struct.unpack_from("<i", head, 22)[0]
        bpp = struct.unpack_from("<H", head, 28)[0]
        comp = _u32(head, 30)
        ncol = _u32(head, 46) or (1 << bpp)
        if comp != 0 or bpp not in (1, 4, 8):
            raise _damaged(path, "compression %d, %d bits per pixel" % (comp, bpp))
        bottom_up = h > 0
        h = abs(h)
        stride = ((w * bpp + 31) // 32) * 4
        if not (0 < w <= _MAX_SIDE and 0 < h <= _MAX_SIDE and ncol <= 256):
            raise _damaged(path, "size %d x %d" % (w, h))
        if 14 + hsize + 4 * ncol > offset or offset + stride * h > size:
            raise _damaged(path, "cut short")
        f.seek(14 + hsize)
        pal = f.read(4 * ncol)
        colours = []
        for i in range(ncol):
            colours.append(pal[4 * i + 2] << 16 | pal[4 * i + 1] << 8 | pal[4 * i])
        bmp = displayio.Bitmap(w, h, value_count)
        f.seek(offset)
        if fast and bitmaptools is not None:
            # element_size 4: BMP rows are padded to 32 bits; the leftmost pixel sits in the
            # high bits of its byte (reverse_pixels_in_element)
            bitmaptools.readinto(bmp, f, bpp, element_size=4, reverse_pixels_in_element=True,
                                 reverse_rows=bottom_up)
        else:
            _rows(f, bmp, w, h, bpp, stride, bottom_up)
    return bmp, colours


def _rows(f, bmp, w, h, bpp, stride, bottom_up):
    row = bytearray(stride)
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
