"""A player's record over many matches (the title's Statistics page): kept in the save as a
section of its own after the high scores (uno.saves.codec), as bytes that only this module reads.
Loaded when a finished match is settled, when the page shows and when a save with a record
is read; dropped with the codec (``uno.drop_codec``). Layout: docs/SAVES.md.

The player is a match's first human seat; a match with no human seat is not recorded.

A record is a list (no class: every name a module holds stays interned on the badge for the
rest of the program, and a match's program settles the match before it):
``[tables, hands, hands won, points, streak, longest streak, best, worst]``. ``tables``:
[opponents, played, won] (opponents: a tuple of KINDS, in KINDS order); hands: of recorded
matches; points: what the won hands scored; streak: matches won in a row now; best/worst:
(margin, player's total, best opponent's total, opponents) of the match with the widest and
the narrowest margin, or None.
"""

from micropython import const

from uno.saves.bitwrite import Bits
from uno.saves.bitread import Reader

_RECORD_VERSION = const(1)  # the record's own format, apart from uno.saves.codec.VERSION
KINDS = ("human", "easy", "normal", "advanced")  # an opponent's level, 2 bits
_MAX_TABLES = const(34)  # every line-up of 1-3 opponents: 4 + 10 + 20
_BIG = const(0xFFFFF)  # hands: 20 bits
_POINTS = const(0xFFFFFF)  # points: 24 bits


def new():
    """An empty record."""
    return [[], 0, 0, 0, 0, 0, None, None]


def totals(st):
    """(matches played, matches won) of record ``st``."""
    n = w = 0
    for t in st[0]:
        n += t[1]
        w += t[2]
    return n, w


def _key(w, r, key=()):
    # a table's opponents written to Bits ``w``, or read from Reader ``r``
    if w is not None:
        w.put(len(key), 2)
        for k in key:
            w.put(KINDS.index(k), 2)
        return key
    n = r.get(2)
    out = []  # type: list
    for _ in range(n):
        c = r.get(2)
        if out and c < KINDS.index(out[-1]):
            raise ValueError("stats")
        out.append(KINDS[c])
    if not out:
        raise ValueError("stats")
    return tuple(out)


def pack(st):
    """The record's bytes (None when no match is recorded). ValueError when out of range."""
    if not st[0]:
        return None
    w = Bits()
    w.put(_RECORD_VERSION, 8)
    w.put(len(st[0]), 6)
    for key, played, won in st[0]:
        _key(w, None, key)
        w.put(played, 16)
        w.put(won, 16)
    for i, bits in ((1, 20), (2, 20), (3, 24)):
        w.put(st[i] & 0xFFFF, 16)
        w.put(st[i] >> 16, bits - 16)
    w.put(st[4], 16)
    w.put(st[5], 16)
    for m in (st[6], st[7]):
        w.put(0 if m is None else 1, 1)
        if m is not None:
            w.put(m[0] + 32768, 16)
            w.put(m[1], 15)
            w.put(m[2], 15)
            _key(w, None, m[3])
    return bytes(w.flush())


def unpack(data):
    """The record of ``pack``'s bytes (None or empty: a new record); ValueError when the
    bytes are not a record of this version or do not add up."""
    st = new()
    if not data:
        return st
    r = Reader(data)
    n = r.get(14)  # version and table count
    if n & 255 != _RECORD_VERSION or not 1 <= n >> 8 <= _MAX_TABLES:
        raise ValueError("stats")
    keys = []
    for _ in range(n >> 8):
        key = _key(None, r)
        played = r.get(16)
        won = r.get(16)
        if key in keys or played < 1 or won > played:
            raise ValueError("stats")
        keys.append(key)
        st[0].append([key, played, won])
    for i, bits in ((1, 20), (2, 20), (3, 24)):
        lo = r.get(16)
        st[i] = r.get(bits - 16) << 16 | lo
    st[4] = r.get(16)
    st[5] = r.get(16)
    for i in (6, 7):
        if r.get(1):
            st[i] = (r.get(16) - 32768, r.get(15), r.get(15), _key(None, r))
    played, won = totals(st)
    b = st[6]
    v = st[7]
    if (r.align() != len(data) or st[2] > st[1] or st[4] > st[5] or st[5] > won
            or b is None or v is None or v[0] > b[0] or b[3] not in keys or v[3] not in keys
            or st[1] < played or (st[3] and not st[2])):
        raise ValueError("stats")
    return st


def hand_winner(before, after, penalty):
    """The seat that won a hand, from the totals ``before`` and ``after`` it, or -1 when the
    totals do not tell (no points changed hands, or, under penalty scoring, more than one
    seat scored nothing). Standard scoring: the winner alone scores; penalty: all but the
    winner score their cards."""
    hit = -1
    for s in range(len(after)):
        d = after[s] - before[s]
        if (d == 0) if penalty else (d > 0):
            if hit >= 0:
                return -1
            hit = s
    return hit


def record(data, g, hist):
    """The record's bytes ``data`` (None: empty) with finished match ``g`` added; ``hist``:
    the totals after each hand (the app's score history, its last hands when it was cut).
    Unchanged when the match has no human seat. ValueError when ``data`` does not read."""
    seats = g.rules.seats
    n = g.nseats
    p = -1
    for s in range(n):
        if p < 0 and seats[s] == "human":
            p = s
    if p < 0 or g.match_winner < 0:
        return data
    st = unpack(data)
    kinds = []
    for c in KINDS:
        for s in range(n):
            if s != p and seats[s] == c:
                kinds.append(c)
    key = tuple(kinds)
    won = g.match_winner == p
    row = None  # type: list | None
    for t in st[0]:
        if t[0] == key:
            row = t
    if row is None:
        if len(st[0]) >= _MAX_TABLES:
            return data
        row = [key, 0, 0]
        st[0].append(row)
    if row[1] < 0xFFFF:
        row[1] += 1
        if won:
            row[2] += 1
    penalty = g.rules.scoring == "penalty"
    # hands: the history's rows, each against the one before it (zeros before the first
    # hand; a cut history's first row has nothing before it and is not counted as won)
    prev = None if len(hist) < g.hand_no else (0,) * n
    for line in hist:
        if prev is not None and hand_winner(prev, line, penalty) == p:
            st[2] += 1
            for s in range(n):
                st[3] += line[s] - prev[s]
        prev = line
    st[1] = min(st[1] + g.hand_no, _BIG)
    st[2] = min(st[2], st[1])
    st[3] = min(st[3], _POINTS)
    st[4] = st[4] + 1 if won else 0
    st[5] = max(st[4], st[5])
    mine = g.scores[p]
    other = -1
    for s in range(n):
        v = g.scores[s]
        if s != p and (other < 0 or (v < other if penalty else v > other)):
            other = v
    margin = other - mine if penalty else mine - other
    m = (margin, min(mine, 32767), min(other, 32767), key)
    if st[6] is None or margin > st[6][0]:
        st[6] = m
    if st[7] is None or margin < st[7][0]:
        st[7] = m
    return pack(st)
