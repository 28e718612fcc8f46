"""A human seat's answers to the 7's swap and the jump-in window (RULES.md `seven_zero`,
`jump_in`). The swap picker: a ring round the chosen seat's panel, which the D-pad moves round
the table in seat order (RIGHT/DOWN the next seat, LEFT/UP the one before; never your own),
starting on the seat with the fewest cards; the message bar names it and its count; A swaps.
The jump-in: the card that can jump raised and ringed in the hand (scrolled into view) with a
bar under it that shrinks over the window (``window``: the message speed's pause and a
person's reaction); A jumps in, B or the window's end lets it go.

Loaded only when a human faces one of these phases and dropped when it is answered (``unmark``),
with its marks (uno.view.marks): a match without those rules never has this code on the heap.
"""

from micropython import const

from uno import drop

from uno.core import cards
from uno.core.codes import NO_JUMP, PH_JUMP, SWAP
from uno.app.codes import SPLIT
from uno.app.input import A, B, DOWN, LEFT, RIGHT, UP
from uno.view import layout as L
from uno.view.text import with_name

# A person's reaction, added to the pause: the pause alone (800 ms at the default speed) was
# over before a player had seen the card rise and reached for A
_REACT = const(1200)


def ask(tb, ph, now):
    """The prompt as the phase begins for the human at table ``tb``, and its marks; in a
    play's frame (a card played or landing) they come a frame later, with your hand
    (``answer``)."""
    g = tb.g
    if ph == PH_JUMP:
        # the window opens when its prompt shows (an outcome held in the bar comes first)
        start = tb.hold_until if tb.hold_until - now > 0 else now
        tb.window_until = start + window(tb)
        # the card that can jump selected, and the hand scrolled to it (as Table.sync would)
        i = g.hands[tb.seat].index(g.top)
        tb.sel = i
        if i < tb.offset:
            tb.offset = i
        elif i >= tb.offset + L.HAND_SLOTS:
            tb.offset = i - L.HAND_SLOTS + 1
        tb.say("A: jump in with %s! B: no" % cards.name(g.top), now)
    else:
        # first the fewest cards (uno.players.normal.Player.swap)
        s = -1
        for a in g.legal_actions():
            if s < 0 or len(g.hands[a - SWAP]) < len(g.hands[s]):
                s = a - SWAP
        tb.swap_to = s
        _name_seat(tb, s)
    if not tb.pend & SPLIT:
        _mark(tb, ph, now)


def window(tb):
    """A person's jump-in window (ms): the message speed's pause and the time to see the card
    stand out and press A (2 s at the default speed 7, 1.4 s at 10, 3.2 s at 1)."""
    return tb.pace() + _REACT


def _mark(tb, ph, now):
    from uno.view.marks import Marks

    m = tb.marks = Marks(tb.view)
    if ph == PH_JUMP:
        m.whole = window(tb)
        m.card(tb.sel - tb.offset)
        m.left(tb.window_until - now, m.whole)
    else:
        m.seat(tb.panel_of[tb.swap_to])
    return m


def _name_seat(tb, s):
    tb.say(with_name("A: swap with %s (%d) \x7f\x80", tb._who(s), (len(tb.g.hands[s]),)))


def answer(tb, ph, pressed, now):
    """The human's buttons ``pressed`` in the swap or jump-in phase, each frame of it: the
    action they chose (the marks already off, this module let go), or -1 while they choose."""
    g = tb.g
    m = tb.marks
    if m is None:
        m = _mark(tb, ph, now)
    if ph == PH_JUMP:
        if pressed & A:
            unmark(tb)
            return g.top
        if pressed & B or now - tb.window_until >= 0:
            unmark(tb)
            return NO_JUMP
        m.left(tb.window_until - now, m.whole)
        return -1
    s = tb.swap_to
    if pressed & (LEFT | RIGHT | UP | DOWN):
        d = 1 if pressed & (RIGHT | DOWN) else -1
        n = g.nseats
        s = (s + d) % n
        if s == g.actor:
            s = (s + d) % n
        if s != tb.swap_to:
            tb.swap_to = s
            m.seat(tb.panel_of[s])
            _name_seat(tb, s)
    elif pressed & A:
        unmark(tb)
        return SWAP + s
    return -1


def unmark(tb):
    """The marks off the table; this module and the marks' go until the next such phase."""
    m = tb.marks
    if m is not None:
        tb.marks = None
        m.clear()
    drop("uno.view.marks")
    drop("uno.app.party")

