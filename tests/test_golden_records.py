"""Golden records (python-chess style golden data): a few short seeded matches whose whole
game record is committed; the core must write them again byte for byte.

After an intended change of the rules or the record format, rewrite them with
``UPDATE_GOLDEN=1 ./test.sh -k golden_records`` and review the diff before committing.
"""

import json
import os
from pathlib import Path

import pytest
from replay import check_record
from selfplay import FirstLegal, play_match

from uno.rules import preset

GOLDEN = Path(__file__).parent / "golden" / "records"
CASES = {
    "classic-2-seed7": ("classic", 2, 7),
    "acorn-2-seed3": ("acorn", 2, 3),
    "pcsig-2-seed11": ("pcsig", 2, 11),
    "house-4-seed5": ("house", 4, 5),
    "windows-penalty-3-seed2": ("windows", 3, 2),
}


def record_of(name):
    """The record of one golden case, as JSON Lines text."""
    p, seats, seed = CASES[name]
    extra = {"scoring": "penalty"} if "penalty" in name else {}
    rules = preset(p, seats=["normal"] * seats, target=100, **extra)
    lines = []
    play_match(rules, seed, [FirstLegal() for _ in range(seats)],
               lambda ev: lines.append(json.dumps(ev)))
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
    assert text == path.read_text()
    events = [json.loads(line) for line in text.splitlines()]
    summary = check_record(events)
    assert summary["over"] and summary["winner"] is not None
