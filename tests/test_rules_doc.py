"""docs/RULES.md cannot drift from the code (uno.core.rules, uno.core.rulecheck, uno.core.ruleset):
every option with its values and default, and every preset with what it sets, as the code has
them."""

from __future__ import annotations

import re
from pathlib import Path

from uno.core import rulecheck as C
from uno.core import rules as R
from uno.core.ruleset import OPTION_NAMES

DOC = (Path(__file__).resolve().parent.parent / "docs" / "RULES.md").read_text()


def _table_rows(heading: str) -> dict[str, list[str]]:
    part = DOC.split("## " + heading, 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        m = re.fullmatch(r"`(\w+)`", cells[0]) if len(cells) > 1 else None
        if m:
            rows[m.group(1)] = cells[1:]
    return rows


def test_every_option_is_listed_with_its_values_and_default():
    rows = _table_rows("Every option")
    assert set(rows) == set(OPTION_NAMES)
    for name in OPTION_NAMES:
        values, default = rows[name]
        want = R._DEFAULTS[name]
        want = ",".join(want) if name == "seats" else str(want)
        assert default == "`%s`" % want, name
        for v in C.CHOICES.get(name, ()):
            assert "`%s`" % v in values, (name, v)
        if name in C._NUMBERS:
            lo, hi = C._NUMBERS[name]
            assert str(lo) in values and str(hi) in values, name
    for kind in C.SEAT_KINDS:
        assert "`%s`" % kind in rows["seats"][0]


def test_every_preset_is_listed_with_what_it_sets():
    rows = _table_rows("Presets")
    assert list(rows) == list(C.PRESET_NAMES)
    for name in C.PRESET_NAMES:
        got = dict(tok.split("=") for tok in re.findall(r"\w+=\w+", rows[name][0]))
        want = {k: str(v) for k, v in R.PRESETS[name].items()}
        assert got == want, name


def test_every_option_is_explained_in_the_text():
    """Each option also has its own paragraph (not only a table row)."""
    prose = DOC.split("## Every option", 1)[0]
    for name in OPTION_NAMES:
        assert re.search(r"`%s[`=]" % name, prose), name
