"""RULES.md "One card left" (option `one_call`) and "End of a hand, scoring, end of a match"
(options `scoring`, `target`)."""

import pytest
from test_rules import act, evs, hand, kinds, legal, position, refused

from uno.core.codes import (
    CALL_ONE,
    PH_CATCH,
    PH_CHALLENGE,
    PH_HAND_OVER,
    PH_MATCH_OVER,
    PH_ONE,
    PH_PLAY,
)
from uno.core.game import IllegalAction

PILE = "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 G1 G2 G3"

# ----- one_call=auto ----------------------------------------------------------------------------


def test_one_call_auto_everyone_is_told_at_once():
    """RULES.md `one_call=auto` (Classic): "when a player is down to one card, everyone is told
    at once ... No penalty exists." FORMATS.md `one`: "right after the play that leaves a player
    with one card, before anything else"; "`called` ... always true under `one_call=auto`"."""
    g, events = position(hands=["R+2 B9", "G3 G4"], top="R5", pile=PILE)
    act(g, "R+2")
    assert kinds(events) == ["play", "one", "draw"]
    assert evs(events, "one") == [{"ev": "one", "p": 0, "called": True}]
    assert g.phase == PH_PLAY and g.actor == 0 and g.hands[0] == hand("B9")
    assert len(g.hands[1]) == 4  # the +2 still works; no ONE penalty for anybody


def test_one_call_auto_only_once_and_not_for_more_cards():
    """RULES.md `one_call=auto`: "when a player is down to one card" — not before."""
    g, events = position(hands=["R1 R2 B9", "G3 G4 G5"], top="R5", pile=PILE)
    act(g, "R1")
    assert evs(events, "one") == []
    refused(g, CALL_ONE)


# ----- one_call=required ------------------------------------------------------------------------


def test_one_call_required_called_in_time():
    """RULES.md `one_call=required`: "a player who plays the second-to-last card must call ONE
    before the next player acts"."""
    g, events = position("official", hands=["R1 B9", "G3 G4"], top="R5", pile=PILE)
    act(g, "R1")
    assert g.phase == PH_ONE and g.actor == 0
    assert legal(g) == {"call ONE", "no ONE"}
    refused(g, "G3")
    act(g, "call ONE")
    assert evs(events, "one") == [{"ev": "one", "p": 0, "called": True}]
    assert g.phase == PH_PLAY and g.actor == 1 and g.hands[0] == hand("B9")


def test_one_call_required_missed_and_caught_draws_two():
    """RULES.md `one_call=required`: "if an opponent catches the missed call first, the player
    draws 2." FORMATS.md `one`: "`caught` (... an opponent caught it, a `draw` with why `one`
    follows)"."""
    g, events = position("official", hands=["R1 B9", "G3 G4"], top="R5", pile=PILE)
    act(g, "R1", "no ONE")
    assert g.phase == PH_CATCH and g.actor == 1
    assert legal(g) == {"catch", "no catch"}
    act(g, "catch")
    assert kinds(events) == ["play", "one", "draw"]
    assert evs(events, "one") == [{"ev": "one", "p": 0, "called": False, "caught": True}]
    assert evs(events, "draw") == [{"ev": "draw", "p": 0, "cards": ["Y1", "Y2"], "why": "one"}]
    assert g.hands[0] == hand("B9 Y1 Y2") and g.hands[1] == hand("G3 G4")
    assert g.phase == PH_PLAY and g.actor == 1


def test_one_call_required_missed_nobody_catches_costs_nothing():
    """RULES.md `one_call=required`: "A missed call nobody catches costs nothing." """
    g, events = position("official", hands=["R1 B9", "G3 G4", "Y3 Y4"], top="R5", pile=PILE)
    act(g, "R1", "no ONE")
    assert g.actor == 1
    act(g, "no catch")
    assert g.phase == PH_CATCH and g.actor == 2  # every opponent may catch
    act(g, "no catch")
    assert evs(events, "one") == [{"ev": "one", "p": 0, "called": False, "caught": False}]
    assert evs(events, "draw") == []
    assert g.hands[0] == hand("B9") and g.phase == PH_PLAY and g.actor == 1


def test_one_call_required_second_opponent_catches():
    """RULES.md `one_call=required`: "if an opponent catches the missed call first, the player
    draws 2." — any opponent, not only the next one."""
    g, events = position("official", hands=["R1 B9", "G3 G4", "Y3 Y4"], top="R5", pile=PILE)
    act(g, "R1", "no ONE", "no catch", "catch")
    assert evs(events, "draw")[0]["p"] == 0 and len(g.hands[0]) == 3
    assert g.actor == 1


def test_one_call_required_then_the_card_takes_effect():
    """RULES.md `one_call=required` with an action card: the call comes "before the next player
    acts"; then the card works as usual (a `+2`: the next player draws two)."""
    g, events = position("official", hands=["R+2 B9", "G3 G4"], top="R5", pile=PILE)
    act(g, "R+2")
    assert g.phase == PH_ONE and len(g.hands[1]) == 2
    act(g, "no ONE", "catch")
    assert [(e["p"], e["why"]) for e in evs(events, "draw")] == [(0, "one"), (1, "+2")]
    assert g.actor == 0


def test_one_window_default_three_seconds():
    """RULES.md `one_call=required`: "(human: within `one_window` seconds, default 3)"."""
    from uno.core.ruleset import Rules

    assert Rules().one_window == 3 and Rules(one_window=5).one_window == 5


# ----- last card --------------------------------------------------------------------------------


def test_hand_ends_on_the_last_card():
    """RULES.md: "A hand ends when a player plays the last card." — even a Skip (no second
    turn)."""
    g, events = position(hands=["RS", "G3 G4"], top="R5", pile=PILE)
    act(g, "RS")
    assert g.phase == PH_HAND_OVER and g.winner == 0 and g.actor == -1
    assert kinds(events) == ["play", "hand_end"]


@pytest.mark.parametrize("rules", ["classic", "windows"])
def test_last_card_draw_two_is_drawn_and_counted(rules):
    """RULES.md: "If that card is `+2` or `W+4`, the next player draws those cards first ...
    and they count." Windows help: "If the last card played is a Draw Two or Wild Draw Four
    card, the other player must draw the two or four cards. These cards are counted when
    points are totalled." """
    g, events = position(rules, hands=["R+2", "G3 G4"], top="R5", pile="YS Y9 Y1")
    act(g, "R+2")
    assert kinds(events) == ["play", "draw", "hand_end"]
    assert evs(events, "draw")[0] == {"ev": "draw", "p": 1, "cards": ["YS", "Y9"], "why": "+2"}
    end = evs(events, "hand_end")[0]
    assert end["points"] == [0, 3 + 4 + 20 + 9] and end["scores"] == [36, 0]
    assert g.scores == [36, 0]


def test_last_card_w4_no_challenge():
    """RULES.md: "If that card is `+2` or `W+4`, the next player draws those cards first (with
    any stacked total; no challenge, no stacking) and they count." """
    g, events = position("classic", hands=["W+4", "G3 G4", "Y8 Y9"], top="R5", pile=PILE)
    act(g, "W+4 RED")
    assert g.phase == PH_HAND_OVER and g.phase != PH_CHALLENGE
    assert evs(events, "draw") == [{"ev": "draw", "p": 1, "cards": ["Y1", "Y2", "Y3", "Y4"],
                                    "why": "+4"}]
    assert evs(events, "hand_end")[0]["points"] == [0, 7 + 10, 17]
    assert g.scores == [34, 0, 0]


def test_last_card_draw_two_no_stacking():
    """RULES.md: "the next player draws those cards first (... no challenge, no stacking)"."""
    g, events = position("house", hands=["R+2", "G+2 G4"], top="R5", pile=PILE)
    act(g, "R+2")
    assert g.phase == PH_HAND_OVER and g.hands[1] == hand("G+2 G4 Y1 Y2")


# ----- scoring ----------------------------------------------------------------------------------


def test_standard_scoring_winner_scores_all_other_hands():
    """RULES.md `scoring=standard` (Classic): "the winner of the hand scores the points left in
    all other hands." FORMATS.md `hand_end`: "`points` (per seat: points in hand), `scores`
    (match totals after this hand)"."""
    g, events = position(hands=["B9 G2", "R1", "W+4 YS", "B0 R7 G+2"], top="R5", actor=1,
                         pile=PILE, scores=[5, 6, 7, 8])
    act(g, "R1")
    end = evs(events, "hand_end")[0]
    assert end == {"ev": "hand_end", "winner": 1, "points": [11, 0, 70, 27],
                   "scores": [5, 6 + 108, 7, 8]}
    assert g.scores == [5, 114, 7, 8] and g.last_points == [11, 0, 70, 27]
    assert g.phase == PH_HAND_OVER


def test_penalty_scoring_each_adds_own_points():
    """RULES.md `scoring=penalty` (Windows "variation"): "each player adds the points left in
    their own hand to their own total." """
    g, events = position("windows", hands=["B9 G2", "R1", "W+4 YS"], top="R5", actor=1,
                         pile=PILE, scores=[5, 6, 7], scoring="penalty")
    act(g, "R1")
    assert g.scores == [16, 6, 77]
    assert evs(events, "hand_end")[0]["scores"] == [16, 6, 77]
    assert g.phase == PH_HAND_OVER


def test_standard_target_ends_the_match():
    """RULES.md `scoring=standard`: "The first to reach `target` wins the match." and "Option
    `target`: 500 (Classic)". FORMATS.md `match_end`: "`winner`, `scores`"."""
    g, events = position(hands=["R1", "B9 G2"], top="R5", pile=PILE, scores=[489, 499])
    act(g, "R1")
    assert g.scores == [500, 499]
    assert g.phase == PH_MATCH_OVER and g.match_winner == 0
    assert kinds(events)[-2:] == ["hand_end", "match_end"]
    assert evs(events, "match_end") == [{"ev": "match_end", "winner": 0, "scores": [500, 499]}]
    with pytest.raises(IllegalAction):
        g.next_hand()


def test_standard_below_target_match_goes_on():
    """RULES.md: "The first to reach `target` wins the match." — one point short, another hand."""
    g, events = position(hands=["R1", "B9 G2"], top="R5", pile=PILE, scores=[488, 499])
    act(g, "R1")
    assert g.phase == PH_HAND_OVER and evs(events, "match_end") == []
    g.next_hand()
    assert g.hand_no == 2 and g.scores == [499, 499]
    assert [len(h) for h in evs(events, "hand")[0]["hands"]] == [7, 7]


def test_target_option():
    """RULES.md: "Option `target`: 500 (Classic); 100 to 10000." """
    g, _ = position("classic", hands=["R1", "B9 G2"], top="R5", pile=PILE, scores=[89, 0],
                    target=100)
    act(g, "R1")
    assert g.phase == PH_MATCH_OVER and g.match_winner == 0


def test_penalty_target_lowest_total_wins():
    """RULES.md `scoring=penalty`: "When a total reaches `target`, the match ends and the lowest
    total wins"."""
    g, events = position("windows", hands=["B9 G2 W", "R1", "Y3"], top="R5", actor=1,
                         pile=PILE, scores=[450, 300, 200], scoring="penalty")
    act(g, "R1")
    assert g.scores == [511, 300, 203]
    assert g.phase == PH_MATCH_OVER and g.match_winner == 2
    assert evs(events, "match_end")[0]["winner"] == 2


def test_penalty_tie_goes_to_the_seat_that_went_out():
    """RULES.md `scoring=penalty`: "a tie for lowest goes to the tied seat that went out in the
    last hand"."""
    g, _ = position("windows", hands=["W W+4", "Y3 Y4", "R1"], top="R5", actor=2, pile=PILE,
                    scores=[400, 53, 60], scoring="penalty", target=500)
    act(g, "R1")
    assert g.scores == [500, 60, 60]
    assert g.match_winner == 2


def test_penalty_tie_else_lowest_seat_number():
    """RULES.md `scoring=penalty`: "a tie for lowest goes to the tied seat that went out in the
    last hand, else to the lowest seat number." """
    g, _ = position("windows", hands=["Y5", "Y2 Y3", "R1", "W W+4"], top="R5", actor=2,
                    pile=PILE, scores=[40, 40, 70, 400], scoring="penalty", target=500)
    act(g, "R1")
    assert g.scores == [45, 45, 70, 500]
    assert g.match_winner == 0
    g, _ = position("windows", hands=["Y5", "Y2 Y3", "R1", "W W+4"], top="R5", actor=2,
                    pile=PILE, scores=[41, 40, 70, 400], scoring="penalty", target=500)
    act(g, "R1")
    assert g.scores == [46, 45, 70, 500] and g.match_winner == 1


def test_hand_without_winner_scores_nothing_even_under_penalty():
    """RULES.md: "the hand ends with no winner: no one scores"."""
    g, events = position("windows", hands=["B1 G9", "G3 YS"], top="R5", pile="",
                         scores=[10, 20], scoring="penalty")
    act(g, "pass", "pass")
    assert g.phase == PH_HAND_OVER and g.scores == [10, 20]
    assert evs(events, "hand_end")[0]["winner"] is None
