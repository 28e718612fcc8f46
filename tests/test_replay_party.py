"""tools/records/replay.py with the party rules (RULES.md `seven_zero`, `jump_in`, `draw=match`,
`stacking=mixed`): self-play records of every level at 2, 3 and 4 seats pass, and records
hand-edited to break those rules are refused with the line that breaks them."""

import copy
import io
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from tools.records.replay import check_file, load

ROOT = Path(__file__).resolve().parent.parent


def selfplay(*args):
    return subprocess.run([sys.executable, str(ROOT / "tools" / "ai" / "selfplay.py"),
                           *map(str, args)], capture_output=True, text=True, cwd=ROOT, timeout=300)


def verdict(events):
    """(ok, the checker's line) for ``events`` written as a file."""
    buf = io.StringIO()
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "r.jsonl"
        f.write_text("".join(json.dumps(e) + "\n" for e in events))
        ok = check_file(str(f), out=buf)
    return ok, buf.getvalue().strip()


@pytest.fixture(scope="module")
def party(tmp_path_factory):
    """One party match of Normal seats at 3 seats (every new event in it)."""
    f = tmp_path_factory.mktemp("party") / "p.jsonl"
    r = selfplay("--seed", "5", "--preset", "party", "--seats", "3", "--player", "normal",
                 "--log", f, "--quiet")
    assert r.returncode == 0, r.stderr
    return load(f)


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("player", ["first", "easy", "normal", "advanced"])
def test_selfplay_with_every_new_rule_passes_replay(tmp_path, seats, player):
    """Self-play at the party preset (`seven_zero=on jump_in=on stacking=mixed draw=match
    one_call=required`) writes records tools/records/replay.py accepts."""
    f = tmp_path / "s.jsonl"
    hands = ["--hands", "3"] if player == "advanced" else []
    r = selfplay("--seed", "11", "--preset", "party", "--seats", seats, "--player", player,
                 "--log", f, "--quiet", *hands)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "records" / "replay.py"), str(f)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout
    assert out.stdout.startswith("ok:")


def test_the_party_record_has_every_new_event(party):
    kinds = {e["ev"] for e in party}
    assert {"swap", "rotate"} <= kinds
    assert any(e.get("jump") for e in party)
    assert party[0]["rules"]["seven_zero"] == "on" and party[0]["rules"]["jump_in"] == "on"
    assert verdict(party)[0]


def _first(events, test):
    return next(i for i, e in enumerate(events) if test(e))


def test_a_swap_with_another_seat_than_the_record_says_is_refused(party):
    """`swap`: who with whom; a swap with the wrong seat gives other hands than the record."""
    ev = copy.deepcopy(party)
    i = _first(ev, lambda e: e["ev"] == "swap")
    n = len(ev[0]["seats"])
    ev[i]["with"] = next(s for s in range(n) if s not in (ev[i]["p"], ev[i]["with"]))
    ok, line = verdict(ev)
    # the swap itself is a legal choice; the hands it gives do not play as recorded
    assert not ok and int(line.split(":")[1]) > i + 1


def test_a_swap_with_oneself_is_refused(party):
    ev = copy.deepcopy(party)
    i = _first(ev, lambda e: e["ev"] == "swap")
    ev[i]["with"] = ev[i]["p"]
    ok, line = verdict(ev)
    assert not ok and ":%d:" % (i + 1) in line and "swap" in line


def test_a_swap_left_out_is_refused(party):
    """A 7 under `seven_zero=on` is followed by its player's swap."""
    ev = copy.deepcopy(party)
    i = _first(ev, lambda e: e["ev"] == "swap")
    del ev[i]
    ok, line = verdict(ev)
    assert not ok and ":%d:" % (i + 1) in line


def test_a_rotate_left_out_or_turned_is_refused(party):
    """A 0 passes every hand on in the direction of play: the core writes `rotate` itself."""
    i = _first(party, lambda e: e["ev"] == "rotate")
    ev = copy.deepcopy(party)
    ev[i]["dir"] = -ev[i]["dir"]
    ok, line = verdict(ev)
    assert not ok and ":%d:" % (i + 1) in line
    ev = copy.deepcopy(party)
    del ev[i]
    ok, line = verdict(ev)
    assert not ok and ":%d:" % (i + 1) in line
    ev = copy.deepcopy(party)
    ev[i]["dir"] = 2
    ok, line = verdict(ev)
    assert not ok and "dir must be 1 or -1" in line


def test_a_jump_by_a_seat_without_the_card_is_refused(party):
    """`"jump": true` only for a seat that held the identical card."""
    ev = copy.deepcopy(party)
    i = _first(ev, lambda e: e.get("jump"))
    n = len(ev[0]["seats"])
    ev[i]["p"] = next(s for s in range(n) if s not in (ev[i]["p"], ev[i - 1].get("p")))
    ok, line = verdict(ev)
    assert not ok and ":%d:" % (i + 1) in line


def test_a_jump_on_a_different_card_is_refused(party):
    """Jumping in takes the identical card: same colour and same kind."""
    ev = copy.deepcopy(party)
    i = _first(ev, lambda e: e.get("jump"))
    c = ev[i]["card"]
    ev[i]["card"] = ("B" if c[0] != "B" else "R") + c[1:]
    ok, line = verdict(ev)
    assert not ok and ":%d:" % (i + 1) in line


def test_a_jump_flag_dropped_or_written_false_is_refused(party):
    """A play out of turn is a `play` event with `"jump": true`. (Without the flag a jump by the
    seat whose turn comes next reads as its play in turn, which the rules allow: the first
    jump by a seat further on is edited.)"""
    jumps = [i for i, e in enumerate(party) if e.get("jump")]
    refused = []
    for i in jumps[:12]:
        ev = copy.deepcopy(party)
        del ev[i]["jump"]
        ok, line = verdict(ev)
        if not ok:
            refused.append((i, line))
    assert refused
    i, line = refused[0]
    assert ":%d:" % (i + 1) in line
    ev = copy.deepcopy(party)
    ev[i]["jump"] = False
    ok, line = verdict(ev)
    assert not ok and "jump is written only as true" in line


def test_a_jump_without_the_option_is_refused(party):
    """`jump_in=off`: nobody plays out of turn."""
    ev = copy.deepcopy(party)
    del ev[0]["rules"]["jump_in"]
    i = _first(ev, lambda e: e.get("jump"))
    ok, line = verdict(ev)
    assert not ok
    assert int(line.split(":")[1]) <= i + 1


def test_a_match_draw_stopped_early_is_refused(party):
    """`draw=match`: the drawing goes on until a card that fits; a record that stops at an
    unplayable card is refused."""
    ev = copy.deepcopy(party)
    seq = [i for i in range(1, len(ev) - 1)
           if ev[i]["ev"] == "draw" and ev[i]["why"] == "turn"
           and ev[i + 1]["ev"] == "draw" and ev[i + 1]["why"] == "turn"
           and ev[i + 1]["p"] == ev[i]["p"]]
    assert seq, "no run of draws in the record"
    i = seq[0] + 1
    del ev[i]
    ok, line = verdict(ev)
    assert not ok and ":%d:" % (i + 1) in line


@pytest.mark.parametrize("option, plain", [("seven_zero", "off"), ("draw", "one"),
                                           ("stacking", "on")])
def test_a_record_under_other_rules_than_it_says_is_refused(party, option, plain):
    """The same events under the `match` line's rules without one of the party rules break
    them somewhere (a swap, a run of draws, a W+4 on a +2)."""
    ev = copy.deepcopy(party)
    ev[0]["rules"][option] = plain
    ok, line = verdict(ev)
    assert not ok
    assert any(w in line for w in ("is not what the rules do next", "record has", "illegal"))
