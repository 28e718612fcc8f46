"""The title and a match as two programs, each on a fresh heap (App.switch, code.py's
restart, start/): what a player sees across a switch is what they saw before it, the record
stays one, and the title's program does without the match's modules: "RAM: the new screens
must not push the app past its budget on the badge" (docs/BENCHMARKS.md)."""

import io
import subprocess
import sys
from pathlib import Path

from PIL import Image

from host_sim import __main__ as M
from host_sim import script as S
from uno.saves.settings_ops import rules_of

ROOT = Path(__file__).resolve().parent.parent
PAUSE_OPTIONS = "START DOWN DOWN DOWN A"  # Resume, Hint (tips on), Score graph, Options


def run(tmp_path, keys, name, nvm="none", log=None):
    """One headless run (--cpu first, seed 3); (app, hw, restarts, screenshot path)."""
    shot = tmp_path / (name + ".png")
    argv = ["--headless", "--quiet", "--seed", "3", "--cpu", "first", "--keys", keys,
            "--screenshot", str(shot), "--nvm", str(nvm)] + (["--log", str(log)] if log else [])
    args = M.parse_args(argv)
    starts = []
    orig = M.start_app

    def spy(hw, a, seed, nvm, start="title", app=None, crash_after=0):
        starts.append(start)
        return orig(hw, a, seed, nvm, start, app, crash_after)

    M.start_app = spy
    try:
        app, hw, _ = M.run_headless(args, S.parse(keys), out=io.StringIO())
    finally:
        M.start_app = orig
    return app, hw, starts, shot


def pixels(path):
    return Image.open(path).convert("RGB").tobytes()


def test_options_from_the_pause_menu_open_in_a_fresh_program_and_the_match_goes_on(tmp_path):
    nvm = tmp_path / "nvm.bin"
    log = tmp_path / "r.jsonl"
    _, _, starts, before = run(tmp_path, "A RIGHT A WAIT:100", "before")
    assert starts == ["title"]  # without saves there is no switch: all in one program
    app, _, starts, page = run(tmp_path, "A RIGHT A WAIT:100 " + PAUSE_OPTIONS, "page", nvm, log)
    assert starts == ["title", "new", "options"]
    assert app.table.g is None and app.stack[-1].module == "uno.app.options"
    assert app.stack[-1].mid_match  # "applies from the next match" still said
    nvm.unlink()
    log.unlink()
    app, _, starts, after = run(tmp_path, "A RIGHT A WAIT:100 " + PAUSE_OPTIONS + " B", "after",
                                nvm, log)
    assert starts == ["title", "new", "options", "continue"]
    assert app.table.g is not None and not app.stack  # the table (finish() ended in_match)
    assert pixels(after) == pixels(before)  # the same table as before the pause
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "records" / "replay.py"), str(log)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_quit_to_title_and_continue_cross_two_programs(tmp_path):
    nvm = tmp_path / "nvm.bin"
    app, _, starts, _ = run(tmp_path, "A RIGHT A WAIT:100 START UP A", "quit", nvm)
    assert starts == ["title", "new", "title"]
    assert app.table.g is None and app.stack[-1].module == "uno.app.title"
    assert app.match is None  # the title's program has no match, no table, no pop-ups
    app, _, starts, _ = run(tmp_path, "A", "cont", nvm)
    assert starts == ["title", "continue"] and app.table.g is not None


def _modules_after(tmp_path, keys, seats=None):
    """The ``uno.`` modules loaded after a headless run of ``keys`` (a process of its own)."""
    more = ", '--seats', %r" % seats if seats else ""
    code = ("import io, sys\n"
            "from host_sim import __main__ as M, script as S\n"
            "args = M.parse_args(['--headless', '--quiet', '--no-render', '--nvm', %r%s,"
            " '--keys', %r])\n"
            "app, hw, _ = M.run_headless(args, S.parse(%r), out=io.StringIO())\n"
            "print(app.table.g is not None and not app.stack)\n"
            "print(sorted(m for m in sys.modules if m.startswith('uno.')))\n"
            % (str(tmp_path / "nvm.bin"), more, keys, keys))
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    at_table, loaded = r.stdout.splitlines()[-2:]
    return at_table == "True", loaded


def test_the_title_program_loads_none_of_the_matchs_modules(tmp_path):
    _, loaded = _modules_after(tmp_path, "DOWN A B")
    for name in ("uno.core.game", "uno.app.table", "uno.app.popups", "uno.app.pause",
                 "uno.app.results", "uno.players.normal", "uno.players.advanced",
                 "uno.players.search"):
        assert "'%s'" % name not in loaded, name
    assert "'uno.app.main'" in loaded and "'uno.view.table'" in loaded


def test_a_matchs_program_keeps_only_the_code_it_uses(tmp_path):
    """Required: code a match needs once (the sprite loader) or seldom is not in its heap
    while the hands are played."""
    at_table, loaded = _modules_after(tmp_path, "A RIGHT A WAIT:100",
                                      "human,advanced,advanced,advanced")
    assert at_table
    assert "'uno.core.game'" in loaded and "'uno.players.advanced'" in loaded
    # once a match or a hand: the match's start (uno.app.begin), the deal (uno.core.deal); while a
    # pop-up or the results show: their construction (uno.view.panels); a search: its code
    for name in ("uno.view.bmp", "uno.app.popups", "uno.app.pause", "uno.app.results",
                 "uno.app.handover", "uno.app.begin", "uno.core.deal", "uno.view.panels",
                 "uno.players.search"):
        assert "'%s'" % name not in loaded, name


def test_the_start_files_begin_each_program_code_py_names():
    import re

    text = (ROOT / "code.py").read_text()
    assert '"/start/%s.py" % start' in text
    starts = {p.stem for p in (ROOT / "start").glob("*.py")}
    assert starts == {"new", "continue", "options", "help", "graph"}
    for name in starts:
        src = (ROOT / "start" / (name + ".py")).read_text()
        assert re.search(r'^code\.main\("%s"\)$' % name, src, re.M), name


def test_the_graph_from_the_results_opens_in_its_own_program_and_comes_back_to_them(tmp_path):
    """Required: the score graph "after each hand (a button away from the results page)";
    opened in a program of its own, B brings back the same results page."""
    nvm = tmp_path / "nvm.bin"
    seats = ["--seats", "normal,normal,normal"]

    def go(keys, name, nvm_arg):
        shot = tmp_path / (name + ".png")
        args = M.parse_args(["--headless", "--quiet", "--seed", "3", "--cpu", "first",
                             "--keys", keys, "--screenshot", str(shot), "--nvm", nvm_arg]
                            + seats)
        app, _, _ = M.run_headless(args, S.parse(keys), out=io.StringIO())
        return app, shot

    app, results = go("A", "results", "none")
    text = "".join(chr(32 + c) for c in app.view.results_text._cells[:26]).strip()
    assert text == "HAND 1: CPU1 WINS"  # no human seat: no "YOU WIN"
    app, _ = go("A SELECT", "graph", str(nvm))
    top = app.stack[-1]
    assert top.module == "uno.app.graph" and app.table.g is None
    assert len(app.paused[4]) == 1 and app.paused[:2] == (3, ["CPU1", "CPU2", "CPU3"])
    nvm.unlink()
    app, back = go("A SELECT B", "back", str(nvm))
    assert pixels(back) == pixels(results)


def test_help_from_a_paused_match_shows_that_matchs_rules(tmp_path):
    """Options changed mid-match apply from the next match; Help, opened in its own program
    from the paused match, shows the rules in force (the saved match's), not the next one's."""
    from uno.app import ruletext as T

    nvm = tmp_path / "nvm.bin"
    # Options from the pause menu: the first line (the preset) RIGHT: classic -> the next,
    # whose deck differs; back to the match; then Help from the pause menu
    keys = "A RIGHT A WAIT:100 " + PAUSE_OPTIONS + " RIGHT B START DOWN DOWN DOWN DOWN A"
    app, _, starts, _ = run(tmp_path, keys, "help", nvm)
    assert starts == ["title", "new", "options", "continue", "help"]
    top = app.stack[-1]
    assert top.module == "uno.app.help"
    assert rules_of(app.settings).deck != "standard", "the next match's deck changed"
    deck = "%s: %s" % (T.RULES["deck"][0].upper(), T.value_text("deck", "standard"))
    assert deck in top.all[top.rules_at:]
    assert top.all[top.rules_at] == "PRESET: classic"  # the match's, not the settings' next


def test_a_matchs_rules_name_their_preset():
    from uno.core import rules as R
    from uno.core.rulecheck import PRESET_NAMES

    for name in PRESET_NAMES:
        assert R.preset_of(R.preset(name, target=250, seats=("human", "easy", "normal"))) == name
    assert R.preset_of(R.preset("official", stacking="on")) == "custom"
