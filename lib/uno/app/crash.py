"""The first screen at power-on and the error screen: built from almost nothing.

Both use one TileGrid over a 6x12 ASCII sheet (the game's own sprites/font.bmp when it is
loaded, else terminalio.FONT), a two-colour palette and a Group: a few hundred bytes, so the
error screen still appears after a MemoryError. The shells (code.py, host_sim) catch
``Exception`` only, so Ctrl-C and SystemExit still end a run.
"""

import gc

from micropython import const

from uno.app.input import A

_COLS = const(26)  # 160 // 6
_ROWS = const(10)  # 128 // 12
_BG = const(0x102A48)  # the felt (layout.TABLE): the loading screen leads into the table
_ERR_BG = const(0x701010)
_FG = const(0xFFFFFF)


def trace_text(exc):
    """The traceback as the console prints it ('' where this runtime cannot format one)."""
    try:
        import traceback

        try:
            t = traceback.format_exception(exc)
        except TypeError:  # CPython before 3.10 wants (type, value, tb)
            t = traceback.format_exception(type(exc), exc, exc.__traceback__)
        return "".join(t)
    except Exception:  # noqa: BLE001 - no traceback module (MicroPython), or no memory
        pass
    try:
        import io
        import sys

        buf = io.StringIO()
        sys.print_exception(exc, buf)  # type: ignore[attr-defined]
        return buf.getvalue()
    except Exception:  # noqa: BLE001
        return ""


def where(text):
    """'file.py line N' of the innermost frame of a formatted traceback, or ''."""
    i = text.rfind('File "')
    if i < 0:
        return ""
    j = text.find('"', i + 6)
    name = text[i + 6:j]
    name = name[name.rfind("/") + 1:]
    k = text.find("line ", j)
    if k < 0:
        return name
    e = k + 5
    while e < len(text) and "0" <= text[e] <= "9":
        e += 1
    return name + " line " + text[k + 5:e]


def wrap(text, cols=_COLS):
    """``text`` as lines of at most ``cols`` characters, broken at spaces where it can."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > cols:  # a path or a long name: cut it
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line += " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def lines_for(exc, text="", saved=None, restart="A: restart"):
    """The error screen's lines: what happened, where, whether the game was saved, and how to
    go on. A missing or damaged sprite sheet shows only its own message (no code location)."""
    from uno.view.bmp import SpriteError

    plain = isinstance(exc, SpriteError)
    msg = str(exc)
    if not plain:
        msg = type(exc).__name__ + (": " + msg if msg else "")
    body = wrap(msg)
    tail = []
    loc = "" if plain else where(text)
    if loc:
        tail.extend(wrap("at " + loc))
    if saved is not None:
        tail.append("Game saved." if saved else "Could not save the game.")
    room = _ROWS - 3 - len(tail)  # title, a blank line, the restart line
    if len(body) > room:
        body = body[:room]
        body[-1] = body[-1][:_COLS - 3] + "..."
    return ["UNO stopped:"] + body + tail + [""] * (room - len(body) + 1) + [restart]


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


def show(display, lines, font=None, bg=_ERR_BG, builtin=True):
    """Make ``lines`` the whole screen (26 x 10 characters) and refresh. ``font``: the game's
    6x12 font sheet (tile = character code - 32), or None for terminalio.FONT (unless
    ``builtin`` is False); with neither, the screen is only the background colour."""
    import displayio

    display.root_group = None  # release the old tree's hold before allocating
    gc.collect()
    group = displayio.Group()
    pal = displayio.Palette(2)
    pal[0] = bg
    pal[1] = _FG
    back = displayio.Bitmap(16, 16, 1)  # 32 bytes, tiled 10 x 8
    group.append(displayio.TileGrid(back, pixel_shader=pal, width=10, height=8,
                                    tile_width=16, tile_height=16))
    found = _sheet(font, builtin)
    if found is not None:
        sheet, space, glyph = found
        grid = displayio.TileGrid(sheet, pixel_shader=pal, width=_COLS, height=_ROWS,
                                  tile_width=6, tile_height=12, default_tile=space, x=2, y=4)
        for r in range(min(len(lines), _ROWS)):
            line = lines[r]
            for c in range(min(len(line), _COLS)):
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
                bg=_BG, builtin=False)


def fail(exc, display, app=None, font=None, restart="A: restart", saved=None):
    """After an unexpected exception: save what can be saved (``app.emergency_save`` when the
    app has one; code.py saves before it drops the app and passes ``saved``), print the
    traceback to the console, show the error screen. Returns its lines. Never raises an
    Exception itself."""
    gc.collect()  # the failed step's garbage: after a MemoryError even a lookup allocates
    try:
        save = getattr(app, "emergency_save", None)
        if save is not None:
            saved = False
            save()
            saved = True
    except Exception:  # noqa: BLE001 - the screen matters more than the save
        pass
    text = trace_text(exc)
    try:
        print(text if text else "%s: %s" % (type(exc).__name__, exc))
    except Exception:  # noqa: BLE001 - no console (or no memory for the string)
        pass
    lines = ["UNO stopped:", type(exc).__name__, "", restart]
    try:
        lines = lines_for(exc, text, saved, restart)
    except Exception:  # noqa: BLE001 - the short form still says what and how to go on
        pass
    for attempt in (lines, ["UNO stopped.", restart]):
        try:
            show(display, attempt, font)
            return attempt
        except Exception:  # noqa: BLE001
            gc.collect()
    return lines


def recover(exc, box):
    """code.py after an unexpected exception: the last save point written (the app's
    ``emergency_save``), the app and its display tree let go, the error screen lit, then A
    reloads. ``box``: [hw, app, font], None where start-up did not get that far; emptied here.
    False, at once after the screen, when there is no hardware to read A from."""
    import board

    hw, app, font = box
    box[:] = []
    board.DISPLAY.root_group = None
    gc.collect()  # the failed step's garbage: after a MemoryError even a lookup allocates
    saved = None
    try:
        save = getattr(app, "emergency_save", None)
        if save is not None:
            saved = False
            save()
            saved = True
    except Exception:  # noqa: BLE001 - the screen matters more than the save
        pass
    app = save = None  # the table and its sheets go (the font stays): room for the screen
    gc.collect()
    if hw is not None:
        try:  # an error while the screen is dark must be seen, and its keys read
            hw.backlight(8)
        except Exception:  # noqa: BLE001
            pass
    fail(exc, board.DISPLAY, None, font, "A: restart" if hw else "Press RESET", saved)
    if hw is None:
        return False
    wait_restart(hw)
    return True


def wait_restart(hw):
    """On the badge: wait for A, then reload code.py (CircuitPython's soft restart)."""
    import supervisor

    while not hw.poll() & A:
        hw.refresh()  # nothing is dirty: cheap; the frame clock goes on as in the game
        hw.wait_frame()
    supervisor.reload()
