"""When the app writes the flash (docs/SAVES.md, "When writes happen"): once a hand for a
player who thinks, a hand's end at once, the pause menu's save point resumed as it was left.
Drives the simulator's headless app in this process, a press at a time."""

import io

from host_sim import __main__ as M
from host_sim import bot
from host_sim.bot import showing
from host_sim.hw import HostHardware
from uno.core import codes
from uno.app.input import bit
from uno.app.begin import read_extra
from uno.saves.bitread import saved_phase
from uno.saves.codec import load, unpack_match

THINK = 330  # frames of 33 ms: eleven seconds without a press


def boot(path, seed=5, cpu="first", render=False):
    argv = ["--headless", "--quiet", "--seed", str(seed), "--cpu", cpu, "--nvm", str(path),
            "--no-render"]
    args = M.parse_args(argv)
    hw = HostHardware(headless=True, render=render, out=io.StringIO())
    nvm = M.open_nvm(args)
    app = M.start_app(hw, args, seed, nvm)
    M.settle(app, hw)
    return app, hw, nvm


def press(app, hw, *tokens):
    for tok in tokens:
        hw.press(bit(tok))
        M.settle(app, hw)


def wait(app, hw, frames):
    M.settle(app, hw, wait=frames)


def stored(path):
    s, notice = load(bytearray(path.read_bytes()))
    assert notice is None
    return s


def human_turn(app):
    tb = app.table
    return (app.top() is tb and tb.g is not None and tb.g.actor == tb.seat
            and tb.g.phase in (codes.PH_PLAY, codes.PH_DRAWN, codes.PH_STACK))


def play_hands(app, hw, hands, before_move=None):
    """The bot's presses until ``hands`` results pages have shown; ``before_move(app, hw)``
    before each of the player's decisions on the table. Returns the nvm's writes counted at
    each results page."""
    at = []
    seen = 0
    while seen < hands:
        if showing(app, "results"):
            seen += 1
            at.append(app.autosave.writes)
            if app.table.g.phase == codes.PH_MATCH_OVER:
                break
        elif before_move is not None and human_turn(app):
            before_move(app, hw)
        press(app, hw, *bot.next_keys(app))
    return at


def test_a_player_who_thinks_ten_seconds_a_turn_writes_once_a_hand(tmp_path):
    """SAVES.md: "Thinking is not a reason to write": a typical hand (no pause menu), with the
    player thinking eleven seconds before every decision, writes the nvm block once, at its
    end."""
    path = tmp_path / "nvm.bin"
    app, hw, nvm = boot(path)
    press(app, hw, "A")  # the title's New match
    turns = [0]

    def think(app, hw):
        turns[0] += 1
        wait(app, hw, THINK)

    at = play_hands(app, hw, 3, think)
    assert turns[0] >= 9, "the hands had turns to think on"
    assert at == [1, 2, 3], "writes counted at each hand's results page: %r" % at
    assert nvm.writes == 3


def test_a_hands_end_is_in_the_save_file_when_its_results_show(tmp_path):
    """A finished hand is never lost: the results page shows only once the save file holds
    the hand's end, even when the pause menu wrote just before the hand ended."""
    path = tmp_path / "nvm.bin"
    app, hw, nvm = boot(path)
    press(app, hw, "A")

    def pause_first(app, hw):
        press(app, hw, "START", "B")  # a save point seconds before each decision

    shown = 0
    while shown < 3:
        if showing(app, "results"):
            shown += 1
            assert not app.autosave.waiting()
            assert saved_phase(stored(path).match) in (codes.PH_HAND_OVER, codes.PH_MATCH_OVER), \
                "results page %d shows a hand the save file does not hold" % shown
        elif human_turn(app):
            pause_first(app, hw)
        press(app, hw, *bot.next_keys(app))


def table_state(app):
    tb = app.table
    return (tb.seat, len(tb.g.hands[tb.seat]), tb.sel, tb.offset)


def test_continue_shows_the_cursor_and_scroll_the_pause_menu_left(tmp_path):
    """Continue "puts the cursor back": a match paused with the arrow on the first of 14
    cards, after a long think with the hand scrolled, comes back with the arrow on the first
    card and the hand not scrolled (the same screen)."""
    path = tmp_path / "nvm.bin"
    app, hw, nvm = boot(path, render=True)
    press(app, hw, "A", "B", "B", "B", "B", "B", "B")  # draws: 14 cards
    assert human_turn(app) and len(app.table.g.hands[app.table.seat]) == 14
    press(app, hw, "LEFT")
    wait(app, hw, THINK)  # thinking, the hand scrolled
    assert app.table.offset > 0
    press(app, hw, *["LEFT"] * app.table.sel)  # the first card
    press(app, hw, "START")  # paused: the match as left, then the power goes
    left = table_state(app)
    assert left[1:] == (14, 0, 0)
    s = stored(path)
    g, ex = unpack_match(s.match)
    assert read_extra(ex, g.nseats)[:3] == (left[0], 0, 0), "the save holds the cursor left"
    app2, hw2, _ = boot(path, seed=9, render=True)
    press(app2, hw2, "A")  # Continue
    assert table_state(app2) == left
    press(app, hw, "B")  # the first run's menu closed: the same screen on both
    shots = []
    for h, name in ((hw, "left.png"), (hw2, "continued.png")):
        h.display.full_render()
        h.display.save_png(str(tmp_path / name), 1)
        shots.append((tmp_path / name).read_bytes())
    assert shots[0] == shots[1], "Continue shows another screen than the one left"
