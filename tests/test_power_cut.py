"""The power switch at any moment (required: "A match in progress resumes from the last save
point after a reset or power loss: the same cards, the same turn, the same scores, names and
rules"; docs/SAVES.md): random presses all over the app, the power lost between two frames or
in the middle of an nvm write, then the badge switched on again, eight times a run. After every
cut the next start must read the last save that got there whole (for a write cut short: the
save before it, or the new one if its record got there whole), offer Continue for that match
and resume exactly it (a match saved at its end is settled instead), and keep its settings;
the app must never fail and no card may be lost in any frame.

How a write is cut, two ways:
- in order, byte by byte: the slice's first ``keep`` bytes arrive, the rest never do;
- as a SAMD51 writes ``microcontroller.nvm`` (CircuitPython's ``common_hal_nvm_bytearray_
  set_bytes`` -> ASF4 ``_flash_write``): the whole 8 KB block is read, erased, and written
  back 512-byte page by page from the first; the power goes after ``keep`` of the 16 pages
  (0xFF from there). Power lost before page 0 is back loses both of the store's slots, the one
  case the store cannot help (SAVES.md): not drawn here.

``UNO_POWER_CUTS``: how many runs (eight starts each); 12 by default.
"""

import io
import os
import random

from host_sim import __main__ as M
from host_sim.bot import check_cards, random_button
from host_sim.hw import FileNvm, HostHardware
from uno.core import codes
from uno.app.input import bit
from uno.saves.codec import load, unpack_match

RUNS = int(os.environ.get("UNO_POWER_CUTS", "12"))
PAGE = 512  # a SAMD51 flash page; its 8 KB nvm block is 16 of them
SEATS = ("human,normal", "human,easy,normal", "human,advanced,normal,easy",
         "human,easy,easy,normal", "human,human,normal")
PRESETS = ("classic", "official", "house", "pcsig", "acorn", "windows")


class PowerCut(BaseException):
    """The power goes (not an Exception: the app's own error handling must not see it)."""


class CutNvm(FileNvm):
    """The nvm file, with the power lost in its ``cut_at``-th write (0: never), cut as
    ``how`` says ("bytes": the first ``keep`` bytes of the slice arrive; "block": a SAMD51's
    erase of the whole block, then its first ``keep`` pages written back). ``last``: the
    whole nvm after the last write that got there whole (None: none yet)."""

    cut_image = lost_image = None

    def __init__(self, path, cut_at=0, how="bytes", keep=0):
        super().__init__(path)
        self.cut_at = cut_at
        self.how = how
        self.keep = keep
        self.last = None

    def __setitem__(self, key, value):
        if self.writes + 1 != self.cut_at:
            FileNvm.__setitem__(self, key, value)
            self.last = bytes(self._data)
            return
        start, stop, _ = key.indices(self.size)
        new = bytearray(self._data)
        new[start:stop] = value
        if self.how == "bytes":
            got = bytearray(self._data)
            n = min(self.keep, stop - start)
            got[start:start + n] = bytes(value)[:n]
        else:
            got = new[:self.keep * PAGE] + b"\xff" * (self.size - self.keep * PAGE)
        FileNvm.__setitem__(self, slice(0, self.size), bytes(got))
        self.cut_image = bytes(got)  # what the flash holds when the power is back
        self.lost_image = bytes(new)  # what it would hold had the write got there
        raise PowerCut()


def boot(path, seed, seats, preset, nvm):
    """The badge switched on: code.py's start (the title), settled."""
    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    hw.skip_refresh = True
    args = M.parse_args(["--headless", "--quiet", "--seed", str(seed), "--seats", seats,
                         "--preset", preset, "--nvm", path, "--speed", "10"])
    app = M.start_app(hw, args, seed, nvm)
    M.settle(app, hw)
    return app, hw


def same_save(a, b):
    return (vars(a.settings) == vars(b.settings) and a.scores == b.scores
            and a.match == b.match)


def check_start(app, hw, found, counts):
    """What the start shows for the save it found: Continue and the very match, or (a match
    saved at its end) its high score taken and the match gone; the same settings."""
    title = app.top()
    assert getattr(title, "module", None) == "uno.app.title"
    if found is not None and found.match:
        g, _ = unpack_match(found.match)
        if g.phase == codes.PH_MATCH_OVER:
            assert 0 not in title.items and app.saved.match is None
            counts["settled"] += 1
        else:
            assert title.items[title.sel] == 0, "a match was saved: the title is not on Continue"
            hw.press(bit("A"))
            M.settle(app, hw)
            tg = app.table.g
            # in the match, on whatever screen of it was saved (a prompt, the results, ...)
            assert tg is not None and app.match.in_match and app.top() is not title, \
                "Continue did not resume"
            assert (tg.hands, tg.discard, tg.pile, tg.actor, tg.scores, tg.colour, tg.phase) \
                == (g.hands, g.discard, g.pile, g.actor, g.scores, g.colour, g.phase), \
                "Continue resumed another match than the one saved"
            counts["resumed"] += 1
    if found is not None:
        assert vars(app.saved.settings) == vars(found.settings), "the settings changed"


def finds(found, notice, image):
    """Is (``found``, ``notice``) what a start reads from ``image`` (None: no save at all)?"""
    if image is None:
        return notice is not None
    want, want_notice = load(bytearray(image))
    return notice == want_notice and same_save(found, want)


def one_start(rnd, path, seed, seats, preset, whole, counts):
    """Switch on, check that what it reads is what one of ``whole`` holds (after a write cut
    short: the nvm as before it, or as had it got there; None: nothing, a new board), press
    at random until the power goes. Returns the next ``whole``."""
    found = notice = None
    if os.path.exists(path):
        data = open(path, "rb").read()
        found, notice = load(bytearray(data))
        if whole:
            hits = [i for i, w in enumerate(whole) if finds(found, notice, w)]
            assert hits, "the start does not find the last save written whole"
            counts["a write lost"] += len(whole) > 1 and hits == [0]
        whole = [data]
    cut_at = rnd.randrange(1, 4) if rnd.random() < 0.5 else 0
    how = rnd.choice(("bytes", "block"))
    keep = rnd.randrange(0, 240) if how == "bytes" else rnd.randrange(1, 17)
    nvm = CutNvm(path, cut_at, how, keep)
    try:
        app, hw = boot(path, seed, seats, preset, nvm)
        check_start(app, hw, found, counts)
        for _ in range(rnd.randrange(1, 400)):
            hw.press(random_button(rnd))
            M.settle(app, hw)
            if app.table.g is not None:
                check_cards(app.table.g)
    except PowerCut:
        counts["cut in a write"] += 1
        before = nvm.last if nvm.last is not None else (whole[0] if whole else None)
        if nvm.cut_image == nvm.lost_image:
            return [nvm.lost_image]
        return [before, nvm.lost_image]
    counts["cut between frames"] += 1
    return [nvm.last] if nvm.last is not None else whole


def test_power_lost_at_any_moment_keeps_the_last_save(tmp_path):
    counts = dict.fromkeys(("resumed", "settled", "cut in a write", "a write lost",
                            "cut between frames"), 0)
    for run in range(RUNS):
        rnd = random.Random(run)
        path = str(tmp_path / ("nvm%d.bin" % run))
        seats, preset = rnd.choice(SEATS), rnd.choice(PRESETS)
        whole = []
        for start in range(8):
            whole = one_start(rnd, path, 1000 * run + start, seats, preset, whole, counts)
    print(counts)
    # the runs did what they are for: matches resumed after cuts, a write cut short
    if RUNS >= 8:
        assert counts["resumed"] >= 2 * RUNS and counts["a write lost"] >= 1, counts
