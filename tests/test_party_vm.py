"""The party preset (docs/RULES.md "Presets": party = seven_zero=on jump_in=on stacking=mixed
draw=match one_call=required) played from the buttons on the badge's model VMs
(tools/vm/vm_app.py): chosen on the title's Options page, then two hands of a match of 2, 3 and
4 seats with a person at the table, within the budget of a person's sessions on the badge
(vm_app BADGE_HUMAN_KB) at 2 and 3 seats; against three Advanced within PARTY_HUMAN_KB, below
it, on CircuitPython 10.2.1's model and 9.2.8's (its 1.5 KB Python stack)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from tools.vm import vm_app  # noqa: E402

from uno.saves.codec import load, unpack_match  # noqa: E402

MISSING = {cp: vm_app.missing(badge=True, cp=cp) for cp in (10, 9)}
pytestmark = pytest.mark.slow

# Options' preset turned to party and a 5000 target, then RIGHT, A, B at the table
# (vm_app.SCRIPTS says how)
CHOOSE_AND_PLAY = vm_app.SCRIPTS["party"]


@pytest.mark.parametrize("seats, heap, cp", [
    ("human,advanced", vm_app.BADGE_HUMAN_KB, 10),
    ("human,normal,advanced", vm_app.BADGE_HUMAN_KB, 10),
    ("human,advanced,advanced,advanced", vm_app.PARTY_HUMAN_KB, 10),
    ("human,advanced,advanced,advanced", vm_app.PARTY_HUMAN_KB, 9)])
def test_a_party_match_plays_from_the_buttons_on_the_badge(tmp_path, seats, heap, cp):
    if MISSING[cp] is not None:
        pytest.skip("badge-model VM: %s" % MISSING[cp])
    assert heap <= vm_app.BADGE_HUMAN_KB  # a person's budget, whatever the rules
    vm_app.build(tmp_path, cp=cp)
    r = vm_app.run(tmp_path, heap, seats=seats, keys=CHOOSE_AND_PLAY,
                   hands=2, badge=True, cp=cp, timeout=900)
    assert r.ok, r.why()
    assert r.hands >= 2 and "@reload /start/new.py" in r.out
    saved = load(bytearray((tmp_path / "nvm.bin").read_bytes()))[0]  # (Saved, notice)
    assert saved.settings.preset == "party" and saved.settings.target == 5000
    g = unpack_match(saved.match)[0]  # the match saved at the first hand's end
    rules = g.rules
    assert (rules.seven_zero, rules.jump_in, rules.stacking, rules.draw) == (
        "on", "on", "mixed", "match"), rules
    assert g.nseats == len(seats.split(",")) and rules.target == 5000
