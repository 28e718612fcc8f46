"""The computer players' factory: a player for each level. Easy's and Advanced's code is
loaded only for a seat of that level; Normal's (uno.players.normal) is the base of both."""

from uno.players.normal import Normal


def make_player(level, seed=0, budget=None):
    """A computer player for ``level`` ('easy', 'normal', 'advanced'); ``seed`` makes its
    choices reproducible; ``budget`` (Advanced only) caps the search in simulated actions."""
    if level == "easy":
        from uno.players.easy import Easy

        return Easy(seed)
    if level == "normal":
        return Normal(seed)
    if level == "advanced":
        from uno.players.advanced import Advanced

        return Advanced(seed, budget)
    raise ValueError("unknown level %r (easy, normal, advanced)" % (level,))
