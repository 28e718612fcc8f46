"""Hardware module for the Adafruit PyBadge, PyBadge LC and EdgeBadge (their D-pad and buttons
behind one shift register); the PyGamer's, uno.hw.pygamer, is this one with a joystick.

Interface shared with host_sim/hw.py (docs/APP.md): ``base``, ``ticks()``, ``poll()``,
``held``, ``show(group)``, ``refresh()``, ``tone(freq)``, ``sound_name(tune, on)``,
``pixels(rgb)``, ``record(ev)``, ``record_from(lines)``, ``backlight(level)``, ``nvm``,
``sleep_memory`` (None where there is none),
``wait_frame()``. Only CircuitPython 9/10 APIs.

Dark (``backlight(0)``, the app's sleep): the keypad goes and ``poll()`` reads the buttons' shift
register itself, 20 times a second. keypad's background scan needs CircuitPython's 1,024 Hz
tick, which wakes the CPU about a thousand times a second; without it (the display does not
auto-refresh) the CPU sleeps between polls. ``alarm.light_sleep_until_alarms`` would save
nothing here: docs/BADGE.md, "While the screen is dark".
"""

import time

import board
import digitalio
import keypad
import neopixel_write
import supervisor
from micropython import const

from uno.hw.pybadge_init import SINE_N

try:
    from typing import Any  # noqa: F401 (type comments only; CircuitPython has no typing)
except ImportError:
    pass

BASE = ""  # sprites/ sits at the root of CIRCUITPY
# const and a leading underscore: folded into the code, no module globals on the badge
_WRAP = const(1 << 29)  # supervisor.ticks_ms wraps here
_FRAME_MS = const(33)
_DARK_MS = const(50)  # a poll while dark: a press shorter than this may need a second one


class PyBadge:
    # record() keeps nothing: the game leaves the dealt hands out of its events (uno.core.game.Game)
    brief_records = True
    # code.py's: run the game again as a new program on a fresh heap (uno.app.main App.switch)
    restart = None  # type: Any
    # the buttons behind the shift register, keypad's key numbers the bits of uno.app.input
    # (B A START SELECT RIGHT DOWN UP LEFT)
    key_count = 8

    # set by uno.hw.pybadge_init (for the type checker: a bare annotation compiles to nothing)
    display: "Any"
    nvm: "Any"
    sleep_memory: "Any"
    held: int
    _pending: int
    _event: "Any"
    _pins: "Any"
    _keys: "Any"
    _last: int
    _now: int
    _next_frame: int
    _speaker_on: "Any"
    _audio: "Any"
    _sample: "Any"
    _npix: "Any"
    _pixbuf: bytearray

    def __init__(self):
        self.base = BASE
        # The board's set-up runs once a program: its code is loaded for it and dropped after
        from uno import drop
        from uno.hw import pybadge_init

        pybadge_init.init(self)
        del pybadge_init
        drop("uno.hw.pybadge_init")

    # ----- time ----------------------------------------------------------------------------

    def ticks(self):
        t = supervisor.ticks_ms()
        self._now += (t - self._last) % _WRAP
        self._last = t
        return self._now

    def wait_frame(self):
        """Sleep until the next frame (about 30 per second; 20 while dark)."""
        now = self.ticks()
        step = _FRAME_MS if self._pins is None else _DARK_MS
        if self._next_frame - now > 0:
            time.sleep((self._next_frame - now) / 1000)
            self._next_frame += step
        else:
            self._next_frame = now + step

    # ----- input ---------------------------------------------------------------------------

    def poll(self):
        """Buttons pressed since the last call, as a bitmask (uno.app.input)."""
        ev = self._event
        pressed = 0
        keys = self._keys
        pins = self._pins
        if keys is not None:
            while keys.events.get_into(ev):
                bit = 1 << ev.key_number
                if ev.pressed:
                    pressed |= bit
                    self.held |= bit
                else:
                    self.held &= ~bit
        elif pins is not None:
            # dark: keypad's scan (shared-module/keypad/ShiftRegisterKeys.c): latch high freezes
            # the 74HC165's inputs, each bit is read with the clock low, raising it shifts on
            clock, latch, data = pins
            latch.value = True
            bits = 0
            for i in range(self.key_count):
                clock.value = False
                if data.value:
                    bits |= 1 << i
                clock.value = True
            latch.value = False
            pressed = bits & ~self.held
            self.held = bits
        return pressed

    # ----- display -------------------------------------------------------------------------

    def show(self, group):
        self.display.root_group = group

    def refresh(self):
        self.display.refresh()

    # ----- sound and lights ----------------------------------------------------------------

    def sound_name(self, tune, enabled):
        pass

    def tone(self, freq):
        a = self._audio
        on = self._speaker_on
        sample = self._sample
        if a is None or on is None or sample is None:
            return
        if freq <= 0:
            a.stop()
            on.value = False
            return
        a.stop()
        sample.sample_rate = freq * SINE_N
        on.value = True
        a.play(sample, loop=True)

    def pixels(self, rgb):
        g = (rgb >> 8) & 255
        r = (rgb >> 16) & 255
        b = rgb & 255
        buf = self._pixbuf
        for i in range(0, 15, 3):
            buf[i] = g
            buf[i + 1] = r
            buf[i + 2] = b
        neopixel_write.neopixel_write(self._npix, buf)

    def backlight(self, level):
        """Backlight 0 (off) - 10 (full); at 0 the badge is dark (``_dark``)."""
        try:
            self.display.brightness = level / 10
        except (AttributeError, ValueError, RuntimeError):
            pass  # a display without brightness control
        self._dark(level == 0)

    def _dark(self, dark):
        """Dark: close the keypad, poll() reads the shift register (the module's docstring).
        Not dark: the keypad (again)."""
        keys = self._keys
        if dark and keys is not None:
            keys.deinit()  # frees the pins and ends keypad's claim on the tick
            self._keys = None
            # as keypad leaves them between scans; latch low: the inputs load continuously
            clock = digitalio.DigitalInOut(board.BUTTON_CLOCK)
            clock.switch_to_output(value=True)
            latch = digitalio.DigitalInOut(board.BUTTON_LATCH)
            latch.switch_to_output(value=False)
            self._pins = (clock, latch, digitalio.DigitalInOut(board.BUTTON_OUT))
        elif not dark and keys is None:
            pins = self._pins
            if pins is not None:
                for p in pins:
                    p.deinit()
                self._pins = None
            self._keys = keypad.ShiftRegisterKeys(
                clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
                key_count=self.key_count, value_when_pressed=True)
            # The button that woke the badge may still be down. A new keypad reports no press
            # for a key already down (its debounce counts start at 0: shared-module/keypad/
            # __init__.c), only its release, and nothing for one let go before it opened: so
            # nothing counts as held.
            self.held = 0

    def record(self, ev):
        pass

    def record_from(self, lines):
        pass
