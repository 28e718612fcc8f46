"""RULES.md "Deal and first card": who starts, the dealer, the first card turned up (the Acorn
start-card rules among them), and ``next_start`` for later hands."""

from collections import Counter

import pytest
from test_rules import act, evs, hand, kinds, legal, names, position

from uno.core import cards
from uno.core.codes import PH_COLOUR, PH_HAND_OVER, PH_PLAY, PH_STACK
from uno.core.game import Game
from uno.core.rules import preset
from uno.core.ruleset import Rules


class StackedDeal(Game):
    """A Game that deals ``hands`` (7 cards per seat), turns up ``top`` and keeps ``pile``
    (next card first) instead of shuffling; the rest of the deck goes under the pile."""

    def __init__(self, rules, seed, sink, hands, top, pile):
        super().__init__(rules, seed=seed, sink=sink)
        self._want = ([hand(h) for h in hands], cards.parse(top), hand(pile))

    def _new_deck(self):
        hands, top, pile = self._want
        n = self.nseats
        order = []
        for i in range(7):
            for k in range(n):
                order.append(hands[(self.starter + k) % n][i])
        order.append(top)
        order.extend(pile)
        rest = cards.make_deck(self.rules.deck == "acorn")
        for c in order:
            rest.remove(c)
        order.extend(rest)
        return list(reversed(order))


SEVEN = ["R1 R2 R3 Y4 Y5 G6 B7", "G1 G2 B3 B4 Y6 Y7 R8", "B1 B2 G3 G4 R6 R7 Y8",
         "Y1 Y2 R4 R5 B6 B9 G8"]


def deal(top, n=2, rules="classic", pile="B5 G7 Y9 R9", seed=1, hands=None, **options):
    """Start a match whose first hand turns up ``top``; returns (game, events, starter)."""
    events = []
    r = preset(rules, seats=["human"] + ["normal"] * (n - 1), **options)
    g = StackedDeal(r, seed, events.append, hands or SEVEN[:n], top, pile)
    g.start()
    return g, events, g.starter


def test_first_starter_is_random_and_dealer_is_the_seat_before():
    """RULES.md: "Who starts the first hand of a match: random." and "The dealer is always the
    seat before the starter (with two seats: the one who does not start)." """
    for n in (2, 3, 4):
        seen = set()
        for seed in range(40):
            g, events, _ = deal("R5", n=n, seed=seed)
            starter = g.actor  # a number turned up: the starter plays
            assert evs(events, "hand")[0]["dealer"] == (starter - 1) % n == g.dealer
            seen.add(starter)
        assert seen == set(range(n)), n


def test_number_turned_up_the_starter_plays():
    """RULES.md: "number: S plays." Acorn: "If for example a green six is turned up after the
    deal, the starting player may play any green card he/she has, or any number six card of
    another colour." """
    g, events, s = deal("G6", rules="acorn")
    assert g.actor == s and g.phase == PH_PLAY
    assert g.colour == cards.GREEN
    mine = set(g.hands[s])
    for a in g.legal_actions():
        if a < 64:
            assert a in mine and (a >> 4 == cards.GREEN or a & 15 == 6)
    assert kinds(events) == ["match", "hand"]


def test_acorn_wild_turned_up_starter_chooses_colour_then_plays():
    """Acorn 1991: "Wild Card - the starting player chooses colour and then plays." RULES.md:
    "`W`: S chooses the colour, then plays." """
    g, events, s = deal("W", rules="acorn")
    assert g.phase == PH_COLOUR and g.actor == s
    assert legal(g) == {"colour RED", "colour YELLOW", "colour GREEN", "colour BLUE"}
    act(g, "colour BLUE")
    assert evs(events, "colour") == [{"ev": "colour", "p": s, "colour": "B"}]
    assert g.phase == PH_PLAY and g.actor == s and g.colour == cards.BLUE
    plays = {a for a in g.legal_actions() if a < 64}
    assert plays == {c for c in g.hands[s] if c >> 4 == cards.BLUE}


def test_acorn_draw_two_turned_up_starter_draws_two_and_the_other_begins():
    """Acorn 1991: "Draw Two Card - the starting player gets two extra cards and the other
    player begins play." RULES.md: "`+2`: S draws two (a draw with why `start` ...) and loses
    the turn." """
    g, events, s = deal("Y+2", rules="acorn", pile="B5 G7 Y9")
    assert len(g.hands[s]) == 9 and len(g.hands[1 - s]) == 7
    assert evs(events, "draw") == [{"ev": "draw", "p": s, "cards": ["B5", "G7"], "why": "start"}]
    assert g.actor == 1 - s and g.phase == PH_PLAY
    assert kinds(events) == ["match", "hand", "draw"]


@pytest.mark.parametrize("n", [3, 4])
def test_draw_two_turned_up_with_more_seats(n):
    """RULES.md: "`+2`: S draws two ... and loses the turn." — the seat after S plays."""
    g, events, s = deal("Y+2", n=n, pile="B5 G7 Y9")
    assert len(g.hands[s]) == 9 and g.actor == (s + 1) % n and g.direction == 1


def test_draw_two_turned_up_cannot_be_stacked():
    """RULES.md: "`+2`: S draws two (a draw with why `start`; it cannot be stacked or
    challenged)" — even with `stacking=on` and a `+2` in S's hand."""
    both = ["R+2 R2 R3 Y4 Y5 G6 B7", "G+2 G2 B3 B4 Y6 Y7 R8"]
    g, events, s = deal("Y+2", rules="house", pile="B5 G7 Y9", hands=both)
    assert g.phase == PH_PLAY and g.phase != PH_STACK and g.actor == 1 - s
    assert evs(events, "draw")[0]["why"] == "start" and len(evs(events, "draw")) == 1
    assert g.pending == 0 and len(g.hands[s]) == 9


def test_acorn_skip_turned_up_the_other_starts():
    """Acorn 1991: "Skip Card - the other person starts play." RULES.md: "`S`: S is skipped." """
    g, events, s = deal("GS", rules="acorn")
    assert g.actor == 1 - s and g.phase == PH_PLAY
    assert [len(h) for h in g.hands] == [7, 7]
    assert kinds(events) == ["match", "hand"]


@pytest.mark.parametrize("n", [3, 4])
def test_skip_turned_up_with_more_seats_skips_only_the_starter(n):
    """RULES.md: "`S`: S is skipped." — the seat after S plays."""
    g, _, s = deal("GS", n=n)
    assert g.actor == (s + 1) % n and g.direction == 1


def test_reverse_turned_up_with_two_seats_is_a_skip():
    """RULES.md: "`R`: two seats: same as `S`." Windows help: "Reverse Card - The dealer plays
    first." """
    g, _, s = deal("BR")
    assert g.actor == 1 - s == g.dealer


@pytest.mark.parametrize("n", [3, 4])
def test_reverse_turned_up_with_three_or_more_seats_dealer_plays_first(n):
    """RULES.md: "`R`: ... Three or more: direction reverses and the dealer plays first." """
    g, _, s = deal("BR", n=n)
    assert g.direction == -1
    assert g.actor == g.dealer == (s - 1) % n
    # Play goes on against the seat order: the seat before the dealer is next.
    dealer = g.actor
    card = next(c for c in g.hands[dealer] if c >> 4 == cards.BLUE or c & 15 == cards.REVERSE)
    g.apply(card)
    assert g.actor == (dealer - 1) % n


def test_wild_draw_four_turned_up_is_put_back():
    """RULES.md: "`W+4`: put back into the draw pile at a random position (the top included) and
    turn up the top card instead"; FORMATS.md `returned`: "`card` (the `W+4` put back), `top`
    (the card turned up instead), `pile` (the draw pile after that, next card first)"."""
    g, events, s = deal("W+4", pile="B5 G7 Y9 R9")
    h = evs(events, "hand")[0]
    ret = evs(events, "returned")
    assert kinds(events) == ["match", "hand", "returned"]
    assert h["top"] == "W+4"
    assert ret[0]["card"] == "W+4" and ret[0]["top"] == "B5"
    assert list(g.discard) == [cards.parse("B5")] and g.colour == cards.BLUE
    # The pile afterwards: the old pile minus its top card, with the W+4 in it once more.
    after = list(ret[0]["pile"])
    i = next(i for i in range(len(after)) if after[i] == "W+4"
             and after[:i] + after[i + 1:] == h["pile"][1:])
    assert i >= 0
    assert after == names(reversed(g.pile)).split()
    # Then a number was turned up: the starter plays as usual.
    assert g.actor == s and g.phase == PH_PLAY


def test_wild_draw_four_turned_up_again_is_put_back_again():
    """RULES.md: "`W+4`: put back ... and turn up the top card instead (repeat as needed)." """
    g, events, _ = deal("W+4", pile="W+4 G7 Y9 R9")
    ret = evs(events, "returned")
    assert len(ret) >= 2
    assert all(r["card"] == "W+4" for r in ret)
    assert ret[-1]["top"] != "W+4" and ret[0]["top"] == "W+4"
    assert cards.name(g.discard[-1]) == ret[-1]["top"] and len(g.discard) == 1
    assert Counter(names(g.pile).split())["W+4"] == 4


def test_wild_draw_four_put_back_anywhere_the_top_included():
    """RULES.md: "put back into the draw pile at a random position (the top included)"."""

    class TinyPile(StackedDeal):
        def _new_deck(self):
            deck = super()._new_deck()
            return deck[-(7 * self.nseats + 3):]  # the hands, the W+4 and a pile of two

    outcomes = set()
    for seed in range(60):
        events = []
        g = TinyPile(Rules(), seed, events.append, SEVEN[:2], "W+4", "B5 G7")
        g.start()
        r = evs(events, "returned")[0]
        outcomes.add((r["top"], tuple(r["pile"])))
    # Under both cards, between them, or on top (then it is turned up again).
    assert outcomes == {("B5", ("G7", "W+4")), ("B5", ("W+4", "G7")),
                        ("W+4", ("B5", "G7"))}


# ----- later hands: next_start ------------------------------------------------------------------


def finish(g, card):
    """Play the actor's last card and deal the next hand; returns the new starter."""
    act(g, card)
    assert g.phase == PH_HAND_OVER
    g.next_hand()
    return (g.dealer + 1) % g.nseats


@pytest.mark.parametrize("winner", [0, 1])
def test_next_start_alternate_two_seats(winner):
    """RULES.md: "`alternate` (Classic: the seat after the last hand's starter starts; with two
    seats, the other player)". Acorn: "subsequent hands are started in alternate order." """
    hands = ["R1", "B2 B3"] if winner == 0 else ["B2 B3", "R1"]
    g, events = position(hands=hands, top="R5", actor=winner)
    g.starter = 0
    g.dealer = 1
    assert finish(g, "R1") == 1
    h = evs(events, "hand")[0]
    assert h["n"] == 2 and h["dealer"] == 0


def test_next_start_alternate_three_seats():
    """RULES.md: "`alternate` (Classic: the seat after the last hand's starter starts ...)"."""
    g, _ = position(hands=["B2 B3", "B4 B5", "R1"], top="R5", actor=2)
    g.starter, g.dealer = 1, 0
    assert finish(g, "R1") == 2


def test_next_start_winner():
    """RULES.md: "`winner` (UFO: the winner of the last hand starts)"."""
    g, _ = position("classic", hands=["B2 B3", "B4 B5", "R1"], top="R5", actor=2,
                    next_start="winner")
    g.starter, g.dealer = 0, 2
    assert finish(g, "R1") == 2


def test_next_start_rotate():
    """RULES.md: "`rotate` (the deal passes to the next seat; the seat after the dealer
    starts)". Windows help: "a new hand is begun with the deal passing to the other player." """
    g, _ = position("windows", hands=["B2 B3", "R1", "B4 B5", "B6 B7"], top="R5", actor=1)
    g.starter, g.dealer = 2, 1
    starter = finish(g, "R1")
    assert g.dealer == 2 and starter == 3


def test_next_start_after_a_hand_nobody_won():
    """RULES.md: "the hand ends with no winner: no one scores, and the next hand starts as if
    its starter had won it." (`winner`: the same seat starts again.)"""
    g, events = position("classic", hands=["B2 B3", "G4 G5", "Y1 Y2"], top="R5", actor=1,
                         next_start="winner")
    g.starter, g.dealer = 1, 0
    act(g, "pass", "pass", "pass")
    assert evs(events, "hand_end")[0]["winner"] is None
    g.next_hand()
    assert (g.dealer + 1) % 3 == 1
