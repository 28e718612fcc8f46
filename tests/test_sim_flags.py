"""The simulator's flags as a new contributor uses them (docs/APP.md): every seat layout
plays, paths are the caller's, bad flags give one line, scripts are capped, a missing X server
falls back to headless, and the window's keys."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tools.records.replay import check_file

from host_sim import __main__ as M
from host_sim import script as S
from host_sim.hw import OutputError

ROOT = Path(__file__).resolve().parent.parent


def sim(capsys, *args):
    """Run ``python -m host_sim --headless ARGS`` in this process: (exit status, out, err)."""
    rc = M.main(["--headless", "--no-sound", "--quiet", *args])
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def events(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


@pytest.mark.parametrize("seats", ["human,human", "easy,normal", "normal,human",
                                   "human,easy,human,normal"])
def test_builtin_player_plays_every_seat_layout(capsys, tmp_path, seats):
    """With no --keys the built-in player plays a whole match for any seats, hot seat (the
    hand-over page) and no human included; the record it writes replays under the rules."""
    log = tmp_path / "g.jsonl"
    rc, out, err = sim(capsys, "--seats", seats, "--seed", "2", "--no-render",
                       "--screenshot", str(tmp_path / "s.png"), "--log", str(log))
    assert rc == 0, err
    assert "won the match" in out and (tmp_path / "s.png").exists()
    assert events(log)[-1]["ev"] == "match_end"
    assert check_file(str(log), out=open(os.devnull, "w"))


def test_first_human_sits_in_seat_0(capsys, tmp_path):
    """FORMATS.md: "Seats are numbered from 0; seat 0 is the first human." --seats
    normal,human is turned round (order of play kept); the quit is by that human."""
    log = tmp_path / "g.jsonl"
    rc, out, err = sim(capsys, "--seats", "normal,easy,human,normal", "--keys", "A RIGHT",
                       "--log", str(log))
    assert rc == 0, err
    ev = events(log)
    assert ev[0]["seats"] == ["human", "normal", "normal", "easy"]
    assert ev[-1] == {"ev": "quit", "p": 0}


def test_stopped_match_with_no_human_ends_with_quit_by_null(capsys, tmp_path):
    """FORMATS.md: a match with no human seat that the program stops ends with quit, p null."""
    log = tmp_path / "g.jsonl"
    rc, out, err = sim(capsys, "--seats", "easy,normal", "--keys", "A WAIT:3", "--log", str(log))
    assert rc == 0, err
    assert events(log)[-1] == {"ev": "quit", "p": None}
    assert check_file(str(log), out=open(os.devnull, "w"))


@pytest.mark.parametrize("args, says", [
    (["--keys", "@no-such-file.keys"], "--keys @no-such-file.keys: cannot read"),
    (["--keys", "A", "--screenshot", "no-such-dir/s.png"], "does not exist"),
    (["--keys", "A", "--screenshot", "."], "is a folder"),
    (["--keys", "A", "--log", "."], "is a folder"),
    (["--keys", "A", "--log", "no-such-dir/g.jsonl"], "does not exist"),
    (["--keys", "A", "--scale", "0"], "--scale must be 1-10"),
    (["--keys", "A", "--scale", "-2"], "--scale must be 1-10"),
    (["--keys", "RIGHT x99999999"], "at most x10000"),
    (["--keys", "WAIT:99999999"], "at most WAIT:30000"),
    # Arabic-Indic three: str.isdecimal() takes it, int() reads it as 3
    (["--keys", "A x\u0663"], "'x\u0663': a repeat count is written in ASCII digits 0-9"),
    (["--keys", "WAIT:\u0663"], "'WAIT:\u0663': a frame count is written in ASCII digits 0-9"),
    (["--keys", ""], "--keys is empty: leave --keys out for the built-in player's demo match"),
    (["--keys", " # only a comment"], "no presses in the script; leave --keys out"),
    (["--keys", "A", "--preset", ""], "--preset is empty: name one of classic"),
    (["--keys", "A", "--nvm", ""], "--nvm is empty: name a save file, or 'none'"),
    (["--keys", "A", "--log", ""], "--log is empty: name a FILE.jsonl, or leave --log out"),
    (["--keys", "A", "--screenshot", ""], "--screenshot is empty: name a FILE.png"),
    # found before the run, not after the whole match
    (["--keys", "A", "--screenshot", "x.txt"], "x.txt: the file is written as PNG: name it"),
    (["--keys", "A", "--screenshot", "shot"], "shot: the file is written as PNG: name it"),
    # system folders where nothing can be made (os.access says yes to root)
    (["--keys", "A", "--log", "/proc/x.jsonl"], "--log /proc/x.jsonl: cannot write: "),
    (["--keys", "A", "--log", "/sys/x.jsonl"], "--log /sys/x.jsonl: cannot write: "),
    (["--keys", "A", "--screenshot", "/proc/s.png"], "--screenshot /proc/s.png: cannot write"),
    (["--keys", "A", "--nvm", "/proc/n.bin"], "--nvm /proc/n.bin: cannot write: "),
])
def test_bad_flags_give_one_line_and_write_nothing(capsys, tmp_path, monkeypatch, args, says):
    """Bad input: one line on stderr, exit 2, checked before the run, so no record is
    started and nothing is written."""
    monkeypatch.chdir(tmp_path)
    rc, out, err = sim(capsys, *args, "--log", "x.jsonl") if "--log" not in args else \
        sim(capsys, *args)
    assert rc == 2
    assert err.startswith("host_sim: ") and err.count("\n") == 1 and says in err, err
    assert not (tmp_path / "x.jsonl").exists()


@pytest.mark.parametrize("flag", ["--seed", "--speed", "--scale"])
def test_numbers_take_ascii_digits_only(capsys, flag):
    """int() reads other scripts' digits ("\u0663" is 3): a number flag says it wants 0-9."""
    with pytest.raises(SystemExit) as e:
        sim(capsys, "--keys", "A", flag, "\u0663")
    assert e.value.code == 2
    assert "'\u0663' is not a whole number in ASCII digits 0-9" in capsys.readouterr().err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("flag, name", [("--log", "/dev/full"), ("--log", "full.jsonl"),
                                        ("--screenshot", "full.png")])
def test_a_full_disk_gives_one_line_and_a_failing_status(capsys, tmp_path, monkeypatch, flag,
                                                         name):
    """A write that fails during the run (/dev/full, or a file name that leads to it, as a
    full disk does): one line naming the file and the reason, exit status 1, no traceback."""
    monkeypatch.chdir(tmp_path)
    if name != "/dev/full":
        os.symlink("/dev/full", name)
    rc, out, err = sim(capsys, "--keys", "A RIGHT", flag, name)
    assert rc == 1
    assert err == "host_sim: %s %s: cannot write: No space left on device\n" % (flag, name)


@pytest.mark.parametrize("flag, name", [("--log", "g.jsonl"), ("--screenshot", "s.png")])
def test_a_disk_already_full_is_found_before_the_run(capsys, tmp_path, monkeypatch, flag, name):
    """A disk with no free block: one line before anything is played, exit 2, no file."""
    monkeypatch.chdir(tmp_path)
    full = os.statvfs(tmp_path)
    monkeypatch.setattr(M.os, "statvfs", lambda path: type(full)(
        (full.f_bsize, full.f_frsize, full.f_blocks, 0, 0) + tuple(full)[5:]))
    rc, out, err = sim(capsys, "--keys", "A RIGHT", flag, name)
    assert rc == 2 and not (tmp_path / name).exists()
    assert err == "host_sim: %s %s: cannot write: no space left on the disk of %s\n" % (
        flag, name, tmp_path)


def test_script_caps():
    """Repeats, one WAIT, all WAITs and the script's length are capped with a clear error;
    a script just under the caps is fine."""
    assert len(S.parse("RIGHT x%d" % S.MAX_REPEAT)) == S.MAX_REPEAT
    assert S.parse("WAIT:%d" % S.MAX_WAIT)[0] == ("wait", S.MAX_WAIT, "WAIT:%d" % S.MAX_WAIT)
    for text, says in (("RIGHT x%d" % (S.MAX_REPEAT + 1), "at most x"),
                       ("WAIT:%d" % (S.MAX_WAIT + 1), "at most WAIT"),
                       ("WAIT:%d x11" % S.MAX_WAIT, "WAIT frames in all"),
                       ("A x10000 " * 10 + "B", "longer than")):
        with pytest.raises(S.ScriptError, match=says):
            S.parse(text)


def test_help_states_seed_range_and_caps(capsys):
    """--help says what the game does with a seed (modulo 2^32, uno.core.rng) and the caps."""
    with pytest.raises(SystemExit):
        M.parse_args(["--help"])
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps the lines
    assert "modulo 2^32" in out
    assert str(S.MAX_WAIT) in out and str(S.MAX_REPEAT) in out and "1-10" in out


def test_seeds_are_taken_modulo_2_32():
    """The claim in --help: seeds N and N + 2^32 (and -1 and 2^32 - 1) deal the same."""
    from uno.core.rng import Rng

    for a, b in ((5, 5 + (1 << 32)), (-1, (1 << 32) - 1)):
        assert [Rng(a).next32() for _ in range(3)] == [Rng(b).next32() for _ in range(3)]


def test_record_ends_before_the_screenshot(capsys, tmp_path, monkeypatch):
    """A screenshot that fails (disk full, ...) no longer costs the record its quit line."""
    from host_sim.display import FramebufferDisplay

    def fail(self, path, scale=1):
        raise OSError("disk full")

    monkeypatch.setattr(FramebufferDisplay, "save_png", fail)
    log = tmp_path / "g.jsonl"
    args = M.parse_args(["--headless", "--keys", "A RIGHT", "--quiet", "--log", str(log),
                         "--screenshot", str(tmp_path / "s.png")])
    with pytest.raises(OutputError, match="--screenshot .*s.png: cannot write: disk full"):
        M.run_headless(args, S.parse("A RIGHT"))
    assert events(log)[-1] == {"ev": "quit", "p": 0}


def test_play_sh_keeps_the_callers_folder(tmp_path):
    """./play.sh from another folder: relative --screenshot, --log and --keys @FILE are that
    folder's, not the repository's; and that folder's own Python files (a copy of the
    CIRCUITPY drive has a code.py) do not shadow the game's modules."""
    (tmp_path / "k.keys").write_text("A RIGHT A\n")
    for name in ("code.py", "displayio.py", "board.py"):
        (tmp_path / name).write_text("raise SystemExit('shadowed: %s')\n" % name)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    shot, log = "play-sh-test.png", "play-sh-test.jsonl"  # names nobody else uses
    r = subprocess.run([str(ROOT / "play.sh"), "--seed", "3", "--keys", "@k.keys",
                        "--screenshot", shot, "--log", log, "--quiet"],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert (tmp_path / shot).exists() and (tmp_path / log).exists()
    assert not (ROOT / shot).exists() and not (ROOT / log).exists()


def test_unreachable_x_server_falls_back_to_headless(tmp_path):
    """DISPLAY set but no X server answers: one line says so and the match runs headless
    (SDL would otherwise draw off-screen where nobody sees it)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    env["DISPLAY"] = ":97"
    env["SDL_AUDIODRIVER"] = "dummy"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--seats", "easy,normal",
                        "--no-sound", "--seed", "1", "--screenshot", str(tmp_path / "s.png")],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "host_sim: no window (DISPLAY=:97" in r.stdout and "running headless" in r.stdout
    assert (tmp_path / "s.png").exists()


def test_window_keys_a_pc_player_tries():
    """Window keymap: Space and Enter are A, Backspace and P are B, Esc START, Tab SELECT,
    arrows the D-pad; the B key is only a colour pick (blue), never the B button; the legend
    names them."""
    import pygame

    from uno.app import input as I

    km = M.make_keymap(pygame)
    assert km[pygame.K_SPACE] == km[pygame.K_RETURN] == km[pygame.K_KP_ENTER] == I.A
    assert km[pygame.K_BACKSPACE] == km[pygame.K_p] == I.B
    assert km[pygame.K_ESCAPE] == I.START and km[pygame.K_TAB] == I.SELECT
    assert [km[k] for k in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)] == \
        [I.UP, I.DOWN, I.LEFT, I.RIGHT]
    assert km[pygame.K_b] == I.PICK_BLUE and km[pygame.K_r] == I.PICK_RED
    assert all(km[k] & I.PICKS == 0 or k in (pygame.K_r, pygame.K_y, pygame.K_g, pygame.K_b)
               for k in km)
    legend = " ".join(M.LEGEND)
    for word in ("Space", "Return", "Backspace", "P", "Tab", "Esc", "colour picker"):
        assert word in legend
