"""The Easy computer player, in a module of its own: a match without an Easy seat (a player
against Normal or Advanced opponents) keeps its code out of the heap (0.8 KB on the badge's VM).
"""

from micropython import const

from uno.ai import Player, action_card, best_colour, colour_counts

# uno.game's actions, as private constants (tests/test_ai.py checks they equal the game's)
_DRAW = const(64)
_PASS = const(65)
_CHALLENGE = const(66)
_ACCEPT = const(67)
_CALL_ONE = const(68)
_NO_ONE = const(69)
_CATCH = const(70)
_NO_CATCH = const(71)


class Easy(Player):
    """A beginner: a random playable card, colours chosen by a rough count, a W+4 whenever it
    comes up (bluffs without knowing it), never draws by choice, forgets ONE now and then."""

    level = "easy"
    forget_one = 4  # forgets to call ONE once in this many times
    catch_rate = 2  # catches a missed call once in this many times

    def call_one(self, obs):
        return _NO_ONE if self.rng.below(self.forget_one) == 0 else _CALL_ONE

    def catch(self, obs):
        return _CATCH if self.rng.below(self.catch_rate) == 0 else _NO_CATCH

    def colour(self, obs):
        if self.rng.below(3) == 0:
            return self.rng.below(4)
        return best_colour(colour_counts(obs.hand))

    def challenge(self, obs):
        legal = obs.legal
        plays = [a for a in legal if a < _DRAW]
        if plays:
            return plays[self.rng.below(len(plays))]
        return _CHALLENGE if self.rng.below(3) == 0 else _ACCEPT

    def stack(self, obs):
        plays = [a for a in obs.legal if a < _DRAW]
        if plays:
            return plays[self.rng.below(len(plays))]
        return _ACCEPT

    def play(self, obs):
        legal = obs.legal
        cards = []
        for a in legal:
            if a < _DRAW:
                c = action_card(a)
                if c not in cards:
                    cards.append(c)
        if not cards:
            if _DRAW in legal:
                return _DRAW
            return _PASS
        c = cards[self.rng.below(len(cards))]
        if c >= 0x40:
            col = self.colour(obs)
            a = col << 4 | (c & 15)
            if a in legal:
                return a
            for a in legal:
                if a < _DRAW and action_card(a) == c:
                    return a
        return c
