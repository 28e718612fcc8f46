"""Property tests over random legal play (hypothesis): every preset, 2-4 seats.

After every action all 108 cards are somewhere, the turn passes as RULES.md says, scores add
up, undo (push/pop) restores the exact state, and the record replays under the rules.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tools.records.replay import check_record

from uno.core import cards
from uno.core.cards import DRAW2, REVERSE, SKIP, WILD, WILD4
from uno.core.codes import CALL_ONE, PH_HAND_OVER, PH_MATCH_OVER, PH_PLAY
from uno.core.game import Game
from uno.core.rulecheck import PRESET_NAMES
from uno.core.rules import preset


def snapshot(g):
    """Everything that defines the state of a game, as plain data."""
    return (
        [list(h) for h in g.hands], list(g.pile), list(g.discard), g.colour, g.turn, g.actor,
        g.direction, g.phase, g.pending, g.pend_kind, g.drawn, g.passes, g.one_seat, g.catch_n,
        g.w4_seat, g.w4_guilty, g.prev_colour, list(g.scores), list(g.void), g.winner,
        g.match_winner, g.rng.state, list(g.last_points),
    )


def all_cards(g):
    return sorted(c for h in g.hands for c in h) + sorted(g.pile + g.discard)


def play_random(preset_name, seats, seed, max_actions=400, undo_every=7):
    """Random legal play; checks the invariants after each action; returns (game, events)."""
    events = []
    g = Game(preset(preset_name, seats=["normal"] * seats, target=150), seed=seed,
             sink=events.append)
    g.start()
    deck = sorted(cards.make_deck(preset_name == "acorn"))
    r = random.Random(seed)
    for step in range(max_actions):
        if g.phase == PH_MATCH_OVER:
            break
        if g.phase == PH_HAND_OVER:
            g.next_hand()
            continue
        legal = g.legal_actions()
        assert legal, "no legal action in phase %d" % g.phase
        a = r.choice(legal)
        if step % undo_every == 0:
            before = snapshot(g)
            g.push(a)
            if g.phase not in (PH_HAND_OVER, PH_MATCH_OVER):
                g.push(r.choice(g.legal_actions()))
                g.pop()
            g.pop()
            assert snapshot(g) == before, "undo did not restore the state"
        before_scores = list(g.scores)
        actor, phase, top_before = g.actor, g.phase, g.discard[-1]
        direction = g.direction
        g.apply(a)
        assert sorted(all_cards(g)) == deck, "cards lost or duplicated"
        if a < 64 and phase == PH_PLAY and g.phase == PH_PLAY and len(g.hands[actor]):
            k = a & 15
            n = g.nseats
            if k < SKIP or k == WILD:
                assert g.actor == (actor + direction) % n, "turn after a plain card"
            elif k == SKIP or (k == REVERSE and n == 2) or k == DRAW2:
                assert g.actor == (actor + 2 * direction) % n, "turn after S/+2"
            elif k == REVERSE:
                assert g.direction == -direction and g.actor == (actor - direction) % n
            assert g.colour == a >> 4
        if g.phase in (PH_HAND_OVER, PH_MATCH_OVER):
            pts = [cards.hand_points(h) for h in g.hands]
            assert g.last_points == pts
            gained = [g.scores[s] - before_scores[s] for s in range(g.nseats)]
            if g.winner < 0:
                assert gained == [0] * g.nseats
            elif g.rules.scoring == "standard":
                assert gained[g.winner] == sum(pts) and sum(gained) == sum(pts)
            else:
                assert gained == pts
        del top_before
    if g.phase != PH_MATCH_OVER:  # docs/FORMATS.md: a stopped match with no human seat
        events.append({"ev": "quit", "p": None})
    return g, events


@pytest.mark.parametrize("preset_name", PRESET_NAMES)
@pytest.mark.parametrize("seats", [2, 3, 4])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_play_keeps_invariants_and_replays(preset_name, seats, seed):
    """RULES.md 'Cards and notation' (108 cards), 'A turn', 'Action cards', scoring: random
    legal play never loses a card, passes the turn correctly, scores right, undoes exactly,
    and writes a record that replays under the rules (FORMATS.md)."""
    g, events = play_random(preset_name, seats, seed)
    check_record(events)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1),
       seats=st.integers(min_value=2, max_value=4))
def test_deep_undo_restores_a_whole_hand(seed, seats):
    """Undo (push/pop, python-chess style) restores the exact state after a whole sequence of
    pushes, reshuffles and hand ends included."""
    g = Game(preset("house", seats=["normal"] * seats), seed=seed)
    g.start()
    r = random.Random(seed)
    start = snapshot(g)
    depth = 0
    while g.phase not in (PH_HAND_OVER, PH_MATCH_OVER) and depth < 300:
        g.push(r.choice(g.legal_actions()))
        depth += 1
    for _ in range(depth):
        g.pop()
    assert snapshot(g) == start


def test_same_seed_same_match_and_different_seed_differs():
    """A seeded generator of our own: the same seed deals the same cards (FORMATS.md: a match
    can be replayed)."""
    a = play_random("classic", 2, 42, undo_every=10**9)[1]
    b = play_random("classic", 2, 42, undo_every=10**9)[1]
    c = play_random("classic", 2, 43, undo_every=10**9)[1]
    assert a == b
    assert a[1]["hands"] != c[1]["hands"]


def test_one_call_paths_all_replay():
    """RULES.md 'One card left' under one_call=required: called, missed and caught, missed and
    not caught all write records that replay."""
    seen = set()
    for seed in range(40):
        g, events = play_random("official", 3, seed)
        check_record(events)
        for e in events:
            if e["ev"] == "one":
                seen.add((e["called"], e.get("caught")))
    assert seen == {(True, None), (False, True), (False, False)}
    assert CALL_ONE  # the action exists for the app


def test_every_kind_is_played_somewhere():
    """Sanity of the random player: the property tests do reach S, R, +2, W and W+4."""
    kinds = set()
    for seed in range(5):
        for e in play_random("classic", 3, seed)[1]:
            if e["ev"] == "play":
                kinds.add(cards.parse(e["card"]) & 15)
    assert {SKIP, REVERSE, DRAW2, WILD, WILD4} <= kinds


def test_every_refusal_has_a_reason_that_fits_the_message_bar():
    """Required: a refused move shows its reason in the badge's 26-character message bar; every
    illegal action in random positions of every preset gets a reason of at most 26."""
    import uno.core.explain  # noqa: F401 (kept loaded, as is uno.core.notation: the core drops both
    import uno.core.notation  # noqa: F401 after each use otherwise and imports them again per call)
    from uno.core.codes import COLOUR

    longest = ""
    for i, name in enumerate(PRESET_NAMES):
        g = Game(preset(name, seats=["normal"] * (2 + i % 3)), seed=i)
        g.start()
        r = random.Random(i)
        for _ in range(300):
            if g.phase == PH_MATCH_OVER:
                break
            if g.phase == PH_HAND_OVER:
                g.next_hand()
                continue
            legal = g.legal_actions()
            for a in range(COLOUR + 4):
                if a not in legal:
                    reason = g.explain(a)
                    assert reason, "no reason for %d" % a
                    longest = max(longest, reason, key=len)
            g.apply(r.choice(legal))
    assert len(longest) <= 26, longest


@pytest.mark.parametrize("top,kind_word", [("R7", "a 7"), ("Y7", "7"), ("YS", "a Skip"),
                                           ("YR", "a Reverse"), ("G+2", "a +2")])
def test_a_card_that_does_not_fit_is_refused_naming_the_colour_and_kind(top, kind_word):
    """docs/RULES.md "A turn": "You may play a card that: has the colour in play, or is the
    same kind as the top card (a 7 on a 7, a Skip on a Skip, a +2 on a +2)". The refusal
    names both, the kind in words (card notation's "S" or "R" means nothing to a new player),
    and fits the 26-character message bar."""
    parse = cards.parse
    g = Game(preset("classic", seats=["human", "normal"]), seed=1)
    g.start()
    g.hands[0] = [parse("B3"), parse("B5")]
    g.discard = bytearray([parse(top)])
    g.colour = g.discard[-1] >> 4
    g.phase, g.actor, g.turn = PH_PLAY, 0, 0
    reason = g.explain(parse("B3"))
    colour = cards.COLOUR_NAMES[g.colour]
    assert reason is not None and colour in reason and reason.endswith(" or " + kind_word)
    assert len(reason) <= 26, reason
    assert g.explain(parse("B5")) == reason  # the same for every card that does not fit
