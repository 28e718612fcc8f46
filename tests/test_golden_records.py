"""Golden records (python-chess style golden data): a few short seeded matches whose whole
game record is committed; the core must write them again byte for byte. The ``players-`` cases
are played by the computer levels, so every decision they make is in the record: a change to a
player that changes any decision fails here, and the measured strength in docs/AI.md must then
be measured again.

After an intended change of the rules or the record format, rewrite them with
``UPDATE_GOLDEN=1 ./test.sh -k golden_records`` and review the diff before committing.
"""

import json
import os
from pathlib import Path

import pytest
from tools.records.replay import check_record
from tools.ai.selfplay import FirstLegal, play_match

from uno.players.make import make_player
from uno.core.rules import preset

GOLDEN = Path(__file__).parent / "golden" / "records"
CASES = {
    "classic-2-seed7": ("classic", 2, 7),
    "acorn-2-seed3": ("acorn", 2, 3),
    "pcsig-2-seed11": ("pcsig", 2, 11),
    "house-4-seed5": ("house", 4, 5),
    "windows-penalty-3-seed2": ("windows", 3, 2),
    # the computer levels (preset, seats by level, seed): matches to PLAYERS_TARGET points,
    # each seat's player seeded seed * 10 + seat
    "players-classic-2-seed4": ("classic", ("advanced", "normal"), 4),
    "players-classic-4-seed6": ("classic", ("advanced", "normal", "easy", "advanced"), 6),
    "players-house-3-seed8": ("house", ("normal", "advanced", "easy"), 8),
}


PLAYERS_TARGET = 300


def first_difference(got, want):
    """Index of the first item where the lists differ (the shorter's length when one is the
    other's beginning; their common length when equal)."""
    n = min(len(got), len(want))
    return next((i for i in range(n) if got[i] != want[i]), n)


def record_of(name):
    """The record of one golden case, as JSON Lines text."""
    p, seats, seed = CASES[name]
    extra = {"scoring": "penalty"} if "penalty" in name else {}
    target = 100
    if isinstance(seats, int):
        levels = ["normal"] * seats
        players = [FirstLegal() for _ in range(seats)]
    else:
        levels = list(seats)
        players = [make_player(lv, seed * 10 + s) for s, lv in enumerate(levels)]
        target = PLAYERS_TARGET
    rules = preset(p, seats=levels, target=target, **extra)
    lines = []
    play_match(rules, seed, players, lambda ev: lines.append(json.dumps(ev)))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_record(name):
    """FORMATS.md 'Game record': the seeded match writes exactly the committed record, and
    that record replays under the rules."""
    path = GOLDEN / (name + ".jsonl")
    text = record_of(name)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text)
    assert path.exists(), "missing golden record: run UPDATE_GOLDEN=1 ./test.sh -k golden"
    want = path.read_text()
    if text != want:
        got, exp = text.splitlines(), want.splitlines()
        i = first_difference(got, exp)
        pytest.fail("%s differs from event %d on:\n  recorded: %s\n  now:      %s\n(an "
                    "intended change: UPDATE_GOLDEN=1, then measure the players again)"
                    % (path.name, i + 1, exp[i][:200] if i < len(exp) else "(end)",
                       got[i][:200] if i < len(got) else "(end)"))
    events = [json.loads(line) for line in text.splitlines()]
    summary = check_record(events)
    assert summary["over"] and summary["winner"] is not None
