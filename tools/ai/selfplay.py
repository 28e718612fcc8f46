"""Computer-vs-computer matches in the terminal: a summary line per match, optional record.

    python tools/ai/selfplay.py --matches 3 --seed 1 --preset classic --seats 2 --log out.jsonl
    micropython tools/ai/selfplay.py --matches 1 --preset house --seats 4

Runs unchanged under CPython and the MicroPython Unix port (no argparse there), from the
repository root or from a copy beside a ``lib/`` folder. ``--hands N`` stops after N hands
(for timing); ``--player first`` uses the plain legal-move player, ``--player LEVEL`` a
computer level of ``uno.players.normal``.
"""

import sys

try:
    _here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
except NameError:
    _here = "."
for _p in (_here + "/../../lib", _here + "/lib", "lib"):
    if _p not in sys.path:
        sys.path.insert(0, _p)

try:
    import micropython  # noqa: F401  (MicroPython, CircuitPython, or Blinka on CPython)
except ImportError:  # plain CPython without the venv: const() is the identity
    import types

    _m = types.ModuleType("micropython")
    _m.const = lambda x: x  # type: ignore[attr-defined]
    sys.modules["micropython"] = _m

import gc  # noqa: E402

from uno.core import cards  # noqa: E402
from uno.core.codes import COLOUR, DRAW, PASS, PH_HAND_OVER, PH_MATCH_OVER  # noqa: E402
from uno.core.game import Game  # noqa: E402
from uno.core.rulecheck import PRESET_NAMES  # noqa: E402
from uno.core.rules import preset  # noqa: E402

PLAYERS = ("first", "easy", "normal", "advanced")
USAGE = ("usage: selfplay.py [--matches N] [--seed S] [--preset NAME] [--seats 2-4] "
         "[--log FILE] [--hands N] [--player first|easy|normal|advanced] [--quiet]")


class FirstLegal:
    """The plain legal-move player: first playable card, wild colour of the most-held colour,
    draws only when it must, accepts penalties, always calls ONE."""

    def choose(self, obs):
        """One legal action for ``obs``."""
        return self.pick(obs.legal, obs.hand)

    def pick(self, legal, hand):
        """One of the ``legal`` actions, knowing only the player's own ``hand``."""
        best = -1
        for a in legal:
            if a < 64 and (a & 15) < cards.WILD:
                return a
            if a < 64 and best < 0:
                best = a
        if best >= 0:
            counts = [0, 0, 0, 0]
            for c in hand:
                if c < 0x40:
                    counts[c >> 4] += 1
            return (counts.index(max(counts)) << 4) | (best & 15)
        for a in legal:
            if a >= COLOUR:
                return a
        if DRAW in legal:
            return DRAW
        if PASS in legal:
            return PASS
        return legal[0]


def parse_args(argv):
    """Options dict from ``argv``; ValueError naming a bad argument."""
    opts = {"matches": 1, "seed": 1, "preset": "classic", "seats": 2, "log": None,
            "hands": 0, "player": "first", "quiet": False}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            raise ValueError(USAGE)
        if a == "--quiet":
            opts["quiet"] = True
            i += 1
            continue
        if not a.startswith("--") or a[2:] not in opts or i + 1 >= len(argv):
            raise ValueError("bad argument %r\n%s" % (a, USAGE))
        k = a[2:]
        v = argv[i + 1]
        if k in ("matches", "seed", "seats", "hands"):
            try:
                # ASCII digits only: CPython's int() also reads other scripts' digits
                if not v or any(c not in "+-0123456789" for c in v):
                    raise ValueError(v)
                v = int(v)
            except ValueError:
                raise ValueError("--%s needs a number, got %r" % (k, v)) from None
        opts[k] = v
        i += 2
    if opts["log"] is not None and not opts["log"].strip():
        raise ValueError("--log is empty: name a FILE.jsonl, or leave --log out for no record")
    if opts["preset"] not in PRESET_NAMES:
        raise ValueError("--preset: unknown %r (%s)" % (opts["preset"], ", ".join(PRESET_NAMES)))
    if not 2 <= opts["seats"] <= 4:
        raise ValueError("--seats: 2 to 4 computer seats, got %d" % opts["seats"])
    if opts["player"] not in PLAYERS:
        raise ValueError("--player: unknown %r (%s)" % (opts["player"], ", ".join(PLAYERS)))
    if opts["matches"] < 1:
        raise ValueError("--matches: at least 1, got %d" % opts["matches"])
    if opts["hands"] < 0:
        raise ValueError("--hands: 0 (whole matches) or more, got %d" % opts["hands"])
    return opts


def make_players(kind, n, seed):
    """``n`` players of ``kind`` (``first`` or a level of uno.players.normal)."""
    if kind == "first":
        return [FirstLegal() for _ in range(n)]
    from uno.players.make import make_player

    return [make_player(kind, seed * 7919 + s) for s in range(n)]


def play_match(rules, seed, players, sink=None, max_hands=0):
    """Play one match to its end (or ``max_hands``); returns (game, hands played, actions)."""
    g = Game(rules, seed=seed, sink=sink)
    g.start()
    hands = 1
    actions = 0
    while True:
        ph = g.phase
        if ph == PH_MATCH_OVER:
            break
        if ph == PH_HAND_OVER:
            if max_hands and hands >= max_hands:
                break
            g.next_hand()
            hands += 1
            continue
        p = players[g.actor]
        if isinstance(p, FirstLegal):  # sees only its legal moves and hand: no Observation
            g.apply(p.pick(g.legal_actions(), g.hands[g.actor]))
        else:
            g.apply(p.choose(g.observe(g.actor)))
        actions += 1
    return g, hands, actions


def main(argv):
    """Run the matches the arguments ask for; returns the exit status."""
    try:
        o = parse_args(argv)
    except ValueError as e:
        print(e)
        return 2
    level = "normal" if o["player"] == "first" else o["player"]
    rules = preset(o["preset"], seats=[level] * o["seats"])
    log = None
    if o["log"]:
        try:
            log = open(o["log"], "w")
        except OSError as e:
            print("--log %s: cannot write: %s" % (o["log"], _why(e)))
            return 2
    try:
        return _run(o, rules, log)
    except OSError as e:  # a full disk, a device that refuses: one line, no traceback
        print("--log %s: cannot write: %s" % (o["log"], _why(e)))
        return 1


def _why(e):
    """An OSError's reason in words where the port has them ("No space left on device")."""
    return getattr(e, "strerror", None) or e


def _run(o, rules, log):
    import json

    gc.collect()  # as code.py does on the badge: free the import garbage before playing

    def sink(ev):
        log.write(json.dumps(ev))
        log.write("\n")

    left = o["hands"]
    total_hands = 0
    for m in range(o["matches"]):
        seed = o["seed"] + m
        players = make_players(o["player"], o["seats"], seed)
        g, hands, actions = play_match(rules, seed, players, sink if log else None, left)
        total_hands += hands
        if log and g.phase != PH_MATCH_OVER:
            sink({"ev": "quit", "p": None})  # stopped by --hands: no human seat to leave
        if not o["quiet"]:
            print("match %d seed %d %s: %s after %d hands, %d actions, scores %s" % (
                m + 1, seed, o["preset"],
                ("seat %d wins" % g.match_winner) if g.match_winner >= 0 else "unfinished",
                hands, actions, " ".join(str(s) for s in g.scores)))
        if left:
            left -= hands
            if left <= 0:
                break
    if log:
        log.close()  # a full disk shows here at the latest (OSError: main's one line)
    return 0 if total_hands else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
