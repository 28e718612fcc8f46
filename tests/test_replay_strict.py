"""The record checker (tools/records/replay.py) and the self-play tool with cut, edited and
malformed records and bad arguments (docs/FORMATS.md)."""

import copy
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tools.records.replay import RecordError, check_file, check_record, load

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "golden" / "records").glob("*.jsonl"))


def replay(*args, cwd=ROOT):
    return subprocess.run([sys.executable, str(ROOT / "tools" / "records" / "replay.py"),
                           *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=120)


def selfplay(*args):
    return subprocess.run([sys.executable, str(ROOT / "tools" / "ai" / "selfplay.py"),
                           *map(str, args)], capture_output=True, text=True, cwd=ROOT, timeout=120)


def write(path, events):
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def fails(events):
    """The checker's one line for ``events`` written as a file, or None when it says ok."""
    buf = io.StringIO()
    with tempfile.TemporaryDirectory() as d:
        f = write(Path(d) / "r.jsonl", events)
        ok = check_file(str(f), out=buf)
    lines = buf.getvalue().splitlines()
    assert len(lines) == 1, lines
    return None if ok else lines[0].split("r.jsonl", 1)[1]


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """Records made now: self-play (3 seats, house rules) and the simulator (a quit)."""
    d = tmp_path_factory.mktemp("rec")
    assert selfplay("--seed", "9", "--preset", "house", "--seats", "3", "--log",
                    d / "self.jsonl").returncode == 0
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--quiet", "--seed", "4",
                        "--keys", "A RIGHT A B WAIT:100 A", "--log", str(d / "sim.jsonl")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return [d / "self.jsonl", d / "sim.jsonl"]


def test_usage_help_and_no_arguments():
    """No arguments: usage on stderr, exit 2. --help: usage, exit 0. Neither says ok."""
    r = replay()
    assert r.returncode == 2 and "usage" in r.stderr and "ok" not in r.stdout
    r = replay("--help")
    assert r.returncode == 0 and r.stdout.startswith("usage") and "Traceback" not in r.stderr


def test_every_bad_file_gets_one_line_and_the_next_file_is_still_checked(tmp_path):
    """An empty file, a missing file, a folder, a bare JSON value: one ``FILE: what`` line
    each, the good file after them is still checked, exit 1, no traceback."""
    (tmp_path / "empty.jsonl").write_text("")
    (tmp_path / "bare.jsonl").write_text("7\n")
    (tmp_path / "junk.jsonl").write_text('{"ev": "match"\n')
    r = replay("empty.jsonl", "missing.jsonl", ".", "bare.jsonl", "junk.jsonl", GOLDEN[0],
               cwd=tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    out = r.stdout.splitlines()
    assert len(out) == 6, out
    assert out[0] == "empty.jsonl: empty: no match in it"
    assert out[1].startswith("missing.jsonl: cannot read")
    assert out[2].startswith(".: cannot read")
    assert out[3].startswith("bare.jsonl:1: ")
    assert out[4].startswith("junk.jsonl:1: not JSON")
    assert out[5].startswith("ok: ")


def test_every_cut_record_fails_and_the_whole_one_passes(fresh):
    """FORMATS.md: a record ends with match_end, or quit when the match was left unfinished;
    every proper prefix cut at a line boundary is incomplete and fails, the whole record
    passes (golden records, a fresh self-play record and a simulator record)."""
    for path in GOLDEN + fresh:
        events = load(path)
        assert events[-1]["ev"] in ("match_end", "quit")
        assert check_record(events)
        for k in range(1, len(events)):
            with pytest.raises(RecordError):
                check_record(events[:k])
        assert fails(events[:len(events) // 2]).startswith(":%d: incomplete" % (len(events) // 2))


def edited(path, pick, change):
    """The record at ``path`` with ``change(event)`` applied to the first event ``pick`` likes;
    (events, line number changed)."""
    events = load(path)
    for k, e in enumerate(events):
        if pick(e):
            change(e)
            return events, k + 1
    raise AssertionError("no such event")


@pytest.mark.parametrize("what, pick, change", [
    ("p true", lambda e: e["ev"] == "play" and e["p"] == 1,
     lambda e: e.__setitem__("p", True)),
    ("float score", lambda e: e["ev"] == "hand_end",
     lambda e: e["scores"].__setitem__(0, float(e["scores"][0]))),
    ("called 1", lambda e: e["ev"] == "one", lambda e: e.__setitem__("called", 1)),
    ("string dealer", lambda e: e["ev"] == "hand", lambda e: e.__setitem__("dealer", "0")),
    ("hands 7", lambda e: e["ev"] == "hand", lambda e: e.__setitem__("hands", 7)),
    ("extra field", lambda e: e["ev"] == "pass", lambda e: e.__setitem__("why", "x")),
    ("six cards dealt", lambda e: e["ev"] == "hand", lambda e: e["hands"][1].pop()),
    ("a card twice", lambda e: e["ev"] == "hand",
     lambda e: e["hands"][0].__setitem__(0, e["hands"][0][1])),
    ("seat 9", lambda e: e["ev"] == "draw", lambda e: e.__setitem__("p", 9)),
    ("lower-case card", lambda e: e["ev"] == "play" and e["card"][1].isdigit(),
     lambda e: e.__setitem__("card", e["card"].lower())),
])
def test_types_and_seats_are_checked_strictly(what, pick, change):
    """JSON true is not 1, 3.0 is not 3, "0" is not a seat: each edit fails on its line."""
    events, line = edited(GOLDEN[1], pick, change)
    msg = fails(events)
    assert msg is not None and msg.startswith(":%d: " % line), (what, msg)


def human_record(tmp_path, seats, keys="A RIGHT"):  # the title's New match, then a move
    from host_sim import __main__ as M

    log = tmp_path / ("%s.jsonl" % seats.replace(",", "-"))
    assert M.main(["--headless", "--quiet", "--no-sound", "--seats", seats, "--keys", keys,
                   "--log", str(log)]) == 0
    return load(log)


def test_quit_only_by_a_human_seat_or_null_with_none(tmp_path, capsys):
    """FORMATS.md: quit is "a human leaves" (p: a human seat); with no human seat a stopped
    match ends with quit by null. A quit by a computer, by an unknown seat, or null at a table
    with a human fails."""
    events = human_record(tmp_path, "human,normal,easy")
    assert fails(events) is None and events[-1] == {"ev": "quit", "p": 0}
    n = len(events)
    for p in (1, 2, 3, None, True):
        bad = copy.deepcopy(events)
        bad[-1]["p"] = p
        assert fails(bad).startswith(":%d: " % n), p
    events = human_record(tmp_path, "easy,normal")
    assert fails(events) is None and events[-1] == {"ev": "quit", "p": None}
    events[-1]["p"] = 0
    assert fails(events).startswith(":%d: quit by seat 0" % len(events))


def test_seat_0_is_the_first_human():
    """FORMATS.md: "seat 0 is the first human": a record with a human in seat 1 but a
    computer in seat 0 fails on line 1."""
    events = load(GOLDEN[1])
    events[0]["seats"] = events[0]["rules"]["seats"] = ["normal", "human"]
    assert fails(events).startswith(":1: seat 0 must be the first human")


def test_line_numbers_count_every_line_of_the_file(tmp_path):
    """Problems name the file's own line (blank lines and earlier matches counted)."""
    a = load(GOLDEN[0])
    b = load(GOLDEN[1])
    assert "p" in b[5]
    b[5]["p"] = 1 - b[5]["p"]
    f = tmp_path / "two.jsonl"
    f.write_text("\n".join(json.dumps(e) for e in a) + "\n\n"
                 + "\n".join(json.dumps(e) for e in b) + "\n")
    buf = io.StringIO()
    assert not check_file(str(f), out=buf)
    out = buf.getvalue().splitlines()
    assert out[0].startswith("ok: ") and out[1].startswith("%s:%d: " % (f, len(a) + 2 + 5))


_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 200), st.floats(allow_nan=False),
                    st.text(max_size=4), st.sampled_from(["R7", "W+4", "GS", "human", "turn"]),
                    st.lists(st.integers(0, 3), max_size=3), st.lists(st.text(max_size=3)))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_mutated_records_never_raise(data):
    """Mutated records (a field set to any JSON value, removed, a line dropped, doubled or
    moved) give RecordError or pass, never another exception."""
    events = load(data.draw(st.sampled_from(GOLDEN)))
    for _ in range(data.draw(st.integers(1, 3))):
        k = data.draw(st.integers(0, len(events) - 1))
        how = data.draw(st.sampled_from(["set", "del", "drop", "dup", "move", "bare"]))
        e = events[k]
        if how in ("set", "del") and isinstance(e, dict):
            key = data.draw(st.sampled_from(sorted(e) + ["zz"]))
            if how == "set":
                e[key] = data.draw(_VALUES)
            else:
                e.pop(key, None)
        elif how == "drop" and len(events) > 1:
            del events[k]
        elif how == "dup":
            events.insert(k, copy.deepcopy(e))
        elif how == "move":
            events.insert(data.draw(st.integers(0, len(events))), events.pop(k))
        elif how == "bare":
            events[k] = data.draw(_VALUES)
    try:
        check_record(events)
    except RecordError:
        pass


@pytest.mark.parametrize("args, says", [
    (["--player", "foo"], "--player: unknown 'foo'"),
    (["--log", "/no-such-dir/x.jsonl"], "--log /no-such-dir/x.jsonl: cannot write"),
    (["--matches", "0"], "--matches: at least 1"),
    (["--hands", "-5"], "--hands: 0 (whole matches) or more"),
    (["--log", ""], "--log is empty: name a FILE.jsonl, or leave --log out"),
    (["--seed", "\u0663"], "--seed needs a number, got '\u0663'"),
])
def test_selfplay_bad_arguments_one_line(args, says):
    """tools/ai/selfplay.py: bad input gets one clear line and exit 2, never a traceback."""
    r = selfplay(*args)
    assert r.returncode == 2 and r.stdout.startswith(says) and "Traceback" not in r.stderr, \
        r.stdout + r.stderr
    assert r.stdout.count("\n") == 1


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_selfplay_on_a_full_disk_says_one_line():
    """A record that cannot be written while the matches run (/dev/full: as a full disk):
    one line naming the file and the reason, exit status 1, no traceback."""
    r = selfplay("--log", "/dev/full")
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert r.stdout == "--log /dev/full: cannot write: No space left on device\n"


def test_selfplay_stopped_by_hands_writes_a_complete_record(tmp_path):
    """--hands stops a match early: the record ends with quit by null and replays."""
    log = tmp_path / "h.jsonl"
    assert selfplay("--hands", "2", "--seats", "3", "--log", log).returncode == 0
    events = load(log)
    assert events[-1] == {"ev": "quit", "p": None} and fails(events) is None
