"""Code the badge needs only at some moments leaves memory after use: the rules'
validation and presets once a match's rules are made, the refusal reasons and action names
after a refusal. What the player sees is unchanged: the same reasons, the same rules."""

import sys

import pytest

import uno
import uno.core.observe
from uno.core.codes import DRAW
from uno.core.game import Game, IllegalAction


def _forget(*names):
    for name in names:
        sys.modules.pop("uno.core." + name, None)
        if hasattr(uno.core, name):
            delattr(uno.core, name)


def _game():
    from uno.core.rules import preset

    g = Game(preset("classic", seats="human,normal"), seed=3)
    g.start()
    return g


def test_refusal_reason_then_its_code_is_unloaded():
    g = _game()
    p = g.actor
    bad = next(c for c in range(64) if (c & 15) < 13 and c not in g.legal_actions()
               and c not in g.hands[p])
    _forget("explain", "notation")
    why = g.explain(bad)
    assert why and len(why) <= 26
    assert "uno.core.explain" not in sys.modules and "uno.core.notation" not in sys.modules
    with pytest.raises(IllegalAction) as e:
        g.apply(bad)
    assert str(e.value) == why  # the same reason the second time (module loaded again)
    assert "uno.core.explain" not in sys.modules


def test_a_refused_cards_reason_needs_no_action_names(monkeypatch):
    """A refused card, the commonest refusal (a person pressing A on a card that does not
    fit), loads the reasons' code alone: not uno.core.notation's action names besides, mid-match
    on the badge's fullest heap."""
    g = _game()
    p = g.actor
    bad = next(c for c in range(64) if (c & 15) < 13 and c not in g.legal_actions()
               and c in g.hands[p])
    _forget("explain", "notation")
    monkeypatch.setitem(sys.modules, "uno.core.notation", None)  # importing it would fail
    assert g.explain(bad).startswith(("Not playable", "Needs"))
    assert "uno.core.explain" not in sys.modules


def test_loaded_modules_stay_loaded():
    """A shell that imported the names itself (host_sim, tools) keeps them."""
    import uno.core.explain  # noqa: F401
    import uno.core.notation  # noqa: F401

    g = _game()
    bad = next(c for c in range(64) if (c & 15) < 13 and c not in g.legal_actions()
               and c not in g.hands[g.actor])
    assert g.explain(bad)
    from uno.core.game import action_name

    assert action_name(DRAW) == "draw"
    assert "uno.core.notation" in sys.modules and "uno.core.explain" in sys.modules


def test_rules_module_dropped_and_loaded_again():
    """A match keeps its Rules after uno.core.rules goes; the next import validates as before."""
    import uno.core.rules as R

    r = R.preset("house", seats="human,easy,advanced")
    R.drop()
    assert "uno.core.rules" not in sys.modules
    assert r.wd4 == "free" and r.nseats == 3 and r.as_dict()["seats"] == ["human", "easy",
                                                                          "advanced"]
    assert r.copy() == r  # copy validates again: the module comes back
    import uno.core.rules as R2

    with pytest.raises(ValueError, match="wd4"):
        R2.Rules(wd4="maybe")
    assert R2.parse("stacking=on", "classic").stacking == "on"


def test_observation_discard_is_bytes_of_the_pile():
    g = _game()
    for _ in range(30):
        if g.phase >= 7:
            break
        g.apply(g.legal_actions()[0])
    obs = g.observe(g.actor)
    assert isinstance(obs.discard, bytes) and obs.discard == bytes(g.discard)
    assert len(g.discard) > 1


def test_the_piles_are_a_byte_a_card_and_a_sampled_game_keeps_to_29_attributes(monkeypatch):
    """What a search allocates late in a hand, when the badge's heap is fullest, stays in small
    blocks (docs/BENCHMARKS.md): the draw and discard piles are bytearrays, through a
    reshuffle and a search's plies and their undo; each game a search samples sets at most 29
    attributes, the largest of MicroPython's map sizes (..., 23, 29, 37) under 296 bytes."""
    from uno.players.make import make_player
    from uno.core.codes import PH_HAND_OVER, PH_MATCH_OVER
    from uno.core.rules import preset

    # again: a test before this one may have let it go (uno.drop)
    import uno.core.sample as sample

    sampled = []
    determinize = sample.determinize

    def watched(cls, obs, rng):
        s = determinize(cls, obs, rng)
        sampled.append(s)
        return s

    monkeypatch.setattr(sample, "determinize", watched)

    for nseats in (2, 4):
        reshuffled = False
        seed = nseats
        while not reshuffled:  # matches until one reshuffles its discard pile
            g = Game(preset("classic", seats=["advanced"] * nseats), seed=seed)
            g.start()
            ps = [make_player("advanced", seed + s) for s in range(nseats)]
            while g.phase != PH_MATCH_OVER:
                if g.phase == PH_HAND_OVER:
                    g.next_hand()
                    continue
                before = len(g.pile)
                g.apply(ps[g.actor].choose(g.observe(g.actor)))
                reshuffled |= len(g.pile) > before
                assert type(g.pile) is bytearray and type(g.discard) is bytearray
            seed += 10
        assert sampled
        for s in sampled:
            assert type(s.pile) is bytearray and type(s.discard) is bytearray
            assert len(vars(s)) <= 29, sorted(vars(s))
        sampled.clear()
