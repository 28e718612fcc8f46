#!/usr/bin/env python3
"""Make the indexed-colour BMP sprite sheets in sprites/ (run on the PC; Pillow).

    python tools/bundle/make_sprites.py          # writes sprites/*.bmp
    python tools/bundle/make_sprites.py --check  # exit 1 if a committed sheet differs

Sheets (layout constants are mirrored in lib/uno/view/layout.py):
- cards.bmp  18x7 px tiles in one row, each a quarter (a band of 7 rows) of a card,
             every distinct band once. 29 faces: (colour >> 1) * 13 + kind for coloured
             cards (red and yellow share one set, green and blue the other), 26 W, 27 W+4,
             28 back; face f is tiles CARD_TILES[4f:4f + 4] top to bottom, shown by a 1x4
             TileGrid. Each coloured card has its colour's shape mark (colour-blind play):
             red circle, yellow triangle, green square, blue diamond. A coloured card's
             pixels are not colours but classes: 0 transparent, 1 black, 2 white, 3 the
             card's colour, then the mark's pixels that are black, white or the card's colour
             depending on the colour (18 classes for four colours, more than 4 bits hold,
             hence two sets). The device makes one palette per colour from CARD_ROLES; wilds
             and the back use the shared palette. CARD_ROLES and CARD_TILES are written into
             lib/uno/view/layout.py here. All is made from make_faces(), every card in full
             colour: the picture the screen must show (tests compare the two).
- icons.bmp  tiles of 11x11 px: 0-3 the four colour marks in colour, 4 blank, 5 the hand
             arrow, 6/7 scroll marks (more cards left/right), 8 a small card back,
             9 a white ring (the colour picker's cursor, drawn round a mark).
- font.bmp   tiles of 6x12 px, ASCII 32..126 (tile = code - 32) from Terminus 12
             (fonts/ter-u12n-ascii.bdf, SIL OFL 1.1), then extra glyphs: 95 left triangle,
             96 right triangle, 97 up, 98 down, 99 full block, 100 two cards
             (written before a card count).
The sheets' files carry one 16-entry palette (PALETTE below, index 0 transparent) except the
font, which is 1 bit (0 background, 1 ink); in cards.bmp it is right for the wilds and back only.
"""

import os
import re
import sys

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "sprites")

# index: colour (the device builds the same palette from lib/uno/view/layout.py)
PALETTE = [
    0xFF00FF,  # 0 transparent (shown magenta in an image viewer)
    0x000000,  # 1 black
    0xFFFFFF,  # 2 white
    0xE02828,  # 3 red
    0xF5D000,  # 4 yellow
    0x1FA83C,  # 5 green
    0x1E64E6,  # 6 blue
    0x303030,  # 7 dark grey
    0xB0B0B0,  # 8 light grey
    0x9E1010,  # 9 dark red (card back)
    0x102A48,  # 10 table
    0x000000, 0x000000, 0x000000, 0x000000, 0x000000,
]
T, K, WH, R, Y, G, B, DG, LG, DR = range(10)
COLOUR_INDEX = (R, Y, G, B)

CARD_W, CARD_H, TILE_W = 18, 28, 19
LAYOUT = os.path.join(ROOT, "lib", "uno", "view", "layout.py")
# roles of a coloured card's pixel (2 bits each in CARD_ROLES): CARD_COLOURS index, or the card's
ROLE_T, ROLE_K, ROLE_WH, ROLE_C = 0, 1, 2, 3
ICON = 11

DIGITS = {
    "0": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
    "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
    "3": ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
    "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
    "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
    "6": ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
    "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
    "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
    "9": [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
    "W": ["#...#", "#...#", "#...#", "#.#.#", "#.#.#", "##.##", "#...#"],
}
TINY = {  # 3x5 letters for the card back
    "U": ["#.#", "#.#", "#.#", "#.#", "###"],
    "N": ["##.", "#.#", "#.#", "#.#", "#.#"],
    "O": ["###", "#.#", "#.#", "#.#", "###"],
}
# Reverse: an up arrow and a down arrow side by side, offset like the real card's pair;
# heads wider than the shafts and a dark gap between, so at 1x it reads as neither Z nor 2.
REVERSE_ART = [
    "...#.......",
    "..###......",
    ".#####.....",
    "#######....",
    "..###......",
    "..###.###..",
    "..###.###..",
    "..###.###..",
    "..###.###..",
    "......###..",
    "....#######",
    ".....#####.",
    "......###..",
    ".......#...",
]


def scaled(rows, sx, sy):
    out = []
    for r in rows:
        line = "".join(ch * sx for ch in r)
        for _ in range(sy):
            out.append(line)
    return out


def skip_art():
    """Skip: a solid disc with a dark bar across it (a no-entry sign); a 0 is an outline
    and the slashed ring of old read as one at 1x."""
    rows = []
    cx, cy = 5.0, 6.5
    for y in range(14):
        line = ""
        for x in range(11):
            dx, dy = x - cx, y - cy
            disc = dx * dx + dy * dy <= 5.4 * 5.4
            bar = abs(dx + dy) <= 1.2
            line += "#" if disc and not bar else "."
        rows.append(line)
    return rows


def plus_digit(d):
    """'+2' / '+4' in 11x14: a 5x5 plus and a 5x14 digit."""
    digit = scaled(DIGITS[d], 1, 2)
    rows = []
    for y in range(14):
        plus = "....."
        if 4 <= y <= 8:
            plus = "#####" if y == 6 else "..#.."
        rows.append(plus + "." + digit[y])
    return rows


def glyph_art(kind):
    if kind <= 9:
        return scaled(DIGITS[str(kind)], 2, 2)
    if kind == 10:
        return skip_art()
    if kind == 11:
        return REVERSE_ART
    if kind == 12:
        return plus_digit("2")
    if kind == 13:
        return scaled(DIGITS["W"], 2, 2)
    return plus_digit("4")


def mark_art(colour, size):
    """A filled shape of ``size`` px: red circle, yellow triangle, green square, blue diamond."""
    rows = []
    c = (size - 1) / 2.0
    for y in range(size):
        line = ""
        for x in range(size):
            dx, dy = x - c, y - c
            if colour == 0:
                on = dx * dx + dy * dy <= (c + 0.45) ** 2
            elif colour == 1:
                # apex up: half-width grows from 0 at the top to c at the bottom
                on = abs(dx) <= (y + 0.5) / size * (c + 0.5)
            elif colour == 2:
                on = True
            else:
                on = abs(dx) + abs(dy) <= c + 0.3
            line += "#" if on else "."
        rows.append(line)
    return rows


class Sheet:
    def __init__(self, cols, rows, tw, th):
        self.tw, self.th = tw, th
        self.img = Image.new("P", (cols * tw, rows * th), 0)
        pal = []
        for c in PALETTE:
            pal += [(c >> 16) & 255, (c >> 8) & 255, c & 255]
        self.img.putpalette(pal + [0] * (768 - len(pal)))
        self.cols = cols

    def origin(self, tile):
        return (tile % self.cols) * self.tw, (tile // self.cols) * self.th

    def px(self, tile, x, y, v):
        ox, oy = self.origin(tile)
        self.img.putpixel((ox + x, oy + y), v)

    def get(self, tile, x, y):
        ox, oy = self.origin(tile)
        return self.img.getpixel((ox + x, oy + y))

    def art(self, tile, x0, y0, rows, v, outline=None):
        pts = set()
        for y, r in enumerate(rows):
            for x, ch in enumerate(r):
                if ch == "#":
                    pts.add((x0 + x, y0 + y))
        if outline is not None:
            for (x, y) in pts:
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        q = (x + dx, y + dy)
                        if q not in pts and 0 <= q[0] < self.tw and 0 <= q[1] < self.th:
                            self.px(tile, q[0], q[1], outline)
        for (x, y) in pts:
            self.px(tile, x, y, v)


def card_body(s, tile, fill):
    for y in range(CARD_H):
        for x in range(CARD_W):
            edge = x in (0, CARD_W - 1) or y in (0, CARD_H - 1)
            corner = x in (0, CARD_W - 1) and y in (0, CARD_H - 1)
            if corner:
                continue
            s.px(tile, x, y, K if edge else fill)
    # rounder corners: the pixel diagonal inside each corner is border too
    for (x, y) in ((1, 1), (CARD_W - 2, 1), (1, CARD_H - 2), (CARD_W - 2, CARD_H - 2)):
        s.px(tile, x, y, K)


def make_faces():
    """Every card in full colour, 8x7 tiles of 19x28: colour*13 + kind, 52 W, 53 W+4, 54 back
    (the full-colour sheet before the palette one: the picture cards.bmp must give, pixel for
    pixel)."""
    s = Sheet(8, 7, TILE_W, CARD_H)
    for colour in range(4):
        for kind in range(13):
            t = colour * 13 + kind
            card_body(s, t, COLOUR_INDEX[colour])
            s.art(t, 2, 2, mark_art(colour, 7), WH, outline=K)
            s.art(t, 3 if kind in (10, 11, 12, 14) else 4, 11, glyph_art(kind), WH, outline=K)
    for t, kind in ((52, 13), (53, 14)):
        card_body(s, t, K)
        # four colour quadrants behind the glyph, as on the real wild cards
        for y in range(3, CARD_H - 3):
            for x in range(3, CARD_W - 3):
                q = (1 if x >= CARD_W // 2 else 0) + (2 if y >= CARD_H // 2 else 0)
                s.px(t, x, y, (R, Y, B, G)[q])
        s.art(t, 3 if kind == 14 else 4, 7, glyph_art(kind), WH, outline=K)
    card_body(s, 54, K)
    cx, cy = (CARD_W - 1) / 2.0, (CARD_H - 1) / 2.0
    for y in range(2, CARD_H - 2):
        for x in range(2, CARD_W - 2):
            dx, dy = (x - cx) / 6.6, (y - cy) / 11.5
            if dx * dx + dy * dy <= 1.0:
                s.px(54, x, y, DR)
    x = 3
    for ch in "UNO":
        s.art(54, x, 11, TINY[ch], Y, outline=K)
        x += 4
    return s


BAND = 7  # rows per tile: 4 tiles a card, which CircuitPython keeps inside the TileGrid


def make_cards():
    """(sheet, roles, tiles): cards.bmp from make_faces(), its CARD_ROLES bytes (byte i holds
    the role of class i for red, yellow, green, blue in bits 0-1, 2-3, 4-5, 6-7) and its
    CARD_TILES bytes (face f's bands are tiles 4f..4f+3)."""
    faces = make_faces()
    s = Sheet(29, 1, CARD_W, CARD_H)  # the 29 faces, whole
    # per set of two colours: (role of the first, role of the second) -> class; the uniform
    # ones first, so classes 0-3 are transparent, black, white, the card's colour
    sets = [{(r, r): r for r in range(4)} for _ in range(2)]
    for colour in range(4):
        keys = sets[colour >> 1]
        other = colour ^ 1
        for kind in range(13):
            t = (colour >> 1) * 13 + kind
            for y in range(CARD_H):
                for x in range(CARD_W):
                    pair = [role(faces.get(c * 13 + kind, x, y), c) for c in (colour, other)]
                    if colour & 1:
                        pair.reverse()
                    key = tuple(pair)
                    if key not in keys:
                        keys[key] = len(keys)
                    s.px(t, x, y, keys[key])
    n = max(len(k) for k in sets)
    assert n <= 16, "a set of cards needs more classes than 4 bits hold"
    roles = bytearray(n)
    for g, keys in enumerate(sets):
        for (ra, rb), i in keys.items():
            roles[i] |= (ra | rb << 2) << (4 * g)
    for t in range(3):  # W, W+4, back: the shared palette's colours
        for y in range(CARD_H):
            for x in range(CARD_W):
                s.px(26 + t, x, y, faces.get(52 + t, x, y))
    # cut into bands, each distinct band once (the mark's bands by set, the glyph's by kind)
    bands = {}
    tiles = bytearray()
    for f in range(29):
        for b in range(CARD_H // BAND):
            key = tuple(s.get(f, x, b * BAND + y) for y in range(BAND) for x in range(CARD_W))
            if key not in bands:
                bands[key] = len(bands)
            tiles.append(bands[key])
    assert len(bands) < 256
    out = Sheet(len(bands), 1, CARD_W, BAND)
    for key, t in bands.items():
        for i, v in enumerate(key):
            out.px(t, i % CARD_W, i // CARD_W, v)
    return out, bytes(roles), bytes(tiles)


def role(v, colour):
    """The role of palette index ``v`` on a card of ``colour``."""
    if v == COLOUR_INDEX[colour]:
        return ROLE_C
    assert v in (T, K, WH), "a coloured card shows only its colour, black and white"
    return (ROLE_T, ROLE_K, ROLE_WH)[v]


def bytes_line(name, data):
    """``name = (b"..." ...)``: ``data`` as a bytes literal, 22 bytes a line."""
    rows = ["    b\"%s\"\n" % "".join("\\x%02x" % b for b in data[i:i + 22])
            for i in range(0, len(data), 22)]
    return "%s = (\n%s)\n" % (name, "".join(rows))


def make_icons():
    s = Sheet(10, 1, ICON, ICON)
    for c in range(4):
        s.art(c, 1, 1, mark_art(c, 9), COLOUR_INDEX[c], outline=K)
    arrow = ["#########", ".#######.", "..#####..", "...###...", "....#...."]
    s.art(5, 1, 3, arrow, WH, outline=K)
    left = ["...#", "..##", ".###", "####", ".###", "..##", "...#"]
    s.art(6, 0, 2, left, WH)
    s.art(7, ICON - 4, 2, [r[::-1] for r in left], WH)
    for y in range(1, 10):
        for x in range(2, 9):
            edge = x in (2, 8) or y in (1, 9)
            s.px(8, x, y, K if edge else DR)
    for y in range(ICON):
        for x in range(ICON):
            if x in (0, ICON - 1) or y in (0, ICON - 1):
                s.px(9, x, y, WH)
    return s


def read_bdf(path):
    glyphs = {}
    with open(path) as f:
        lines = f.read().splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("STARTCHAR"):
            enc = bbx = None
            rows = []
            i += 1
            while not lines[i].startswith("ENDCHAR"):
                ln = lines[i]
                if ln.startswith("ENCODING"):
                    enc = int(ln.split()[1])
                elif ln.startswith("BBX"):
                    bbx = [int(v) for v in ln.split()[1:]]
                elif ln == "BITMAP":
                    i += 1
                    while not lines[i].startswith("ENDCHAR"):
                        rows.append(int(lines[i], 16))
                        i += 1
                    break
                i += 1
            if enc is not None and 32 <= enc < 127:
                glyphs[enc] = (bbx, rows)
        i += 1
    return glyphs


FONT_EXTRA = [
    ["", "", "...#", "..##", ".###", "####", ".###", "..##", "...#"],  # 95 left
    ["", "", "#...", "##..", "###.", "####", "###.", "##..", "#..."],  # 96 right
    ["", "", "", "..#..", ".###.", "#####", "", "", ""],  # 97 up
    ["", "", "", "#####", ".###.", "..#..", "", "", ""],  # 98 down
    ["######"] * 12,  # 99 block
    # 100 two cards, one behind the other: "cards" before a count, as in "<cards>7"
    # (a solid card in front of an outlined one: not to be read as a 0 or an 8)
    ["", "", "..###", "..#.#", "###.#", "###.#", "###.#", "#####", "###", "###"],
]


def make_font():
    glyphs = read_bdf(os.path.join(ROOT, "fonts", "ter-u12n-ascii.bdf"))
    n = 95 + len(FONT_EXTRA)
    img = Image.new("1", (n * 6, 12), 0)
    for code in range(32, 127):
        bbx, rows = glyphs[code]
        w, h, xo, yo = bbx
        # baseline 2 px above the bottom (FONTBOUNDINGBOX 6 12 0 -2)
        top = 12 - 2 - h - yo
        for r, bits in enumerate(rows):
            for x in range(w):
                if bits & (0x80 >> x):
                    img.putpixel(((code - 32) * 6 + x + xo, top + r), 1)
    for k, art in enumerate(FONT_EXTRA):
        for y, row in enumerate(art):
            for x, ch in enumerate(row):
                if ch == "#":
                    img.putpixel(((95 + k) * 6 + x + 1 if len(row) < 6 else (95 + k) * 6 + x, y), 1)
    return img


def main(argv):
    check = "--check" in argv
    cards, roles, tiles = make_cards()
    sheets = {
        "cards.bmp": cards.img,
        "icons.bmp": make_icons().img,
        "font.bmp": make_font(),
    }
    os.makedirs(OUT, exist_ok=True)
    bad = 0
    for name, img in sheets.items():
        path = os.path.join(OUT, name)
        if check:
            try:
                old = Image.open(path)
                same = old.tobytes() == img.tobytes() and old.size == img.size
            except OSError:
                same = False
            if not same:
                print("differs:", path)
                bad = 1
        else:
            img.save(path)
            print("wrote", path, img.size)
    # the coloured cards' palettes and the faces' tiles, for the device (layout.py)
    with open(LAYOUT) as f:
        text = f.read()
    new = text
    for name, data in (("CARD_ROLES", roles), ("CARD_TILES", tiles)):
        line = bytes_line(name, data)
        old = re.search("^%s = \\(\n(    b\".*\"\n)*\\)\n" % name, new, re.M)
        if old is None:
            print("missing in %s: %s" % (LAYOUT, line))
            bad = 1
        else:
            new = new[:old.start()] + line + new[old.end():]
    if new != text:
        if check:
            print("differs: %s CARD_ROLES / CARD_TILES" % LAYOUT)
            bad = 1
        else:
            with open(LAYOUT, "w") as f:
                f.write(new)
            print("wrote CARD_ROLES, CARD_TILES in", LAYOUT)
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
