"""The text pages on CircuitPython 10.2.1's VM (tools/vm/vm_app.py): opened from the title and
from the results page by the press script, then a match, within the heaps measured for them.

PAGES_KB: S of these very scripts plus 8 KB, as vm_app's budgets (S: the smallest heap with
every size from S to S+8 completing), on the plain 32-bit VM with the badge's own names the
app spells interned as the harness's, as the badge holds them in flash (tools/vm/cpvm/vm_heap.py),
Normal in the player's seat: every title page then a Normal match's first hand S = 114 KB; the
score graph after a hand against three Advanced S = 122 KB (121 and 120 fail allocating 680
bytes: a hole the page's code leaves elsewhere). docs/BENCHMARKS.md has the runs.
See docs/APP.md.
"""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from tools.vm import vm_app  # noqa: E402

MISSING = vm_app.missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason="CircuitPython VM: %s" % MISSING)

# title menu (no saved match): New match, Players, Options, High scores, Statistics, Help; back
# from a page the arrow stays on it, so each DOWN goes on to the next, the last back to New match
TITLE_PAGES = "DOWN A B DOWN A RIGHT B DOWN A B DOWN A B DOWN A RIGHT B DOWN"
THEN_PLAY = "\n" + "A x10000\n" * 100
PAGES_KB = {"title": 114 + 8, "graph": 122 + 8}


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


def test_the_graph_at_a_matchs_end_against_three_advanced_fits_the_match_budget(drive):
    # SELECT, B, A at every results page: the graph in a program of its own after each hand,
    # then at the match's end over the results in the match's program (no saved match for a
    # program of its own), where three Advanced players' heap had no 4 KB in one piece for the
    # plot (MemoryError at 152 KB, passed at 160). Now the players go first (Match.rest_players)
    # and the plot is six strips (uno.app.graph.Strips).
    r = vm_app.run(drive, vm_app.BUDGET_KB["advanced3"], seats=vm_app.PROFILES["advanced3"],
                   keys="SELECT\nB\nA\n" * 400, matches=2, timeout=600)
    assert r.ok, r.why()
    assert r.matches == 2 and "@reload /start/graph.py" in r.out


# New match, then from the pause menu the score graph (B back) and Help (every page, B back):
# each page a program of its own, then the match again
PAUSE_PAGES = ("A\nWAIT:30\nSTART DOWN DOWN A\nB\nSTART DOWN DOWN DOWN DOWN A\n"
               "RIGHT RIGHT RIGHT RIGHT B\n")


@pytest.mark.parametrize("cp", [10, 9])
def test_every_page_opens_on_the_badges_models_with_room_to_spare(tmp_path, cp):
    # A heap of 250 KB, more than any page needs: a page that chose its text by the free heap
    # took the Adafruit labels there, and under CircuitPython 9 their imports exhausted the
    # badge's 1,536-byte Python stack (the score graph and Help on the error screen). The
    # badge's pages keep the frugal text wherever they run.
    why = vm_app.missing(badge=True, cp=cp)
    if why:
        pytest.skip(why)
    vm_app.build(tmp_path, cp=cp)
    assert not list(tmp_path.glob("lib/adafruit_*")) and not list(tmp_path.glob("fonts/*.pcf"))
    r = vm_app.run(tmp_path, 250, seats="human,normal", badge=True, cp=cp, hands=1,
                   keys=PAUSE_PAGES + vm_app.random_presses(12, 900))
    assert r.ok, r.why()
    assert "@reload /start/graph.py" in r.out and "@reload /start/help.py" in r.out


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
    # exhausted" in the libraries' imports; the badge's pages use the frugal text. (Which
    # press lands on a results page depends on how the computers play: "SELECT A A B A B A B"
    # once never did in three hands; this one opens the graph once.)
    keys = "SELECT A B A B\n" * 120
    r = vm_app.run(drive, 200, seats="human,advanced,advanced,advanced", keys=keys, hands=3,
                   pystack=True)
    assert "@reload /start/graph.py" in r.out  # the graph did open
    assert r.ok, r.why()


# A human at the table, every button: random presses (A, B, the D-pad, START: the pause menu
# with Hint, the pages, New match and Quit; SELECT: ONE and the graph), on the badge's
# 1,536-byte Python stack (vm_app.random_presses). S measured 2026-11-25 (tools/vm/vm_app.py's
# min_heap, span 4): seed 12 147 KB, seed 14 142 KB, 927 and 932 names of the app's own; then
# with the badge's names the harness's: 125 and 122 KB, 400 and 405 names, and the budget
# vm_app.BUDGET_KB["human"] S + 8, 133. (On 2026-11-24, before the name pools were filled as
# the badge's, 154 and 165: the stand-ins' names had taken the VM into the next pool; and a
# switch at a full heap could fail in the stand-in's own reload, docs/BENCHMARKS.md.)


@pytest.mark.parametrize("seed", [12, 14])
def test_a_human_pressing_every_button_on_the_small_python_stack(drive, seed):
    keys = vm_app.random_presses(seed, 900)
    r = vm_app.run(drive, vm_app.BUDGET_KB["human"], seats=vm_app.PROFILES["human"], keys=keys,
                   hands=4, pystack=True, timeout=300)
    assert r.ok, r.why()  # four hands, or a new match (New match from the pause menu)
    # the pages, the hints and the graph intern names too: still within the pool the badge's
    # pools up to 320 stand for, none opened beyond it (tests/test_cp_vm.py)
    assert r.app_names <= vm_app.APP_NAMES_SHORT and r.app_pools == 0, r.app_names
