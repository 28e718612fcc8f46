"""The text pages (options, players, high scores, graph, help) driven by buttons on a headless
app, checked by what the page shows and what the settings keep; and their font."""

import io
import sys
from pathlib import Path

import pytest

from host_sim.bot import showing
from host_sim.hw import HostHardware
from uno.core import codes
from uno.core import rules as R
from uno.saves import codec as save
from uno.app import input as I
from uno.programs import make
from uno.saves.settings_ops import rules_of

ROOT = Path(__file__).resolve().parent.parent

from tools.bundle import make_font  # noqa: E402


class Run:
    """A headless app and a page opened on it."""

    def __init__(self):
        self.hw = HostHardware(headless=True, render=True, out=io.StringIO())
        self.app = make(self.hw, "title", seed=1, cpu="first")
        for _ in range(3):
            self.app.frame()
        self.app.close_all()

    def open(self, name):
        self.app.open_page(name)
        for _ in range(2):
            self.app.frame()
        return self.app.stack[-1]

    def press(self, *names, times=1):
        for _ in range(times):
            for n in names:
                self.hw.press(I.bit(n))
                self.app.frame()

    def text(self):
        """Everything the page shows: title, body and footer."""
        p = self.app.stack[-1]
        return "\n".join((p.title.text, p.body.text, p.foot.text))


@pytest.fixture
def run():
    return Run()


# ----- font -------------------------------------------------------------------------------

def test_pcf_font_is_up_to_date_with_its_generator():
    assert make_font.main(["--check"]) == 0


def test_pcf_glyphs_are_the_games_own_bdf_glyphs():
    from adafruit_bitmap_font import bitmap_font

    font = bitmap_font.load_font(str(ROOT / "fonts" / "uno-12.pcf"))
    _, glyphs = make_font.read_bdf(make_font.SRC)
    text = "AgQ09 !~"
    font.load_glyphs(text)
    for ch in text:
        g = font.get_glyph(ord(ch))
        bbx, dwidth, rows = glyphs[ord(ch)]
        assert (g.width, g.height, g.dx, g.dy, g.shift_x) == (bbx[0], bbx[1], bbx[2], bbx[3],
                                                             dwidth)
        for y in range(g.height):
            want = [(rows[y] >> (31 - x)) & 1 for x in range(g.width)]
            assert [g.bitmap[x, y] for x in range(g.width)] == want, (ch, y)
    assert (ROOT / "fonts" / "uno-12.pcf.license").read_text().count("OFL-1.1") == 1


# ----- the page machinery -----------------------------------------------------------------

def test_a_page_covers_the_table_and_leaves_nothing_behind(run):
    root = run.app.view.root
    before = len(root)
    page = run.open("scores")
    assert len(root) == before + 1 and page.root in root
    assert "adafruit_display_text.bitmap_label" in sys.modules
    run.press("B")
    assert len(root) == before and not run.app.stack
    for mod in ("uno.app.scores", "uno.app.page"):
        assert mod not in sys.modules
    assert page._file.closed  # the PC's PCF font file


def test_every_screen_is_built_when_it_opens_and_leaves_nothing_when_it_closes():
    # screens built on demand and freed, not kept in the display tree
    from tools.vm import ram_budget

    rows = ram_budget.screens_budget(graph_run().app)
    assert [name for name, _, _ in rows] == list(ram_budget.SCREENS)
    for name, opened, left in rows:
        assert left == 0, name
        assert opened <= 8 * 1024, (name, opened)  # the graph's plot is the largest
    assert dict((n, o) for n, o, _ in rows)["graph"] > 4096


# ----- options ----------------------------------------------------------------------------

def test_options_change_every_item_and_keep_it(run):
    from uno.app import options

    page = run.open("options")
    s = run.app.settings
    seen = {}
    for name in options.ITEMS:  # one_call turns to required before one_window, which needs it
        before = page.value(name)
        run.press("RIGHT")
        after = page.value(name)
        seen[name] = (before, after)
        assert after != before, name
        shown = run.text()
        from uno.app import ruletext as T

        assert T.value_text(name, after) in shown, name
        assert T.explain(name, after) in shown, name
        run.press("DOWN")
    assert seen["preset"] == ("classic", "acorn")
    assert seen["target"] == (500, 600) and s.target == 600
    assert seen["speed"] == (7, 8) and run.app.speed == 8
    assert seen["sound"] == (True, False) and not run.app.sound.enabled
    assert seen["bright"] == (8, 9) and s.bright == 9
    r = rules_of(s)
    for name in ("deck", "wd4", "draw", "hand_limit", "stacking", "one_call", "scoring",
                 "next_start"):
        assert getattr(r, name) == seen[name][1], name
    save.check_settings(s)  # what the page left is a valid save
    run.press("B")
    assert not run.app.stack


def test_options_preset_resets_the_overrides_and_marks_differences(run):
    page = run.open("options")
    s = run.app.settings
    run.press("DOWN", "RIGHT")  # deck: acorn, a change from Classic
    assert s.rules == "deck=acorn" and "Deck       *acorn" in run.text()
    run.press("UP", "RIGHT", "RIGHT")  # preset classic -> acorn -> pcsig
    assert s.preset == "pcsig" and s.rules == "" and page.value("draw") == "repeat"
    run.press("LEFT")  # acorn: its deck is the acorn deck, with no override
    assert s.preset == "acorn" and s.rules == "" and page.value("deck") == "acorn"


def test_options_refuse_out_of_range_and_clashes_with_the_reason(run):
    from uno.app import options

    run.open("options")
    s = run.app.settings
    keep = s.copy()
    run.press("DOWN", times=options.ITEMS.index("one_window"))
    run.press("RIGHT")  # ONE time under one_call=auto: no effect, refused
    assert "Needs ONE call: required" in run.text() and s == keep
    run.press("DOWN", times=options.ITEMS.index("speed") - options.ITEMS.index("one_window"))
    run.press("RIGHT", times=4)  # 7 -> 10, then refused
    assert s.speed == 10 and "Speed is 1 to 10" in run.text()
    run.press("DOWN", "DOWN", "DOWN")  # backlight
    run.press("LEFT", times=8)  # 8 -> 1 then refused: 0 is a dark screen
    assert s.bright == 1 and "Backlight is 1 to 10" in run.text()
    run.press("UP", times=options.ITEMS.index("bright") - options.ITEMS.index("target"))
    run.press("LEFT", times=5)
    assert s.target == 100 and "Target is 100 to 10000" in run.text()


def test_options_mid_match_say_the_rules_apply_from_the_next_match(run):
    app = run.app
    app.get_match().new()
    rules = app.table.g.rules.copy()
    run.open("options")
    assert "next match" in run.text()
    run.press("DOWN", "RIGHT")
    assert "Applies from next match" in run.text()
    assert app.table.g.rules == rules  # the match in progress keeps its rules
    assert app.settings.rules == "deck=acorn"


# ----- players ----------------------------------------------------------------------------

def test_players_seats_and_names(run):
    s = run.app.settings
    run.open("players")
    run.press("DOWN", "DOWN", "RIGHT", "RIGHT")  # seat 3: empty -> human -> easy
    assert s.seats[2] == "easy"
    run.press("A")  # edit CPU2
    run.press("B", times=4)  # delete it all
    run.press("UP", "UP", "RIGHT", "DOWN", "A")  # B then 9
    assert s.names[2] == "B9"
    assert "Easy     B9" in run.text()
    run.press("UP", "UP", "A")
    run.hw.typed = "zoë 7!"
    run.press("A")
    assert s.names[0] == "YOUZO 7"  # typed at the cursor (the end), capitals, A-Z 0-9 space
    save.check_settings(s)


def test_players_refuse_fewer_than_two_and_empty_names(run):
    s = run.app.settings
    run.open("players")
    run.press("DOWN", "RIGHT")  # seat 2: normal -> advanced
    run.press("RIGHT")  # advanced -> (empty) would leave one player: refused
    assert s.seats == ["human", "advanced", "", ""] and "At least two players" in run.text()
    run.press("DOWN", "A")  # seat 3 is empty: no name to edit
    assert "Empty seat: no name" in run.text() and "PLAYERS" in run.text()
    run.press("UP", "UP", "A")  # seat 1: YOU
    run.press("B", times=3)  # deleted
    run.press("UP", "DOWN")  # A, then back to a space
    run.press("A")
    assert "A name needs a letter" in run.text() and s.names[0] == "YOU"
    run.press("LEFT", "B", "B")  # the space deleted, then B on an empty name cancels
    assert s.names[0] == "YOU" and "PLAYERS" in run.text()


def test_names_reach_the_table(run):
    s = run.app.settings
    s.names[0] = "ALEXANDRA"
    s.names[1] = "HAL 9000"
    run.app.get_match().new()
    assert run.app.table.names[:2] == ["ALEXANDRA", "HAL 9000"]


# ----- high scores ------------------------------------------------------------------------

def test_high_scores_show_and_clear_with_confirmation(run):
    sc = run.app.saved.scores
    save.add_score(sc, (812, "ALEXANDRA", "classic", ("advanced", "easy")))
    save.add_score(sc, (500, "YOU", "pcsig", ("normal",)))
    run.open("scores")
    t = run.text()
    assert " 1 ALEXANDRA" in t and "812" in t and "CLASSIC v Adv Easy" in t
    run.press("DOWN")
    assert "PCSIG v Normal" in run.text()
    run.press("A")
    assert "Clear all 2 high" in run.text()
    run.press("B")  # no: kept
    assert len(sc) == 2
    run.press("A", "A")
    assert sc == [] and "No high scores yet." in run.text()


# ----- score graph ------------------------------------------------------------------------

def graph_run(scoring="standard"):
    from uno.core.ruleset import Rules

    r = Run()
    r.app.rules = Rules(seats=("human", "advanced", "normal", "easy"), scoring=scoring)
    r.app.get_match().new()
    r.app.match.history = [(0, 35, 0, 0), (120, 35, 0, 0), (120, 35, 88, 0), (120, 210, 88, 0),
                     (260, 210, 88, 14)]
    return r


def test_graph_draws_a_line_per_seat_in_its_colour_with_labelled_axes():
    from uno.app import graph

    r = graph_run()
    page = r.open("graph")
    bmp = page.bitmap
    counts = [0] * 8
    for y in range(bmp.height):
        for x in range(bmp.width):
            counts[bmp[x, y]] += 1
    for s in range(4):  # every seat's line: at least the plot's width in its colour
        assert counts[1 + s] >= graph.PLOT_W - graph.PX - 3, s
    assert counts[graph.AXIS] >= graph.PLOT_W + graph.PLOT_H - 10
    bottom = graph.ZERO
    # seat 0 (260 of 500 after hand 5) ends at the right edge, a little above the middle
    x_end = graph.LAST_X
    y_end = bottom - (bottom - 3) * 260 // 500
    assert bmp[x_end, y_end] == 1
    t = r.text()
    assert "SCORES AFTER HAND 5" in t and " 500" in t and "hand" in t
    legend = [lab.text for lab in page.legend]
    assert legend == ["o YOU", "+ CPU1", "x CPU2", "# CPU3"]
    assert [lab.color for lab in page.legend] == list(graph.SEAT_RGB)
    r.press("B")
    assert not r.app.stack and "uno.app.graph" not in sys.modules


def test_graph_under_penalty_scoring_says_the_lowest_wins():
    r = graph_run("penalty")
    r.open("graph")
    assert "LOWEST WINS" in r.text()


def test_graph_before_the_first_hand_ends_says_no_hand_has_finished():
    # A player opening the graph from the pause menu during the first hand: an empty plot
    # titled "after hand 0" looked broken; the title says why it is empty.
    r = graph_run()
    r.app.match.history = []
    r.open("graph")
    t = r.text()
    assert "NO HAND FINISHED YET" in t and "AFTER HAND" not in t


def test_graph_line_fallback_matches_bitmaptools():
    import displayio

    from uno.app import graph

    a = displayio.Bitmap(40, 30, 8)
    b = displayio.Bitmap(40, 30, 8)
    keep = graph._draw_line
    try:
        for x0, y0, x1, y1 in ((0, 0, 39, 29), (39, 3, 2, 20), (5, 29, 5, 0), (0, 7, 39, 7)):
            graph._draw_line = None
            graph.line(a, x0, y0, x1, y1, 3)
            graph._draw_line = keep
            graph.line(b, x0, y0, x1, y1, 3)
            assert [a[i] for i in range(40 * 30)] == [b[i] for i in range(40 * 30)]
    finally:
        graph._draw_line = keep


# ----- help -------------------------------------------------------------------------------

def test_help_shows_the_controls_then_the_rules_of_the_chosen_preset(run):
    from uno.app import ruletext as T

    run.app.settings.preset = "house"
    run.open("help")
    t = run.text()
    assert "HELP: CONTROLS" in t and "START       pause menu" in t
    seen = t
    for _ in range(6):
        run.press("RIGHT")
        seen += run.text()
    assert "RULES IN FORCE" in seen
    house = R.preset("house")
    for name in ("wd4", "stacking", "one_call", "next_start"):
        label = T.RULES[name][0].upper()
        assert "%s: %s" % (label, T.value_text(name, getattr(house, name))) in seen, name
        assert T.explain(name, getattr(house, name)) in seen, name
    assert "ONE TIME: 3 s" in seen  # one_call=required: the window matters
    run.press("UP")
    run.press("B")
    assert not run.app.stack


def test_explanations_fit_the_screen():
    from uno.app import ruletext as T

    for name, (label, values) in T.RULES.items():
        assert len(label) <= 10, name
        for v, text in values.items():
            assert len(text) <= 26, (name, v, text)
    for v in range(1, 11):
        assert len(T.explain("speed", v)) <= 26 and len(T.explain("bright", v)) <= 26
        assert len(T.explain("one_window", v)) <= 26
    assert len(T.explain("target", 10000)) <= 26


def test_name_characters_are_the_saves():
    """The players page keeps its own copy of the save's letters: a string is no constant the
    badge's build folds, and importing uno.saves.codec's would load the codec with the page."""
    from uno.app import players

    assert players.NAME_CHARS == save.NAME_CHARS


def test_host_sim_types_names_only_while_a_name_is_entered(run):
    from host_sim.__main__ import typing

    page = run.open("players")
    assert not typing(run.app, "p")  # the list: P is the B button
    run.press("A")
    assert page.wants_text and typing(run.app, "p") and typing(run.app, " ")
    assert not typing(run.app, "\r") and not typing(run.app, "")


# ----- the frugal text (TextGrid over the table's font sheet) -------------------------------

@pytest.mark.parametrize("name", ["options", "players", "scores", "graph", "help"])
def test_every_page_reads_the_same_with_the_frugal_text(name, monkeypatch):
    import importlib

    shown = []
    for force in (True, False):
        page = importlib.import_module("uno.app.page")  # a closed page drops the module
        monkeypatch.setattr(page, "FORCE", force)
        r = graph_run()
        save.add_score(r.app.saved.scores, (812, "ALEXANDRA", "classic", ("advanced", "easy")))
        p = r.open(name)
        assert (p._label is None) == (not force)
        r.press("DOWN", "RIGHT")
        shown.append(r.text())
        r.app.hw.display.full_render()
        shown.append(r.app.hw.display.rgb())
        r.press("B")
        assert not r.app.stack
    assert shown[0] == shown[2]
    # the same Terminus glyphs in the same 6 x 12 cells: the very same pixels
    assert (shown[1] == shown[3]).all()


def test_select_on_the_results_page_shows_the_graph_and_b_comes_back():
    r = graph_run()
    app = r.app
    app.match.show_results()
    assert showing(app, "results")
    r.press("SELECT")
    assert type(app.stack[-1]).__name__ == "Graph" and "SCORES AFTER" in r.text()
    r.press("B")
    assert showing(app, "results")


def test_pause_menu_score_graph_options_and_help_open_the_pages():
    r = graph_run()
    app = r.app
    for item, title in (("Score graph", "SCORES AFTER"), ("Options", "OPTIONS"),
                        ("Help", "HELP")):
        app.match.pause()
        menu = app.stack[-1]
        labels = [menu_label(i) for i in menu.items]  # Hint only with tips on
        r.press("DOWN", times=labels.index(item))
        r.press("A")
        assert title in r.text(), item
        r.press("B")
        assert showing(app, "pause")
        r.press("B")
        assert not app.stack


def menu_label(i):
    from uno.app import pause

    return pause._MENU[i]


def test_the_graph_at_a_matchs_end_takes_the_computer_players_room():
    """The score graph over a finished match's results opens in the match's own program (there
    is no saved match for a program of its own): the computer players and their code go first
    (Match.rest_players: on CircuitPython's VM three Advanced players' heap had no room left for
    the plot), and the next match makes them again."""
    from host_sim import __main__ as M
    from uno.core.ruleset import Rules

    names = ("uno.players.normal", "uno.players.advanced", "uno.players.search", "uno.core.observe")
    import uno.players.advanced  # noqa: F401 - put back below for the rest of the test session
    import uno.players.search  # noqa: F401
    import uno.core.observe  # noqa: F401

    keep = {n: sys.modules[n] for n in names}
    try:
        hw = HostHardware(headless=True, render=False, out=io.StringIO())
        hw.skip_refresh = True
        app = make(hw, "new", rules=Rules(seats=("advanced", "normal"), target=100), seed=3,
                   speed=10)
        for _ in range(40):  # computers only: A at each hand's results
            M.settle(app, hw)
            if app.table.g.phase == codes.PH_MATCH_OVER:
                break
            hw.press(I.bit("A"))
        assert app.table.g.phase == codes.PH_MATCH_OVER and showing(app, "results")
        hw.press(I.bit("SELECT"))
        M.settle(app, hw)
        assert app.stack[-1].module == "uno.app.graph"
        assert not any(n in sys.modules for n in names)  # the players' code is gone
        assert not app.table.human(0) and not app.table.human(1)  # still computers
        hw.press(I.bit("B"))
        M.settle(app, hw)
        assert showing(app, "results")
        app.get_match().new()  # in place (the badge switches to a fresh program instead)
        assert app.table.players == [0, 0]  # computers', made at their first turn
        for _ in range(400):
            hw.advance(M.FRAME_MS)
            app.frame()
            if any(app.table.players):
                break
        assert all(hasattr(p, "choose") for p in app.table.players)
        assert "uno.players.advanced" in sys.modules  # the Advanced player again
    finally:
        sys.modules.update(keep)


def test_help_numbers_its_pages_up_to_the_count_it_gives(run):
    # the title reads "page/pages": RIGHT to the end must show pages/pages, every page once
    run.open("help")
    seen = []
    for _ in range(12):
        title = run.app.stack[-1].title.text
        if title not in seen:
            seen.append(title)
        run.press("RIGHT")
    marks = [t.rsplit(" ", 1)[1] for t in seen]
    total = int(marks[0].split("/")[1])
    assert marks == ["%d/%d" % (i + 1, total) for i in range(total)], seen
