"""Names of actions for messages, logs and tests (kept out of ``game`` to save device RAM)."""

from uno.core import cards
from uno.core.cards import WILD, action_card, play_action
from uno.core.codes import COLOUR, DRAW, NO_JUMP, SWAP


def action_name(a):
    """Human-readable action: ``R7``, ``W+4 RED``, ``draw``, ``colour BLUE``, ``swap 2``,
    ``no jump``."""
    if a < 64:
        if (a & 15) >= WILD:
            return cards.name(action_card(a)) + " " + cards.COLOUR_NAMES[a >> 4]
        return cards.name(a)
    if a == NO_JUMP:
        return "no jump"
    if a >= SWAP:
        return "swap %d" % (a - SWAP)
    if a >= COLOUR:
        return "colour " + cards.COLOUR_NAMES[a - COLOUR]
    return ("draw", "pass", "challenge", "accept", "call ONE", "no ONE", "catch", "no catch")[
        a - DRAW
    ]


def parse_action(text):
    """Inverse of ``action_name`` (also ``W+4:R`` / ``W B``); ValueError naming bad text."""
    t = text.strip()
    low = t.lower()
    for a in range(DRAW, COLOUR):
        if action_name(a).lower() == low:
            return a
    if low.startswith("colour "):
        return COLOUR + _colour_index(t[7:])
    if low == "no jump":
        return NO_JUMP
    if low.startswith("swap ") and t[5:].strip() in ("0", "1", "2", "3"):
        return SWAP + int(t[5:])
    parts = t.replace(":", " ").split()
    card = cards.parse(parts[0])
    if (card & 15) >= WILD:
        if len(parts) != 2:
            raise ValueError("a wild needs a colour: %r" % text)
        return play_action(card, _colour_index(parts[1]))
    if len(parts) != 1:
        raise ValueError("not an action: %r" % text)
    return card


def _colour_index(text):
    t = text.strip().upper()
    for i in range(4):
        if t == cards.COLOUR_NAMES[i] or t == cards.COLOUR_LETTERS[i]:
            return i
    raise ValueError("not a colour: %r" % text)


