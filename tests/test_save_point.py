"""A save point in a match (docs/SAVES.md "Where the app saves"): with the settings and high scores
unchanged it writes the stored head plus the match, loading only writing code (uno.saves.bitwrite,
uno.saves.snapshot, uno.saves.store, uno.app.savepoint: no reader, which would share the end of a
hand's fullest heap); the bytes are those the whole codec writes."""

import io
import sys

from host_sim import __main__ as M
from host_sim import script as S
from uno.app import savepoint as saves
from uno.saves.codec import encode, load
from uno import drop_codec
from uno.saves.store import Store


def game_in_progress(tmp_path):
    nvm = tmp_path / "nvm.bin"
    keys = "A B"  # the title's New match, then a draw: the player's turn again
    args = M.parse_args(["--headless", "--quiet", "--seed", "5", "--cpu", "first",
                         "--keys", keys, "--nvm", str(nvm)])
    app, hw, _rows = M.run_headless(args, S.parse(keys), out=io.StringIO())
    app.match.in_match = True  # the script's end left the match; its game is still on the table
    return app, nvm


def codec_loaded():
    return [m for m in ("uno.saves.codec", "uno.core.rules", "uno.core.rulecheck",
                        "uno.saves.restore", "uno.saves.bitread", "uno.app.begin",
                        "uno.saves.crc32py") if m in sys.modules]


def test_a_save_point_in_a_match_loads_no_codec_and_writes_what_the_codec_writes(tmp_path):
    app, nvm = game_in_progress(tmp_path)
    app.autosave.last_at = None  # no 10 s wait
    drop_codec()
    saves.point(app)
    assert codec_loaded() == []
    drop_codec()
    got = Store(bytearray(nvm.read_bytes())).read()
    want = encode(app.saved, match=app.saved.match)
    assert got == want
    again, notice = load(bytearray(nvm.read_bytes()))
    assert notice is None and again.match == app.saved.match
    assert again.settings == app.settings


def test_changed_settings_or_scores_take_the_whole_codec_and_are_saved(tmp_path):
    app, nvm = game_in_progress(tmp_path)
    for change in ("speed", "scores"):
        if change == "speed":
            app.settings.speed = 3 if app.settings.speed != 3 else 4
        else:
            app.saved.scores.append((120, "ANN", "classic", ("normal",)))
        app.autosave.last_at = None
        drop_codec()
        saves.point(app)
        assert "uno.saves.codec" in sys.modules  # the head was stale: the codec encoded it
        again, notice = load(bytearray(nvm.read_bytes()))
        assert notice is None
        assert again.settings == app.settings and again.scores == app.saved.scores
        # and the head is fresh again: the next save point needs no codec
        drop_codec()
        app.autosave.last_at = None
        saves.point(app)
        assert codec_loaded() == []


def test_a_match_out_of_order_is_never_saved_over_the_last_save_point(tmp_path):
    # An error in the middle of a move (a MemoryError while a card is between a hand and the
    # discard) leaves the match out of order; the error screen's emergency save must not
    # replace the last good save point with a match Continue cannot read (uno.saves.restore checks
    # that the cards are one deck).
    import pytest

    from uno.saves.snapshot import pack

    app, nvm = game_in_progress(tmp_path)
    app.autosave.last_at = None
    assert saves.point(app) is True
    before = nvm.read_bytes()
    g = app.table.g
    lost = g.hands[0].pop()  # the card taken from the hand, not yet on the discard pile
    with pytest.raises(ValueError):
        pack(g)
    app.autosave.last_at = None
    assert saves.point(app) is False
    shown = "".join(chr(32 + c) for c in app.view.msg._cells)  # the message bar's tiles
    assert "Save failed: old save kept" in shown
    with pytest.raises(ValueError):
        app.emergency_save()  # the error screen then says "Could not save the game."
    assert nvm.read_bytes() == before
    again, notice = load(bytearray(before))
    assert notice is None and again.match  # Continue still has the last save point
    g.hands[0].append(lost)
    assert saves.point(app) is True  # in order again: saved as before


def test_a_save_points_record_is_let_go_once_written_and_reads_back_as_the_codec_wrote_it(
        tmp_path):
    # docs/SAVES.md "When writes happen": the record is built in one buffer, kept while its
    # write waits for the 10 s gap and let go once written (it would sit in the heap through
    # every search of the next hand). Every write reads back whole.
    app, nvm = game_in_progress(tmp_path)
    g = app.table.g
    for hand in range(40):
        app.match.history.append(tuple(10 * hand + s for s in range(g.nseats)))  # the payload grows
        app.autosave.last_at = None
        assert saves.point(app) is True
        assert app.autosave.rec is None and not app.autosave.waiting()
        data = Store(bytearray(nvm.read_bytes())).read()
        assert data == encode(app.saved, match=app.saved.match)
        assert load(bytearray(nvm.read_bytes()))[0].match == app.saved.match
    # within 10 s of the last write the record waits, then goes with its write
    app.match.history.append(tuple(999 for _ in range(g.nseats)))
    now = app.autosave.last_at
    app.now = now * 1000
    assert saves.point(app) is True
    assert app.autosave.waiting() and app.autosave.rec is not None
    assert app.autosave.poll(now + 10) is True
    assert app.autosave.rec is None
    assert load(bytearray(nvm.read_bytes()))[0].match == app.saved.match
