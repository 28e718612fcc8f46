"""Program switches hand the match over in RAM, not through the flash (docs/SAVES.md,
"Program switches"): the pause menu's Options, Help and Score graph and back write no nvm
block; the RAM's contents are checked (stale, foreign or lost: the nvm is read instead)."""

import random

from test_save_writes import THINK, boot, press, stored, wait

from uno.saves import handoff
from uno.saves.codec import unpack_match
from uno.saves.store import HEAD, TAIL, Store

PAGES = {"graph": ("DOWN", "DOWN", "A"), "options": ("DOWN", "DOWN", "DOWN", "A"),
         "help": ("DOWN", "DOWN", "DOWN", "DOWN", "A")}


def match_state(app):
    g = app.table.g
    tb = app.table
    return (g.hands, list(g.discard), list(g.pile), g.actor, g.phase, g.scores, g.colour,
            tb.seat, tb.sel, tb.offset)


def paused_with_a_save_waiting(path):
    """A match paused seconds after the last write: its save point waits for the 10 s."""
    app, hw, nvm = boot(path)
    press(app, hw, "A", "B", "RIGHT")
    wait(app, hw, THINK)
    press(app, hw, "START", "B")  # the first write
    assert nvm.writes == 1
    press(app, hw, "RIGHT", "LEFT", "B")  # a move: the match changes
    press(app, hw, "START")
    assert app.autosave.waiting() and nvm.writes == 1
    return app, hw, nvm


def test_pages_from_the_pause_menu_and_back_write_no_nvm_block(tmp_path):
    app, hw, nvm = paused_with_a_save_waiting(tmp_path / "nvm.bin")
    left = match_state(app)
    for name in ("options", "help", "graph"):
        press(app, hw, *PAGES[name])
        assert app.stack and app.stack[-1].module == "uno.app." + name, name
        assert nvm.writes == 1, "opening %s wrote the nvm" % name
        press(app, hw, "B")
        assert app.table.g is not None and all(s.module[8:] not in PAGES for s in app.stack)
        assert nvm.writes == 1, "back from %s wrote the nvm" % name
        assert match_state(app) == left, "the match after %s is not the one left" % name
        press(app, hw, "START")  # paused again: nothing changed
    # the save point that waited is written once, when its 10 s are up
    press(app, hw, "B")
    wait(app, hw, THINK)
    assert nvm.writes == 2 and not app.autosave.waiting()


def test_a_power_cycle_in_a_page_falls_back_to_the_last_nvm_save(tmp_path):
    path = tmp_path / "nvm.bin"
    app, hw, nvm = boot(path)
    press(app, hw, "A", "B", "RIGHT")
    wait(app, hw, THINK)
    press(app, hw, "START", "B")
    g = unpack_match(stored(path).match)[0]
    written = (g.hands, list(g.discard), g.actor, g.phase)
    press(app, hw, "RIGHT", "LEFT", "B", "START")
    g = app.table.g
    assert (g.hands, list(g.discard), g.actor, g.phase) != written
    press(app, hw, *PAGES["options"])
    assert app.stack[-1].module == "uno.app.options"
    # the power goes in the options page: a new start (new hardware: its backup RAM zeros)
    app2, hw2, _ = boot(path, seed=9)
    assert not any(getattr(hw2, "sleep_memory", b""))
    press(app2, hw2, "A")  # Continue
    g = app2.table.g
    assert (g.hands, list(g.discard), g.actor, g.phase) == written


def test_a_stale_foreign_or_damaged_handover_is_not_read():
    nvm = bytearray(b"\xff" * 8192)
    Store(nvm).write(b"\x01first")
    mem = bytearray(8192)
    payload = b"\x01handed over"
    rec = bytearray(HEAD + len(payload) + TAIL)
    rec[HEAD:HEAD + len(payload)] = payload
    assert handoff.give(mem, nvm, rec, len(payload))
    got = handoff.take(mem, nvm)
    assert got is not None and bytes(got[0][HEAD:HEAD + got[1]]) == payload
    # damaged: one byte of the payload
    bad = bytearray(mem)
    bad[5 + HEAD + 3] ^= 1
    assert handoff.take(bad, nvm) is None
    # stale: the nvm was written since the handover was made
    other = bytearray(nvm)
    Store(other).write(b"\x01second")
    assert handoff.take(mem, other) is None
    # foreign: random RAM, or zeros after a power cycle
    rnd = random.Random(3)
    for _ in range(200):
        assert handoff.take(bytearray(rnd.randrange(256) for _ in range(600)), nvm) is None
    assert handoff.take(bytearray(8192), nvm) is None
    # a switch with nothing waiting voids an earlier handover
    assert handoff.give(mem, nvm, None, None)
    assert handoff.take(mem, nvm) is None
