"""The error screen: built from almost nothing (uno.app.loading's ``show``, as the first
screen at power-on), a few hundred bytes, so it still appears after a MemoryError. Loaded only
when something fails: its code and names stay out of a program that runs well. The shells
(code.py, host_sim) catch ``Exception`` only, so Ctrl-C and SystemExit still end a run.
"""

import gc

from micropython import const

from uno.app.input import A
from uno.app.loading import show
from uno.view.layout import COLS, ROWS

_ERR_BG = const(0x701010)


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
    """'file.py line N in function' of the innermost frame of a formatted traceback (its
    names made the source's by ``real_names``), or ''. Code compiled without line numbers
    (``tools/bundle/bundle.py --lean``) says line 1 everywhere: then only the file and the
    function."""
    i = text.rfind('File "')
    if i < 0:
        return ""
    j = text.find('"', i + 6)
    name = text[i + 6:j]
    out = name[name.rfind("/") + 1:]
    end = text.find("\n", j)
    rest = text[j + 1:] if end < 0 else text[j + 1:end]
    k = rest.find("line ")
    if k >= 0:
        e = k + 5
        while e < len(rest) and "0" <= rest[e] <= "9":
            e += 1
        if rest[k + 5:e] not in ("", "1"):
            out += " line " + rest[k + 5:e]
    k = rest.find(", in ")
    if k >= 0 and rest[k + 5:].strip() not in ("", "<module>"):
        out += " in " + rest[k + 5:].strip()
    return out


def _frame_name(line):
    """The function a traceback's line names ('  File "f", line 3, in NAME'), or ''."""
    k = line.rfind(", in ")
    return line[k + 5:].strip() if k >= 0 and line.lstrip().startswith('File "') else ""


def real_names(text, path="names.map"):
    """``text``, a formatted traceback or an exception's message, with every frame's function
    and every name its messages quote ("'Game' object has no attribute 'apply'") named as in
    the source. The badge's bundle renames the game's names to names its firmware holds (its
    heap budget needs the room, docs/BADGE.md) and writes their map beside code.py, lines
    "new old" (tools/bundle/shortnames.py). The map is read only here, a line at a time,
    keeping the few names the text holds: all of it (some 550 names) would take more heap than
    a MemoryError leaves. Module and file names need none: the bundle keeps them. ``text`` as
    it is without a map (the PC, a bundle built with --long-names) or the room to read it."""
    try:
        want = {}
        lines = text.split("\n")
        for line in lines:
            name = _frame_name(line)
            if name:
                want[name] = name
            else:
                parts = line.split("'")
                for i in range(1, len(parts), 2):
                    want[parts[i]] = parts[i]
        if not want:
            return text
        with open(path) as f:
            for line in f:
                i = line.find(" ")
                if line[:i] in want:
                    want[line[:i]] = line[i + 1:].strip()
        out = []
        for line in lines:
            name = _frame_name(line)
            if name:
                line = line[:line.rfind(", in ") + 5] + want[name]
            else:
                parts = line.split("'")
                for i in range(1, len(parts), 2):
                    parts[i] = want[parts[i]]
                line = "'".join(parts)
            out.append(line)
        return "\n".join(out)
    except Exception:  # noqa: BLE001 - no map, no room to read it: the error screen goes on
        return text


def wrap(text, cols=COLS):
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
    if not plain and "'" in msg:
        msg = real_names(msg)
    if not plain:
        msg = type(exc).__name__ + (": " + msg if msg else "")
    body = wrap(msg)
    tail = []
    loc = "" if plain else where(text)
    if loc:
        tail.extend(wrap("at " + loc))
    if saved is not None:
        tail.append("Game saved." if saved else "Could not save the game.")
    room = ROWS - 3 - len(tail)  # title, a blank line, the restart line
    if len(body) > room:
        body = body[:room]
        body[-1] = body[-1][:COLS - 3] + "..."
    return ["UNO stopped:"] + body + tail + [""] * (room - len(body) + 1) + [restart]


def fail(exc, display, app=None, font=None, restart="A: restart", saved=None):
    """After an unexpected exception: save what can be saved (``app.emergency_save`` when the
    app has one; code.py saves before it drops the app and passes ``saved``), print the
    traceback to the console with the source's names (``real_names``), show the error screen.
    Returns its lines. Never raises an Exception itself."""
    gc.collect()  # the failed step's garbage: after a MemoryError even a lookup allocates
    saved = _save(app, saved)
    text = real_names(trace_text(exc))
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
            show(display, attempt, font, _ERR_BG)
            return attempt
        except Exception:  # noqa: BLE001
            gc.collect()
    return lines


def _save(app, saved):
    """The app's last save point written (``app.emergency_save``) if it has one: True when
    written, False when it failed, else ``saved`` as given."""
    try:
        save = getattr(app, "emergency_save", None)
        if save is not None:
            saved = False
            save()
            saved = True
    except Exception:  # noqa: BLE001 - the screen matters more than the save
        pass
    return saved


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
    saved = _save(app, None)
    app = None  # the table and its sheets go (the font stays): room for the screen
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
