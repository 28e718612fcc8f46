"""The party preset (docs/RULES.md "Presets": party = seven_zero=on jump_in=on stacking=mixed
draw=match one_call=required) played from the buttons on the badge's model VM
(tools/vm/vm_app.py): chosen on the title's Options page, then two hands of a match of 2, 3 and
4 seats with a person at the table, within the budget of a person's sessions on the badge
(vm_app BADGE_HUMAN_KB) at 2 and 3 seats; against three Advanced the party match needs more
(PARTY_HUMAN_KB)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from tools.vm import vm_app  # noqa: E402

from uno.save import load, unpack_match  # noqa: E402

MISSING = vm_app.missing(badge=True)
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(MISSING is not None, reason="badge-model VM: %s" % MISSING)]

# The title (no saved match, the arrow on New match): DOWN DOWN to Options, A opens it, LEFT
# turns the preset from classic back to party, twelve rows down the target goes from 500 to
# 5000 (so that the match outlasts the run: a person pressing at random loses hands of many
# points), B leaves it (a save point); UP UP to New match.
CHOOSE_PARTY = "DOWN DOWN A\nLEFT\nDOWN x12\nRIGHT x45\nB\nUP UP A\nWAIT:30\n"
# At the table: the arrow along the hand, A plays (or answers a 7's picker, a jump-in, the
# colour picker, a challenge, the results page), B draws or lets a jump-in go.
PLAY = "RIGHT\nA\nB\n" * 3000


@pytest.mark.parametrize("seats, heap", [
    ("human,advanced", vm_app.BADGE_HUMAN_KB), ("human,normal,advanced", vm_app.BADGE_HUMAN_KB),
    # three Advanced: over a person's budget (vm_app.PARTY_HUMAN_KB says by how much)
    ("human,advanced,advanced,advanced", vm_app.PARTY_HUMAN_KB)])
def test_a_party_match_plays_from_the_buttons_on_the_badge(tmp_path, seats, heap):
    vm_app.build(tmp_path)
    r = vm_app.run(tmp_path, heap, seats=seats, keys=CHOOSE_PARTY + PLAY,
                   hands=2, badge=True, timeout=900)
    assert r.ok, r.why()
    assert r.hands >= 2 and "@reload /start/new.py" in r.out
    saved = load(bytearray((tmp_path / "nvm.bin").read_bytes()))[0]  # (Saved, notice)
    assert saved.settings.preset == "party" and saved.settings.target == 5000
    g = unpack_match(saved.match)[0]  # the match saved at the first hand's end
    rules = g.rules
    assert (rules.seven_zero, rules.jump_in, rules.stacking, rules.draw) == (
        "on", "on", "mixed", "match"), rules
    assert g.nseats == len(seats.split(",")) and rules.target == 5000
