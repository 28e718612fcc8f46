"""Saves (lib/uno/saves/codec.py, lib/uno/saves/snapshot.py; docs/SAVES.md):
every field round-trips, unreadable data gives defaults and a notice, the 256-byte nvm drops
the match first, and a saved match continues exactly as the original would have."""

import json
import random

import mpy_helpers
import pytest
from tools.records.replay import check_record

from uno.saves import codec as S
from uno.core.codes import (
    PH_CATCH, PH_CHALLENGE, PH_COLOUR, PH_DRAWN, PH_HAND_OVER, PH_MATCH_OVER, PH_ONE, PH_PLAY,
    PH_STACK,
)
from uno.core.game import Game
from uno.core.rulecheck import PRESET_NAMES
from uno.core.rules import preset
from uno.core.ruleset import Rules
from uno.saves.settings_ops import match_names, rules_of
from uno.saves.store import Store

KINDS = ("human", "easy", "normal", "advanced")


def odd_settings():
    """Settings with no field at its default."""
    s = S.Settings()
    s.preset = "house"
    s.rules = "deck=acorn wd4=strict draw=repeat hand_limit=16 stacking=off one_call=auto " \
              "one_window=9 scoring=penalty next_start=winner"
    s.target = 10000
    s.speed = 1
    s.tips = False
    s.sound = False
    s.bright = 0
    s.seats = ["advanced", "", "human", "easy"]
    s.names = ["ABCDEFGHIJKLMNOP", "", "Z9 0", "Q"]
    return s


def test_defaults():
    """A new badge's settings, as the issue lists them."""
    s = S.Settings()
    assert (s.preset, s.rules, s.target, s.speed, s.tips, s.sound, s.bright) == \
        ("classic", "", 0, 7, True, True, 8)
    assert s.seats == ["human", "normal", "", ""]
    assert s.names == ["YOU", "CPU1", "CPU2", "CPU3"]
    r = rules_of(s)
    assert r == preset("classic") and r.seats == ("human", "normal")


def roundtrip(saved, size=8192):
    buf = bytearray(b"\xff" * size)
    assert S.save(buf, saved) == ()
    got, notice = S.load(buf)
    assert notice is None
    return got


def test_every_settings_field_round_trips():
    """Every field of Settings, at defaults and at values away from them, reads back equal."""
    for s in (S.Settings(), odd_settings()):
        got = roundtrip(S.Saved(s)).settings
        for k in ("preset", "rules", "target", "speed", "tips", "sound", "bright", "seats",
                  "names"):
            assert getattr(got, k) == getattr(s, k), k
    rnd = random.Random(3)
    for _ in range(300):
        s = S.Settings()
        s.preset = rnd.choice(PRESET_NAMES)
        opts = []
        for name, values in (("deck", "standard acorn"), ("wd4", "challenge strict free"),
                             ("draw", "one repeat"), ("hand_limit", "0 16"),
                             ("stacking", "off on"), ("one_call", "auto required"),
                             ("one_window", "1 2 3 5 10"), ("scoring", "standard penalty"),
                             ("next_start", "alternate winner rotate")):
            if rnd.random() < 0.5:
                opts.append("%s=%s" % (name, rnd.choice(values.split())))
        s.rules = " ".join(opts)
        s.target = rnd.choice([0, 100, 101, 500, 9999, 10000])
        s.speed = rnd.randint(1, 10)
        s.bright = rnd.randint(0, 10)
        s.tips = rnd.random() < 0.5
        s.sound = rnd.random() < 0.5
        s.seats = [rnd.choice(("",) + KINDS) for _ in range(4)]
        s.names = ["".join(rnd.choice(S.NAME_CHARS) for _ in range(rnd.randint(0, 16)))
                   for _ in range(4)]
        assert roundtrip(S.Saved(s)).settings == s


def test_rules_of_combines_preset_options_target_and_seats():
    """rules_of: the preset, then the rules string, the target and the seats (empty dropped)."""
    s = odd_settings()
    r = rules_of(s)
    assert r.deck == "acorn" and r.wd4 == "strict" and r.one_window == 9
    assert r.stacking == "off"  # the option overrides the House preset's stacking=on
    assert r.one_call == "auto" and r.next_start == "winner" and r.target == 10000
    assert r.seats == ("advanced", "human", "easy")
    assert match_names(s) == ["ABCDEFGHIJKLMNOP", "Z9 0", "Q"]
    s.target = 0
    assert rules_of(s).target == 500


@pytest.mark.parametrize("field,value,reason", [
    ("seats", ["human", "", "", ""], "seats: 2 to 4 occupied"),
    ("rules", "wd4=maybe", "wd4"),
    ("rules", "colour=red", "unknown option"),
    ("rules", "target=300", "setting of its own"),
])
def test_bad_combination_names_the_reason(field, value, reason):
    """rules_of raises ValueError with the reason (one seat; bad option values)."""
    s = S.Settings()
    setattr(s, field, value)
    with pytest.raises(ValueError, match=reason):
        rules_of(s)


@pytest.mark.parametrize("field,value", [
    ("speed", 0), ("speed", 11), ("bright", 11), ("target", 50), ("preset", "uno"),
    ("names", ["you", "", "", ""]), ("names", ["A" * 17, "", "", ""]),
    ("seats", ["human", "robot", "", ""]),
])
def test_out_of_range_setting_is_refused_and_nothing_written(field, value):
    """save() of a setting out of range raises ValueError naming it; the store is unchanged."""
    buf = bytearray(b"\xff" * 8192)
    S.save(buf, S.Saved())
    before = bytes(buf)
    s = S.Settings()
    setattr(s, field, value)
    with pytest.raises(ValueError):
        S.save(buf, S.Saved(s))
    assert bytes(buf) == before


def test_high_scores_best_first_ten_kept_and_round_trip():
    """add_score keeps the ten best, best first; an equal score goes below the older one;
    a score below the tenth returns -1 and changes nothing; the table round-trips."""
    scores = []
    for i, sc in enumerate([500, 700, 600, 700, 520, 530, 540, 550, 560, 570]):
        rank = S.add_score(scores, (sc, "P%d" % i, PRESET_NAMES[i % 6], ["normal"] * (1 + i % 3)))
        assert scores[rank][1] == "P%d" % i
    assert [e[0] for e in scores] == [700, 700, 600, 570, 560, 550, 540, 530, 520, 500]
    assert scores[0][1] == "P1" and scores[1][1] == "P3"
    assert S.add_score(scores, (499, "LOW", "classic", ("easy",))) == -1
    assert len(scores) == 10 and scores[-1][0] == 500
    assert S.add_score(scores, (501, "NEW", "custom", ("easy", "advanced", "human"))) == 9
    assert scores[-1] == (501, "NEW", "custom", ("easy", "advanced", "human"))
    got = roundtrip(S.Saved(scores=scores)).scores
    assert got == scores


def finished(preset_name, seats, seed, **options):
    g = Game(preset(preset_name, seats=seats, **options), seed=seed,
             names=["ANN", "BOB", "CY", "DI"][:len(seats)])
    g.start()
    play_to(g, random.Random(seed), 100_000)
    return g


def test_high_score_entry_of_a_match():
    """Only a human's win against at least one computer enters; under penalty scoring the
    entry is the opponents' totals less the winner's (higher is better in both)."""
    penalty_wins = 0
    for seed in range(30):
        g = finished("classic", ["human", "normal"], seed, target=100)
        e = S.entry_for(g, "classic")
        if g.match_winner == 0:
            assert e == (g.scores[0], "ANN", "classic", ("normal",))
        else:
            assert e is None
        g = finished("classic", ["human", "human"], seed, target=100)
        assert S.entry_for(g, "classic") is None
        g = finished("windows", ["easy", "human", "advanced"], seed, scoring="penalty",
                     target=100)
        e = S.entry_for(g, "windows")
        if g.match_winner == 1:
            want = g.scores[0] + g.scores[2] - g.scores[1]
            assert e == (max(0, want), "BOB", "windows", ("easy", "advanced"))
            penalty_wins += 1
        else:
            assert e is None
    assert penalty_wins > 0


@pytest.mark.parametrize("name,buf,notice", [
    ("new board", b"\xff" * 8192, S.NOTICE_BLANK),
    ("zeros", bytes(8192), S.NOTICE_BLANK),
    ("random", random.Random(5).randbytes(8192), S.NOTICE_BAD),
    ("tiny", b"\xff" * 8, S.NOTICE_BLANK),
])
def test_unreadable_data_gives_defaults_and_a_notice(name, buf, notice):
    """A new board's 0xFF, zeros, random bytes: defaults and a one-line notice."""
    saved, got = S.load(bytearray(buf))
    assert got == notice and len(got) <= 26
    assert saved.settings == S.Settings() and saved.scores == [] and saved.match is None


def test_other_version_gives_the_version_notice():
    """A payload of an older (or newer) save version, with no record before it: defaults and
    the version notice (with one, tests/test_save_fallback.py: the older record)."""
    buf = bytearray(b"\xff" * 8192)
    S.save(buf, S.Saved(odd_settings()))
    data = bytearray(Store(buf).read())
    # (version 1, before the party rules, is still read: test_a_version_1_save_...)
    for version, notice in ((0, S.NOTICE_OLD), (S.VERSION + 1, S.NOTICE_NEW)):
        data[0] = version
        buf = bytearray(b"\xff" * 8192)
        Store(buf).write(bytes(data))
        saved, got = S.load(buf)
        assert got == notice and len(got) <= 26
        assert saved.settings == S.Settings()


def test_payload_out_of_range_gives_defaults():
    """A payload that passes the CRC but decodes to out-of-range values (speed 15, a seat
    code 7, truncated) gives defaults and the unreadable notice, never an exception."""
    rnd = random.Random(7)
    buf = bytearray(b"\xff" * 8192)
    bad = 0
    for _ in range(10_000):
        n = rnd.randrange(1, 60)
        payload = bytes([S.VERSION]) + rnd.randbytes(n)
        Store(buf).write(payload)
        saved, notice = S.load(buf)
        assert notice in (None, S.NOTICE_BAD)
        if notice:
            bad += 1
            assert saved.settings == S.Settings()
        else:  # the odd random payload is valid settings: then it must check
            S.check_settings(saved.settings)
    assert bad > 9000


def test_random_buffers_load_as_defaults():
    """10,000 random byte strings given to load(): defaults and a notice, no exception."""
    rnd = random.Random(11)
    for _ in range(10_000):
        size = rnd.choice([256, 8192])
        saved, notice = S.load(bytearray(rnd.randbytes(size)))
        assert notice == S.NOTICE_BAD and saved.settings == S.Settings()


def pick(g, rnd):
    """A random legal action, a card more often than not (random play draws too much)."""
    legal = g.legal_actions()
    plays = [a for a in legal if a < 64]
    if plays and rnd.random() < 0.8:
        return rnd.choice(plays)
    return rnd.choice(legal)


def play_to(g, rnd, steps):
    for _ in range(steps):
        if g.phase == PH_MATCH_OVER:
            return
        if g.phase == PH_HAND_OVER:
            g.next_hand()
        else:
            g.apply(pick(g, rnd))


def test_256_byte_nvm_drops_the_match_first_then_lowest_scores():
    """On a SAMD21's 256-byte nvm (85-byte payload) the match in progress is dropped first,
    then the lowest high scores; settings always fit. The rest round-trips."""
    g = Game(preset("house", seats=["human", "normal", "easy", "advanced"]), seed=2)
    g.start()
    match = S.pack_match(g)
    s = odd_settings()
    scores = []
    for i in range(10):
        S.add_score(scores, (1000 - i, "ABCDEFGHIJKLMNOP", "house", KINDS[1:]))
    buf = bytearray(b"\xff" * 256)
    dropped = S.save(buf, S.Saved(s, scores, match))
    assert dropped == ("match", "scores")
    got, notice = S.load(buf)
    assert notice is None and got.settings == s and got.match is None
    assert 0 < len(got.scores) < 10 and got.scores == scores[:len(got.scores)]
    assert S.save(buf, S.Saved(s, [], None)) == ()
    # With the 8 KB nvm everything fits.
    big = bytearray(b"\xff" * 8192)
    assert S.save(big, S.Saved(s, scores, match)) == ()
    got = S.load(big)[0]
    assert got.scores == scores and got.match == match


def test_cut_save_reads_old_or_new():
    """A save cut at any byte loads the old save or the new one (the store's guarantee seen
    through load)."""
    buf = bytearray(b"\xff" * 256)
    old = S.Saved(S.Settings())
    S.save(buf, old)
    new = S.Saved(odd_settings())
    target = bytearray(buf)
    S.save(target, new)
    changed = [i for i in range(len(buf)) if buf[i] != target[i]]
    work = bytearray(buf)
    for i in range(changed[0], changed[-1] + 1):
        work[i] = target[i]
        got, notice = S.load(work)
        assert notice is None and got.settings in (old.settings, new.settings)


# ----- the match in progress ------------------------------------------------------------

def state(g):
    """Everything a Game holds, comparable."""
    d = dict(vars(g))
    d.pop("sink", None)  # the record's sink: not part of the match
    d["rng"] = g.rng.state
    d["rules"] = g.rules.as_dict()
    return d


CASES = [(p, n) for p in PRESET_NAMES for n in (2, 3, 4)]


def test_snapshot_restores_every_field_at_every_step():
    """At every step of matches under every preset and 2-4 seats, pack_match then
    unpack_match gives a Game equal in every attribute, with the app's extra bytes back;
    every phase of a match is among the steps."""
    phases = set()
    for i, (p, n) in enumerate(CASES):
        seats = list(KINDS[:n]) if i % 2 else ["human"] * n
        g = Game(preset(p, seats=seats, target=200), seed=100 + i,
                 names=["A", "B", "C", "D"][:n])
        g.start()
        rnd = random.Random(i)
        while True:
            phases.add(g.phase)
            extra = bytes([i, 255, 0])
            h, got = S.unpack_match(S.pack_match(g, extra))
            assert got == extra
            assert state(h) == state(g)
            if g.phase == PH_MATCH_OVER:
                break
            play_to(g, rnd, 1)
    assert phases >= {PH_PLAY, PH_DRAWN, PH_CHALLENGE, PH_STACK, PH_ONE, PH_CATCH,
                      PH_HAND_OVER, PH_MATCH_OVER}


def test_snapshot_in_the_colour_phase():
    """A W turned up first (the starter picks the colour): saved and restored there too."""
    for seed in range(1, 400):
        g = Game(preset("classic"), seed=seed)
        g.start()
        if g.phase == PH_COLOUR:
            h, _ = S.unpack_match(S.pack_match(g))
            assert state(h) == state(g)
            return
    raise AssertionError("no W turned up first in 400 seeds")


@pytest.mark.parametrize("p,n", CASES)
def test_resumed_match_plays_on_exactly_as_the_original(p, n):
    """Snapshot at an arbitrary point, restore into a new Game with its own record: the same
    actions give the same events to the end of the match, and the record kept before the
    save joined to the resumed one (no new match/hand events) passes tools/records/replay.py."""
    for k in range(3):
        seed = 7 * k + n
        rules = preset(p, seats=["human"] + ["normal"] * (n - 1), target=200)
        rec = []
        g = Game(rules, seed=seed, sink=rec.append, names=["YOU", "C1", "C2", "C3"][:n])
        g.start()
        rnd = random.Random(seed)
        play_to(g, rnd, rnd.randrange(1, 300))
        before = list(rec)
        data = S.pack_match(g, b"app")
        resumed = []
        h, extra = S.unpack_match(data, rules, resumed.append)
        assert extra == b"app"
        r1 = random.Random(seed + 1)
        r2 = random.Random(seed + 1)
        while g.phase != PH_MATCH_OVER:
            play_to(g, r1, 1)
            play_to(h, r2, 1)
            assert state(h) == state(g)
        assert resumed == rec[len(before):]
        assert all(e["ev"] != "match" for e in resumed)
        check_record(json.loads(json.dumps(before + resumed)))


def test_snapshot_with_other_rules_is_refused():
    """unpack_match(data, rules) refuses a snapshot of a match under other rules."""
    g = Game(preset("classic"), seed=1)
    g.start()
    with pytest.raises(ValueError, match="other rules"):
        S.unpack_match(S.pack_match(g), preset("house"))


def test_a_version_1_snapshot_resumes_without_the_last_plays(monkeypatch):
    """docs/SAVES.md: a match saved before the last plays were kept (snapshot version 1)
    still resumes, every field as saved and no plays on record (the computer players then
    know a little less until each seat plays again); a last play the game could not have
    made is refused."""
    import uno.saves.snapshot

    g = Game(preset("classic", seats=["human", "normal", "normal"]), seed=3)
    g.start()
    play_to(g, random.Random(3), 40)
    assert any(b != 255 for b in g.last_play)
    v2 = uno.saves.snapshot.pack(g)
    old_rule_layout(monkeypatch)
    monkeypatch.setattr(uno.saves.snapshot, "SNAPSHOT_VERSION", 1)
    monkeypatch.setattr(uno.saves.snapshot, "_put_plays", lambda w, lp: None)
    v1 = uno.saves.snapshot.pack(g)
    monkeypatch.undo()
    assert v1[0] == 1 and v2[0] == 3 and len(v1) < len(v2)
    h1, _ = uno.saves.snapshot.unpack(v1)
    h2, _ = uno.saves.snapshot.unpack(v2)
    assert state(h2) == state(g)
    assert all(b == 255 for b in h1.last_play)
    h1.last_play[:] = g.last_play
    assert state(h1) == state(g)
    monkeypatch.undo()
    s = next(s for s in range(3) if g.last_play[s * 12] != 255)
    g.last_play[s * 12] = 0x0F  # kind 15: no card
    with pytest.raises(ValueError, match="last play"):
        uno.saves.snapshot.unpack(uno.saves.snapshot.pack(g))


def test_snapshot_sizes_fit_with_settings_and_scores():
    """Snapshot sizes (2 and 4 seats, and the worst seen) fit a third of 8192 bytes with full
    settings and ten high scores."""
    worst = {2: 0, 4: 0}
    for n in (2, 4):
        for seed in range(4):
            g = Game(preset("pcsig", seats=["normal"] * n, target=300), seed=seed,
                     names=["P" * 16] * n)
            g.start()
            rnd = random.Random(seed)
            while g.phase != PH_MATCH_OVER:
                worst[n] = max(worst[n], len(S.pack_match(g)))
                play_to(g, rnd, 1)
    scores = [(9000, "N" * 16, "custom", ("advanced",) * 3)] * 10
    s = odd_settings()
    s.names = ["M" * 16] * 4
    full = len(S.encode(S.Saved(s, scores))) + max(worst.values())
    assert full <= 8192 // 3, (worst, full)


def test_not_a_snapshot_is_refused():
    """Bytes that are not a saved match raise ValueError, never anything else."""
    g = Game(preset("classic"), seed=1)
    g.start()
    data = bytearray(S.pack_match(g))
    rnd = random.Random(1)
    for _ in range(2000):
        bad = bytearray(data)
        for _ in range(rnd.randint(1, 4)):
            bad[rnd.randrange(len(bad))] = rnd.randrange(256)
        try:
            S.unpack_match(bytes(bad))
        except ValueError:
            pass
    for cut in range(len(data)):
        with pytest.raises(ValueError):
            S.unpack_match(bytes(data[:cut]))
    for _ in range(5000):  # random bytes behind the right version byte
        try:
            S.unpack_match(b"\x01" + rnd.randbytes(rnd.randrange(300)))
        except ValueError:
            pass


@pytest.mark.parametrize("deck", ["standard", "acorn"])
def test_a_match_whose_cards_are_not_one_deck_is_neither_saved_nor_read(deck):
    """RULES.md's deck (108 cards, or `deck=acorn`'s): a match holding a card twice and another
    not at all, or a Reverse in an Acorn deck, is refused by the writer; the same cards
    written anyway are refused by the reader."""
    from uno.saves import snapshot

    g = Game(Rules(deck=deck), seed=3)
    g.start()
    S.pack_match(g)  # one deck: fine
    good = bytes(S.pack_match(g))
    h = g.hands[0]
    for bad in (h[1], 0x0B if deck == "acorn" else 0x00, 0x4D):
        if bad == h[0]:
            continue
        was = h[0]
        h[0] = bad
        with pytest.raises(ValueError):
            S.pack_match(g)
        check, snapshot.check_cards = snapshot.check_cards, lambda g: None
        try:
            written = bytes(S.pack_match(g))  # a writer that does not check
        finally:
            snapshot.check_cards = check
        with pytest.raises(ValueError):
            S.unpack_match(written)
        h[0] = was
    assert bytes(S.pack_match(g)) == good


# ----- on the device runtimes -----------------------------------------------------------

MP_SCRIPT = """
from uno.saves.crc32py import crc32_py
from uno.saves.store import crc32
assert crc32_py(b"123456789") == crc32(b"123456789") == bytes([0x26, 0x39, 0xF4, 0xCB])
from uno.saves import codec as S
from uno.saves.store import Store
from uno.core.game import Game, PH_HAND_OVER
from uno.core.rules import preset
buf = bytearray(b"\\xff" * 256)
s = S.Settings()
s.names = ["ANN", "BOB", "", "Q"]
s.speed = 3
print(S.save(buf, S.Saved(s, [(123, "ANN", "house", ("easy",))])))
got, notice = S.load(buf)
print(notice, got.settings == s, got.scores)
# a write cut at every byte reads old or new
old = Store(buf).read()
new = b"new payload"
st = Store(buf)
slot, seq, _ = st._newest()
off = (1 - slot) * st.half
rec = st.record(new, seq + 1)
work = bytearray(buf)
ok = True
for k in range(len(rec)):
    work[off + k] = rec[k]
    r = Store(work).read()
    ok = ok and r in (old, new)
print(ok, Store(work).read() == new)
g = Game(preset("house", seats=["human", "normal", "easy"]), seed=5)
g.start()
for i in range(60):
    if g.phase == PH_HAND_OVER:
        g.next_hand()
    else:
        g.apply(g.legal_actions()[i % len(g.legal_actions())])
d = S.pack_match(g, b"xy")
h, extra = S.unpack_match(d)
print(len(d), extra, h.hands == g.hands, h.pile == g.pile, h.rng.state == g.rng.state)
print(S.load(bytearray(b"\\xff" * 8192))[1])
import sys
import uno.saves.settings
del S
uno.drop_codec()
print("uno.saves.codec" in sys.modules, "uno.saves.store" in sys.modules)
from uno.saves import codec as S2
print(S2.save(buf, S2.Saved(s)), S2.load(buf)[0].settings == s)
"""


def test_save_round_trip_and_cut_write_on_micropython(mpy_core):
    """The same save, cut write and match snapshot on the MicroPython Unix port from .mpy
    files (the badge's runtime underneath)."""
    rc, out, err = mpy_helpers.run_micropython(MP_SCRIPT, mpy_core, heap_kb=128)
    assert rc == 0, out + err
    check_device_output(out)


def check_device_output(out):
    lines = out.splitlines()
    assert lines[0] == "()"
    assert lines[1] == "None True [(123, 'ANN', 'house', ('easy',))]"
    assert lines[2] == "True True"
    assert lines[3].endswith("b'xy' True True True")
    assert lines[4] == S.NOTICE_BLANK
    assert lines[5:] == ["False False", "() True"]  # the codec dropped and loaded again


def test_save_round_trip_and_cut_write_on_circuitpython_32_bit(tmp_path):
    """The same on CircuitPython 10.2.1's own 32-bit VM from its own mpy-cross (31-bit small
    ints as on the badge: the CRC, seed and generator state are long ints there)."""
    import subprocess

    from tools.vm import cptools

    cmd, is_cp, note = cptools.mpy_cross(10)
    vm, vm_note = cptools.vm()
    if cmd is None or vm is None:
        pytest.skip(note + "; " + vm_note)
    for src in mpy_helpers.core_sources():
        out = tmp_path / src.relative_to(mpy_helpers.LIB).with_suffix(".mpy")
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(cmd + ["-o", str(out), str(src)], check=True)
        if not is_cp:
            cptools.patch_header(out)
    script = tmp_path / "main.py"
    script.write_text(MP_SCRIPT)
    r = subprocess.run([vm, "-X", "heapsize=128k", str(script)], capture_output=True, text=True,
                       env={"MICROPYPATH": str(tmp_path)}, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    check_device_output(r.stdout)


def test_modules_compile_with_circuitpythons_mpy_cross(tmp_path):
    """The save modules compile with CircuitPython 10's and 9's own mpy-cross."""
    import subprocess

    from tools.vm import cptools

    for major in (10, 9):
        cmd, is_cp, note = cptools.mpy_cross(major)
        if cmd is None:
            pytest.skip(note)
        for mod in ("store", "settings", "codec", "snapshot", "autosave"):
            src = mpy_helpers.LIB / "uno" / "saves" / (mod + ".py")
            out = tmp_path / ("%s-%d.mpy" % (mod, major))
            r = subprocess.run(cmd + ["-o", str(out), str(src)], capture_output=True, text=True)
            assert r.returncode == 0, r.stdout + r.stderr
            assert out.stat().st_size > 0


# ----- when writes happen ---------------------------------------------------------------

def test_autosave_writes_at_most_once_in_ten_seconds_and_only_changes():
    """Required: 'write only when something changed, never more than once in ten seconds':
    save points within 10 s wait and the latest is written when the time is up; an
    unchanged save point writes nothing; what reads back is the last save point."""
    from uno.saves.autosave import Autosave

    from test_store import CountingBuf

    buf = CountingBuf(b"\xff" * 8192)
    a = Autosave(buf)
    s = S.Settings()
    a.point(0.0, S.Saved(s))
    assert buf.writes == 1
    a.point(1.0, S.Saved(s))  # nothing changed: no write, nothing waits
    assert buf.writes == 1 and not a.waiting()
    for t in (2.0, 5.0, 9.9):
        s = s.copy()
        s.speed = int(t)
        a.point(t, S.Saved(s))
        assert not a.poll(t) and buf.writes == 1 and a.waiting()
    assert a.poll(10.0) and buf.writes == 2
    assert S.load(buf)[0].settings.speed == 9
    assert not a.poll(30.0) and buf.writes == 2
    s = s.copy()
    s.tips = False
    a.point(31.0, S.Saved(s))  # more than 10 s since the last write: at once
    assert buf.writes == 3 and S.load(buf)[0].settings.tips is False
    # Each write is one slice assignment of the record only (one erase of the block).
    assert buf.written < 3 * 100


def test_autosave_compares_with_what_the_store_holds():
    """docs/SAVES.md "When writes happen": a save point equal to what the store's newest record
    holds writes nothing, even in a new program whose Autosave wrote nothing yet (it keeps no
    copy of the last write); a damaged newest record is written again."""
    from uno.saves.autosave import Autosave

    from test_store import CountingBuf

    buf = CountingBuf(b"\xff" * 8192)
    Autosave(buf).point(0.0, S.Saved(S.Settings()))
    assert buf.writes == 1
    a = Autosave(buf)  # the next program
    a.point(1.0, S.Saved(S.Settings()))
    assert buf.writes == 1 and not a.waiting()
    slot = 0 if buf[0] == 0x55 else 1  # the record's first byte, "U"
    buf[slot * 4096 + 10] ^= 0xFF  # a flipped byte in its payload: the CRC fails
    assert S.load(buf)[0].settings == S.Settings()  # defaults again (nothing readable)
    a = Autosave(buf)
    a.point(2.0, S.Saved(S.Settings()))
    assert buf.writes == 2 and not a.waiting()  # written again
    assert S.load(buf)[1] is None  # read back whole, no notice


@pytest.mark.parametrize("error", [
    RuntimeError("Unable to write to nvm."),  # CircuitPython's nvm (shared-bindings/nvm)
    OSError(5, "EIO"),  # a file standing in for it (the simulator's --nvm)
])
def test_autosave_survives_a_failing_flash(error):
    """A write that fails (a worn or locked flash) does not stop the game: the save point is
    dropped, ``error`` says so in one line, and the next write waits 10 s. CircuitPython's
    ``nvm`` raises RuntimeError when the flash refuses a write (10.2.1's
    shared-bindings/nvm/ByteArray.c), not OSError."""
    from uno.saves.autosave import Autosave

    class Failing(bytearray):
        fail = True

        def __setitem__(self, key, value):
            if self.fail:
                raise error
            super().__setitem__(key, value)

    buf = Failing(b"\xff" * 8192)
    a = Autosave(buf)
    assert a.point(0.0, S.Saved()) == ()
    assert a.error == "Save failed: flash error" and len(a.error) <= 26 and a.writes == 0
    buf.fail = False
    s = S.Settings()
    s.speed = 2
    a.point(5.0, S.Saved(s))
    assert a.writes == 0 and a.waiting()
    assert a.poll(10.0) and a.error is None and S.load(buf)[0].settings.speed == 2


def test_a_save_point_that_fails_part_way_leaves_none_waiting():
    """The Autosave's one record buffer holds a waiting save point; a later one that fails while
    it is copied in (a MemoryError on the badge) must not leave the half-overwritten bytes
    waiting to be written: none waits, and the store keeps what it held."""
    from uno.saves.autosave import Autosave

    from test_store import CountingBuf

    buf = CountingBuf(b"\xff" * 8192)
    a = Autosave(buf)
    s = S.Settings()
    a.point(0.0, S.Saved(s))
    s = s.copy()
    s.speed = 2
    a.point(1.0, S.Saved(s))
    assert a.waiting() and buf.writes == 1

    with pytest.raises((MemoryError, TypeError, ValueError)):
        a.submit(2.0, b"\x01" * 40, [999] * 40)  # not bytes: refused part-way
    assert not a.waiting()
    assert not a.poll(30.0) and buf.writes == 1
    assert S.load(buf)[0].settings == S.Settings()  # the first write, whole


def old_rule_layout(monkeypatch):
    """The saves' rule options as they were before the party rules (settings version 1, match
    snapshots 1 and 2): nine options, draw and stacking one bit each. The codec's modules as
    sys.modules holds them now: a save point of an app test run earlier in this process lets
    them go (uno.drop_codec) and the next import makes new ones, which the module-level ``S``
    of this file does not use."""
    import uno.saves.bitwrite
    import uno.saves.codec
    import uno.saves.snapshot

    monkeypatch.setattr(uno.saves.snapshot, "RULE_BITS", uno.saves.bitwrite.RULE_BITS[:9])
    monkeypatch.setattr(uno.saves.codec, "RULE_BITS", uno.saves.bitwrite.RULE_BITS[:9])
    monkeypatch.setitem(uno.saves.bitwrite.CHOICES, "draw", ("one", "repeat"))
    monkeypatch.setitem(uno.saves.bitwrite.CHOICES, "stacking", ("off", "on"))


def test_a_version_1_save_is_read_with_the_party_rules_off(monkeypatch):
    """docs/SAVES.md: a save from before `seven_zero`, `jump_in`, `draw=match` and
    `stacking=mixed` (settings version 1, its match a snapshot of version 2) is read whole,
    every setting as saved and the new options off; its high scores keep their presets."""
    import uno.saves.codec as S  # the codec old_rule_layout patches
    import uno.saves.snapshot

    s = odd_settings()
    s.rules = "wd4=strict draw=repeat stacking=on one_window=9 next_start=winner"
    g = Game(preset("house", draw="repeat", seats=["human", "normal", "normal"]), seed=3)
    g.start()
    play_to(g, random.Random(3), 30)
    scores = [(120, "AB", "custom", ("normal",)), (80, "CD", "house", ("easy", "normal"))]
    old_rule_layout(monkeypatch)
    monkeypatch.setattr(S, "VERSION", 1)
    monkeypatch.setattr(uno.saves.snapshot, "SNAPSHOT_VERSION", 2)
    data = S.encode(S.Saved(s, scores), match=uno.saves.snapshot.pack(g))
    monkeypatch.undo()
    assert data[0] == 1
    got = S.decode(data)
    assert got.settings.rules == S.canonical_rules(s.rules)
    assert got.settings.preset == "house" and got.settings.names == s.names
    assert got.scores == scores
    h, _ = uno.saves.snapshot.unpack(got.match)
    assert h.rules == g.rules and h.rules.seven_zero == "off" and h.rules.jump_in == "off"
    assert state(h) == state(g)
    # and the same match saved now: the new layout, read back the same
    h2, _ = uno.saves.snapshot.unpack(uno.saves.snapshot.pack(g))
    assert state(h2) == state(g)


def test_the_party_rules_are_saved():
    """Settings and a match under the party preset read back with every new option."""
    import uno.saves.snapshot

    s = odd_settings()
    s.preset = "party"
    s.rules = "draw=match stacking=mixed seven_zero=on jump_in=on"
    scores = [(300, "P", "party", ("normal", "easy")), (200, "C", "custom", ("normal",))]
    got = S.decode(S.encode(S.Saved(s, scores)))
    assert got.settings.rules == s.rules and got.settings.preset == "party"
    assert got.scores == scores
    g = Game(preset("party", seats=["human", "normal", "normal"]), seed=5)
    g.start()
    play_to(g, random.Random(5), 30)
    h, _ = uno.saves.snapshot.unpack(uno.saves.snapshot.pack(g))
    assert h.rules == g.rules and state(h) == state(g)
