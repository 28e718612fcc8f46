"""The first screen at power-on (code.py, before the sprite sheets load), and the drawing the
error screen (uno.app.crash) shares with it: one TileGrid over a 6x12 ASCII sheet (the game's
own sprites/font.bmp when it is loaded, else terminalio.FONT), a two-colour palette and a
Group. Loaded for the first screen and dropped: the error screen's code and names come in only
when something fails."""

import gc

from uno.view.layout import COLS, INK, ROWS, TABLE


def _sheet(font, builtin=True):
    """(bitmap, tile of ' ', tile function) of a 6x12 ASCII sheet, or None."""
    if font is not None:
        return font, 0, None
    if not builtin:
        return None
    import displayio
    import terminalio

    f = terminalio.FONT
    sheet = f.bitmap
    # Blinka's terminalio (the PC) keeps each glyph apart: no sheet to tile
    if not isinstance(sheet, displayio.Bitmap) or f.get_bounding_box()[:2] != (6, 12):
        return None
    return sheet, f.get_glyph(32).tile_index, f.get_glyph  # type: ignore[attr-defined]


def show(display, lines, font, bg, builtin=True):
    """Make ``lines`` the whole screen (26 x 10 characters, white on ``bg``) and refresh.
    ``font``: the game's 6x12 font sheet (tile = character code - 32), or None for
    terminalio.FONT (unless ``builtin`` is False); with neither, the screen is only ``bg``."""
    import displayio

    display.root_group = None  # release the old tree's hold before allocating
    gc.collect()
    group = displayio.Group()
    pal = displayio.Palette(2)
    pal[0] = bg
    pal[1] = INK
    back = displayio.Bitmap(16, 16, 1)  # 32 bytes, tiled 10 x 8
    group.append(displayio.TileGrid(back, pixel_shader=pal, width=10, height=8,
                                    tile_width=16, tile_height=16))
    found = _sheet(font, builtin)
    if found is not None:
        sheet, space, glyph = found
        grid = displayio.TileGrid(sheet, pixel_shader=pal, width=COLS, height=ROWS,
                                  tile_width=6, tile_height=12, default_tile=space, x=2, y=4)
        for r in range(min(len(lines), ROWS)):
            line = lines[r]
            for c in range(min(len(line), COLS)):
                code = ord(line[c])
                if glyph is not None:
                    g = glyph(code) or glyph(63)
                    grid[c, r] = g.tile_index
                else:
                    grid[c, r] = code - 32 if 32 <= code < 127 else 31
        group.append(grid)
    display.root_group = group
    display.refresh()
    return group


def loading(display, font=None):
    """The first thing on the screen at power-on, before the sprite sheets load: the felt
    colour (with ``font``, "UNO loading..."). Not terminalio: the game needs every byte of
    heap, and its loaded modules stay in RAM."""
    return show(display, ["", "", "", "", "           UNO", "", "        loading..."], font,
                bg=TABLE, builtin=False)
