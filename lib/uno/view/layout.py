"""Layout of the 160x128 screen, colours and sprite-sheet tile numbers.

Mirrors tools/make_sprites.py (the sheets) and docs/APP.md (the picture). Coordinates are
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
CARD_W = const(19)  # tile width: an 18 px card and a transparent column
CARD_H = const(28)
TILE_W_CARD = const(52)  # first wild tile; coloured cards are colour * 13 + kind
TILE_BACK = const(54)
TILE_BLANK = const(55)
ICON = const(11)
ICON_BLANK = const(4)
ICON_ARROW = const(5)
ICON_LEFT = const(6)
ICON_RIGHT = const(7)
ICON_BACK = const(8)
ICON_RING = const(9)
FONT_W = const(6)
FONT_H = const(12)
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


def card_tile(card):
    """Tile of ``card`` (colour << 4 | kind) in cards.bmp; -1 shows a blank slot."""
    if card < 0:
        return TILE_BLANK
    k = card & 15
    if k >= 13:
        return TILE_W_CARD + k - 13
    return (card >> 4) * 13 + k
