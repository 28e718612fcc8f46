"""A match in progress as bytes, and back: everything a ``Game`` needs to continue exactly.

Loaded only when the app saves or resumes a match. The rules, seats and names travel with
the snapshot (an option changed mid-match applies from the next match). Cards take 7 bits.
Layout (a ``uno.save.Bits`` stream, least significant bit first): docs/SAVES.md.
"""

from micropython import const

from uno import cards
from uno.game import Game
from uno.rules import Rules
from uno.save import RULE_BITS, SEAT_CODES, Bits, get_option, put_option

SNAPSHOT_VERSION = const(1)
_NAME_BYTES = const(31)


def _put_cards(w, cs):
    w.put(len(cs), 7)
    for c in cs:
        w.put(c, 7)


def _get_cards(r):
    n = r.get(7)
    return [r.get(7) for _ in range(n)]


def _plus1(w, v, bits):
    """Write ``v`` >= -1 as ``v + 1``."""
    w.put(v + 1, bits)


def pack(g, extra=b""):
    """The bytes of match ``g`` (not during a search), followed by ``extra``."""
    if g._journal is not None:
        raise ValueError("a match cannot be saved during a search")
    if not 0 <= g.seed <= 0xFFFFFFFF:
        raise ValueError("seed %r is not a 32-bit number" % g.seed)
    n = g.nseats
    r = g.rules
    w = Bits()
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
    for s in range(n):
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
    out = w.flush()
    out.extend(extra)
    return bytes(out)


def _seat(v, n):
    if v >= n:
        raise ValueError("seat")
    return v


def unpack(data, sink=None):
    """(Game, extra) from ``pack`` bytes; ValueError when they are not a saved match."""
    r = Bits(data)
    if r.get(8) != SNAPSHOT_VERSION:
        raise ValueError("saved match of another version")
    opts = {}
    for name, _ in RULE_BITS:
        opts[name] = get_option(r, name)
    opts["target"] = r.get(14)
    n = r.get(2) + 2
    seats = []
    for _ in range(n):
        c = r.get(3)
        if not 1 <= c < len(SEAT_CODES):
            raise ValueError("seat kind")
        seats.append(SEAT_CODES[c])
    opts["seats"] = seats
    rules = Rules(**opts)
    names = []  # type: list
    if r.get(1):
        for _ in range(n):
            k = r.get(5)
            names.append(bytes([r.get(8) for _ in range(k)]).decode())
    seed = r.get32()
    g = Game(rules, seed=seed, sink=sink, names=names or None)
    g.rng.state = r.get32()
    g.hand_no = r.get(16)
    g.starter = _seat(r.get(3) - 1, n)
    g.dealer = _seat(r.get(3) - 1, n)
    g.winner = _seat(r.get(3) - 1, n)
    g.match_winner = _seat(r.get(3) - 1, n)
    g.colour = r.get(3)
    g.turn = _seat(r.get(2), n)
    g.actor = _seat(r.get(3) - 1, n)
    g.direction = -1 if r.get(1) else 1
    g.phase = r.get(4)
    g.pending = r.get(7)
    g.pend_kind = r.get(4)
    g.drawn = r.get(7) - 1
    g.passes = r.get(3)
    g.one_seat = _seat(r.get(3) - 1, n)
    g.catch_n = r.get(3)
    g.w4_seat = _seat(r.get(3) - 1, n)
    g.w4_guilty = r.get(1) == 1
    g.prev_colour = r.get(3) - 1
    g.last_challenge = r.get(4) - 1
    g.scores = [0] * n
    g.last_points = [0] * n
    for s in range(n):
        g.scores[s] = r.get(16)
        g.last_points[s] = r.get(16)
    wide = r.get(1)
    void = []
    for _ in range(n):
        if wide:
            lo = r.get(16)
            void.append(r.get(2) << 16 | lo)
        else:
            void.append(r.get(4))
    g.void = void
    g.hands = [_get_cards(r) for _ in range(n)]
    g.pile = _get_cards(r)
    g.discard = _get_cards(r)
    if g.colour > 3 or g.phase > 9:
        raise ValueError("state")
    _check_cards(g)
    return g, bytes(data[r.align():])


def _check_cards(g):
    """ValueError unless the hands, pile and discard hold exactly one deck (or nothing yet)."""
    count = bytearray(80)
    total = 0
    for h in g.hands + [g.pile, g.discard]:
        for c in h:
            if c >= 80:
                raise ValueError("card")
            count[c] += 1
            total += 1
    if total == 0:
        return
    for c in cards.make_deck(g.rules.deck == "acorn"):
        if count[c] == 0:
            raise ValueError("cards")
        count[c] -= 1
    for c in range(80):
        if count[c]:
            raise ValueError("cards")
