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
