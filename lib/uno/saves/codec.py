"""Everything saved (settings, names, high scores, the match in progress), packed into as few
bytes as possible and versioned; ``load``/``save`` go through ``uno.saves.store.Store``.

``Settings`` and ``Saved`` (plain data, in ``uno.saves.settings``) are named here too. This module
is needed only at start-up and at save points: the app may drop it from ``sys.modules`` between.

Payload: one byte ``VERSION``, then a bit stream (least significant bit first) of the settings
and the high-score table, padded to a byte, then the match in progress (``uno.saves.snapshot``
bytes, the rest of the payload; none when empty). Layout and save points: docs/SAVES.md.
"""

from micropython import const

from uno.core.rulecheck import PRESET_NAMES, check
from uno.core.ruleset import OPTION_NAMES
from uno.saves.bitwrite import OLD_RULES, RULE_BITS, SEAT_CODES, Bits, put_option  # noqa: F401 (the codec's API)
from uno.saves.bitread import Reader, get_option
from uno.saves.settings import NAME_LEN, Saved, Settings
from uno.saves.store import Store

try:
    from typing import List  # noqa: F401
except ImportError:
    pass

VERSION = const(2)  # 2: the party rules (a version 1 save is read with them off)
MAX_SCORES = const(10)
NAME_CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
# High-score entries may name a preset, or "custom" when the options differed from it.
# "custom" keeps the index it had before the party preset (version 1 saves).
SCORE_PRESETS = PRESET_NAMES[:6] + ("custom",) + PRESET_NAMES[6:]

NOTICE_BLANK = "No saves yet: defaults"
NOTICE_BAD = "Saves unreadable: reset"
NOTICE_OLD = "Old save version: reset"
NOTICE_NEW = "Newer save version: reset"
NOTICE_OLDER = "Last save bad: older used"
# The player's record (uno.saves.stats) follows the high scores as a section of its own: this byte,
# its length (1 byte), its bytes. A save without it (saved before the record existed, or with
# nothing recorded) goes straight on to the match, whose first byte (uno.saves.snapshot's version)
# is never this. (Private consts fold away: no name the badge keeps interned.)
_STATS_TAG = const(0xA7)

def clean_name(text):
    """``text`` in capitals with only letters, digits and spaces, at most 16 characters."""
    out = ""
    for ch in str(text).upper():
        if ch in NAME_CHARS and len(out) < NAME_LEN:
            out += ch
    return out


def _put_name(w, name):
    if len(name) > NAME_LEN:
        raise ValueError("name %r: more than %d characters" % (name, NAME_LEN))
    w.put(len(name), 5)
    for ch in name:
        i = NAME_CHARS.find(ch)
        if i < 0:
            raise ValueError("name %r: only A-Z, 0-9 and space" % name)
        w.put(i, 6)


def _get_name(r):
    n = r.get(5)
    if n > NAME_LEN:
        raise ValueError("name length")
    s = ""
    for _ in range(n):
        i = r.get(6)
        if i >= len(NAME_CHARS):
            raise ValueError("name character")
        s += NAME_CHARS[i]
    return s


def _parse_rules(text):
    """{option: value} of a Settings.rules string; ValueError naming a bad option."""
    opts = {}
    for tok in text.replace(";", " ").split():
        if "=" not in tok:
            raise ValueError("option %r needs a value (name=value)" % tok)
        k, v = tok.split("=", 1)
        k = k.strip().lower()
        if k in ("seats", "target"):
            raise ValueError("%s is a setting of its own, not a rule option" % k)
        opts[k] = check(k, v)
    return opts


def canonical_rules(text):
    """A rules string in the form saves keep: ``k=v`` in OPTION_NAMES order, lower case."""
    opts = _parse_rules(text)
    return " ".join("%s=%s" % (k, opts[k]) for k in OPTION_NAMES if k in opts)


def check_settings(s):
    """ValueError naming the first setting of ``s`` out of range; None when all are fine."""
    if s.preset not in PRESET_NAMES:
        raise ValueError("preset %r is not one of %s" % (s.preset, ", ".join(PRESET_NAMES)))
    _parse_rules(s.rules)
    if s.target != 0:
        check("target", s.target)
    if not 1 <= s.speed <= 10:
        raise ValueError("speed %r is outside 1-10" % s.speed)
    if not 0 <= s.bright <= 10:
        raise ValueError("brightness %r is outside 0-10" % s.bright)
    if len(s.seats) != 4 or len(s.names) != 4:
        raise ValueError("seats and names: four of each")
    for k in s.seats:
        if k not in SEAT_CODES:
            raise ValueError("seat %r: human, easy, normal, advanced or empty" % k)
    for n in s.names:
        if len(n) > NAME_LEN or clean_name(n) != n:
            raise ValueError("name %r: up to 16 of A-Z, 0-9 and space" % n)


def _pack_settings(w, s):
    check_settings(s)
    w.put(PRESET_NAMES.index(s.preset), 3)
    opts = _parse_rules(s.rules)
    mask = 0
    for i in range(len(RULE_BITS)):
        if RULE_BITS[i][0] in opts:
            mask |= 1 << i
    w.put(mask, len(RULE_BITS))
    for name, _ in RULE_BITS:
        if name in opts:
            put_option(w, name, opts[name])
    w.put(s.target, 14)
    w.put(s.speed, 4)
    w.put(s.bright, 4)
    w.put(1 if s.tips else 0, 1)
    w.put(1 if s.sound else 0, 1)
    for k in s.seats:
        w.put(SEAT_CODES.index(k), 3)
    for n in s.names:
        _put_name(w, n)


def _unpack_settings(r, old=False):
    s = Settings()
    i = r.get(3)
    if i >= len(PRESET_NAMES):
        raise ValueError("preset")
    s.preset = PRESET_NAMES[i]
    k = OLD_RULES if old else len(RULE_BITS)
    mask = r.get(k)
    parts = []
    for i in range(k):
        if mask >> i & 1:
            name = RULE_BITS[i][0]
            parts.append("%s=%s" % (name, get_option(r, name, old)))
    s.rules = canonical_rules(" ".join(parts))
    s.target = r.get(14)
    s.speed = r.get(4)
    s.bright = r.get(4)
    s.tips = r.get(1) == 1
    s.sound = r.get(1) == 1
    seats = []
    for _ in range(4):
        c = r.get(3)
        if c >= len(SEAT_CODES):
            raise ValueError("seat")
        seats.append(SEAT_CODES[c])
    s.seats = seats
    s.names = [_get_name(r) for _ in range(4)]
    check_settings(s)
    return s


# ----- high scores ------------------------------------------------------------------------

def _check_entry(e):
    score, name, pre, opps = e
    if not 0 <= score < 32768:
        raise ValueError("score %r is outside 0-32767" % score)
    if len(name) > NAME_LEN or clean_name(name) != name:
        raise ValueError("name %r: up to 16 of A-Z, 0-9 and space" % name)
    if pre not in SCORE_PRESETS:
        raise ValueError("preset %r" % pre)
    if not 1 <= len(opps) <= 3:
        raise ValueError("opponents: 1 to 3")
    for o in opps:
        if o not in SEAT_CODES or not o:
            raise ValueError("opponent %r" % o)


def add_score(scores, entry):
    """Put ``entry`` = (score, name, preset, opponents) into ``scores`` (best first, at most
    ten; an equal score goes below the older ones). Returns its index, or -1 if it did not
    make the table (then ``scores`` is unchanged). ValueError for a malformed entry."""
    entry = (entry[0], entry[1], entry[2], tuple(entry[3]))
    _check_entry(entry)
    i = len(scores)
    while i > 0 and scores[i - 1][0] < entry[0]:
        i -= 1
    if i >= MAX_SCORES:
        return -1
    scores.insert(i, entry)
    del scores[MAX_SCORES:]
    return i


def match_score(g):
    """The score a finished match ``g`` enters for its winner: under standard scoring the
    winner's total; under penalty scoring (lowest wins) the opponents' totals less the
    winner's, so that in both a higher score is a better win."""
    w = g.match_winner
    if g.rules.scoring != "penalty":
        return g.scores[w]
    total = 0
    for s in range(g.nseats):
        if s != w:
            total += g.scores[s]
    v = total - g.scores[w]
    return v if v > 0 else 0


def entry_for(g, preset_name):
    """The high-score entry of finished match ``g``, or None: only a human's win with at
    least one computer among the opponents enters. ``preset_name``: the preset shown."""
    w = g.match_winner
    seats = g.rules.seats
    if w < 0 or seats[w] != "human":
        return None
    opps = tuple(seats[s] for s in range(g.nseats) if s != w)
    if "easy" not in opps and "normal" not in opps and "advanced" not in opps:
        return None
    name = clean_name(g.names[w] if g.names else "YOU")
    score = match_score(g)
    if score > 32767:
        score = 32767
    return (score, name, preset_name if preset_name in SCORE_PRESETS else "custom", opps)


def _pack_scores(w, scores):
    w.put(len(scores), 4)
    for e in scores:
        _check_entry(e)
        w.put(e[0], 15)
        _put_name(w, e[1])
        w.put(SCORE_PRESETS.index(e[2]), 3)
        w.put(len(e[3]), 2)
        for o in e[3]:
            w.put(SEAT_CODES.index(o), 3)


def _unpack_scores(r):
    n = r.get(4)
    if n > MAX_SCORES:
        raise ValueError("scores")
    out = []  # type: list
    for _ in range(n):
        score = r.get(15)
        name = _get_name(r)
        p = r.get(3)
        if p >= len(SCORE_PRESETS):
            raise ValueError("preset")
        k = r.get(2)
        opps = []
        for _ in range(k):
            c = r.get(3)
            if c >= len(SEAT_CODES):
                raise ValueError("seat")
            opps.append(SEAT_CODES[c])
        e = (score, name, SCORE_PRESETS[p], tuple(opps))
        _check_entry(e)
        if out and out[-1][0] < score:
            raise ValueError("order")
        out.append(e)
    return out


# ----- the whole save ---------------------------------------------------------------------

def encode(saved, scores=None, match=None, stats=True):
    """The payload of ``saved`` (with ``scores``/``match`` in place of its own when given;
    without its record when ``stats`` is False)."""
    w = Bits()
    w.put(VERSION, 8)
    _pack_settings(w, saved.settings)
    _pack_scores(w, saved.scores if scores is None else scores)
    out = w.flush()
    st = saved.stats if stats else None
    if st:
        if len(st) > 255:
            raise ValueError("stats")
        out.append(_STATS_TAG)
        out.append(len(st))
        out.extend(st)
    if match:
        out.extend(match)
    return bytes(out)


def decode(data):
    """Saved from a payload; ValueError when it is not one of this version."""
    r = Reader(data)
    v = r.get(8)
    if v != VERSION and v != 1:
        raise ValueError(NOTICE_OLD if v < VERSION else NOTICE_NEW)
    settings = _unpack_settings(r, v == 1)
    scores = _unpack_scores(r)
    k = r.align()
    stats = None
    if k < len(data) and data[k] == _STATS_TAG:
        if k + 1 >= len(data) or k + 2 + data[k + 1] > len(data):
            raise ValueError("stats")
        stats = bytes(data[k + 2:k + 2 + data[k + 1]])
        k += 2 + data[k + 1]
        from uno.saves.stats import unpack

        unpack(stats)  # ValueError when the record does not read whole
    rest = bytes(data[k:])
    saved = Saved(settings, scores, rest if rest else None)
    if stats:
        saved.stats = stats
    return saved


def load(buf):
    """(Saved, notice) from ``buf``: defaults and a one-line notice when there is nothing
    readable (notice None when the save was read). Never raises for bad data. The Saved's
    ``head`` is made (see ``head``)."""
    saved, notice = _load(buf)
    try:
        head(saved, Store(buf).capacity)
    except Exception:  # no head: the next save point takes the whole codec
        saved.head = None
    return saved, notice


def _load(buf):
    st = Store(buf)
    try:
        data = st.read()
    except Exception:  # a buffer too short for a slot header
        data = None
    if data is None:
        blank = False
        try:
            blank = st.blank()
        except Exception:
            pass
        return Saved(), NOTICE_BLANK if blank else NOTICE_BAD
    got = _decoded(data)
    if isinstance(got, Saved):
        return got, None
    # the newest record checks but does not decode (a fault before its CRC was made): the
    # record before it, when that one decodes
    old = older(buf)
    if old is not None:
        return old, NOTICE_OLDER
    return Saved(), got


def _decoded(data):
    # Saved, or the notice saying why ``data`` does not decode
    try:
        return decode(data)
    except ValueError as e:
        msg = str(e)
        return msg if msg in (NOTICE_OLD, NOTICE_NEW) else NOTICE_BAD
    except Exception:  # decoding must never stop the badge from starting
        return NOTICE_BAD


def older(buf):
    """The Saved of the store's older record when it checks and decodes, else None: what
    ``load`` gives when the newest does not decode, and Continue when the newest's match
    does not (uno.app.begin). Its ``head`` is made."""
    try:
        data = Store(buf).read(True)
    except Exception:
        data = None
    return None if data is None else load_payload(data, buf)


def load_payload(data, buf):
    """The Saved of payload ``data`` (bytes or a memoryview) when it decodes, else None; its
    ``head`` made for the store over ``buf``: the older record (``older``), or the save point
    the last program handed over (uno.saves.handoff)."""
    got = _decoded(data)
    if not isinstance(got, Saved):
        return None
    try:
        head(got, Store(buf).capacity)
    except Exception:
        got.head = None
    return got


def head(saved, capacity):
    """Set ``saved.head``: the payload of its settings and scores without a match, as ``fit``
    makes it for ``capacity`` bytes, with what it was made of (``head_of``) and ``capacity``
    (``cap``). A save point in a match that changed neither then writes ``head`` + the match
    without this codec (``head_for`` in uno.app.savepoint). ValueError when a setting is out
    of range."""
    bare = Saved(saved.settings, saved.scores)
    if saved.stats:
        bare.stats = saved.stats
    saved.head = fit(bare, capacity)[0]
    saved.head_of = (saved.settings.copy(), tuple(saved.scores))
    saved.cap = capacity


def fit(saved, capacity):
    """(payload, dropped): the payload of ``saved`` in ``capacity`` bytes, dropping the match
    in progress first, then the player's record, then the lowest high scores; ``dropped`` is
    () or a tuple of "match", "stats", "scores". ValueError when a setting or entry is out
    of range."""
    scores = list(saved.scores)
    match = saved.match
    stats = True
    dropped = []  # type: List[str]
    while True:
        data = encode(saved, scores, match, stats)
        if len(data) <= capacity:
            return data, tuple(dropped)
        if match:
            match = None
            dropped.append("match")
        elif stats and saved.stats:
            stats = False
            dropped.append("stats")
        elif scores:
            scores.pop()
            if "scores" not in dropped:
                dropped.append("scores")
        else:
            raise ValueError("settings of %d bytes exceed the %d-byte store"
                             % (len(data), capacity))


def save(buf, saved):
    """Write ``saved`` to ``buf`` through Store, dropping the match in progress first, then
    the lowest high scores, when it does not fit (a 256-byte nvm). Returns what was dropped:
    () or a tuple of "match", "scores". Writes nothing when the save is unchanged.
    ValueError (nothing written) when a setting or entry is out of range."""
    st = Store(buf)
    data, dropped = fit(saved, st.capacity)
    st.write(data)
    return dropped


def pack_match(g, extra=b""):
    """The match in progress ``g`` as bytes for ``Saved.match``, with the app's ``extra``
    bytes kept after it (see ``uno.saves.snapshot``)."""
    from uno.saves.snapshot import pack

    return pack(g, extra)


def unpack_match(data, rules=None, sink=None):
    """(Game, extra) from ``pack_match`` bytes; the game continues where it was saved, its
    record (``sink``) with no new match/hand events. ``rules``: when given, the saved match
    must have these rules. ValueError when the bytes are not a match of this version."""
    from uno.saves.snapshot import unpack

    g, extra = unpack(data, sink)
    if rules is not None and not (rules == g.rules):
        raise ValueError("the saved match has other rules")
    return g, extra

