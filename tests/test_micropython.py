"""The core under the MicroPython Unix port with a fixed heap, from .mpy files compiled by
mpy-cross, as the badge runs it (CircuitPython is MicroPython underneath)."""

import subprocess
import sys

import mpy_helpers
import pytest
from tools.vm.bench_core import compile_with_selfplay, selfplay_script

from uno.core.rng import Rng


@pytest.fixture(scope="module")
def mpy_dir(tmp_path_factory):
    return compile_with_selfplay(tmp_path_factory.mktemp("mpy"))


def cpython_selfplay(preset, seats, seed):
    r = subprocess.run([sys.executable, str(mpy_helpers.ROOT / "tools" / "ai" / "selfplay.py"),
                        "--preset", preset, "--seats", str(seats), "--seed", str(seed)],
                       capture_output=True, text=True, check=True)
    return r.stdout


@pytest.mark.parametrize("preset,seats,seed", [("classic", 2, 1), ("house", 4, 2)])
def test_full_match_finishes_in_64k_and_matches_cpython(mpy_dir, preset, seats, seed):
    """Required: a full Classic match and a 4-seat House match complete under
    ``micropython -X heapsize=64k``, and the same seed plays the same match as on CPython."""
    rc, out, err = mpy_helpers.run_micropython(selfplay_script(preset, seats, seed), mpy_dir,
                                               heap_kb=64, timeout=120)
    assert rc == 0, out + err
    assert "wins after" in out
    assert out == cpython_selfplay(preset, seats, seed)


def test_same_seed_same_numbers_and_shuffle_everywhere(mpy_dir):
    """The generator and Fisher-Yates shuffle give the same sequence on MicroPython as on
    CPython, so a seed deals the same cards on the badge."""
    script = (
        "from uno.core.rng import Rng\n"
        "from uno.core.cards import make_deck\n"
        "r = Rng(2026)\n"
        "print([r.next32() for _ in range(5)], [r.below(n) for n in (1, 2, 7, 108, 1000)])\n"
        "d = make_deck()\n"
        "r.shuffle(d)\n"
        "print(d)\n"
    )
    rc, out, err = mpy_helpers.run_micropython(script, mpy_dir, heap_kb=64)
    assert rc == 0, out + err
    from uno.core.cards import make_deck

    r = Rng(2026)
    first = [r.next32() for _ in range(5)], [r.below(n) for n in (1, 2, 7, 108, 1000)]
    d = make_deck()
    r.shuffle(d)
    assert out.splitlines() == ["%s %s" % first, str(d)]


def test_bad_option_is_named_under_micropython(mpy_dir):
    """RULES.md options: an unknown option is refused with an error naming it, on the device
    runtime too."""
    script = (
        "from uno.core.rules import parse\n"
        "try:\n"
        "    parse('wd4=maybe')\n"
        "except ValueError as e:\n"
        "    print(e)\n"
    )
    rc, out, err = mpy_helpers.run_micropython(script, mpy_dir, heap_kb=64)
    assert rc == 0 and "wd4" in out and "maybe" in out, out + err
