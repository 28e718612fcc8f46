"""Test helpers that play the app through its buttons, and check what it wrote.

- ``next_keys(app)``: the button tokens a simple player would press now (a legal move).
- ``check_record(events)``: replays a game record through the core and checks that every
  event is exactly what the rules produce (raises ``RecordError`` otherwise).
- ``check_cards(game)``: every card of the deck is in exactly one place.
- ``random_button(rnd)``: a button's mask at random, weighted as a fuzzing player presses.

``python -m host_sim.bot --seed N [--preset P] [--rules R] > match.keys`` writes the script of a
whole match played by ``next_keys`` (replay it with ``python -m host_sim --headless --keys
@match.keys``).
"""

import sys

from uno.core import cards
from uno.core import codes
from uno.core import game as G

COLOUR_TOKENS = ("RED", "YELLOW", "GREEN", "BLUE")


class RecordError(AssertionError):
    pass


def showing(app, name):
    """True when the screen on top is one of module ``uno.app.<name>``'s (``"results"``...),
    or a pop-up of class ``name`` (``"Picker"``, ``"Challenge"``)."""
    top = app.top()
    module = getattr(top, "module", None)
    return module == "uno.app." + name or (module is not None and type(top).__name__ == name)


def next_keys(app, challenge=False, prefer_draw=False):
    """Tokens for one decision of the human (the app must be idle)."""
    if showing(app, "results") or showing(app, "title"):
        return ["A"]  # next hand, another match; the title's New match (or Continue)
    if showing(app, "Picker"):
        return [COLOUR_TOKENS[app.table._colour_for(-1)]]
    if showing(app, "Challenge"):
        return ["A" if challenge else "B"]
    if showing(app, "pause"):
        return ["START"]
    if showing(app, "handover"):  # hot seat: the next human takes the badge
        return ["A"]
    tb = app.table
    g = tb.g
    ph = g.phase
    if ph in (codes.PH_ONE, codes.PH_CATCH):
        return ["SELECT"]
    if ph == codes.PH_SWAP:
        return ["A"]  # the seat offered: the fewest cards
    legal = g.legal_actions()
    plays = [a for a in legal if a < 64]
    hand = g.hands[tb.seat]
    if plays and not (prefer_draw and codes.DRAW in legal):
        card = cards.action_card(plays[0])
        i = len(hand) - 1 if ph == codes.PH_DRAWN else hand.index(card)
        d = i - tb.sel
        keys = ["RIGHT"] * d if d > 0 else ["LEFT"] * (-d)
        return keys + ["A"]
    return ["B"]


def _rules_from(rec):
    from uno.core.ruleset import Rules

    return Rules(**rec["rules"])


def check_record(events):
    """Replay every match in ``events`` (dicts) with the core; RecordError on any difference.
    Returns the number of matches checked."""
    i = 0
    n = len(events)
    matches = 0
    while i < n:
        ev = events[i]
        if ev["ev"] != "match":
            raise RecordError("event %d: expected a match record, got %r" % (i, ev))
        got = []
        g = G.Game(_rules_from(ev), seed=ev["seed"], sink=got.append, names=ev.get("names"))
        g.start()
        i = _expect(events, i, got)
        matches += 1
        while i < n:
            ev = events[i]
            e = ev["ev"]
            if e == "quit":
                i += 1
                break
            if e == "match":
                raise RecordError("event %d: a new match before the last one ended" % i)
            if g.phase == codes.PH_MATCH_OVER:
                raise RecordError("event %d after the match ended: %r" % (i, ev))
            del got[:]
            if g.phase == codes.PH_HAND_OVER:
                g.next_hand()
            else:
                j = i
                while j + 1 < n and events[j]["ev"] == "reshuffle":
                    j += 1
                a = _infer(g, events[j], j)
                g.apply(a)
            i = _expect(events, i, got)
            if g.phase == codes.PH_MATCH_OVER:
                break
    return matches


def _expect(events, i, got):
    for k, want in enumerate(got):
        if i + k >= len(events):
            raise RecordError("record ends early: the rules give %r next" % (want,))
        have = events[i + k]
        if have != want:
            raise RecordError("event %d: record has %r, the rules give %r" % (i + k, have, want))
    return i + len(got)


def _colour(letter):
    return cards.COLOUR_LETTERS.index(letter)


def _infer(g, ev, i):
    e = ev["ev"]
    ph = g.phase
    if ph == codes.PH_ONE:
        return codes.CALL_ONE if e == "one" and ev.get("called") else codes.NO_ONE
    if ph == codes.PH_CATCH:
        return codes.CATCH if e == "one" and ev.get("caught") else codes.NO_CATCH
    if ph == codes.PH_JUMP:
        return cards.parse(ev["card"]) if e == "play" and ev.get("jump") and \
            ev["p"] == g.actor else codes.NO_JUMP
    if e == "swap":
        return codes.SWAP + ev["with"]
    if e == "play":
        c = cards.parse(ev["card"])
        return cards.play_action(c, _colour(ev["colour"]) if "colour" in ev else 0)
    if e == "draw" and ev["why"] == "turn":
        return codes.DRAW
    if e == "draw" and ph in (codes.PH_CHALLENGE, codes.PH_STACK):
        return codes.ACCEPT
    if e == "pass":
        return codes.PASS
    if e == "challenge":
        return codes.CHALLENGE
    if e == "colour":
        return codes.COLOUR + _colour(ev["colour"])
    raise RecordError("event %d: %r is not an action in phase %s" % (i, ev, G.PHASE_NAMES[ph]))


# weights of the buttons, bit by bit: B A START SELECT RIGHT DOWN UP LEFT RED YELLOW GREEN BLUE
# (A and B most, as a player presses them; START seldom, or the pause menu is never left)
BUTTON_WEIGHTS = (14, 20, 1, 6, 10, 5, 5, 10, 2, 2, 2, 2)
_BUTTON_SUM = sum(BUTTON_WEIGHTS)


def random_button(rnd):
    """The mask of one button drawn from ``rnd`` (a random.Random) by ``BUTTON_WEIGHTS``."""
    r = rnd.randrange(_BUTTON_SUM)
    k = 0
    while r >= BUTTON_WEIGHTS[k]:
        r -= BUTTON_WEIGHTS[k]
        k += 1
    return 1 << k


def check_cards(g):
    """Every card of the deck is in exactly one hand or pile."""
    have = []
    for h in g.hands:
        have.extend(h)
    have.extend(g.pile)
    have.extend(g.discard)
    want = cards.make_deck(g.rules.deck == "acorn")
    if sorted(have) != sorted(want):
        raise AssertionError("cards lost or duplicated: %d held, %d in the deck"
                             % (len(have), len(want)))


def play_match(app, hw, settle, max_tokens=20000, challenge=False, until=None):
    """Press ``next_keys`` until the match ends (or ``until(app)`` is true); the tokens."""
    tokens = []
    from uno.app.input import bit

    while len(tokens) < max_tokens:
        g = app.table.g
        if until is not None and until(app):
            break
        if showing(app, "results") and g.phase == codes.PH_MATCH_OVER:
            break
        for tok in next_keys(app, challenge=challenge):
            hw.press(bit(tok))
            settle(app, hw, False)
            tokens.append(tok)
    return tokens


def main(argv):
    import argparse
    import io

    from host_sim import __main__ as M

    ap = argparse.ArgumentParser(prog="python -m host_sim.bot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--rules", default="")
    ap.add_argument("--seats", default="")
    ap.add_argument("--speed", type=int, default=10)
    args = ap.parse_args(argv)
    from host_sim.hw import HostHardware
    from uno.programs import make

    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    hw.skip_refresh = True
    # the script begins at the title, as a run does
    app = make(hw, "title", rules=M.build_rules(args), seed=args.seed, speed=args.speed,
               sound=False)
    M.settle(app, hw, False)
    tokens = play_match(app, hw, M.settle)
    line = []
    for t in tokens:
        line.append(t)
        if len(line) == 16:
            print(" ".join(line))
            line = []
    if line:
        print(" ".join(line))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
