"""The PyGamer on CircuitPython 10.2.1's VM (tools/vm/vm_app.py): the stand-in board says
``board_id`` "pygamer" and has JOYSTICK_X / JOYSTICK_Y, and the press script's directions push
a stand-in joystick (tools/vm/cpvm/pygamer/vm_joystick.py: never quite in the middle at rest,
pushed all the way or just past the dead zone's edge) instead of pressing keys. Every title
page, a match with the pages its pause menu opens, and the match played to its end from the
stick and the buttons: as the PyBadge plays the same script with its D-pad, frame for frame and
save for save."""

import random
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from tools.vm import vm_app  # noqa: E402

MISSING = vm_app.missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason="CircuitPython VM: %s" % MISSING)

# title menu (no saved match): New match, Players, Options, High scores, Statistics, Help; each
# opened (the arrow stays where B left it), Options and Help paged with RIGHT, then DOWN wraps
# round to New match
TITLE_PAGES = "DOWN A B DOWN A RIGHT B DOWN A B DOWN A B DOWN A RIGHT B DOWN\nA\n"
# from the pause menu the score graph and Help (every page), each a program of its own
PAUSE_PAGES = ("WAIT:30\nSTART DOWN DOWN A\nB\nSTART DOWN DOWN DOWN DOWN A\n"
               "RIGHT RIGHT RIGHT RIGHT B\n")
DIRECTIONS = ("RIGHT", "DOWN", "UP", "LEFT")


def play(seed: int, n: int) -> str:
    """A player at the table without START (which could leave the match): cards chosen with
    LEFT and RIGHT, played or drawn with A, the hand scrolled with UP and DOWN, B."""
    rnd = random.Random(seed)
    keys = ["A", "B", "UP", "DOWN", "LEFT", "RIGHT"]
    return "\n".join(rnd.choices(keys, [40, 8, 8, 8, 18, 18], k=n))


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    d = tmp_path_factory.mktemp("circuitpy")
    vm_app.build(d)
    return d


def _run(drive, board):
    r = vm_app.run(drive, vm_app.BUDGET_KB["human"], seats="human,normal",
                   keys=TITLE_PAGES + PAUSE_PAGES + play(1, 30000), matches=1,
                   env={"UNO_VM_BOARD": board})
    return r, (drive / "nvm.bin").read_bytes()


def test_the_pygamer_plays_every_menu_and_a_match_from_its_joystick_as_the_pybadge_does(drive):
    gamer, gamer_nvm = _run(drive, "pygamer")
    assert gamer.ok, gamer.why()
    # the match played to its end: the results' A began the next match, where the run stops
    assert gamer.matches == 1 and gamer.hands >= 2
    assert "@reload /start/graph.py" in gamer.out and "@reload /start/help.py" in gamer.out
    pushes = [line.split()[1] for line in gamer.out.splitlines() if line.startswith("@stick")]
    assert all(pushes.count(d) > 20 for d in DIRECTIONS), "every direction came from the stick"
    badge, badge_nvm = _run(drive, "pybadge")
    assert badge.ok, badge.why()
    assert "@stick" not in badge.out
    assert (gamer.matches, gamer.hands, gamer.frames) == (badge.matches, badge.hands,
                                                          badge.frames)
    assert gamer_nvm == badge_nvm, "the same saves: settings, scores, the match"
