"""A player's record over many matches (the title's Statistics page): kept in the save as a
section of its own after the high scores (uno.save), as bytes that only this module reads.
Loaded when a finished match is settled, when the page shows and when a save with a record
is read; dropped with the codec (``uno.drop_codec``). Layout: docs/SAVES.md.

The player is a match's first human seat; a match with no human seat is not recorded.
"""

from micropython import const

from uno.bits import Bits
from uno.bitread import Reader

VERSION = const(1)
KINDS = ("human", "easy", "normal", "advanced")  # an opponent's level, 2 bits
MAX_TABLES = const(34)  # every line-up of 1-3 opponents: 4 + 10 + 20
_BIG = const(0xFFFFF)  # hands: 20 bits
_POINTS = const(0xFFFFFF)  # points: 24 bits


class Stats:
    """``tables``: [opponents, played, won] (opponents: a tuple of KINDS, in KINDS order);
    ``hands``/``hands_won``/``points``: the hands of recorded matches, those the player won
    and what the won hands scored; ``streak``/``best_streak``: matches won in a row now and
    at most; ``best``/``worst``: (margin, player's total, best opponent's total, opponents)
    of the match with the widest and the narrowest margin, or None."""

    def __init__(self):
        self.tables = []  # type: list
        self.hands = 0
        self.hands_won = 0
        self.points = 0
        self.streak = 0
        self.best_streak = 0
        self.best = None  # type: tuple | None
        self.worst = None  # type: tuple | None

    def played(self):
        n = 0
        for t in self.tables:
            n += t[1]
        return n

    def won(self):
        n = 0
        for t in self.tables:
            n += t[2]
        return n


def _put_key(w, key):
    w.put(len(key), 2)
    for k in key:
        w.put(KINDS.index(k), 2)


def _get_key(r):
    n = r.get(2)
    if n < 1:
        raise ValueError("stats: opponents")
    key = []
    last = 0
    for _ in range(n):
        c = r.get(2)
        if c < last:
            raise ValueError("stats: opponents order")
        last = c
        key.append(KINDS[c])
    return tuple(key)


def _put_match(w, m):
    if m is None:
        w.put(0, 1)
        return
    w.put(1, 1)
    w.put(m[0] + 32768, 16)
    w.put(m[1], 15)
    w.put(m[2], 15)
    _put_key(w, m[3])


def _get_match(r):
    if not r.get(1):
        return None
    margin = r.get(16) - 32768
    return (margin, r.get(15), r.get(15), _get_key(r))


def pack(st):
    """The record's bytes (None when no match is recorded). ValueError when out of range."""
    if not st.tables:
        return None
    w = Bits()
    w.put(VERSION, 8)
    w.put(len(st.tables), 6)
    for key, played, won in st.tables:
        _put_key(w, key)
        w.put(played, 16)
        w.put(won, 16)
    for v, bits in ((st.hands, 20), (st.hands_won, 20), (st.points, 24)):
        w.put(v & 0xFFFF, 16)
        w.put(v >> 16, bits - 16)
    w.put(st.streak, 16)
    w.put(st.best_streak, 16)
    _put_match(w, st.best)
    _put_match(w, st.worst)
    return bytes(w.flush())


def unpack(data):
    """The Stats of ``pack``'s bytes (None or empty: a new record); ValueError when the bytes
    are not a record of this version or do not add up."""
    st = Stats()
    if not data:
        return st
    r = Reader(data)
    if r.get(8) != VERSION:
        raise ValueError("stats: version")
    n = r.get(6)
    if not 1 <= n <= MAX_TABLES:
        raise ValueError("stats: tables")
    keys = []
    for _ in range(n):
        key = _get_key(r)
        played = r.get(16)
        won = r.get(16)
        if key in keys or played < 1 or won > played:
            raise ValueError("stats: table")
        keys.append(key)
        st.tables.append([key, played, won])
    vals = []
    for bits in (20, 20, 24):
        lo = r.get(16)
        vals.append(r.get(bits - 16) << 16 | lo)
    st.hands, st.hands_won, st.points = vals
    st.streak = r.get(16)
    st.best_streak = r.get(16)
    st.best = _get_match(r)
    st.worst = _get_match(r)
    if r.align() != len(data):
        raise ValueError("stats: length")
    won = st.won()
    if (st.hands_won > st.hands or st.streak > st.best_streak or st.best_streak > won
            or st.best is None or st.worst is None or st.worst[0] > st.best[0]
            or st.hands < st.played() or (st.points and not st.hands_won)):
        raise ValueError("stats: totals")
    for m in (st.best, st.worst):
        if m[3] not in keys:
            raise ValueError("stats: match")
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
    if penalty:
        for s in range(len(after)):
            if s != hit and after[s] == before[s]:
                return -1
    return hit


def record(data, g, hist):
    """The record's bytes ``data`` (None: empty) with finished match ``g`` added; ``hist``:
    the totals after each hand (the app's score history, its last hands when it was cut).
    Unchanged when the match has no human seat. ValueError when ``data`` does not read."""
    seats = g.rules.seats
    p = -1
    for s in range(g.nseats):
        if seats[s] == "human":
            p = s
            break
    if p < 0 or g.match_winner < 0:
        return data
    st = unpack(data)
    kinds = []
    for c in KINDS:
        for s in range(g.nseats):
            if s != p and seats[s] == c:
                kinds.append(c)
    key = tuple(kinds)
    won = g.match_winner == p
    row = None  # type: list | None
    for t in st.tables:
        if t[0] == key:
            row = t
    if row is None:
        if len(st.tables) >= MAX_TABLES:
            return data
        row = [key, 0, 0]
        st.tables.append(row)
    if row[1] < 0xFFFF:
        row[1] += 1
        if won:
            row[2] += 1
    penalty = g.rules.scoring == "penalty"
    # hands: the history's rows, each against the one before it (zeros before the first
    # hand; a cut history's first row has nothing before it and is not counted as won)
    n = len(hist)
    prev = None if n < g.hand_no else (0,) * g.nseats
    for line in hist:
        if prev is not None and hand_winner(prev, line, penalty) == p:
            st.hands_won += 1
            for s in range(g.nseats):
                st.points += line[s] - prev[s]
        prev = line
    st.hands += g.hand_no
    if st.hands > _BIG:
        st.hands = _BIG
    if st.hands_won > st.hands:
        st.hands_won = st.hands
    if st.points > _POINTS:
        st.points = _POINTS
    if won:
        st.streak += 1
        if st.streak > st.best_streak:
            st.best_streak = st.streak
    else:
        st.streak = 0
    mine = g.scores[p]
    other = -1
    for s in range(g.nseats):
        v = g.scores[s]
        if s != p and (other < 0 or (v < other if penalty else v > other)):
            other = v
    margin = other - mine if penalty else mine - other
    m = (margin, min(mine, 32767), min(other, 32767), key)
    if st.best is None or margin > st.best[0]:
        st.best = m
    if st.worst is None or margin < st.worst[0]:
        st.worst = m
    return pack(st)
