"""What a player reads on the table and the results page (the screen's requirements): every
seat's cards and points at 2-4 seats, your own count while the hand scrolls, every loser's
cards after a hand, messages that fit the bar whole, outcomes held long enough to read, the
ONE window's countdown, a ONE! banner that hides nothing, action cards unlike any digit."""

import io

import pytest
from PIL import Image
from test_app_e2e import ROOT, human_turn, reach, run, shown

from host_sim import __main__ as M
from host_sim.bot import showing
from host_sim.hw import HostHardware
from uno.core import cards
from uno.core import codes
from uno.core import game as G
from uno.app import codes as table_codes
from uno.app import table as table_mod
from uno.app.human import countdown
from uno.programs import make
from uno.view import layout as L
from uno.view.text import cards_text

LONG = ("ABCDEFGHIJKLMNOP", "QRSTUVWXYZ012345", "A B C D E F G H ", "9876543210ZYXWVU")


def text(grid, row=0):
    """The characters a TextGrid shows on ``row`` (glyphs past ASCII as chr(32 + tile))."""
    cells = grid._cells[row * grid.cols:(row + 1) * grid.cols]
    return "".join(chr(32 + c) for c in cells)


def new_app(seats, preset="classic", rules="", seed=3):
    args = M.parse_args(["--headless", "--seed", str(seed), "--preset", preset,
                         "--rules", rules, "--seats", seats])
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    app = make(hw, "new", rules=M.build_rules(args), seed=seed, speed=7, sound=True, cpu="first")
    M.settle(app, hw)
    return app, hw


# ----- every seat's cards and points ---------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_seat_count_and_score_readable(n):
    """Required: "Every seat's score and card count must be readable at 2, 3 and 4 seats";
    counts carry the cards mark, points say "pt"."""
    app, hw = new_app(",".join(["human"] + ["normal"] * (n - 1)))
    tb = app.table
    g = tb.g
    g.scores[:] = [120 + 11 * s for s in range(n)]  # distinct, so each must be found
    tb.sync()
    v = app.view
    top = text(v.top_left) + " " + text(v.top_right)
    assert "YOU" in top and "%s %dpt" % (cards_text(len(g.hands[0])), g.scores[0]) in top
    for s in range(1, n):
        p = tb.panel_of[s]
        if p == 2:  # the seat across, in the top bar
            assert tb.names[s] in text(v.top_right)
            assert "%s %dpt" % (cards_text(len(g.hands[s])), g.scores[s]) in text(v.top_right)
        else:
            panel = v.panels[p]
            assert not panel.group.hidden
            assert text(panel.name).strip() == tb.names[s]
            assert text(panel.count).strip() == str(len(g.hands[s]))
            assert text(panel.score).strip() == "%dpt" % g.scores[s]
    # the draw pile's count carries the same cards mark
    assert text(v.pile_count).strip() == cards_text(len(g.pile))


def test_own_count_shown_while_the_hand_scrolls(tmp_path):
    """Required: "Your own card count appears nowhere when the hand scrolls: show it"."""
    def cond(app):
        return human_turn(app) and len(app.table.g.hands[0]) > L.HAND_SLOTS

    seed, tokens = reach(cond, prefer_draw=True, seeds=range(1, 100))
    app, hw, rows, events, out, shot = run(seed, tokens + ["UP"], tmp_path, "scrolled")
    n = len(app.table.g.hands[0])
    assert not app.view.more_left.hidden or not app.view.more_right.hidden
    assert text(app.view.top_left).startswith("YOU" + cards_text(n) + " ")


# ----- the results page ----------------------------------------------------------------------


def replay(seed, tokens, cpu, argv):
    """A headless app of ``argv`` (host_sim flags) dealt with ``seed``, after ``tokens``
    (reach's presses), each followed by the frames until the app waits; (app, hw)."""
    from uno.app.input import bit

    args = M.parse_args(["--headless", "--seed", str(seed)] + argv)
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    app = make(hw, "new", rules=M.build_rules(args), seed=seed, speed=7, sound=True, cpu=cpu)
    M.settle(app, hw)
    for tok in tokens:
        hw.press(bit(tok))
        M.settle(app, hw)
    return app, hw


def results_app(seats, preset="classic", rules="", seeds=range(1, 60)):
    def cond(app):
        return showing(app, "results")

    seed, tokens = reach(cond, preset=preset, rules=rules, seats=seats, seeds=seeds)
    app, hw = replay(seed, tokens, "first", ["--preset", preset, "--rules", rules,
                                             "--seats", seats, "--cpu", "first"])
    assert showing(app, "results")
    return app, hw


def test_results_show_every_losers_cards():
    """Required: hand results with 4 seats "show whose cards they are, and every losing
    seat's cards": LEFT/RIGHT turn the pages, a mark on the score table names the seat."""
    from uno.app.input import RIGHT

    app, hw = results_app("human,normal,normal,normal")
    g = app.table.g
    t = app.view.results_text
    seen = {}
    for _ in range(12):
        marked = [s for s in range(4) if t._cells[(3 + s) * t.cols] == L.GLYPH_RIGHT]
        assert len(marked) == 1, "one seat's row is marked as the owner of the cards shown"
        s = marked[0]
        page = [shown(app.view, g) for g in app.view.results_cards]
        seen.setdefault(s, [])
        if page not in seen[s]:
            seen[s].append(page)
        hw.press(RIGHT)
        M.settle(app, hw)
    for s in range(4):
        if g.hands[s]:
            got = [x for page in seen.get(s, []) for x in page if x >= 0]
            assert sorted(got) == sorted(g.hands[s]), "every card of seat %d is shown" % s
        else:
            assert s not in seen, "the winner has no cards to show"
    assert "cards" in text(app.view.msg), "the message bar says LEFT/RIGHT turn the pages"


def test_results_penalty_says_lowest_wins():
    """Required: "Under penalty scoring the results page says that the lowest total wins"."""
    app, hw = results_app("human,normal", rules="scoring=penalty")
    assert app.table.g.rules.scoring == "penalty"
    rows = [text(app.view.results_text, r) for r in range(7)]
    assert any("Lowest total wins" in r for r in rows), rows


# ----- messages ------------------------------------------------------------------------------


def strict_fit(text):
    assert len(text) <= L.MSG_COLS, "cut: %r (%d characters)" % (text, len(text))
    return text


def test_every_message_fits_whole(monkeypatch):
    """Required: "Every message the game can show must fit 26 characters whole", with the
    longest names (16 characters) and values: every event the table describes,
    every prompt, the challenge prompt, the hand-over and the results page."""
    monkeypatch.setattr(table_mod, "fit", strict_fit)
    app, hw = new_app("human,normal,normal,normal", rules="one_window=10")
    tb = app.table
    g = tb.g
    tb.names = list(LONG)
    shown = []
    orig_say = tb.say

    def say(msg, now=None):
        shown.append(msg)
        return orig_say(msg)

    tb.say = say
    cards_ = ("W+4", "Y+2", "R7")
    evs = []
    for p in range(4):
        for c in cards_:
            evs.append([{"ev": "play", "p": p, "card": c}])
            evs.append([{"ev": "play", "p": p, "card": c, "colour": "Y"}])
        for why in ("+2", "+4", "challenge", "one"):
            evs.append([{"ev": "draw", "p": p, "cards": ["R1"] * 99, "why": why}])
            for guilty in (True, False):
                evs.append([{"ev": "challenge", "p": p, "guilty": guilty},
                            {"ev": "draw", "p": p, "cards": ["R1"] * 6, "why": "challenge"}])
        evs.append([{"ev": "play", "p": p, "card": "W+4", "colour": "Y"},
                    {"ev": "draw", "p": (p + 1) % 4, "cards": ["R1"] * 99, "why": "+4"}])
        evs.append([{"ev": "draw", "p": p, "cards": ["R1"], "why": "turn"}])
        evs.append([{"ev": "draw", "p": p, "cards": [], "why": "turn"}])
        evs.append([{"ev": "pass", "p": p}])
        for one in ({"called": True}, {"called": False, "caught": True},
                    {"called": False, "caught": False}):
            evs.append([dict({"ev": "one", "p": p}, **one)])
        evs.append([{"ev": "colour", "p": p, "colour": "Y"}])
        evs.append([{"ev": "hand_end", "p": p, "winner": p}])
    evs.append([{"ev": "hand_end", "winner": None}])
    evs.append([{"ev": "reshuffle"}])
    evs.append([{"ev": "hand", "n": 999, "top": "W+4"}])
    evs.append([{"ev": "returned", "top": "W+4"}])
    from uno.app.describe import describe

    for e in evs:
        describe(tb, e, app.now)
    assert len(set(shown)) > 60
    for m in shown:
        for name in LONG:
            if name[:3] in m:
                assert name[:4] in m, "a name keeps at least 4 characters: %r" % m
    # the drawn card's prompts and refusals, with the longest card name
    import ast

    src = "\n".join((ROOT / "lib" / "uno" / "app" / f).read_text()
                    for f in ("table.py", "human.py", "describe.py"))
    found = [n.value for n in ast.walk(ast.parse(src)) if isinstance(n, ast.Constant)
             and isinstance(n.value, str) and ("Drew %s" in n.value or "A:play" in n.value
                                               or "Can't play" in n.value)]
    assert len(found) >= 6, found
    shown += [f.replace("%s", "W+4") for f in found]
    # the ONE windows (up to 10 s), stacking
    for ph in (codes.PH_ONE, codes.PH_CATCH):
        g.phase = ph
        g.one_seat = 2
        for left in (10000, 1000):
            tb.window_until = app.now + left
            tb.count_s = -1
            countdown(tb, app.now)
    for kind in (1, 2):
        for pending in (2, 99):
            tb.say("A: stack %s, B: take %d" % ("+2" if kind == 1 else "W+4", pending))
    for m in shown:
        strict_fit(m)
    # other screens: the challenge prompt, the hand-over, the results
    app.match.challenge(LONG[0], 4)
    for r in range(3):
        assert LONG[0][:4] in text(app.view.prompt, 0)
        assert text(app.view.prompt, r).strip() == text(app.view.prompt, r).strip()[:26]
    app.close()
    app.match.hand_over_to(1)
    assert text(app.view.msg).startswith(LONG[1][:4])
    assert text(app.view.msg).rstrip().endswith("your turn next")


def test_refusal_and_drawn_prompts_fit(tmp_path):
    """Reported: "Y9: A play B draw DN pass" (pcsig) is cryptic: after a draw under
    draw=repeat the bar names each button's action in whole words."""
    def cond(app):
        g = app.table.g
        return g.phase == codes.PH_DRAWN and g.actor == 0 and not app.stack

    seed, tokens = reach(cond, preset="pcsig", seeds=range(1, 80), prefer_draw=True)
    app, hw, rows, events, out, shot = run(seed, tokens, tmp_path, "drawn", preset="pcsig")
    msg = app.table.msg
    assert len(msg) <= L.MSG_COLS
    assert "play" in msg and "draw" in msg and "pass" in msg and "DN" not in msg, msg


# ----- outcomes, the ONE window, the banner --------------------------------------------------


def timeline(app, hw, frames):
    """(ms, message) each time the message bar changes over ``frames`` frames."""
    out = []
    last = None
    t0 = hw.ticks()
    for _ in range(frames):
        hw.advance(M.FRAME_MS)
        app.frame()
        if app.table.msg != last:
            last = app.table.msg
            out.append((hw.ticks() - t0, last))
    return out


def test_missed_one_outcome_held():
    """Reported: "the reason for a missed ONE call ... [is] gone as soon as the next computer
    moves. Keep an outcome on screen until it has been shown for the message speed's time"."""
    for seed in range(1, 120):
        app, hw = new_app("human,normal,normal", preset="official", seed=seed)
        from uno.app.input import bit
        from host_sim import bot

        for _ in range(400):
            g = app.table.g
            if g.phase == codes.PH_ONE and g.actor == 0 and not app.stack:
                break
            if g.phase == codes.PH_MATCH_OVER or g.phase == codes.PH_HAND_OVER:
                break
            for tok in bot.next_keys(app):
                hw.press(bit(tok))
                M.settle(app, hw)
        g = app.table.g
        if not (g.phase == codes.PH_ONE and g.actor == 0):
            continue
        line = timeline(app, hw, 400)  # no SELECT: the window runs out
        said = [i for i, (_, m) in enumerate(line) if "ONE" in m and ("missed" in m
                                                                      or "forgot" in m)]
        assert said, line
        i = said[-1]
        if i + 1 < len(line):
            assert line[i + 1][0] - line[i][0] >= app.table.pace(), line
        return
    pytest.fail("no seed reaches a ONE window")


@pytest.mark.parametrize("think_ms", [400, 700])
def test_a_slow_computer_decision_keeps_the_cards_flight(think_ms):
    """Advanced's late searches take up to about 0.6 s on the badge (docs/AI.md, Decision
    cost): that time passes inside the pace delay, with the table drawn; the card the
    computer plays is still seen travelling to the pile, not jumping there, and no sound's
    note is held on through the search."""
    app, hw = new_app("human,normal,normal", seed=5)
    tb = app.table
    from host_sim import bot
    from uno.app.input import bit

    for pl in tb.players:
        if pl is not None:
            def slow(obs, choose=pl.choose):
                hw.advance(think_ms)  # the badge's clock runs on while the search thinks
                return choose(obs)

            pl.choose = slow
    flights = []  # per computer play: [(ms, x, y) each frame the card is drawn in flight]
    show = app.view.show_fly

    def shown(card, x, y):
        if tb.fly_t0 != (flights[-1][0][0] if flights and flights[-1] else None):
            flights.append([])
        flights[-1].append((tb.fly_t0, x, y))
        show(card, x, y)

    app.view.show_fly = shown
    tones = []  # (ms, frequency) each time the speaker changes
    tone = hw.tone

    def record(freq):
        tones.append((hw.ticks(), freq))
        tone(freq)

    hw.tone = record
    turn_at = None  # when the last computer's wait began
    waits = []  # ms from a computer's turn to its card leaving its seat
    keys = []
    for _ in range(5000):
        if tb.mode == table_codes.HUMAN or app.stack:  # the human or a prompt: a bot key a frame
            keys = keys or bot.next_keys(app)
            hw.press(bit(keys.pop(0)))
        mode = tb.mode
        n = len(flights)
        hw.advance(M.FRAME_MS)
        app.frame()
        if mode != table_codes.WAIT and tb.mode == table_codes.WAIT:
            turn_at = hw.ticks()
        if len(flights) > n and turn_at is not None:
            waits.append(hw.ticks() - turn_at)
            turn_at = None
        over = tb.g.phase in (codes.PH_HAND_OVER, codes.PH_MATCH_OVER)
        if tb.mode != table_codes.FLY and (over or len(waits) >= 12):  # no card in flight
            break
    assert len(waits) >= 6, (len(waits), len(flights))
    pace = tb.pace()
    for ms in waits:  # the decision's time is inside the pace, not added to it
        assert ms <= max(pace, think_ms + M.FRAME_MS) + 2 * M.FRAME_MS, (ms, pace, waits)
    for f in flights:  # the card is drawn on its way: several places between seat and pile
        assert len({(x, y) for _, x, y in f}) >= 4, f
    # and no note sounds on while a computer thinks (the longest note is 320 ms)
    assert len(tones) >= 6, tones
    for (t0, freq), (t1, _) in zip(tones, tones[1:], strict=False):
        assert freq == 0 or t1 - t0 <= 320 + M.FRAME_MS, (t0, freq, t1 - t0)


def test_one_countdown_and_label():
    """Required: "With one_call=required, show the time left to call ONE"; "CPU forgot ONE!
    SELECT" must not show while "ONE!" still stands under that seat."""
    def catch(app):
        g = app.table.g
        return g.phase == codes.PH_CATCH and g.actor == 0 and not app.stack

    seed, tokens = reach(catch, preset="official", seats="human,easy", seeds=range(1, 80),
                         cpu="ai")
    app, hw = replay(seed, tokens, "ai", ["--preset", "official", "--seats", "human,easy"])
    assert catch(app)
    panel = app.view.panels[app.table.panel_of[1]]
    assert "forgot ONE" in app.table.msg
    assert text(panel.one).strip() == "", "no ONE! label for a seat that did not call"
    window = app.table.g.rules.one_window
    assert app.table.msg.endswith(" %d" % window), app.table.msg
    line = timeline(app, hw, 40)
    assert any(m.endswith(" %d" % (window - 1)) for _, m in line), line


def test_banner_hides_nothing():
    """Required: "The ONE banner covers the draw pile for 1.5 s; put it where it hides nothing
    needed": the banner is the message bar turning red (with who called in it)."""
    app, hw = new_app("human,normal")
    hw.display.full_render()
    before = hw.display.fb.copy()
    app.view.banner.hidden = False
    hw.display.refresh() if hasattr(hw.display, "refresh") else None
    hw.display.full_render()
    after = hw.display.fb
    changed = (before != after).any(axis=-1) if before.ndim == 3 else (before != after)
    ys = changed.nonzero()[0]
    assert len(ys), "the banner shows"
    assert ys.min() >= L.MSG_Y - 1, "the banner stays in the message bar (rows %d-%d)" % (
        ys.min(), ys.max())


# ----- card marks ----------------------------------------------------------------------------


def parts(mask):
    """Connected white parts (8-neighbours) of a set of pixels."""
    left = set(mask)
    n = 0
    while left:
        n += 1
        todo = [left.pop()]
        while todo:
            x, y = todo.pop()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    q = (x + dx, y + dy)
                    if q in left:
                        left.remove(q)
                        todo.append(q)
    return n


def card_pixels(view, card):
    """{(x, y): 0xRRGGBB or None for transparent}: ``card`` as the View draws it, from the
    sheet's pixels (sprites/cards.bmp), the grid's tiles and the grid's palette."""
    px = Image.open(ROOT / "sprites" / "cards.bmp").load()
    g = view.card_grid(0, 0, card)
    pal = g.pixel_shader
    out = {}
    band = L.CARD_H // 4
    for y in range(L.CARD_H):
        t = g[y // band]
        for x in range(L.CARD_W - 1):
            v = px[t * (L.CARD_W - 1) + x, y % band]
            out[(x, y)] = None if pal.is_transparent(v) else pal[v]
    return out


def test_cards_look_as_drawn():
    """The card sheet coloured by palette: every card, wild and the back on the screen is exactly
    tools/bundle/make_sprites.make_faces()'s full-colour picture (the full-colour sheet before it,
    as the golden screenshots show it), pixel for pixel."""
    from tools.bundle import make_sprites

    app, _ = new_app("human,normal")
    faces = make_sprites.make_faces()
    todo = [(c << 4 | k, c * 13 + k) for c in range(4) for k in range(13)]
    todo += [(cards.W, 52), (cards.W4, 53), (L.CARD_BACK, 54)]
    for card, face in todo:
        got = card_pixels(app.view, card)
        for (x, y), rgb in got.items():
            v = faces.get(face, x, y)
            want = None if v == 0 else make_sprites.PALETTE[v]
            assert rgb == want, (hex(card), x, y)


def test_action_marks_unlike_digits():
    """Required: "Card marks at real size: the Skip symbol reads as a 0, Reverse as a Z. Make
    every action card unmistakable at 1x": every digit is one stroke, every action mark
    (Skip, Reverse, +2) is two or more separate parts, and Skip and Reverse differ, in every
    colour, as the cards are drawn at 1x."""
    app, _ = new_app("human,normal")
    for colour in range(4):
        masks = []
        for kind in range(13):
            px = card_pixels(app.view, colour << 4 | kind)
            masks.append(frozenset((x, y) for y in range(10, L.CARD_H - 1)
                                   for x in range(1, L.CARD_W - 2) if px[(x, y)] == 0xFFFFFF))
        for d in range(10):
            assert parts(masks[d]) == 1, (colour, d)
        for kind in (10, 11, 12):
            assert parts(masks[kind]) >= 2, ("kind %d reads as one stroke" % kind, colour)
        assert len(masks[10] ^ masks[11]) >= 40


@pytest.mark.parametrize("preset", ["classic", "official", "house", "pcsig"])
def test_every_refusal_fits_whole(preset):
    """Required: every message "the game can show" fits 26 characters whole: the core's
    reasons for refusing each action a player can try (a card, a wild, B's draw or pass,
    challenge or accept), over random matches in the preset, 4 seats."""
    import random

    import uno.core.explain  # noqa: F401 (kept loaded: the core drops it after each use otherwise)
    from uno.core import rules as R

    rng = random.Random(preset)
    reasons = set()
    for seed in range(1, 4):
        g = G.Game(R.preset(preset, seats=("human",) * 4), seed=seed)
        g.start()
        for _ in range(300):
            if g.phase in (codes.PH_HAND_OVER, codes.PH_MATCH_OVER):
                break
            tries = [codes.DRAW, codes.PASS, codes.CHALLENGE, codes.ACCEPT]
            for c in g.hands[g.actor]:
                tries += [c, cards.play_action(c, 0)]
            for a in tries:
                reason = g.explain(a)
                assert reason is None or len(reason) <= L.MSG_COLS, (reason, len(reason))
                reasons.add(reason)
            g.apply(rng.choice(g.legal_actions()))
    assert len(reasons) >= 10, reasons
