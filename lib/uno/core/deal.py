"""A hand's deal (``Game._deal``), and before a match's first the ``match`` record: run once a
hand, so loaded for it and dropped after (the badge keeps a loaded module's code in its heap,
and a late search has use for the room)."""

from uno.core import cards
from uno.core.cards import DRAW2, REVERSE, SKIP, W4, WILD
from uno.core.codes import LAST_PLAY, PH_COLOUR, PH_PLAY


# Four functions, not one: each function's bytecode is one block of the heap when the module
# loads, and a hand begins in a heap that the last one fragmented (one 694-byte block failed).


def deal(g, starter):
    """Deal ``g``'s next hand, begun by seat ``starter`` (-1: the match's first, after its
    ``match`` record, a random starter), and ask its first question."""
    n = g.nseats
    if starter < 0:
        starter = _match(g, n)
    _cards(g, starter, n)
    _record(g)
    _turn_up(g, starter, n)


def _match(g, n):
    # the match's record, and the first hand's random starter
    if g.sink is not None:
        names = g.names or list(g.rules.seats)
        g._emit({"ev": "match", "v": 1, "seed": g.seed, "rules": g.rules.as_dict(),
                 "seats": list(g.rules.seats), "names": list(names)})
    return g.rng.below(n)


def _cards(g, starter, n):
    # the hand's state, the cards dealt and the first one turned up
    g.hand_no += 1
    g.starter = starter
    g.dealer = (starter - 1) % n
    g.winner = -1
    g.direction = 1
    g.pending = 0
    g.drawn = -1
    g.passes = 0
    g.one_seat = -1
    g.w4_seat = -1
    g.prev_colour = -1
    g.last_challenge = -1
    g.void = [0] * n
    lp = g.last_play
    if len(lp) != LAST_PLAY * n:
        g.last_play = lp = bytearray(LAST_PLAY * n)
    for i in range(len(lp)):
        lp[i] = 255  # no play on record
    # The last hand's lists go before the new deck is made: the collection an allocation
    # may need can give their room (a discard pile of up to ~100 cards) to the deck's block.
    g.hands = g.pile = g.discard = ()
    deck = g._new_deck()
    g.pile = deck
    g.hands = [[] for _ in range(n)]
    end = len(deck)  # dealt from the end, one card a seat at a time
    for _ in range(7):
        for k in range(n):
            end -= 1
            g.hands[(starter + k) % n].append(deck[end])
    end -= 1
    g.discard = bytearray((deck[end],))
    deck[end:] = b""  # MicroPython's bytearray has no pop


def _record(g):
    # the hand's record; a W+4 turned up goes back into the pile (RULES.md)
    top = g.discard[0]
    if g.sink is not None:
        if g.brief:
            g._emit({"ev": "hand", "n": g.hand_no, "dealer": g.dealer, "top": cards.name(top)})
        else:
            g._emit({"ev": "hand", "n": g.hand_no, "dealer": g.dealer,
                     "hands": [g._names(h) for h in g.hands],
                     "top": cards.name(top), "pile": g._pile_names()})
    while top == W4:
        top = g._put_back(top)
        g.discard[0] = top
        if g.sink is not None:
            ev = {"ev": "returned", "card": "W+4", "top": cards.name(top)}
            if not g.brief:
                ev["pile"] = g._pile_names()
            g._emit(ev)


def _turn_up(g, starter, n):
    # what the card turned up asks for first (RULES.md)
    top = g.discard[0]
    g.colour = top >> 4
    k = top & 15
    g.turn = starter
    if k == WILD:
        g.colour = 0
        g._ask(PH_COLOUR, starter)
        return
    if k == DRAW2:
        g._draw(starter, 2, "start")
        g._ask(PH_PLAY, g._step(starter, 1))
    elif k == SKIP or (k == REVERSE and n == 2):
        g._ask(PH_PLAY, g._step(starter, 1))
    elif k == REVERSE:
        g.direction = -1
        g._ask(PH_PLAY, g.dealer)
    else:
        g._ask(PH_PLAY, starter)
