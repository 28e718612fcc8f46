"""The PyBadge's set-up (``uno.hw.pybadge.PyBadge()``): run once a program, so loaded for
it and dropped after, as CircuitPython keeps a loaded module's code in the heap."""

import array
import math

import audiocore
import audioio
import board
import digitalio
import keypad
import supervisor
from micropython import const

SINE_N = const(32)  # samples in one period of the sine, looped (uno.hw.pybadge plays it)


def init(hw):
    """Set up ``hw`` (a PyBadge): the display, the saves, the buttons, the speaker and the
    NeoPixels."""
    hw.display = board.DISPLAY
    hw.display.auto_refresh = False
    try:  # the saves: 8,192 bytes of flash on a SAMD51 (docs/SAVES.md)
        from microcontroller import nvm

        hw.nvm = nvm
    except ImportError:
        hw.nvm = None
    # 8 KB of backup RAM that supervisor.reload() keeps: a save point waiting at a program
    # switch goes over in it, not through the flash (uno.saves.handoff). None without ``alarm``.
    try:
        from alarm import sleep_memory

        hw.sleep_memory = sleep_memory
    except ImportError:
        hw.sleep_memory = None
    hw.held = 0
    hw._pending = 0
    hw._event = keypad.Event()
    hw._pins = None  # dark: (clock, latch, data) of the shift register, read by poll()
    hw._keys = None
    hw._dark(False)
    # time
    hw._last = supervisor.ticks_ms()
    hw._now = 0
    hw._next_frame = 0
    # sound: one period of a sine, looped; the pitch is the sample rate
    hw._speaker_on = None
    hw._audio = None
    hw._sample = None
    try:
        hw._speaker_on = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        hw._speaker_on.switch_to_output(value=False)
        wave = array.array("H", [0] * SINE_N)
        for i in range(SINE_N):
            wave[i] = int(32768 + 12000 * math.sin(2 * math.pi * i / SINE_N))
        hw._sample = audiocore.RawSample(wave, sample_rate=8000)
        hw._audio = audioio.AudioOut(board.SPEAKER)
    except (AttributeError, ValueError, RuntimeError):
        hw._audio = None
    # NeoPixels (GRB); the PyBadge LC has one
    hw._npix = digitalio.DigitalInOut(board.NEOPIXEL)
    hw._npix.switch_to_output()
    hw._pixbuf = bytearray(15)
