"""Check a game record (FORMATS.md JSON Lines) against the rules, without the program that
wrote it: every hand is re-dealt from its recorded cards, every recorded decision is applied
to the core, and the events the core writes must equal the record line for line.

    .venv/bin/python tools/replay.py game.jsonl      # prints "ok: ..." or the first problem
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "lib") not in sys.path:
    sys.path.insert(0, str(ROOT / "lib"))

from uno import cards  # noqa: E402
from uno.game import (  # noqa: E402
    ACCEPT, CALL_ONE, CATCH, CHALLENGE, COLOUR, DRAW, NO_CATCH, NO_ONE, PASS, PH_CATCH,
    PH_CHALLENGE, PH_HAND_OVER, PH_MATCH_OVER, PH_ONE, PH_STACK, Game, IllegalAction,
    play_action,
)
from uno.rules import Rules  # noqa: E402


class RecordError(Exception):
    """The record breaks the rules or the format; the message says where and how."""


class _Replayer(Game):
    """A Game whose shuffles come from the record instead of its generator."""

    def __init__(self, rules, seed, sink, hands_events):
        super().__init__(rules, seed=seed, sink=sink)
        self._hand_events = hands_events  # per hand: (hand event, [returned...], [reshuffle...])
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
        hand_ev, returned, reshuffles = self._hand_events[self.hand_no - 1]
        self._returned = list(returned)
        self._reshuffles = list(reshuffles)
        n = self.nseats
        order = []
        hands = [[cards.parse(c) for c in h] for h in hand_ev["hands"]]
        if len(hands) != n or any(len(h) != 7 for h in hands):
            raise RecordError("hand %d: not 7 cards for each of %d seats" % (self.hand_no, n))
        for i in range(7):
            for k in range(n):
                order.append(hands[(self.starter + k) % n][i])
        order.append(cards.parse(hand_ev["top"]))
        order.extend(cards.parse(c) for c in hand_ev["pile"])
        if sorted(order) != sorted(cards.make_deck(self.rules.deck == "acorn")):
            raise RecordError("hand %d: the dealt cards are not one whole deck" % self.hand_no)
        order.reverse()
        return order

    def _put_back(self, card):
        if not self._returned:
            raise RecordError("hand %d: W+4 turned up but no returned event" % self.hand_no)
        ev = self._returned.pop(0)
        pile = [cards.parse(c) for c in ev["pile"]]
        pile.reverse()
        top = cards.parse(ev["top"])
        if sorted(pile + [top]) != sorted(self.pile + [card]):
            raise RecordError("hand %d: the returned W+4 changed the cards" % self.hand_no)
        self.pile = pile + [top]
        return self.pile.pop()

    def _reshuffle(self):
        if not self._reshuffles:
            raise RecordError("hand %d: a reshuffle the record does not show" % self.hand_no)
        pile = [cards.parse(c) for c in self._reshuffles.pop(0)["pile"]]
        if sorted(pile) != sorted(self.discard[:-1]):
            raise RecordError("hand %d: reshuffled pile is not the discard pile" % self.hand_no)
        pile.reverse()
        top = self.discard[-1]
        self.pile = pile
        self.discard = [top]
        if self._rec():
            self._emit({"ev": "reshuffle", "pile": self._pile_names()})


def _decision(g, ev):
    """The action the core needs to reproduce record event ``ev`` (None: the core writes it
    itself as a consequence of an earlier action)."""
    kind = ev["ev"]
    ph = g.phase
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


def split_matches(lines):
    """The record cut into one list of events per match."""
    out = []
    for ev in lines:
        if ev.get("ev") == "match" or not out:
            out.append([])
        out[-1].append(ev)
    return out


def check_record(lines):
    """Replay one match's record (event dicts); raises RecordError with the first problem.
    Returns a summary dict: hands, winner, scores, over."""
    if not lines or lines[0].get("ev") != "match" or lines[0].get("v") != 1:
        raise RecordError("line 1: a record starts with a version-1 match event")
    m = lines[0]
    try:
        rules = Rules(**m["rules"])
    except (TypeError, ValueError) as e:
        raise RecordError("line 1: rules: %s" % e) from None
    if list(rules.seats) != list(m["seats"]):
        raise RecordError("line 1: seats %r differ from rules' seats" % m["seats"])
    hands = []
    for ev in lines:
        if ev["ev"] == "hand":
            hands.append((ev, [], []))
        elif ev["ev"] == "returned" and hands:
            hands[-1][1].append(ev)
        elif ev["ev"] == "reshuffle" and hands:
            hands[-1][2].append(ev)
    if not hands:
        raise RecordError("no hand was dealt")
    out = []
    g = _Replayer(rules, m["seed"], out.append, hands)
    g.names = m.get("names")
    g.start_from(hands[0][0]["dealer"])
    i = 0  # lines[i] is the next record line the core has not yet matched
    while True:
        while i < len(out) and i < len(lines):
            if out[i] != lines[i]:
                raise RecordError("line %d: record has %s, the rules give %s" % (
                    i + 1, json.dumps(lines[i]), json.dumps(out[i])))
            i += 1
        if i >= len(lines):
            break
        ev = lines[i]
        if ev["ev"] == "quit":
            if i != len(lines) - 1:
                raise RecordError("line %d: events after quit" % (i + 1))
            i += 1
            break
        if g.phase == PH_HAND_OVER:
            g.next_hand()
            continue
        if g.phase == PH_MATCH_OVER:
            raise RecordError("line %d: events after the match ended" % (i + 1))
        if ev["ev"] == "reshuffle" and i + 1 < len(lines):
            ev = lines[i + 1]  # a draw from an empty pile: the reshuffle is written first
        if g.phase == PH_CATCH:
            a = CATCH if ev["ev"] == "one" and ev.get("caught") else NO_CATCH
        else:
            a = _decision(g, ev)
        if a is None:
            raise RecordError("line %d: %s is not what the rules do next (%s to act)" % (
                i + 1, json.dumps(ev), g.actor))
        try:
            g.apply(a)
        except IllegalAction as e:
            raise RecordError("line %d: %s is illegal: %s" % (i + 1, json.dumps(ev), e)) from None
    if len(out) > len(lines):
        raise RecordError("record ends early: the rules go on with %s" % json.dumps(out[i]))
    return {"hands": g.hand_no, "winner": g.match_winner, "scores": list(g.scores),
            "over": g.phase == PH_MATCH_OVER}


def load(path):
    """Event dicts from a JSON Lines file."""
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def main(argv):
    """Check each record file named; exit status 1 if any breaks the rules."""
    bad = 0
    for path in argv:
        try:
            for n, match in enumerate(split_matches(load(path))):
                s = check_record(match)
                print("ok: %s match %d: %d hands, winner %s, scores %s" % (
                    path, n + 1, s["hands"], s["winner"], s["scores"]))
        except (RecordError, KeyError, ValueError) as e:
            print("%s: %s" % (path, e))
            bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
