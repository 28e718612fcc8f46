"""End to end through the headless simulator: the same input path as
``python -m host_sim --headless --keys ...``.

Each situation is reached by a simple button-pressing player (host_sim.bot) on a fast run;
the tokens it pressed, plus the keys under test, then run as a script through the CLI code
path with rendering on. Every run's game record must replay exactly through the core, and
key screens must match the golden screenshots in tests/golden/.

Update the goldens after an intended change of the screens (or of the core's deal/AI):

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_app_e2e.py

then look at the new PNGs (tests/golden/*.png) before committing them.
"""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from host_sim import __main__ as M
from host_sim import bot
from host_sim import script as S
from host_sim.bot import showing
from host_sim.hw import HostHardware
from uno.core import cards
from uno.core import codes
from uno.core import game as G
from uno.app.human import move
from uno.app.match import Match
from uno.programs import make

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
SCREEN = 160 * 128


def shown(view, grid):
    """The card a one-card grid shows, read from what draws it: hidden -1, else its four
    tiles in cards.bmp (a face of layout.CARD_TILES) and its palette (a coloured card's
    colour is its palette's)."""
    from uno.view import layout as L

    if grid.hidden:
        return -1
    f = L.CARD_TILES.index(bytes(grid[i] for i in range(4)))
    assert f % 4 == 0
    f //= 4
    if f >= 26:  # W, W+4, back: the shared palette
        assert grid.pixel_shader is view.pal
        return (cards.W, cards.W4, L.CARD_BACK)[f - 26]
    colour = view.card_pals.index(grid.pixel_shader)
    assert f // 13 == colour >> 1, "a card's tile set is its colour's"
    return colour << 4 | f % 13


def reach(cond, preset="classic", rules="", seats="", seeds=range(1, 400), prefer_draw=False,
          challenge=False, max_tokens=3000, cpu="first"):
    """(seed, tokens): the first seed where the bot reaches an idle app with ``cond(app)``."""
    for seed in seeds:
        args = M.parse_args(["--headless", "--seed", str(seed), "--preset", preset,
                             "--rules", rules, "--seats", seats])
        hw = HostHardware(headless=True, render=False, out=io.StringIO())
        hw.skip_refresh = True
        app = make(hw, "new", rules=M.build_rules(args), seed=seed, speed=args.speed, sound=True,
                   cpu=cpu)
        M.settle(app, hw)
        tokens = []
        from uno.app.input import bit

        while len(tokens) < max_tokens:
            if cond(app):
                return seed, tokens
            g = app.table.g
            if g.phase == codes.PH_MATCH_OVER:
                break
            keys = bot.next_keys(app, challenge=challenge, prefer_draw=prefer_draw)
            for tok in keys:
                hw.press(bit(tok))
                M.settle(app, hw)
                tokens.append(tok)
    raise AssertionError("no seed reaches the situation")


def message(app):
    """The message bar's text, read from its tiles."""
    return "".join(chr(32 + c) for c in app.view.msg._cells).rstrip()


def run(seed, tokens, tmp_path, name, preset="classic", rules="", seats="", render=True,
        extra=(), cpu="first"):
    """Run the tokens through the CLI code path, after the title's A (New match); (app, hw,
    rows, events, output)."""
    log = tmp_path / (name + ".jsonl")
    shot = tmp_path / (name + ".png")
    argv = ["--headless", "--seed", str(seed), "--keys", " ".join(["A"] + list(tokens)),
            "--log", str(log),
            "--screenshot", str(shot), "--preset", preset, "--rules", rules, "--seats", seats,
            "--stats", "--cpu", cpu] + list(extra)
    if not render:
        argv.append("--no-render")
    args = M.parse_args(argv)
    out = io.StringIO()
    app, hw, rows = M.run_headless(args, S.parse(args.keys), out=out)
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert bot.check_record(events) >= 1
    return app, hw, rows, events, out.getvalue(), shot


def golden(shot, name):
    """Compare a screenshot with tests/golden/NAME.png (UPDATE_GOLDEN=1 rewrites it)."""
    path = GOLDEN / (name + ".png")
    img = Image.open(shot).convert("RGB")
    if UPDATE or not path.exists():
        GOLDEN.mkdir(parents=True, exist_ok=True)
        img.save(path)
        if not UPDATE:
            pytest.fail("golden %s was missing: written, look at it and commit it" % path)
        return
    want = Image.open(path).convert("RGB")
    if want.tobytes() != img.tobytes():
        bad = shot
        pytest.fail("screen differs from %s (actual saved as %s; UPDATE_GOLDEN=1 to accept)"
                    % (path, bad))


def incremental_matches_full(hw):
    """The screen drawn only where displayio said things changed equals a full redraw."""
    before = hw.display.fb.copy()
    hw.display.full_render()
    assert (before == hw.display.fb).all(), "a change was not redrawn (dirty area missed)"


def human_turn(app):
    g = app.table.g
    return (not app.stack and g.actor == app.table.seat and g.phase == codes.PH_PLAY
            and app.table.mode == 1)


# ----- the situations ----------------------------------------------------------------------


@pytest.mark.parametrize("cpu", ["first", "ai"])
def test_whole_classic_match(tmp_path, cpu):
    seed = 5
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    hw.skip_refresh = True
    app = make(hw, "new", rules=M.build_rules(M.parse_args(["--headless"])), seed=seed, speed=7,
               sound=True,
              cpu=cpu)
    M.settle(app, hw)
    tokens = bot.play_match(app, hw, M.settle)
    keys = tmp_path / "match.keys"
    keys.write_text("A " + " ".join(tokens) + "\n")  # the title's New match first
    # through the real command line, as a user would run it
    log = tmp_path / "match.jsonl"
    shot = tmp_path / "match.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--seed", str(seed),
                        "--keys", "@" + str(keys), "--log", str(log), "--screenshot", str(shot),
                        "--no-render", "--quiet", "--cpu", cpu], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert bot.check_record(events) == 1
    kinds = [e["ev"] for e in events]
    assert kinds[0] == "match" and kinds[-1] == "match_end" and "quit" not in kinds
    assert kinds.count("hand_end") >= 1
    assert max(events[-1]["scores"]) >= 500
    if cpu == "first":  # the real computer players change as they are tuned
        golden(shot, "match_over")


def test_colour_choice(tmp_path):
    seed, tokens = reach(lambda app: showing(app, "Picker"))
    app, hw, rows, events, out, shot = run(seed, tokens, tmp_path, "picker")
    assert showing(app, "Picker")
    incremental_matches_full(hw)
    golden(shot, "picker")
    # the D-pad points at a colour, A confirms
    app, hw, rows, events, out, shot = run(seed, tokens + ["DOWN", "A"], tmp_path, "picked")
    plays = [e for e in events if e["ev"] == "play" and e["p"] == 0]
    assert "colour" in plays[-1] and plays[-1]["colour"] == "G"
    # on the PC the Y key picks directly
    app, hw, rows, events, out, shot = run(seed, tokens + ["YELLOW"], tmp_path, "picked2")
    plays = [e for e in events if e["ev"] == "play" and e["p"] == 0]
    assert plays[-1]["colour"] == "Y"


def test_challenge(tmp_path):
    seed, tokens = reach(lambda app: showing(app, "Challenge"), seeds=range(1, 200))
    app, hw, rows, events, out, shot = run(seed, tokens, tmp_path, "challenge")
    assert "W+4" in app.table.msg and not app.view.prompt.hidden
    golden(shot, "challenge")
    n = len(events)
    app, hw, rows, events, out, shot = run(seed, tokens + ["A"], tmp_path, "challenged")
    ch = [e for e in events if e["ev"] == "challenge"]
    assert ch and ch[-1]["p"] == 0
    app, hw, rows, events, out, shot = run(seed, tokens + ["B"], tmp_path, "accepted")
    assert events[n - 1]["ev"] != "challenge"
    draws = [e for e in events[n - 1:] if e["ev"] == "draw" and e["why"] == "+4"]
    assert draws and draws[0]["p"] == 0 and len(draws[0]["cards"]) == 4


def unplayable_index(app):
    g = app.table.g
    for i, c in enumerate(g.hands[app.table.seat]):
        if (c & 15) < cards.WILD and g.explain(c) is not None:
            return i
    return -1


def test_refused_move(tmp_path):
    seed, tokens = reach(lambda app: human_turn(app) and 0 <= unplayable_index(app) < 8)
    app, hw, rows, events, out, shot = run(seed, tokens, tmp_path, "before")
    i = unplayable_index(app)
    d = i - app.table.sel
    moves = ["RIGHT"] * d if d >= 0 else ["LEFT"] * -d
    app, hw, rows, events2, out, shot = run(seed, tokens + moves + ["A"], tmp_path, "refused")
    assert events2 == events, "a refused move must not change the record"
    text = app.table.msg
    assert text.startswith(("Not playable: ", "Needs ")), text
    assert hw.sounds[-1][1] == "buzz"
    incremental_matches_full(hw)
    golden(shot, "refused")


def test_draw_and_pass(tmp_path):
    def cond(app):
        g = app.table.g
        return human_turn(app) and g.pile and g.playable(g.pile[-1], g.hands[0])

    seed, tokens = reach(cond)
    app, hw, rows, events, out, shot = run(seed, tokens + ["B"], tmp_path, "drawn")
    g = app.table.g
    assert g.phase == codes.PH_DRAWN and g.actor == 0
    assert app.table.msg.startswith("Drew ") and app.table.msg.endswith("A play, B pass")
    hand = g.hands[0]
    assert app.table.sel == len(hand) - 1, "the arrow points at the drawn card"
    incremental_matches_full(hw)
    golden(shot, "drawn")
    assert events[-1]["ev"] == "quit"
    n = len(events) - 1
    app, hw, rows, events, out, shot = run(seed, tokens + ["B", "B"], tmp_path, "passed")
    assert events[n]["ev"] == "pass" and events[n]["p"] == 0


def test_long_hand_scrolls(tmp_path):
    def cond(app):
        return human_turn(app) and len(app.table.g.hands[0]) >= 13

    seed, tokens = reach(cond, prefer_draw=True, seeds=range(1, 50))
    steps = app_sel_to_start(seed, tokens)
    app, hw, rows, events, out, shot = run(seed, tokens + ["LEFT"] * steps, tmp_path, "long0")
    assert app.table.offset == 0 and app.table.sel == 0
    v = app.view
    assert v.more_left.hidden and not v.more_right.hidden
    golden(shot, "long_hand_left")
    n = len(app.table.g.hands[0])
    app, hw, rows, events, out, shot = run(seed, tokens + ["LEFT"] * steps + ["RIGHT"] * (n - 1),
                                           tmp_path, "long1")
    assert app.table.offset == n - 8 and app.table.sel == n - 1
    assert not app.view.more_left.hidden and app.view.more_right.hidden
    incremental_matches_full(hw)
    golden(shot, "long_hand_right")


def app_after(seed, tokens):
    """A Classic app (predictable computers, no drawing) after pressing ``tokens``."""
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    hw.skip_refresh = True
    app = make(hw, "new", rules=M.build_rules(M.parse_args(["--headless"])), seed=seed, speed=7,
               cpu="first")
    M.settle(app, hw)
    from uno.app.input import bit

    for tok in tokens:
        hw.press(bit(tok))
        M.settle(app, hw)
    return app


def app_sel_to_start(seed, tokens):
    """How many LEFT presses bring the arrow from where the tokens leave it to card 0."""
    return app_after(seed, tokens).table.sel


def test_whole_deck_in_one_hand():
    """The view shows any window of a 108-card hand, with the right scroll marks."""
    hw = HostHardware(headless=True, render=True, out=io.StringIO())
    app = make(hw, "new", rules=M.build_rules(M.parse_args(["--headless"])), seed=1)
    deck = cards.make_deck()
    v = app.view
    for off in range(0, len(deck) - 7):
        v.set_hand(deck, off)
        hw.refresh()
        assert v.more_left.hidden == (off == 0)
        assert v.more_right.hidden == (off + 8 >= len(deck))
    # and the table itself: give seat 0 the whole rest of the deck and walk the arrow over it
    g = app.table.g
    g.hands[0].extend(g.pile)
    del g.pile[:]
    app.table.sync()
    for _ in range(len(g.hands[0]) + 3):
        move(app.table, 1)
        hw.refresh()
    incremental_matches_full(hw)


# ----- the screen's budget -----------------------------------------------------------------


def test_refresh_budget(tmp_path):
    """--stats: moving the arrow <= 5% of the screen; playing a card <= 35% (the frame that
    answers the press, before the computer's turn is shown)."""
    def cond(app):
        g = app.table.g
        hand = g.hands[0]
        plays = [a for a in g.legal_actions() if a < 64 and (a & 15) < cards.WILD]
        return (human_turn(app) and len(hand) >= 3 and app.table.offset == 0 and plays
                and 2 <= hand.index(plays[0]) < 8)

    seed, tokens = reach(cond)
    app = app_after(seed, tokens)
    g = app.table.g
    card = [a for a in g.legal_actions() if a < 64 and (a & 15) < cards.WILD][0]
    i = g.hands[0].index(card)
    sel = app.table.sel
    moves = ["RIGHT"] * (i - sel) if i >= sel else ["LEFT"] * (sel - i)
    app, hw, rows, events, out, shot = run(seed, tokens + moves + ["A"], tmp_path, "budget")
    stats = [r for r in out.splitlines() if r.startswith("stats")]
    assert len(stats) == len(rows)
    base = 2 + len(tokens)  # after the start and the title's A
    assert moves
    for tok, _frames, total, _peak, _first in rows[base:base + len(moves)]:
        assert total <= 0.05 * SCREEN, (tok, total)
    tok, _frames, total, _peak, first = rows[-1]
    assert tok == "A"
    assert first <= 0.35 * SCREEN, first
    assert [e for e in events if e["ev"] == "play" and e["p"] == 0][-1]["card"] == \
        cards.name(card)


def test_bad_script_token():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--keys", "A JUMP B"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    assert "JUMP" in r.stderr and "line 1" in r.stderr


def test_script_format():
    keys = S.parse("RIGHT x3, A # comment\nWAIT:10 b\n")
    assert [k[2] for k in keys] == ["RIGHT", "RIGHT", "RIGHT", "A", "WAIT:10", "B"]
    with pytest.raises(S.ScriptError):
        S.parse("x2")
    with pytest.raises(S.ScriptError):
        S.parse("WAIT:x")


def test_unfinished_match_ends_with_quit(tmp_path):
    app, hw, rows, events, out, shot = run(3, ["RIGHT"], tmp_path, "quit")
    assert events[-1] == {"ev": "quit", "p": 0}


def test_hand_won_shows_computer_cards(tmp_path):
    def cond(app):
        return showing(app, "results") and app.table.g.winner == 0

    seed, tokens = reach(cond, seeds=range(1, 60))
    app, hw, rows, events, out, shot = run(seed, tokens, tmp_path, "won")
    g = app.table.g
    left = g.hands[1]
    assert left, "the computer still holds cards"
    assert not app.view.results.hidden
    for i in range(min(8, len(left))):
        assert shown(app.view, app.view.results_cards[i]) == left[i]
    assert ("won" in [s for _, s in hw.sounds])
    incremental_matches_full(hw)
    golden(shot, "hand_won")


def test_pause_menu(tmp_path):
    seed, tokens = reach(human_turn)
    app, hw, rows, events, out, shot = run(seed, tokens + ["START"], tmp_path, "pause")
    assert showing(app, "pause")
    golden(shot, "pause")
    # Hint: one line, what the Advanced player would do with this hand (a legal action)
    app, hw, rows, events, out, shot = run(seed, tokens + ["START", "DOWN", "A"], tmp_path, "hint")
    from uno.app.hint import say

    line = message(app)
    g = app.table.g
    assert showing(app, "pause")
    assert line in ["Hint: " + say(a) for a in g.legal_actions()], line
    # resume: the message bar shows the table's message again
    app, hw, rows, events, out, shot = run(seed, tokens + ["START", "DOWN", "A", "B"], tmp_path,
                                           "resume")
    assert app.top() is app.table and message(app) == app.table.msg
    # new match: the old one ends with quit, a new match record follows
    app, hw, rows, events, out, shot = run(seed, tokens + ["START", "UP", "UP", "A"], tmp_path,
                                           "new")
    kinds = [e["ev"] for e in events]
    assert kinds.count("match") == 2 and kinds.count("quit") == 2
    # quit to title, whose New match starts again
    app, hw, rows, events, out, shot = run(seed, tokens + ["START", "UP", "A"], tmp_path, "quit2")
    assert getattr(app.top(), "module", None) == "uno.app.title"
    assert [e["ev"] for e in events].count("quit") == 1
    assert hw.rgb == 0, "the lights are dark when no match runs"


def test_one_call_required(tmp_path):
    """one_call=required: SELECT calls ONE in the window; a computer's missed call is caught."""
    def cond(app):
        g = app.table.g
        return g.phase == codes.PH_ONE and g.actor == 0 and not app.stack

    seed, tokens = reach(cond, preset="official", seeds=range(1, 80))
    app, hw, rows, events, out, shot = run(seed, tokens + ["SELECT"], tmp_path, "one",
                                           preset="official")
    ones = [e for e in events if e["ev"] == "one" and e["p"] == 0]
    assert ones and ones[-1]["called"] is True
    assert "one" in [s for _, s in hw.sounds]
    # waiting out the window instead: the call is missed
    app, hw, rows, events, out, shot = run(seed, tokens + ["WAIT:120"], tmp_path, "missed",
                                           preset="official")
    g = app.table.g
    assert g.phase != codes.PH_ONE or g.actor != 0


def test_banner_and_lights(tmp_path):
    """A ONE! banner and a tune when a player is down to one card; NeoPixels show the active
    colour dimly."""
    def cond(app):
        g = app.table.g
        return human_turn(app) and min(len(h) for h in g.hands) == 1

    seed, tokens = reach(cond, seeds=range(1, 40))
    app, hw, rows, events, out, shot = run(seed, tokens, tmp_path, "lights")
    g = app.table.g
    from uno.view.layout import COLOUR_RGB

    rgb = COLOUR_RGB[g.colour]
    assert hw.rgb == 0, "dark after the simulator closed"
    dim = hw.rgb_log[-2][1]
    assert dim != 0 and dim != rgb
    assert 0x5F5F5F in [c for _, c in hw.rgb_log], "a white flash on ONE"
    for shift in (16, 8, 0):
        assert ((dim >> shift) & 255) <= ((rgb >> shift) & 255)
    assert "beep+one" in [s for _, s in hw.sounds], "the computer is down to one card"
    assert "pip" in [s for _, s in hw.sounds]


def test_hot_seat(tmp_path):
    """RULES.md 'Seats': two or more human seats is hot-seat play: the hand is hidden behind a
    "pass the badge to NAME" screen between turns, and not shown while a computer plays. The
    hand-over is its own module (uno.app.handover), without the results page's code: it
    looks as it did when it was a page of uno.app.results (pixel for pixel)."""
    from uno.app.input import bit
    from uno.view import layout as L

    hw = HostHardware(headless=True, render=True, out=io.StringIO())
    app = make(hw, "new", rules=M.build_rules(M.parse_args(["--headless", "--seats",
               "human,normal,human"])), seed=2, cpu="first")
    M.settle(app, hw)
    handed_to = set()
    computer_turns = 0
    for _ in range(120):
        g = app.table.g
        if g.phase in (codes.PH_HAND_OVER, codes.PH_MATCH_OVER):
            break
        tiles = [shown(app.view, s) for s in app.view.hand]
        if showing(app, "handover"):
            handed_to.add(app.top().seat)
            assert app.view.results.hidden is False, "the handover page covers the table"
            # it opens mid-hand, beside the players' code: the results page's code and its
            # builder (with eight card grids) are not loaded
            assert "uno.app.results" not in sys.modules and "uno.view.panels" not in sys.modules
            if not handed_to:
                shot = tmp_path / "handover.png"
                hw.display.full_render()
                hw.display.save_png(str(shot), 1)
                golden(shot, "handover")
        elif app.top() is app.table and app.table.idle():
            assert g.actor == app.table.seat
            assert L.CARD_BACK not in tiles, "the player's own hand is face down"
        keys = ["A"] if showing(app, "handover") else bot.next_keys(app)
        for tok in keys:
            hw.press(bit(tok))
            for _ in range(M.MAX_FRAMES):  # frame by frame, to see the computer's turn
                hw.advance(M.FRAME_MS)
                app.frame()
                if app.table.g.actor == 1 and app.top() is app.table:
                    computer_turns += 1
                    assert all(shown(app.view, s) in (L.CARD_BACK, -1) for s in app.view.hand), \
                        "a hand is shown while the computer plays"
                if app.idle() and not app.sound.busy() and not app.table.banner_until:
                    break
    assert handed_to == {0, 2}, "the badge was handed over to each human"
    assert computer_turns > 0


def test_the_hand_over_page_says_whose_turn_is_next(tmp_path):
    """Hot seat: after P2 plays, the "Pass the badge to P1" page's message bar says "P1, your
    turn next", not P2's play (which P1 sees on the table once they take the badge); the
    pause menu opened over the page and closed leaves the page as it was."""
    from test_app_saves import message

    def page(keys, name):
        args = M.parse_args(["--headless", "--quiet", "--seed", "2", "--cpu", "first",
                             "--seats", "human,human", "--keys", keys,
                             "--screenshot", str(tmp_path / name)])
        app, _hw, _rows = M.run_headless(args, S.parse(keys), out=io.StringIO())
        return app, Image.open(tmp_path / name).convert("RGB")

    # New match; P2 (first to play) takes the badge and plays G1, the fourth card
    app, shot = page("A A RIGHT RIGHT RIGHT A", "after_play.png")
    assert showing(app, "handover") and app.top().seat == 0
    assert cards.name(app.table.g.discard[-1]) == "G1"
    assert message(app) == "P1, your turn next"
    # START, then B: the menu's panel goes and the page and its line are whole again
    app2, shot2 = page("A A RIGHT RIGHT RIGHT A START B", "after_pause.png")
    assert showing(app2, "handover") and message(app2) == "P1, your turn next"
    assert shot2.tobytes() == shot.tobytes()


def test_catch_missed_one(tmp_path):
    """A computer that forgot to call ONE is caught with SELECT: it draws 2."""
    def cond(app):
        g = app.table.g
        return g.phase == codes.PH_CATCH and g.actor == 0 and not app.stack

    seed, tokens = reach(cond, preset="official", seats="human,easy", seeds=range(1, 80),
                         cpu="ai")
    app, hw, rows, events, out, shot = run(seed, tokens, tmp_path, "catch", preset="official",
                                           seats="human,easy", cpu="ai")
    assert "forgot ONE! SELECT" in app.table.msg
    app, hw, rows, events, out, shot = run(seed, tokens + ["SELECT"], tmp_path, "caught",
                                           preset="official", seats="human,easy", cpu="ai")
    i = [k for k, e in enumerate(events) if e["ev"] == "one" and e.get("caught")][-1]
    assert events[i]["p"] == 1
    assert events[i + 1]["ev"] == "draw" and events[i + 1]["why"] == "one"
    assert len(events[i + 1]["cards"]) == 2


def test_held_direction_repeats():
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    hw.skip_refresh = True
    app = make(hw, "new", rules=M.build_rules(M.parse_args(["--headless"])), seed=1)
    M.settle(app, hw)
    assert human_turn(app)
    n = len(app.table.g.hands[0])
    from uno.app.input import RIGHT

    hw.press(RIGHT)
    hw.held = RIGHT
    for _ in range(30):  # 1 s: the press, then repeats after 400 ms every 110 ms
        hw.advance(33)
        app.frame()
    hw.held = 0
    assert app.table.sel == min(6, 1 + 5) % n


def test_headless_without_a_script_plays_a_whole_match(tmp_path):
    """README: ./play.sh runs the game headless when there is no display; with no --keys the
    built-in player takes the human seat for a whole match, whose record obeys the rules."""
    shot = tmp_path / "end.png"
    log = tmp_path / "m.jsonl"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--seed", "3",
                        "--rules", "target=100", "--screenshot", str(shot), "--log", str(log)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "won the match" in r.stdout, r.stdout
    assert shot.exists()
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[-1]["ev"] == "match_end"
    assert bot.check_record(events) >= 1


def test_three_seats_two_humans_chosen_on_the_players_page(tmp_path):
    """Required: "play a 3-seat match with two humans", the seats chosen with the buttons on
    the Players page (seat 2 Normal -> Human, seat 3 empty -> Normal), then a whole hot-seat
    match through the real command line; its record obeys the rules."""
    from uno.app.input import bit

    # back at the title the arrow is on Players: UP to New match
    setup = "DOWN A DOWN LEFT LEFT DOWN LEFT LEFT B UP A".split()
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    hw.skip_refresh = True
    app = make(hw, "title", seed=5, speed=10, cpu="first")
    M.settle(app, hw)
    for tok in setup:
        hw.press(bit(tok))
        M.settle(app, hw, False)
    assert app.settings.seats == ["human", "human", "normal", ""]
    g = app.table.g
    assert g.nseats == 3 and tuple(g.rules.seats) == ("human", "human", "normal")
    tokens = bot.play_match(app, hw, M.settle)
    assert app.table.g.phase == codes.PH_MATCH_OVER
    keys = tmp_path / "match.keys"
    keys.write_text(" ".join(setup + tokens) + "\n")
    log = tmp_path / "match.jsonl"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--seed", "5",
                        "--speed", "10", "--keys", "@" + str(keys), "--log", str(log),
                        "--no-render", "--quiet", "--cpu", "first"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert bot.check_record(events) == 1
    assert events[0]["ev"] == "match" and events[-1]["ev"] == "match_end"
    assert list(events[0]["seats"]) == ["human", "human", "normal"]
    assert {e["p"] for e in events if e["ev"] == "play"} == {0, 1, 2}  # both humans played


def _put_back(kept):
    """Each module of ``kept`` (name -> module) the attribute of its own package again, as
    its import made it (``uno.players.normal`` on ``uno.players``)."""
    import importlib

    for name, m in kept.items():
        parent, _, child = name.rpartition(".")
        setattr(importlib.import_module(parent), child, m)


def _computer_match(monkeypatch, rest_at_hand_end):
    """A computers-only match on the PC (two Advanced, a Normal, an Easy; 250 points): its
    record, and per hand's results page which player code was in memory."""
    from uno.players import normal as ai
    from uno.app.input import A
    from uno.core.ruleset import Rules

    if not rest_at_hand_end:
        orig = Match.rest_players
        monkeypatch.setattr(Match, "rest_players",
                            lambda self, always=False: None if always else orig(self))
    observe = G.Game.observe
    describe_loaded = []  # at each computer decision (the table observes for it)

    def observing(g, seat):
        describe_loaded.append("uno.app.describe" in sys.modules)
        return observe(g, seat)

    monkeypatch.setattr(G.Game, "observe", observing)
    keep = {n: m for n, m in sys.modules.items()
            if n in ("uno.players.normal", "uno.players.advanced", "uno.players.search",
                     "uno.core.observe")}
    log = io.StringIO()
    try:
        hw = HostHardware(headless=True, render=False, log=log, out=io.StringIO())
        hw.skip_refresh = True
        # seed 13: four hands and 192 computer decisions with the current players (seed 12's
        # match is two); a change to the players may need another
        app = make(hw, "new", rules=Rules(seats=("advanced", "normal", "advanced", "easy"),
                   target=250), seed=13, speed=10)
        at_results = []
        for _ in range(60):
            M.settle(app, hw)
            at_results.append(("uno.players.normal" in sys.modules,
                               "uno.players.advanced" in sys.modules, tuple(app.table.players)))
            if app.table.g.phase == codes.PH_MATCH_OVER:
                break
            hw.press(A)
        assert app.table.g.phase == codes.PH_MATCH_OVER
    finally:
        sys.modules.update(keep)
        _put_back(keep)
    assert ai is sys.modules["uno.players.normal"]
    assert len(describe_loaded) > 100, "a match long enough to check: %d computer decisions" % (
        len(describe_loaded))
    assert not any(describe_loaded), \
        "the table's messages (uno.app.describe) are not in memory while a computer decides"
    return log.getvalue(), at_results


def test_computer_players_rest_between_hands_and_decide_as_if_they_had_not(monkeypatch):
    """The app's heap on the badge: at a hand's end the computer players and their code
    (uno.players.normal, uno.players.advanced, uno.core.observe, uno.players.search) leave the heap,
    so the save point and the results page have their room, and the next hand's first computer turn
    makes them again with their random numbers and what their challenges learned
    (Match.rest_players, Match.wake_players). A player must decide as if it had never gone: the
    match's record is the same as when the players stay all match long. The table's messages
    (uno.app.describe) are not in memory while a computer decides either."""
    rested, pages = _computer_match(monkeypatch, True)
    assert len(pages) >= 3, "a match of several hands"
    for has_ai, has_adv, players in pages:
        assert not has_ai and not has_adv, "no player code at the results page"
        assert players == (0, 0, 0, 0), "every seat still a computer's, resting"
    stayed, pages = _computer_match(monkeypatch, False)
    assert all(has_ai for has_ai, _, _ in pages)
    assert rested.count('"ev":"hand_end"') == stayed.count('"ev":"hand_end"') >= 3
    assert rested == stayed


def _paused_match(pause_every):
    """A computers-only match (two Advanced, a Normal, an Easy; 250 points) whose pause menu is
    opened every ``pause_every`` frames (0: never) and closed the next frame: its record, and
    whether any player code was in memory while the menu showed, and what each computer's
    challenges had learned at the end."""
    from uno.app.input import A, B, START
    from uno.core.rules import Rules

    keep = {n: m for n, m in sys.modules.items()
            if n in ("uno.players.normal", "uno.players.advanced", "uno.players.search",
                     "uno.core.observe")}
    log = io.StringIO()
    code_at_menu = []
    try:
        hw = HostHardware(headless=True, render=False, log=log, out=io.StringIO())
        hw.skip_refresh = True
        app = make(hw, "new", rules=Rules(seats=("advanced", "normal", "advanced", "easy"),
                   target=250), seed=13, speed=10)
        for n in range(40000):
            if app.table.g.phase == G.PH_MATCH_OVER:
                break
            if app.stack and showing(app, "results"):
                hw.press(A)
            elif pause_every and n % pause_every == 0 and not app.stack:
                hw.press(START)
                hw.advance(M.FRAME_MS)
                app.frame()
                if app.stack and showing(app, "pause"):
                    code_at_menu.append("uno.players.normal" in sys.modules
                                        or "uno.players.search" in sys.modules)
                    hw.press(B)
            hw.advance(M.FRAME_MS)
            app.frame()
        assert app.table.g.phase == G.PH_MATCH_OVER
        tb = app.table
        learned = [(getattr(p, "bluffs", None), getattr(p, "honest", None)) if p
                   else tb.rested[s][1:3] if p == 0 else None for s, p in enumerate(tb.players)]
    finally:
        sys.modules.update(keep)
        _put_back(keep)
    return log.getvalue(), code_at_menu, learned


def test_pausing_mid_hand_rests_the_players_and_changes_nothing_of_the_match():
    """The pause menu is a save point and may open a page's program: while it shows, the
    computer players and their code leave the heap (Match.rest_players), so the save and the
    hand-over have their room; the next computer turn makes them again with what they carry
    from one decision to the next (random numbers, what their challenges learned, a challenge
    waiting to be settled). Pausing again and again mid-hand must not change a single play."""
    plain, _, learned = _paused_match(0)
    paused, at_menu, paused_learned = _paused_match(7)
    assert len(at_menu) > 50, "the menu opened often, mid-hand: %d" % len(at_menu)
    assert not any(at_menu), "no player code in memory while the pause menu shows"
    assert plain.count('"ev":"hand_end"') >= 3
    assert '"ev":"challenge"' in plain, "a match in which a computer's challenge is settled"
    assert paused == plain
    assert any(h and any(h) for b_h in learned for h in b_h), "its challenges learned something"
    assert paused_learned == learned


def test_the_message_bar_says_what_each_event_did(tmp_path):
    # The line a player reads after each kind of record event (docs/FORMATS.md), with its sound
    # and whether it is held: uno.app.describe, whose work is split over several functions so
    # that none needs a large block of the badge's heap (docs/BENCHMARKS.md).
    from uno.app import fx
    from uno.app.describe import describe

    app = run(1, [], tmp_path, "msgs", seats="human,normal,normal", render=False)[0]
    t = app.table
    played = []
    app.sound.play = lambda snd, now: played.append(snd)
    cases = [
        ([{"ev": "pass", "p": 1}], "CPU1 passed", None, False),
        ([{"ev": "colour", "p": 2, "colour": "G"}], "CPU2 chose GREEN", None, False),
        ([{"ev": "reshuffle"}], "Pile reshuffled", None, False),
        ([{"ev": "hand", "n": 3, "top": "Y5"}], "Hand 3: Y5 turned up", None, False),
        ([{"ev": "returned", "top": "B2"}], "W+4 put back, B2 up", None, True),
        # a pass after a draw keeps the draw's line
        ([{"ev": "draw", "p": 1, "why": "turn", "cards": ["R1"]}, {"ev": "pass", "p": 1}],
         "CPU1 drew a card", None, False),
        ([{"ev": "one", "p": 1, "called": True}], "CPU1: ONE!", fx.ONE_TUNE, False),
        ([{"ev": "one", "p": 0, "caught": True}], "You missed ONE: draw 2", None, True),
        ([{"ev": "hand_end", "winner": 0}], "You win the hand!", fx.HAND_WON, False),
        ([{"ev": "hand_end", "winner": 2}], "CPU2 wins the hand", fx.HAND_LOST, False),
    ]
    for events, line, sound, held in cases:
        played.clear()
        t.hold_until = 0
        describe(t, events, 1000)
        assert message(app) == line, events
        assert played == ([] if sound is None else [sound]), events
        assert (t.hold_until > 1000) == held, events
    describe(t, [{"ev": "deal"}], 1000)  # an event with nothing to say leaves the line
    assert message(app) == "CPU2 wins the hand"
