"""RULES.md, rule by rule: cards, seats and turn order, options and presets, illegal actions,
what a seat may see. The other rules are in test_rules_*.py by topic; the position helpers
below are shared by them.

A position is a ``Game`` whose fields are set directly (hands, pile, discard, colour, actor,
phase); records are captured through ``sink``. Piles are written next card to draw first.
"""

import copy
from collections import Counter

import pytest

from uno.core import cards

from uno.saves import bitwrite as bits
from uno.core.codes import DRAW, PASS, PH_COLOUR, PH_DRAWN, PH_HAND_OVER, PH_PLAY
from uno.core.game import Game, IllegalAction
from uno.core.notation import parse_action
from uno.core.rules import parse, preset
from uno.core.ruleset import Rules

# ----- helpers shared by the test_rules_*.py files --------------------------------------------


def hand(text):
    """Cards from notation: ``hand("R7 W+4 B2")``."""
    return [cards.parse(t) for t in text.split()]


def names(cs):
    """Notation of a list of cards, space separated (for readable asserts)."""
    return " ".join(cards.name(c) for c in cs)


def position(rules="classic", hands=("R1", "B2"), top="R5", *, under="", colour=None, pile="",
             actor=0, direction=1, phase=PH_PLAY, scores=None, seed=1, **options):
    """A game at a known position, and the list its records go to.

    ``rules`` is a preset name (``options`` override it) or a ``Rules``; ``hands`` one string
    per seat; ``top`` the discard pile's top card over ``under`` (bottom first); ``pile`` the
    draw pile, next card first; ``colour`` the active colour letter (default: the top's).
    The seat ``actor`` is the hand's starter, the seat before it the dealer."""
    n = len(hands)
    if isinstance(rules, Rules):
        r = rules
    else:
        options.setdefault("seats", ["human"] + ["normal"] * (n - 1))
        r = preset(rules, **options)
    assert r.nseats == n
    events = []  # type: list[dict]
    g = Game(r, seed=seed, sink=events.append)
    g.hands = [hand(h) for h in hands]
    g.pile = bytearray(reversed(hand(pile)))  # the piles are bytearrays (uno.core.game.Game)
    g.discard = bytearray(hand(under) + [cards.parse(top)])
    if colour is None:
        colour = top[0]
        assert colour in cards.COLOUR_LETTERS, "a wild on top needs colour="
    g.colour = cards.COLOUR_LETTERS.index(colour)
    g.actor = g.turn = actor
    g.direction = direction
    g.phase = phase
    g.starter = actor
    g.dealer = (actor - 1) % n
    g.hand_no = 1
    if scores is not None:
        g.scores = list(scores)
    return g, events


def act(g, *actions):
    """Apply actions written as ``uno.core.notation`` names: ``R7``, ``W+4 RED``, ``draw``,
    ``pass``, ``challenge``, ``accept``, ``call ONE``, ``no ONE``, ``catch``, ``no catch``."""
    for t in actions:
        g.apply(parse_action(t))


def legal(g):
    """The actor's legal actions as a set of names (``R7``, ``W RED``, ``draw``...)."""
    from uno.core.notation import action_name

    return {action_name(a) for a in g.legal_actions()}


def evs(events, kind=None):
    """The events (dicts) of one kind, or all of them."""
    return [e for e in events if kind is None or e["ev"] == kind]


def kinds(events):
    """The ``ev`` names in order."""
    return [e["ev"] for e in events]


def snapshot(g):
    """The whole state of a game as plain data (the generator by its state)."""
    d = {}
    for k, v in vars(g).items():
        if k == "sink":
            continue
        d[k] = v.state if k == "rng" else copy.deepcopy(v)
    return d


def refused(g, action):
    """Apply ``action`` expecting IllegalAction; checks nothing changed; returns the reason."""
    before = snapshot(g)
    n_events = len(g.sink.__self__) if g.sink is not None else 0
    a = parse_action(action) if isinstance(action, str) else action
    with pytest.raises(IllegalAction) as exc:
        g.apply(a)
    assert snapshot(g) == before, "a refused action changed the game"
    if g.sink is not None:
        assert len(g.sink.__self__) == n_events, "a refused action wrote a record"
    reason = str(exc.value)
    assert reason and reason != "illegal", "IllegalAction without a reason"
    return reason


# ----- cards and notation -----------------------------------------------------------------------


def test_standard_deck_has_108_cards_as_listed():
    """RULES.md: "108 cards. ... Per colour: one `0`, two each of `1`-`9`, two Skip `S`, two
    Reverse `R`, two Draw Two `+2`. Plus four Wild `W` and four Wild Draw Four `W+4`."""
    deck = Counter(cards.name(c) for c in cards.make_deck())
    assert sum(deck.values()) == 108
    for col in "RYGB":
        assert deck[col + "0"] == 1
        for k in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"]:
            assert deck[col + k] == 2, col + k
    assert deck["W"] == 4 and deck["W+4"] == 4


def test_acorn_deck_has_four_skips_and_no_reverse():
    """RULES.md: "Option `deck=acorn`: the Acorn deck has no Reverse: four Skips per colour
    instead (still 108)." """
    acorn = Counter(cards.name(c) for c in cards.make_deck(acorn=True))
    standard = Counter(cards.name(c) for c in cards.make_deck())
    assert sum(acorn.values()) == 108
    for col in "RYGB":
        assert acorn[col + "R"] == 0
        assert acorn[col + "S"] == 4
        assert acorn[col + "+2"] == 2
    # Nothing else differs from the standard deck.
    for k in standard:
        if k[1:] not in ("S", "R"):
            assert acorn[k] == standard[k], k


@pytest.mark.parametrize("acorn", [False, True])
def test_the_deck_make_up_that_saves_are_checked_against_is_the_dealt_deck(acorn):
    """RULES.md: the 108-card deck (and `deck=acorn`'s); a saved match is refused unless it
    holds exactly these cards, counted by ``uno.saves.bitwrite.copies``."""
    dealt = Counter(cards.make_deck(acorn))
    assert {c: bits.copies(c, acorn) for c in range(128) if bits.copies(c, acorn)} == dealt


@pytest.mark.parametrize("deck", ["standard", "acorn"])
def test_the_deal_uses_the_option_deck(deck):
    """RULES.md: "Shuffle, deal 7 to each seat, turn the top card of the draw pile face up";
    `deck=acorn` deals from the Acorn deck (no Reverse)."""
    events = []
    g = Game(Rules(deck=deck), seed=5, sink=events.append)
    g.start()
    h = evs(events, "hand")[0]
    dealt = [c for hh in h["hands"] for c in hh] + [h["top"]] + h["pile"]
    assert Counter(dealt) == Counter(cards.name(c) for c in cards.make_deck(deck == "acorn"))
    assert [len(hh) for hh in h["hands"]] == [7, 7]


def test_points_in_hand():
    """RULES.md: "Points in hand: number cards face value; `S`, `R`, `+2` 20; `W`, `W+4` 50." """
    assert cards.hand_points(hand("R7 B0 G9")) == 16
    for c in ("GS", "BR", "Y+2"):
        assert cards.points(cards.parse(c)) == 20
    assert cards.points(cards.W) == 50 and cards.points(cards.W4) == 50
    assert cards.hand_points(hand("R7 GS BR Y+2 W W+4")) == 7 + 60 + 100


def test_card_notation_round_trips():
    """RULES.md: "Written as colour + kind: `R7`, `GS`, `BR`, `Y+2`, `W`, `W+4`." """
    for text in ("R7", "GS", "BR", "Y+2", "W", "W+4", "B0", "YR"):
        assert cards.name(cards.parse(text)) == text
    for c in set(cards.make_deck()):
        assert cards.parse(cards.name(c)) == c
    with pytest.raises(ValueError):
        cards.parse("P7")


def test_action_names_round_trip():
    """FORMATS.md card notation in action names (``uno.core.notation``): every action's name reads
    back as the same action (the shells and these tests write actions by name)."""
    from uno.core.notation import action_name

    every = list(range(64, 76)) + [c for c in set(cards.make_deck()) if c < 0x40]
    every += [cc << 4 | k for cc in range(4) for k in (cards.WILD, cards.WILD4)]
    for a in every:
        assert parse_action(action_name(a)) == a, action_name(a)
    assert parse_action("W+4:R") == parse_action("W+4 RED")


# ----- seats and turn order ---------------------------------------------------------------------


def test_seats_two_to_four_and_empty_seats_left_out():
    """RULES.md: "Option `seats`: 2 to 4 seats, each `human`, `easy`, `normal`, `advanced`
    (computer levels) or empty (Pocket PC)" and "Empty seats ... are left out: seats are
    numbered 0.. over the occupied ones." """
    assert Rules().seats == ("human", "normal")
    assert Rules(seats="human,easy,advanced").nseats == 3
    assert Rules(seats=["human", "none", "normal", "easy"]).seats == ("human", "normal", "easy")
    assert Rules(seats="human,human,normal,advanced").nseats == 4
    for bad in ("human", "human,none", "human,normal,normal,normal,normal", "human,expert"):
        with pytest.raises(ValueError, match="seats"):
            Rules(seats=bad)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_deal_seven_to_each_seat(n):
    """RULES.md: "deal 7 to each seat, turn the top card of the draw pile face up as the discard
    pile." """
    events = []
    g = Game(Rules(seats=["normal"] * n), seed=11, sink=events.append)
    g.start()
    h = evs(events, "hand")[0]
    assert [len(x) for x in h["hands"]] == [7] * n
    assert len(h["pile"]) == 108 - 7 * n - 1
    assert g.nseats == n


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("direction", [1, -1])
def test_turn_passes_to_the_next_seat_in_the_direction(n, direction):
    """RULES.md "A turn": after a number card the next seat plays (seats in order, the direction
    reversed by `R`)."""
    hands = ["R1 B9"] * n
    for actor in range(n):
        g, _ = position(hands=hands, top="R5", actor=actor, direction=direction)
        act(g, "R1")
        assert g.actor == (actor + direction) % n
        assert g.phase == PH_PLAY


def test_reverse_with_three_seats_reverses_the_direction():
    """RULES.md: "`R`: two seats: same as `S`; three or more: reverses the direction." """
    g, _ = position(hands=["RR B9", "R3 B9", "R4 B9"], top="R5", actor=0)
    act(g, "RR")
    assert g.direction == -1 and g.actor == 2
    act(g, "R4")
    assert g.actor == 1
    act(g, "R3")
    assert g.actor == 0
    # A second Reverse turns it back.
    g, _ = position(hands=["R1 B9", "YR G9", "R4 B9", "B3 B4"], top="Y5", actor=1, direction=-1)
    act(g, "YR")
    assert g.direction == 1 and g.actor == 2


def test_reverse_with_two_seats_is_a_skip():
    """RULES.md: "`R`: two seats: same as `S`" and "With two seats, the player of `S` or `R`
    plays again." """
    g, _ = position(hands=["RR B9", "R3 B9"], top="R5", actor=0)
    act(g, "RR")
    assert g.actor == 0 and g.phase == PH_PLAY


@pytest.mark.parametrize("n,expect", [(2, 0), (3, 2), (4, 2)])
def test_skip_makes_the_next_player_lose_the_turn(n, expect):
    """RULES.md: "`S`: the next player loses the turn." and "With two seats, the player of `S`
    or `R` plays again." """
    g, events = position(hands=["RS B9 B8"] + ["R3 B9"] * (n - 1), top="R5", actor=0)
    act(g, "RS")
    assert g.actor == expect
    assert [len(h) for h in g.hands[1:]] == [2] * (n - 1)  # the skipped seat drew nothing
    assert kinds(events) == ["play"]


# ----- options and presets ----------------------------------------------------------------------

CLASSIC = {
    "deck": "standard", "seats": ("human", "normal"), "wd4": "challenge", "draw": "one",
    "hand_limit": 0, "stacking": "off", "one_call": "auto", "scoring": "standard",
    "target": 500, "next_start": "alternate",
}
PRESET_VALUES = {
    "classic": {},
    "acorn": {"deck": "acorn"},
    "pcsig": {"draw": "repeat", "hand_limit": 16, "wd4": "strict"},
    "windows": {"wd4": "strict", "next_start": "rotate"},
    "official": {"wd4": "challenge", "one_call": "required", "next_start": "rotate"},
    "house": {"wd4": "free", "one_call": "required", "next_start": "rotate", "stacking": "on"},
}


@pytest.mark.parametrize("name", list(PRESET_VALUES))
def test_named_presets(name):
    """RULES.md "Named presets": **Classic**: `deck=standard seats=human,normal wd4=challenge
    draw=one hand_limit=0 stacking=off one_call=auto scoring=standard target=500
    next_start=alternate`; **Acorn 1991**: Classic with `deck=acorn`; **PC-SIG 1990**: Classic
    with `draw=repeat hand_limit=16 wd4=strict`; **Windows 1994**: Classic with `wd4=strict
    next_start=rotate`; **Official**: `wd4=challenge one_call=required next_start=rotate`;
    **House**: Official with `stacking=on wd4=free`."""
    want = dict(CLASSIC, **PRESET_VALUES[name])
    r = preset(name)
    for k, v in want.items():
        assert getattr(r, k) == v, (name, k)
    assert r.one_window == 3  # RULES.md: "within `one_window` seconds, default 3"
    assert r == parse(" ".join("%s=%s" % (k, v) for k, v in PRESET_VALUES[name].items()))


def test_presets_take_overrides():
    """RULES.md: "**Windows 1994**: ... (scoring style selectable)" and "**Official**: ...
    2-4 seats": options may be set over a preset."""
    assert preset("windows", scoring="penalty").scoring == "penalty"
    r = preset("official", seats="human,normal,easy,advanced")
    assert r.nseats == 4 and r.one_call == "required"
    assert parse("scoring=penalty", base="windows").wd4 == "strict"
    with pytest.raises(ValueError, match="nosuch"):
        preset("nosuch")


@pytest.mark.parametrize("opt,value", [
    ("deck", "tarot"), ("wd4", "sometimes"), ("draw", "two"), ("hand_limit", 15),
    ("hand_limit", 17), ("stacking", "maybe"), ("one_call", "never"), ("one_window", 0),
    ("one_window", 11), ("scoring", "golf"), ("target", 99), ("target", 10001),
    ("target", "lots"), ("next_start", "loser"), ("seats", "human"),
])
def test_out_of_range_option_is_refused_naming_it(opt, value):
    """RULES.md option values (e.g. "Option `target`: 500 (Classic); 100 to 10000",
    "`hand_limit`: `0` ... or `16`") and CORE_API: "unknown option or bad value raises
    `ValueError` naming it"."""
    with pytest.raises(ValueError, match=opt):
        Rules(**{opt: value})
    with pytest.raises(ValueError, match=opt):
        parse("%s=%s" % (opt, value))


@pytest.mark.parametrize("opt,value", [
    ("target", 100), ("target", 10000), ("hand_limit", 0), ("hand_limit", 16),
    ("one_window", 1), ("one_window", 10), ("deck", "acorn"), ("wd4", "free"),
    ("draw", "repeat"), ("stacking", "on"), ("one_call", "required"), ("scoring", "penalty"),
    ("next_start", "winner"),
])
def test_in_range_option_is_accepted(opt, value):
    """RULES.md option ranges: the limits themselves are allowed (`target` 100 to 10000)."""
    assert getattr(Rules(**{opt: value}), opt) == value
    assert getattr(parse("%s=%s" % (opt, value)), opt) == value


def test_unknown_option_is_refused_naming_it():
    """CORE_API / RULES.md: every option has "the name given here"; an unknown option raises
    `ValueError` naming it."""
    with pytest.raises(ValueError, match="colourblind"):
        Rules(colourblind=1)
    with pytest.raises(ValueError, match="progressive"):
        parse("wd4=strict progressive=on")
    with pytest.raises(ValueError, match="jumpin"):
        preset("house", jumpin="on")


def test_refused_options_change_nothing():
    """CORE_API: a bad value is refused; the options already set stay as they were."""
    r = Rules()
    with pytest.raises(ValueError, match="target"):
        r.update({"wd4": "strict", "target": 5})
    assert r == Rules()


def test_match_record_names_every_option():
    """FORMATS.md `match`: "`rules` (object: every option of RULES.md by name)"."""
    events = []
    Game(preset("house"), seed=3, sink=events.append).start()
    m = events[0]
    assert m["ev"] == "match" and m["v"] == 1 and m["seed"] == 3
    assert set(m["rules"]) == {"deck", "seats", "wd4", "draw", "hand_limit", "stacking",
                               "one_call", "one_window", "scoring", "target", "next_start"}
    assert m["rules"]["stacking"] == "on" and m["rules"]["wd4"] == "free"
    assert Rules(**m["rules"]) == preset("house")


# ----- illegal actions --------------------------------------------------------------------------


def test_unplayable_card_is_refused_with_a_reason_and_nothing_changes():
    """RULES.md: "A card is playable on the discard pile if it has the active colour, or the
    same kind as the top card ..., or is `W`"; anything else is refused (CORE_API:
    "IllegalAction(ValueError) with the reason, state unchanged")."""
    g, _ = position(hands=["B2 R1 W", "G3 G4"], top="R5", pile="Y1 Y2")
    reason = refused(g, "B2")
    assert "RED" in reason or "5" in reason
    assert issubclass(IllegalAction, ValueError)


def test_a_refused_cards_reason_reads_as_english():
    """RULES.md: a card is playable "if it has the active colour, or the same kind as the top
    card"; the reason names both, with "an" before an 8, and fits the 26-character bar."""
    g, _ = position(hands=["B2 R1 W", "G3 G4"], top="R8", pile="Y1 Y2")
    assert refused(g, "B2") == "Not playable: RED or an 8"
    g, _ = position(hands=["B2 R1 W", "G3 G4"], top="R5", pile="Y1 Y2")
    assert refused(g, "B2") == "Not playable: RED or a 5"
    g, _ = position(hands=["B2 Y1 W", "G3 G4"], top="Y8", pile="R1 R2")
    reason = refused(g, "B2")
    assert reason == "Not playable: YELLOW or 8" and len(reason) <= 26


def test_card_not_held_is_refused():
    """RULES.md "A turn": a player plays a card from their own hand."""
    g, _ = position(hands=["B2 R1", "R3 G4"], top="R5", pile="Y1")
    assert "R3" in refused(g, "R3")
    assert "W+4" in refused(g, "W+4 RED")


@pytest.mark.parametrize("action", [PASS, 999, -1, 66, 67, 68, 70, 72])
def test_action_not_possible_now_is_refused(action):
    """RULES.md "A pass without a draw is allowed only ..."; challenge, accept, ONE and
    colour choices only when the rules ask for them; nonsense actions are refused."""
    g, _ = position(hands=["B2 R1", "R3 G4"], top="R5", pile="Y1")
    refused(g, action)


def test_after_drawing_only_the_drawn_card_may_be_played():
    """RULES.md `draw=one`: "If it is playable it may be played at once (only that card)";
    Windows help (Reneging): "he may not play a card already in his hand." """
    g, _ = position(hands=["R1 B9", "G3 G4"], top="R5", pile="R7 Y1")
    act(g, "draw")
    assert g.phase == PH_DRAWN
    assert "R7" in refused(g, "R1")
    refused(g, DRAW)


def test_nothing_is_possible_after_the_hand_ends():
    """RULES.md: "A hand ends when a player plays the last card."; no move is accepted after."""
    g, _ = position(hands=["R1", "G3 G4"], top="R5", pile="Y1")
    act(g, "R1")
    assert g.phase == PH_HAND_OVER
    for a in (DRAW, PASS, cards.parse("G3")):
        refused(g, a)
    assert g.legal_actions() == []


def _phase_position(phase_name):
    """A game waiting in ``phase_name`` (reached by legal moves)."""
    if phase_name == "challenge":
        g, _ = position(hands=["W+4 B1 B2", "G3 G4"], top="R5", pile="Y1 Y2 Y3 Y4 Y5 Y6")
        act(g, "W+4 RED")
    elif phase_name == "stack":
        g, _ = position("house", hands=["R+2 B1 B2", "G+2 G4 G5"], top="R5", pile="Y1 Y2 Y3")
        act(g, "R+2")
    elif phase_name == "one":
        g, _ = position("official", hands=["R1 B1", "G3 G4"], top="R5", pile="Y1 Y2")
        act(g, "R1")
    elif phase_name == "catch":
        g, _ = position("official", hands=["R1 B1", "G3 G4"], top="R5", pile="Y1 Y2")
        act(g, "R1", "no ONE")
    elif phase_name == "drawn":
        g, _ = position(hands=["B1 G9", "G3 G4"], top="R5", pile="R7 Y1")
        act(g, "draw")
    else:  # colour: a W turned up first
        g, _ = position(hands=["B1 G9", "G3 G4"], top="W", colour="R", pile="R7 Y1")
        g.phase = PH_COLOUR
    return g


@pytest.mark.parametrize("phase_name,actions", [
    ("challenge", ["draw", "pass", "G3", "call ONE", "colour RED"]),
    ("stack", ["draw", "pass", "G4", "challenge", "W+4 RED"]),
    ("one", ["B1", "draw", "pass", "catch", "accept"]),
    ("catch", ["G3", "draw", "call ONE", "challenge"]),
    ("drawn", ["B1", "draw", "challenge", "colour BLUE", "no ONE"]),
    ("colour", ["B1", "draw", "pass", "W RED"]),
])
def test_illegal_action_in_every_phase_leaves_the_state_unchanged(phase_name, actions):
    """CORE_API: "`g.apply(a)`: one action; IllegalAction(ValueError) with the reason, state
    unchanged" — in each phase the rules ask something specific (challenge or accept, stack or
    accept, call ONE, catch, play the drawn card or pass, choose a colour)."""
    g = _phase_position(phase_name)
    for a in actions:
        refused(g, a)


def test_next_hand_refused_while_the_hand_is_on():
    """RULES.md "End of a hand": the next hand is dealt only after a hand ends."""
    g, _ = position(hands=["B1 G9", "G3 G4"], top="R5", pile="R7 Y1")
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.next_hand()
    assert snapshot(g) == before


# ----- what a seat may see ----------------------------------------------------------------------


def test_observation_hides_other_hands_and_the_pile():
    """RULES.md "Seats": "Two or more human seats is hot-seat play: the hand is hidden"; each
    seat sees its own hand, the discard pile and how many cards the others hold, never their
    cards or the order of the draw pile."""
    a, _ = position(hands=["R1 B9 W", "G3 G4 Y7", "B1 B2"], top="R5", under="Y5 G5",
                    pile="R7 Y1 G8")
    b, _ = position(hands=["R1 B9 W", "W+4 YS R9", "G1 G2"], top="R5", under="Y5 G5",
                    pile="G8 R7 Y1")
    oa, ob = a.observe(0), b.observe(0)
    assert vars(oa) == vars(ob)
    assert oa.hand == hand("R1 B9 W")
    assert oa.counts == [3, 3, 2]
    assert oa.pile_count == 3
    assert list(oa.discard) == hand("Y5 G5 R5")
    assert set(oa.legal) == set(a.legal_actions())
    # A seat that does not act is not told the actor's options.
    assert a.observe(1).legal == [] and a.observe(1).hand == hand("G3 G4 Y7")


def test_observation_hides_the_card_another_seat_drew():
    """RULES.md "A turn" (draw): the card drawn goes to the drawer's hand, unseen by others."""
    a, _ = position(hands=["R1 B9", "G3 G4"], top="R5", pile="R7 Y1")
    b, _ = position(hands=["R1 B9", "G3 G4"], top="R5", pile="R8 Y1")
    act(a, "draw")
    act(b, "draw")
    assert a.phase == b.phase == PH_DRAWN
    assert vars(a.observe(1)) == vars(b.observe(1))
    assert a.observe(0).drawn == cards.parse("R7")
