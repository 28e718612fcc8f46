#!/usr/bin/env python3
"""Write the text pages' font, fonts/uno-12.pcf, from the game's own glyphs (the BDF that
tools/bundle/make_sprites.py turns into sprites/font.bmp: Terminus 12, SIL OFL 1.1).

    .venv/bin/python tools/bundle/make_font.py [--check]

PCF is what ``adafruit_bitmap_font`` reads glyph by glyph (``load_glyphs``) without holding
the whole font in RAM. The file has the four tables its reader uses (accelerators,
encodings, metrics, bitmaps) and the font's properties, in the big-endian, MSB-first, 4-byte
padded form (bitmap format 0xE) it accepts. ``--check`` exits 1 when the file is out of date.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "fonts" / "ter-u12n-ascii.bdf"
OUT = ROOT / "fonts" / "uno-12.pcf"

PROPERTIES, BDF_ACCELERATORS, METRICS, BITMAPS, BDF_ENCODINGS = 1, 1 << 8, 1 << 2, 1 << 3, 1 << 5
MSB = 0x0C  # most significant byte and bit first
BITMAP_FORMAT = 0x0E  # MSB + rows padded to 4 bytes


def read_bdf(path: Path) -> tuple[dict, dict[int, tuple[list[int], int, list[int]]]]:
    """(properties, {code: ([w, h, xoff, yoff], dwidth, rows)}) of a BDF font."""
    props: dict = {}
    glyphs = {}
    lines = path.read_text().splitlines()
    i = 0
    in_props = False
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("STARTPROPERTIES"):
            in_props = True
        elif ln.startswith("ENDPROPERTIES"):
            in_props = False
        elif in_props:
            k, _, v = ln.partition(" ")
            props[k] = v[1:-1] if v.startswith('"') else int(v)
        elif ln.startswith("STARTCHAR"):
            enc, bbx, dw, rows = -1, [0, 0, 0, 0], 0, []
            while not lines[i].startswith("ENDCHAR"):
                ln = lines[i]
                if ln.startswith("ENCODING"):
                    enc = int(ln.split()[1])
                elif ln.startswith("DWIDTH"):
                    dw = int(ln.split()[1])
                elif ln.startswith("BBX"):
                    bbx = [int(v) for v in ln.split()[1:]]
                elif ln == "BITMAP":
                    i += 1
                    while not lines[i].startswith("ENDCHAR"):
                        rows.append(int(lines[i], 16) << (32 - 4 * len(lines[i])))
                        i += 1
                    break
                i += 1
            if enc >= 0:
                glyphs[enc] = (bbx, dw or bbx[0], rows)
        i += 1
    return props, glyphs


def _metric(bbx: list[int], dwidth: int) -> bytes:
    w, h, x, y = bbx
    return struct.pack(">5hH", x, x + w, dwidth, h + y, -y, 0)


def _table(fmt: int, body: bytes) -> bytes:
    data = struct.pack("<I", fmt) + body
    return data + b"\0" * (-len(data) % 4)


def pcf(props: dict, glyphs: dict) -> bytes:
    """The PCF file of ``glyphs`` (see read_bdf)."""
    codes = sorted(glyphs)
    # properties: name offset, is-string, value (string offset or int)
    strings = b""
    entries = b""

    def s(text: str) -> int:
        nonlocal strings
        off = len(strings)
        strings += text.encode() + b"\0"
        return off

    keep = [k for k in ("FAMILY_NAME", "COPYRIGHT", "NOTICE", "FONT_ASCENT", "FONT_DESCENT",
                        "PIXEL_SIZE", "SPACING") if k in props]
    for k in keep:
        v = props[k]
        entries += struct.pack(">IBI", s(k), isinstance(v, str), s(v) if isinstance(v, str) else v)
    body = struct.pack(">I", len(keep)) + entries
    body += b"\0" * (-(len(body) + 4) % 4) + struct.pack(">I", len(strings)) + strings
    t_props = _table(MSB, body)

    metrics = [_metric(glyphs[c][0], glyphs[c][1]) for c in codes]
    t_metrics = _table(MSB, struct.pack(">I", len(codes)) + b"".join(metrics))

    lo = min(b[2] for b, _, _ in glyphs.values())
    hi = max(b[2] + b[0] for b, _, _ in glyphs.values())
    up = max(b[1] + b[3] for b, _, _ in glyphs.values())
    down = max(-b[3] for b, _, _ in glyphs.values())
    width = max(d for _, d, _ in glyphs.values())
    bounds = struct.pack(">5hH", lo, lo, width, 0, 0, 0) + struct.pack(">5hH", hi, hi, width,
                                                                        up, down, 0)
    ascent = props.get("FONT_ASCENT", up)
    descent = props.get("FONT_DESCENT", down)
    fixed = len({(tuple(b), d) for b, d, _ in glyphs.values()}) == 1
    t_accel = _table(MSB, struct.pack(">8B3I", 1, fixed, 0, fixed, 0, 0, 0, 0, ascent, descent,
                                      0) + bounds)

    first, last = min(codes), max(codes)
    index = [0xFFFF] * (last - first + 1)
    for n, c in enumerate(codes):
        index[c - first] = n
    default = props.get("DEFAULT_CHAR", ord("?"))
    default = default if default in glyphs else ord("?")
    t_enc = _table(MSB, struct.pack(">5h", first, last, 0, 0, default)
                   + struct.pack(">%dH" % len(index), *index))

    offsets = []
    data = b""
    for c in codes:
        offsets.append(len(data))
        for row in glyphs[c][2]:
            data += struct.pack(">I", row & 0xFFFFFFFF)
    sizes = struct.pack(">4I", len(data), len(data), len(data), len(data))
    t_bits = _table(BITMAP_FORMAT, struct.pack(">I", len(codes))
                    + struct.pack(">%dI" % len(codes), *offsets) + sizes + data)

    tables = [(PROPERTIES, MSB, t_props), (BDF_ACCELERATORS, MSB, t_accel),
              (METRICS, MSB, t_metrics), (BITMAPS, BITMAP_FORMAT, t_bits),
              (BDF_ENCODINGS, MSB, t_enc)]
    tables.sort()
    head = b"\x01fcp" + struct.pack("<I", len(tables))
    off = len(head) + 16 * len(tables)
    toc = b""
    for kind, fmt, t in tables:
        toc += struct.pack("<IIII", kind, fmt, len(t), off)
        off += len(t)
    return head + toc + b"".join(t for _, _, t in tables)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    props, glyphs = read_bdf(SRC)
    data = pcf(props, {c: g for c, g in glyphs.items() if 32 <= c < 127})
    if "--check" in argv:
        ok = OUT.is_file() and OUT.read_bytes() == data
        print("%s %s" % (OUT.relative_to(ROOT), "up to date" if ok else "OUT OF DATE"))
        return 0 if ok else 1
    OUT.write_bytes(data)
    lic = OUT.with_name(OUT.name + ".license")
    lic.write_text((SRC.with_name(SRC.name + ".license")).read_text())
    print("wrote %s (%d bytes, %d glyphs)" % (OUT.relative_to(ROOT), len(data), len(glyphs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
