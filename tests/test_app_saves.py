"""Saves wired into the app (docs/SAVES.md): the title's Continue, resuming a match
after a reset with the same table and one game record, save points, high scores, bad save
files, and the idle backlight. Runs the simulator's headless path (host_sim.__main__)."""

import io
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

from host_sim import __main__ as M
from host_sim import bot
from host_sim.bot import showing
from host_sim import script as S
from uno.core import cards
from uno.core import codes
from uno.app import begin, savepoint
from uno.app.hint import line, say
from uno.saves.codec import load

ROOT = Path(__file__).resolve().parent.parent


def sim(tmp_path, keys, name, *extra, seed=5):
    """One headless run (--cpu first, seed 5); (app, hw, screenshot path)."""
    shot = tmp_path / (name + ".png")
    argv = ["--headless", "--quiet", "--seed", str(seed), "--cpu", "first", "--keys", keys,
            "--screenshot", str(shot)] + list(extra)
    args = M.parse_args(argv)
    app, hw, _rows = M.run_headless(args, S.parse(keys), out=io.StringIO())
    return app, hw, shot


def message(app):
    return "".join(chr(32 + c) for c in app.view.msg._cells).rstrip()


def saved(path):
    s, notice = load(bytearray(path.read_bytes()))
    assert notice is None
    return s


def records(path):
    import json

    return [json.loads(x) for x in path.read_text().splitlines()]


def test_resume_after_a_reset_shows_the_same_table_and_keeps_one_record(tmp_path):
    """Required: "a headless run with --nvm F that stops mid-hand after a save point, then a
    second run with the same F, shows the same table (compare the screenshots) and the joined
    record passes tools/records/replay.py"."""
    nvm, log = tmp_path / "nvm.bin", tmp_path / "m.jsonl"
    common = ("--nvm", str(nvm), "--log", str(log))
    # a draw, a move, then the pause menu (a save point), closed again; the run stops there
    app1, hw1, shot1 = sim(tmp_path, "A B RIGHT START B", "before", *common)
    assert app1.top() is app1.table and saved(nvm).match
    kinds = [e["ev"] for e in records(log)]
    assert kinds[-1] == "quit" and "draw" in kinds
    # the next run: the title's arrow is on Continue, so A resumes
    app2, hw2, shot2 = sim(tmp_path, "A", "after", *common, seed=99)
    assert app2.top() is app2.table
    a, b = Image.open(shot1).convert("RGB"), Image.open(shot2).convert("RGB")
    assert a.tobytes() == b.tobytes(), "the resumed table differs from the saved one"
    g1, g2 = app1.table.g, app2.table.g
    assert (g2.hands, g2.discard, g2.actor, g2.scores, g2.names) == \
        (g1.hands, g1.discard, g1.actor, g1.scores, g1.names)
    # play on: one record, the first run's quit gone, and the core replays it all
    keys = "A " + " ".join(bot.next_keys(app2))
    app3, hw3, _ = sim(tmp_path, keys, "more", *common)
    ev = records(log)
    assert [e["ev"] for e in ev].count("match") == 1
    assert [e["ev"] for e in ev].count("quit") == 1 and ev[-1]["ev"] == "quit"
    assert len(ev) > len(kinds)
    assert bot.check_record(ev) == 1
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "records" / "replay.py"), str(log)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_title_menu_starts_on_continue_only_with_a_saved_match(tmp_path):
    nvm = tmp_path / "nvm.bin"
    app, _, shot = sim(tmp_path, "WAIT:1", "fresh", "--nvm", str(nvm))
    title = app.top()
    assert title.module == "uno.app.title" and title.items[title.sel] == 1  # New match
    assert message(app) == "No saves yet: defaults"
    sim(tmp_path, "A START", "save", "--nvm", str(nvm))
    app, _, shot = sim(tmp_path, "WAIT:1", "again", "--nvm", str(nvm))
    title = app.top()
    assert title.items[title.sel] == 0 and len(title.items) == 7  # Continue first
    # Quit to title keeps the match for Continue
    app, _, _ = sim(tmp_path, "A START UP A", "quit", "--nvm", str(nvm))
    assert app.top().module == "uno.app.title" and app.top().items[0] == 0 and saved(nvm).match


@pytest.mark.parametrize("content, notice", [
    (b"\xff" * 8192, "No saves yet: defaults"),
    (b"\x00" * 8192, "No saves yet: defaults"),
    (bytes(range(256)) * 32, "Saves unreadable: reset"),
    (b"UN\x01\x00\x20\x00" + b"\x17" * 100, "Saves unreadable: reset"),
])
def test_bad_save_files_give_defaults_and_one_line(tmp_path, content, notice):
    """SAVES.md: "data that does not check gives the defaults and a one-line notice, never a
    crash"; a new match then runs on the defaults."""
    nvm = tmp_path / "nvm.bin"
    nvm.write_bytes(content)
    app, _, _ = sim(tmp_path, "WAIT:1", "bad", "--nvm", str(nvm))
    assert message(app) == notice
    app, _, _ = sim(tmp_path, "A", "play", "--nvm", str(nvm))
    assert app.table.g.rules.seats == ("human", "normal") and app.table.names == ["YOU", "CPU"]


def test_random_save_files_never_stop_the_app(tmp_path):
    import random

    rnd = random.Random(7)
    for i in range(20):
        nvm = tmp_path / ("r%d.bin" % i)
        nvm.write_bytes(bytes(rnd.randrange(256) for _ in range(rnd.choice((10, 300, 8192)))))
        app, _, _ = sim(tmp_path, "A", "r", "--nvm", str(nvm))
        assert app.table.g is not None


def test_a_won_match_enters_the_high_scores_and_clears_the_saved_match(tmp_path, capsys):
    """Required: "a match won against computers enters it"; the saved match is cleared at the
    match's end. (Seed 5 with --cpu first: YOU win 571 to 118, tests/golden/match_over.png.)"""
    nvm = tmp_path / "nvm.bin"
    assert M.main(["--headless", "--quiet", "--seed", "5", "--cpu", "first", "--nvm", str(nvm),
                   "--no-render", "--screenshot", str(tmp_path / "s.png")]) == 0
    assert "YOU won the match" in capsys.readouterr().out
    s = saved(nvm)
    # kept as it ended: its high score goes in when the next program starts (the codec does
    # not share the match's heap); switching the badge off at the results loses nothing
    from uno.saves.bitread import saved_phase

    assert s.match and saved_phase(s.match) == codes.PH_MATCH_OVER and s.scores == []
    app, _, _ = sim(tmp_path, "WAIT:1", "next", "--nvm", str(nvm))
    assert app.stack[-1].module == "uno.app.title" and 0 not in app.stack[-1].items  # no Continue
    s = saved(nvm)
    assert s.match is None
    assert s.scores == [(571, "YOU", "classic", ("normal",))]


def test_save_points_write_at_most_once_in_ten_seconds(tmp_path):
    """SAVES.md: no save point for a long think; the pause menu's save point is written at
    once, or when ten seconds have passed since the last write; none when nothing changed."""
    nvm = tmp_path / "nvm.bin"
    app, hw, _ = sim(tmp_path, "A WAIT:320", "think", "--nvm", str(nvm))
    assert not nvm.exists(), "thinking is not a save point"
    app, hw, _ = sim(tmp_path, "A WAIT:320 START", "pause", "--nvm", str(nvm))
    assert saved(nvm).match and app.autosave.writes == 1
    # the pause menu again within ten seconds of that write: kept, written when the time is up
    app, hw, _ = sim(tmp_path, "A START B RIGHT START", "menu", "--nvm", str(tmp_path / "2"))
    assert app.autosave.writes == 1 and app.autosave.waiting()
    app, hw, _ = sim(tmp_path, "A START B RIGHT START WAIT:310", "later", "--nvm",
                     str(tmp_path / "3"))
    assert app.autosave.writes == 2 and not app.autosave.waiting()
    # opening and closing the menu again: nothing changed, nothing written
    app, hw, _ = sim(tmp_path, "A START B RIGHT START WAIT:310 B START B", "same", "--nvm",
                     str(tmp_path / "4"))
    assert app.autosave.writes == 2 and not app.autosave.waiting()


def test_idle_dims_then_sleeps_and_a_press_only_wakes(tmp_path):
    """Required: after one minute without a press the backlight dims; after five the screen
    and lights go off, the match saved first; any button wakes it where it was."""
    nvm = tmp_path / "nvm.bin"
    app, hw, _ = sim(tmp_path, "A WAIT:1850", "dim", "--nvm", str(nvm))
    assert hw.brightness == 1 and app.level == 1
    app, hw, _ = sim(tmp_path, "A WAIT:9200", "sleep", "--nvm", str(nvm))
    assert hw.brightness == 0 and hw.rgb == 0 and saved(nvm).match
    refreshed = hw.refreshes
    sel = app.table.sel
    app, hw, shot = sim(tmp_path, "A WAIT:9200 RIGHT", "wake", "--nvm", str(nvm))
    assert hw.brightness == 8 and app.level == -1
    assert app.table.sel == sel, "the waking press moved nothing"
    assert hw.refreshes > refreshed
    app, hw, _ = sim(tmp_path, "A WAIT:9200 RIGHT RIGHT", "wake2", "--nvm", str(nvm))
    assert app.table.sel == sel + 1


def test_headless_runs_touch_no_save_file_without_nvm(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app, hw, _ = sim(tmp_path, "A START", "none")
    assert app.autosave is None and not (tmp_path / "uno-pybadge").exists()
    assert M.nvm_path(M.parse_args([])) == str(tmp_path / "uno-pybadge" / "nvm.bin")
    assert M.nvm_path(M.parse_args(["--nvm", "none"])) is None


def test_bad_nvm_path_is_one_line(tmp_path):
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--keys", "A",
                        "--nvm", str(tmp_path / "no-such-dir" / "n.bin")], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.startswith("host_sim: --nvm ")
    assert len(r.stderr.strip().splitlines()) == 1


def test_extra_bytes_round_trip(tmp_path):
    app, _, _ = sim(tmp_path, "A B", "x")
    app.match.history = [(0, 12), (40, 12), (40, 300)]
    app.lines = 70001
    tb = app.table
    data = savepoint.extra(app.match)
    assert begin.read_extra(data, 2) == (tb.seat, tb.sel, tb.offset, 70001, tb.msg,
                                         app.match.history)
    with pytest.raises(ValueError):
        begin.read_extra(data[:-1], 2)


def test_hint_names_the_action_in_one_line():
    assert say(codes.DRAW) == "Draw" and say(codes.PASS) == "Pass"
    assert say(0x07) == "Play R7"
    assert say(cards.play_action(0x4E, 3)) == "Play W+4, call BLUE"
    assert say(codes.COLOUR + 0) == "Call RED"


def test_hint_says_why_it_draws_with_a_wild_in_hand():
    """At three and four seats the Advanced player draws rather than play a wild early
    (docs/AI.md): the hint says the wild is kept, and only when a wild would fit."""
    wilds = [cards.play_action(0x4D, c) for c in range(4)]
    assert line(SimpleNamespace(legal=wilds + [codes.DRAW]), codes.DRAW) == "Draw, keep the wild"
    assert line(SimpleNamespace(legal=wilds + [codes.PASS]), codes.PASS) == "Pass, keep the wild"
    plain = SimpleNamespace(legal=[0x07, codes.DRAW])
    assert line(plain, codes.DRAW) == "Draw" and line(plain, 0x07) == "Play R7"


def test_pages_load_on_demand_and_go_when_closed(tmp_path):
    app, _, _ = sim(tmp_path, "WAIT:1", "t")
    assert "uno.app.title" in sys.modules
    app.get_match().new()
    assert "uno.app.title" not in sys.modules
    # the match's rules and names are made: that code is gone too, the settings' data stays
    assert "uno.saves.settings_ops" not in sys.modules and "uno.saves.settings" in sys.modules


def _continue_at_results(tmp_path, nvm, players_made_at_once, first=None):
    """Continue (a fresh program, as on the badge) the match saved in ``nvm`` at a hand's
    end, then play the next hand; (what was in memory at the results page, the record from
    there on). ``first``: the record file of the match up to its save."""
    from uno.app.input import A
    from uno.app.match import Match

    log = tmp_path / ("made.jsonl" if players_made_at_once else "rested.jsonl")
    log.write_bytes(first.read_bytes())
    kept = len(records(first))
    args = M.parse_args(["--headless", "--quiet", "--no-render", "--nvm", str(nvm),
                         "--log", str(log)])
    code = ("uno.players.normal", "uno.players.advanced", "uno.players.search", "uno.core.observe")
    keep = {n: m for n, m in sys.modules.items() if n in code}
    mp = pytest.MonkeyPatch()
    made_in = []  # the phase of the game at each player made
    make = Match.make_player

    def making(m, level, seed):
        made_in.append(m.table.g.phase if m.table.g is not None else None)
        return make(m, level, seed)

    mp.setattr(Match, "make_player", making)
    if players_made_at_once:  # the other way: made when the match resumed, then kept
        mp.setattr(Match, "rest_players", lambda self, always=False: None)
    try:
        from host_sim.hw import HostHardware, RecordFile

        rf = RecordFile(str(log))
        hw = HostHardware(headless=True, render=False, log=rf, out=io.StringIO())
        app = M.start_app(hw, args, 1, M.open_nvm(args))
        M.settle(app, hw)
        hw.press(A)  # the title's Continue
        M.settle(app, hw)
        if players_made_at_once:
            app.match.wake_players()
        at_results = (showing(app, "results"), tuple(app.table.players),
                      sorted(n for n in code if n in sys.modules), list(made_in))
        hand = app.table.g.hand_no
        hw.press(A)  # the next hand
        M.settle(app, hw)
        bot.play_match(app, hw, M.settle, until=lambda a: a.table.g.hand_no > hand
                       and showing(a, "results"))
        rf.close()
    finally:
        mp.undo()
        sys.modules.update(keep)
        import importlib

        for n, m in keep.items():  # each the attribute of its own package again
            parent, _, child = n.rpartition(".")
            setattr(importlib.import_module(parent), child, m)
    return at_results, [e for e in records(log)[kept:] if e["ev"] != "quit"]


def test_a_match_continued_at_a_hands_end_keeps_its_computer_players_resting(tmp_path):
    """A match saved at a hand's end continues at its results page with its computer players
    resting, as they were when it was saved (Match.rest_players): their code (uno.players.normal,
    uno.players.advanced, uno.players.search, uno.core.observe) is not loaded until the next hand's
    first computer turn, so the results page, its save point and the score graph have the room they
    had. On the badge's VM a player's session that went to the graph and back at a hand's end failed
    at the budget, 125 KB, and at 126 (docs/BENCHMARKS.md). The players then decide as they would
    have if made at once: the next hand's record is the same."""
    nvm = tmp_path / "nvm.bin"
    args = M.parse_args(["--headless", "--quiet", "--no-render", "--seed", "4", "--nvm",
                         str(nvm), "--seats", "human,advanced,normal"])
    from host_sim.hw import HostHardware, RecordFile
    from uno.app.input import A

    first = tmp_path / "first.jsonl"
    hw = HostHardware(headless=True, render=False, out=io.StringIO(), log=RecordFile(str(first)))
    app = M.start_app(hw, args, 4, M.open_nvm(args))
    M.settle(app, hw)
    hw.press(A)  # New match
    M.settle(app, hw)
    bot.play_match(app, hw, M.settle, until=lambda a: showing(a, "results"))
    M.settle(app, hw, wait=400)  # the save point's 10 s gap: the hand's end is written
    from uno.saves.bitread import saved_phase

    assert saved_phase(saved(nvm).match) == codes.PH_HAND_OVER
    kept = nvm.read_bytes()
    rested, rec = _continue_at_results(tmp_path, nvm, False, first)
    assert rested == (True, (None, 0, 0), [], []), \
        "at the results page: every computer seat resting, none made, none of their code loaded"
    nvm.write_bytes(kept)
    made, rec_made = _continue_at_results(tmp_path, nvm, True, first)
    assert made[0] and made[1][0] is None and made[1][1] != 0 and made[1][2] != 0
    assert made[2] == ["uno.core.observe", "uno.players.advanced", "uno.players.normal"]
    assert len(rec) > 10 and [e["ev"] for e in rec].count("hand_end") == 1
    assert rec == rec_made


def test_a_save_point_mid_hand_lets_the_search_code_go(tmp_path):
    """docs/BENCHMARKS.md: a save point (the player leaving a page mid-hand) drops the search's code
    (uno.players.search) before the save codec loads, so the codec has its room where a player's
    session is fullest; the match is kept, and the next search loads the code again."""
    nvm = tmp_path / "nvm.bin"
    app, _, _ = sim(tmp_path, "A WAIT:1", "mid", "--nvm", str(nvm))
    import uno.players.search  # noqa: F401 (a search of a computer's turn, as in a page's program)

    assert "uno.players.search" in sys.modules
    assert app.save_point() is True  # the match packed and handed to the nvm's writer
    assert "uno.players.search" not in sys.modules
    from uno.players.make import make_player

    g = app.table.g
    p = make_player("advanced", 1)
    obs = g.observe(g.actor)
    assert p.search(obs, [a for a in obs.legal][:2], budget=50) in obs.legal
    assert "uno.players.search" in sys.modules
