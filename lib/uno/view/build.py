"""The display tree's construction (``View``'s), once a program: loaded for it and dropped
after (uno.view.table ``View.__init__``), as CircuitPython keeps a loaded module's code in the
heap: 2.4 KB of bytecode a program long otherwise."""

import displayio

from uno.view import layout as L
from uno.view.parts import Flash, SeatPanel
from uno.view.text import TextGrid

def seat_panel(view, x, y):
    """An opponent's seat panel (uno.view.parts ``SeatPanel``), hidden until a seat sits there."""
    p = SeatPanel()
    p.group = displayio.Group(x=x, y=y)
    p.name = TextGrid(view.font, 6, 1, 0, 0, fg=L.INK, bg=L.TABLE)
    p.icon = displayio.TileGrid(view.icons, pixel_shader=view.pal, tile_width=L.ICON,
                                tile_height=L.ICON, default_tile=L.ICON_BACK, x=0, y=16)
    p.count = TextGrid(view.font, 2, 1, 13, 12, fg=L.INK, scale=2)
    p.score = TextGrid(view.font, 6, 1, 0, 38, fg=L.DIM)
    p.one = TextGrid(view.font, 6, 1, 0, 50, fg=L.HILITE)
    for part in (p.name.group, p.icon, p.count.group, p.score.group, p.one.group):
        p.group.append(part)
    p.group.hidden = True
    p._active = False
    return p


def load_sheets(base):
    """(cards, icons, font) bitmaps from ``base``/sprites, the shared card palette (icons,
    wilds, the card back) and the four coloured cards' palettes (layout.CARD_ROLES).
    The loader (uno.view.bmp) goes once they are read: 1.6 KB of heap a program long."""
    from uno import drop
    from uno.view import bmp

    cards, _ = bmp.load(base + "/sprites/cards.bmp", 16)
    icons, _ = bmp.load(base + "/sprites/icons.bmp", 16)
    font, _ = bmp.load(base + "/sprites/font.bmp", 2)
    # not on a SpriteError: code.py's error screen tells it by the class of this module
    del bmp
    drop("uno.view.bmp")
    pal = displayio.Palette(len(L.CARD_COLOURS))
    for i, c in enumerate(L.CARD_COLOURS):
        pal[i] = c
    pal.make_transparent(0)
    pals = []
    for c in range(4):
        p = displayio.Palette(len(L.CARD_ROLES))
        for i, r in enumerate(L.CARD_ROLES):
            r = r >> 2 * c & 3
            p[i] = L.COLOUR_RGB[c] if r == 3 else L.CARD_COLOURS[r]
            if r == 0:
                p.make_transparent(i)
        pals.append(p)
    return cards, icons, font, pal, pals


def build(v, base, table=True):
    """Build ``v``'s (a View's) display tree from the sprite sheets in ``base``/sprites; its
    table's cards, panels and text only if ``table`` (``build_table``)."""
    v.cards, v.icons, v.font, v.pal, v.card_pals = load_sheets(base)
    root = displayio.Group()
    v.root = root
    # background felt: a 16x16 one-colour bitmap tiled 10x8
    felt = displayio.Bitmap(16, 16, 1)
    fpal = displayio.Palette(1)
    fpal[0] = L.TABLE
    root.append(displayio.TileGrid(felt, pixel_shader=fpal, width=10, height=8,
                                   tile_width=16, tile_height=16))
    # ----- the table ------------------------------------------------------------------
    t = displayio.Group()
    v.table = t
    root.append(t)
    v.hand = None
    if table:
        build_table(v)
    # message bar
    strip = displayio.Bitmap(16, 14, 1)
    spal = displayio.Palette(1)
    spal[0] = L.BAR
    v.bar_pal = spal
    root.append(displayio.TileGrid(strip, pixel_shader=spal, width=10, height=1,
                                   tile_width=16, tile_height=14, y=L.MSG_Y - 1))
    v.msg = TextGrid(v.font, L.MSG_COLS, 1, 2, L.MSG_Y, fg=L.INK, bg=L.BAR)
    root.append(v.msg.group)
    # the ONE! banner is the message bar in red (it says who called)
    v.banner = Flash(spal, v.msg)
    # ----- pop-up panel (colour picker, pause menu), challenge prompt, results page -----
    # Their text and cards are built when they open and let go when they close
    # (uno.view.panels; ``hide_popup``, ``hide_results``): most of a match is played without
    # them, and on the badge a display object is heap. Empty groups keep their places.
    v.popup = displayio.Group(x=14, y=14)
    v.popup.hidden = True
    root.append(v.popup)
    v.popup_text = v.picker_marks = v.picker_icons = None
    v.picker_ring = None
    v.prompt = None  # a TextGrid while the prompt is up
    v.results = displayio.Group()
    v.results.hidden = True
    root.append(v.results)
    v.results_text = v.results_cards = None
    # state mirrors, so unchanged things are not touched: the cards shown (255: none)
    v._hand = bytearray(b"\xff" * L.HAND_SLOTS)
    v._results_cards = bytearray(8)
    v._discard = -2
    v._colour = -1
    v._arrow_x = -1


def build_table(v):
    """The table's cards, seat panels and text in ``v.table``: a match's (the title's program
    and the pages' show none of them: 6-7 KB of their heap on the badge's model)."""
    t = v.table
    # you (and the direction of play in the last cell); the seat across with 4 seats
    v.top_left = TextGrid(v.font, L.TOP_COLS, 1, 2, 0, fg=L.INK, bg=L.TABLE)
    v.top_right = TextGrid(v.font, L.TOP_COLS, 1, 82, 0, fg=L.INK, bg=L.TABLE)
    t.append(v.top_left.group)
    t.append(v.top_right.group)
    # active colour: a frame round the discard pile and the colour's mark above it
    v.frame_pal = displayio.Palette(1)
    v.frame_pal[0] = L.COLOUR_RGB[0]
    hbar = displayio.Bitmap(L.FRAME_W, L.FRAME_T, 1)
    vbar = displayio.Bitmap(L.FRAME_T, L.FRAME_H, 1)
    for bm, x, y in ((hbar, L.FRAME_X, L.FRAME_Y),
                     (hbar, L.FRAME_X, L.FRAME_Y + L.FRAME_H - L.FRAME_T),
                     (vbar, L.FRAME_X, L.FRAME_Y),
                     (vbar, L.FRAME_X + L.FRAME_W - L.FRAME_T, L.FRAME_Y)):
        t.append(displayio.TileGrid(bm, pixel_shader=v.frame_pal, x=x, y=y))
    v.mark = displayio.TileGrid(v.icons, pixel_shader=v.pal, tile_width=L.ICON,
                                   tile_height=L.ICON, x=L.MARK_X, y=L.MARK_Y)
    t.append(v.mark)
    v.discard_group = displayio.Group(x=L.DISCARD_X, y=L.DISCARD_Y, scale=2)
    v.discard = v.card_grid(0, 0)
    v.discard_group.append(v.discard)
    t.append(v.discard_group)
    v.pile = v.card_grid(L.PILE_X, L.PILE_Y, L.CARD_BACK)
    t.append(v.pile)
    v.pile_count = TextGrid(v.font, 4, 1, L.PILE_X - 3, L.PILE_Y + 29, fg=L.DIM)
    t.append(v.pile_count.group)
    v.panels = [seat_panel(v, L.LEFT_X, L.PANEL_Y), seat_panel(v, L.RIGHT_X, L.PANEL_Y)]
    for p in v.panels:
        t.append(p.group)
    # the hand (a grid per card: a grid has one palette), its arrow and its scroll marks
    v.hand = v._card_row(t, L.HAND_X, L.HAND_Y)
    v.arrow = displayio.TileGrid(v.icons, pixel_shader=v.pal, tile_width=L.ICON,
                                    tile_height=L.ICON, default_tile=L.ICON_ARROW,
                                    y=L.ARROW_Y)
    t.append(v.arrow)
    v.more_left = displayio.TileGrid(v.icons, pixel_shader=v.pal, tile_width=L.ICON,
                                        tile_height=L.ICON, default_tile=L.ICON_LEFT,
                                        x=0, y=L.SCROLL_Y)
    v.more_right = displayio.TileGrid(v.icons, pixel_shader=v.pal,
                                         tile_width=L.ICON, tile_height=L.ICON,
                                         default_tile=L.ICON_RIGHT,
                                         x=L.WIDTH - L.ICON, y=L.SCROLL_Y)
    t.append(v.more_left)
    t.append(v.more_right)
    # a card in flight (computer plays and draws)
    v.fly = v.card_grid(0, 0)
    t.append(v.fly)
