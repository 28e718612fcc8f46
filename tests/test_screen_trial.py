"""What a new player meets on the screen: the title's arrow and its question before a saved
match is replaced, page texts, the score graph's edges, the lights and the backlight after
waking, one name per seat, prompts that name the keys that work."""

import io

from PIL import Image
from test_app_saves import message, saved, sim

from host_sim.bot import showing
from host_sim.hw import HostHardware
from uno.app import input as I
from uno.programs import make


def press(app, hw, *names):
    for n in names:
        hw.press(I.bit(n))
        for _ in range(3):
            app.frame()
            hw.advance(33)


# ----- the title ----------------------------------------------------------------------------

def test_title_arrow_stays_on_the_item_the_player_left(tmp_path):
    """Players, B, UP must open Options' neighbour above Players, not wrap from the top."""
    for keys, item in (("DOWN A B", 2), ("DOWN DOWN A B", 3), ("DOWN DOWN DOWN A B", 4),
                       ("UP A B", 6)):  # UP wraps to the last item, Help
        app, _, _ = sim(tmp_path, keys, "t", "--nvm", str(tmp_path / "n.bin"))
        title = app.top()
        assert title.module == "uno.app.title"
        assert title.items[title.sel] == item, keys


def test_new_match_over_a_saved_match_asks_first(tmp_path):
    nvm = tmp_path / "n.bin"
    sim(tmp_path, "A RIGHT START", "save", "--nvm", str(nvm))  # a match saved mid-hand
    before = saved(nvm).match
    assert before
    # the arrow starts on Continue: DOWN to New match, A asks
    app, _, _ = sim(tmp_path, "DOWN A", "ask", "--nvm", str(nvm))
    assert app.top().module == "uno.app.title" and message(app) == "Replace saved? A:yes B:no"
    assert saved(nvm).match == before
    # B keeps the saved match and the title
    app, _, _ = sim(tmp_path, "DOWN A B", "keep", "--nvm", str(nvm))
    title = app.top()
    assert title.module == "uno.app.title" and message(app) == "UP/DOWN, A: choose"
    assert title.items[title.sel] == 1 and saved(nvm).match == before
    # A replaces it with a new match
    app, _, _ = sim(tmp_path, "DOWN A A", "new", "--nvm", str(nvm), seed=9)
    assert app.top() is app.table and app.table.g.hand_no == 1
    assert app.table.g.seed != 5


def test_new_match_without_a_saved_match_starts_at_once(tmp_path):
    app, _, _ = sim(tmp_path, "A", "new", "--nvm", str(tmp_path / "n.bin"))
    assert app.top() is app.table


# ----- texts --------------------------------------------------------------------------------

def page_run():
    hw = HostHardware(headless=True, render=True, out=io.StringIO())
    app = make(hw, "title", seed=1, cpu="first")
    for _ in range(3):
        app.frame()
    app.close_all()
    return app, hw


def leave(app, hw):
    """B until the pages are closed: their modules go, as other tests expect."""
    for _ in range(3):
        if app.stack:
            press(app, hw, "B")
    assert not app.stack


def page_text(app):
    p = app.stack[-1]
    return "\n".join((p.title.text, p.body.text, p.foot.text))


def test_clearing_one_high_score_says_score_not_scores():
    for n, want, wrong in ((1, "Clear the high\nscore?", "1 high scores"),
                           (3, "Clear all 3 high\nscores?", None)):
        app, hw = page_run()
        app.saved.scores[:] = [(500 - i, "P%d" % i, "classic", ("normal",)) for i in range(n)]
        app.open_page("scores")
        press(app, hw, "A")
        t = page_text(app)
        assert want in t, t
        assert wrong is None or wrong not in t
        leave(app, hw)


# ----- refusals and the keys a prompt names -------------------------------------------------

def run_keys(keys, *extra, seed=3):
    from host_sim import __main__ as M
    from host_sim import script as S

    args = M.parse_args(["--headless", "--quiet", "--seed", str(seed), "--cpu", "first",
                         "--keys", keys] + list(extra))
    app, hw, _rows = M.run_headless(args, S.parse(keys), out=io.StringIO())
    return app, hw


def test_tips_off_a_refused_card_just_buzzes():
    """Options: "Tips off: Refusals just buzz"; on: "Refusals explain the rule"."""
    from uno.app import ruletext as T

    assert T.explain("tips", False) == "Refusals just buzz"
    for tips in (True, False):
        app, hw = run_keys("A")
        tb = app.table
        app.settings.tips = tips
        g = tb.g
        bad = [i for i, c in enumerate(g.hands[tb.seat]) if g.explain(c) is not None]
        assert bad, "seed 3 deals an unplayable card"
        before = message(app)
        tb.sel = bad[0]
        hw.sounds.clear()
        press(app, hw, "A")
        assert [n for _, n in hw.sounds] == ["buzz"]
        if tips:
            assert message(app) != before and message(app).startswith(("Not playable", "Needs"))
        else:
            assert message(app) == before, "the reason shown with tips off"


def test_pcsig_hand_limit_down_still_passes_and_a_full_hand_names_a_working_key():
    """PC-SIG's 16-card limit under draw=repeat: the bar said "v:pass" one draw earlier, so
    DOWN passes at the limit too; a full hand that must play says which key plays."""
    # seed 3, PC-SIG: nine draws take the hand to 16 (the drawn card not playable)
    app, hw = run_keys("A " + "B " * 9, "--preset", "pcsig")
    g = app.table.g
    assert len(g.hands[0]) == 16 and g.phase == 1 and g.actor == 0  # PH_DRAWN
    assert "pass" in message(app)
    press(app, hw, "DOWN")
    assert g.actor != 0 or g.phase != 1, "DOWN did not pass at the hand limit"
    # the next turn: 16 cards, a card to play, no draw: B is refused with the key that works
    app, hw = run_keys("A " + "B " * 11, "--preset", "pcsig")
    g = app.table.g
    assert len(g.hands[0]) == 16 and g.actor == 0 and g.legal_actions()[0] < 64
    assert message(app) == "Hand full (16): A:play"


def test_a_changed_options_mark_stands_apart_from_its_label():
    app, hw = page_run()
    app.open_page("options")
    press(app, hw, "DOWN", "DOWN", "DOWN", "DOWN", "RIGHT")  # hand limit: none -> 16
    t = page_text(app)
    assert "Hand limit *16" in t and "limit*" not in t, t
    assert "Deck        standard" in t  # unchanged: a space where the mark would be
    leave(app, hw)


# ----- a W+4 turned up and put back ---------------------------------------------------------

def bar_lines(app, hw, frames):
    """The message bar's lines in order over ``frames`` frames, each with the ms it showed."""
    seen = [[message(app), 0]]
    for _ in range(frames):
        app.frame()
        hw.advance(33)
        if message(app) != seen[-1][0]:
            seen.append([message(app), 0])
        seen[-1][1] += 33
    return seen


def new_match(seed):
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    app = make(hw, "new", seed=seed, speed=7, cpu="first")  # speed 7: an 800 ms pause
    return app, hw


def test_a_w4_put_back_is_announced_before_a_plus2_turned_up_in_its_place():
    """RULES.md: a W+4 turned up first is put back and the top card turned up instead; a +2
    then makes the first player draw 2. The bar says both, the put-back first, each for the
    message speed's pause at least."""
    # seed 150 (Classic, 2 seats): W+4 put back, B+2 up, you draw 2, the computer goes on
    app, hw = new_match(150)
    lines = bar_lines(app, hw, 90)
    assert [x for x, _ in lines[:2]] == ["W+4 put back, B+2 up", "You draw 2"]
    assert lines[2][0].startswith("CPU")
    assert lines[0][1] >= 800 and lines[1][1] >= 800, lines
    # seed 121: the computer draws 2, then it is your turn
    app, hw = new_match(121)
    lines = bar_lines(app, hw, 90)
    assert [x for x, _ in lines[:2]] == ["W+4 put back, Y+2 up", "CPU draws 2"], lines
    assert lines[0][1] >= 800


# ----- the score graph ----------------------------------------------------------------------

def test_score_graph_marks_stay_clear_of_the_edge_and_every_graph_says_b_back():
    """The last hand's marks whole, with black between them and the screen's right edge; the
    footer's "B: back" at 2, 3 and 4 seats."""
    from test_pages import graph_run

    from uno.app import graph
    from uno.core.ruleset import Rules

    for n in (2, 3, 4):
        r = graph_run()
        r.app.rules = Rules(seats=("human", "normal", "easy", "advanced")[:n])
        r.app.close_all()
        r.app.get_match().new()
        r.app.match.history = [tuple(500 * (s + 1) // n for s in range(n))] * 3  # the top: y = 3
        page = r.open("graph")
        bmp = page.bitmap
        assert page.foot.text == "B: back", n
        right = max(x for y in range(bmp.height) for x in range(bmp.width)
                    if 1 <= bmp[x, y] <= 4)
        assert right <= bmp.width - 3, (n, right)  # a 2 px margin at the screen's edge
        assert graph.X0 + bmp.width == 160
        for s in range(n):  # each last mark whole: its 5 x 5 box holds its 5 x 5 pattern
            x = graph.LAST_X
            y = graph.ZERO - (graph.ZERO - 3) * r.app.match.history[-1][s] // 500
            box = sum(1 for dy in range(-2, 3) for dx in range(-2, 3)
                      if bmp[x + dx, y + dy] == 1 + s)
            want = sum(1 for dy in range(-2, 3) for dx in range(-2, 3)
                       if _mark_on(s, dx, dy))
            assert box >= want, (n, s)
        r.press("B")  # the page and its module go (other tests open it afresh)
        assert not r.app.stack


def _mark_on(kind, dx, dy):
    ax, ay = abs(dx), abs(dy)
    return (ax + ay == 2 or (ax == 1 and ay == 1), dx == 0 or dy == 0, ax == ay,
            ax == 2 or ay == 2)[kind]


# ----- the results page ---------------------------------------------------------------------

def test_results_after_a_loss_label_the_points_left_in_each_hand():
    """After a loss the row under "CPU scores N points" holds the points of the cards you
    were left with: its column says so ("PTS LEFT"), each number right under the label's end."""
    from test_app_e2e import reach
    from test_app_screen import replay, text

    def lost(app):
        return showing(app, "results") and app.table.g.winner == 1

    seed, tokens = reach(lost, seats="human,normal", seeds=range(1, 60))
    app, hw = replay(seed, tokens, "first", ["--seats", "human,normal", "--cpu", "first"])
    g = app.table.g
    rows = [text(app.view.results_text, r) for r in range(5)]
    assert rows[1].strip() == "CPU scores %d points" % sum(g.last_points)
    head = rows[2]
    assert "PTS LEFT" in head and "HAND" not in head and "TOTAL" in head
    end = head.index("PTS LEFT") + len("PTS LEFT")
    mine = rows[3]
    assert mine[:end].endswith(" %d" % g.last_points[0]) and g.last_points[0] > 0, rows
    assert mine.rstrip().endswith(" %d" % g.scores[0])
    assert len(mine.rstrip()) == len(head.rstrip())  # TOTAL over the totals


# ----- waking: lights and backlight ---------------------------------------------------------

def frames_for(app, hw, ms):
    for _ in range(ms // 33):
        app.frame()
        hw.advance(33)


def test_the_waking_press_lights_the_neopixels_again():
    """Dimmed (1 minute) or dark (5 minutes): the press that wakes the screen also brings back
    the active colour on the NeoPixels, as before the wait."""
    for wait in (61000, 301000):  # dim, dark
        app, hw = new_match(5)
        frames_for(app, hw, 3000)
        lit = hw.rgb
        assert lit != 0, "the active colour lit during play"
        frames_for(app, hw, wait)
        assert hw.rgb == 0 and app.level >= 0
        press(app, hw, "RIGHT")
        assert app.level == -1 and hw.brightness == app.settings.bright
        assert hw.rgb == lit, (wait, hex(hw.rgb))


def window_shot(tmp_path, nvm, name):
    """The simulator's window (SDL's dummy driver) at the title after a few frames: the
    whole window as a PNG; (the screen's part, the NeoPixels' part)."""
    import os
    import subprocess
    import sys

    from test_app_saves import ROOT

    shot = tmp_path / (name + ".png")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "host_sim", "--frames", "5", "--seed", "4",
                        "--nvm", str(nvm), "--screenshot", str(shot)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    img = Image.open(shot).convert("L")
    return img.crop((0, 0, 640, 512))


def test_the_backlight_level_dims_the_simulators_window(tmp_path):
    """Options' backlight 1-10 shows in the window: at 3 the picture is clearly darker than
    at 10, in proportion; headless screenshots stay the display's own pixels."""
    import numpy as np

    means = {}
    for level in (3, 10):
        nvm = tmp_path / ("b%d.bin" % level)
        # New match, Players, Options: the backlight is the last line (UP from the first)
        steps = "LEFT x5" if level == 3 else "RIGHT x2"
        app, hw, shot = sim(tmp_path, "DOWN DOWN A UP %s B" % steps, "opt%d" % level,
                            "--nvm", str(nvm))
        assert app.settings.bright == level and hw.brightness == level
        assert saved(nvm).settings.bright == level
        means[level] = float(np.asarray(window_shot(tmp_path, nvm, "w%d" % level)).mean())
        if level == 3:
            dark_headless = np.asarray(Image.open(shot).convert("L")).mean()
        else:
            full_headless = np.asarray(Image.open(shot).convert("L")).mean()
    assert means[3] < 0.6 * means[10], means
    assert means[3] > 0.3 * means[10], means  # dimmed, still readable
    assert abs(dark_headless - full_headless) < 1  # the same title either way


# ----- one name per seat --------------------------------------------------------------------

def test_each_seat_has_one_name_on_the_players_page_and_at_the_table():
    """Two seats: the players page says CPU as the table does; a computer's seat switched to
    Human reads P2 on the page (and YOU becomes P1) as it plays; the graph's legend agrees."""
    for change, want in (("", ["YOU", "CPU"]), ("LEFT LEFT", ["P1", "P2"]),
                         ("RIGHT", ["YOU", "CPU"]), ("DOWN RIGHT RIGHT", ["YOU", "CPU1", "CPU2"])):
        app, hw = page_run()
        app.open_page("players")
        press(app, hw, "DOWN", *change.split())
        rows = app.stack[-1].body.text.split("\n")
        page_names = [r[9:].strip() for r in rows[:4] if not r.startswith("(empty)")]
        press(app, hw, "B")
        app.close_all()
        app.get_match().new()
        assert app.table.names == want == page_names, (change, rows)
        assert app.settings.names == ["YOU", "CPU1", "CPU2", "CPU3"]  # still defaults


# ----- the redraw budget over whole matches -------------------------------------------------

def play_frames(seed, seats):
    """A whole match of the built-in player: for each press on the table, the pixels of each
    frame until the app waits again, and whether a pop-up or page showed in that frame."""
    from host_sim import __main__ as M

    args = M.parse_args(["--headless", "--seed", str(seed), "--quiet", "--seats", seats])
    keys = M.demo_keys(args)
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    app = M.start_app(hw, args, seed, None)
    M.settle(app, hw)
    out = []
    for _kind, value, tok in keys:
        on_table = not app.stack and app.table.g is not None
        hw.press(value)
        frames = []
        while True:
            hw.advance(M.FRAME_MS)
            app.frame()
            frames.append((hw.display.last_pixels, bool(app.stack)))
            if app.idle() and not app.sound.busy() and not app.table.banner_until:
                break
        if on_table:
            out.append((tok, frames))
    return out


def test_redraw_budget_over_whole_matches():
    """docs/APP.md: "playing a card <= 35% (the frame answering the press; the computer's
    turn after it is drawn step by step in later frames, none above 30%)", over whole matches
    at two and four seats (seeds whose largest frames went over before)."""
    screen = 160 * 128
    for seed, seats in ((2, "human,normal"), (3, "human,normal,normal,normal")):
        firsts, later = [], []
        for tok, frames in play_frames(seed, seats):
            if any(popup for _, popup in frames):
                continue  # a screen change: a pop-up, the results page
            if tok == "A":
                firsts.append(frames[0][0])
                later += [px for px, _ in frames[1:]]
            else:
                later += [px for px, _ in frames]
        assert len(firsts) > 40
        assert max(firsts) <= 0.35 * screen, (seed, max(firsts))
        assert max(later) <= 0.30 * screen, (seed, max(later))
