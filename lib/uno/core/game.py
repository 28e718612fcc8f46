"""The match state machine: deal, turns, draws, challenges, ONE, hand and match end.

Actions in, game-record events out (through ``sink``). ``apply`` checks and records;
``push``/``pop`` do the same moves silently and undoably so the computer can search
without copying. Cards and actions are small ints (see ``docs/CORE_API.md``).
"""

from uno.core import cards
from uno.core.cards import DRAW2, REVERSE, SKIP, WILD, WILD4, action_card
from uno.core.codes import (
    ACCEPT, CALL_ONE, CATCH, CHALLENGE, COLOUR, DRAW, LAST_PLAY, LAST_REC, NO_CATCH, NO_ONE, PASS,
    PH_CATCH, PH_CHALLENGE, PH_COLOUR, PH_DRAWN, PH_HAND_OVER, PH_JUMP, PH_MATCH_OVER, PH_NEW,
    PH_ONE, PH_PLAY, PH_STACK, PH_SWAP, RB_JUMP, RB_LIMIT, RB_MATCH, RB_MIXED, RB_REPEAT, RB_SEVEN,
    RB_STACK, SWAP, WD4_BITS, WD4_CHALLENGE, WD4_STRICT,
)
from uno.core.journal import Journal
from uno.core.rng import Rng

PHASE_NAMES = (
    "play", "drawn", "colour", "challenge", "stack", "one", "catch", "hand_over", "match_over",
    "new", "swap", "jump",
)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why. The game is unchanged."""


def _loaded(name):
    import sys

    return "uno.core." + name in sys.modules


def _unload(name, had):
    """Forget ``uno.core.<name>`` unless ``had`` (it was loaded before): code for a rare moment (a
    refusal, a name) stays off the badge's heap between uses (uno.core.explain, uno.core.notation: 3
    KB)."""
    if not had:
        from uno import drop

        drop("uno.core." + name)


def action_name(a):
    """Human-readable action (``R7``, ``W+4 RED``, ``draw``); see ``uno.core.notation``."""
    had = _loaded("notation")
    from uno.core.notation import action_name as name

    text = name(a)
    _unload("notation", had)
    return text


class Game(Journal):
    """One match of UNO under ``rules`` (a ``uno.core.ruleset.Rules``), seeded by ``seed``.

    ``brief``: the ``hand`` and ``returned`` events leave out the dealt hands and the pile
    (about 108 card names): the badge keeps no record and its heap cannot spare the peak."""

    brief = False
    # What only the real game sets is read from the class until it does: a search makes a
    # Game per sampled deal, and each attribute set on it is a slot of its table, whose last
    # growth (MicroPython's sizes run 17, 23, 29, 37) needs one block of 8 bytes a slot: at
    # 29 attributes 232 B, one more and 296 B, late in a hand when the heap is fullest.
    seed = 1
    sink = None
    names = None
    hand_no = 0
    starter = -1
    dealer = -1

    # Each seat's last two plays (``_note_play``): the real game's, set at its first deal; a
    # game a search samples reads this empty one (its attribute table stays at 29 slots) and
    # never writes it (a search's plays are not recorded).
    last_play = bytearray()

    def __init__(self, rules, seed=1, sink=None, names=None):
        self.rules = rules
        if seed != 1:
            self.seed = seed
        if sink is not None:
            self.sink = sink
        if names is not None:
            self.names = names
        self.nseats = n = rules.nseats
        self.rng = Rng(seed)
        self._rules_bits = (("challenge", "strict", "free").index(rules.wd4)
                            | (RB_REPEAT if rules.draw == "repeat" else 0)
                            | (RB_MATCH if rules.draw == "match" else 0)
                            | (RB_STACK if rules.stacking != "off" else 0)
                            | (RB_MIXED if rules.stacking == "mixed" else 0)
                            | (RB_SEVEN if rules.seven_zero == "on" else 0)
                            | (RB_JUMP if rules.jump_in == "on" else 0)
                            | rules.hand_limit << RB_LIMIT)
        self.hands = [[] for _ in range(n)]  # type: list[list[int]]
        # The draw and discard piles are bytearrays, one byte a card (cards are below 128):
        # a list takes four, and the discard pile grown by plays doubled to a 512-byte block
        # late in a hand, when the heap is fullest; a bytearray grows by 8 bytes at a time.
        self.pile = bytearray()
        self.discard = bytearray()
        self.scores = [0] * n
        self.last_points = [0] * n
        self.void = [0] * n
        self.winner = -1
        self.match_winner = -1
        self.colour = 0
        self.turn = 0
        self.actor = -1
        self.direction = 1
        self.phase = PH_NEW
        self.pending = 0
        self.pend_kind = 0
        self.drawn = -1
        self.passes = 0
        self.one_seat = -1
        self.catch_n = 0
        self.w4_seat = -1
        self.w4_guilty = False
        self.prev_colour = -1
        self.last_challenge = -1
        self._journal = []  # type: list

    # ----- records -------------------------------------------------------------------------

    def _rec(self):
        return self.sink is not None and not self._journal

    def _emit(self, ev):
        self.sink(ev)  # type: ignore[misc]  # set whenever _rec() is true

    @staticmethod
    def _names(cs):
        return [cards.name(c) for c in cs]

    def _pile_names(self):
        return [cards.name(self.pile[i]) for i in range(len(self.pile) - 1, -1, -1)]

    # ----- match and hand set-up -----------------------------------------------------------

    def start(self):
        """Begin the match: the ``match`` record, a random first starter, the first hand."""
        self._deal(-1)

    def next_hand(self):
        """Deal the next hand of the match (only after a hand is over)."""
        if self.phase != PH_HAND_OVER:
            raise IllegalAction("the hand is not over" if self.phase != PH_MATCH_OVER
                                else "the match is over")
        if self.rules.next_start == "winner":
            s = self.winner if self.winner >= 0 else self.starter
        else:
            # alternate: the seat after the last starter; rotate: the deal passes on one seat,
            # so the seat after the new dealer (the old starter) starts. Both are starter + 1.
            s = (self.starter + 1) % self.nseats
        self._deal(s)

    def _deal(self, starter):
        """Deal a hand that ``starter`` begins (-1: the match's first, after its ``match``
        record, a random starter): uno.core.deal, loaded for it and dropped after."""
        had = _loaded("deal")
        from uno.core.deal import deal

        deal(self, starter)
        _unload("deal", had)

    def _new_deck(self):
        """The shuffled deck of a new hand (dealt from its end)."""
        deck = cards.make_deck(self.rules.deck == "acorn", bytearray(108))
        self.rng.shuffle(deck)
        return deck

    def _put_back(self, card):
        """RULES.md: a W+4 turned up first goes back at a random position (the top included);
        returns the card turned up instead."""
        p = self.pile
        i = self.rng.below(len(p) + 1)
        p[i:i] = bytes((card,))
        card = p[-1]
        p[len(p) - 1:] = b""  # MicroPython's bytearray has no pop
        return card

    # ----- small helpers -------------------------------------------------------------------

    def _step(self, p, k):
        return (p + k * self.direction) % self.nseats

    def _ask(self, phase, seat):
        self.phase = phase
        self.actor = seat
        self.turn = seat

    def pile_count(self):
        """Cards in the draw pile."""
        return len(self.pile)

    @property
    def top(self):
        """The top card of the discard pile."""
        return self.discard[-1]

    def can_draw(self):
        """True if a card could be drawn (from the pile, or after a reshuffle)."""
        return len(self.pile) > 0 or len(self.discard) > 1

    def at_limit(self, p):
        """True if seat ``p`` holds ``hand_limit`` cards (never with no limit)."""
        limit = self._rules_bits >> RB_LIMIT
        return limit > 0 and len(self.hands[p]) >= limit

    def playable(self, card, hand=None):
        """True if ``card`` may go on the pile now (W+4 under ``wd4=strict`` checks ``hand``)."""
        k = card & 15
        if k >= WILD:
            if k == WILD4 and (self._rules_bits & WD4_BITS) == WD4_STRICT and hand is not None:
                return not self._holds_colour(hand, self.colour)
            return True
        return (card >> 4) == self.colour or k == (self.discard[-1] & 15)

    @staticmethod
    def _holds_colour(hand, colour):
        for c in hand:
            if (c >> 4) == colour:
                return True
        return False

    # ----- drawing -------------------------------------------------------------------------

    def _draw(self, p, n, why):
        """Move up to ``n`` cards to seat ``p`` (hand limit, reshuffle); returns the count."""
        limit = self._rules_bits >> RB_LIMIT
        if limit:
            room = limit - len(self.hands[p])
            if n > room:
                n = room if room > 0 else 0
        rec = self._rec()
        got = []  # type: list[int]
        given = 0
        while given < n:
            if not self.pile:
                if len(self.discard) <= 1:
                    break
                if rec and got:
                    self._emit({"ev": "draw", "p": p, "cards": self._names(got), "why": why})
                    got = []
                self._reshuffle()
            c = self._pile_pop()
            self._give(p, c)
            given += 1
            if rec:
                got.append(c)
        if given:
            self.passes = 0
            if why != "turn":
                self._set_void(p, 0)
        if rec and (got or given == 0 or n == 0):
            self._emit({"ev": "draw", "p": p, "cards": self._names(got), "why": why})
        return given

    # ----- legal actions -------------------------------------------------------------------

    def legal_actions(self):
        """The actions the actor may take now, as ints (empty when the hand or match is over)."""
        ph = self.phase
        p = self.actor
        acts = []  # type: list[int]
        if ph == PH_PLAY:
            hand = self.hands[p]
            any_play = self._plays(hand, acts, -1)
            if self.can_draw() and not self.at_limit(p):
                acts.append(DRAW)
            elif not any_play or not self.can_draw():
                acts.append(PASS)
        elif ph == PH_DRAWN:
            hand = self.hands[p]
            if self.playable(self.drawn, hand):
                self._wild_or_card(self.drawn, acts)
            if self._rules_bits & RB_REPEAT and self.can_draw() and not self.at_limit(p):
                acts.append(DRAW)
            acts.append(PASS)
        elif ph == PH_CHALLENGE:
            acts.append(CHALLENGE)
            acts.append(ACCEPT)
            if self._rules_bits & RB_STACK:
                self._plays(self.hands[p], acts, WILD4)
        elif ph == PH_STACK:
            self._plays(self.hands[p], acts, self.pend_kind)
            if self._rules_bits & RB_MIXED and self.pend_kind == DRAW2:
                self._plays(self.hands[p], acts, WILD4)
            acts.append(ACCEPT)
        elif ph == PH_COLOUR:
            for c in range(4):
                acts.append(COLOUR + c)
        elif ph == PH_ONE:
            acts.append(CALL_ONE)
            acts.append(NO_ONE)
        elif ph == PH_CATCH:
            acts.append(CATCH)
            acts.append(NO_CATCH)
        elif ph >= PH_SWAP:
            from uno.core.party import legal

            legal(self, acts)
        return acts

    def _plays(self, hand, acts, only_kind):
        """Append the play actions from ``hand`` (only kind ``only_kind`` if >= 0)."""
        start = len(acts)
        strict = (self._rules_bits & WD4_BITS) == WD4_STRICT
        colour = self.colour
        top_kind = self.discard[-1] & 15
        w4_ok = True
        if strict:
            w4_ok = not self._holds_colour(hand, colour)
        for c in hand:
            k = c & 15
            if only_kind >= 0 and k != only_kind:
                continue
            if k >= WILD:
                if k == WILD4 and not w4_ok:
                    continue
                if (k | 0x30) in acts:  # BLUE variant already listed: this wild is done
                    continue
                for cc in range(4):
                    acts.append(cc << 4 | k)
            elif ((c >> 4) == colour or k == top_kind) and c not in acts:
                acts.append(c)
        return len(acts) > start

    @staticmethod
    def _wild_or_card(card, acts):
        if (card & 15) >= WILD:
            for cc in range(4):
                acts.append(cc << 4 | (card & 15))
        else:
            acts.append(card)

    def explain(self, a):
        """Why action ``a`` is refused now, or None if it is legal (see ``uno.core.explain``)."""
        if a in self.legal_actions():
            return None
        had = _loaded("explain")
        had_names = _loaded("notation")  # uno.core.explain loads it
        from uno.core.explain import explain

        why = explain(self, a)
        _unload("explain", had)
        _unload("notation", had_names)
        return why

    # ----- applying actions ----------------------------------------------------------------

    def apply(self, a):
        """Apply one legal action and write its record; IllegalAction (state unchanged) if not."""
        if a not in self.legal_actions():
            raise IllegalAction(self.explain(a) or "illegal")
        self._do(a)

    def _do(self, a):
        p = self.actor
        ph = self.phase
        if a < 64:
            self._play(p, a)
        elif a == DRAW:
            self._turn_draw(p)
        elif a == PASS:
            if ph == PH_PLAY:
                self.passes += 1
            self.drawn = -1
            if self._rec():
                self._emit({"ev": "pass", "p": p})
            if self.passes >= self.nseats:
                self._end_hand(-1)
            else:
                self._ask(PH_PLAY, self._step(p, 1))
        elif a == ACCEPT:
            why = "+2" if self.pend_kind == DRAW2 else "+4"
            n = self.pending
            self.pending = 0
            self._draw(p, n, why)
            self._ask(PH_PLAY, self._step(p, 1))
        elif a == CHALLENGE:
            self._challenge(p)
        elif a == CALL_ONE:
            if self._rec():
                self._emit({"ev": "one", "p": p, "called": True})
            self._effect(p, self.discard[-1])
        elif a == NO_ONE:
            self.catch_n = 1
            self.phase = PH_CATCH
            self.actor = self._step(p, 1)
        elif a == CATCH:
            q = self.one_seat
            if self._rec():
                self._emit({"ev": "one", "p": q, "called": False, "caught": True})
            self._draw(q, 2, "one")
            self._effect(q, self.discard[-1])
        elif a == NO_CATCH:
            q = self.one_seat
            if self.catch_n >= self.nseats - 1:
                if self._rec():
                    self._emit({"ev": "one", "p": q, "called": False, "caught": False})
                self._effect(q, self.discard[-1])
            else:
                self.catch_n += 1
                self.actor = self._step(self.actor, 1)
        elif a >= SWAP:
            from uno.core.party import do

            q = do(self, p, a)
            if q >= 0:
                self._effect(q, self.discard[-1], False)
        else:  # COLOUR + c: the first card turned up was a W
            self.colour = a - COLOUR
            if self._rec():
                self._emit({"ev": "colour", "p": p, "colour": cards.COLOUR_LETTERS[self.colour]})
            self._ask(PH_PLAY, p)

    def _turn_draw(self, p):
        if self.phase == PH_PLAY:
            # Lacks the active colour now; older marks are stale (the new card may be any).
            self._set_void(p, 1 << self.colour)
        hand = self.hands[p]
        c = hand[-1] if self._draw(p, 1, "turn") else -1
        if self._rules_bits & RB_MATCH:
            from uno.core.party import match

            c = match(self, p, hand, c)
        if c >= 0 and (self._rules_bits & RB_REPEAT or self.playable(c, hand)):
            self.drawn = c
            self.phase = PH_DRAWN
            return
        self.drawn = -1
        if self._rec():
            self._emit({"ev": "pass", "p": p})
        self._ask(PH_PLAY, self._step(p, 1))

    def _play(self, p, a):
        if not self._journal:
            self._note_play(p, a)
        card = action_card(a)
        hand = self.hands[p]
        if self.phase == PH_DRAWN:
            i = len(hand) - 1
        else:
            i = hand.index(card)
        k = card & 15
        jump = self.phase == PH_JUMP
        if jump and k == DRAW2 and self._rules_bits & RB_STACK:
            self.pending += 2  # the +2 jumped on never took effect: its penalty stacks
        if k == WILD4:
            self.prev_colour = self.colour
            self.w4_seat = p
            self.w4_guilty = self._holds_colour(hand, self.colour)
        self._take(p, i)
        self._discard_push(card)
        self.colour = a >> 4
        self.drawn = -1
        self.passes = 0
        if self._rec():
            ev = {"ev": "play", "p": p, "card": cards.name(card)}
            if k >= WILD:
                ev["colour"] = cards.COLOUR_LETTERS[self.colour]
            if jump:
                ev["jump"] = True
            self._emit(ev)
        left = len(hand)
        if left == 0:
            if k == DRAW2 or k == WILD4:
                self._draw(self._step(p, 1), self.pending + (2 if k == DRAW2 else 4),
                           "+2" if k == DRAW2 else "+4")
                self.pending = 0
            self._end_hand(p)
            return
        if left == 1:
            if self.rules.one_call == "required":
                self.one_seat = p
                self.phase = PH_ONE
                self.actor = p
                return
            if self._rec():
                self._emit({"ev": "one", "p": p, "called": True})
        self._effect(p, card)

    def _note_play(self, p, a):
        """Record seat ``p``'s play ``a`` before it is applied, in ``last_play``: the action
        (255: not a free choice from the hand: a drawn or a stacked card), the colour in force
        | the top's kind << 2, the next seat's count, the smallest other count, the next seat's
        colour marks, ``p``'s count after. What every seat saw, so any seat may use it."""
        lp = self.last_play
        o = p * LAST_PLAY
        if len(lp) < o + LAST_PLAY:
            return  # a position set up by hand, not dealt: no record (the class's empty one)
        lp[o + LAST_REC:o + LAST_PLAY] = lp[o:o + LAST_REC]
        if self.phase != PH_PLAY:
            for i in range(o, o + LAST_REC):
                lp[i] = 255  # the whole record, so a resumed match has the same bytes
            return
        hands = self.hands
        nxt = self._step(p, 1)
        m = 255
        for s in range(self.nseats):
            if s != p and len(hands[s]) < m:
                m = len(hands[s])
        lp[o] = a
        lp[o + 1] = self.colour | (self.discard[-1] & 15) << 2
        lp[o + 2] = len(hands[nxt])
        lp[o + 3] = m
        lp[o + 4] = self.void[nxt] & 15
        lp[o + 5] = len(hands[p]) - 1

    def _effect(self, p, card, party=True):
        """The played card's effect on turn order and the next seat; first, under seven_zero
        or jump_in (``party``), uno.core.party's turn: the jump-in window or the 7's swap (which
        come back here with ``party`` False once answered), the 0's pass."""
        if party and self._rules_bits & (RB_SEVEN | RB_JUMP):
            from uno.core.party import after

            if after(self, p, card):
                return
        k = card & 15
        self.one_seat = -1
        if k < SKIP or k == WILD:
            self._ask(PH_PLAY, self._step(p, 1))
        elif k == SKIP or (k == REVERSE and self.nseats == 2):
            self._ask(PH_PLAY, self._step(p, 2))
        elif k == REVERSE:
            self.direction = -self.direction
            self._ask(PH_PLAY, self._step(p, 1))
        else:
            victim = self._step(p, 1)
            self.pending += 2 if k == DRAW2 else 4
            self.pend_kind = k
            if k == WILD4 and (self._rules_bits & WD4_BITS) == WD4_CHALLENGE:
                self._ask(PH_CHALLENGE, victim)
            elif self._rules_bits & RB_STACK and (
                    self._holds_kind(self.hands[victim], k)
                    or (k == DRAW2 and self._rules_bits & RB_MIXED
                        and self._holds_kind(self.hands[victim], WILD4))):
                self._ask(PH_STACK, victim)
                if not self.legal_actions()[0] < 64:  # a strict W+4 it may not play
                    self._accept(victim)
            else:
                self._accept(victim)

    def _accept(self, victim):
        n = self.pending
        self.pending = 0
        self._draw(victim, n, "+2" if self.pend_kind == DRAW2 else "+4")
        self._ask(PH_PLAY, self._step(victim, 1))

    @staticmethod
    def _holds_kind(hand, k):
        for c in hand:
            if (c & 15) == k:
                return True
        return False

    def _challenge(self, p):
        q = self.w4_seat
        guilty = self.w4_guilty
        n = self.pending
        self.pending = 0
        if self._rec():
            self._emit({"ev": "challenge", "p": p, "target": q, "guilty": guilty})
        self.last_challenge = q << 1 | (1 if guilty else 0)
        if guilty:
            self._draw(q, n, "challenge")
            self._ask(PH_PLAY, p)
        else:
            self._draw(p, n + 2, "challenge")
            self._ask(PH_PLAY, self._step(p, 1))

    # ----- end of a hand -------------------------------------------------------------------

    def _end_hand(self, winner):
        n = self.nseats
        pts = [cards.hand_points(h) for h in self.hands]
        if self._journal:
            self._journal_lists()
        self.last_points = pts
        self.winner = winner
        self.actor = -1
        if winner >= 0:
            if self.rules.scoring == "penalty":
                for s in range(n):
                    if pts[s]:
                        self._score(s, pts[s])
            else:
                total = 0
                for s in range(n):
                    total += pts[s]
                if total:
                    self._score(winner, total)
        over = False
        for s in range(n):
            if self.scores[s] >= self.rules.target:
                over = True
        if over:
            self.match_winner = self._leader(winner)
            self.phase = PH_MATCH_OVER
        else:
            self.phase = PH_HAND_OVER
        if self._rec():
            self._emit({"ev": "hand_end", "winner": winner if winner >= 0 else None,
                        "points": list(pts), "scores": list(self.scores)})
            if over:
                self._emit({"ev": "match_end", "winner": self.match_winner,
                            "scores": list(self.scores)})

    def _leader(self, went_out):
        """Match winner: highest total (standard) or lowest (penalty, ties as RULES.md says)."""
        sc = self.scores
        if self.rules.scoring != "penalty":
            best = 0
            for s in range(self.nseats):
                if sc[s] > sc[best]:
                    best = s
            return best
        low = min(sc)
        if went_out >= 0 and sc[went_out] == low:
            return went_out
        return sc.index(low)

    # ----- observation and determinisation -------------------------------------------------

    def observe(self, seat):
        """What ``seat`` may see now (its hand, public state, its legal actions if it acts)."""
        from uno.core.observe import Observation

        return Observation(self, seat)

    @classmethod
    def from_observation(cls, obs, rng):
        """A full game consistent with ``obs``, unseen cards dealt at random (``rng``)."""
        from uno.core.sample import determinize

        return determinize(cls, obs, rng)
