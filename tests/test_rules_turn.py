"""RULES.md "A turn" and "Action cards" (without W+4 and stacking, see test_rules_wd4.py):
what is playable, drawing (`draw=one`, `draw=repeat`, reneging), passing, the hand limit,
reshuffling, and the hand that nobody can finish."""

import pytest
from test_rules import act, evs, hand, kinds, legal, names, position, refused

from uno.core import cards
from uno.core.codes import DRAW, PASS, PH_DRAWN, PH_HAND_OVER, PH_PLAY

# ----- what may be played -----------------------------------------------------------------------


@pytest.mark.parametrize("top,colour,card,ok", [
    ("R7", "R", "R2", True),     # active colour
    ("R7", "R", "B7", True),     # same number
    ("R7", "R", "B2", False),
    ("R7", "R", "BS", False),
    ("GS", "G", "BS", True),     # S on S
    ("GS", "G", "BR", False),
    ("YR", "Y", "GR", True),     # R on R
    ("YR", "Y", "GS", False),
    ("B+2", "B", "R+2", True),   # +2 on +2
    ("B+2", "B", "R2", False),
    ("R7", "R", "W", True),      # W always
    ("W", "Y", "Y3", True),      # colour called on a wild
    ("W", "Y", "R3", False),
    ("W+4", "G", "G+2", True),
    ("W+4", "G", "B+2", False),
])
def test_playable(top, colour, card, ok):
    """RULES.md: "The active colour is the top card's colour, or the colour called on a wild."
    and "A card is playable on the discard pile if it has the active colour, or the same kind
    as the top card (number on the same number, `S` on `S`, `R` on `R`, `+2` on `+2`), or is
    `W`." """
    g, _ = position(hands=[card + " Y9 B9", "G3 G4"], top=top, colour=colour, pile="Y1")
    name = card + " RED" if card == "W" else card
    assert (name in legal(g)) == ok
    if ok:
        act(g, name)
        assert g.discard[-1] == cards.parse(card)
    else:
        refused(g, name)


@pytest.mark.parametrize("call", ["RED", "YELLOW", "GREEN", "BLUE"])
def test_wild_calls_any_colour_the_current_one_included(call):
    """RULES.md: "`W`: the player calls any colour, the current one included." Windows help:
    "he may play his Wild card and select a colour (including Red)"."""
    g, events = position(hands=["W R4 B6 RR", "G3 G4"], top="R6", pile="Y1")
    assert "W " + call in legal(g)
    act(g, "W " + call)
    assert g.colour == cards.COLOUR_NAMES.index(call)
    assert events == [{"ev": "play", "p": 0, "card": "W", "colour": call[0]}]
    assert g.actor == 1  # "`W` ... has no effect on the next player other than altering colour"


def test_draw_two_next_player_draws_two_and_loses_the_turn():
    """RULES.md: "`+2`: the next player draws two and loses the turn." Two seats: the player
    of `+2` plays again (Acorn: "play passes back to the person who placed the Draw Two")."""
    g, events = position(hands=["R+2 B9 B8", "G3 G4"], top="R5", pile="Y1 Y2 Y3")
    act(g, "R+2")
    assert g.hands[1] == hand("G3 G4 Y1 Y2")
    assert evs(events, "draw") == [{"ev": "draw", "p": 1, "cards": ["Y1", "Y2"], "why": "+2"}]
    assert g.actor == 0 and g.phase == PH_PLAY


def test_draw_two_with_three_seats():
    """RULES.md: "`+2`: the next player draws two and loses the turn." """
    g, events = position(hands=["R+2 B9 B8", "G3 G4", "Y7 Y8"], top="R5", pile="Y1 Y2 Y3",
                         actor=0)
    act(g, "R+2")
    assert len(g.hands[1]) == 4 and len(g.hands[2]) == 2
    assert g.actor == 2
    # Against the reversed direction the seat before takes the cards.
    g, _ = position(hands=["R+2 B9 B8", "G3 G4", "Y7 Y8"], top="R5", pile="Y1 Y2 Y3",
                    direction=-1)
    act(g, "R+2")
    assert len(g.hands[2]) == 4 and g.actor == 1


def test_draw_two_is_not_cancelled_by_another_without_stacking():
    """RULES.md `stacking`: "`off` (Classic)". Windows help: "You may not cancel the effect of
    a Draw Two card by playing another Draw Two card." """
    g, events = position(hands=["R+2 B9 B8", "G+2 G4"], top="R5", pile="Y1 Y2 Y3")
    act(g, "R+2")
    assert g.hands[1] == hand("G+2 G4 Y1 Y2")
    assert g.actor == 0
    # "The same player may match the Draw Two card thus forcing his opponent to draw another
    # two cards."
    g.hands[0] = hand("B+2 B9 B8")
    act(g, "B+2")
    assert len(g.hands[1]) == 6


# ----- drawing: draw=one ------------------------------------------------------------------------


def test_draw_one_playable_card_may_be_played_at_once():
    """RULES.md `draw=one`: "draw one card. If it is playable it may be played at once (only
    that card)"."""
    g, events = position(hands=["B1 G9", "G3 G4"], top="R5", pile="R7 Y1")
    assert "draw" in legal(g) and "pass" not in legal(g)
    act(g, "draw")
    assert g.phase == PH_DRAWN and g.actor == 0 and g.drawn == cards.parse("R7")
    assert legal(g) == {"R7", "pass"}
    act(g, "R7")
    assert kinds(events) == ["draw", "play"]
    assert evs(events, "draw")[0] == {"ev": "draw", "p": 0, "cards": ["R7"], "why": "turn"}
    assert g.hands[0] == hand("B1 G9") and g.actor == 1


def test_draw_one_drawn_wild_may_be_played_with_a_colour():
    """RULES.md `draw=one`: "If it is playable it may be played at once"; `W` is always
    playable."""
    g, events = position(hands=["B1 G9", "G3 G4"], top="R5", pile="W Y1")
    act(g, "draw")
    assert legal(g) == {"W RED", "W YELLOW", "W GREEN", "W BLUE", "pass"}
    act(g, "W GREEN")
    assert g.colour == cards.GREEN and g.actor == 1


def test_draw_one_unplayable_card_passes():
    """RULES.md `draw=one`: "otherwise ... the player passes." Windows help: "If the card drawn
    is not playable it is added to your hand and you must pass play"."""
    g, events = position(hands=["B1 G9", "G3 G4"], top="R5", pile="Y1 R7")
    act(g, "draw")
    assert g.hands[0] == hand("B1 G9 Y1")
    assert kinds(events) == ["draw", "pass"] and evs(events, "pass")[0]["p"] == 0
    assert g.actor == 1 and g.phase == PH_PLAY


def test_draw_one_playable_card_kept_by_choice():
    """RULES.md `draw=one`: "otherwise, or by choice, the player passes." """
    g, events = position(hands=["B1 G9", "G3 G4"], top="R5", pile="R7 Y1")
    act(g, "draw", "pass")
    assert g.hands[0] == hand("B1 G9 R7")
    assert kinds(events) == ["draw", "pass"] and g.actor == 1


def test_draw_one_only_one_card():
    """RULES.md `draw=one` (Classic): "draw one card"."""
    g, _ = position(hands=["B1 G9", "G3 G4"], top="R5", pile="R7 Y1")
    act(g, "draw")
    assert "draw" not in legal(g)
    refused(g, DRAW)


def test_reneging_draw_with_a_playable_card_in_hand():
    """RULES.md: "Instead of playing, a player may draw (this is allowed even with a playable
    card: "reneging")." Windows help (Reneging): "If the card drawn is playable, he may play
    that card but he may not play a card already in his hand." """
    g, events = position(hands=["R1 G9", "G3 G4"], top="R5", pile="B5 Y1")
    assert {"R1", "draw"} <= legal(g)
    act(g, "draw")
    assert legal(g) == {"B5", "pass"}
    refused(g, "R1")
    act(g, "B5")
    assert g.hands[0] == hand("R1 G9")


# ----- drawing: draw=repeat ---------------------------------------------------------------------


def test_draw_repeat_draws_until_the_player_stops():
    """RULES.md `draw=repeat`: "after each draw the player may play the card just drawn if
    playable (no other), draw again, or pass." """
    g, events = position("pcsig", hands=["R1 G9", "G3 G4"], top="R5", pile="Y1 B2 B5 Y2")
    act(g, "draw")
    assert g.phase == PH_DRAWN and legal(g) == {"draw", "pass"}  # Y1: not playable
    refused(g, "R1")
    act(g, "draw", "draw")
    assert legal(g) == {"B5", "draw", "pass"}
    act(g, "B5")
    assert g.hands[0] == hand("R1 G9 Y1 B2")
    assert kinds(events) == ["draw", "draw", "draw", "play"]
    assert g.actor == 1


def test_draw_repeat_pass_after_a_draw():
    """RULES.md `draw=repeat`: "Passing is only possible after at least one draw." """
    g, events = position("pcsig", hands=["B1 G9", "G3 G4"], top="R5", pile="Y1 B2")
    assert "pass" not in legal(g)
    refused(g, PASS)
    act(g, "draw", "pass")
    assert kinds(events) == ["draw", "pass"] and g.actor == 1


def test_draw_repeat_unplayable_drawn_card_refused_as_unplayable():
    """RULES.md `draw=repeat`: "the player may play the card just drawn if playable" — trying
    an unplayable drawn card is refused like any unplayable card (the reason names what is
    needed, not "play the drawn ... or pass")."""
    g, _ = position("pcsig", hands=["R1 G9", "G3 G4"], top="R5", pile="Y1 B2")
    act(g, "draw")
    reason = refused(g, "Y1")
    assert "RED" in reason and "play the drawn" not in reason


# ----- hand limit (PC-SIG) ----------------------------------------------------------------------

FIFTEEN = "B1 B2 B3 B4 B6 B8 B9 G1 G2 G3 G4 G6 G8 G9 Y1"
SIXTEEN = FIFTEEN + " Y2"


def test_hand_limit_draw_two_against_fifteen_gives_one():
    """PC-SIG 1990: "If he has fifteen cards, then only one card will be added to his hand."
    RULES.md: "A draw that would take a hand past the limit gives only the cards that fit"."""
    g, events = position("pcsig", hands=["R+2 Y8 Y9", FIFTEEN], top="R5", pile="R1 R2 R3")
    act(g, "R+2")
    assert len(g.hands[1]) == 16
    assert evs(events, "draw") == [{"ev": "draw", "p": 1, "cards": ["R1"], "why": "+2"}]
    assert g.actor == 0


def test_hand_limit_draw_two_against_sixteen_gives_none():
    """PC-SIG 1990: "If his hand already contains sixteen cards, then none will be added to his
    hand." FORMATS.md: "A draw that can give nothing is still written, with `cards: []`." """
    g, events = position("pcsig", hands=["R+2 Y8 Y9", SIXTEEN], top="R5", pile="R1 R2 R3")
    act(g, "R+2")
    assert len(g.hands[1]) == 16 and len(g.pile) == 3
    assert evs(events, "draw") == [{"ev": "draw", "p": 1, "cards": [], "why": "+2"}]
    assert g.actor == 0  # the turn is still lost


def test_hand_limit_player_at_sixteen_who_cannot_play_passes():
    """PC-SIG 1990: "Once you reach sixteen cards and still cannot play, the 'TURN' shifts to
    your opponent." RULES.md: "a player at the limit who cannot play passes"."""
    g, events = position("pcsig", hands=[SIXTEEN, "R3 R4"], top="R5", pile="R1 R2 R3")
    assert legal(g) == {"pass"}
    assert "full" in refused(g, DRAW)
    act(g, "pass")
    assert events == [{"ev": "pass", "p": 0}] and g.actor == 1 and len(g.hands[0]) == 16


def test_hand_limit_player_at_sixteen_who_can_play_must_play():
    """RULES.md: "A pass without a draw is allowed only to a player at the hand limit who cannot
    play"."""
    g, _ = position("pcsig", hands=["R7 " + FIFTEEN, "R3 R4"], top="R5", pile="R1 R2")
    assert legal(g) == {"R7"}
    refused(g, PASS)
    refused(g, DRAW)


def test_hand_limit_stops_repeated_draws():
    """RULES.md `hand_limit`: "A draw that would take a hand past the limit gives only the cards
    that fit; a player at the limit who cannot play passes." (with `draw=repeat`)"""
    g, _ = position("pcsig", hands=[FIFTEEN, "R3 R4"], top="R5", pile="Y3 Y4 R9")
    act(g, "draw")
    assert len(g.hands[0]) == 16 and legal(g) == {"pass"}


def test_hand_limit_applies_to_wild_draw_four():
    """RULES.md `hand_limit`: "A draw that would take a hand past the limit gives only the cards
    that fit" — a W+4 against 14 cards gives 2."""
    g, events = position("pcsig", hands=["W+4 Y8 Y9", FIFTEEN[:-3]], top="R5",
                         pile="R1 R2 R3 R4")
    act(g, "W+4 BLUE")
    assert len(g.hands[1]) == 16
    assert evs(events, "draw")[0]["cards"] == ["R1", "R2"]


def test_no_hand_limit_in_classic():
    """RULES.md: "Option `hand_limit`: `0` (Classic: none)"."""
    g, _ = position("classic", hands=["R+2 Y8 Y9", SIXTEEN], top="R5", pile="R1 R2 R3")
    act(g, "R+2")
    assert len(g.hands[1]) == 18


# ----- passing ----------------------------------------------------------------------------------


def test_no_pass_without_a_draw():
    """RULES.md: "A pass without a draw is allowed only to a player at the hand limit who cannot
    play, or when no card is left to draw at all." """
    g, _ = position(hands=["B1 G9", "G3 G4"], top="R5", pile="Y1")
    assert legal(g) == {"draw"}
    assert "draw" in refused(g, PASS)


@pytest.mark.parametrize("hand0", ["B1 G9", "R1 G9"])
def test_pass_when_no_card_is_left_to_draw(hand0):
    """RULES.md: "A pass without a draw is allowed ... when no card is left to draw at all."
    (with or without a playable card)"""
    g, events = position(hands=[hand0, "G3 G4"], top="R5", pile="")
    assert "pass" in legal(g) and "draw" not in legal(g)
    assert "no card" in refused(g, DRAW)
    act(g, "pass")
    assert events == [{"ev": "pass", "p": 0}] and g.actor == 1


# ----- reshuffle --------------------------------------------------------------------------------


def test_reshuffle_when_the_draw_pile_is_empty():
    """RULES.md: "When a card must be drawn and the draw pile is empty, the discard pile except
    its top card is shuffled into a new draw pile." FORMATS.md: "when the pile is already empty
    as a draw begins, `reshuffle` comes first, then the `draw`." Played wilds go back as
    plain `W`/`W+4` ("A wild on the discard pile is written as the card alone")."""
    g, events = position(hands=["B1 G9", "G3 G4"], top="R5", under="B7 W Y3 W+4 G2", pile="")
    act(g, "draw")
    assert kinds(events)[:2] == ["reshuffle", "draw"]
    new = evs(events, "reshuffle")[0]["pile"]
    assert sorted(new) == sorted(["B7", "W", "Y3", "W+4", "G2"])
    assert evs(events, "draw")[0]["cards"] == new[:1]
    assert list(g.discard) == hand("R5")
    assert names(reversed(g.pile)).split() == new[1:]


def test_reshuffle_in_the_middle_of_a_draw():
    """FORMATS.md: "A draw that empties the draw pile before it is complete is written as
    `draw` (the cards taken so far), `reshuffle`, `draw` (the rest), both draws with the same
    `why`." """
    g, events = position(hands=["R+2 B9 B8", "G3 G4"], top="R5", under="B1 G2 Y7", pile="Y9")
    act(g, "R+2")
    assert kinds(events) == ["play", "draw", "reshuffle", "draw"]
    d1, d2 = evs(events, "draw")
    new = evs(events, "reshuffle")[0]["pile"]
    assert d1 == {"ev": "draw", "p": 1, "cards": ["Y9"], "why": "+2"}
    assert sorted(new) == ["B1", "G2", "R5", "Y7"]
    assert d2 == {"ev": "draw", "p": 1, "cards": new[:1], "why": "+2"}
    assert list(g.discard) == hand("R+2") and len(g.hands[1]) == 4


def test_draw_with_no_card_left_gives_what_there_is():
    """RULES.md: "If no card is left to draw at all, the draw gives nothing and the player
    passes." — a `+2` with one card left to reshuffle gives that one card."""
    g, events = position(hands=["R+2 B9 B8", "G3 G4"], top="R5", pile="")
    act(g, "R+2")
    assert kinds(events) == ["play", "reshuffle", "draw"]
    assert evs(events, "draw")[0]["cards"] == ["R5"]
    assert g.hands[1] == hand("G3 G4 R5") and not g.pile and list(g.discard) == hand("R+2")
    assert g.actor == 0


# ----- a hand nobody can finish -----------------------------------------------------------------


def test_everyone_passes_with_no_card_to_draw_ends_the_hand_without_winner():
    """RULES.md: "If every seat in turn passes without a card being played or drawn (possible
    only at the hand limit or with no card left to draw), the hand ends with no winner: no one
    scores". FORMATS.md `hand_end`: "`winner` (seat, or null for a hand nobody could
    finish)"."""
    g, events = position(hands=["B1 G9", "G3 YS", "Y4 W"], top="R5", pile="",
                         scores=[10, 20, 30])
    act(g, "pass", "pass")
    assert g.phase == PH_PLAY and g.actor == 2  # not every seat yet
    act(g, "pass")
    assert g.phase == PH_HAND_OVER
    assert kinds(events) == ["pass", "pass", "pass", "hand_end"]
    assert evs(events, "hand_end")[0] == {"ev": "hand_end", "winner": None,
                                          "points": [10, 23, 54], "scores": [10, 20, 30]}
    assert g.scores == [10, 20, 30]


def test_everyone_passes_at_the_hand_limit():
    """RULES.md: "If every seat in turn passes without a card being played or drawn (possible
    only at the hand limit ...)" — a draw in between starts the count again."""
    g, events = position("pcsig", hands=[SIXTEEN, "G3 Y4"], top="R5", pile="Y7")
    act(g, "pass")             # at the limit, cannot play
    act(g, "draw", "pass")     # seat 1 draws: not a round of passes
    act(g, "pass")
    assert g.phase == PH_PLAY and g.actor == 1
    act(g, "pass")             # nothing left to draw for seat 1
    assert g.phase == PH_HAND_OVER and g.winner == -1
    assert evs(events, "hand_end")[0]["winner"] is None
