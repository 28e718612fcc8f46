"""Reasons for refusing an action, in the words of the message bar (26 characters at most,
the width of the badge's message bar, for every card and colour)."""

from uno.core import cards
from uno.core.cards import DRAW2, SKIP, WILD, WILD4, action_card
from uno.core.codes import (
    ACCEPT, CHALLENGE, DRAW, NO_JUMP, PASS, PH_CATCH, PH_CHALLENGE, PH_COLOUR, PH_DRAWN,
    PH_HAND_OVER, PH_JUMP, PH_MATCH_OVER, PH_NEW, PH_ONE, PH_STACK, PH_SWAP, SWAP,
)


def explain(g, a):
    """Why action ``a`` is refused now, or None if it is legal."""
    if a in g.legal_actions():
        return None
    ph = g.phase
    if ph in (PH_HAND_OVER, PH_MATCH_OVER, PH_NEW):
        return "the hand is over" if ph == PH_HAND_OVER else (
            "the match is over" if ph == PH_MATCH_OVER else "the match has not started")
    if not isinstance(a, int) or a < 0 or a > NO_JUMP or (a < 64 and a & 15 == 15):
        return "not an action: %r" % (a,)
    p = g.actor
    hand = g.hands[p]
    if ph == PH_COLOUR:
        return "choose a colour first"
    if ph == PH_ONE:
        return "call ONE (or let it pass)"
    if ph == PH_CATCH:
        return "catch the missed ONE?"
    if ph == PH_SWAP:
        if SWAP <= a < NO_JUMP:
            return "no seat %d to swap with" % (a - SWAP) if a - SWAP >= g.nseats else (
                "you cannot swap with you")
        return "choose whom to swap with"
    if ph == PH_JUMP:
        return "jump in with %s or not" % cards.name(g.discard[-1])
    if a >= SWAP:
        return _not_now(a)
    if a < 64:
        return _card(g, a, ph, hand)
    if a == DRAW:
        if ph in (PH_CHALLENGE, PH_STACK):
            return "accept the penalty instead"
        if g.at_limit(p):
            return "hand full (%d cards)" % g.rules.hand_limit
        if not g.can_draw():
            return "no card left to draw"
        return "already drawn this turn"
    if a == PASS:
        if ph in (PH_CHALLENGE, PH_STACK):
            return "accept the penalty instead"
        return "draw a card before passing"
    if a in (CHALLENGE, ACCEPT):
        return "no penalty to %s" % ("challenge" if a == CHALLENGE else "accept")
    return _not_now(a)


def _not_now(a):
    # the action's name (uno.core.notation) loaded only here: a refused card, the commonest
    # refusal, loads no more than this module mid-match
    from uno.core.notation import action_name

    return "%s: not now" % action_name(a)


def _card(g, a, ph, hand):
    """Why playing card action ``a`` (from ``hand``) is refused in phase ``ph``."""
    # Out of explain: it loads mid-match at your first refused move, and a function's
    # bytecode is one block (457 bytes whole, failing in a player's long sessions).
    card = action_card(a)
    if card not in hand:
        return "you do not hold " + cards.name(card)
    if ph == PH_DRAWN and card != g.drawn:
        return "play the drawn %s or pass" % cards.name(g.drawn)
    if ph in (PH_CHALLENGE, PH_STACK):
        if ph == PH_STACK or g.rules.stacking != "off":
            if g.pend_kind == DRAW2 and g.rules.stacking == "mixed":
                return "only a +2 or W+4 may stack"
            return "only a %s may be stacked" % (
                "+2" if g.pend_kind == DRAW2 else "W+4")
        return "challenge it or accept"
    if (card & 15) == WILD4:
        return "W+4: you hold a %s" % cards.COLOUR_NAMES[g.colour]
    colour = cards.COLOUR_NAMES[g.colour]
    kind = g.discard[-1] & 15
    if kind >= WILD:
        return "Not playable: needs " + colour
    if kind < SKIP:
        text = "Not playable: %s or %s %d" % (colour, "an" if kind == 8 else "a", kind)
        return text if len(text) <= 26 else "Not playable: %s or %d" % (colour, kind)
    # the kind in words: card notation's "R" or "S" means nothing to a new player, and
    # "Not playable: YELLOW or a Reverse" would not fit the bar
    return "Needs %s or a %s" % (colour, ("Skip", "Reverse", "+2")[kind - SKIP])
