#!/usr/bin/env python3
"""Soak: thousands of hands of the app (code.py's path, every seat a computer) on CircuitPython
10.2.1's 32-bit VM at one heap size, with the heap after a collection every 100 hands.

    .venv/bin/python tools/vm/soak.py [--hands 10000] [--heap K] [--seats advanced3] [--pystack]
    .venv/bin/python tools/vm/soak.py --badge --heap K        # the VM built as the badge's firmware
    .venv/bin/python tools/vm/soak.py --cp 9 --heap K         # the 9.x bundle on 9.2.8's such VM
    .venv/bin/python tools/vm/soak.py --badge --lines --heap K # the app with line numbers
    .venv/bin/python tools/vm/soak.py --seats human --presses 80000 --hands 300 --seed 23 --every 10

With ``--presses N`` a player sits at the table (``--seats human``: the pybadge's 1,536-byte
Python stack, seats human, Advanced, Normal) and presses N random buttons
(vm_app.random_presses, seeded by ``--seed``): every page, hints, new matches, program
switches; the run fails if the presses end before the hands do. With ``--restarts`` an error
screen's A starts code.py again as on the badge, so a heap below the budget shows whether the
game recovers (Continue from the last save point) after each MemoryError.

The heap defaults to the budget figure of that VM (tools/vm/vm_app.py budget_kb): the figure is
only true if the soak passes at it. Prints a line per 100 hands (free bytes and the largest
free block, from the VM's mem_info()), then the trend; exit status 1 if the run dies. A run
that dies says of what and, on the VMs built as the badge (which print a chain of exceptions),
where: the error screen's exception and its four innermost frames, by the source's names.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a file: the tools package is found from the root
    sys.path.insert(0, str(ROOT))

from tools.bundle import shortnames  # noqa: E402
from tools.vm import vm_app  # noqa: E402


def _lines(dest, heap_k, **kw):
    """The output lines of the app on the VM, program after program (vm_app.run's chain:
    each ``@reload`` starts the next VM process on a fresh heap); the last exit code is left
    in ``_lines.rc``."""
    code_file = "code.py"
    while True:
        cmd, env = vm_app.command(dest, heap_k, code_file=code_file, **kw)
        p = subprocess.Popen(cmd, cwd=dest, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        assert p.stdout
        nxt = None
        for line in p.stdout:
            if line.startswith("@reload "):
                nxt = line.split()[1]
            yield line, code_file
        _lines.rc = p.wait()
        if _lines.rc != 4 or nxt is None:
            return
        code_file = nxt
        kw["keys"] = None


def soak(hands: int, heap_k: float, seats: str, every: int = 100, pystack: bool = False,
         seed: int = 1, out=None, keys: str = vm_app.AUTO_KEYS,
         restarts: bool = False, badge: bool = False, cp: int = 10, lean: bool = True,
         short: bool = True) -> dict:
    """Run the soak; returns {"ok", "hands", "rows": [(hand, free, largest)], "why",
    "restarts"}. ``restarts``: the error screen's A starts code.py again, as on the badge
    (the stand-in supervisor's UNO_VM_RESTARTS), instead of ending the run; ``badge`` /
    ``cp``: which VM (cptools.vm; ``cp`` 9 also compiles the app with 9.x's mpy-cross);
    ``lean``: the app compiled without line numbers, as the bundle's (False: with them, as
    tools/bundle/bundle.py --lines makes it); ``short``: its
    names the firmware's, as the bundle's (tools/bundle/shortnames.py)."""
    os.environ["UNO_VM_RESTARTS" if restarts else "UNO_VM_TRACE"] = "1"
    try:
        return _soak(hands, heap_k, seats, every, pystack, seed, out or sys.stdout, keys,
                     badge, cp, lean, short)
    finally:
        os.environ.pop("UNO_VM_RESTARTS", None)
        os.environ.pop("UNO_VM_TRACE", None)


def _why(tail: list[str], rc: int, dest: Path) -> str:
    """A failed run in a few lines: the exception the error screen showed and, where the VM
    prints the chain of exceptions (the badge's models), its innermost frames (UNO_VM_TRACE),
    the functions by their source's names (the bundle's names.map); else its last line."""
    if not tail:
        return "exit %d" % rc
    for i, line in enumerate(tail):
        if line.startswith("During handling") and i:
            frames = [x.strip() for x in tail[:i - 1] if x.strip().startswith("File ")]
            try:
                names = shortnames.read_map((dest / vm_app.NAMES_MAP).read_text())
            except OSError:  # built with the source's names
                names = {}
            real = {new: old for old, new in names.items()}
            out = [tail[i - 1]]
            for f in frames[-4:]:
                m = re.search(r"in (\w+)$", f)
                out.append(f[:m.start(1)] + real.get(m.group(1), m.group(1)) if m else f)
            return "\n  ".join(out)
    if "UNO_VM_TRACE" in tail[-1]:
        # a VM that prints no chain of exceptions (the plain 32-bit one): the line the app printed
        for j in range(len(tail) - 1, 0, -1):
            if tail[j].startswith("Traceback"):
                return tail[j - 1]
    return tail[-1]


def _soak(hands, heap_k, seats, every, pystack, seed, out, keys, badge, cp, lean, short):
    rows: list[tuple[int, int, int]] = []
    restarted = 0
    with tempfile.TemporaryDirectory(prefix="uno-soak-") as tmp:
        dest = Path(tmp)
        vm_app.build(dest, lean=lean, cp=cp, short=short)
        t0 = time.time()
        pending = None
        done = 0
        tail: list[str] = []
        for line, _ in _lines(dest, heap_k, seats=seats, matches=10**6, every=every,
                              seed=seed, pystack=pystack, hands=hands, keys=keys,
                              badge=badge, cp=cp):
            if line.strip():  # the last words of a failed run (9.x ends its output blank)
                tail = (tail + [line.rstrip()])[-40:]
            if line.startswith("@restart"):
                restarted += 1
            if line.startswith("@stat hand") or line.startswith("@stat end"):
                f = line.split()
                pending = (int(f[2]), int(f[5]))
            elif line.startswith("@done"):
                done = int(line.split()[2])
            m = re.search(r"max free sz: (\d+)", line)
            if m and pending:
                row = (pending[0], pending[1], int(m.group(1)) * 16)
                pending = None
                if row[0] and (not rows or row[0] != rows[-1][0]):
                    rows.append(row)
                    print("hand %6d  free %6d  largest free block %6d  (%.0f s)"
                          % (row + (time.time() - t0,)), file=out, flush=True)
        rc = _lines.rc
        ok = rc == 0 and done >= hands
        why = "" if ok else _why(tail, rc, dest)
    return {"ok": ok, "hands": done or (rows[-1][0] if rows else 0), "rows": rows, "why": why,
            "restarts": restarted}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--heap", type=float, help="KiB (default: the budget figure for --seats)")
    ap.add_argument("--seats", default="advanced3",
                    help="a profile (%s) or a comma list" % ", ".join(vm_app.PROFILES))
    ap.add_argument("--every", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    vm_app.add_vm_options(ap)
    ap.add_argument("--restarts", action="store_true",
                    help="after an error screen go on as the badge does (A: code.py again)")
    ap.add_argument("--presses", type=int, default=0,
                    help="random presses of a player at the table (with --seats human)")
    args = ap.parse_args(argv)
    badge = args.badge or args.cp == 9
    why = vm_app.missing(badge=badge, pystack=args.pystack, cp=args.cp)
    if why:
        print("soak: cannot run: " + why)
        return 2
    heap = args.heap or vm_app.budget_kb(args.seats, badge, args.cp)
    if not heap:
        print("soak: no budget for seats %r: give --heap" % args.seats)
        return 2
    seats = vm_app.PROFILES.get(args.seats, args.seats)
    keys = vm_app.AUTO_KEYS
    pystack = args.pystack
    if args.presses:
        keys = vm_app.random_presses(args.seed, args.presses)
        # the badge's 1,536-byte Python stack: the plain VM's pystack build (the badge models
        # have their firmware's own)
        pystack = pystack or (args.seats == "human" and not badge)
    vm = "CircuitPython 9.2.8's VM" if args.cp == 9 else (
        "the badge's model VM" if badge else "the plain 32-bit VM")
    print("soak: %d hands, seats %s, %s%s, -X heapsize=%gk%s%s" % (
        args.hands, seats, vm, (", with line numbers" if args.lines else "")
        + (", the app's own names" if args.long_names else ""), heap,
        " (pystack 1536)" if pystack else "",
        ", %d random presses (seed %d)" % (args.presses, args.seed) if args.presses else ""),
        flush=True)
    print("soak: " + vm_app.cptools.fixed_layout_note(), flush=True)
    r = soak(args.hands, heap, seats, args.every, pystack, args.seed, keys=keys,
             restarts=args.restarts, badge=badge, cp=args.cp, lean=not args.lines,
             short=not args.long_names)
    rows = r["rows"]
    if rows:
        print("free after a collection: first %d, last %d, min %d; largest free block: min %d"
              % (rows[0][1], rows[-1][1], min(x[1] for x in rows), min(x[2] for x in rows)))
    if args.restarts:
        print("error screens, each followed by a restart and Continue: %d" % r["restarts"])
    print("%s after %d hands%s" % ("passed" if r["ok"] else "FAILED", r["hands"],
                                    "" if r["ok"] else ": " + r["why"]))
    return 0 if r["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
