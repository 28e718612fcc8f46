"""The computer players of a run with ``cpu="first"`` (the simulator's ``--cpu first``, the
tests): each plays its first legal action, so the golden screenshots and records depend on the
rules and the deal alone, not on the AI. Loaded only in such a run (Match.make_player), so a
match on the badge holds none of it."""


class First:
    """Plays the first legal action."""

    def choose(self, obs):
        """The first legal action of ``obs``."""
        return obs.legal[0]


def make_player(level, seed=0, budget=None):
    """A First player for any ``level``."""
    return First()
