"""The Easy computer player, in a module of its own: a match without an Easy seat (a player
against Normal or Advanced opponents) keeps its code out of the heap (0.8 KB on the badge's VM).
"""

from uno.players.normal import Player, best_colour, colour_counts
from uno.core.cards import action_card
from uno.core.codes import ACCEPT, CALL_ONE, CATCH, CHALLENGE, DRAW, NO_CATCH, NO_ONE, PASS


class Easy(Player):
    """A beginner: a random playable card, colours chosen by a rough count, a W+4 whenever it
    comes up (bluffs without knowing it), never draws by choice, forgets ONE now and then."""

    level = "easy"
    forget_one = 4  # forgets to call ONE once in this many times
    catch_rate = 2  # catches a missed call once in this many times

    def call_one(self, obs):
        return NO_ONE if self.rng.below(self.forget_one) == 0 else CALL_ONE

    def catch(self, obs):
        return CATCH if self.rng.below(self.catch_rate) == 0 else NO_CATCH

    def colour(self, obs):
        if self.rng.below(3) == 0:
            return self.rng.below(4)
        return best_colour(colour_counts(obs.hand))

    def challenge(self, obs):
        legal = obs.legal
        plays = [a for a in legal if a < DRAW]
        if plays:
            return plays[self.rng.below(len(plays))]
        return CHALLENGE if self.rng.below(3) == 0 else ACCEPT

    def stack(self, obs):
        plays = [a for a in obs.legal if a < DRAW]
        if plays:
            return plays[self.rng.below(len(plays))]
        return ACCEPT

    def play(self, obs):
        legal = obs.legal
        cards = []
        for a in legal:
            if a < DRAW:
                c = action_card(a)
                if c not in cards:
                    cards.append(c)
        if not cards:
            if DRAW in legal:
                return DRAW
            return PASS
        c = cards[self.rng.below(len(cards))]
        if c >= 0x40:
            col = self.colour(obs)
            a = col << 4 | (c & 15)
            if a in legal:
                return a
            for a in legal:
                if a < DRAW and action_card(a) == c:
                    return a
        return c
