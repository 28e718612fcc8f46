"""A match from ``uno.saves.snapshot.pack``'s bytes: the reading half of the snapshot, loaded only
to resume a match (the layout: docs/SAVES.md)."""

from uno.core.codes import LAST_PLAY
from uno.core.game import Game
from uno.core.ruleset import Rules
from uno.saves.bitwrite import OLD_RULES, RULE_BITS, SEAT_CODES, SNAPSHOT_VERSION, check_cards
from uno.saves.bitread import Reader, get_option


def _get_cards(r, pile=False):
    # a hand's list, or (``pile``) the draw or discard pile's bytearray (uno.core.game.Game)
    n = r.get(7)
    if not pile:
        return [r.get(7) for _ in range(n)]
    cs = bytearray(n)
    for i in range(n):
        cs[i] = r.get(7)
    return cs


def _seat(v, n):
    if v >= n:
        raise ValueError("seat")
    return v


def _get_plays(r, lp):
    # uno.saves.snapshot._put_plays's records; a version 1 match keeps none (all 255)
    for o in range(0, len(lp), 6):
        if not r.get(1):
            continue
        a = r.get(6)
        b = r.get(6)
        if (a & 15) > 14 or (b >> 2) > 14:
            raise ValueError("last play")
        lp[o] = a
        lp[o + 1] = b
        lp[o + 2] = r.get(7)
        lp[o + 3] = r.get(7)
        lp[o + 4] = r.get(4)
        lp[o + 5] = r.get(7)


def unpack(data, sink=None):
    """(Game, extra) from ``pack`` bytes; ValueError when they are not a saved match."""
    r = Reader(data)
    version = r.get(8)
    if not 1 <= version <= SNAPSHOT_VERSION:
        raise ValueError("saved match of another version")
    opts = {}
    old = version < 3
    for i in range(OLD_RULES if old else len(RULE_BITS)):
        name = RULE_BITS[i][0]
        opts[name] = get_option(r, name, old)
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
    g.pile = _get_cards(r, True)
    g.discard = _get_cards(r, True)
    check_cards(g)
    if g.hand_no:  # dealt: the record as uno.core.deal made it (none in a version 1 match)
        g.last_play = lp = bytearray(b"\xff" * (LAST_PLAY * n))
        if version > 1:
            _get_plays(r, lp)
    return g, bytes(data[r.align():])
