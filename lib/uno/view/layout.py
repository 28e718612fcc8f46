"""Layout of the 160x128 screen, colours and sprite-sheet tile numbers.

Mirrors tools/bundle/make_sprites.py (the sheets) and docs/APP.md (the picture). Coordinates are
pixels from the top-left corner.
"""

from micropython import const


WIDTH = const(160)
HEIGHT = const(128)

# Shared card/icon palette (index: colour), as in the sprite sheets; 0 is transparent.
CARD_COLOURS = (
    0xFF00FF, 0x000000, 0xFFFFFF, 0xE02828, 0xF5D000, 0x1FA83C, 0x1E64E6, 0x303030,
    0xB0B0B0, 0x9E1010, 0x102A48, 0, 0, 0, 0, 0,
)
TABLE = const(0x102A48)  # the felt
BAR = const(0x000000)  # message bar background
INK = const(0xFFFFFF)
DIM = const(0x8090A0)
HILITE = const(0xF5D000)
PANEL = const(0x202020)
COLOUR_RGB = (0xE02828, 0xF5D000, 0x1FA83C, 0x1E64E6)  # RED YELLOW GREEN BLUE (core numbers)

# Sprite sheets (sprites/*.bmp).
CARD_W = const(19)  # a card's pitch: the sheet's 18 px card and a column of felt
CARD_H = const(28)
CARD_BACK = const(0x4F)  # a face-down card for the view: kind 15, face 28 after the wilds
# cards.bmp is coloured by palette (tools/bundle/make_sprites.py writes these two): a coloured
# card's pixels are classes whose colour depends on the card's colour; byte i gives class i's role
# for red, yellow, green, blue in bits 0-1, 2-3, 4-5, 6-7: 0 transparent, 1 black, 2 white,
# 3 the card's colour. The sheet's tiles are 18x7, a quarter of a card, every distinct band
# once: face f ((colour >> 1) * 13 + kind, 26 W, 27 W+4, 28 back) is the tiles
# CARD_TILES[4f:4f + 4] top to bottom, in a 1x4 TileGrid.
CARD_ROLES = (
    b"\x00\x55\xaa\xff\xdd\xe6\x6e\x07\x09"
)
CARD_TILES = (
    b"\x00\x01\x02\x03\x00\x04\x05\x06\x00\x01\x07\x08\x00\x09\x0a\x03\x00\x0b\x0c\x0d\x00\x0e"
    b"\x0f\x03\x00\x10\x11\x03\x00\x12\x13\x14\x00\x01\x15\x03\x00\x01\x16\x17\x00\x18\x19\x1a"
    b"\x00\x1b\x1c\x1d\x00\x1e\x1f\x20\x21\x22\x02\x03\x21\x23\x05\x06\x21\x22\x07\x08\x21\x24"
    b"\x0a\x03\x21\x25\x0c\x0d\x21\x26\x0f\x03\x21\x27\x11\x03\x21\x28\x13\x14\x21\x22\x15\x03"
    b"\x21\x22\x16\x17\x21\x29\x19\x1a\x21\x2a\x1c\x1d\x21\x2b\x1f\x20\x2c\x2d\x2e\x2f\x30\x31"
    b"\x32\x33\x34\x35\x36\x37"
)
ICON = const(11)
ICON_BLANK = const(4)
ICON_ARROW = const(5)
ICON_LEFT = const(6)
ICON_RIGHT = const(7)
ICON_BACK = const(8)
ICON_RING = const(9)
FONT_W = const(6)
FONT_H = const(12)
COLS = const(WIDTH // FONT_W)  # text cells across the screen (26)
ROWS = const(HEIGHT // FONT_H)  # and down it (10)
GLYPH_LEFT = const(95)
GLYPH_RIGHT = const(96)
GLYPH_UP = const(97)
GLYPH_DOWN = const(98)
GLYPH_BLOCK = const(99)
GLYPH_CARDS = const(100)  # written before a card count: "<cards>7"
GLYPHS = const(101)  # tiles in font.bmp

# The table.
HAND_X = const(4)
HAND_Y = const(82)
HAND_SLOTS = const(8)
ARROW_Y = const(72)
SCROLL_Y = const(90)
DISCARD_X = const(55)
DISCARD_Y = const(15)
FRAME_X = const(51)
FRAME_Y = const(12)
FRAME_W = const(44)
FRAME_H = const(62)
FRAME_T = const(3)
MARK_X = const(102)  # the active colour's mark, under the draw pile and its count
MARK_Y = const(57)
PILE_X = const(99)
PILE_Y = const(14)
MSG_Y = const(115)
TOP_COLS = const(13)  # each half of the top bar: you (left), the seat across (right)
ONE_RED = const(0xC01010)  # the message bar during the ONE! banner
MSG_COLS = const(26)
LEFT_X = const(2)
RIGHT_X = const(120)
PANEL_Y = const(16)

