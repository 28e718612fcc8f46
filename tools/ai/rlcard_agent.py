"""Our computer players as agents of RLCard's UNO environment (`rlcard` on PyPI, dev only).

    import rlcard
    from tools.ai.rlcard_agent import Agent
    env = rlcard.make("uno", config={"seed": 1})
    env.set_agents([Agent("advanced", seed=1), rlcard.agents.RandomAgent(env.num_actions)])
    trajectories, payoffs = env.run(is_training=False)

RLCard plays its own UNO rules, and they are left as they are; the agent translates its raw
state into one of our observations and our action back into RLCard's action string:
- RLCard's legal actions are the only ones offered (``obs.legal``): a W+4 only when nothing else
  fits, a draw only when nothing fits (no reneging), no challenge, no ONE call, no stacking.
- A drawn card that fits is played by RLCard itself (a drawn wild gets a random colour).
- With two seats RLCard's Reverse does not skip; Skip, +2 and W+4 give the player another turn.
- The rules object the agent reports is Classic with ``wd4=strict`` (the nearest of ours) plus
  ``reverse_passes``: Advanced's playouts then follow RLCard's game (Reverse passes the turn, a
  drawn card plays itself only on its colour, W+4 only when nothing else fits), and its
  candidates are played in the playout rather than by our core.
- RLCard does not show the draw pile size or the direction: the agent derives them (draw pile =
  108 - cards in hands - cards played; direction from the Reverses played). RLCard's ``target``
  string shows a wild's creation colour, not the one called: the colour in force comes from the
  played-card list. The agent also infers what the other seat lacks (``obs.void``; bit 4,
  ``NO_WILD``: no wild; bit ``VOID_KIND`` + kind: no plain card of that kind): a seat that
  draws held no wild and no card of the target's colour or kind (``Tracker._infer``).
- Two seats only (RLCard's UNO pays off two seats).
"""

from __future__ import annotations

import os
import sys

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "lib")
if LIB not in sys.path:
    sys.path.insert(0, LIB)

from uno.players.make import make_player  # noqa: E402
from uno.core.cards import make_deck  # noqa: E402
from uno.core.codes import DRAW, NO_WILD, VOID_KIND  # noqa: E402


# RLCard colour letters -> our colour ints (R0 Y1 G2 B3) and back.
_COL = {"r": 0, "y": 1, "g": 2, "b": 3}
_COL_BACK = "rygb"
_TRAIT = {"skip": 10, "reverse": 11, "draw_2": 12, "wild": 13, "wild_draw_4": 14}
_TRAIT_BACK = {10: "skip", 11: "reverse", 12: "draw_2", 13: "wild", 14: "wild_draw_4"}


def card_of(text: str) -> int:
    """Our card int for an RLCard card string ('r-7', 'y-draw_2'); wilds -> W / W+4."""
    col, trait = text.split("-", 1)
    k = _TRAIT[trait] if trait in _TRAIT else int(trait)
    if k >= 13:
        return 0x40 | k
    return _COL[col] << 4 | k


def action_of(text: str) -> int:
    """Our action int for an RLCard action string ('draw', 'r-7', 'b-wild')."""
    if text == "draw":
        return DRAW
    col, trait = text.split("-", 1)
    k = _TRAIT[trait] if trait in _TRAIT else int(trait)
    return _COL[col] << 4 | k


def rl_action(a: int) -> str:
    """RLCard's action string for our action int."""
    if a == DRAW:
        return "draw"
    k = a & 15
    return _COL_BACK[a >> 4] + "-" + (_TRAIT_BACK[k] if k >= 10 else str(k))


def _deck_counts() -> dict[int, int]:
    counts: dict[int, int] = {}
    for c in make_deck():
        counts[c] = counts.get(c, 0) + 1
    return counts


class RLRules:
    """Stand-in for uno.core.ruleset.Rules with the options nearest to RLCard's game."""

    def __init__(self, nseats: int = 2):
        self.deck = "standard"
        self.wd4 = "strict"
        self.draw = "one"
        self.hand_limit = 0
        self.stacking = "off"
        self.seven_zero = "off"
        self.jump_in = "off"
        self.one_call = "auto"
        self.one_window = 3
        self.scoring = "standard"
        self.target = 500
        self.next_start = "alternate"
        self.seats = ("normal",) * nseats
        # RLCard: with two seats a Reverse passes the turn (ours acts as Skip).
        self.reverse_passes = True

    @property
    def nseats(self) -> int:
        return len(self.seats)

    def copy(self) -> RLRules:
        return RLRules(len(self.seats))

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in ("deck", "wd4", "draw", "hand_limit", "stacking",
                                               "one_call", "one_window", "scoring", "target",
                                               "next_start")} | {"seats": list(self.seats)}


class Obs:
    """An observation with the attributes of uno.core.game's (see docs/CORE_API.md)."""

    def __init__(self, **kw):
        self.__dict__.update(kw)


class Tracker:
    """Follows one RLCard hand from one seat's successive states: direction and voids."""

    def __init__(self, nseats: int):
        self.nseats = nseats
        self.seen = 0
        self.direction = 1
        self.void = [0] * nseats
        self.counts: list[int] | None = None
        self.last: str | None = None  # our last action string
        self.top = ""  # the top card (colour in force) at our last state

    def update(self, raw: dict, seat: int) -> None:
        played = raw["played_cards"]
        counts = raw["num_cards"]
        reshuffled = len(played) < self.seen
        if reshuffled:  # the discard pile became the draw pile
            self.seen = 0
        new = played[self.seen:]
        for t in new:
            if t.endswith("reverse"):
                self.direction = -self.direction
        if self.nseats == 2 and self.counts is not None:
            opp = 1 - seat
            # Cards were lost from view in a reshuffle: any colour may be held.
            self.void[opp] = 0 if reshuffled else self._infer(raw, seat, new, counts)
        self.seen = len(played)
        self.counts = list(counts)
        self.top = target_of(raw)

    def _infer(self, raw: dict, seat: int, new: list[str], counts: list[int]) -> int:
        """The other seat's void mask after ``new`` (the cards played since our last state).

        RLCard forces a draw only when nothing fits (no card of the target's colour or kind,
        no wild) and plays a drawn card of the colour (or a wild) itself. So a seat that drew
        held no wild and none of the target's colour or kind then; a drawn card RLCard played
        left its hand as it was, a kept one (which ends its turn) is no wild and not of the
        target's colour or kind. RLCard allows a W+4 only when nothing else fits: one played
        from the hand (it hits us) proves none of the colour or kind in force was held. Cards
        the seat plays clear their colour and kind; a penalty clears everything."""
        opp = 1 - seat
        prev = self.counts
        assert prev is not None
        last = self.last
        if last is None:
            return 0
        # A W+4 played from a hand hits the other seat (4 cards); one drawn and played by
        # RLCard has no effect and ends the turn, so only the last card can be such a one.
        # Our count tells which (penalties are even, a kept card of ours odd).
        tail = 4 if new and new[-1].endswith("wild_draw_4") else 0
        drawn4 = 0
        if last == "draw":
            # Our drawn card was kept (our count +1) or played by RLCard (the first new card).
            d = counts[seat] - prev[seat]
            if new and d == _penalty(new[1:]):
                ours = 1
            elif len(new) > 1 and tail and d == _penalty(new[1:]) - tail:
                ours, drawn4 = 1, 1
            elif d == 1 + _penalty(new):
                ours = 0
            elif tail and d == 1 + _penalty(new) - tail:
                ours, drawn4 = 0, 1
            else:
                return 0
        else:
            ours = 1
            d = counts[seat] - prev[seat] + 1
            if not new:
                return 0
            if d != _penalty(new[1:]):
                if len(new) > 1 and tail and d == _penalty(new[1:]) - tail:
                    drawn4 = 1
                else:
                    return 0
        void = self.void[opp]
        if ours:
            c0 = new[0]
            hit = c0.endswith("draw_2") or c0.endswith("wild_draw_4") and last != "draw"
            if hit or c0.endswith("skip"):
                # We moved again at once: the other seat did not act (a penalty may have
                # given it unknown cards).
                return 0 if hit or len(new) > 1 else void
        theirs = new[ours:]
        drew = counts[opp] - prev[opp] + len(theirs)
        # Its turn ends with a plain card played, or with a drawn card kept (then nothing, or
        # only cards that gave it another turn, show since).
        kept = 1 if not theirs or theirs[-1].endswith(("skip", "draw_2")) or \
            theirs[-1].endswith("wild_draw_4") and not drawn4 else 0
        if drew < kept:
            return 0
        if theirs and drew - kept == len(theirs):
            # Every card it showed was drawn and played by RLCard: each time nothing fitted
            # the card before it, and its hand did not change.
            before = ([self.top] + new)[ours:]
            for t in before[:len(theirs)]:
                if t:
                    void |= 1 << _COL[t.split("-", 1)[0]] | NO_WILD | _kind_bit(t)
        elif drew == kept:
            # Every card it showed came from its hand. RLCard allows a W+4 only when nothing
            # else fits: then it held none of the colour in force (nor a plain wild, but
            # maybe another W+4: no NO_WILD). Its later cards came from that same hand.
            before = ([self.top] + new)[ours:]
            for i, t in enumerate(theirs):
                void &= ~_shown_bits(t)
                if t.endswith("wild_draw_4") and before[i]:
                    bit = 1 << _COL[before[i].split("-", 1)[0]]
                    if (void | bit) & 15 != 15:
                        void |= bit | _kind_bit(before[i])
        else:
            for t in theirs:
                void &= ~_shown_bits(t)
        if kept:
            # The kept card may be of a colour marked before (about one time in three): the
            # marks stay anyway (measured better than dropping them), unless all four would be.
            target = target_of(raw)
            bit = 1 << _COL[target.split("-", 1)[0]]
            void = (void | bit if (void | bit) & 15 != 15 else bit) | NO_WILD | _kind_bit(target)
        return void


def observation(raw: dict, legal_strs: list[str], tracker: Tracker | None = None) -> Obs:
    """Our observation for RLCard's raw state (``state['raw_obs']``) and raw legal actions."""
    seat = raw["current_player"]
    nseats = raw["num_players"]
    counts = list(raw["num_cards"])
    hand = [card_of(t) for t in raw["hand"]]
    target = target_of(raw)
    top = card_of(target)
    colour = _COL[target.split("-", 1)[0]]
    if top >= 0x40 and not (raw["played_cards"] and raw["played_cards"][-1] == target):
        # After a reshuffle the wild's colour is not in view: a legal non-wild card has it.
        for t in legal_strs:
            if t != "draw" and "wild" not in t:
                colour = _COL[t[0]]
                break
    # RLCard puts its whole discard pile, top included, back into the deck when the deck runs
    # out, so a card can appear twice: keep only what a real 108-card deck allows.
    left = _deck_counts()
    for c in hand:
        left[c] -= 1
    discard = []
    for t in raw["played_cards"]:
        c = card_of(t)
        if left.get(c, 0) > 0:
            left[c] -= 1
            discard.append(c)
    if not discard or discard[-1] != top:
        # The top card must be last (after a reshuffle RLCard's list may not hold it at all).
        if top in discard:
            discard.remove(top)
        discard.append(top)
    legal = []
    for t in legal_strs:
        a = action_of(t)
        if a not in legal:
            legal.append(a)
    pile = 108 - sum(counts) - len(discard)
    return Obs(
        seat=seat, hand=hand, top=top, colour=colour, counts=counts, actor=seat, phase=0,
        direction=tracker.direction if tracker else 1, pending=0, pend_kind=0, drawn=-1,
        passes=0, one_seat=-1, catch_n=0, w4_seat=-1, discard=discard,
        scores=[0] * nseats, rules=RLRules(nseats), nseats=nseats, hand_no=1,
        pile_count=pile if pile > 0 else 0, prev_colour=-1, last_challenge=-1,
        void=list(tracker.void) if tracker else [0] * nseats, legal=legal)


class Agent:
    """An RLCard agent (``use_raw = True``) playing one of our levels."""

    use_raw = True

    def __init__(self, level: str = "advanced", seed: int = 0, budget: int | None = None):
        self.level = level
        self.player = make_player(level, seed, budget) if level == "advanced" else \
            make_player(level, seed)
        self.fallback = make_player("normal", seed)
        self.tracker: Tracker | None = None
        self.decisions = 0

    def step(self, state: dict) -> str:
        return self.eval_step(state)[0]

    def eval_step(self, state: dict) -> tuple[str, dict]:
        raw = state["raw_obs"]
        legal_strs = list(state["raw_legal_actions"])
        seat = raw["current_player"]
        if self.tracker is None or len(raw["played_cards"]) <= 1 and self.tracker.seen > 1 \
                or self.tracker.nseats != raw["num_players"] or _new_hand(raw, self.tracker):
            self.tracker = Tracker(raw["num_players"])
        self.tracker.update(raw, seat)
        obs = observation(raw, legal_strs, self.tracker)
        if len(obs.legal) == 1:
            a = obs.legal[0]
        else:
            try:
                a = self.player.choose(obs)
            except ValueError:
                # RLCard duplicated a card (its reshuffle keeps the top card in the deck too):
                # no 108-card deal matches, so the search cannot sample; use the heuristic.
                a = self.fallback.choose(obs)
        self.decisions += 1
        text = rl_action(a)
        if text not in legal_strs:  # never expected: fall back to a legal action
            text = legal_strs[0]
        self.tracker.last = text
        return text, {}


def target_of(raw: dict) -> str:
    """The top card's string with the colour in force. RLCard's ``target`` string is made when
    the card is created, so a wild's shows its creation colour, not the one called; the
    played-card list (made afresh) shows the called colour, and the top card is its last."""
    t = raw["target"]
    if "wild" in t:
        played = raw["played_cards"]
        if played and played[-1].split("-", 1)[1] == t.split("-", 1)[1]:
            return played[-1]
    return t


def _kind_bit(t: str) -> int:
    """The void bit for a plain card string's kind ('r-7' -> bit VOID_KIND + 7); 0 for a wild."""
    return 0 if "wild" in t else 1 << VOID_KIND + (card_of(t) & 15)


def _shown_bits(t: str) -> int:
    """The void bits a card the seat played from its hand disproves (colour, kind, wild)."""
    return 1 << _COL[t.split("-", 1)[0]] | (NO_WILD if "wild" in t else _kind_bit(t))


def _penalty(cards: list[str]) -> int:
    """Cards a seat draws from the other's +2 and W+4 among ``cards``."""
    return sum(2 if t.endswith("draw_2") else 4 if t.endswith("wild_draw_4") else 0
               for t in cards)


def _new_hand(raw: dict, tracker: Tracker) -> bool:
    """True when ``raw`` looks like the first states of a new hand (all hands near 7 cards and
    few cards played) after the tracker followed a longer game."""
    return tracker.seen > 3 and len(raw["played_cards"]) <= 2 and sum(raw["num_cards"]) >= \
        7 * raw["num_players"]

