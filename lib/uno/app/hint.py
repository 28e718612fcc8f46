"""Hint (pause menu, tips on): what the Advanced player would do in your seat, in one line.

It sees only your seat's observation, as any player does. Loaded when asked and dropped after
(App.later);
the Advanced player's modules go too unless a computer seat had them loaded.
"""

from uno.core import cards
from uno.core.codes import COLOUR, DRAW, NO_JUMP, PASS, SWAP


# the Advanced player's modules (uno.players.make, advanced), its search's apart (drop_search)
_PLAYER = ("make", "advanced")  # of uno.players


def say(a):
    """One line for action ``a``: "Play R7", "Play W+4, call RED", "Draw", "Call BLUE"..."""
    if a < 64:
        text = "Play " + cards.name(cards.action_card(a))
        if (a & 15) >= cards.WILD:
            text += ", call " + cards.COLOUR_NAMES[a >> 4]
        return text
    if a == NO_JUMP:
        return "Do not jump in"
    if a >= SWAP:
        return "Swap with seat %d" % (a - SWAP)
    if a >= COLOUR:
        return "Call " + cards.COLOUR_NAMES[a - COLOUR]
    return ("Draw", "Pass", "Challenge", "Take the cards", "Call ONE", "Do not call ONE",
            "Catch them", "Do not catch")[a - DRAW]


def line(obs, a):
    """``say(a)`` for the Advanced player's answer ``a`` in ``obs``, with why it draws or passes
    while a wild would fit (it keeps wilds while no hand is low, at three and four seats)."""
    text = say(a)
    if a == DRAW or a == PASS:
        for b in obs.legal:
            if b < DRAW and (b & 15) >= cards.WILD:
                return text + ", keep the wild"
    return text


def hint(app):
    """The pause menu's Hint, run by App.frame (``App.later``): the message bar says what the
    Advanced player would do in the seat on show (its turn or not); then this module goes."""
    import sys

    from uno import drop, drop_search

    tb = app.table
    g = tb.g
    text = "Hint: wait for your turn"
    if g is not None and g.actor == tb.seat and tb.human(g.actor):
        had = [n for n in _PLAYER if "uno.players." + n in sys.modules]
        searched = "uno.players.search" in sys.modules
        try:
            from uno.players.make import make_player

            obs = g.observe(tb.seat)
            a = make_player("advanced", g.seed).choose(obs)
        except MemoryError:
            a = -1
        finally:
            for n in _PLAYER:
                if n not in had:
                    drop("uno.players." + n)
            if not searched:
                drop_search()
        text = "Hint: no room to think" if a < 0 else "Hint: " + line(obs, a)
    app.view.message(text)
    drop("uno.app.hint")
