"""The rules a match may add to the turn (RULES.md `seven_zero`, `jump_in`, `draw=match`): the
jump-in window, the 7's swap and the 0's pass, their undo for a search's ``pop``, and the
drawing on until a card fits.

Apart from ``uno.core.game``: a match with neither rule never loads this code (the badge's heap
keeps ``uno.core.game`` resident for the whole match).
"""

from uno.core.codes import J_HANDS, LAST_PLAY, NO_JUMP, PH_JUMP, PH_SWAP, RB_JUMP, RB_SEVEN, SWAP


def after(g, p, card):
    """After seat ``p``'s play of ``card`` (and its ONE): the jump-in window (the first seat
    after ``p`` holding the same card is asked), else the 7's or 0's rule. True when a seat
    is asked; False when the card's effect follows, which the caller (uno.core.game) applies: a
    frame less on CircuitPython 9's 1.5 KB Python stack, which a search's draw under it
    filled."""
    if g._rules_bits & RB_JUMP and card < 0x40:
        q = holder(g, p, p, card)
        if q >= 0:
            g.one_seat = -1
            g.phase = PH_JUMP
            g.turn = p
            g.actor = q
            return True
    return seven(g, p, card)


def holder(g, p, s, card):
    """The first seat after ``s`` (before ``p`` comes round) whose hand holds ``card``; -1 if
    none."""
    s = g._step(s, 1)
    while s != p:
        if card in g.hands[s]:
            return s
        s = g._step(s, 1)
    return -1


def seven(g, p, card):
    """seven_zero=on: a 7 asks its player whom to swap hands with (True), a 0 passes every
    hand on; False when the card's effect follows (the caller's)."""
    if g._rules_bits & RB_SEVEN:
        k = card & 15
        if k == 7:
            g.one_seat = -1
            g._ask(PH_SWAP, p)
            return True
        if k == 0:
            pass_hands(g, g.direction)
            if g._journal:
                g._journal.append(J_HANDS | 1 << 9 | (1024 if g.direction > 0 else 0))
            forget_plays(g, -1)
            if g._rec():
                g._emit({"ev": "rotate", "p": p, "dir": g.direction})
    return False


def match(g, p, hand, c):
    """draw=match: seat ``p``, which has drawn ``c`` (-1: nothing) into ``hand``, draws on
    until a card fits, the pile is out or the hand is full; the last card drawn (or -1)."""
    while c >= 0 and not g.playable(c, hand) and g.can_draw() and not g.at_limit(p):
        c = hand[-1] if g._draw(p, 1, "turn") else -1
    return c


def legal(g, acts):
    """The actions of the swap and jump-in phases."""
    if g.phase == PH_SWAP:
        for s in range(g.nseats):
            if s != g.actor:
                acts.append(SWAP + s)
    elif g.phase == PH_JUMP:
        acts.append(g.discard[-1])
        acts.append(NO_JUMP)


def do(g, p, a):
    """Apply ``SWAP + s`` or ``NO_JUMP`` for the actor ``p``: the seat whose card's effect
    follows, which the caller (uno.core.game) applies, or -1 (the next holder is asked, or the
    7's player whom to swap with)."""
    if a == NO_JUMP:
        q = holder(g, g.turn, p, g.discard[-1])
        if q >= 0:
            g.actor = q
            return -1
        return -1 if seven(g, g.turn, g.discard[-1]) else g.turn
    q = a - SWAP
    exchange(g, p, q)
    if g._journal:
        g._journal.append(J_HANDS | p << 3 | q << 6)
    forget_plays(g, p)
    forget_plays(g, q)
    if g._rec():
        g._emit({"ev": "swap", "p": p, "with": q})
    return p


def undo(g, op):
    """Undo journal op ``op`` (J_HANDS) in a search's ``pop``."""
    if op >> 9:
        pass_hands(g, 1 if op >> 10 == 0 else -1)
    else:
        exchange(g, (op >> 3) & 7, (op >> 6) & 7)


def exchange(g, a, b):
    """Seats ``a`` and ``b`` exchange hands (and the void marks that tell of them)."""
    h = g.hands
    h[a], h[b] = h[b], h[a]
    v = g.void
    v[a], v[b] = v[b], v[a]


def pass_hands(g, d):
    """Every hand (and its void marks) passes to the seat ``d`` (1 or -1) along."""
    h = g.hands
    v = g.void
    n = len(h)
    if d > 0:
        hh = h[n - 1]
        vv = v[n - 1]
        for i in range(n - 1, 0, -1):
            h[i] = h[i - 1]
            v[i] = v[i - 1]
        h[0] = hh
        v[0] = vv
    else:
        hh = h[0]
        vv = v[0]
        for i in range(n - 1):
            h[i] = h[i + 1]
            v[i] = v[i + 1]
        h[n - 1] = hh
        v[n - 1] = vv


def forget_plays(g, s):
    """Seat ``s``'s (-1: every seat's) ``last_play`` records no longer tell of the hand it
    holds after a swap: marked as no free choice (255)."""
    lp = g.last_play
    if g._journal or not lp:
        return
    lo = 0 if s < 0 else s * LAST_PLAY
    hi = len(lp) if s < 0 else lo + LAST_PLAY
    for i in range(lo, hi):
        lp[i] = 255
