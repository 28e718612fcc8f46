"""Computer players: every phase answered legally, hidden cards never matter,
determinism per seed, and the behaviours the issue names (bluff, challenge, stack, ONE,
attack, points)."""

import pytest

import uno.players.advanced
import uno.players.normal
import uno.players.search
import uno.core.cards
import uno.players.easy
import uno.core.observe
import uno.core.sample
import uno.players.infer
from uno.players.make import make_player
from uno.players.advanced import LATE_CARDS, LATE_FACTOR, LATE_FACTOR_MULTI, Advanced
from uno.core.cards import W, W4, parse
from uno.core.codes import (
    ACCEPT, CALL_ONE, CATCH, CHALLENGE, COLOUR, DRAW, LAST_PLAY, LAST_REC, NO_CATCH, NO_ONE, PASS,
    PH_CATCH, PH_CHALLENGE, PH_COLOUR, PH_DRAWN, PH_HAND_OVER, PH_MATCH_OVER, PH_ONE, PH_PLAY,
    PH_STACK,
)
from uno.core.game import Game
from uno.core.rng import Rng
from uno.core.rules import preset

LEVELS = ("easy", "normal", "advanced")
SMALL = 60  # Advanced budget for the broad tests (the default is for the badge's 100 ms)


def player(level, seed, budget=SMALL):
    return make_player(level, seed, budget) if level == "advanced" else make_player(level, seed)


def play(rules_name, levels, seed, hands=None, sink=None, budget=SMALL, **over):
    """Play a match (or ``hands`` hands) with ``levels``; apply() checks every action's
    legality. Returns (game, {phase: count of decisions with 2+ legal actions})."""
    rules = preset(rules_name, seats=list(levels), **over)
    g = Game(rules, seed=seed, sink=sink)
    g.start()
    ps = [player(lv, seed * 10 + s, budget) for s, lv in enumerate(levels)]
    seen = {}
    played = 0
    while g.phase != PH_MATCH_OVER:
        if g.phase == PH_HAND_OVER:
            played += 1
            if hands is not None and played >= hands:
                break
            g.next_hand()
            continue
        obs = g.observe(g.actor)
        a = ps[g.actor].choose(obs)
        assert a in obs.legal
        if len(obs.legal) > 1:
            seen[obs.phase] = seen.get(obs.phase, 0) + 1
        g.apply(a)
    return g, seen


@pytest.mark.parametrize("name,levels,over", [
    ("classic", ("easy", "normal"), {}),
    ("classic", ("advanced", "normal"), {"target": 200}),
    ("acorn", ("advanced", "easy"), {"target": 200}),
    ("pcsig", ("normal", "advanced", "easy"), {"target": 200}),
    ("windows", ("normal", "easy", "advanced"), {"scoring": "penalty", "target": 150}),
    ("official", ("easy", "advanced", "normal", "easy"), {"target": 200}),
    ("house", ("advanced", "easy", "normal", "advanced"), {"target": 200}),
    ("house", ("easy", "advanced"), {"hand_limit": 16, "draw": "repeat", "target": 200}),
])
def test_whole_matches_every_action_legal(name, levels, over):
    g, _ = play(name, levels, seed=3, **over)
    assert g.phase == PH_MATCH_OVER and g.match_winner >= 0


def test_every_phase_is_answered():
    """Across presets the players meet every kind of decision and answer each legally."""
    seen = {}
    for i, (name, levels) in enumerate([
        ("official", ("easy", "normal", "advanced")),
        ("house", ("advanced", "easy", "normal", "easy")),
        ("pcsig", ("advanced", "easy")),
        ("classic", ("normal", "easy")),
    ]):
        _, s = play(name, levels, seed=11 + i, hands=8)
        for k, v in s.items():
            seen[k] = seen.get(k, 0) + v
    for ph in (PH_PLAY, PH_DRAWN, PH_CHALLENGE, PH_STACK, PH_ONE, PH_CATCH):
        assert seen.get(ph, 0) > 0, (ph, seen)


def find_obs(pred, name="official", levels=("normal", "easy", "normal"), seeds=range(1, 40)):
    """First observation (from Easy/Normal self-play) for which ``pred(obs)`` holds."""
    for seed in seeds:
        rules = preset(name, seats=list(levels))
        g = Game(rules, seed=seed)
        g.start()
        ps = [player(lv, seed + s) for s, lv in enumerate(levels)]
        while g.phase not in (PH_MATCH_OVER, PH_HAND_OVER):
            obs = g.observe(g.actor)
            if pred(obs):
                return g, obs
            g.apply(ps[g.actor].choose(obs))
    raise AssertionError("no such position")


def public(obs):
    return {k: (list(v) if isinstance(v, list) else v) for k, v in vars(obs).items()
            if k != "rules"}


@pytest.mark.parametrize("nseats", (2, 3, 4))
@pytest.mark.parametrize("level", LEVELS)
def test_choice_ignores_the_unseen_cards(level, nseats):
    """Permuting the cards the seat cannot see (other hands, draw pile) gives an identical
    observation and the same decision, at many positions, with 2, 3 and 4 seats."""
    check_unseen_cards_ignored(level, nseats)


def check_unseen_cards_ignored(level, nseats):
    checked = searched = 0
    for seed in range(1, 7):
        rules = preset("classic", seats=["normal"] * nseats)
        g = Game(rules, seed=seed)
        g.start()
        ps = [player("normal", seed + s) for s in range(nseats)]
        step = 0
        while g.phase not in (PH_MATCH_OVER, PH_HAND_OVER):
            obs = g.observe(g.actor)
            step += 1
            if len(obs.legal) > 1 and step % 3 == 0:
                first = player(level, 99)
                a = first.choose(obs)
                searched += getattr(first, "dets", 0) > 0
                others = [s for s in range(nseats) if s != obs.seat]
                for k in range(2):
                    other = Game.from_observation(obs, Rng(1000 + k))
                    # the real game with the unseen cards permuted: its public record too
                    # (a sampled game keeps none)
                    other.last_play = bytearray(obs.last_play)
                    hidden = [c for s in others for c in other.hands[s]]
                    obs2 = other.observe(obs.seat)
                    assert public(obs2) == public(obs)
                    assert hidden != [c for s in others for c in g.hands[s]]
                    assert player(level, 99).choose(obs2) == a
                checked += 1
            g.apply(ps[g.actor].choose(obs))
    assert checked >= 10
    # Advanced searches only late at three and four seats: some checked decisions must search.
    assert level != "advanced" or searched >= 3, searched


@pytest.mark.parametrize("level", LEVELS)
def test_choose_does_not_change_the_observation(level):
    _, obs = find_obs(lambda o: len(o.legal) > 3 and o.phase == PH_PLAY)
    before = public(obs)
    player(level, 5).choose(obs)
    assert public(obs) == before


def test_same_seeds_replay_the_same_match():
    a, b = [], []
    play("official", ("advanced", "easy", "normal"), seed=21, hands=3, sink=a.append)
    play("official", ("advanced", "easy", "normal"), seed=21, hands=3, sink=b.append)
    assert a == b and len(a) > 50


def test_easy_sometimes_forgets_one_normal_and_advanced_never():
    counts = {lv: {CALL_ONE: 0, NO_ONE: 0, CATCH: 0, NO_CATCH: 0} for lv in LEVELS}
    for seed in range(1, 5):
        levels = ("easy", "normal", "advanced")
        rules = preset("official", seats=list(levels))
        g = Game(rules, seed=seed)
        g.start()
        ps = [player(lv, seed * 3 + s) for s, lv in enumerate(levels)]
        while g.phase != PH_MATCH_OVER and g.hand_no <= 6:
            if g.phase == PH_HAND_OVER:
                g.next_hand()
                continue
            obs = g.observe(g.actor)
            a = ps[g.actor].choose(obs)
            if a in (CALL_ONE, NO_ONE, CATCH, NO_CATCH):
                counts[levels[g.actor]][a] += 1
            g.apply(a)
    assert counts["easy"][NO_ONE] > 0 and counts["easy"][CALL_ONE] > counts["easy"][NO_ONE]
    for lv in ("normal", "advanced"):
        assert counts[lv][NO_ONE] == 0 and counts[lv][CALL_ONE] > 0
        assert counts[lv][NO_CATCH] == 0


class Obs:
    """A hand-made observation (the fields of uno.core.observe.Observation)."""

    def __init__(self, rules, hand, top, colour, counts, legal, seat=0, **kw):
        self.seat = seat
        self.actor = seat
        self.hand = [parse(c) for c in hand]
        self.top = parse(top)
        self.colour = colour
        self.counts = counts
        self.nseats = len(counts)
        self.legal = legal
        self.rules = rules
        self.phase = PH_PLAY
        self.direction = 1
        self.pending = 0
        self.pend_kind = 0
        self.drawn = -1
        self.discard = [self.top]
        self.scores = [0] * len(counts)
        self.hand_no = 1
        self.pile_count = 108 - sum(counts) - 1
        self.prev_colour = -1
        self.last_challenge = -1
        self.w4_seat = -1
        self.one_seat = -1
        self.catch_n = 0
        self.passes = 0
        self.void = [0] * len(counts)
        for k, v in kw.items():
            setattr(self, k, v)


def legal_for(rules, hand, top, colour, counts, seat=0, **kw):
    """The real legal actions for a hand-made position (through the core)."""
    o = Obs(rules, hand, top, colour, counts, [], seat=seat, **kw)
    g = Game.from_observation(o, Rng(1))
    o.legal = g.legal_actions()
    return o


def test_normal_keeps_colour_and_wilds():
    r = preset("classic")
    # Red 5 on top: play the red card that keeps red (3 reds left) rather than the wild.
    o = legal_for(r, ["R2", "R7", "R9", "R4", "W", "B3"], "R5", 0, [6, 7])
    a = make_player("normal", 1).choose(o)
    assert a in (parse("R2"), parse("R7"), parse("R9"), parse("R4"))
    # Only the wild fits: call the colour held most.
    o = legal_for(r, ["W", "G2", "G7", "B3"], "R5", 0, [4, 7])
    assert make_player("normal", 1).choose(o) == (2 << 4 | 13)


def test_normal_attacks_a_seat_about_to_go_out():
    r = preset("official", seats=["normal", "normal", "normal"])
    o = legal_for(r, ["R2", "R+2", "G7", "B3"], "R5", 0, [4, 1, 5])
    assert make_player("normal", 1).choose(o) == parse("R+2")
    o = legal_for(r, ["R2", "RS", "G7", "B3"], "R5", 0, [4, 1, 5])
    assert make_player("normal", 1).choose(o) == parse("RS")


def test_points_aware_shedding():
    """With the next seat on one card, shed the expensive card."""
    r = preset("classic")
    o = legal_for(r, ["R1", "R9", "B4", "B5"], "R7", 0, [4, 1])
    assert make_player("normal", 1).choose(o) == parse("R9")
    r = preset("classic", scoring="penalty")
    o = legal_for(r, ["R1", "R9", "B4", "B5", "B6"], "R7", 0, [5, 6])
    assert make_player("normal", 1).choose(o) == parse("R9")


def test_normal_never_bluffs_easy_sometimes_does():
    r = preset("classic")
    o = legal_for(r, ["R2", "W+4", "G7"], "R5", 0, [3, 6])
    assert any(a >> 4 < 4 and a & 15 == 14 for a in o.legal)  # the bluff is on offer
    for seed in range(20):
        a = make_player("normal", seed).choose(o)
        assert a & 15 != 14
    bluffs = sum(1 for seed in range(40) if make_player("easy", seed).choose(o) & 15 == 14)
    assert 0 < bluffs < 40


def challenge_obs(w4_count, prev_seen_all, culprit="human"):
    """Seat 0 faces a W+4 from seat 1 (a ``culprit`` player) who holds ``w4_count`` cards; the
    previous colour was red; ``prev_seen_all``: every red card is already in the discard or
    our hand."""
    r = preset("classic", seats=("advanced", culprit))
    discard = [parse("B5")]
    if prev_seen_all:
        discard = [c for c in range(13) for _ in range(1 if c == 0 else 2)] + [parse("B5")]
    discard.append(W4)
    o = Obs(r, ["G1", "G2", "Y3"], "W+4", 3, [3, w4_count], [CHALLENGE, ACCEPT],
            discard=discard, prev_colour=0, w4_seat=1, pending=4, pend_kind=14)
    o.phase = PH_CHALLENGE
    o.top = W4
    return o


@pytest.mark.parametrize("level", ("normal", "advanced"))
def test_challenge_when_guilt_is_likely_accept_when_impossible(level):
    assert player(level, 1).choose(challenge_obs(9, False)) == CHALLENGE
    # No red card is left anywhere unseen: the W+4 cannot have been a bluff.
    assert player(level, 1).choose(challenge_obs(9, True)) == ACCEPT


def test_advanced_never_challenges_a_normal_w4():
    """RULES.md, `W+4` legality, `challenge`: "Innocent: the challenger draws 6 and loses the
    turn". Normal never bluffs, and every seat's level is public, so Advanced accepts a
    Normal's W+4 where it challenges a human's or an Easy's (Normal, not knowing, challenges)."""
    assert player("advanced", 1).choose(challenge_obs(9, False, "human")) == CHALLENGE
    assert player("advanced", 1).choose(challenge_obs(9, False, "easy")) == CHALLENGE
    assert player("advanced", 1).choose(challenge_obs(9, False, "normal")) == ACCEPT
    assert player("normal", 1).choose(challenge_obs(9, False, "normal")) == CHALLENGE


def test_advanced_keeps_its_skip_while_no_hand_is_low_at_four_seats():
    """docs/AI.md: at three and four seats Advanced saves Skip, Reverse and +2 while
    no other hand is down to 3 cards, where Normal spends a Skip at once."""
    r = preset("classic", seats=["advanced", "normal", "normal", "normal"])
    o = legal_for(r, ["R5", "RS", "G7", "B3", "Y2"], "R9", 0, [5, 6, 6, 6])
    assert make_player("normal", 1).choose(o) == parse("RS")
    assert player("advanced", 1).choose(o) == parse("R5")


def test_advanced_keeps_its_wild_while_no_hand_is_low_at_four_seats():
    """RULES.md, A turn: "Instead of playing, a player may draw (this is allowed even with a
    playable card: "reneging")" and, draw=one, "If it is playable it may be played at once
    (only that card); otherwise, or by choice, the player passes." docs/AI.md: at
    three and four seats, while no hand is down to 3 cards, Advanced draws rather than play its
    only fitting card, a wild, and keeps a wild it has just drawn; Normal plays them."""
    r = preset("classic", seats=["advanced", "normal", "normal", "normal"])
    hand = ["W", "G2", "G7", "B3", "B6"]
    o = legal_for(r, hand, "R5", 0, [5, 6, 6, 6])
    assert make_player("normal", 1).choose(o) & 15 == parse("W") & 15
    assert player("advanced", 1).choose(o) == DRAW
    drawn = legal_for(r, hand + ["W+4"], "R5", 0, [6, 6, 6, 6], phase=PH_DRAWN,
                      drawn=parse("W+4"))
    assert PASS in drawn.legal and len(drawn.legal) > 1
    assert make_player("normal", 1).choose(drawn) & 15 == parse("W+4") & 15
    assert player("advanced", 1).choose(drawn) == PASS
    # A hand at 3 cards, or two seats: the search weighs the wild against drawing.
    for rules, counts in ((r, [5, 6, 3, 6]), (preset("classic"), [5, 6])):
        p = player("advanced", 1)
        p.choose(legal_for(rules, hand, "R5", 0, counts))
        assert p.dets > 0


def test_the_late_search_weighs_keeping_a_wild_until_a_hand_is_at_one_card(monkeypatch):
    """RULES.md, A turn: "Instead of playing, a player may draw (this is allowed even with a
    playable card: "reneging")" and, draw=one, a drawn card "may be played at once (only that
    card); otherwise, or by choice, the player passes." docs/AI.md: at three
    and four seats, once a hand is down to 3 cards, Advanced's search weighs keeping a wild
    beside playing it (drawing instead when the wild is the one card that fits, passing when
    it has just drawn it) while no other hand is down to 1 card (KEEP_WILD_ABOVE); at two
    seats only the draw, while the other hand holds 3 or more; with KEEP_DRAWN_WILD 0 a wild
    just drawn is played, only its colour weighed."""
    four = preset("classic", seats=["advanced", "normal", "normal", "normal"])
    hand = ["G2", "G7", "B3", "B6", "W"]

    def weighed(rules, counts, drawn=True):
        seen = []
        p = player("advanced", 1)
        monkeypatch.setattr(p, "search", lambda obs, cands, prior=None, budget=None:
                            seen.append(list(cands)) or cands[0])
        if drawn:
            o = legal_for(rules, hand, "R5", 0, counts, phase=PH_DRAWN, drawn=parse("W"))
            assert PASS in o.legal
        else:
            o = legal_for(rules, hand, "R5", 0, counts)
            assert DRAW in o.legal
        p.choose(o)
        return seen[0]

    for counts in ([5, 6, 3, 6], [5, 6, 2, 6]):
        cands = weighed(four, counts)
        assert cands[-1] == PASS and all(a & 15 == parse("W") & 15 for a in cands[:-1])
        assert weighed(four, counts, drawn=False)[-1] == DRAW
    assert PASS not in weighed(four, [5, 6, 1, 6])
    assert DRAW not in weighed(four, [5, 1, 6, 6], drawn=False)
    two = preset("classic")
    assert PASS not in weighed(two, [5, 3])
    assert weighed(two, [5, 3], drawn=False)[-1] == DRAW
    assert DRAW not in weighed(two, [5, 2], drawn=False)
    monkeypatch.setattr(uno.players.advanced, "KEEP_DRAWN_WILD", 0)
    assert PASS not in weighed(four, [5, 6, 3, 6])


def test_the_late_search_weighs_a_wild_calling_a_colour_the_low_hand_lacks(monkeypatch):
    """RULES.md, Action cards: "`W`: the player calls any colour, the current one included."
    The game marks a seat that draws at its turn as holding none of the colour in force (a
    Normal draws only when nothing fits). docs/AI.md: at three and four seats,
    once the fewest cards another hand holds is AIM_VOID (3) or fewer, the late search also
    weighs the wild with a colour such a hand lacks, when its two best colours are not one;
    not at two seats (Normal's score there already favours the next seat's void)."""
    four = preset("classic", seats=["advanced", "normal", "normal", "normal"])
    hand = ["G2", "G7", "B3", "B6", "W"]  # only the wild fits on R5: green and blue first
    yellow = 1 << 1

    def weighed(rules, counts, void, **over):
        seen = []
        p = player("advanced", 1)
        monkeypatch.setattr(p, "search", lambda obs, cands, prior=None, budget=None:
                            seen.append((list(cands), prior)) or cands[0])
        for name, value in over.items():
            monkeypatch.setattr(uno.players.advanced, name, value)
        o = legal_for(rules, hand, "R5", 0, counts, void=void)
        p.choose(o)
        cands, prior = seen[0]
        assert len(prior) == len(cands)  # the prior has a score for each candidate
        return [a for a in cands if a < DRAW]

    wild = parse("W") & 15
    plain = weighed(four, [5, 6, 2, 6], [0, 0, 0, 0])
    assert sorted(a >> 4 for a in plain) == [2, 3] and all(a & 15 == wild for a in plain)
    for low in ([5, 6, 2, 6], [5, 6, 3, 6], [5, 1, 6, 6]):
        void = [0, 0, 0, 0]
        void[low.index(min(low[1:]), 1)] = yellow
        assert weighed(four, low, void) == plain + [wild | 1 << 4]
    # the void of a hand that is not the lowest, or the lowest at 4 cards: nothing more
    assert weighed(four, [5, 6, 2, 6], [0, yellow, 0, 0]) == plain
    assert weighed(four, [3, 6, 4, 6], [0, 0, yellow, 0]) == plain
    # the low hand lacks green, which the wild already calls
    assert weighed(four, [5, 6, 2, 6], [0, 0, 1 << 2, 0]) == plain
    two = preset("classic")
    assert all(a >> 4 != 1 for a in weighed(two, [5, 2], [0, yellow]))
    assert weighed(four, [5, 6, 2, 6], [0, 0, yellow, 0], AIM_VOID=0) == plain


def test_advanced_learns_that_an_opponent_does_not_bluff():
    p = player("advanced", 1)
    o = challenge_obs(5, False)
    assert p.choose(o) == CHALLENGE
    for _ in range(4):
        # The challenge failed: we drew 6 (the next observation shows it).
        nxt = legal_for(preset("classic"), ["G1", "G2", "Y3", "R1", "R2", "R3", "R4", "R5",
                                            "R6"], "G5", 2, [9, 5])
        p.choose(nxt)
        o = challenge_obs(5, False)
        last = p.choose(o)
    assert last == ACCEPT


def test_stack_when_possible():
    r = preset("house", seats=["normal", "normal"])
    o = Obs(r, ["R+2", "G7", "B3"], "Y+2", 1, [3, 5], [parse("R+2"), ACCEPT], pending=2,
            pend_kind=12)
    o.phase = PH_STACK
    for lv in ("normal", "advanced"):
        assert player(lv, 1).choose(o) == parse("R+2")


def test_colour_for_a_wild_turned_up_first():
    r = preset("classic")
    o = Obs(r, ["B1", "B2", "B7", "G3"], "W", 0, [4, 7], [COLOUR + c for c in range(4)])
    o.phase = PH_COLOUR
    o.top = W
    for lv in ("normal", "advanced"):
        assert player(lv, 1).choose(o) == COLOUR + 3


def test_drawn_card_played_when_it_fits():
    r = preset("classic")
    o = legal_for(r, ["G1", "B2", "R8"], "R5", 0, [3, 6], phase=PH_DRAWN, drawn=parse("R8"))
    assert parse("R8") in o.legal and PASS in o.legal
    for lv in ("normal", "advanced"):
        assert player(lv, 1).choose(o) == parse("R8")


def test_advanced_respects_its_budget():
    _, obs = find_obs(lambda o: o.phase == PH_PLAY and sum(1 for a in o.legal if a < DRAW) >= 3,
                      name="classic", levels=("normal", "normal"))
    small = Advanced(1, 100)
    small.choose(obs)
    big = Advanced(1, 1000)
    big.choose(obs)
    late = min(obs.counts) <= LATE_CARDS
    assert 0 < small.spent <= 100 * (LATE_FACTOR if late else 1) and small.dets >= 1
    assert big.spent <= 1000 * (LATE_FACTOR if late else 1) and big.dets > small.dets


@pytest.mark.parametrize("others", [[7, 6], [7, 6, 9]])
def test_advanced_at_three_and_four_seats_searches_only_late(others):
    """docs/AI.md: with three or four seats the early searches win nothing, so while
    every hand holds more than LATE_CARDS cards Advanced plays Normal's first choice without a
    search, and once one is down to LATE_CARDS it searches with LATE_FACTOR_MULTI times the
    budget. Two seats search early as before (test above)."""
    r = preset("official", seats=["normal"] * (1 + len(others)))
    hand = ["R2", "R7", "G7", "B3", "Y5", "G1", "B9", "Y2"]
    early = legal_for(r, hand, "R5", 0, [8] + others)
    p = Advanced(1, 300)
    assert p.choose(early) == make_player("normal", 1).choose(early)
    assert p.spent == 0 and p.dets == 0
    late = legal_for(r, hand, "R5", 0, [8, LATE_CARDS] + others[1:])
    p = Advanced(1, 300)
    p.choose(late)
    assert 300 * LATE_FACTOR < p.spent <= 300 * LATE_FACTOR_MULTI and p.dets > 1


def test_advanced_thinks_longer_when_a_hand_is_nearly_out():
    """The same choice of cards, once with every hand large and once with the other seat down
    to LATE_CARDS: the late decision samples more deals (LATE_FACTOR times the budget)."""
    r = preset("classic")
    hand = ["R2", "R7", "G7", "B3", "Y5", "G1", "B9", "Y2"]
    early = legal_for(r, hand, "R5", 0, [8, 7])
    late = legal_for(r, hand, "R5", 0, [8, LATE_CARDS])
    spent = []
    for o in (early, late):
        p = Advanced(1, 300)
        p.choose(o)
        spent.append(p.spent)
    assert spent[0] <= 300 < spent[1] <= 300 * LATE_FACTOR


def test_redeal_honours_colour_kind_and_no_wild_voids():
    """Bit 4 of a void mask (``NO_WILD``) and bits VOID_KIND + kind (both set only by the
    RLCard adapter) keep wilds and that kind out of the seat's sampled hands, as bits 0-3 keep
    out colours: in the first deal and in every re-deal."""
    from uno.players.search import Pool
    from uno.core.codes import NO_WILD, VOID_KIND

    r = preset("classic")
    void = NO_WILD | 1 << 2 | 1 << VOID_KIND + 7 | 1 << VOID_KIND + 12
    o = legal_for(r, ["R2", "G7", "B3"], "R5", 0, [3, 7], void=[0, void])
    rng = Rng(3)
    pool = None
    for i in range(50):
        if i % 10 == 0:
            g = Game.from_observation(o, rng)
            # The core's first deal honours colours and kinds (the search re-deals at once
            # when NO_WILD is set).
            assert all(c >= 0x40 or c >> 4 != 2 and c & 15 not in (7, 12) for c in g.hands[1])
            pool = Pool(g, 0)
        pool.redeal(g, rng)
        assert len(g.hands[1]) == 7
        assert all(c < 0x40 and c >> 4 != 2 and c & 15 not in (7, 12) for c in g.hands[1])
        assert len(g.pile) + 7 + 3 + 1 == 108


def test_redeal_thins_a_normal_seats_wilds_by_half_and_keeps_the_deck():
    """docs/AI.md (``WILD_THIN``): at three and four seats each wild a re-deal gives a
    Normal seat goes back to the pile WILD_THIN times in 8 for a card of the pile that is no wild
    and that the seat's marks allow. The unseen cards stay the same cards, every hand keeps its
    count, an Easy seat's wilds are dealt as before, and with WILD_THIN 0 nothing changes."""
    from collections import Counter

    from uno.players.search import Pool

    r = preset("classic", seats=["advanced", "normal", "easy", "normal"])
    void = [0, 1 << 2, 0, 0]  # seat 1 showed it lacks green
    o = legal_for(r, ["R2", "G7", "B3"], "R5", 0, [3, 7, 7, 7], void=void)
    wilds = {}
    for thin in (0, uno.players.search.WILD_THIN):
        saved = uno.players.search.WILD_THIN
        uno.players.search.WILD_THIN = thin
        try:
            rng = Rng(5)
            g = Game.from_observation(o, rng)
            unseen = Counter(list(g.pile) + [c for s in (1, 2, 3) for c in g.hands[s]])
            pool = Pool(g, 0)
            held = [0, 0, 0, 0]
            for _ in range(600):
                pool.redeal(g, rng)
                assert [len(h) for h in g.hands] == [3, 7, 7, 7]
                assert Counter(list(g.pile) + [c for s in (1, 2, 3) for c in g.hands[s]]) == unseen
                assert not any(c < 0x40 and c >> 4 == 2 for c in g.hands[1])
                for s in (1, 2, 3):
                    held[s] += sum(1 for c in g.hands[s] if c >= 0x40)
            wilds[thin] = held
        finally:
            uno.players.search.WILD_THIN = saved
    blind, thinned = wilds[0], wilds[uno.players.search.WILD_THIN]
    assert uno.players.search.WILD_THIN == 4
    for s in (1, 3):  # the Normal seats: about half (each wild back half of the time)
        assert 0.35 * blind[s] < thinned[s] < 0.65 * blind[s]
    assert 0.8 * blind[2] < thinned[2] < 1.25 * blind[2]  # the Easy seat: as dealt


def test_a_sampled_deal_holds_each_unseen_card_once():
    """A search's sampled game (``Game.from_observation``) is a deal the observation allows:
    the searching seat's own hand and the discard pile as seen, each other seat its count of
    cards, the draw pile the real pile's count, and with them exactly one deck, where a seat
    that showed it lacks a colour gets none of it while the cards allow."""
    from collections import Counter

    from uno.core.cards import make_deck

    checked = 0
    for seed in range(1, 5):
        for nseats in (2, 4):
            rules = preset("classic", seats=["normal"] * nseats)
            g = Game(rules, seed=seed)
            g.start()
            ps = [player("normal", seed + s) for s in range(nseats)]
            while g.phase not in (PH_MATCH_OVER, PH_HAND_OVER):
                obs = g.observe(g.actor)
                if len(g.pile) % 5 == 0:
                    s = Game.from_observation(obs, Rng(seed))
                    assert s.hands[obs.seat] == obs.hand
                    assert list(s.discard) == list(obs.discard)
                    assert [len(h) for h in s.hands] == obs.counts
                    assert len(s.pile) == obs.pile_count and isinstance(s.pile, bytearray)
                    held = [c for h in s.hands for c in h] + list(s.pile) + list(s.discard)
                    assert Counter(held) == Counter(make_deck(False))
                    for q in range(nseats):
                        v = obs.void[q] & 15
                        if v and q != obs.seat:
                            lacked = [c for c in s.hands[q] if c < 0x40 and v >> (c >> 4) & 1]
                            spare = [c for c in s.pile if c < 0x40 and not v >> (c >> 4) & 1]
                            assert not lacked or not spare, (q, lacked)
                    checked += 1
                g.apply(ps[g.actor].choose(obs))
    assert checked >= 20


def test_a_normal_hand_always_fits_its_recorded_plays():
    """The search's model of Normal (uno.players.infer.Past, docs/AI.md "Inference from the other
    seats' plays") is Normal's own choice: at every position of Normal self-play, every hand
    whose last play (and the one before, when no card came in between) is on record would have
    made those plays, so a sampled hand the model rules out is never a Normal's true hand."""
    checked = [0, 0]
    for name in ("classic", "official", "house", "pcsig", "windows"):
        for nseats in (2, 3, 4):
            for seed in range(1, 4):
                rules = preset(name, seats=["normal"] * nseats)
                g = Game(rules, seed=seed)
                g.start()
                ps = [player("normal", seed * 10 + s) for s in range(nseats)]
                past = uno.players.infer.Past(rules, nseats)
                past.reverse_skips = nseats == 2
                while g.phase not in (PH_MATCH_OVER, PH_HAND_OVER):
                    obs = g.observe(g.actor)
                    lp = obs.last_play
                    for s in range(nseats):
                        o = s * LAST_PLAY
                        h = g.hands[s]
                        if lp[o] == 255 or lp[o + 5] != len(h):
                            continue
                        assert past.fits(lp, o, h, -1)
                        checked[0] += 1
                        q = o + LAST_REC
                        if lp[q] != 255 and lp[q + 5] == len(h) + 1:
                            assert past.fits(lp, q, h, lp[o])
                            checked[1] += 1
                    g.apply(ps[g.actor].choose(obs))
    assert checked[0] > 1000 and checked[1] > 500, checked


def test_the_game_records_free_plays_only():
    """Game.last_play, each seat's last two plays from the hand: colour and top before, the
    next seat's count, the smallest other, the next seat's voids, the count after; a drawn card
    played is no free choice (255). Observations and sampled games carry the record, so
    observations stay equal."""
    r = preset("classic", seats=["normal"] * 3)
    g = Game(r, seed=1)
    g.start()
    assert all(b == 255 for b in g.last_play) and len(g.last_play) == 3 * LAST_PLAY
    g.hands = [[parse(c) for c in h] for h in (["R7", "G2", "B3"], ["R1", "Y9"], ["G5"] * 4)]
    g.discard = bytearray([parse("R5")])
    g.colour = 0
    g.void = [0, 1 << 2, 0]
    g.phase = PH_PLAY
    g.actor = g.turn = 0
    g.direction = 1
    g.apply(parse("R7"))
    assert list(g.last_play[:LAST_REC]) == [parse("R7"), 0 | 5 << 2, 2, 2, 4, 2]
    assert g.observe(1).last_play == bytes(g.last_play)
    g.pile.append(parse("R3"))
    g.apply(DRAW)  # seat 1 draws a card it can play, and plays it
    assert g.phase == PH_DRAWN
    g.apply(parse("R3"))
    o = LAST_PLAY
    assert g.last_play[o] == 255 and g.last_play[o + LAST_REC] == 255
    # a game a search samples keeps no record (the search reads the observation's) and its
    # plays add none
    g2 = Game.from_observation(g.observe(2), Rng(1))
    g2.push(g2.legal_actions()[0])
    assert g2.last_play == b"" and "last_play" not in vars(g2)
    # the next hand starts with none
    g.hands[0] = []
    g._end_hand(0)
    g.next_hand()
    assert all(b == 255 for b in g.last_play)


@pytest.mark.parametrize("level,deals", (("normal", 3), ("advanced", 3), ("normal", 0)))
def test_deals_honour_a_normal_seats_last_play(monkeypatch, level, deals):
    """A Normal seat that called red with a wild from four cards on a green 5 held no green
    card and no 5 (Normal keeps its wilds while another card fits): the search's re-deals give
    it such cards far less often than blind deals do (INFER_CARDS 0), and charge for the
    checks. Only a Normal's plays tell this (another seat's policy is not known)."""
    r = preset("classic", seats=["human", level, "normal"])
    lp = bytearray(b"\xff" * (3 * LAST_PLAY))
    o = LAST_PLAY
    lp[o:o + LAST_REC] = bytes([13, 2 | 5 << 2, 7, 7, 0, 3])
    obs = Obs(r, ["R2", "G7", "B3", "Y1", "Y4", "B8", "R9"], "W", 0, [7, 3, 6], [],
              last_play=bytes(lp))
    obs.discard = [parse("G5"), parse("W")]
    monkeypatch.setattr(uno.players.search, "INFER_CARDS", deals)
    rng = Rng(4)
    g = Game.from_observation(obs, rng)
    pool = uno.players.search.Pool(g, 0, obs.last_play)
    bad = 0
    checked = deals > 0 and level == "normal"
    for _ in range(200):
        spent = pool.redeal(g, rng)
        assert len(g.hands[1]) == 3 and len(g.pile) + 7 + 3 + 6 + 2 == 108
        assert (spent > 0) == checked
        bad += any(c < 0x40 and (c >> 4 == 2 or c & 15 == 5) for c in g.hands[1])
    assert (bad / 200 < 0.1) == checked, bad


def test_unknown_level():
    with pytest.raises(ValueError):
        make_player("grandmaster", 1)


def test_easy_code_loads_only_for_an_easy_seat():
    """The Easy player is a module of its own (uno.players.easy): Normal and Advanced players never
    load it, so a player's match against them keeps its code out of the badge's heap."""
    import sys

    from uno import drop

    drop("uno.players.easy")
    make_player("normal", 1)
    make_player("advanced", 2)
    assert "uno.players.easy" not in sys.modules
    p = make_player("easy", 3)
    assert p.level == "easy" and "uno.players.easy" in sys.modules


def test_a_sampled_discard_pile_has_room_for_the_searchs_plies():
    assert uno.core.sample.PLAY_ROOM >= uno.players.search._CORE_PLIES


def test_arena_oracle_probe_sees_the_hidden_cards():
    """tools/ai/arena.py --probe oracle gives Advanced the true hands: over the same games it must
    win clearly more than the fair Advanced (docs/AI.md: 36.8% against 27.0% at 8,000 hands)."""
    import os
    import re
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rates = []
    for extra in ([], ["--probe", "oracle"]):
        out = subprocess.run(
            [sys.executable, os.path.join(root, "tools", "ai", "arena.py"), "advanced", "normal",
             "normal", "normal", "--hands", "400", "--jobs", "1"] + extra,
            check=True, capture_output=True, text=True).stdout
        rates.append(float(re.search(r"advanced +wins ([0-9.]+)%", out).group(1)))
    assert rates[1] >= rates[0] + 5.0, rates


def test_the_searchs_scores_are_whole_numbers(monkeypatch):
    """docs/AI.md 'Advanced': every score the search adds up (a finished hand, the win table,
    a playout) is an int, so a badge, whose floats are 30-bit, sums them as a PC does and
    picks the same play from the same sampled deals."""
    seen = []
    real_playout = uno.players.search.Model.playout
    real_terminal = uno.players.search.terminal

    def playout(self, g, seat, first):
        v, turns = real_playout(self, g, seat, first)
        seen.append(v)
        return v, turns

    def terminal(winner, hands, seat):
        v = real_terminal(winner, hands, seat)
        seen.append(v)
        return v

    monkeypatch.setattr(uno.players.search.Model, "playout", playout)
    monkeypatch.setattr(uno.players.search, "terminal", terminal)
    for levels in (("normal", "normal"), ("normal", "normal", "normal", "normal")):
        for seed in (1, 2):
            g, obs = find_obs(lambda o: o.phase == PH_PLAY and min(o.counts) <= LATE_CARDS
                              and sum(1 for a in o.legal if a < DRAW) >= 2,
                              name="classic", levels=levels, seeds=range(seed, seed + 20))
            Advanced(seed, 200).choose(obs)
    assert len(seen) > 100
    assert all(type(v) is int for v in seen), sorted({type(v).__name__ for v in seen})


def test_the_computer_players_compute_with_whole_numbers_only():
    """docs/AI.md 'Limits and notes': no float literal and no true division in the players'
    modules (the scores are hundredths of a point, the search's a 255,000th of a win, chances
    are fractions), so the badge's 30-bit floats cannot make it choose otherwise than a PC."""
    import ast
    from pathlib import Path

    found = []
    lib = Path(uno.players.normal.__file__).parent.parent
    for name in ("players/normal", "players/advanced", "players/search", "core/observe"):
        path = lib / (name + ".py")
        for n in ast.walk(ast.parse(path.read_text())):
            if isinstance(n, ast.Constant) and isinstance(n.value, float):
                found.append("%s.py:%d %r" % (name, n.lineno, n.value))
            elif isinstance(n, (ast.BinOp, ast.AugAssign)) and isinstance(n.op, ast.Div):
                found.append("%s.py:%d /" % (name, n.lineno))
    assert found == []


def test_the_prior_counts_twice_as_much_at_three_and_four_seats():
    """docs/AI.md: the search's prior is K_PRIOR (0.02 of a win) a point of Normal's
    score at two seats and K_PRIOR_MULTI (0.04) a point of score_multi's at three and four,
    whose scores are in hundredths of a point times the unseen coloured cards (``left``)."""
    left = [10, 5, 3, 2]
    cands = [0x05, 0x13, 64]  # R5, Y3, the draw
    two = uno.players.advanced._prior(cands, [300, 100], 300, 5, None)
    multi = uno.players.advanced._prior(cands, [300 * 20, 100 * 20], 300 * 20, 5, left)
    point = 20 * uno.players.normal.WIN // 1000  # 0.02 of a win (the draw, last, gets the best's)
    assert two == [3 * point, point, 3 * point]
    assert multi == [2 * v for v in two]


def test_the_late_prior_keeps_a_wild_from_a_hand_of_four_or_more():
    """docs/AI.md: at three and four seats a wild from a hand of 4 cards or more counts
    K_PRIOR_WILD (4.5 points of score_multi's score) less in the prior; from 3 cards or fewer,
    and at two seats, it counts as its score says. The draw keeps the best card's score."""
    left = [10, 5, 3, 2]
    cands = [0x2D, 0x05, 64]  # a wild calling blue, R5, the draw
    scores = [300 * 20, 100 * 20]
    point = 2 * 20 * uno.players.normal.WIN // 1000  # 0.04 of a win a point at three and four seats
    assert (uno.players.advanced._prior(cands, scores, scores[0], 3, left)
            == [3 * point, point, 3 * point])
    lower = uno.players.advanced._prior(cands, scores, scores[0], 4, left)
    assert lower[0] == (300 + uno.players.advanced.K_PRIOR_WILD) * point // 100
    assert lower[1:] == [point, 3 * point]
    assert uno.players.advanced.K_PRIOR_WILD == -450
    two = uno.players.advanced._prior(cands, [300, 100], 300, 7, None)
    assert two[0] == two[2] == 3 * two[1]
