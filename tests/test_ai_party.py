"""The computer players under the party rules (docs/AI.md, "The party rules"): whom Normal
swaps with, when each level jumps in, the mixed stack."""

import pytest
from test_rules import act, position

from uno.core import codes
from uno.core import game as G
from uno.players.make import make_player


@pytest.mark.parametrize("level", ["normal", "advanced"])
def test_normal_and_advanced_swap_with_the_fewest_cards(level):
    """docs/AI.md: after a 7 "Normal and Advanced take the hand of fewest cards"."""
    g, _ = position("classic", hands=["R7 B1 B2", "G1 G2 G3", "Y1", "B7 B8"], top="R5",
                    seven_zero="on")
    act(g, "R7")
    assert g.phase == codes.PH_SWAP
    assert make_player(level, 1).choose(g.observe(0)) == codes.SWAP + 2


@pytest.mark.parametrize("level", ["easy", "normal", "advanced"])
def test_every_level_answers_the_swap_and_the_jump_legally(level):
    g, _ = position("classic", hands=["R7 B1 B2", "G1 G2 G3", "R7 Y1", "B7 B8"], top="R5",
                    seven_zero="on", jump_in="on")
    act(g, "R7")
    assert g.phase == codes.PH_JUMP and g.actor == 2
    p = make_player(level, 3)
    seen = {p.choose(g.observe(2)) for _ in range(40)}
    assert seen <= set(g.legal_actions())
    if level != "easy":
        assert seen == {g.top}  # docs/AI.md: Normal and Advanced always jump
    else:
        assert seen == {g.top, codes.NO_JUMP}  # Easy: 1 chance in 4
    act(g, "no jump")
    assert g.phase == codes.PH_SWAP
    assert p.choose(g.observe(0)) in g.legal_actions()


@pytest.mark.parametrize("level", ["normal", "advanced"])
def test_mixed_stack_keeps_the_w4_unless_it_is_the_only_stack(level):
    """docs/AI.md: "facing a +2 with both, a +2 (the W+4 is kept); a W+4 when it is the only
    stack"."""
    g, _ = position("classic", hands=["R+2 B1 B2", "W+4 G+2 Y3", "Y1 Y2"], top="R3",
                    pile="B5 B6 B7 B8 B9 B1", stacking="mixed", wd4="free")
    act(g, "R+2")
    assert g.phase == codes.PH_STACK
    assert make_player(level, 1).choose(g.observe(1)) == G.cards.parse("G+2")
    g, _ = position("classic", hands=["R+2 B1 B2", "W+4 G3 G4", "Y1 Y2"], top="R3",
                    pile="B5 B6 B7 B8 B9 B1", stacking="mixed", wd4="free")
    act(g, "R+2")
    a = make_player(level, 1).choose(g.observe(1))
    assert a < 64 and (a & 15) == G.cards.WILD4 and a >> 4 == G.cards.GREEN


def test_the_hint_names_a_swap_and_a_jump_let_go():
    """The pause menu's hint in the swap and jump-in phases says the action in one line."""
    from uno.app.hint import say

    assert say(codes.SWAP + 2) == "Swap with seat 2"
    assert say(codes.NO_JUMP) == "Do not jump in"
    assert say(0x15) == "Play Y5"
