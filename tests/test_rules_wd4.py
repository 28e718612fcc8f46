"""RULES.md `W+4` legality (option `wd4`: challenge, strict, free), the three W+4 examples of
the Windows help, and option `stacking`."""

import pytest
from test_rules import act, evs, hand, kinds, legal, position, refused

from uno.core import cards
from uno.core.codes import CHALLENGE, PH_CHALLENGE, PH_HAND_OVER, PH_PLAY, PH_STACK

PILE = "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 G1 G2 G3"


def w4_position(rules, mine, top, colour=None, **options):
    """Seat 0 holds ``mine``; seat 1 holds three greens; the pile holds yellows and greens."""
    return position(rules, hands=[mine, "G7 G8 G9"], top=top, colour=colour, pile=PILE,
                    **options)


# ----- wd4=challenge ----------------------------------------------------------------------------


def test_challenge_mode_w4_may_always_be_played():
    """RULES.md `wd4=challenge`: "it may always be played, but it is *legal* only if the player
    holds no other card of the active colour"."""
    g, _ = w4_position("classic", "W+4 R2 B6", "R5")
    assert "W+4 BLUE" in legal(g)
    act(g, "W+4 BLUE")
    assert g.phase == PH_CHALLENGE and g.actor == 1
    assert legal(g) == {"challenge", "accept"}


def test_challenge_not_challenged_next_draws_four_and_loses_the_turn():
    """RULES.md `wd4=challenge`: "Not challenged: the next player draws 4 and loses the turn." """
    g, events = w4_position("classic", "W+4 R2 B6", "R5")
    act(g, "W+4 BLUE", "accept")
    assert g.hands[1] == hand("G7 G8 G9 Y1 Y2 Y3 Y4")
    assert evs(events, "draw") == [{"ev": "draw", "p": 1, "cards": ["Y1", "Y2", "Y3", "Y4"],
                                    "why": "+4"}]
    assert g.actor == 0 and g.colour == cards.BLUE and g.phase == PH_PLAY
    assert evs(events, "challenge") == []


def test_challenge_guilty():
    """RULES.md `wd4=challenge`: "Guilty: the player of `W+4` draws 4, the challenger draws
    nothing and takes a normal turn on the called colour. ... Challenge draws are written with
    why `challenge`." """
    g, events = w4_position("classic", "W+4 R2 B6", "R5")
    act(g, "W+4 BLUE", "challenge")
    assert evs(events, "challenge") == [{"ev": "challenge", "p": 1, "target": 0, "guilty": True}]
    assert evs(events, "draw") == [{"ev": "draw", "p": 0, "cards": ["Y1", "Y2", "Y3", "Y4"],
                                    "why": "challenge"}]
    assert kinds(events) == ["play", "challenge", "draw"]
    assert g.hands[0] == hand("R2 B6 Y1 Y2 Y3 Y4") and g.hands[1] == hand("G7 G8 G9")
    assert g.actor == 1 and g.phase == PH_PLAY and g.colour == cards.BLUE
    assert g.pending == 0


def test_challenge_innocent():
    """RULES.md `wd4=challenge`: "Innocent: the challenger draws 6 and loses the turn." """
    g, events = w4_position("classic", "W+4 G2 B6", "R5")
    act(g, "W+4 BLUE", "challenge")
    assert evs(events, "challenge") == [{"ev": "challenge", "p": 1, "target": 0,
                                         "guilty": False}]
    assert evs(events, "draw") == [{"ev": "draw", "p": 1,
                                    "cards": ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"],
                                    "why": "challenge"}]
    assert len(g.hands[1]) == 9 and g.hands[0] == hand("G2 B6")
    assert g.actor == 0 and g.phase == PH_PLAY


def test_challenge_with_three_seats():
    """RULES.md: "The next player may challenge it." — the seat after the W+4 player, in the
    direction of play; after an innocent challenge the turn goes on past the challenger."""
    g, events = position("classic", hands=["W+4 G2 B6", "Y7 Y8", "G7 G8", "B7 B8"], top="R5",
                         pile=PILE, direction=-1)
    act(g, "W+4 BLUE")
    assert g.phase == PH_CHALLENGE and g.actor == 3
    act(g, "challenge")
    assert len(g.hands[3]) == 8 and g.actor == 2


def test_w4_legality_ignores_number_kind_and_wild_matches():
    """RULES.md `wd4=challenge`: "legal only if the player holds no other card of the active
    colour (cards that match by number or kind, and wild cards, do not count)"."""
    for mine, guilty in [("W+4 B5 GS W", False), ("W+4 R9", True), ("W+4 W+4 B1", False)]:
        g, events = w4_position("classic", mine, "RS")
        act(g, "W+4 GREEN", "challenge")
        assert evs(events, "challenge")[0]["guilty"] is guilty, mine


def test_w4_legality_after_a_wild_uses_the_called_colour():
    """RULES.md: "The active colour is the top card's colour, or the colour called on a wild."
    — what counts for `W+4` is the colour called."""
    g, events = w4_position("classic", "W+4 R2 B6", "W", colour="Y")
    act(g, "W+4 BLUE", "challenge")
    assert evs(events, "challenge")[0]["guilty"] is False
    g, events = w4_position("classic", "W+4 Y2 B6", "W", colour="Y")
    act(g, "W+4 BLUE", "challenge")
    assert evs(events, "challenge")[0]["guilty"] is True


# ----- the Windows help examples ----------------------------------------------------------------


@pytest.mark.parametrize("wd4", ["strict", "challenge"])
def test_windows_example_1(wd4):
    """Windows help, Wild Draw Four, Example 1: "A Red Four is played. The other player has no
    Red cards in his hand, but holds a Blue Four. He may play his Wild Draw Four card." """
    g, events = w4_position("classic", "B4 W+4 G1", "R4", wd4=wd4)
    assert "W+4 GREEN" in legal(g)
    act(g, "W+4 GREEN")
    if wd4 == "challenge":
        act(g, "challenge")
        assert evs(events, "challenge")[0]["guilty"] is False
        assert len(g.hands[1]) == 9
    else:
        assert len(g.hands[1]) == 7 and g.actor == 0


@pytest.mark.parametrize("wd4", ["strict", "challenge"])
def test_windows_example_2(wd4):
    """Windows help, Wild Draw Four, Example 2: "A Blue Six is played. The other player has a
    Blue Skip, Red Six and a Wild Draw Four card in his hand. He may not play the Wild Draw Four
    card because he has a Blue card to play. Of course, he may play the Red Six on the Blue Six
    if he so chooses." """
    g, events = w4_position("classic", "BS R6 W+4", "B6", wd4=wd4)
    assert {"BS", "R6"} <= legal(g)
    if wd4 == "strict":
        assert not any(n.startswith("W+4") for n in legal(g))
        assert "BLUE" in refused(g, "W+4 RED")
    else:  # it may be played, but a challenge finds it guilty
        act(g, "W+4 RED", "challenge")
        assert evs(events, "challenge")[0]["guilty"] is True
        assert len(g.hands[0]) == 6 and len(g.hands[1]) == 3
    g, _ = w4_position("classic", "BS R6 W+4", "B6", wd4=wd4)
    act(g, "R6")
    assert g.colour == cards.RED and g.actor == 1


@pytest.mark.parametrize("wd4", ["strict", "challenge"])
def test_windows_example_3(wd4):
    """Windows help, Wild Draw Four, Example 3: "A Red Five is played. A player has no Red card
    in his hand, but he has a regular Wild card. He may play his Wild Draw Four card because the
    Wild card is neutral and represents no colour until it is played." """
    g, events = w4_position("classic", "W G2 W+4", "R5", wd4=wd4)
    assert "W+4 BLUE" in legal(g)
    act(g, "W+4 BLUE")
    if wd4 == "challenge":
        act(g, "challenge")
        assert evs(events, "challenge")[0]["guilty"] is False


# ----- wd4=strict and wd4=free ------------------------------------------------------------------


def test_strict_illegal_w4_is_refused_with_a_reason():
    """RULES.md `wd4=strict`: "an illegal `W+4` is refused like any unplayable card (Windows,
    official rules)." """
    g, _ = w4_position("windows", "W+4 R2 B6", "R5")
    assert legal(g) == {"R2", "draw"}
    reason = refused(g, "W+4 BLUE")
    assert "W+4" in reason and "RED" in reason


def test_strict_legal_w4_next_draws_four_without_challenge():
    """RULES.md: "`W+4`: as `W`" (the called colour) with `wd4=strict`: no challenge; the next
    player draws 4 and loses the turn."""
    g, events = w4_position("pcsig", "W+4 G2 B6", "R5")
    act(g, "W+4 YELLOW")
    assert kinds(events) == ["play", "draw"]
    assert evs(events, "draw")[0]["why"] == "+4" and len(g.hands[1]) == 7
    assert g.actor == 0 and g.phase == PH_PLAY and g.colour == cards.YELLOW
    refused(g, CHALLENGE)


def test_strict_drawn_w4_follows_the_same_rule():
    """RULES.md `wd4=strict`: "an illegal `W+4` is refused like any unplayable card" — a W+4 just
    drawn too."""
    g, _ = position("windows", hands=["R2 B6", "G7 G8"], top="R5", pile="W+4 Y1")
    act(g, "draw")
    assert g.hands[0] == hand("R2 B6 W+4") and g.actor == 1  # not playable: passed
    g, _ = position("pcsig", hands=["R2 B6", "G7 G8"], top="R5", pile="W+4 Y1")
    act(g, "draw")  # draw=repeat: the turn goes on
    reason = refused(g, "W+4 BLUE")
    assert "W+4" in reason and "RED" in reason


def test_free_w4_always_legal():
    """RULES.md `wd4=free`: "`W+4` is always legal (Pocket PC house rule)." """
    g, events = w4_position("classic", "W+4 R2 B6", "R5", wd4="free")
    assert "W+4 GREEN" in legal(g)
    act(g, "W+4 GREEN")
    assert kinds(events) == ["play", "draw"] and len(g.hands[1]) == 7
    assert g.actor == 0 and g.phase == PH_PLAY


# ----- stacking ---------------------------------------------------------------------------------


def three(rules="house", **kw):
    """Three seats with enough cards that nobody gets down to one card."""
    return dict(rules=rules, pile=PILE, **kw)


def test_stacking_off_no_stack_phase():
    """RULES.md: "Option `stacking` ...: `off` (Classic)" — the next player draws at once."""
    g, events = position("official", hands=["R+2 B1 B2", "G+2 G3 G4", "Y1 Y2 Y3"], top="R5",
                         pile=PILE)
    act(g, "R+2")
    assert g.phase == PH_PLAY and g.actor == 2 and len(g.hands[1]) == 5


def test_stacking_draw_two_on_draw_two():
    """RULES.md `stacking=on`: "a player who must draw for `+2` may instead play a `+2` ...; the
    penalties add up and fall on the first player who does not (or cannot) pass them on." """
    g, events = position(hands=["R+2 B1 B2", "G+2 W+4 G4 G5", "Y1 Y2 Y3"], top="R5",
                         **three())
    act(g, "R+2")
    assert g.phase == PH_STACK and g.actor == 1 and g.pending == 2
    assert legal(g) == {"G+2", "accept"}  # not W+4, not G4
    refused(g, "W+4 RED")
    act(g, "G+2")
    # Seat 2 holds no +2: it cannot pass them on and draws 4.
    assert evs(events, "draw") == [{"ev": "draw", "p": 2, "cards": ["Y1", "Y2", "Y3", "Y4"],
                                    "why": "+2"}]
    assert g.actor == 0 and g.phase == PH_PLAY and g.colour == cards.GREEN and g.pending == 0


def test_stacking_accept_draws_the_total():
    """RULES.md `stacking=on`: the penalties "fall on the first player who does not ... pass
    them on"."""
    g, events = position(hands=["R+2 B1 B2", "G+2 G4 G5", "Y+2 Y3 Y4"], top="R5", **three())
    act(g, "R+2", "G+2")
    assert g.phase == PH_STACK and g.actor == 2 and g.pending == 4
    act(g, "accept")
    assert evs(events, "draw")[0]["cards"] == ["Y1", "Y2", "Y3", "Y4"]
    assert len(g.hands[2]) == 7 and g.actor == 0


def test_stacking_w4_on_w4():
    """RULES.md `stacking=on`: "for `W+4` a `W+4`; the penalties add up"."""
    g, events = position(hands=["W+4 B1 B2", "W+4 G+2 G5", "Y7 Y8 Y9"], top="R5", **three())
    act(g, "W+4 BLUE")
    assert g.phase == PH_STACK and legal(g) >= {"W+4 RED", "accept"} and "G+2" not in legal(g)
    act(g, "W+4 GREEN")
    d = evs(events, "draw")
    assert len(d) == 1 and d[0]["p"] == 2 and len(d[0]["cards"]) == 8 and d[0]["why"] == "+4"
    assert g.actor == 0 and g.colour == cards.GREEN


def test_stacking_w4_not_on_draw_two():
    """RULES.md `stacking=on`: "a `+2` ... for `+2`, and for `W+4` a `W+4`" — not one on the
    other."""
    g, _ = position(hands=["R+2 B1 B2", "W+4 G5 G6", "Y7 Y8 Y9"], top="R5", **three())
    act(g, "R+2")
    assert len(g.hands[1]) == 5 and g.actor == 2  # drew 2 at once: nothing to stack
    g, _ = position(hands=["W+4 B1 B2", "R+2 G5 G6", "Y7 Y8 Y9"], top="R5", **three())
    act(g, "W+4 RED")
    assert len(g.hands[1]) == 7 and g.actor == 2


def test_stacking_strict_w4_that_may_not_be_played_is_not_a_stack():
    """RULES.md `stacking=on`: the penalty falls on "the first player who does not (or cannot)
    pass them on" — under `wd4=strict` a W+4 held with a card of the called colour cannot."""
    g, _ = position(hands=["W+4 B1 B2", "W+4 G5 G6", "Y7 Y8 Y9"], top="R5",
                    **three("house", wd4="strict"))
    act(g, "W+4 GREEN")
    assert len(g.hands[1]) == 7 and g.actor == 2


def test_stacking_with_challenge_offers_challenge_accept_or_stack():
    """RULES.md `stacking=on`: "A player facing a `W+4` may challenge it or stack on it, not
    both." """
    g, _ = position(hands=["W+4 B1 B2", "W+4 G5 G6", "Y7 Y8 Y9"], top="R5",
                    **three("house", wd4="challenge"))
    act(g, "W+4 BLUE")
    assert g.phase == PH_CHALLENGE
    assert legal(g) == {"challenge", "accept", "W+4 RED", "W+4 YELLOW", "W+4 GREEN",
                        "W+4 BLUE"}
    act(g, "challenge")  # innocent: no stack possible after it
    assert g.phase == PH_PLAY and g.actor == 2 and len(g.hands[1]) == 9


@pytest.mark.parametrize("guilty", [True, False])
def test_stacking_challenge_concerns_the_last_w4_only(guilty):
    """RULES.md `stacking=on`: "A challenge concerns the last `W+4` only: guilty, its player
    draws the whole accumulated total; innocent, the challenger draws the total plus 2." """
    # Seat 0's W+4 is illegal (it holds red); seat 1's is judged on BLUE, the colour seat 0
    # called.
    mine1 = "W+4 B5 G6" if guilty else "W+4 R5 G6"
    g, events = position(hands=["W+4 R1 R2", mine1, "Y7 Y8 Y9"], top="R5",
                         **three("house", wd4="challenge"))
    act(g, "W+4 BLUE", "W+4 GREEN")
    assert g.phase == PH_CHALLENGE and g.actor == 2 and g.pending == 8
    act(g, "challenge")
    ch = evs(events, "challenge")
    assert ch == [{"ev": "challenge", "p": 2, "target": 1, "guilty": guilty}]
    d = evs(events, "draw")
    assert len(d) == 1 and d[0]["why"] == "challenge"
    assert len(g.hands[0]) == 2  # the first W+4 is not judged
    if guilty:
        assert d[0]["p"] == 1 and len(d[0]["cards"]) == 8
        assert g.actor == 2 and g.colour == cards.GREEN
    else:
        assert d[0]["p"] == 2 and len(d[0]["cards"]) == 10
        assert g.actor == 0
    assert g.pending == 0 and g.phase == PH_PLAY


def test_stacked_last_card_total_drawn_before_scoring():
    """RULES.md: "If that card is `+2` or `W+4`, the next player draws those cards first (with
    any stacked total; no challenge, no stacking) and they count." """
    g, events = position(hands=["R+2 B1 B2", "G+2", "Y+2 Y8 Y9"], top="R5", **three())
    act(g, "R+2", "G+2")
    assert g.phase == PH_HAND_OVER and g.winner == 1
    d = evs(events, "draw")
    assert d == [{"ev": "draw", "p": 2, "cards": ["Y1", "Y2", "Y3", "Y4"], "why": "+2"}]
    assert kinds(events)[-2:] == ["draw", "hand_end"]
    assert evs(events, "hand_end")[0]["points"][2] == 20 + 17 + 10
