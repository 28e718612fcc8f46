"""A full game sampled from what a seat sees (``determinize``): the start of each of the
Advanced player's searches (``Game.from_observation``). Apart from uno.core.observe, which every
computer turn reads, so that its code is loaded with the search's and let go with it
(uno.drop_search).
"""

from micropython import const

from uno.core import cards
from uno.core.codes import VOID_KIND
from uno.core.observe import PUBLIC

# cards a search's plies (uno.players.search._CORE_PLIES) may play onto a sampled discard pile
PLAY_ROOM = const(4)
_GONE = const(255)  # a card _deal took from the unseen cards (cards are below 128)


def _unseen(obs):
    """The cards ``obs``'s seat has not seen (in no hand of its own, not on the pile), in a
    bytearray of their own count."""
    # _unseen, _deal and _rest are out of determinize: it loads at a hand's first search, and
    # a function's bytecode is one block (541 bytes whole, failing in long runs).
    seen = bytearray(80)  # how many of each card this seat has seen
    for c in obs.hand:
        seen[c] += 1
    for c in obs.discard:
        seen[c] += 1
    # One byte a card, filled in place: a list of the unseen cards (up to 424 bytes in one
    # block, made at a search late in a hand, when the heap is fullest) was what failed most
    # often in the long runs on the badge's model (docs/BENCHMARKS.md); the sampled
    # pile (_rest) is a list of the pile's own count.
    deck = cards.make_deck(obs.rules.deck == "acorn", bytearray(108))
    n = 0
    for c in deck:
        if seen[c]:
            seen[c] -= 1
        else:
            deck[n] = c
            n += 1
    return deck[:n]


def _deal(obs, unseen):
    """The hands of a sampled deal: ``obs``'s seat its own, each other seat its count taken
    from the end of ``unseen`` (shuffled), avoiding the colours and kinds it showed it lacks
    where the cards allow; a card dealt is marked _GONE in ``unseen``."""
    seat = obs.seat
    hands = [[] for _ in range(obs.nseats)]  # type: list[list[int]]
    hands[seat] = list(obs.hand)
    end = len(unseen)  # every card from here on is dealt
    for s in range(obs.nseats):
        if s == seat:
            continue
        need = obs.counts[s]
        void = obs.void[s]
        h = [0] * need
        n = 0
        if void:
            i = end - 1
            while i >= 0 and n < need:
                c = unseen[i]
                if c != _GONE and not (c < 0x40 and (void >> (c >> 4) & 1
                                                     or void >> (VOID_KIND + (c & 15)) & 1)):
                    h[n] = c
                    unseen[i] = _GONE
                    n += 1
                i -= 1
        while n < need:
            end -= 1
            c = unseen[end]
            if c != _GONE:
                h[n] = c
                unseen[end] = _GONE
                n += 1
        hands[s] = h
    return hands


def _rest(unseen):
    """The cards of ``unseen`` not dealt (not _GONE), in order: the sampled draw pile."""
    m = 0
    for c in unseen:
        if c != _GONE:
            m += 1
    pile = bytearray(m)
    m = 0
    for c in unseen:
        if c != _GONE:
            pile[m] = c
            m += 1
    return pile


def determinize(cls, obs, rng):
    """A full game consistent with ``obs``: unseen cards dealt at random (``rng``) to the
    other hands (avoiding colours each seat showed it lacked) and to the pile."""
    g = cls(obs.rules)
    g.rng.seed(rng.next32())  # the seed's own attribute would be a slot more (uno.core.game.Game)
    for name in PUBLIC:
        setattr(g, name, getattr(obs, name))
    g.turn = obs.actor
    g.drawn = obs.drawn
    g.scores = list(obs.scores)
    d = obs.discard
    n = len(d)
    # with room for the plies' plays, so their first append need not move it
    g.discard = discard = bytearray(n + PLAY_ROOM)
    discard[:] = d  # MicroPython keeps the bytearray's room
    g.void = list(obs.void)
    unseen = _unseen(obs)
    rng.shuffle(unseen)
    hands = _deal(obs, unseen)
    g.hands = hands
    g.pile = _rest(unseen)
    if obs.w4_seat >= 0 and obs.prev_colour >= 0:
        g.w4_guilty = g._holds_colour(hands[obs.w4_seat], obs.prev_colour)
    return g
