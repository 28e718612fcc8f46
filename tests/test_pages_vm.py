"""The text pages on CircuitPython 10.2.1's VM (tools/vm_app.py): opened from the title and
from the results page by the press script, then a match, within the heaps measured for them.

PAGES_KB: S of these very scripts plus 8 KB, as vm_app's budgets (S: the smallest heap with
every size from S to S+8 completing). At 97fc979: every title page then a Normal match's first
hand S = 170 KB (145 without the pages); the graph after hand 1 with three Advanced S = 186 KB
(153 without). With the title and the match as two programs (App.switch), each stand-in
imported before the app (the harness 25.2 KB): the pages then a match 152 KB (the match alone
151); the graph after a hand, in a program of its own, with three Advanced 163 KB (158 alone).
With the card sheet coloured by palette: 144 (143) and 154 (149); with Continue reading the
saved match before the match's modules load (code.py): the graph 149. With a match's end saved
without the codec (uno.app.saves settle): 138 (137) and 144 (145). With the code a match needs
once or seldom out of its heap (issue 11, f7d1083): 121 (126) and 131 (130).
See docs/APP.md.
"""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import vm_app  # noqa: E402

MISSING = vm_app.missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason="CircuitPython VM: %s" % MISSING)

# title menu (no saved match): New match, Players, Options, High scores, Help
TITLE_PAGES = "DOWN A B DOWN DOWN A RIGHT B DOWN DOWN DOWN A B DOWN DOWN DOWN DOWN A RIGHT B"
THEN_PLAY = "\n" + "A x10000\n" * 100
PAGES_KB = {"title": 121 + 8, "graph": 131 + 8}


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    d = tmp_path_factory.mktemp("circuitpy")
    vm_app.build(d)
    return d


def test_every_title_page_then_a_match_fits_its_heap(drive):
    r = vm_app.run(drive, PAGES_KB["title"], seats=vm_app.PROFILES["normal"],
                   keys=TITLE_PAGES + THEN_PLAY, hands=1)
    assert r.ok, r.why()


def test_the_graph_after_a_hand_against_three_advanced_fits_its_heap(drive):
    r = vm_app.run(drive, PAGES_KB["graph"], seats=vm_app.PROFILES["advanced3"],
                   keys="A\nSELECT\nB" + THEN_PLAY, hands=2)
    assert r.ok, r.why()


def test_the_adafruit_text_libraries_run_on_circuitpython(drive):
    # 250 KB leaves the page more than 64 KB: bitmap_label and the PCF font, on the VM
    r = vm_app.run(drive, 250, seats=vm_app.PROFILES["normal"], keys=TITLE_PAGES + THEN_PLAY,
                   hands=1)
    assert r.ok, r.why()


def test_the_pages_cost_a_match_nothing_it_runs_in_a_program_of_its_own(drive):
    # Before the title and the match were two programs (App.switch), the pages' names stayed
    # interned all match long: S 170 KB against 145 without them. Now the match begins on a
    # fresh heap, so the pages then a match complete in the plain match's own budget.
    paged = vm_app.run(drive, vm_app.BUDGET_KB["normal"], seats=vm_app.PROFILES["normal"],
                       keys=TITLE_PAGES + THEN_PLAY, hands=1)
    assert paged.ok, paged.why()
    assert "@reload /start/new.py" in paged.out


def test_the_graph_from_the_results_with_a_human_seat_on_the_badges_small_python_stack(drive):
    # CircuitPython 9's 1,536-byte Python stack, and a heap with room for the text libraries:
    # the graph's program opened from a human's results page once stopped with "pystack
    # exhausted" in the libraries' imports; the badge's pages use the frugal text
    keys = "SELECT A A B A B A B\n" * 120
    r = vm_app.run(drive, 200, seats="human,advanced,advanced,advanced", keys=keys, hands=3,
                   pystack=True)
    assert "@reload /start/graph.py" in r.out  # the graph did open
    assert r.ok, r.why()


# A human at the table, every button: random presses (A, B, the D-pad, START: the pause menu
# with Hint, the pages, New match and Quit; SELECT: ONE and the graph), on the badge's
# 1,536-byte Python stack. S measured 2026-11-24 (tools/vm_app.py's min_heap, span 4): seed 12
# 154 KB, seed 14 165 KB, both past the VM's 1,270-name pool (docs/BENCHMARKS.md); budget S + 8.
HUMAN_KB = 165 + 8


@pytest.mark.parametrize("seed", [12, 14])
def test_a_human_pressing_every_button_on_the_small_python_stack(drive, seed):
    import random

    rnd = random.Random(seed)
    names = ["A", "B", "UP", "DOWN", "LEFT", "RIGHT", "START", "SELECT"]
    keys = "\n".join(rnd.choices(names, [30, 15, 8, 8, 8, 8, 6, 6])[0] for _ in range(900))
    r = vm_app.run(drive, HUMAN_KB, seats="human,advanced,normal", keys=keys, hands=4,
                   pystack=True, timeout=300)
    assert r.ok, r.why()  # four hands, or a new match (New match from the pause menu)
