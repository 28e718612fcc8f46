"""The AI's measuring tools: the arena, the RLCard adapter, the callgrind benchmark, and the
players under the MicroPython Unix port (compiled .mpy, fixed heap)."""

import shutil
import statistics
import sys
from pathlib import Path

import mpy_helpers
import pytest

ROOT = Path(__file__).resolve().parent.parent

from tools.ai import arena  # noqa: E402
from tools.ai import bench_ai  # noqa: E402


def test_wilson_interval():
    lo, hi = arena.wilson(60, 100)
    assert 0.50 < lo < 0.51 and 0.69 < hi < 0.70
    assert arena.wilson(0, 0) == (0.0, 1.0)


def test_arena_engine_hands_and_matches():
    r = arena.run_engine(["normal", "easy", "easy"], 6, "hand", "official", "", 1, None, 1)
    assert r["games"] == 6 and r["seats"] == [6, 6, 6]
    assert sum(r["wins"]) <= 6
    r = arena.run_engine(["advanced", "normal"], 2, "match", "classic", "target=100", 2, 40, 1)
    assert r["wins"][0] + r["wins"][1] == 2


def test_arena_command_line(capsys):
    assert arena.main(["normal", "easy", "--hands", "4", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "normal   wins" in out and "[" in out


def test_arena_set_changes_a_tunable(capsys, monkeypatch):
    """--set NAME=VALUE reaches the player's tunables (uno.players.advanced: here the search alone,
    no Normal prior) and the search's (uno.players.search: the playout's horizon), and the header
    says so; an unknown name is refused."""
    import uno.players.advanced
    import uno.players.search

    monkeypatch.setattr(uno.players.advanced, "K_PRIOR", uno.players.advanced.K_PRIOR)
    monkeypatch.setattr(uno.players.search, "HORIZON", uno.players.search.HORIZON)
    assert arena.main(["advanced", "normal", "--hands", "2", "--jobs", "1", "--budget", "40",
                       "--set", "K_PRIOR=0", "--set", "HORIZON=3"]) == 0
    out = capsys.readouterr().out
    assert "K_PRIOR=0" in out and uno.players.advanced.K_PRIOR == 0
    assert "HORIZON=3" in out and uno.players.search.HORIZON == 3
    with pytest.raises(ValueError):
        arena.main(["advanced", "normal", "--hands", "2", "--jobs", "1", "--set", "NO_SUCH=1"])


@pytest.mark.parametrize("probe", arena.PROBES + ("exact,no-prior",))
def test_every_arena_probe_runs(probe):
    """Every ``--probe`` docs/AI.md cites runs a four-seat game to its end (voids-low had been
    left pointing at the player's old module, and failed at its first decision)."""
    import subprocess

    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "ai" / "arena.py"), "advanced", "normal", "normal",
         "normal", "--hands", "8", "--jobs", "1", "--probe", probe],
        capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "advanced wins" in out.stdout and "8 hands" in out.stdout, out.stdout


def test_probes_joined_by_commas_are_all_installed_and_bad_names_are_refused(capsys):
    """``--probe exact,no-prior`` (docs/AI.md) installs both probes in the worker: the
    exact playouts and no prior; an unknown or repeated name is refused by name (``infer``
    and ``imitate`` are in the player, no probes)."""
    import subprocess

    code = ("from tools.ai import arena; import uno.players.search as s; "
            "arena._engine_chunk((['advanced', 'normal', 'normal'], 'classic', '', 'hand', 1, "
            "None, 0, 1, 'exact,no-prior', ())); import uno.players.advanced as p; "
            "print(s.rollout is arena.exact_rollout, p.K_PRIOR)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["True", "0"]
    for bad, said in (("exact,bogus", "unknown probe 'bogus'"), ("infer", "unknown probe"),
                      ("exact,exact", "a probe named twice")):
        with pytest.raises(SystemExit) as ex:
            arena.main(["advanced", "normal", "--hands", "2", "--jobs", "1", "--probe", bad])
        assert ex.value.code == 2
        assert said in capsys.readouterr().err


def test_playout_cost_times_the_three_playouts_on_the_same_positions():
    """``--playout-cost`` (docs/AI.md) plays every card of each late position with the
    plain, exact and imitating playouts and reports what each was charged: at least a core ply
    a rollout, the exact one no more turns than the horizon, and the imitation's other seats'
    turns counted. The player's charge is its own again afterwards. (No assertion on the
    timing: the machine is shared.)"""
    import uno.players.search as search

    tenths = search.IMIT_TENTHS
    r = arena.playout_cost(positions=4, deals=2)
    n = r["rollouts"]
    assert n >= 4 * 2 * 2  # every position has two card plays or more
    assert search._CORE_COST * n <= r["exact"][1] <= (search._CORE_COST + search.HORIZON) * n
    assert r["fast"][1] >= search._CORE_COST * n and r["imitate"][1] >= search._CORE_COST * n
    assert 0 < r["other_turns"] < r["imitate"][1]
    assert search.IMIT_TENTHS == tenths


@pytest.mark.parametrize("nseats", [3, 4])
def test_imitation_picks_a_card_normal_ranks_first(nseats):
    """The playout's other seats (ai_search.Model._imitate, docs/AI.md): at every play
    decision of Normal self-play where the next seat shows no void (the playout keeps none),
    the card the imitation picks from the hand scores as high under Normal's own score_play as
    Normal's choice does."""
    import uno.players.search as search
    from uno.players.normal import Context, Normal, score_play
    from uno.core.codes import PH_HAND_OVER, PH_PLAY
    from uno.core.game import Game
    from uno.core.rules import preset

    rules = preset("classic")
    rules.update({"seats": ("normal",) * nseats})
    checked = 0
    for seed in range(120):
        g = Game(rules, seed=seed)
        g.start()
        normal = Normal(seed)
        model = search.Model(g)
        assert model.imitate
        while g.phase < PH_HAND_OVER:
            obs = g.observe(g.actor)
            ctx = Context(obs)
            plays = [a for a in obs.legal if a < 0x40]
            if g.phase == PH_PLAY and plays and not ctx.void_next:
                card = model._imitate(g.hands[obs.seat], obs.colour, obs.top & 15, g.hands,
                                      ctx.next)
                # a wild's actions carry the colour called: its card is 0x40 | kind
                mine = max(score_play(ctx, a) for a in plays
                           if (0x40 | a & 15 if a & 15 >= 13 else a) == card)
                assert mine == max(score_play(ctx, a) for a in plays), (seed, obs.hand, card)
                checked += 1
            g.apply(normal.choose(obs))
    assert checked > 300


def test_the_playout_charges_the_imitated_turns(monkeypatch):
    """The playout is charged IMIT_TENTHS tenths of a unit more for each turn of another seat
    it imitates Normal in (three and four seats): with 0 it is charged as a plain playout,
    with 12 more; at two seats no turn is imitated (the plain playout, as before)."""
    import uno.players.search as search
    from uno.players.normal import Normal
    from uno.core.codes import PH_PLAY
    from uno.core.game import Game
    from uno.core.rng import Rng
    from uno.core.rules import preset

    for nseats in (4, 2):
        rules = preset("classic")
        rules.update({"seats": ("normal",) * nseats})
        g = Game(rules, seed=5)
        g.start()
        normal = Normal(1)
        while not (g.phase == PH_PLAY and min(len(h) for h in g.hands) <= 3):
            g.apply(normal.choose(g.observe(g.actor)))
        obs = g.observe(g.actor)
        charged = {}
        for tenths in (0, 12):
            monkeypatch.setattr(search, "IMIT_TENTHS", tenths)
            sampled = Game.from_observation(obs, Rng(2))
            model = search.Model(sampled, Rng(3))
            assert model.imitate == (nseats > 2)
            charged[tenths] = model.playout(sampled, obs.seat, -1)[1]
        if nseats > 2:
            assert charged[12] > charged[0] > 0
        else:
            assert charged[12] == charged[0] > 0


def test_unmarked_probe_hides_advanceds_marks_from_the_normals(monkeypatch):
    """``--probe unmarked`` (docs/AI.md): the Normals never see a colour the Advanced
    seat showed it lacks, while the game holds such marks; the other seats' marks they see."""
    import uno.players.normal

    seen = {"advanced": 0, "other": 0, "game": 0}

    def spy(self, obs):  # what the Normals' own play reads, after the probe's change
        game = arena._TRUE["game"]
        for s in range(obs.nseats):
            if obs.rules.seats[s] == "advanced":
                seen["advanced"] += obs.void[s] != 0
                seen["game"] += game.void[s] != 0
            elif s != obs.seat:
                seen["other"] += obs.void[s] != 0
        return normal(self, obs)

    normal = uno.players.normal.Normal.play
    monkeypatch.setattr(uno.players.normal.Normal, "play", spy)
    arena.install_probe("unmarked")
    for seed in range(1, 13):
        arena.play_game(["advanced", "normal", "normal", "normal"], "classic", "", seed, "hand",
                        budget=40)
    assert seen["advanced"] == 0
    assert seen["game"] > 0 and seen["other"] > 0


def test_exact_probe_plays_out_with_normals_and_restores_the_sampled_game(monkeypatch):
    """``--probe exact`` (docs/AI.md): each playout runs on the rules core with every
    other seat choosing as a Normal would from what it sees, here to the hand's end, and pops
    every ply: the sampled game is exactly as it was for the next candidate, and a finished
    hand scores a whole win or loss."""
    import uno.players.normal
    import uno.players.search as search
    from test_core_properties import snapshot
    from uno.core.codes import PH_PLAY
    from uno.core.game import Game
    from uno.core.rng import Rng
    from uno.core.rules import preset

    calls = {"other": 0, "own": 0}
    choose = uno.players.normal.Normal.choose

    def counted(self, obs):
        calls["own" if obs.seat == seat else "other"] += 1
        return choose(self, obs)

    monkeypatch.setitem(arena.EXACT, "EXACT_TURNS", 80)
    monkeypatch.setitem(arena._TRUE, "exact_normal", uno.players.normal.Normal(12345))
    rules = preset("classic")
    rules.update({"seats": ("normal",) * 4})
    g = Game(rules, seed=5)
    g.start()
    normal = uno.players.normal.Normal(1)
    while not (g.phase == PH_PLAY and min(len(h) for h in g.hands) <= 3):
        g.apply(normal.choose(g.observe(g.actor)))
    seat = g.actor
    obs = g.observe(seat)
    monkeypatch.setattr(uno.players.normal.Normal, "choose", counted)
    sampled = Game.from_observation(obs, Rng(2))
    before = snapshot(sampled)
    totals = [0] * len(obs.legal)
    finished = 0
    for i, a in enumerate(obs.legal):
        units = arena.exact_rollout(sampled, None, a, seat, totals, i, Rng(3))
        assert snapshot(sampled) == before, "the playout of %d left the game changed" % a
        assert search._CORE_COST <= units <= search._CORE_COST + search.HORIZON
        finished += abs(totals[i]) >= uno.players.normal.WIN
    assert calls["other"] > 0 and calls["own"] == 0
    assert finished > 0
    # EXACT_CHARGE: the same playout charged 4.3 times, in tenths.
    monkeypatch.setitem(arena.EXACT, "EXACT_CHARGE", 43)
    again = arena.exact_rollout(sampled, None, a, seat, totals, i, Rng(3))
    assert again == units * 43 // 10


def test_low_hands_measures_what_the_seat_sees(capsys):
    """tools/ai/low_hands.py (docs/AI.md): the core's marks are facts, a hand holds no
    more wilds than cards, a model given the sampled chance and the plays scores no worse
    than that chance alone on held-out games, and the true hands change some late decisions."""
    from tools.ai import low_hands

    out = low_hands.seen(30)
    pairs = out["pairs"]
    m, lacks, sampled = pairs["marked as lacking it (the core)"]
    assert m > 0 and lacks == m and sampled == m  # the deals honour the marks
    assert pairs["none of these"][0] < pairs["every pair"][0]
    assert all(0 <= true <= n * k for k, (n, true, _s) in out["wilds"].items())
    res = low_hands.model(150, deals=8)
    assert res["held_out"] > 0
    assert res["model"][0] <= res["sampled"][0] + 0.005  # Brier: lower is better
    d = low_hands.diff(15)
    assert d["decisions"] > 20 and 0 < d["oracle"] < 1
    assert "Brier" in capsys.readouterr().out


def test_low_hands_counts_wilds_and_who_gets_low_first(capsys):
    """tools/ai/low_hands.py's wilds, kinds and tempo (docs/AI.md): a hand of k
    cards holds 0 to k wilds, truly and in the search's deals, and k cards in all of kinds'
    groups; every seat of every hand is counted once, the wins add up to the hands won, and
    at most one seat a hand is the first to get low."""
    from tools.ai import low_hands

    w = low_hands.wilds(12, deals=4)
    assert w and all(m > 0 and 0 <= t <= m * k and 0 <= p <= m * k and loss >= 0
                     for k, (m, t, p, loss) in w.items())
    # kinds: every card of a hand of k cards is in one group, truly and in the deals
    kinds = low_hands.kinds(12, deals=4, largest=7)
    assert kinds and all(abs(sum(p) - sum(t)) < 1e-6 * m and (sum(t) == m * k if k < 7 else
                                                              sum(t) >= m * k)
                         for k, (m, t, p) in kinds.items())
    n = 24
    t = low_hands.tempo(n)
    adv, normal = t[("advanced", "every hand")], t[("normal", "every hand")]
    assert adv[0] == n and normal[0] == 3 * n
    assert 0 < adv[1] + normal[1] <= n
    first = [m for (_lv, key), (m, _w) in t.items() if key.startswith("first")]
    assert 0 < sum(first) <= n
    assert all(m >= w for m, w in t.values())
    assert "in the search's deals" in capsys.readouterr().out


def test_rlcard_translation_round_trip():
    pytest.importorskip("rlcard")
    from tools.ai import rlcard_agent as ra

    from uno.core.codes import DRAW
    from uno.core.cards import W4, parse

    assert ra.card_of("r-7") == parse("R7")
    assert ra.card_of("y-draw_2") == parse("Y+2")
    assert ra.card_of("b-wild_draw_4") == W4
    assert ra.action_of("g-wild") == (2 << 4 | 13)
    assert ra.action_of("draw") == DRAW
    for t in ("r-0", "g-skip", "b-reverse", "y-draw_2", "r-wild", "b-wild_draw_4", "draw"):
        assert ra.rl_action(ra.action_of(t)) == t


@pytest.mark.parametrize("level", ["easy", "normal", "advanced"])
def test_rlcard_agent_plays_legal_hands(level):
    rlcard = pytest.importorskip("rlcard")
    from tools.ai import rlcard_agent as ra
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": 5})
    seen = []

    class Checked(ra.Agent):
        def eval_step(self, state):
            a, info = super().eval_step(state)
            assert a in state["raw_legal_actions"]
            seen.append(a)
            return a, info

    ours = Checked(level, seed=1, budget=60)
    for swap in (0, 1):
        env.set_agents([ours, RandomAgent(env.num_actions)][::1 if swap == 0 else -1])
        _, payoffs = env.run(is_training=False)
        assert sorted(payoffs) == [-1, 1]
    assert len(seen) > 10


def test_rlcard_colour_and_voids_match_the_hidden_state():
    """The adapter's active colour is RLCard's (its ``target`` string shows a wild's creation
    colour, not the called one); the inferred ``NO_WILD`` never contradicts the other hand, and
    its colour and kind marks seldom do (a kept card may be of a colour marked before)."""
    rlcard = pytest.importorskip("rlcard")
    import numpy as np
    from tools.ai import rlcard_agent as ra
    from rlcard.agents import RandomAgent
    from rlcard.models.uno_rule_models import UNORuleAgentV1

    env = rlcard.make("uno", config={"seed": 5})
    stats = {"checks": 0, "void": 0, "no_wild": 0, "wrong": 0, "kind": 0, "kind_wrong": 0}

    class Checked(ra.Agent):
        def eval_step(self, state):
            a, info = super().eval_step(state)
            raw = state["raw_obs"]
            obs = ra.observation(raw, list(state["raw_legal_actions"]), self.tracker)
            assert "rygb"[obs.colour] == env.game.round.target.color
            assert self.tracker is not None
            v = self.tracker.void[1 - raw["current_player"]]
            hand = env.game.players[1 - raw["current_player"]].hand
            for c in hand:
                if c.type == "wild":
                    assert not v & ra.NO_WILD
                elif (v >> ra._COL[c.color]) & 1:
                    stats["wrong"] += 1
                    break
            if any(c.type != "wild" and v & ra._kind_bit(c.str) for c in hand):
                stats["kind_wrong"] += 1
            stats["kind"] += v >> ra.VOID_KIND != 0
            stats["checks"] += 1
            stats["void"] += v & 15 != 0
            stats["no_wild"] += v & ra.NO_WILD != 0
            return a, info

    for i in range(40):
        env.seed(i)
        np.random.seed(i)
        theirs = RandomAgent(env.num_actions) if i % 2 else UNORuleAgentV1()
        ours = Checked("normal", seed=i)
        env.set_agents([ours, theirs] if i % 4 < 2 else [theirs, ours])
        env.run(is_training=False)
    assert stats["void"] > stats["checks"] // 5 and stats["no_wild"] > stats["checks"] // 5
    assert stats["wrong"] < stats["checks"] // 3
    assert stats["kind"] > stats["checks"] // 5 and stats["kind_wrong"] < stats["checks"] // 3


def test_rlcard_wd4_marks_the_colour_in_force():
    """A W+4 from the hand (RLCard: only when nothing else fits) marks the colour in force then,
    not NO_WILD; a drawn one (no effect, our count unchanged) shows nothing fitted at all."""
    from tools.ai import rlcard_agent as ra

    def after(played, counts):
        t = ra.Tracker(2)
        t.update({"played_cards": ["r-5"], "num_cards": [7, 7], "target": "r-5"}, 0)
        t.last = "r-3"
        t.update({"played_cards": ["r-5", "r-3"] + played, "num_cards": counts,
                  "target": played[-1]}, 0)
        return t.void[1]

    red, three = 1 << ra._COL["r"], 1 << ra.VOID_KIND + 3  # we played r-3 before it
    assert after(["b-wild_draw_4", "b-2"], [10, 5]) == red | three
    assert after(["g-wild_draw_4"], [6, 7]) == red | three | ra.NO_WILD
    assert after(["g-wild_draw_4"], [6, 8]) == 0  # counts that fit neither


def test_rlcard_forced_draw_marks_colour_kind_and_wilds():
    """RLCard makes a seat draw only when no card fits: after it draws on our r-7 and keeps the
    card, it holds no red, no 7 and no wild; a 5 it then plays on our r-5 changes nothing."""
    from tools.ai import rlcard_agent as ra

    t = ra.Tracker(2)
    t.update({"played_cards": ["b-7"], "num_cards": [7, 7], "target": "b-7"}, 0)
    t.last = "r-7"
    t.update({"played_cards": ["b-7", "r-7"], "num_cards": [6, 8], "target": "r-7"}, 0)
    assert t.void[1] == 1 << ra._COL["r"] | 1 << ra.VOID_KIND + 7 | ra.NO_WILD
    marks = t.void[1]
    t.last = "r-5"
    t.update({"played_cards": ["b-7", "r-7", "r-5", "y-5"], "num_cards": [5, 7],
              "target": "y-5"}, 0)
    assert t.void[1] == marks


def test_rlcard_arena_runs():
    pytest.importorskip("rlcard")
    r = arena.run_rlcard("normal", "rule", 4, 3, None, 1)
    assert r["games"] == 4 and 0 <= r["wins"] <= 4


@pytest.fixture(scope="module")
def mpy_dir(tmp_path_factory):
    return mpy_helpers.compile_core(tmp_path_factory.mktemp("mpy"))


HAND_SCRIPT = """
import gc
from uno.players.make import make_player
from uno.core.game import Game, PH_HAND_OVER, PH_MATCH_OVER
from uno.core.rules import preset
import uno.players.advanced
import uno.players.search
import uno.core.observe
gc.collect()
levels = %r
g = Game(preset("official", seats=levels), seed=4)
g.start()
ps = [make_player(lv, 7 + s) for s, lv in enumerate(levels)]
n = 0
while g.phase not in (PH_HAND_OVER, PH_MATCH_OVER) and n < 400:
    obs = g.observe(g.actor)
    g.apply(ps[g.actor].choose(obs))
    n += 1
print("done", n, g.winner)
"""


def test_players_run_under_micropython(mpy_dir):
    """A whole hand of all three levels (Advanced at its default budget) under the MicroPython
    Unix port from .mpy files, with a fixed heap."""
    script = HAND_SCRIPT % (("advanced", "normal", "easy"),)
    rc, out, err = mpy_helpers.run_micropython(script, mpy_dir, heap_kb=96, timeout=300)
    assert rc == 0, out + err
    assert out.startswith("done")


def test_search_needs_at_most_8k_more_heap_than_normal(mpy_dir):
    """The same hand with an Advanced seat instead of a Normal one (the modules loaded in both
    cases) needs at most 8 KB more MicroPython heap: what the search allocates."""
    normal = mpy_helpers.min_heap_kb(HAND_SCRIPT % (("normal", "normal"),), mpy_dir, lo=32,
                                     hi=160, timeout=300)
    adv = mpy_helpers.min_heap_kb(HAND_SCRIPT % (("advanced", "normal"),), mpy_dir, lo=32,
                                  hi=160, timeout=300)
    assert normal is not None and adv is not None
    assert adv - normal <= 8, (normal, adv)


def test_search_live_data_is_small(mpy_dir):
    """What the search keeps alive during a decision (the sampled game, the re-deal pool, the
    playout buffers, four core plies of undo journal), measured with gc.mem_alloc() under
    MicroPython: well under 8 KB."""
    script = """
import gc
import uno.players.search as S
from uno.players.make import make_player
from uno.core.game import Game, PH_PLAY
from uno.core.rules import preset
from uno.core.rng import Rng
g0 = Game(preset("official", seats=("normal", "normal", "normal", "normal")), seed=5)
g0.start()
p = make_player("normal", 1)
while g0.phase != PH_PLAY or len(g0.legal_actions()) < 3:
    g0.apply(p.choose(g0.observe(g0.actor)))
obs = g0.observe(g0.actor)
gc.collect()
m0 = gc.mem_alloc()
g = Game.from_observation(obs, Rng(3))
pool = S.Pool(g, obs.seat)
model = S.Model(g)
pool.redeal(g, Rng(4))
for i in range(4):
    g.push(g.legal_actions()[0])
model.playout(g, obs.seat, -1)
gc.collect()
print(gc.mem_alloc() - m0)
"""
    rc, out, err = mpy_helpers.run_micropython(script, mpy_dir, heap_kb=256)
    assert rc == 0, out + err
    assert 0 < int(out) <= 8 * 1024


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind not installed")
def test_decision_cost_in_micropython_instructions():
    """The decision cost targets on a few fixed positions (docs/AI.md): median Easy/Normal
    <= 1 M, Advanced (default budget) <= 9 M MicroPython VM instructions (x86, callgrind)."""
    positions = bench_ai.collect_positions(8, seed=3)
    res = bench_ai.run_callgrind(positions, ["easy", "normal", "advanced"], None)
    assert statistics.median(res["easy"]) <= 1_000_000
    assert statistics.median(res["normal"]) <= 1_000_000
    assert statistics.median(res["advanced"]) <= 9_000_000
    assert min(res["advanced"]) > 50_000  # the search did run


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind not installed")
def test_the_charge_for_an_imitated_turn_is_its_micropython_cost():
    """``tools/ai/bench_ai.py --playout-cost`` (docs/AI.md): the same rollouts with and
    without the other seats' imitation of Normal, on MicroPython under callgrind. The imitated
    turns are counted and cost more instructions, and what the player charges for each
    (IMIT_TENTHS tenths of a unit) is within half a unit of what it costs there."""
    import uno.players.search as search

    r = bench_ai.playout_cost(4, 2)
    assert r["other_turns"] > 0 and r["instr"][1] > r["instr"][0]
    assert r["units"][1] > 0 and r["per_unit"] > 5_000
    assert abs(r["extra"] - search.IMIT_TENTHS / 10) < 0.5, r


def _new_modules(opponents, seat0):
    # the modules making seat 0's player adds to those its opponents' players loaded (a fresh
    # interpreter: nothing of this test run's imports)
    import subprocess

    code = ("import sys; sys.path.insert(0, 'lib'); from uno.players.make import make_player; "
            "[make_player(level, 1) for level in %r]; before = set(sys.modules); "
            "make_player(%r, 1); print(sorted(set(sys.modules) - before))" % (opponents, seat0))
    r = subprocess.run([sys.executable, "-c", code], cwd=mpy_helpers.ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


@pytest.mark.parametrize("prof", ["normal", "advanced3"])
def test_the_vm_runs_charge_no_player_code_for_the_players_seat(prof):
    # The heap budget is for three Advanced opponents (docs/BENCHMARKS.md): the fourth seat is
    # the person at the badge, who brings no player's code. The VM runs (tools/vm/vm_app.py
    # PROFILES: all seats computers) play it with a level whose code its opponents load anyway.
    from tools.vm import vm_app

    seats = vm_app.PROFILES[prof].split(",")
    assert _new_modules(seats[1:], seats[0]) == "[]"
    # Easy would load a module of its own for that seat (1 KB on the VM)
    assert _new_modules(seats[1:], "easy") == "['uno.players.easy']"
