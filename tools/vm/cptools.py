"""Where CircuitPython's own compilers and VM are, and what stands in for them when absent.

The development machine keeps 10.2.1's and 9.2.8's ``mpy-cross`` and CircuitPython 10.2.1's Unix
port (32-bit) in ``../shared/tools/circuitpython/`` beside the repository. A user's own clone has
no ``../shared``: then every function here says what it fell back to (``note``), and callers
print that note, so a figure is never reported as CircuitPython's when it is not.

Lookup order for each tool: an environment variable (``UNO_CP_DIR`` for the folder, or
``UNO_MPY_CROSS_9``, ``UNO_MPY_CROSS_10``, ``UNO_CP_VM``, ``UNO_CP_VM_PYSTACK``,
``UNO_CP_VM_BADGE``, ``UNO_CP_VM_BADGE_9`` for single files), then
``../shared/tools/circuitpython/``, then ``build/cptools/`` (what
``tools/vm/cpvm/build_vm.sh`` builds here), then nothing (``None``).

The badge build (``vm-badge``) is the same Unix port with a PyBadge's object model: CircuitPython's
full builds (``py/circuitpy_mpconfig.h``) store a float in the object's word (30 bits, no heap;
``MICROPY_OBJ_REPR_C`` with single-precision floats), give a name a 1-byte hash and put every
function's frame on a 2 KB Python stack, where the Unix port keeps 64-bit doubles on the heap,
a 2-byte hash and frames over 44 bytes on the heap; it also leaves out the language features
the badge's firmware lacks. ``tools/vm/cpvm/build_vm.sh`` makes it from CircuitPython's source;
checks that need it are skipped, saying so, where it is absent or older than that.
``tools/vm/cpvm/build_vm.sh --cp 9`` makes ``vm-badge-9``: CircuitPython 9.2.8's port built the
same way, with 9.x's 1.5 KB Python stack, which runs the bundle that 9.2.8's ``mpy-cross``
compiles.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "tools" / "circuitpython"
LOCAL = ROOT / "build" / "cptools"  # tools/vm/cpvm/build_vm.sh's
# mpy-cross's flags for the bundle's code (tools/bundle/bundle.py, tools/vm/vm_app.py; not with
# --lines): no line-number tables and no asserts
LEAN_FLAGS = ["-O3"]

FILES = {
    "mpy-cross-9": ("UNO_MPY_CROSS_9", "mpy-cross-9.2.8"),
    "mpy-cross-10": ("UNO_MPY_CROSS_10", "mpy-cross-10.2.1"),
    "vm": ("UNO_CP_VM", "circuitpython-10.2.1-unix-i386"),
    "vm-pystack1536": ("UNO_CP_VM_PYSTACK", "circuitpython-10.2.1-unix-i386-pystack1536"),
    "vm-badge": ("UNO_CP_VM_BADGE", "circuitpython-10.2.1-unix-i386-badge"),
    "vm-badge-9": ("UNO_CP_VM_BADGE_9", "circuitpython-9.2.8-unix-i386-badge"),
}


def cp_dir() -> Path | None:
    """The folder holding CircuitPython's tools, or None."""
    env = os.environ.get("UNO_CP_DIR")
    if env:
        p = Path(env)
        return p if p.is_dir() else None
    return SHARED if SHARED.is_dir() else None


def searched() -> str:
    """Where the tools were looked for (UNO_CP_DIR when set): for the notes."""
    return os.environ.get("UNO_CP_DIR") or "%s and %s" % (SHARED, LOCAL)


def _executable(p: Path) -> bool:
    return p.is_file() and os.access(p, os.X_OK)


def find(kind: str) -> str | None:
    """Path of one of CircuitPython's tools (a key of FILES), or None when it is not here."""
    var, name = FILES[kind]
    env = os.environ.get(var)
    if env:
        return env if _executable(Path(env)) else None
    for d in (cp_dir(), None if os.environ.get("UNO_CP_DIR") else LOCAL):
        if d is not None and _executable(d / name):
            return str(d / name)
    return None


def micropython_tool(name: str) -> str | None:
    """MicroPython's ``mpy-cross`` or ``micropython`` from the venv (next to sys.executable) or
    PATH: the stand-ins when CircuitPython's own are absent."""
    here = Path(sys.executable).parent / name
    if _executable(here):
        return str(here)
    return shutil.which(name)


def mpy_cross(major: int = 10) -> tuple[list[str] | None, bool, str]:
    """(command, is_circuitpython, note) that compiles a ``.py`` for CircuitPython ``major``.

    With CircuitPython's own compiler the command is just its path. Without it, MicroPython's
    ``mpy-cross`` (python -m mpy_cross) stands in: its output differs from CircuitPython 10's only
    in the header's first byte (``M`` against ``C``), which the caller must patch (see
    ``patch_header``); for 9.x it is not right for modules using ``math.pi``."""
    tool = find("mpy-cross-%d" % major)
    if tool:
        return [tool], True, "CircuitPython %s mpy-cross: %s" % (
            "10.2.1" if major == 10 else "9.2.8", tool)
    mp = micropython_tool("mpy-cross")
    if mp:
        cmd = [mp]
    else:
        try:
            import mpy_cross  # noqa: F401
        except ImportError:
            return None, False, (
                "no mpy-cross found: give CircuitPython %d's with --mpy-cross PATH (Adafruit "
                "publishes one per release and platform, docs/BADGE.md), or `pip install "
                "mpy-cross==1.29.0.post2` (MicroPython's: right for CircuitPython 10 only), or run "
                "tools/bootstrap.sh" % major)
        cmd = [sys.executable, "-m", "mpy_cross"]
    note = ("CircuitPython's mpy-cross not found (looked in %s): MicroPython 1.29's mpy-cross "
            "with the header byte set to 'C'" % searched())
    if major != 10:
        note += "; only right for CircuitPython 10.x, NOT %d.x" % major
    return cmd, False, note


def patch_header(path: str | Path) -> None:
    """Turn a MicroPython ``.mpy`` (first byte ``M``) into the header CircuitPython reads (``C``);
    the rest of the file is the same for mpy v6 as CircuitPython 10.2.1's compiler makes it."""
    p = Path(path)
    data = bytearray(p.read_bytes())
    if data[:1] == b"M":
        data[0] = ord("C")
        p.write_bytes(bytes(data))


def mpy_names(path: str | Path) -> list[str]:
    """The names an ``.mpy`` (v6) carries in its name table, which CircuitPython interns in the
    heap when it loads the file unless the firmware has them; the few that mpy v6 numbers
    instead (its static names) are left out."""
    data = Path(path).read_bytes()
    if data[1:2] != b"\x06":
        raise ValueError("%s is not an mpy v6 file" % path)
    i = 4

    def vuint() -> int:
        nonlocal i
        v = 0
        while True:
            b = data[i]
            i += 1
            v = v << 7 | (b & 0x7F)
            if not b & 0x80:
                return v

    n = vuint()
    vuint()  # the constant objects' count
    names = []
    for _ in range(n):
        v = vuint()
        if v & 1:
            continue  # a static name: its number only
        names.append(data[i:i + (v >> 1)].decode())
        i += (v >> 1) + 1
    return names


_BADGE_BUILD: dict[str, bool] = {}


def _is_badge_build(vm_path: str) -> bool:
    """Whether the VM at ``vm_path`` is built as the badge's firmware is today: frames on a
    Python stack, and the micropython module every CircuitPython board has (no
    ``pystack_use``: CIRCUITPY_MICROPYTHON_ADVANCED 0). Asked once a path."""
    if vm_path not in _BADGE_BUILD:
        import subprocess

        ask = ("import micropython\n"
               "def f(n): return n and f(n - 1)\n"
               "try:\n f(100); s = 'heap'\nexcept RuntimeError: s = 'pystack'\n"
               "print(s, hasattr(micropython, 'pystack_use'))\n")
        out = subprocess.run([vm_path, "-c", ask], capture_output=True, text=True).stdout
        _BADGE_BUILD[vm_path] = out.strip() == "pystack False"
    return _BADGE_BUILD[vm_path]


def vm(pystack: bool = False, badge: bool = False, cp: int = 10) -> tuple[str | None, str]:
    """(path, note) of CircuitPython 10.2.1's 32-bit Unix port (``pystack``: the 1,536-byte Python
    stack build; ``badge``: the build as a PyBadge's firmware is; ``cp`` 9: CircuitPython
    9.2.8's, built so, the only 9.x VM), or (None, what is missing)."""
    if pystack and badge:
        return None, "no VM has both the 1,536-byte Python stack and the badge's object model"
    if cp == 9 and not badge:
        return None, "the only CircuitPython 9 VM is the badge's build (badge=True)"
    tool = find("vm-badge-9" if cp == 9 else "vm-badge" if badge else
                "vm-pystack1536" if pystack else "vm")
    if tool and badge and not _is_badge_build(tool):
        return None, ("%s is an older badge build (frames on the heap, or a micropython module "
                      "with the Unix port's pystack_use, which no board has): rebuild it with "
                      "tools/vm/cpvm/build_vm.sh%s; checks that need it are skipped"
                      % (tool, " --cp 9" if cp == 9 else ""))
    version = "9.2.8" if cp == 9 else "10.2.1"
    if tool:
        return tool, "CircuitPython %s Unix port, 32-bit%s: %s" % (
            version, ", the badge's object model (30-bit floats in the word, 1-byte name hash, "
            "frames on a %s Python stack)" % ("1.5 KB" if cp == 9 else "2 KB") if badge else "",
            tool)
    return None, ("CircuitPython %s's 32-bit Unix port%s not found (looked in %s): checks that "
                  "need it are skipped" % (version, " with the badge's object model" if badge
                                           else "", searched()))


_FIXED: list[list[str]] = []


def fixed_layout() -> list[str]:
    """The command prefix that runs a VM with address space layout randomisation off
    (``setarch <machine> -R``, which the VM's own children inherit), or ``[]`` where that cannot
    be done here (no ``setarch``, or the kernel refuses; ``fixed_layout_note`` says which).

    Why: the Unix port mallocs its heap, so with randomisation on the heap sits at another
    address each run, and a run at the edge of its heap passes or fails from run to run (the
    same session at 121 KB passed nine runs in ten; how the address reaches the heap's
    use was not traced). With the layout fixed, a run repeats to the byte, as on the
    badge, whose heap never moves."""
    if not _FIXED:
        import platform
        import subprocess

        pre = ["setarch", platform.machine(), "-R"]
        ok = False
        if shutil.which("setarch"):
            try:
                ok = subprocess.run(pre + ["true"], capture_output=True, timeout=10).returncode == 0
            except (OSError, subprocess.SubprocessError):
                pass  # treated as absent
        _FIXED.append(pre if ok else [])
    return list(_FIXED[0])


def fixed_layout_note() -> str:
    """What ``fixed_layout`` gives: the prefix, or what the runs fall back to."""
    if fixed_layout():
        return "VM runs with address space layout randomisation off (%s)" % " ".join(
            fixed_layout())
    return ("setarch -R is not available here: VM runs keep address space layout "
            "randomisation, so a run at the edge of its heap may pass or fail from run to run")
