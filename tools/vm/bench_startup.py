#!/usr/bin/env python3
"""Start-up on the badge, estimated: instructions to the first visible screen and to the
playable screen, counted by valgrind's callgrind on CircuitPython 10.2.1's 32-bit Unix VM
running code.py (tools/vm/vm_app.py's CIRCUITPY folder and stand-ins), at 100 M instructions per
second for the 120 MHz SAMD51 as tools/ai/bench_ai.py takes.

    nice .venv/bin/python tools/vm/bench_startup.py            # both sprite loaders
    nice .venv/bin/python tools/vm/bench_startup.py --loader c # bitmaptools.readinto only
    nice .venv/bin/python tools/vm/bench_startup.py --loader c --start new  # a match's program
    nice .venv/bin/python tools/vm/bench_startup.py --loads uno.players.search,uno.core.sample

Each figure is a run's count less a run that stops right after the stand-ins are imported
(they are C on the badge). The first visible screen is code.py's first display refresh (the
"loading" screen); the playable screen is the first frame of the match (the first poll of the
keys). Loader ``c``: bitmaptools.readinto as the badge has it; the VM reads the rows as the C
code does, and each pixel stored is counted at ``C_PER_PIXEL`` instructions (the C loop's
switch, shift, mask and displayio_bitmap_write_pixel). Loader ``python``: the Python loop that
runs where bitmaptools is missing (this is what start-up cost before). ``--loads``: what loading
those modules once more costs (each computer search loads the search's code again: the table
lets it go before the play's message, uno.drop_search).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import struct
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a file: the tools package is found from the root
    sys.path.insert(0, str(ROOT))

from tools.vm import vm_app  # noqa: E402

IPS = 100e6  # x86 instructions per second taken for the badge (tools/ai/bench_ai.py)
C_PER_PIXEL = 40
TARGET_FIRST = 0.3
TARGET_PLAYABLE = 1.0  # each program to its first frame (a program switch is a reload)
HEAP_K = 192

_RUNNER = '''
import sys

import bitmaptools
import board

mode, loader, code_file = sys.argv[1], sys.argv[2], sys.argv[3]


def readinto(bitmap, file, bits_per_pixel, element_size=1, reverse_pixels_in_element=False,
             swap_bytes_in_element=False, reverse_rows=False):
    per = element_size * 8
    row = bytearray(element_size * ((bitmap.width * bits_per_pixel + per - 1) // per))
    for _ in range(bitmap.height):
        file.readinto(row)


if loader == "c":
    bitmaptools.readinto = readinto
else:
    import uno.view.bmp

    uno.view.bmp.bitmaptools = None


def first(*args, **kwargs):
    print("@first")
    raise SystemExit(0)


if mode == "first":
    board.DISPLAY.refresh = first
while sys.argv:  # sys.argv cannot be rebound on MicroPython
    sys.argv.pop()
sys.argv.extend(["vm_run.py", "-", "-1" if mode == "base" else "0", "0", "1", "0", code_file])
import vm_run  # noqa: E402,F401  (runs code.py)
'''


PROGRAMS = ("title", "new", "continue", "options", "help", "graph")
# modules imported N times, each let go again by the app's own uno.drop
_LOADS = """
import sys
from uno import drop
names = sys.argv[1].split(",")
for _ in range(int(sys.argv[2])):
    for n in names:
        __import__(n)
        drop(n)
"""


def load_cost(dest: Path, names: str, times: int = 10) -> int:
    """Instructions one more load of the modules ``names`` (comma list) costs on the VM: the
    difference of runs that load them ``times`` + 1 times and once, over ``times``."""
    from tools.vm.budget import _callgrind

    (dest / "load_run.py").write_text(vm_app.script(dest, _LOADS))  # the bundle's names
    cmd, env = vm_app.command(dest, HEAP_K)
    env["UNO_VM_BENCH"] = "1"
    vm = vm_app.vm_argv(cmd)
    runs = [_callgrind(vm + ["load_run.py", names, str(k)], dest, env)[0] for k in (1, times + 1)]
    return (runs[1] - runs[0]) // times if all(runs) else 0


def paused_match(nvm: Path) -> None:
    """The nvm of a badge whose player paused a new match after its deal (the simulator's save
    file is the badge's nvm, byte for byte): what Continue and the pause menu's pages read."""
    import subprocess

    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--seed", "1",
                        "--seats", "human,normal", "--nvm", str(nvm), "--quiet",
                        "--keys", "A WAIT:30 START"], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, SDL_VIDEODRIVER="dummy",
                                SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT)))
    if r.returncode or not nvm.is_file():
        raise SystemExit("bench_startup: could not save a paused match: " + r.stderr[-300:])


def sheet_pixels() -> int:
    """Pixels in the sprite sheets code.py loads (the C loop's iterations)."""
    n = 0
    for name in ("cards", "icons", "font"):
        head = (ROOT / "sprites" / (name + ".bmp")).read_bytes()[:26]
        w, h = struct.unpack_from("<ii", head, 18)
        n += abs(w * h)
    return n


def count(dest: Path, mode: str, loader: str, code_file: str = "code.py") -> tuple[int, str]:
    """(instructions, stdout) of one run of the runner under callgrind."""
    from tools.vm.budget import _callgrind

    cmd, env = vm_app.command(dest, HEAP_K)
    # No filler names (tools/vm/cpvm/vm_run.py): CircuitPython finds a name by scanning every
    # dynamic pool, so 950 filler names would make each of the app's lookups slower than the
    # badge's, whose pools hold the app's names only (the harness's ~310 remain: a little
    # slow; the filler cost 348 M instructions of its own); no heap report at the end either
    env["UNO_VM_BENCH"] = "1"
    vm = vm_app.vm_argv(cmd)
    return _callgrind(vm + ["bench_run.py", mode, loader, code_file], dest, env)


def write_cost(dest: Path) -> int:
    """Instructions one ``Bitmap[i] = v`` costs in the stand-in beyond a bytearray write."""
    from tools.vm.budget import _WRITES, _callgrind

    per = []
    for body in ("b[i] = 3", "a[i] = 3"):
        (dest / "wbench.py").write_text(_WRITES % (4000, body))
        cmd, env = vm_app.command(dest, HEAP_K)
        vm = vm_app.vm_argv(cmd)
        per.append(_callgrind(vm + ["wbench.py"], dest, env)[0])
    return max(0, (per[0] - per[1]) // 4000)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--loader", choices=("c", "python", "both"), default="both")
    ap.add_argument("--start", choices=PROGRAMS, default="title",
                    help="the program: code.py's title (power-on), a new match's (after the "
                         "title's New match reloads CircuitPython with start/new.py), or one "
                         "that reads a saved match: continue, and the pause menu's options, "
                         "help and graph (a match paused after its deal is saved first)")
    ap.add_argument("--loads", metavar="MODULES",
                    help="only what loading these modules (a comma list) once more costs")
    args = ap.parse_args(argv)
    code_file = "code.py" if args.start == "title" else "/start/%s.py" % args.start
    why = vm_app.missing()
    if why is None and not shutil.which("valgrind"):
        why = "valgrind is not installed (apt-get install -y valgrind)"
    if why:
        print("start-up: not measured: %s" % why)
        return 0
    loaders = ("c", "python") if args.loader == "both" else (args.loader,)
    px = sheet_pixels()
    with tempfile.TemporaryDirectory() as tmp:
        dest = Path(tmp)
        vm_app.build(dest)
        if args.loads:
            n = load_cost(dest, args.loads)
            if not n:
                print("loads: not measured (the VM run failed under callgrind)")
                return 1
            print("loading %s once more: %.2f M instructions (%.3f s on the badge)"
                  % (args.loads, n / 1e6, n / IPS))
            return 0
        (dest / "bench_run.py").write_text(_RUNNER)
        if args.start not in ("title", "new"):
            paused_match(dest / "nvm.bin")
        base, _ = count(dest, "base", "c")
        if not base:
            print("start-up: not measured: the VM run failed under callgrind")
            return 1
        print("stand-ins' import (taken off): %.1f M instructions" % (base / 1e6))
        print("%-8s %-22s %14s %12s %8s" % ("loader", "screen", "instructions", "badge s",
                                           "target"))
        ok = True
        per_write = write_cost(dest) if "python" in loaders else 0
        for loader in loaders:
            extra = px * C_PER_PIXEL if loader == "c" else 0
            for mode, target, tag in (("first", TARGET_FIRST, "@first"),
                                      ("playable", TARGET_PLAYABLE, "@done")):
                n, out = count(dest, mode, loader, code_file)
                if not n or tag not in out:
                    print("%-8s %-22s not measured (run failed)" % (loader, mode))
                    ok = False
                    continue
                n = n - base + (extra if mode == "playable" else 0)
                m = re.search(r"@done \d+ \d+ \d+ (\d+)", out)
                if m and loader == "python":
                    # each Bitmap[i] = v is Python in the stand-in, one C call on the badge
                    writes = int(m.group(1))
                    print("python: %d Bitmap writes, %.1f M of the count below are the "
                          "stand-in's Python for them" % (writes, writes * per_write / 1e6))
                    n -= writes * per_write
                secs = n / IPS
                print("%-8s %-22s %12.1f M %12.2f %7.1f s %s" % (
                    loader, "first visible" if mode == "first" else "playable (first frame)",
                    n / 1e6, secs, target, "ok" if secs <= target else "OVER"))
        if "c" in loaders:
            print("c: %d sheet pixels at %d instructions each = %.1f M included"
                  % (px, C_PER_PIXEL, px * C_PER_PIXEL / 1e6))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
