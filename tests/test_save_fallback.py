"""A newest record whose CRC is right but whose payload does not decode (a fault before its
CRC was made) gives way to the older record, settings and match both (docs/SAVES.md,
"Checks"). The damaged slots are made by hand."""

import io

import pytest

from host_sim import __main__ as M
from host_sim import script as S
from uno.saves import codec as save
from uno.app.begin import read_extra
from uno.saves.store import Store


def run(path, keys, seed=5):
    args = M.parse_args(["--headless", "--quiet", "--seed", str(seed), "--cpu", "first",
                         "--keys", keys, "--nvm", str(path), "--no-render"])
    app, hw, _ = M.run_headless(args, S.parse(keys), out=io.StringIO())
    return app


@pytest.fixture(scope="module")
def paused(tmp_path_factory):
    """The payload of a match paused after a few moves."""
    path = tmp_path_factory.mktemp("p") / "nvm.bin"
    run(path, "A B RIGHT START")
    return Store(bytearray(path.read_bytes())).read()


def damaged(payload, how):
    s = save.decode(payload)
    match = bytearray(s.match)
    if how == "version":
        return bytes([save.VERSION + 1]) + payload[1:]
    if how == "preset":  # the first field, 3 bits: 7 names no preset
        return bytes([payload[0], payload[1] | 7]) + payload[2:]
    start = len(payload) - len(match)
    if how == "card":  # a card twice in the player's hand (the writer's check skipped)
        from uno.saves import snapshot

        g, ex = save.unpack_match(s.match)
        g.hands[0][0] = g.hands[0][1]
        check, snapshot.check_cards = snapshot.check_cards, lambda g: None
        try:
            s.match = snapshot.pack(g, ex)
        finally:
            snapshot.check_cards = check
        return save.encode(s, match=s.match)
    if how == "field":  # the snapshot's last fields, before the app's bytes, all ones
        g, ex = save.unpack_match(s.match)
        bad = bytearray(payload)
        body = len(match) - len(ex)
        for i in range(start + body - 3, start + body):
            bad[i] = 0xFF
        return bytes(bad)
    if how == "extra":  # the app's bytes: version 1, here 2
        g, ex = save.unpack_match(s.match)
        bad = bytearray(payload)
        bad[len(payload) - len(ex)] = 2
        return bytes(bad)
    if how == "truncated":
        return payload[:start + len(match) // 2]
    raise AssertionError(how)


def store_of(older, newest):
    buf = bytearray(b"\xff" * 8192)
    st = Store(buf)
    st.write(older)
    st.write(newest)
    assert st.read() == newest, "the damaged record is the newest, and its CRC is right"
    return buf


@pytest.mark.parametrize("how", ["version", "preset", "card", "field", "extra", "truncated"])
def test_a_newest_record_that_does_not_decode_gives_way_to_the_older(tmp_path, paused, how):
    older = save.decode(paused)
    older.settings.speed = 3  # tells the older record's settings from the defaults
    older_payload = save.encode(older, match=older.match)
    bad = damaged(paused, how)
    # the damage is real: the newest does not decode whole
    with pytest.raises((ValueError, IndexError)):
        s = save.decode(bad)
        g, ex = save.unpack_match(s.match)
        read_extra(ex, g.nseats)
    path = tmp_path / "nvm.bin"
    path.write_bytes(store_of(older_payload, bad))
    s, notice = save.load(bytearray(path.read_bytes()))
    if how in ("version", "preset"):
        assert notice == save.NOTICE_OLDER and s.settings.speed == 3
    # Continue resumes the older record's match, with its settings
    app = run(path, "A", seed=9)
    assert app.table.g is not None and app.settings.speed == 3
    g = save.unpack_match(older.match)[0]
    assert (app.table.g.hands, app.table.g.discard) == (g.hands, g.discard)


def test_with_no_older_record_a_bad_newest_still_gives_defaults_and_one_line(tmp_path, paused):
    buf = bytearray(b"\xff" * 8192)
    Store(buf).write(damaged(paused, "version"))
    s, notice = save.load(buf)
    assert notice == save.NOTICE_NEW and s.match is None and s.settings.speed == 7
