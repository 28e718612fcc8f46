"""The simulator's hardware module: the same interface as lib/uno/hw/pybadge.py.

Headless it runs on a virtual clock (``advance``) and takes presses from a script; with a
window it reads the keyboard, shows the screen scaled up, the five NeoPixels and a key
legend, and plays the tones through pygame.
"""

import contextlib
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
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self._data)
        os.replace(tmp, self.path)


class RecordFile:
    """The game record file (--log), opened at the first event: a new run starts it afresh,
    a resumed match (``resume(lines)``) keeps its first ``lines`` lines and appends."""

    def __init__(self, path):
        self.path = path
        self._f = None
        self.seats = ()  # of the match in the kept lines

    def _open(self):
        if self._f is None:
            self._f = open(self.path, "w")
        return self._f

    def resume(self, lines):
        """Keep the first ``lines`` lines (the resumed match's record so far), append after."""
        if self._f is not None:
            self._f.close()
            self._f = None
        kept = []
        try:
            with open(self.path) as f:
                for line in f:
                    if len(kept) >= lines:
                        break
                    kept.append(line)
        except OSError:
            pass
        for line in kept:
            if line.startswith('{"ev":"match"'):
                self.seats = tuple(json.loads(line)["seats"])
        self._f = open(self.path, "w")
        self._f.writelines(kept)

    def write(self, text):
        self._open().write(text)

    def flush(self):
        if self._f is not None:
            self._f.flush()

    def close(self):
        self._open().close()


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
        self._seats = ()  # of the match being recorded
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
        # a waiting save point over in it, uno.handoff), lost with the power. Here it lives as
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
        """A resumed match: its record is the first ``lines`` lines of the log, then on."""
        resume = getattr(self.log, "resume", None)
        if resume is not None:
            resume(lines)
            self._seats = self.log.seats

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
