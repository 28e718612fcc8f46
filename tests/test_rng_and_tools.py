"""The seeded generator, the self-play tool and the record checker, as a maintainer uses them."""

import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

from tools.records.replay import RecordError, check_record, load, split_matches

from uno.core.cards import make_deck
from uno.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def test_shuffle_is_a_permutation_and_roughly_uniform():
    """Fisher-Yates over our generator: every shuffle is a permutation of the deck, and over
    many shuffles each card lands on the top about equally often (chi-square, 3 positions)."""
    r = Rng(7)
    deck = make_deck()
    tops = Counter()
    for _ in range(3000):
        d = list(range(3))
        r.shuffle(d)
        tops[tuple(d)] += 1
        e = list(deck)
        r.shuffle(e)
        assert sorted(e) == sorted(deck)
    expected = 3000 / 6
    chi2 = sum((tops[k] - expected) ** 2 / expected for k in tops)
    assert len(tops) == 6 and chi2 < 25  # 5 degrees of freedom: p < 1e-4 to fail


def test_shuffle_draws_the_same_numbers_as_below():
    """``shuffle`` (the generator inlined for speed) is Fisher-Yates over ``below``: the same
    seed deals the same cards as the plain loop, and leaves the generator in the same state."""
    def before(y):
        """The state whose next32() is ``y`` (xorshift32 undone step by step)."""
        m = 0xFFFFFFFF
        for k, left in ((5, True), (17, False), (13, True)):
            x = y
            for _ in range(32 // k + 1):
                x = y ^ ((x << k) & m if left else x >> k)
            y = x
        return y

    rejected = Rng(0)
    rejected.state = before(0xFFFFFFFF)  # below(3) draws again: 2**32 - 1 >= limit
    assert rejected.next32() == 0xFFFFFFFF
    rejected.state = before(0xFFFFFFFF)
    for seed in (0, 1, 7, 12345, 0xFFFFFFFF, rejected):
        for n in (0, 1, 2, 3, 13, 108):
            if isinstance(seed, Rng):
                a, b = Rng(0), Rng(0)
                a.state = b.state = seed.state
            else:
                a, b = Rng(seed), Rng(seed)
            items = list(range(n))
            a.shuffle(items)
            ref = list(range(n))
            i = n - 1
            while i > 0:
                j = b.below(i + 1)
                ref[i], ref[j] = ref[j], ref[i]
                i -= 1
            assert items == ref and a.state == b.state


def test_below_stays_in_range_and_seed_zero_works():
    """``below(n)`` is in [0, n) and seed 0 still produces a non-constant sequence."""
    r = Rng(0)
    values = [r.below(10) for _ in range(200)]
    assert min(values) == 0 and max(values) == 9
    assert len(set(r.next32() for _ in range(10))) == 10


def run_selfplay(*args, cwd=ROOT, script=ROOT / "tools" / "ai" / "selfplay.py"):
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True,
                          cwd=cwd)


def test_selfplay_plays_matches_and_writes_a_valid_record(tmp_path):
    """tools/ai/selfplay.py: one summary line per match; the --log record replays."""
    log = tmp_path / "g.jsonl"
    r = run_selfplay("--matches", "2", "--seed", "3", "--preset", "pcsig", "--seats", "3",
                     "--log", str(log))
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2 and all("wins after" in line for line in lines)
    matches = split_matches(load(log))
    assert len(matches) == 2
    for m in matches:
        assert check_record(m)["over"]


def test_selfplay_refuses_bad_arguments_by_name():
    """Bad input gets a clear message: an unknown preset and a bad seat count are named."""
    r = run_selfplay("--preset", "vegas")
    assert r.returncode == 2 and "vegas" in r.stdout and "classic" in r.stdout
    r = run_selfplay("--seats", "5")
    assert r.returncode == 2 and "--seats" in r.stdout


def test_selfplay_runs_from_a_copy_beside_lib(tmp_path):
    """Required: runs from a copy beside a lib/ folder (as on a CIRCUITPY drive)."""
    shutil.copytree(ROOT / "lib", tmp_path / "lib")
    shutil.copy(ROOT / "tools" / "ai" / "selfplay.py", tmp_path / "selfplay.py")
    r = run_selfplay("--preset", "acorn", cwd=tmp_path, script=tmp_path / "selfplay.py")
    assert r.returncode == 0 and "wins after" in r.stdout, r.stdout + r.stderr


def test_record_checker_catches_a_forged_card(tmp_path):
    """The record checker refuses a record whose play differs from what was dealt."""
    log = tmp_path / "g.jsonl"
    assert run_selfplay("--seed", "4", "--log", str(log)).returncode == 0
    events = load(log)
    for e in events:
        if e["ev"] == "play" and len(e["card"]) == 2 and e["card"][1].isdigit():
            digit = int(e["card"][1])
            e["card"] = e["card"][0] + str((digit + 1) % 10)
            break
    try:
        check_record(events)
    except RecordError as err:
        assert "line" in str(err)
    else:
        raise AssertionError("forged record accepted: " + json.dumps(e))


def test_rng_numbers_match_plain_xorshift32():
    """The generator keeps its state in 16-bit halves (no long ints on the badge); the numbers
    are still xorshift32's and ``below`` still rejects x >= (2**32 // n) * n: the same deals
    and the same computer choices for every seed (docs/FORMATS.md records name the seed)."""
    m = 0xFFFFFFFF

    def step(x):
        x ^= (x << 13) & m
        x ^= x >> 17
        x ^= (x << 5) & m
        return x

    def ref_below(x, n):
        limit = (0x100000000 // n) * n
        while True:
            x = step(x)
            if x < limit:
                return x % n, x

    for seed in (0, 1, 2, 7, 12345, 0xFFFFFFFF, 2**40 + 3):
        a = Rng(seed)
        x = a.state
        for n in (1, 2, 3, 4, 7, 13, 25, 108, 1000, 65535, 65536, 65537, 100003, 2**31):
            for _ in range(40):
                if n == 1:
                    assert a.below(1) == 0
                    continue
                want, x = ref_below(x, n)
                assert a.below(n) == want and a.state == x
        assert a.next32() == step(x)
    # A state whose next value is rejected by below(3): drawn again, as the plain version does.
    edge = Rng(0)
    y = 0xFFFFFFFF
    for k, left in ((5, True), (17, False), (13, True)):
        x = y
        for _ in range(32 // k + 1):
            x = y ^ ((x << k) & m if left else x >> k)
        y = x
    edge.state = y
    want, x = ref_below(y, 3)
    assert edge.below(3) == want and edge.state == x and step(y) == 0xFFFFFFFF
