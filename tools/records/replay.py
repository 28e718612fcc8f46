"""Check game records (docs/FORMATS.md, JSON Lines) against the rules, without the program
that wrote them: every hand is re-dealt from its recorded cards, every recorded decision is
applied to the core, and the events the core writes must equal the record line for line, with
the same JSON types (``true`` is not ``1``, ``3.0`` is not ``3``). A match must end with
``match_end`` or ``quit``; a record cut off before either is incomplete.

    .venv/bin/python tools/records/replay.py game.jsonl [more.jsonl ...]

Prints ``ok: FILE match N: ...`` per complete match, or one ``FILE:LINE: problem`` line per
problem (the first of each match), and goes on with the next file. Exit status: 0 all ok,
1 a record is wrong, incomplete or unreadable, 2 bad usage.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "lib") not in sys.path:
    sys.path.insert(0, str(ROOT / "lib"))

from uno.core import cards  # noqa: E402
from uno.core.cards import play_action  # noqa: E402
from uno.core.codes import (  # noqa: E402
    ACCEPT, CALL_ONE, CATCH, CHALLENGE, COLOUR, DRAW, NO_CATCH, NO_JUMP, NO_ONE, PASS, PH_CATCH,
    PH_CHALLENGE, PH_HAND_OVER, PH_JUMP, PH_MATCH_OVER, PH_ONE, PH_STACK, PH_SWAP, SWAP,
)
from uno.core.game import Game, IllegalAction  # noqa: E402
from uno.core.ruleset import Rules  # noqa: E402

USAGE = "usage: replay.py RECORD.jsonl [RECORD.jsonl ...]  (checks game records, docs/FORMATS.md)"


class RecordError(Exception):
    """The record breaks the rules or the format; ``line`` is the record's line number (1-based)
    or None for the file as a whole, ``what`` says what is wrong."""

    def __init__(self, what, line=None):
        super().__init__("line %d: %s" % (line, what) if line is not None else what)
        self.line = line
        self.what = what


# ----- the shape of each event (docs/FORMATS.md) ------------------------------------------

def _int(v):
    return type(v) is int  # bool is a subclass of int: JSON true is not a number


def _seat_or_null(v):
    return v is None or _int(v)


def _bool(v):
    return type(v) is bool


def _str(v):
    return type(v) is str


def _strs(v):
    return type(v) is list and all(type(x) is str for x in v)


def _ints(v):
    return type(v) is list and all(type(x) is int for x in v)


def _hands(v):
    return type(v) is list and all(_strs(h) for h in v)


def _dict(v):
    return type(v) is dict


_KINDS = {
    # ev: (required fields, optional fields), each name -> type test
    "match": ({"v": _int, "seed": _int, "rules": _dict, "seats": _strs, "names": _strs}, {}),
    "hand": ({"n": _int, "dealer": _int, "hands": _hands, "top": _str, "pile": _strs}, {}),
    "returned": ({"card": _str, "top": _str, "pile": _strs}, {}),
    "play": ({"p": _int, "card": _str}, {"colour": _str, "jump": _bool}),
    "swap": ({"p": _int, "with": _int}, {}),
    "rotate": ({"p": _int, "dir": _int}, {}),
    "colour": ({"p": _int, "colour": _str}, {}),
    "draw": ({"p": _int, "cards": _strs, "why": _str}, {}),
    "pass": ({"p": _int}, {}),
    "challenge": ({"p": _int, "target": _int, "guilty": _bool}, {}),
    "one": ({"p": _int, "called": _bool}, {"caught": _bool}),
    "reshuffle": ({"pile": _strs}, {}),
    "hand_end": ({"winner": _seat_or_null, "points": _ints, "scores": _ints}, {}),
    "match_end": ({"winner": _int, "scores": _ints}, {}),
    "quit": ({"p": _seat_or_null}, {}),
}
_TYPE_NAMES = {_int: "an integer", _seat_or_null: "a seat number or null", _bool: "true or false",
               _str: "a string", _strs: "a list of strings", _ints: "a list of integers",
               _hands: "a list of card lists", _dict: "an object"}
_SEAT_FIELDS = ("p", "target", "dealer", "winner", "with")


def shape_problem(ev, nseats):
    """What is wrong with the fields of one event (None if nothing): the ``ev`` kind, missing,
    unknown or mistyped fields, seats outside ``0..nseats-1``, unknown cards and colours."""
    if type(ev) is not dict:
        return "not a JSON object but %s" % json.dumps(ev)[:40]
    kind = ev.get("ev")
    if kind not in _KINDS:
        return "unknown event %s" % json.dumps(kind)[:40]
    need, may = _KINDS[kind]
    for k in need:
        if k not in ev:
            return "%s event without %r" % (kind, k)
    for k, v in ev.items():
        if k == "ev":
            continue
        test = need.get(k) or may.get(k)
        if test is None:
            return "%s event with an unknown field %r" % (kind, k)
        if not test(v):
            return "%s: %r must be %s, not %s" % (kind, k, _TYPE_NAMES[test], json.dumps(v)[:40])
        if k in _SEAT_FIELDS and v is not None and not 0 <= v < nseats:
            return "%s: %r is seat %d, but the seats are 0-%d" % (kind, k, v, nseats - 1)
    if kind == "rotate" and ev["dir"] not in (1, -1):
        return "rotate: dir must be 1 or -1, not %s" % json.dumps(ev["dir"])
    if ev.get("jump") is False:
        return "play: jump is written only as true"
    if "colour" in ev and ev["colour"] not in cards.COLOUR_LETTERS:
        return "%s: colour %s is not one of R Y G B" % (kind, json.dumps(ev["colour"]))
    if kind == "draw" and ev["why"] not in ("turn", "+2", "+4", "challenge", "one", "start"):
        return "draw: unknown why %s" % json.dumps(ev["why"])
    names = [ev[k] for k in ("card", "top") if k in ev]
    for k in ("pile", "cards"):
        names.extend(ev.get(k, ()))
    for h in ev.get("hands", ()):
        names.extend(h)
    for c in names:
        try:
            cards.parse(c)
        except ValueError as e:
            return "%s: %s" % (kind, e)
    return None


def same(a, b):
    """JSON equality that keeps types apart: ``true`` != ``1``, ``3.0`` != ``3``."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


# ----- replaying one match ----------------------------------------------------------------

class _Replayer(Game):
    """A Game whose shuffles come from the record instead of its generator."""

    def __init__(self, rules, seed, sink, hands_events):
        super().__init__(rules, seed=seed, sink=sink)
        # per hand: (hand event, [returned...], [reshuffle...], its line)
        self._hand_events = hands_events
        self._returned = []
        self._reshuffles = []

    def start_from(self, dealer):
        """Start the match with the recorded first dealer."""
        if self.sink is not None:
            self._emit({"ev": "match", "v": 1, "seed": self.seed,
                        "rules": self.rules.as_dict(), "seats": list(self.rules.seats),
                        "names": list(self.names or self.rules.seats)})
        self._deal((dealer + 1) % self.nseats)

    def _new_deck(self):
        if self.hand_no > len(self._hand_events):
            raise RecordError("the rules deal hand %d, the record has no hand event for it"
                              % self.hand_no)
        hand_ev, returned, reshuffles, line = self._hand_events[self.hand_no - 1]
        self._returned = list(returned)
        self._reshuffles = list(reshuffles)
        n = self.nseats
        order = []
        hands = [[cards.parse(c) for c in h] for h in hand_ev["hands"]]
        if len(hands) != n or any(len(h) != 7 for h in hands):
            raise RecordError("hand %d: not 7 cards for each of %d seats" % (self.hand_no, n),
                              line)
        for i in range(7):
            for k in range(n):
                order.append(hands[(self.starter + k) % n][i])
        order.append(cards.parse(hand_ev["top"]))
        order.extend(cards.parse(c) for c in hand_ev["pile"])
        if sorted(order) != sorted(cards.make_deck(self.rules.deck == "acorn")):
            raise RecordError("hand %d: the dealt cards are not one whole deck" % self.hand_no,
                              line)
        order.reverse()
        return bytearray(order)  # the piles are bytearrays (uno.core.game.Game)

    def _put_back(self, card):
        if not self._returned:
            raise RecordError("hand %d: W+4 turned up but no returned event" % self.hand_no)
        ev = self._returned.pop(0)
        pile = [cards.parse(c) for c in ev["pile"]]
        pile.reverse()
        top = cards.parse(ev["top"])
        if sorted(pile + [top]) != sorted(list(self.pile) + [card]):
            raise RecordError("hand %d: the returned W+4 changed the cards" % self.hand_no)
        self.pile = bytearray(pile)  # the piles are bytearrays (uno.core.game.Game)
        return top

    def _reshuffle(self):
        if not self._reshuffles:
            raise RecordError("hand %d: a reshuffle the record does not show" % self.hand_no)
        pile = [cards.parse(c) for c in self._reshuffles.pop(0)["pile"]]
        if sorted(pile) != sorted(self.discard[:-1]):
            raise RecordError("hand %d: reshuffled pile is not the discard pile" % self.hand_no)
        pile.reverse()
        top = self.discard[-1]
        self.pile = bytearray(pile)
        self.discard = bytearray((top,))
        if self._rec():
            self._emit({"ev": "reshuffle", "pile": self._pile_names()})


def _decision(g, ev):
    """The action the core needs to reproduce record event ``ev`` (None: the core writes it
    itself as a consequence of an earlier action)."""
    kind = ev["ev"]
    ph = g.phase
    if ph == PH_JUMP:
        # declining a jump-in writes nothing: the seat asked lets it be unless this is its jump
        if kind == "play" and ev.get("jump") and ev["p"] == g.actor:
            return cards.parse(ev["card"])
        return NO_JUMP
    if kind == "swap":
        return SWAP + ev["with"] if ph == PH_SWAP and ev["p"] == g.actor else None
    if kind == "play":
        card = cards.parse(ev["card"])
        return play_action(card, cards.COLOUR_LETTERS.index(ev.get("colour", "R")))
    if kind == "colour":
        return COLOUR + cards.COLOUR_LETTERS.index(ev["colour"])
    if kind == "challenge":
        return CHALLENGE
    if kind == "draw":
        if ev["why"] == "turn" and ev["p"] == g.actor and ph not in (PH_STACK, PH_CHALLENGE):
            return DRAW
        if ph in (PH_STACK, PH_CHALLENGE) and ev["p"] == g.actor and ev["why"] in ("+2", "+4"):
            return ACCEPT
        return None
    if kind == "pass":
        return PASS if ev["p"] == g.actor and PASS in g.legal_actions() else None
    if kind == "one" and ph == PH_ONE:
        return CALL_ONE if ev["called"] else NO_ONE
    return None


def split_matches(lines, linenos=None):
    """The record cut into one list of events per match (a new list at each ``match`` event);
    with ``linenos`` (the file line of each event), a list of (events, line numbers) pairs."""
    out = []
    nums = []
    for k, ev in enumerate(lines):
        if (type(ev) is dict and ev.get("ev") == "match") or not out:
            out.append([])
            nums.append([])
        out[-1].append(ev)
        nums[-1].append(linenos[k] if linenos else k + 1)
    return list(zip(out, nums, strict=True)) if linenos else out


def check_record(lines, linenos=None):
    """Replay one match's record (event dicts; ``linenos``: their lines in the file, 1.. when
    left out). Raises RecordError with the first problem, including a record that stops before
    ``match_end`` or ``quit``. Returns a summary dict: hands, winner, scores, over."""
    nums = list(linenos) if linenos else list(range(1, len(lines) + 1))
    if not lines:
        raise RecordError("empty: no match in it")
    at = [0]  # index of the line being checked, for errors the core raises
    try:
        return _check(lines, nums, at)
    except RecordError as e:
        if e.line is None:
            raise RecordError(e.what, nums[min(at[0], len(nums) - 1)]) from None
        raise
    except (IllegalAction, ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
        raise RecordError("cannot be replayed: %s" % (e,),
                          nums[min(at[0], len(nums) - 1)]) from None


def replay_to(lines):
    """The core's game after one match's record ``lines`` (event dicts from its ``match``
    event on), which may stop anywhere (a save point's lines: the simulator checks that a
    continued record is that match's). RecordError when the lines are not what the rules
    do."""
    nums = list(range(1, len(lines) + 1))
    if not lines:
        raise RecordError("empty: no match in it")
    try:
        return _check(lines, nums, [0], partial=True)
    except (IllegalAction, ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
        raise RecordError("cannot be replayed: %s" % (e,)) from None


def _check(lines, nums, at, partial=False):
    m = lines[0]
    if type(m) is not dict or m.get("ev") != "match":
        raise RecordError("a record starts with a match event", nums[0])
    why = shape_problem(m, 4)
    if why:
        raise RecordError(why, nums[0])
    if m["v"] != 1:
        raise RecordError("format version %d; this checker reads version 1" % m["v"], nums[0])
    try:
        rules = Rules(**m["rules"])
    except (TypeError, ValueError) as e:
        raise RecordError("rules: %s" % e, nums[0]) from None
    seats = list(rules.seats)
    if not same(seats, m["seats"]) or len(m["names"]) != len(seats):
        raise RecordError("seats %s differ from the rules' seats %s or the names"
                          % (json.dumps(m["seats"]), json.dumps(seats)), nums[0])
    if "human" in seats and seats[0] != "human":
        raise RecordError("seat 0 must be the first human seat, the seats are %s"
                          % json.dumps(seats), nums[0])
    n = len(seats)
    hands = []
    for k, ev in enumerate(lines):
        why = shape_problem(ev, n)
        if why:
            raise RecordError(why, nums[k])
        if k and ev["ev"] == "match":
            raise RecordError("a second match event inside one match", nums[k])
        if ev["ev"] == "hand":
            hands.append((ev, [], [], nums[k]))
        elif ev["ev"] == "returned" and hands:
            hands[-1][1].append(ev)
        elif ev["ev"] == "reshuffle" and hands:
            hands[-1][2].append(ev)
    if not hands:
        raise RecordError("no hand was dealt", nums[-1])
    out = []
    g = _Replayer(rules, m["seed"], out.append, hands)
    g.names = m["names"]
    g.start_from(hands[0][0]["dealer"])
    i = 0  # lines[i] is the next record line the core has not yet matched
    ended = False
    while True:
        while i < len(out) and i < len(lines):
            at[0] = i
            if not same(out[i], lines[i]):
                raise RecordError("record has %s, the rules give %s" % (
                    json.dumps(lines[i]), json.dumps(out[i])), nums[i])
            i += 1
        if i >= len(lines):
            break
        at[0] = i
        ev = lines[i]
        if ev["ev"] == "quit":
            p = ev["p"]
            if i != len(lines) - 1:
                raise RecordError("events after quit", nums[i + 1])
            if g.phase == PH_MATCH_OVER:
                raise RecordError("quit after the match ended", nums[i])
            if "human" in seats and (p is None or seats[p] != "human"):
                raise RecordError("quit by %s: only a human seat leaves a match" % (
                    "nobody (null)" if p is None else "seat %d, a computer (%s)" % (p, seats[p])),
                    nums[i])
            if "human" not in seats and p is not None:
                raise RecordError("quit by seat %d: with no human seat a stopped match ends "
                                  "with quit by null" % p, nums[i])
            i += 1
            ended = True
            break
        if g.phase == PH_HAND_OVER:
            g.next_hand()
            continue
        if g.phase == PH_MATCH_OVER:
            raise RecordError("events after the match ended", nums[i])
        if ev["ev"] == "reshuffle" and i + 1 < len(lines):
            ev = lines[i + 1]  # a draw from an empty pile: the reshuffle is written first
        if g.phase == PH_CATCH:
            a = CATCH if ev["ev"] == "one" and ev.get("caught") else NO_CATCH
        else:
            a = _decision(g, ev)
        if a is None:
            raise RecordError("%s is not what the rules do next (seat %s to act)" % (
                json.dumps(ev), g.actor), nums[i])
        try:
            g.apply(a)
        except IllegalAction as e:
            raise RecordError("%s is illegal: %s" % (json.dumps(ev), e), nums[i]) from None
    if partial:
        if len(out) > len(lines):
            raise RecordError("stops inside a decision's events", nums[-1])
        return g
    if len(out) > len(lines):
        raise RecordError("incomplete: the record stops here; the rules go on with %s"
                          % json.dumps(out[i]),
                          nums[-1])
    if not ended and g.phase != PH_MATCH_OVER:
        raise RecordError("incomplete: the record stops here, with no match_end or quit",
                          nums[-1])
    return {"hands": g.hand_no, "winner": g.match_winner, "scores": list(g.scores),
            "over": g.phase == PH_MATCH_OVER}


# ----- files ------------------------------------------------------------------------------

def load(path):
    """Event dicts from a JSON Lines file (blank lines skipped)."""
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def read_events(path):
    """(events, their line numbers) of a file; RecordError (one per file) when it cannot be
    read, or a list of (line, what) problems for lines that are not JSON."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError("cannot read: %s" % (getattr(e, "strerror", None) or e)) from None
    events = []
    nums = []
    bad = []
    for k, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            events.append(json.loads(line))
            nums.append(k)
        except (ValueError, RecursionError) as e:
            bad.append((k, "not JSON: %s" % e))
    return events, nums, bad


def check_file(path, out=sys.stdout):
    """Check every match of one record file, one output line each; True when all are ok."""
    try:
        events, nums, bad = read_events(path)
    except RecordError as e:
        out.write("%s: %s\n" % (path, e.what))
        return False
    for k, what in bad:
        out.write("%s:%d: %s\n" % (path, k, what))
    if bad:
        return False
    if not events:
        out.write("%s: empty: no match in it\n" % path)
        return False
    good = True
    for n, (match, lines) in enumerate(split_matches(events, nums)):
        try:
            s = check_record(match, lines)
        except RecordError as e:
            out.write("%s:%s: %s\n" % (path, e.line if e.line is not None else "", e.what))
            good = False
            continue
        out.write("ok: %s match %d: %d hands, %s, scores %s\n" % (
            path, n + 1, s["hands"],
            ("winner seat %d" % s["winner"]) if s["over"] else "quit", s["scores"]))
    return good


def main(argv):
    """Check each record file named; exit status 1 if any is wrong, 2 on bad usage."""
    if not argv:
        sys.stderr.write(USAGE + "\n")
        return 2
    if argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    for a in argv:
        if a.startswith("-"):
            sys.stderr.write("replay.py: unknown option %s\n%s\n" % (a, USAGE))
            return 2
    good = True
    for path in argv:
        good = check_file(path) and good
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
