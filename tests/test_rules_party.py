"""RULES.md's newer house rules: `seven_zero`, `jump_in`, `draw=match`, `stacking=mixed` and the
`party` preset; each test quotes the rule text it checks."""

import pytest
from test_rules import act, evs, hand, kinds, legal, position, refused

from uno.core import cards
from uno.core.codes import PH_CHALLENGE, PH_HAND_OVER, PH_JUMP, PH_ONE, PH_PLAY, PH_STACK, PH_SWAP
from uno.core.rules import PRESETS, preset

SEVEN = {"seven_zero": "on"}
JUMP = {"jump_in": "on"}


# ----- the preset and the defaults -------------------------------------------------------------


def test_party_preset_sets_the_new_rules():
    """RULES.md Presets: "`party` | `seven_zero=on jump_in=on stacking=mixed draw=match
    one_call=required`"."""
    r = preset("party")
    assert (r.seven_zero, r.jump_in, r.stacking, r.draw, r.one_call) == (
        "on", "on", "mixed", "match", "required")
    assert (r.wd4, r.next_start, r.deck) == ("challenge", "alternate", "standard")


@pytest.mark.parametrize("name", [n for n in PRESETS if n != "party"])
def test_the_new_rules_are_off_in_every_other_preset(name):
    """RULES.md: `seven_zero` and `jump_in` "`off` (default)"; classic and the seed presets do
    not change, and their match record does not name the new options."""
    r = preset(name)
    assert r.seven_zero == "off" and r.jump_in == "off"
    assert r.draw in ("one", "repeat") and r.stacking in ("off", "on")
    assert "seven_zero" not in r.as_dict() and "jump_in" not in r.as_dict()
    assert preset("party").as_dict()["seven_zero"] == "on"


def test_a_seven_without_the_option_swaps_nothing():
    """RULES.md: `seven_zero` "`off` (default)": a 7 is a plain number card."""
    g, events = position("classic", hands=["R7 B1 B2", "G1 G2 G3"], top="R5")
    act(g, "R7")
    assert g.phase == PH_PLAY and g.actor == 1 and g.hands[0] == hand("B1 B2")
    assert kinds(events) == ["play"]


# ----- seven_zero ------------------------------------------------------------------------------


def test_seven_swaps_hands_with_the_player_chosen():
    """RULES.md `seven_zero=on`: "after playing a `7`, you choose another player and the two of
    you swap hands (every card, whatever the counts). Then play goes on as after any number
    card." """
    g, events = position("classic", hands=["R7 B1 B2", "G1", "Y1 Y2 Y3 Y4"], top="R5",
                         **SEVEN)
    act(g, "R7")
    assert g.phase == PH_SWAP and g.actor == 0
    assert legal(g) == {"swap 1", "swap 2"}
    assert "you cannot swap with you" == refused(g, "swap 0")
    act(g, "swap 2")
    assert g.hands[0] == hand("Y1 Y2 Y3 Y4") and g.hands[2] == hand("B1 B2")
    assert g.hands[1] == hand("G1")
    assert evs(events, "swap") == [{"ev": "swap", "p": 0, "with": 2}]
    assert g.phase == PH_PLAY and g.actor == 1


def test_zero_passes_every_hand_on_in_the_direction_of_play():
    """RULES.md `seven_zero=on`: "after playing a `0`, every player passes their whole hand to
    the next player in the current direction of play"."""
    g, events = position("classic", hands=["R0 B1", "G1 G2", "Y1 Y2 Y3"], top="R5", **SEVEN)
    act(g, "R0")
    assert g.hands == [hand("Y1 Y2 Y3"), hand("B1"), hand("G1 G2")]
    assert evs(events, "rotate") == [{"ev": "rotate", "p": 0, "dir": 1}]
    assert g.actor == 1 and g.phase == PH_PLAY
    g, events = position("classic", hands=["R0 B1", "G1 G2", "Y1 Y2 Y3"], top="R5",
                         direction=-1, **SEVEN)
    act(g, "R0")
    assert g.hands == [hand("G1 G2"), hand("Y1 Y2 Y3"), hand("B1")]
    assert evs(events, "rotate") == [{"ev": "rotate", "p": 0, "dir": -1}]
    assert g.actor == 2


@pytest.mark.parametrize("last", ["R7", "R0"])
def test_going_out_on_a_seven_or_zero_swaps_nothing(last):
    """RULES.md `seven_zero=on`: "a `7` or `0` that is your last card ends the hand: nothing is
    swapped or passed"."""
    g, events = position("classic", hands=[last, "G1 G2", "Y1 Y2 Y3"], top="R5", **SEVEN)
    act(g, last)
    assert g.phase == PH_HAND_OVER and g.winner == 0
    assert evs(events, "swap") == [] and evs(events, "rotate") == []


def test_a_seven_leaving_one_card_asks_for_one_first():
    """RULES.md `seven_zero=on`: "a `7` that leaves you one card asks for your ONE call first,
    then the swap"."""
    g, events = position("classic", hands=["R7 B1", "G1 G2"], top="R5", one_call="required",
                         **SEVEN)
    act(g, "R7")
    assert g.phase == PH_ONE
    act(g, "call ONE")
    assert g.phase == PH_SWAP
    act(g, "swap 1")
    assert kinds(events) == ["play", "one", "swap"]
    assert g.hands[0] == hand("G1 G2") and g.hands[1] == hand("B1")


def test_a_player_handed_one_card_owes_no_call():
    """RULES.md `seven_zero=on`: "with `one_call=required`, a player who is handed a single card
    by a swap or a pass does not have to call ONE"."""
    g, events = position("classic", hands=["R7 B1 B2", "G1 G2", "Y1"], top="R5",
                         one_call="required", **SEVEN)
    act(g, "R7", "swap 2")
    assert g.hands[0] == hand("Y1")
    assert g.phase == PH_PLAY and g.actor == 1
    assert evs(events, "one") == []


# ----- jump_in ---------------------------------------------------------------------------------


def test_an_identical_card_jumps_in_and_play_goes_on_from_the_jumper():
    """RULES.md `jump_in=on`: "any other player holding an identical card ... may play it at
    once, out of turn ... play goes on from them: the players in between lose their turn"."""
    g, events = position("classic", hands=["R5 B1", "G1 G2", "R5 Y2 Y3", "B7 B8"], top="R3",
                         **JUMP)
    act(g, "R5")
    assert g.phase == PH_JUMP and g.actor == 2 and g.turn == 0
    assert legal(g) == {"R5", "no jump"}
    assert "jump in with R5 or not" == refused(g, "Y2")
    act(g, "R5")
    assert evs(events, "play") == [{"ev": "play", "p": 0, "card": "R5"},
                                   {"ev": "play", "p": 2, "card": "R5", "jump": True}]
    assert g.phase == PH_PLAY and g.actor == 3 and g.hands[1] == hand("G1 G2")


def test_a_jump_in_may_be_let_go():
    """RULES.md `jump_in=on`: "may play it": letting it go writes nothing and play goes on as
    usual."""
    g, events = position("classic", hands=["R5 B1 B2", "G1 G2", "R5 Y2 Y3"], top="R3", **JUMP)
    act(g, "R5", "no jump")
    assert g.phase == PH_PLAY and g.actor == 1
    assert kinds(events) == ["play"]


def test_only_identical_cards_jump_and_never_wilds():
    """RULES.md `jump_in=on`: "an identical card (the same colour and the same kind ...)";
    "Wilds (`W`, `W+4`) are never jumped on"."""
    g, _ = position("classic", hands=["R5 B1", "B5 R6 G5", "W W+4"], top="R3", **JUMP)
    act(g, "R5")
    assert g.phase == PH_PLAY and g.actor == 1
    g, _ = position("classic", hands=["W B1", "W G5"], top="R3", **JUMP)
    act(g, "W RED")
    assert g.phase == PH_PLAY and g.actor == 1


def test_the_first_holder_in_the_direction_of_play_is_asked_first():
    """RULES.md `jump_in=on`: "The first player after the one who played, in the direction of
    play, who holds such a card is asked first, then the next." """
    g, _ = position("classic", hands=["RS B1", "G1", "RS Y1", "RS B7"], top="R3", direction=-1,
                    **JUMP)
    g.hands[0].append(cards.parse("G9"))
    act(g, "RS")
    assert g.actor == 3
    act(g, "no jump")
    assert g.actor == 2


def test_a_jumped_in_skip_skips_the_player_after_the_jumper():
    """RULES.md `jump_in=on`: "a jumped-in Skip skips the player after the jumper"."""
    g, _ = position("classic", hands=["RS B1", "G1 G2", "RS Y2 Y3", "B7 B8"], top="R3", **JUMP)
    act(g, "RS", "RS")
    assert g.phase == PH_PLAY and g.actor == 0


def test_a_jumped_in_reverse_turns_the_direction_once():
    """RULES.md `jump_in=on`: "a jumped-in Reverse turns the direction once"."""
    g, _ = position("classic", hands=["RR B1", "G1 G2", "RR Y2 Y3", "B7 B8"], top="R3", **JUMP)
    act(g, "RR", "RR")
    assert g.direction == -1 and g.actor == 1


def test_jumping_in_with_the_last_card_wins_the_hand():
    """RULES.md `jump_in=on`: "Jumping in with your last card wins the hand"."""
    g, _ = position("classic", hands=["R5 B1", "R5", "G1 G2"], top="R3", **JUMP)
    act(g, "R5", "R5")
    assert g.phase == PH_HAND_OVER and g.winner == 1


def test_a_jumped_on_plus_two_without_stacking_drops_its_penalty():
    """RULES.md `jump_in=on`: "A `+2` jumped on: without stacking, its penalty is dropped, and
    only the jumper's `+2` makes the player after the jumper take two cards"."""
    g, events = position("classic", hands=["R+2 B1", "R+2 G2 G3", "Y1 Y2"], top="R3",
                         pile="B5 B6 B7 B8", **JUMP)
    act(g, "R+2", "R+2")
    assert g.hands[2] == hand("Y1 Y2 B5 B6") and g.actor == 0
    assert g.hands[1] == hand("G2 G3")


def test_a_jumped_on_plus_two_under_stacking_adds_up():
    """RULES.md `jump_in=on`: "With `stacking=on` or `mixed` the penalties add up as in a stack:
    the player after the jumper faces both (four cards) and may stack on them in turn"."""
    g, events = position("classic", hands=["R+2 B1", "R+2 G2 G3", "Y1 Y2"], top="R3",
                         pile="B5 B6 B7 B8", stacking="on", **JUMP)
    act(g, "R+2", "R+2")
    assert g.hands[2] == hand("Y1 Y2 B5 B6 B7 B8") and g.actor == 0
    g, events = position("classic", hands=["R+2 B1", "R+2 G2 G3", "G+2 Y2"], top="R3",
                         pile="B5 B6 B7 B8 B9 B1", stacking="on", **JUMP)
    act(g, "R+2", "R+2")
    assert g.phase == PH_STACK and g.actor == 2 and g.pending == 4


def test_a_jumped_in_seven_asks_the_jumper_whom_to_swap_with():
    """RULES.md `jump_in=on`: "a jumped-in `7` (with `seven_zero=on`) makes the jumper choose
    whom to swap with"; the card jumped on has no effect of its own."""
    g, events = position("classic", hands=["R7 B1", "G1 G2", "R7 Y2 Y3"], top="R3",
                         seven_zero="on", **JUMP)
    act(g, "R7")
    assert g.phase == PH_JUMP and g.actor == 2
    act(g, "R7")
    assert g.phase == PH_SWAP and g.actor == 2
    act(g, "swap 1")
    assert g.hands[2] == hand("G1 G2") and g.hands[1] == hand("Y2 Y3")
    assert g.hands[0] == hand("B1") and g.actor == 0
    assert evs(events, "swap") == [{"ev": "swap", "p": 2, "with": 1}]


# ----- draw=match ------------------------------------------------------------------------------


def test_draw_match_draws_until_a_card_fits():
    """RULES.md `draw=match`: "you go on drawing, one card at a time, until a card that can be
    played comes up. Then you may play that card (it and no other) or keep it"."""
    g, events = position("classic", hands=["B1 B2", "G1 G2"], top="R5",
                         pile="Y1 G3 R9 Y4", draw="match")
    act(g, "draw")
    assert g.hands[0] == hand("B1 B2 Y1 G3 R9")
    assert [e["cards"] for e in evs(events, "draw")] == [["Y1"], ["G3"], ["R9"]]
    assert legal(g) == {"R9", "pass"}
    act(g, "pass")
    assert g.actor == 1 and g.hands[0] == hand("B1 B2 Y1 G3 R9")


def test_draw_match_stops_at_the_hand_limit():
    """RULES.md `draw=match`: "The drawing also stops when the hand reaches `hand_limit` or
    nothing is left to draw; your turn then ends." """
    g, _ = position("classic", hands=["B1 B2 B3 B4 B5 B6 B7 B8 B9 G1 G2 G3 G4 G5", "G1 G2"],
                    top="R5", pile="Y1 Y2 Y3 R4", draw="match", hand_limit=16)
    act(g, "draw")
    assert len(g.hands[0]) == 16 and g.phase == PH_PLAY and g.actor == 1
    g, _ = position("classic", hands=["B1", "G1 G2"], top="R5", pile="Y1 Y2", draw="match")
    act(g, "draw")
    assert g.hands[0] == hand("B1 Y1 Y2") and g.actor == 1


# ----- stacking=mixed --------------------------------------------------------------------------


def test_mixed_stacking_answers_a_plus_two_with_a_w4():
    """RULES.md `stacking=mixed`: "a `+2` may be passed on with a `+2` or with a `W+4`"."""
    g, _ = position("classic", hands=["R+2 B1", "W+4 G2", "Y1 Y2"], top="R3",
                    pile="B5 B6 B7 B8 B9 B1 B2", stacking="mixed", wd4="free")
    act(g, "R+2")
    assert g.phase == PH_STACK and g.actor == 1
    assert legal(g) == {"W+4 RED", "W+4 YELLOW", "W+4 GREEN", "W+4 BLUE", "accept"}
    act(g, "W+4 GREEN")
    assert len(g.hands[2]) == 8 and g.actor == 0 and g.colour == cards.GREEN


def test_mixed_stacking_answers_a_w4_only_with_a_w4():
    """RULES.md `stacking=mixed`: "Once a `W+4` is in the stack, only another `W+4` passes it
    on." """
    g, _ = position("classic", hands=["W+4 B1", "R+2 G+2 G2", "Y1 Y2"], top="R3",
                    pile="B5 B6 B7 B8", stacking="mixed", wd4="free")
    act(g, "W+4 GREEN")
    assert g.phase == PH_PLAY and g.actor == 2 and len(g.hands[1]) == 7
    g, _ = position("classic", hands=["R+2 B1", "W+4 G2", "W+4 Y2", "B9"], top="R3",
                    pile="B5 B6 B7 B8 B9 B1 B2 B3", stacking="mixed", wd4="free")
    act(g, "R+2", "W+4 GREEN")
    assert g.phase == PH_STACK and g.actor == 2
    assert "only a W+4 may be stacked" == refused(g, "Y2")


def test_mixed_stacking_w4_on_a_plus_two_may_be_challenged():
    """RULES.md `stacking=mixed`: "the player facing a `W+4` put on a `+2` may challenge it; the
    challenge judges that `W+4` alone ... the loser takes the whole total"."""
    g, events = position("classic", hands=["R+2 B1", "W+4 R2", "Y1 Y2"], top="R3",
                         pile="B5 B6 B7 B8 B9 B1 B2", stacking="mixed")
    act(g, "R+2", "W+4 GREEN")
    assert g.phase == PH_CHALLENGE and g.actor == 2
    act(g, "challenge")
    assert evs(events, "challenge")[0]["guilty"] is True
    assert len(g.hands[1]) == 1 + 6


def test_plain_stacking_does_not_take_a_w4_on_a_plus_two():
    """RULES.md `stacking=on`: "a player who is about to take cards for a `+2` may pass the
    penalty on by playing a `+2` of their own"."""
    g, _ = position("classic", hands=["R+2 B1", "W+4 G+2", "Y1 Y2"], top="R3",
                    pile="B5 B6 B7 B8", stacking="on", wd4="free")
    act(g, "R+2")
    assert "W+4 RED" not in legal(g) and "G+2" in legal(g)
    assert "only a +2 may be stacked" == refused(g, "W+4 RED")


def test_the_options_and_help_say_each_new_value_in_one_line():
    """Options and Help explain each value of the new options in one line of the screen."""
    from uno.app import ruletext as T
    from uno.core.rulecheck import CHOICES

    for name, values in (("seven_zero", ("off", "on")), ("jump_in", ("off", "on")),
                         ("draw", ("match",)), ("stacking", ("mixed",)), ("preset", ("party",))):
        for v in values:
            if name != "preset":
                assert v in CHOICES[name]
            line = T.explain(name, v)
            assert 0 < len(line) <= 26, (name, v, line)


def test_the_party_phases_come_after_every_other():
    """The table, the human's turn and the search tell the party rules' phases by
    ``phase >= PH_SWAP``."""
    from uno.core import codes

    assert codes.PH_NEW < codes.PH_SWAP < codes.PH_JUMP
    others = [v for k, v in vars(codes).items() if k.startswith("PH_") and k not in (
        "PH_SWAP", "PH_JUMP")]
    assert max(others) < codes.PH_SWAP


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_undo_restores_swaps_passes_and_jumps(seats, seed):
    """A search's push/pop (docs/CORE_API.md) undoes a whole hand of party play exactly:
    swaps, passes of every hand, jump-ins and draws to match included."""
    import random

    from test_core_properties import snapshot

    from uno.core.codes import PH_MATCH_OVER
    from uno.core.game import Game

    g = Game(preset("party", seats=["normal"] * seats), seed=seed)
    g.start()
    r = random.Random(seed)
    start = snapshot(g)
    depth = 0
    while g.phase not in (PH_HAND_OVER, PH_MATCH_OVER) and depth < 400:
        g.push(r.choice(g.legal_actions()))
        depth += 1
    for _ in range(depth):
        g.pop()
    assert snapshot(g) == start
