"""The simulator's game record (--log) across runs with a save file (--nvm): a simulator
killed after a save point, then continued, leaves one record that tools/records/replay.py accepts; a
run that writes nothing leaves the file alone; a record that is not the continued match's is
never joined to it; and a run that ends on a page opened from the pause menu ends the match
with quit (docs/FORMATS.md: "Every match in a record ends with exactly one of match_end,
quit")."""

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tools.records.replay import check_file

from host_sim import __main__ as M
from host_sim import script as S

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
           PYGAME_HIDE_SUPPORT_PROMPT="1")


def events(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def replays(path):
    """tools/records/replay.py's verdict on the file, as a user runs it: (ok, what it printed)."""
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "records" / "replay.py"), str(path)],
                       capture_output=True, text=True, timeout=120)
    return r.returncode == 0, r.stdout + r.stderr


def run(tmp_path, keys, *extra, seed=3):
    """One headless run in this process with tmp_path's n.bin and g.jsonl: (exit status,
    stderr)."""
    argv = ["--headless", "--quiet", "--no-sound", "--no-render", "--seed", str(seed),
            "--nvm", str(tmp_path / "n.bin"), "--log", str(tmp_path / "g.jsonl"),
            "--keys", keys, *extra]
    err = io.StringIO()
    old = sys.stderr
    sys.stderr = err
    try:
        rc = M.main(argv)
    finally:
        sys.stderr = old
    return rc, err.getvalue()


@pytest.mark.parametrize("saves, after", [(2, 0.05), (4, 0.4)])
def test_a_simulator_killed_after_a_save_point_continues_its_record(tmp_path, saves, after):
    """The simulator as a separate process plays a whole match (the built-in player's
    presses) with --nvm and --log, and is killed (SIGKILL) mid-match after its save file was
    written ``saves`` times. The next run's Continue (the title's first item) plays on: the
    file is one record, from the match's start, that tools/records/replay.py accepts."""
    keys = tmp_path / "match.keys"
    demo = M.demo_keys(M.parse_args(["--headless", "--seed", "3"]))
    keys.write_text(" ".join(tok for _kind, _bit, tok in demo))
    nvm, log = tmp_path / "n.bin", tmp_path / "g.jsonl"
    p = subprocess.Popen([sys.executable, "-m", "host_sim", "--headless", "--quiet",
                          "--no-sound", "--no-render", "--seed", "3", "--nvm", str(nvm),
                          "--log", str(log), "--keys", "@" + str(keys)],
                         cwd=tmp_path, env=ENV, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    seen, last = 0, None
    deadline = time.time() + 120
    try:
        while seen < saves and time.time() < deadline and p.poll() is None:
            if nvm.exists():
                mtime = nvm.stat().st_mtime_ns
                if mtime != last:
                    seen, last = seen + 1, mtime
            time.sleep(0.005)
        time.sleep(after)
        assert p.poll() is None, "the match ended before the kill: %s" % p.stderr.read()
        p.send_signal(signal.SIGKILL)
    finally:
        p.kill()
        p.wait()
        p.stderr.close()
    killed = events(log)
    assert killed[-1]["ev"] not in ("quit", "match_end"), "not killed mid-match"
    rc, err = run(tmp_path, "A A RIGHT A B A")
    assert rc == 0 and err == "", err
    ok, said = replays(log)
    assert ok, said
    ev = events(log)
    assert ev[0]["ev"] == "match" and [e["ev"] for e in ev].count("match") == 1
    assert ev[-1] == {"ev": "quit", "p": 0}


def test_a_run_that_only_visits_the_title_leaves_the_record_alone(tmp_path):
    """A match saved at the pause menu; a run that only shows the title (with the same
    --log) leaves the file byte for byte; Continue then goes on with the whole record, not a
    lone quit."""
    log = tmp_path / "g.jsonl"
    assert run(tmp_path, "A A START B") == (0, "")
    before = log.read_bytes()
    assert run(tmp_path, "WAIT:1") == (0, "")
    assert log.read_bytes() == before
    assert run(tmp_path, "A A") == (0, "")
    ok, said = replays(log)
    assert ok, said
    ev = events(log)
    assert ev[0]["ev"] == "match" and len(ev) > 3 and ev[-1] == {"ev": "quit", "p": 0}


@pytest.mark.parametrize("second", ["DOWN A A", "DOWN A A A START B"])
def test_a_new_match_begun_over_a_saved_one_keeps_its_record(tmp_path, second):
    """The title's New match while a match is saved: until the new match's first save point
    (``DOWN A A``: none) Continue still goes on with the old one, so its record stays: the new
    match follows it (after its quit, as when a new match is begun from the pause menu). (The
    title asks before a new match replaces a saved one: the second A says yes.)
    Continue then goes on with whichever match is saved, and the file replays."""
    log = tmp_path / "g.jsonl"
    assert run(tmp_path, "A A START B") == (0, "")
    assert run(tmp_path, second, seed=9) == (0, "")
    ok, said = replays(log)
    assert ok and said.count("ok: ") == 2, said
    assert run(tmp_path, "A B") == (0, "")
    ok, said = replays(log)
    assert ok, said
    matches = [e["seed"] for e in events(log) if e["ev"] == "match"]
    assert matches == ([3] if second == "DOWN A A" else [3, 9])


@pytest.mark.parametrize("first", ["none", "another"])
def test_continue_never_joins_a_record_that_is_not_the_matchs(tmp_path, first):
    """A match saved by a run without --log (``none``: no file), or whose file then got
    another match's record (``another``): Continue with --log says so in one line, records
    nothing of that match, and leaves the file as it was."""
    log = tmp_path / "g.jsonl"
    if first == "none":
        rc = M.main(["--headless", "--quiet", "--no-sound", "--no-render", "--seed", "3",
                     "--nvm", str(tmp_path / "n.bin"), "--keys", "A A START B"])
        assert rc == 0
    else:
        assert run(tmp_path, "A A START B") == (0, "")
        M.main(["--headless", "--quiet", "--no-sound", "--no-render", "--seed", "8", "--log",
                str(log), "--keys", "A B B"])
    before = log.read_bytes() if log.exists() else None
    rc, err = run(tmp_path, "A A B")
    assert rc == 0
    assert err.startswith("host_sim: --log ") and err.count("\n") == 1, err
    assert "does not hold the continued match's record" in err
    assert (log.read_bytes() if log.exists() else None) == before


@pytest.mark.parametrize("keys, page", [("A START DOWN DOWN A", "graph"),
                                        ("A START DOWN DOWN DOWN A", "options"),
                                        ("A START DOWN DOWN DOWN DOWN A", "help")])
def test_a_run_ending_on_a_page_from_the_pause_menu_ends_the_match_with_quit(
        tmp_path, keys, page):
    """The page runs as a fresh program with the paused match in the save: the record still
    ends with the human's quit and replays; the next run's Continue replays too."""
    log = tmp_path / "g.jsonl"
    args = M.parse_args(["--headless", "--quiet", "--no-sound", "--seed", "3", "--nvm",
                         str(tmp_path / "n.bin"), "--log", str(log), "--keys", keys])
    app = M.run_headless(args, S.parse(keys), out=io.StringIO())[0]
    assert app.top().module == "uno.app." + page and app.paused is not None
    assert events(log)[-1] == {"ev": "quit", "p": 0}
    ok, said = replays(log)
    assert ok, said
    assert run(tmp_path, "A A B") == (0, "")
    ok, said = replays(log)
    assert ok, said


def test_a_computer_match_ending_on_a_page_ends_with_quit_by_null(tmp_path):
    """FORMATS.md: with no human seat "a program that stops such a match writes {"ev":
    "quit", "p": null}"; so too when the run ends on the score graph opened from a hand's
    results (SELECT), a program of its own while the match goes on."""
    log = tmp_path / "g.jsonl"
    args = M.parse_args(["--headless", "--quiet", "--no-sound", "--seed", "3", "--seats",
                         "easy,normal", "--nvm", str(tmp_path / "n.bin"), "--log", str(log),
                         "--keys", "A SELECT"])
    app = M.run_headless(args, S.parse("A SELECT"), out=io.StringIO())[0]
    assert app.top().module == "uno.app.graph" and app.paused is not None
    assert events(log)[-1] == {"ev": "quit", "p": None}
    assert check_file(str(log), out=io.StringIO())
