"""A match in progress as bytes, and back: everything a ``Game`` needs to continue exactly.

Loaded only when the app saves or resumes a match; the reading half (``unpack``) is
``uno.saves.restore``, loaded only to resume (a save point loads half the code). The rules, seats
and names travel with the snapshot (an option changed mid-match applies from the next match). Cards
take 7 bits. Layout (a ``uno.saves.bitwrite.Bits`` stream, least significant bit first):
docs/SAVES.md. """

from micropython import const

from uno.saves.bitwrite import (
    RULE_BITS,
    SEAT_CODES,
    SNAPSHOT_VERSION,
    Bits,
    check_cards,
    put_option,
)

_NAME_BYTES = const(31)


def _put_cards(w, cs):
    w.put(len(cs), 7)
    for c in cs:
        w.put(c, 7)


def _plus1(w, v, bits):
    """Write ``v`` >= -1 as ``v + 1``."""
    w.put(v + 1, bits)


def pack(g, extra=b""):
    """The bytes of match ``g`` (not during a search), followed by ``extra``; ValueError when
    it could not be read back (``uno.saves.bitwrite.check_cards``)."""
    if g._journal:
        raise ValueError("a match cannot be saved during a search")
    if not 0 <= g.seed <= 0xFFFFFFFF:
        raise ValueError("seed %r is not a 32-bit number" % g.seed)
    check_cards(g)  # only what uno.saves.restore can read back
    w = Bits()
    _put_match(w, g)
    _put_state(w, g)
    _put_table(w, g)
    out = w.flush()
    out.extend(extra)
    return bytes(out)


# pack in four functions, not one: each function's bytecode is one block of the heap when the
# module loads, at a hand's end, where a match's heap is at its fullest (one 709-byte block
# failed).


def _put_match(w, g):
    # what the match is: the rules, the seats and their names
    n = g.nseats
    r = g.rules
    w.put(SNAPSHOT_VERSION, 8)
    for name, _ in RULE_BITS:
        put_option(w, name, getattr(r, name))
    w.put(r.target, 14)
    w.put(n - 2, 2)
    for s in r.seats:
        w.put(SEAT_CODES.index(s), 3)
    names = g.names
    w.put(1 if names else 0, 1)
    if names:
        for s in range(n):
            b = str(names[s]).encode()
            if len(b) > _NAME_BYTES:
                raise ValueError("name %r is too long to save" % names[s])
            w.put(len(b), 5)
            for x in b:
                w.put(x, 8)


def _put_state(w, g):
    # where the match is: the generator, the hand, the turn and its question
    w.put32(g.seed)
    w.put32(g.rng.state)
    w.put(g.hand_no, 16)
    _plus1(w, g.starter, 3)
    _plus1(w, g.dealer, 3)
    _plus1(w, g.winner, 3)
    _plus1(w, g.match_winner, 3)
    w.put(g.colour, 3)
    w.put(g.turn, 2)
    _plus1(w, g.actor, 3)
    w.put(1 if g.direction < 0 else 0, 1)
    w.put(g.phase, 4)
    w.put(g.pending, 7)
    w.put(g.pend_kind, 4)
    _plus1(w, g.drawn, 7)
    w.put(g.passes, 3)
    _plus1(w, g.one_seat, 3)
    w.put(g.catch_n, 3)
    _plus1(w, g.w4_seat, 3)
    w.put(1 if g.w4_guilty else 0, 1)
    _plus1(w, g.prev_colour, 3)
    _plus1(w, g.last_challenge, 4)


def _put_table(w, g):
    # the scores, what each seat showed it lacks, and the cards
    for s in range(g.nseats):
        w.put(g.scores[s], 16)
        w.put(g.last_points[s], 16)
    # Void marks: the core sets only the colour bits (0-3); the RLCard adapter more.
    wide = 0
    for v in g.void:
        if v > 15:
            wide = 1
    w.put(wide, 1)
    for v in g.void:
        if wide:
            w.put(v & 0xFFFF, 16)
            w.put(v >> 16, 2)
        else:
            w.put(v, 4)
    for h in g.hands:
        _put_cards(w, h)
    _put_cards(w, g.pile)
    _put_cards(w, g.discard)
    if g.hand_no:
        _put_plays(w, g.last_play)


def _put_plays(w, lp):
    # each seat's last two plays (uno.core.game.Game.last_play): a flag, then the action 6 bits,
    # colour and top kind 6, the next seat's count 7, the smallest other 7, its voids 4, the
    # count after 7
    for o in range(0, len(lp), 6):
        if lp[o] == 255:
            w.put(0, 1)
            continue
        w.put(1, 1)
        w.put(lp[o], 6)
        w.put(lp[o + 1], 6)
        w.put(lp[o + 2], 7)
        w.put(lp[o + 3], 7)
        w.put(lp[o + 4], 4)
        w.put(lp[o + 5], 7)


def unpack(data, sink=None):
    """(Game, extra) from ``pack`` bytes; ValueError when they are not a saved match (see
    ``uno.saves.restore``)."""
    from uno.saves.restore import unpack as read

    return read(data, sink)
