"""The party rules at the table, as a player meets them (RULES.md `seven_zero`, `jump_in`;
docs/APP.md, Controls): the 7's swap picker, a ring round the chosen seat's panel that the
D-pad moves round the table, and the jump-in window, the card that can jump raised and ringed
in the hand with a bar that shrinks as the window runs out. The matches are played through the
headless simulator's buttons with predictable computers (--cpu first)."""

import io
import sys

from test_app_saves import message

from host_sim import __main__ as M
from host_sim import script as S
from host_sim.bot import check_record, play_match, showing
from host_sim.hw import HostHardware
from uno.core import codes
from uno.app import input as I
from uno.programs import make
from uno.view import layout as L
from uno.view.marks import RAISE

THREE = "human,normal,normal"
FOUR = "human,normal,normal,normal"


def table(seed, seats, keys, speed=7):
    """The app after ``keys`` (from the title) of a party match of ``seats``; its record is
    ``hw.events``."""
    args = M.parse_args(["--headless", "--preset", "party", "--seats", seats])
    hw = HostHardware(headless=True, render=True, out=io.StringIO())
    hw.events = []
    hw.record = hw.events.append
    app = make(hw, "title", rules=M.build_rules(args), seed=seed, speed=speed, sound=False,
               cpu="first")
    M.settle(app, hw)
    for kind, value, _tok in S.parse(keys):
        if kind == "wait":
            M.settle(app, hw, wait=value)
        else:
            hw.press(value)
            M.settle(app, hw)
    return app, hw


def press(app, hw, name, frames=1):
    """``name`` pressed, then ``frames`` frames (1: the frame that answers it)."""
    hw.press(I.bit(name))
    for _ in range(frames):
        hw.advance(M.FRAME_MS)
        app.frame()


def text(grid):
    return "".join(chr(32 + c) for c in grid._cells).strip()


def ringed(app):
    """The (x, y, w, h) of the marks' ring, or None."""
    m = app.table.marks
    if m is None or m.ring is None:
        return None
    w, h, _t = m.size
    return m.ring.x, m.ring.y, w, h


def panel_box(app, seat):
    """Where seat ``seat``'s name and count are: (x, y, w, h) of its panel or top-bar half."""
    p = app.table.panel_of[seat]
    if p == 2:
        return 82, 0, 78, 12
    x = L.LEFT_X if p == 0 else L.RIGHT_X
    return x, L.PANEL_Y, 37, 50


def inside(inner, outer):
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


def rings_seat(app, seat):
    """The ring is round seat ``seat``'s panel and no other's."""
    r = ringed(app)
    assert r is not None
    return all(inside(panel_box(app, s), r) == (s == seat)
               for s in range(app.table.g.nseats) if s != app.table.seat)


def raised(app):
    """The hand slots standing out of the row."""
    return [i for i, g in enumerate(app.view.hand) if g.y != L.HAND_Y]


def loaded():
    return {"uno.app.party", "uno.view.marks"} & set(sys.modules)


# ----- the 7's swap picker ------------------------------------------------------------------

def test_the_swap_picker_starts_on_the_fewest_cards_and_names_the_seat_and_its_count():
    """RULES.md: "after playing a `7`, you choose another player and the two of you swap
    hands"; the picker starts on the seat with the fewest cards."""
    app, hw = table(4, THREE, "A A")  # seed 4: your 7 on the first turn
    g = app.table.g
    assert g.phase == codes.PH_SWAP and g.actor == 0
    counts = {s: len(g.hands[s]) for s in (1, 2)}
    fewest = min(counts, key=lambda s: (counts[s], s))
    assert counts[1] != counts[2]
    assert app.table.swap_to == fewest and rings_seat(app, fewest)
    assert message(app) == "A: swap with %s (%d) \x7f\x80" % (app.table.names[fewest],
                                                            counts[fewest])


def test_the_picker_moves_round_the_table_in_seat_order_and_skips_your_seat():
    """Four seats: RIGHT and DOWN go to the next seat (left panel, the seat across in the top
    bar, the right panel), LEFT and UP to the one before; your own seat is never picked."""
    app, hw = table(12, FOUR, "A RIGHT A")  # seed 12: your 7; each other seat holds 7 cards
    g = app.table.g
    assert g.phase == codes.PH_SWAP and app.table.swap_to == 1 and rings_seat(app, 1)
    for key, want in (("RIGHT", 2), ("RIGHT", 3), ("RIGHT", 1), ("DOWN", 2), ("LEFT", 1),
                      ("LEFT", 3), ("UP", 2), ("UP", 1), ("UP", 3)):
        press(app, hw, key)
        assert app.table.swap_to == want, key
        assert rings_seat(app, want), (key, ringed(app))
        assert message(app).startswith("A: swap with CPU%d (7)" % want)
        assert g.phase == codes.PH_SWAP and g.actor == 0  # the D-pad only points
    # seat 2 sits across: its ring is round its half of the top bar
    assert app.table.panel_of[2] == 2


def test_a_swaps_with_the_ringed_seat_and_the_counts_change_in_that_frame():
    app, hw = table(12, FOUR, "A RIGHT A RIGHT")  # the ring on CPU2, across
    tb = app.table
    g = tb.g
    assert tb.swap_to == 2
    mine, theirs = list(g.hands[0]), list(g.hands[2])
    assert len(mine) != len(theirs)
    press(app, hw, "A")  # one frame: the one that answers A
    assert g.hands[0] == theirs and g.hands[2] == mine
    assert {"ev": "swap", "p": 0, "with": 2} in hw.events
    # in that very frame: the seat's count, your hand and your own count
    assert text(app.view.top_right).startswith("CPU2" + chr(32 + L.GLYPH_CARDS)
                                               + str(len(mine)))
    assert text(app.view.top_left).startswith("YOU" + chr(32 + L.GLYPH_CARDS)
                                              + str(len(theirs)))
    shown = [c for c in app.view._hand if c != 255]
    assert shown == theirs[:L.HAND_SLOTS]
    # the ring is gone, and its code with it
    assert tb.marks is None and not loaded()
    check_record(hw.events)


def test_the_panels_counts_change_in_the_frame_of_a_three_seat_swap():
    app, hw = table(4, THREE, "A A RIGHT")  # the ring moved to CPU2 (7 cards, yours 5)
    tb = app.table
    assert tb.swap_to == 2
    panel = app.view.panels[tb.panel_of[2]]
    before = text(panel.count)
    n0 = len(tb.g.hands[0])
    press(app, hw, "A")
    assert text(panel.count) == str(n0) != before
    assert tb.marks is None and not raised(app)


# ----- the jump-in window -------------------------------------------------------------------

def test_the_jump_mark_is_the_identical_card_raised_and_ringed_during_the_window():
    """RULES.md: "any other player holding an identical card (the same colour and the same
    kind ...) may play it at once, out of turn"."""
    app, hw = table(6, THREE, "A")  # seed 6: CPU2 plays B8 and you hold B8
    tb = app.table
    g = tb.g
    assert g.phase == codes.PH_JUMP and g.actor == 0
    slot = raised(app)
    assert len(slot) == 1 and app.view.hand[slot[0]].y == L.HAND_Y - RAISE
    assert app.view._hand[slot[0]] == g.top == g.hands[0][tb.offset + slot[0]]
    x, y, w, h = ringed(app)
    card = app.view.hand[slot[0]]
    assert x < card.x and y < card.y and card.x + 18 < x + w and card.y + L.CARD_H < y + h
    assert message(app).startswith("A: jump in with %s!" % "B8")
    bar = tb.marks.bar
    full = tb.marks.lit
    assert full >= 16 and not bar.hidden  # nearly whole: the window has just opened
    # the bar shrinks as the window runs out
    for _ in range(10):
        hw.advance(M.FRAME_MS)
        app.frame()
    assert 0 < tb.marks.lit < full


def test_a_in_the_window_jumps_in():
    app, hw = table(6, THREE, "A")
    top = app.table.g.top
    press(app, hw, "A")
    plays = [e for e in hw.events if e["ev"] == "play" and e.get("jump")]
    assert plays and plays[-1]["p"] == 0 and plays[-1]["card"] == "B8"
    assert app.table.g.discard[-1] == top
    assert app.table.marks is None and not raised(app) and not loaded()
    check_record(hw.events)


def test_b_lets_the_jump_in_go():
    app, hw = table(6, THREE, "A")
    n = len(app.table.g.hands[0])
    press(app, hw, "B")
    assert not any(e.get("jump") for e in hw.events)
    assert len(app.table.g.hands[0]) == n and app.table.g.phase != codes.PH_JUMP
    assert app.table.marks is None and not raised(app) and not loaded()


def window_ms(speed):
    """A person's jump-in window: the pause between computer steps (2200 - 200 * speed ms,
    docs/APP.md, --speed) and 1.2 s to see the card rise and press A."""
    return 2200 - 200 * speed + 1200


def test_a_persons_window_lasts_long_enough_to_react_and_closes_by_itself():
    """At the default speed (7) the window is 2 s, not the 800 ms pause; slower speeds give
    longer ones, and at the fastest a person still has 1.4 s."""
    for speed in (7, 3, 10):
        whole = window_ms(speed)
        app, hw = table(6, THREE, "A", speed=speed)
        g = app.table.g
        end = app.table.window_until
        # it opened as the computer's card landed: a frame or two before the script went on
        assert 0 <= hw.ticks() - (end - whole) <= 2 * M.FRAME_MS
        while hw.ticks() + M.FRAME_MS < end:
            hw.advance(M.FRAME_MS)
            app.frame()
            assert g.phase == codes.PH_JUMP and g.actor == 0 and raised(app), end - hw.ticks()
        for _ in range(2):
            hw.advance(M.FRAME_MS)
            app.frame()
        assert not (g.phase == codes.PH_JUMP and g.actor == 0)
        assert not raised(app) and app.table.marks is None
        assert not any(e.get("jump") for e in hw.events)


def test_the_countdown_bar_shows_the_part_of_the_window_left():
    """The bar under the raised card is a card's width (18 px) as the window opens, and at
    each frame as long as the part of the window still left: half way, half of it."""
    app, hw = table(6, THREE, "A")
    tb = app.table
    whole = window_ms(7)
    start = tb.window_until - whole
    seen = []
    while tb.marks is not None:
        left = tb.window_until - hw.ticks()
        lit = tb.marks.lit
        bar = tb.marks.bar
        # the bar's lit tiles are its first ``lit`` (tile 0 lit, 1 clear)
        assert [bar[i] for i in range(18)] == [0] * lit + [1] * (18 - lit)
        assert lit == max(0, min(18, left * 18 // whole)), (hw.ticks() - start, lit)
        seen.append(lit)
        hw.advance(M.FRAME_MS)
        app.frame()
    assert seen[0] >= 17 and 8 <= seen[len(seen) // 2] <= 10 and seen[-1] <= 1
    assert seen == sorted(seen, reverse=True)
    assert len(seen) * M.FRAME_MS >= whole - 2 * M.FRAME_MS


def test_a_computers_jump_in_comes_after_the_pause_as_before():
    """The longer window is a person's: a computer asked whether to jump in answers the
    message speed's pause (800 ms at the default speed) after the card it may jump on has
    landed, as it plays, all match long."""
    asked = []  # (seat, ms from the phase's first frame to its answer)
    since = [None]

    def each(app, hw):
        g = app.table.g
        # from the frame the card played lands (the table waits; before, it flies)
        cpu = g is not None and g.phase == codes.PH_JUMP and not app.table.human(g.actor) \
            and app.table.mode == 0
        key = (g.actor, len(g.discard)) if cpu else None
        if since[0] is not None and since[0][0] != key:
            asked.append((since[0][0][0], hw.ticks() - since[0][1]))
            since[0] = None
        if cpu and since[0] is None:
            since[0] = (key, hw.ticks())

    _party_match(each)
    assert len(asked) >= 3
    for seat, ms in asked:
        assert 800 - M.FRAME_MS <= ms <= 800 + 2 * M.FRAME_MS, (seat, ms)


def test_the_hand_scrolls_to_the_card_that_can_jump():
    # seed 1: by then you hold 14 cards, the R2 ninth or later
    keys = ("A B A A RIGHT RIGHT RIGHT RIGHT RIGHT A LEFT LEFT LEFT A A B A LEFT LEFT A A SELECT "
            "B A LEFT A B A A B A RIGHT A LEFT A LEFT A A A GREEN SELECT B A B A RIGHT A B "
            "RIGHT A B A LEFT A B A B A A A LEFT LEFT LEFT LEFT LEFT LEFT A B")
    app, hw = table(1, THREE, keys)
    tb = app.table
    g = tb.g
    assert g.phase == codes.PH_JUMP and g.actor == 0
    i = g.hands[0].index(g.top)
    assert i >= L.HAND_SLOTS and tb.offset > 0
    assert raised(app) == [i - tb.offset]
    assert app.view._hand[i - tb.offset] == g.top


def test_the_mark_shows_only_when_you_hold_the_card_and_only_in_the_window():
    """A whole party match played through the buttons: at every frame a card stands raised
    exactly when it is your jump-in window, and it is the card just played."""
    seen = [0, 0]
    was = [False]

    def each(app, hw):
        tb = app.table
        g = tb.g
        up = raised(app)
        window = g is not None and not app.stack and g.phase == codes.PH_JUMP \
            and tb.human(g.actor) and tb.mode == 1
        if window and was[0]:  # drawn from the window's second frame (the hand's own)
            assert len(up) == 1 and app.view._hand[up[0]] == g.top
            assert g.top in g.hands[tb.seat]
            seen[0] += 1
        elif not window:
            assert not up, (g.phase if g else None, g.actor if g else None)
            if g is not None and g.phase == codes.PH_SWAP and tb.human(g.actor) \
                    and tb.mode == 1 and not app.stack:
                seen[1] += 1
        was[0] = window

    _party_match(each)
    assert seen[0] > 0  # the match had jump-in windows of yours


def test_hot_seat_shows_the_jump_mark_on_the_asked_players_own_hand_only():
    """Two humans: the seat asked to jump in gets the badge first ("Pass the badge to"), the
    table hidden; the mark shows on that seat's own hand once it takes the badge."""
    app, hw = table(1, "human,human,normal", "A A A A B A A RIGHT RIGHT RIGHT RIGHT A")
    tb = app.table
    g = tb.g
    asked = g.actor
    assert g.phase == codes.PH_JUMP and tb.human(asked) and tb.seat != asked
    assert showing(app, "handover") and app.view.table.hidden
    assert tb.marks is None and not raised(app)
    press(app, hw, "A", frames=3)  # the asked player takes the badge
    assert tb.seat == asked and g.phase == codes.PH_JUMP
    up = raised(app)
    assert len(up) == 1 and app.view._hand[up[0]] == g.top
    assert list(app.view._hand[:len(g.hands[asked][:8])]) == g.hands[asked][tb.offset:][:8]


# ----- the heap -----------------------------------------------------------------------------

def test_a_classic_match_never_loads_the_party_prompts():
    for name in ("uno.app.party", "uno.view.marks"):
        sys.modules.pop(name, None)
    args = M.parse_args(["--headless", "--seats", THREE])
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    hw.skip_refresh = True
    app = make(hw, "title", rules=M.build_rules(args), seed=3, speed=10, sound=False, cpu="first")
    M.settle(app, hw)
    play_match(app, hw, M.settle, max_tokens=3000)
    assert not loaded() and app.table.marks is None


def test_the_message_code_loads_after_the_prompts_and_the_turns_code_has_gone(monkeypatch):
    """The badge's heap is fullest when a person's action loads the message bar's code
    (uno.app.describe): by then the code that took the action (your turn's, a party
    prompt's, the colour picker's and the challenge's) has returned and been let go, so its
    room is the message's. A whole party match at three seats, every such load checked."""
    import builtins

    real = builtins.__import__
    checked = [0]
    answered = ("uno.app.human", "uno.app.party", "uno.app.popups")

    def spy(name, globals=None, locals=None, fromlist=(), level=0):
        if name == "uno.app.describe":
            f = sys._getframe(1)
            while f is not None:
                assert f.f_globals.get("__name__") not in answered, f.f_code.co_name
                f = f.f_back
            assert "uno.app.party" not in sys.modules and "uno.app.popups" not in sys.modules
            checked[0] += 1
        return real(name, globals, locals, fromlist, level)

    args = M.parse_args(["--headless", "--preset", "party", "--seats", THREE])
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    hw.skip_refresh = True
    app = make(hw, "title", rules=M.build_rules(args), seed=3, speed=10, sound=False, cpu="first")
    M.settle(app, hw)
    monkeypatch.setattr(builtins, "__import__", spy)
    play_match(app, hw, M.settle, max_tokens=3000)
    monkeypatch.setattr(builtins, "__import__", real)
    assert checked[0] > 100


def test_a_new_match_over_the_picker_takes_its_ring_off():
    """START, New match while the swap picker shows: the new deal has no ring, no raised card
    and no party prompt's code."""
    app, hw = table(12, FOUR, "A RIGHT A")
    assert app.table.marks is not None
    parts = len(app.view.table)
    menu = ("Resume", "Hint", "Score graph", "Options", "Help", "New match")
    press(app, hw, "START", 3)
    for _ in range(menu.index("New match")):
        press(app, hw, "DOWN", 3)
    press(app, hw, "A")
    M.settle(app, hw)
    assert app.table.g.hand_no == 1 and app.table.marks is None
    assert ringed(app) is None and not raised(app)
    assert len(app.view.table) == parts - 1  # the marks' group left the table


def test_a_match_continued_at_the_picker_rings_the_seat_its_message_names(tmp_path):
    """Saved with the picker moved (the pause menu's save point), then Continue: the picker
    starts again on the fewest cards, and the ring and the message bar agree from the first
    screen."""
    nvm = str(tmp_path / "n.bin")

    def run(keys):
        args = M.parse_args(["--headless", "--quiet", "--seed", "4", "--cpu", "first",
                             "--preset", "party", "--seats", THREE, "--nvm", nvm,
                             "--keys", keys])
        app, _hw, _rows = M.run_headless(args, S.parse(keys), out=io.StringIO())
        return app

    app = run("A A RIGHT START")  # the ring moved to CPU2, then paused: saved
    assert message(app).startswith("PAUSED")
    app = run("A")  # Continue
    tb = app.table
    assert tb.g.phase == codes.PH_SWAP and tb.g.actor == 0 and not app.stack
    assert tb.swap_to == 1 and rings_seat(app, 1)
    assert message(app).startswith("A: swap with CPU1 (6)")


def _party_match(each):
    """A whole party match (three seats, seed 3, speed 7) played from the title through the
    buttons, ``each(app, hw)`` called after every frame."""
    args = M.parse_args(["--headless", "--preset", "party", "--seats", THREE])
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    hw.skip_refresh = True
    app = make(hw, "title", rules=M.build_rules(args), seed=3, speed=7, sound=False, cpu="first")
    M.settle(app, hw)

    def every_frame(app, hw, _stats=False, wait=0):
        frames = 0
        while True:
            hw.advance(M.FRAME_MS)
            app.frame()
            frames += 1
            each(app, hw)
            if (app.idle() and not app.sound.busy() and not app.table.banner_until) \
                    or frames >= M.MAX_FRAMES or (wait and frames >= wait):
                return frames, 0, 0, 0

    play_match(app, hw, every_frame, max_tokens=3000)
