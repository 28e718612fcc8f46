#!/usr/bin/env python3
"""What a seat may learn of the other hands late in a four-seat hand against Normals
(docs/AI.md), measured over Normal self-play or Advanced against three Normals.

    tools/ai/low_hands.py seen 3000     # a low hand's colours: true against the sampled deals
    tools/ai/low_hands.py model 1500    # a logistic model of them from the public record
    tools/ai/low_hands.py diff 1000     # where the true hands change Advanced's late decisions
    tools/ai/low_hands.py wilds 1500    # wilds in each Normal hand: true against the search's deals
    tools/ai/low_hands.py kinds 600     # the same for wilds, Skip/+2, Reverse, high and low numbers
    tools/ai/low_hands.py tempo 2000    # who is first down to a low hand, and who wins then

"Low": a hand of ``LOW`` (3) cards or fewer, when the search starts
(uno.players.advanced.LATE_CARDS). The sampled figures come from ``Game.from_observation``, the deal
a search starts from; the observer is seat 0 at its own turns. """

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT / "lib", ROOT):  # the core; the tools package, run as a file
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from uno.players.advanced import LATE_CARDS as LOW  # noqa: E402
from uno.players.make import make_player  # noqa: E402
from uno.core.cards import WILD  # noqa: E402
from uno.core.codes import DRAW, PH_HAND_OVER, PH_MATCH_OVER, PH_PLAY  # noqa: E402
from uno.core.game import Game  # noqa: E402
from uno.core.rng import Rng  # noqa: E402
from uno.core.rules import preset  # noqa: E402

# What ``features`` may name: the last two plays, of (or calling) the colour or switching away
# from it, by a card or by a wild.
FEATURES = tuple("%s play %s%s" % (n, what, w) for n in ("last", "2nd last")
                 for what in ("of or calling it", "switched away from it")
                 for w in ("", " (a wild)"))


def lacks(hand, c: int) -> bool:
    """The hand holds no plain card of colour ``c``."""
    return not any(x < 0x40 and x >> 4 == c for x in hand)


def hands(n: int, visit, levels=("normal",) * 4, done=None) -> None:
    """Play ``n`` Classic hands (seeds 1..n) with ``levels`` by seat (or ``levels(seed)``),
    calling ``visit(seed, g, hist)`` before every decision and ``done(seed, g)`` after the
    hand; hist[s]: seat s's plays from the hand so far, (colour before, colour played or
    called, kind), and hist[s + 4] the colours it drew on at its turns."""
    for seed in range(1, n + 1):
        seats = tuple(levels(seed) if callable(levels) else levels)
        rules = preset("classic")
        rules.update({"seats": seats})
        g = Game(rules, seed=seed)
        g.start()
        ps = [make_player(lv, seed * 7 + s) for s, lv in enumerate(seats)]
        hist: list[list] = [[] for _ in range(8)]
        while g.phase not in (PH_HAND_OVER, PH_MATCH_OVER):
            visit(seed, g, hist)
            p = g.actor
            a = ps[p].choose(g.observe(p))
            if g.phase == PH_PLAY and a < DRAW:
                hist[p].append((g.colour, a >> 4, a & 15))
            elif g.phase == PH_PLAY and a == DRAW:
                hist[p + 4].append(g.colour)
            g.apply(a)
        if done is not None:
            done(seed, g)


def features(hist, s: int, c: int) -> list[str]:
    """The public facts of seat ``s``'s plays that bear on colour ``c`` (of FEATURES)."""
    out = []
    for j, name in ((1, "last"), (2, "2nd last")):
        if len(hist[s]) >= j:
            before, col, kind = hist[s][-j]
            wild = " (a wild)" if kind >= WILD else ""
            if col == c:
                out.append("%s play of or calling it%s" % (name, wild))
            elif before == c:
                out.append("%s play switched away from it%s" % (name, wild))
    return out


def low_seats(g, rng, deals: int):
    """At seat 0's turn to play: its observation, the other seats with LOW cards or fewer and
    ``deals`` games sampled from what it sees; None at any other decision or when no other
    hand is low."""
    if g.phase != PH_PLAY or g.actor != 0:
        return None
    obs = g.observe(0)
    low = [s for s in range(1, g.nseats) if obs.counts[s] <= LOW]
    if not low:
        return None
    return obs, low, [Game.from_observation(obs, rng) for _ in range(deals)]


def truth_and_chance(g, sgs, s: int, c: int) -> tuple[bool, float]:
    """Whether seat ``s`` lacks colour ``c`` in ``g``, and in what share of the deals ``sgs``."""
    return lacks(g.hands[s], c), sum(lacks(sg.hands[s], c) for sg in sgs) / len(sgs)


def _count_reshuffles() -> tuple[list[int], object]:
    """Patch the game to count its reshuffles (``Game.reshuffles``): returns the count of games
    that had one, in a list, and a function that takes the patch back."""
    base = next(k for k in Game.__mro__ if "_reshuffle" in k.__dict__)
    orig = base._reshuffle
    tally = [0]

    def reshuffle(self):
        self.reshuffles = getattr(self, "reshuffles", 0) + 1
        tally[0] += self.reshuffles == 1
        orig(self)

    base._reshuffle = reshuffle

    def undo():
        base._reshuffle = orig

    return tally, undo


def seen(n: int, deals: int = 3) -> dict:
    """Print a low hand's colours and wilds, true against sampled, by what the seat saw."""
    tally, undo = _count_reshuffles()
    rng = Rng(5)
    by: dict[str, list] = {}
    wilds: dict[int, list] = {}
    late = [0, 0]  # seat 0's late decisions, of which after a reshuffle

    def visit(seed, g, hist):
        if g.phase == PH_PLAY and g.actor == 0 and min(len(h) for h in g.hands) <= LOW:
            late[0] += 1
            late[1] += getattr(g, "reshuffles", 0) > 0
        at = low_seats(g, rng, deals)
        if at is None:
            return
        obs, low, sgs = at
        for s in low:
            w = wilds.setdefault(obs.counts[s], [0, 0, 0.0])
            w[0] += 1
            w[1] += sum(1 for x in g.hands[s] if x >= 0x40)
            w[2] += sum(1 for sg in sgs for x in sg.hands[s] if x >= 0x40) / deals
            for c in range(4):
                if obs.void[s] >> c & 1:
                    keys = ["marked as lacking it (the core)"]
                else:
                    keys = features(hist, s, c) or ["none of these"]
                t, p = truth_and_chance(g, sgs, s, c)
                for key in keys + ["every pair"]:
                    r = by.setdefault(key, [0, 0, 0.0])
                    r[0] += 1
                    r[1] += t
                    r[2] += p

    try:
        hands(n, visit)
    finally:
        undo()  # type: ignore[operator]
    total = by["every pair"][0]
    print("%d Normal hands, four seats; pairs (a hand of %d or fewer, a colour) at seat 0's "
          "turns" % (n, LOW))
    print("%-48s %7s %7s %8s" % ("what the seat saw", "share", "lacks", "sampled"))
    for key, (m, t, p) in sorted(by.items(), key=lambda kv: -kv[1][0]):
        print("%-48s %6.1f%% %6.1f%% %7.1f%%" % (key, 100 * m / total, 100 * t / m, 100 * p / m))
    for k in sorted(wilds):
        m, t, p = wilds[k]
        print("wilds in a hand of %d: %.3f true, %.3f sampled" % (k, t / m, p / m))
    print("hands with a reshuffle: %d of %d; seat 0's late decisions after one: %d of %d" % (
        tally[0], n, late[1], late[0]))
    return {"pairs": by, "wilds": wilds, "reshuffled": tally[0], "late": late}


def model(n: int, deals: int = 30) -> dict:
    """Fit a logistic model of 'the low hand lacks the colour' on three games in four and print
    how it scores on the rest, against the sampled deals' chance alone (calibrated)."""
    import numpy as np

    rng = Rng(5)
    rows: list[list[float]] = []
    ys: list[float] = []
    ps: list[float] = []
    seeds: list[int] = []

    def visit(seed, g, hist):
        at = low_seats(g, rng, deals)
        if at is None:
            return
        obs, low, sgs = at
        for s in low:
            k = obs.counts[s]
            for c in range(4):
                if obs.void[s] >> c & 1:
                    continue  # known
                seen = features(hist, s, c)
                played = sum(1 for h in hist[s] if h[1] == c and h[2] < WILD)
                rows.append([1.0, float(k == 1), float(k == 2)]
                            + [float(f in seen) for f in FEATURES]
                            + [min(played, 4) / 4.0, min(len(hist[s]), 10) / 10.0,
                               float(c in hist[s + 4]), float(obs.colour == c)])
                t, p = truth_and_chance(g, sgs, s, c)
                ys.append(float(t))
                ps.append(p)
                seeds.append(seed)

    hands(n, visit)
    p = np.clip(np.array(ps), 0.02, 0.98)
    x = np.column_stack([np.array(rows), np.log(p / (1 - p))])
    y = np.array(ys)
    test = np.array(seeds) % 4 == 0  # held out by game: the pairs of one position are alike

    def fit(cols: list[int]):
        w = np.zeros(len(cols))
        a = x[~test][:, cols]
        for _ in range(30):  # Newton's method
            q = 1 / (1 + np.exp(-a @ w))
            h = (a * (q * (1 - q))[:, None]).T @ a + 1e-3 * np.eye(len(cols))
            w -= np.linalg.solve(h, a.T @ (q - y[~test]))
        return 1 / (1 + np.exp(-x[test][:, cols] @ w))

    def scores(q) -> tuple[float, float]:
        q = np.clip(q, 1e-4, 1 - 1e-4)
        t = y[test]
        return (float(np.mean((q - t) ** 2)),
                float(-np.mean(t * np.log(q) + (1 - t) * np.log(1 - q))))

    out = {"pairs": len(y), "held_out": int(test.sum()),
           "sampled": scores(fit([0, 1, 2, x.shape[1] - 1])),
           "model": scores(fit(list(range(x.shape[1]))))}
    print("%d pairs, %d held out; Brier / log-loss (knowing the hand: 0 / 0)" % (
        out["pairs"], out["held_out"]))
    print("  the sampled deals' chance, calibrated: %.3f / %.3f" % out["sampled"])
    print("  with the plays, draws and colour:      %.3f / %.3f" % out["model"])
    return out


def diff(n: int) -> dict:
    """At Advanced's late decisions against three Normals: how often an Advanced asked the same
    position answers otherwise than another with the true hands (the arena's oracle probe),
    and than another with other samples (fair)."""
    import uno.players.search as search
    from tools.ai import arena

    fair = (Game.__dict__["from_observation"], search.Pool.redeal)
    arena.install_probe("oracle")
    oracle = (Game.__dict__["from_observation"], search.Pool.redeal)

    def use(f):
        Game.from_observation, search.Pool.redeal = f

    use(fair)

    def kind(a: int) -> str:
        if a >= DRAW:
            return "draw" if a == DRAW else "pass"
        return "wild" if a & 15 >= WILD else "attack" if a & 15 >= 10 else "number"

    asked = [make_player("advanced", 97), make_player("advanced", 98), make_player("advanced", 99)]
    counts: dict[str, Counter] = {"oracle": Counter(), "fair": Counter()}
    total = [0]

    def visit(seed, g, hist):
        obs = g.observe(0)
        if g.actor != 0 or g.phase != PH_PLAY or min(obs.counts) > LOW:
            return
        if sum(1 for a in obs.legal if a < DRAW) + (DRAW in obs.legal) < 2:
            return
        total[0] += 1
        arena._TRUE["game"] = g
        a = asked[0].choose(g.observe(0))
        for name, f, player in (("oracle", oracle, asked[1]), ("fair", fair, asked[2])):
            use(f)
            b = player.choose(g.observe(0))
            use(fair)
            if b != a:
                ka, kb = kind(a), kind(b)
                if ka == kb:
                    key = "%s, %s colour" % (ka, "the same" if a >> 4 == b >> 4 else "another")
                else:
                    key = "%s instead of %s" % (kb, ka)
                counts[name][key] += 1

    try:
        hands(n, visit, ("advanced", "normal", "normal", "normal"))
    finally:
        use(fair)
    t = total[0]
    out = {"decisions": t, "oracle": sum(counts["oracle"].values()) / t,
           "fair": sum(counts["fair"].values()) / t}
    print("%d late decisions with two moves or more; answered otherwise: with the true hands "
          "%.1f%%, with other samples %.1f%%" % (t, 100 * out["oracle"], 100 * out["fair"]))
    keys = set(counts["oracle"]) | set(counts["fair"])
    for key in sorted(keys, key=lambda k: counts["fair"][k] - counts["oracle"][k]):
        print("  %-32s true hands %5.1f%%  other samples %5.1f%%" % (
            key, 100 * counts["oracle"][key] / t, 100 * counts["fair"][key] / t))
    return out


def _deals(g, rng, deals: int):
    """The search's own deals (``Pool.redeal``: re-deals, colours honoured, short hands fitted
    to their plays) at seat 0's turns when some hand is low: yields the sampled game after each
    of ``deals`` re-deals; nothing at other turns."""
    import uno.players.search as search

    if g.phase != PH_PLAY or g.actor != 0 or min(len(h) for h in g.hands) > LOW:
        return
    obs = g.observe(0)
    sg = Game.from_observation(obs, rng)
    pool = search.Pool(sg, 0, obs.last_play)
    for _ in range(deals):
        pool.redeal(sg, rng)
        yield sg


def wilds(n: int, deals: int = 30, largest: int = 9) -> dict:
    """Wilds in a Normal's hand by its size (up to ``largest``), true against the deals the
    search plays on (``_deals``), at seat 0's turns when some hand is low: {size: [hands, true
    wilds, sampled, log-loss sum]}."""
    rng = Rng(5)
    out: dict[int, list] = {}

    def visit(seed, g, hist):
        got = [0] * g.nseats
        held = [0] * g.nseats  # deals in which the hand holds a wild
        dealt = 0
        for sg in _deals(g, rng, deals):
            dealt += 1
            for s in range(1, g.nseats):
                k = sum(1 for x in sg.hands[s] if x >= 0x40)
                got[s] += k
                held[s] += k > 0
        if not dealt:
            return
        for s in range(1, g.nseats):
            k = len(g.hands[s])
            if k <= largest:
                w = out.setdefault(k, [0, 0, 0.0, 0.0])
                t = sum(1 for x in g.hands[s] if x >= 0x40)
                w[0] += 1
                w[1] += t
                w[2] += got[s] / deals
                # log-loss of "holds a wild" by the deals' share, kept off 0 and 1
                p = min(max(held[s] / deals, 0.02), 0.98)
                w[3] -= math.log(p if t else 1 - p)

    hands(n, visit)
    print("%d Normal hands, four seats; a Normal's hand at seat 0's turns when a hand is at %d "
          "or fewer" % (n, LOW))
    for k in sorted(out):
        m, t, p, loss = out[k]
        print("wilds in a hand of %d: %.3f true, %.3f in the search's deals (%d hands; "
              "log-loss of holding one %.3f)" % (k, t / m, p / m, m, loss / m))
    return out


GROUPS = ("wild", "Skip or +2", "Reverse", "7-9", "0-6")


def group(c: int) -> int:
    """The index in ``GROUPS`` of card ``c``."""
    if c >= 0x40:
        return 0
    k = c & 15
    return 1 if k == 10 or k == 12 else 2 if k == 11 else 3 if k >= 7 else 4


def kinds(n: int, deals: int = 20, largest: int = 7) -> dict:
    """Cards of each of ``GROUPS`` in a Normal's hand by its size (``largest`` and more
    together), true against the search's deals (``_deals``), at seat 0's turns when some hand
    is low (docs/AI.md): {size: [hands, true counts, sampled counts]}."""
    rng = Rng(5)
    out: dict[int, list] = {}

    def visit(seed, g, hist):
        got = [[0] * len(GROUPS) for _ in range(g.nseats)]
        dealt = 0
        for sg in _deals(g, rng, deals):
            dealt += 1
            for s in range(1, g.nseats):
                for c in sg.hands[s]:
                    got[s][group(c)] += 1
        if not dealt:
            return
        for s in range(1, g.nseats):
            w = out.setdefault(min(len(g.hands[s]), largest), [0, [0] * len(GROUPS),
                                                               [0.0] * len(GROUPS)])
            w[0] += 1
            for c in g.hands[s]:
                w[1][group(c)] += 1
            for i in range(len(GROUPS)):
                w[2][i] += got[s][i] / dealt

    hands(n, visit)
    print("%d Normal hands, four seats; a Normal's hand at seat 0's turns when a hand is at %d "
          "or fewer: cards of each kind, true / in the search's deals" % (n, LOW))
    for k in sorted(out):
        m, t, p = out[k]
        print("a hand of %d%s (%d): %s" % (k, "+" if k == largest else "", m, ", ".join(
            "%s %.3f / %.3f" % (GROUPS[i], t[i] / m, p[i] / m) for i in range(len(GROUPS)))))
    return out


def tempo(n: int) -> dict:
    """Advanced against three Normals, seats rotated (seed i: Advanced in seat i % 4): how
    often each level is the first hand down to LOW cards or reaches 1 card, and how often it
    wins the hand then. {(level, what): [seat-hands, wins]}."""
    out: dict[tuple, list] = {}
    base = ("advanced", "normal", "normal", "normal")
    least = [99] * 4
    first = [-1]

    def seats(seed: int) -> tuple:
        k = seed % 4
        return base[-k:] + base[:-k] if k else base

    def visit(seed, g, hist):
        for s in range(4):
            c = len(g.hands[s])
            least[s] = min(least[s], c)
            if c <= LOW and first[0] < 0:
                first[0] = s

    def done(seed, g):
        levels = seats(seed)
        for s in range(4):
            won = int(g.winner == s)
            keys = ["every hand"]
            if first[0] == s:
                keys.append("first down to %d" % LOW)
            if least[s] <= 1:
                keys.append("down to 1")
            for key in keys:
                r = out.setdefault((levels[s], key), [0, 0])
                r[0] += 1
                r[1] += won
        least[:] = [99] * 4
        first[0] = -1

    hands(n, visit, seats, done)
    print("%d four-seat Classic hands, Advanced against three Normals" % n)
    for (lv, key), (m, w) in sorted(out.items()):
        share = m / (n if lv == "advanced" else 3 * n)
        print("%-8s %-18s %5.1f%% of its hands, wins %5.1f%% of them" % (
            lv, key, 100 * share, 100 * w / m))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("seen", "model", "diff", "wilds", "kinds", "tempo"))
    ap.add_argument("hands", type=int)
    ap.add_argument("--deals", type=int, default=0, help="sampled deals a position (seen 3, "
                    "model 30, wilds 30, kinds 20)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a tunable of the player changed, as tools/ai/arena.py --set")
    args = ap.parse_args(argv)
    if args.set:
        from tools.ai import arena

        try:
            arena.apply_settings(tuple((name, int(value)) for name, _, value in
                                       (item.partition("=") for item in args.set)))
        except ValueError as e:  # an unknown name, or a value that is no whole number
            ap.error(str(e))
    if args.what == "seen":
        seen(args.hands, args.deals or 3)
    elif args.what == "model":
        model(args.hands, args.deals or 30)
    elif args.what == "wilds":
        wilds(args.hands, args.deals or 30)
    elif args.what == "kinds":
        kinds(args.hands, args.deals or 20)
    elif args.what == "tempo":
        tempo(args.hands)
    else:
        diff(args.hands)
    return 0


if __name__ == "__main__":
    sys.exit(main())
