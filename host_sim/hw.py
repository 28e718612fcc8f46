"""The simulator's hardware module: the same interface as lib/uno/hw/pybadge.py.

Headless it runs on a virtual clock (``advance``) and takes presses from a script; with a
window it reads the keyboard, shows the screen scaled up, the five NeoPixels and a key
legend, and plays the tones through pygame.
"""

import contextlib
import errno
import io
import json
import os
import sys

with contextlib.redirect_stdout(io.StringIO()):  # Blinka's "GENERIC_X86 not supported" note
    import displayio  # noqa: F401

    from host_sim.display import FramebufferDisplay

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


NVM_SIZE = 8192  # a SAMD51's microcontroller.nvm
SLEEP_MEMORY_SIZE = 8192  # a SAMD51's alarm.sleep_memory (its backup RAM)


def _tune_name(tune):
    """The name a tune of uno.app.fx is listed by ("tune" for one it does not name). The
    names are the simulator's own: on the badge they would be interned strings for nothing."""
    from uno.app import fx

    names = {fx.PIP: "pip", fx.BUZZ: "buzz", fx.BEEP: "beep", fx.ONE_TUNE: "one",
             fx.BEEP_ONE: "beep+one", fx.DRAW: "draw", fx.PLAY: "play", fx.HAND_WON: "won",
             fx.HAND_LOST: "lost"}
    return names.get(tune, "tune")


class FileNvm:
    """The badge's ``microcontroller.nvm`` in a file: ``len()`` and slice read/write, each
    write straight through to the file; a missing file reads as 0xFF, like a new board."""

    def __init__(self, path, size=NVM_SIZE):
        self.path = path
        self.size = size
        self.writes = 0
        self.before_write = None  # called before each write (the record's ``sync``)
        self._data = bytearray(b"\xff" * size)
        try:
            with open(path, "rb") as f:
                got = f.read(size)
            self._data[:len(got)] = got
        except FileNotFoundError:
            pass

    def __len__(self):
        return self.size

    def __getitem__(self, key):
        if isinstance(key, slice):
            return bytes(self._data[key])
        return self._data[key]

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            start, stop, _ = key.indices(self.size)
            if len(value) != stop - start:
                raise ValueError("nvm slice assignment must keep the length")
        self._data[key] = value
        self.writes += 1
        if self.before_write is not None:
            self.before_write()
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self._data)
        os.replace(tmp, self.path)


class OutputError(Exception):
    """An output file (--log, --screenshot) could not be written: the one line to print."""


def why(e):
    """The reason of an OSError in a few words ("No space left on device")."""
    return getattr(e, "strerror", None) or str(e)


class RecordFile:
    """The game record file (--log), opened at the first event: a new match in a new run
    starts it afresh; a run that writes nothing leaves it as it was (it may hold the record
    that a saved match continues). Every line reaches the file as it is written, and
    ``sync`` makes it durable before a save point is written (``FileNvm.before_write``), so
    the file always holds at least the lines a save point counted.

    A resumed match (``resume(lines)``, then ``check(game)`` with the match read back) keeps
    the file's first ``lines`` lines and appends, once those lines are shown to be that
    match's record up to its save point; otherwise its events are not written (``refused``:
    a record with a gap or another match's start is no record), and the file is left as it
    was."""

    def __init__(self, path, err=None):
        self.path = path
        self.err = err if err is not None else sys.stderr
        self._f = None
        self._saved = None  # the saved match a new match is begun over (``new_match``)
        self._kept = 0  # lines of it kept before this run's first line (``take_kept``)
        self.seats = ()  # of the match in the kept lines
        self._resumed = None  # (lines counted, lines kept) of a match being resumed
        self._queue = []  # lines written while it is checked
        self.refused = False  # a resumed match's record could not be continued

    def _fail(self, e):
        raise OutputError("--log %s: cannot write: %s" % (self.path, why(e))) from None

    def resume(self, lines):
        """The resumed match's record is the file's first ``lines`` lines (``check`` tells)."""
        self.flush()
        if self._f is not None:
            self._f.close()
            self._f = None
        kept = self._head(lines)
        self.seats = ()
        for line in kept:
            if line.startswith('{"ev":"match"'):
                try:
                    self.seats = tuple(json.loads(line)["seats"])
                except (ValueError, KeyError, TypeError):
                    self.seats = ()
        self._resumed = (lines, kept)
        self._queue = []
        self.refused = False

    def new_match(self, saved):
        """A new match begins while the save holds ``saved`` (uno.saves.codec bytes, or None): if
        this run has written nothing yet and the file is that match's record, the new match
        goes after it (see ``write``) rather than in its place, since Continue may still go
        on with it until the new match's first save point."""
        self._saved = saved if self._f is None and self._resumed is None else None

    def _keep_saved(self):
        """The file cut to the saved match's record (``new_match``) and ended with its
        ``quit``, as when a new match is begun from the pause menu; the lines kept, or 0 when
        the file is not that record (it is then started afresh)."""
        data, self._saved = self._saved, None
        match = saved_match(data) if data else None
        if match is None:
            return 0
        g, seat, lines, over = match
        kept = self._head(lines)
        if over or len(kept) != lines or not record_reaches(kept, g):
            return 0
        p = seat if "human" in g.rules.seats else None
        self._rewrite(kept + [json.dumps({"ev": "quit", "p": p}, separators=(",", ":")) + "\n"])
        return lines + 1

    def _head(self, lines):
        """The file's first ``lines`` whole lines (fewer if it has fewer)."""
        kept = []
        try:
            with open(self.path, encoding="utf-8", newline="\n") as f:
                for line in f:
                    if len(kept) >= lines or not line.endswith("\n"):
                        break
                    kept.append(line)
        except (OSError, UnicodeDecodeError):
            pass
        return kept

    def _rewrite(self, kept):
        """The file replaced by ``kept`` at once (a kill leaves the old or the new), then
        open to append."""
        tmp = self.path + ".tmp"
        try:
            with open(tmp, "w", encoding="utf-8", newline="\n") as f:
                f.writelines(kept)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
            self._f = open(self.path, "a", encoding="utf-8", newline="\n")
        except OSError as e:
            try:
                os.remove(tmp)
            except OSError:
                pass
            self._fail(e)

    def check(self, game):
        """``game`` (the match resumed) is what the kept lines replay to: the file is cut to
        them and the record goes on; else its events are dropped, with one line on ``err``."""
        if self._resumed is None:
            return
        lines, kept = self._resumed
        self._resumed = None
        queue, self._queue = self._queue, []
        if len(kept) == lines and record_reaches(kept, game):
            self._rewrite(kept)
            for text in queue:
                self.write(text)
            return
        self.refused = True
        self.err.write("host_sim: --log %s does not hold the continued match's record up to "
                       "its save point (%d lines): this match is not recorded, the file is "
                       "left as it was\n" % (self.path, lines))

    def take_kept(self):
        """The lines the file kept before this run's first line (a saved match's record,
        ``new_match``), once; else 0."""
        n, self._kept = self._kept, 0
        return n

    def write(self, text):
        """Write one line (``take_kept`` then tells whether it went after a saved match's
        record)."""
        if self._resumed is not None:
            self._queue.append(text)
            return
        if self.refused:
            if not text.startswith('{"ev":"match"'):
                return
            self.refused = False  # a new match: a record of its own
        if self._f is None and self._saved is not None and text.startswith('{"ev":"match"'):
            self._kept = self._keep_saved()
        try:
            if self._f is None:
                self._f = open(self.path, "w", encoding="utf-8", newline="\n")
            self._f.write(text)
            self._f.flush()
        except OSError as e:
            self._fail(e)

    def flush(self):
        if self._f is not None:
            try:
                self._f.flush()
            except OSError as e:
                self._fail(e)

    def sync(self):
        """Every line written so far on the disk (before a save point that counts them)."""
        if self._f is not None:
            self.flush()
            try:
                os.fsync(self._f.fileno())
            except OSError as e:
                if e.errno not in (errno.EINVAL, errno.ENOTSUP):  # /dev/null, a pipe
                    self._fail(e)

    def close(self):
        if self._f is not None:
            f, self._f = self._f, None
            try:
                f.close()
            except OSError as e:
                self._fail(e)


def saved_match(data):
    """(game, seat shown, record lines, over) of a saved match (uno.saves.codec bytes), or None when
    it cannot be read. The codec's modules it loads are forgotten again, as the app does between
    save points (the app's tests count the modules a page leaves loaded)."""
    before = set(sys.modules)
    try:
        from uno.app.begin import read_extra
        from uno.core.codes import PH_MATCH_OVER
        from uno.saves.codec import unpack_match

        g, ex = unpack_match(data)
        seat, _sel, _offset, lines = read_extra(ex, g.nseats)[:4]
        return g, seat, lines, g.phase == PH_MATCH_OVER
    except (ValueError, IndexError, UnicodeError, TypeError):
        return None
    finally:
        for name in set(sys.modules) - before:
            if name.startswith("uno."):
                del sys.modules[name]
                parent, _, child = name.rpartition(".")
                if parent in sys.modules and getattr(sys.modules[parent], child, None):
                    delattr(sys.modules[parent], child)


def record_reaches(kept, game):
    """True when ``kept`` (record lines) ends with the record of ``game``'s match up to where
    ``game`` stands: its last match replays (tools/records/replay.py) to the same seed, hand,
    scores, cards and turn."""
    import importlib.util

    try:
        events = [json.loads(line) for line in kept]
    except ValueError:
        return False
    starts = [k for k, ev in enumerate(events) if type(ev) is dict and ev.get("ev") == "match"]
    if not starts:
        return False
    spec = importlib.util.spec_from_file_location(
        "host_sim_replay", os.path.join(ROOT, "tools", "records", "replay.py"))
    replay = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(replay)
    m = events[starts[-1]]
    try:
        g = replay.replay_to(events[starts[-1]:])
    except replay.RecordError:
        return False
    same = (m.get("seed") == game.seed and list(m.get("seats", ())) == list(game.rules.seats))
    for name in ("hand_no", "phase", "actor", "colour", "direction", "scores", "hands",
                 "discard", "pile"):
        a, b = getattr(g, name), getattr(game, name)
        if name in ("scores", "hands", "discard", "pile"):
            a, b = _plain(a), _plain(b)
        same = same and a == b
    return same


def _plain(x):
    """Lists of ints from a game's card lists (lists, bytearrays, tuples, nested)."""
    if isinstance(x, (bytes, bytearray)):
        return list(x)
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


class HostHardware:
    """``headless``: virtual time, no window, no sound device; ``render`` False skips drawing
    (dirty areas are still tracked); ``log``: a file object for the game record."""

    def __init__(self, headless=True, render=True, log=None, out=None):
        self.base = ROOT
        self.headless = headless
        displayio.release_displays()  # Blinka allows one display per process
        self.display = FramebufferDisplay(160, 128)
        self.display.render = render
        self.log = log
        self.nvm = None  # the badge's microcontroller.nvm: a FileNvm where saves are kept
        self._seats = ()  # of the match being recorded
        self.lines_before = None  # told the lines a log kept before this run's (the app's count)
        self.out = out if out is not None else sys.stdout
        self.print_sounds = True
        self._ticks = 0
        self._pending = 0
        self.held = 0
        self.rgb = 0
        self.rgb_log = []  # (ms, 0xRRGGBB) every time the NeoPixels change
        self.sounds = []  # (ms, name) of every sound started, for tests
        self.brightness = 10  # backlight level 0-10 (0: screen off, asleep)
        self.refreshes = 0
        self.skip_refresh = False  # fuzzing: no displayio work at all between screenshots
        self.pixels_total = 0
        # The badge's alarm.sleep_memory: RAM kept across a program switch (App.switch hands
        # a waiting save point over in it, uno.saves.handoff), lost with the power. Here it lives as
        # long as this object, one a run (a process):
        # zeros, as after the power comes on.
        self.sleep_memory = bytearray(SLEEP_MEMORY_SIZE)
        self._mixer = None
        self._tones = {}
        self._channel = None

    # ----- time ----------------------------------------------------------------------------

    def ticks(self):
        if self.headless:
            return self._ticks
        import time

        return int(time.monotonic() * 1000)

    def advance(self, ms):
        self._ticks += ms

    # ----- input ---------------------------------------------------------------------------

    def press(self, mask):
        self._pending |= mask

    def poll(self):
        p = self._pending
        self._pending = 0
        return p

    # ----- display -------------------------------------------------------------------------

    def show(self, group):
        self.display.root_group = group

    def refresh(self):
        if self.skip_refresh:
            return
        self.display.refresh()
        self.refreshes += 1
        self.pixels_total += self.display.last_pixels

    def page_labels(self):
        """The text pages' font, label class and open font file on a PC: adafruit_bitmap_font's
        PCF reader over fonts/uno-12.pcf and adafruit_display_text's bitmap_label (the badge's
        hardware module offers none: its pages keep the frugal text, uno.app.page.Lines)."""
        from adafruit_bitmap_font.pcf import PCF
        from adafruit_display_text.bitmap_label import Label

        f = open(os.path.join(self.base, "fonts", "uno-12.pcf"), "rb")
        return PCF(f, displayio.Bitmap), Label, f

    def backlight(self, level):
        """Backlight 0-10 (the window darkens the screen; headless it is only recorded)."""
        self.brightness = level

    # ----- sound and lights ----------------------------------------------------------------

    def sound_name(self, tune, enabled):
        """A tune starts (uno.app.fx): listed by name (``sounds``; stdout when headless)."""
        name = _tune_name(tune)
        self.sounds.append((self._ticks, name))
        if self.headless and self.print_sounds:
            self.out.write("sound %s%s\n" % (name, "" if enabled else " (muted)"))

    def tone(self, freq):
        if self.headless:
            return
        try:
            import pygame
        except ImportError:
            return
        if self._mixer is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1)
                self._mixer = pygame.mixer.get_init()
            except pygame.error:
                self._mixer = False
        if not self._mixer:
            return
        if self._channel is not None:
            self._channel.stop()
            self._channel = None
        if freq <= 0:
            return
        snd = self._tones.get(freq)
        if snd is None:
            import numpy as np

            rate, _size, channels = self._mixer
            n = max(1, int(rate / freq))
            t = np.arange(n)
            wave = (np.sin(2 * np.pi * t / n) * 6000).astype(np.int16)
            if channels > 1:
                wave = np.ascontiguousarray(np.repeat(wave[:, None], channels, axis=1))
            snd = pygame.sndarray.make_sound(wave)
            self._tones[freq] = snd
        self._channel = snd.play(loops=-1)

    def pixels(self, rgb):
        self.rgb = rgb
        self.rgb_log.append((self._ticks, rgb))

    # ----- the game record -----------------------------------------------------------------

    def record_from(self, lines):
        """A resumed match: its record is the first ``lines`` lines of the log, then on
        (``record_check`` tells once the match is read back)."""
        resume = getattr(self.log, "resume", None)
        if resume is not None:
            resume(lines)
            self._seats = self.log.seats

    def record_check(self, game):
        """The resumed match ``game``: the log goes on only if its kept lines are its record."""
        check = getattr(self.log, "check", None)
        if check is not None:
            check(game)

    def record(self, ev):
        """Write one game-record event to ``log``. A match with no human seat that stops early
        ends with quit by null (docs/FORMATS.md): done here, not in the app, whose every byte
        counts on the badge (which keeps no record)."""
        if self.log is None:
            return
        kind = ev.get("ev")
        if kind == "match":
            self._seats = ev["seats"]
        elif kind == "quit" and "human" not in self._seats:
            ev = {"ev": "quit", "p": None}
        self.log.write(json.dumps(ev, separators=(",", ":")) + "\n")
        take_kept = getattr(self.log, "take_kept", None)
        kept = take_kept() if take_kept is not None else 0
        if kept and self.lines_before is not None:
            self.lines_before(kept)

    def record_new(self, saved):
        """A new match begins while the save holds ``saved`` (RecordFile.new_match)."""
        new_match = getattr(self.log, "new_match", None)
        if new_match is not None:
            new_match(saved)
