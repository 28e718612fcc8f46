"""Sound and lights: non-blocking, advanced once per frame by the app.

A tune is a flat tuple of (frequency Hz, milliseconds) pairs; frequency 0 is a rest. The
hardware module only has to start or stop one tone (``hw.tone(freq)``), so the game keeps
responding while a tune plays.
"""

PIP = (1760, 35)  # your turn (Acorn)
BUZZ = (110, 90, 0, 20, 110, 140)  # a refused move
BEEP = (1175, 110)  # the computer plays its second-to-last card (Windows)
ONE_TUNE = (784, 90, 0, 15, 784, 90, 1047, 110, 1319, 220)  # someone is down to one (PC-SIG)
DRAW = (392, 25)
PLAY = (659, 25)
BEEP_ONE = BEEP + (0, 60) + ONE_TUNE  # both at once: the computer is down to one card
HAND_WON = (523, 120, 659, 120, 784, 120, 1047, 300)
HAND_LOST = (392, 160, 330, 160, 262, 320)


class Sound:
    def __init__(self, hw):
        self.hw = hw
        self.enabled = True
        self._tune = ()
        self._i = 0
        self._until = 0

    def play(self, tune, now):
        """Start ``tune`` now (replacing any tune playing)."""
        self.hw.sound_name(tune, self.enabled)  # the simulator names it (host_sim.hw)
        if not self.enabled:
            return
        self._tune = tune
        self._i = 0
        self._start(now)

    def _start(self, now):
        t = self._tune
        self.hw.tone(t[self._i])
        self._until = now + t[self._i + 1]

    def update(self, now):
        t = self._tune
        if not t or now - self._until < 0:
            return
        self._i += 2
        if self._i >= len(t):
            self._tune = ()
            self.hw.tone(0)
        else:
            self._start(now)

    def busy(self):
        return len(self._tune) > 0

    def stop(self):
        if self._tune:
            self._tune = ()
            self.hw.tone(0)


def _dim(rgb, level):
    return ((((rgb >> 16) & 255) * level >> 8) << 16 | (((rgb >> 8) & 255) * level >> 8) << 8
            | ((rgb & 255) * level >> 8))


class Lights:
    """The NeoPixels: the active colour dimly, a flash on ONE, dark when idle."""

    DIM = 20  # of 256
    IDLE_MS = 60000

    def __init__(self, hw):
        self.hw = hw
        self.colour = -1  # 0xRRGGBB of the active colour, -1 none
        self.flash_until = 0
        self.last_input = 0
        self._shown = -2

    def flash(self, now, ms=1500):
        self.flash_until = now + ms

    def update(self, now):
        rgb = 0
        if self.flash_until - now > 0:
            rgb = 0xFFFFFF if (now // 125) & 1 else (self.colour if self.colour >= 0 else 0)
            rgb = _dim(rgb, 96)
        elif self.colour >= 0 and now - self.last_input < self.IDLE_MS:
            rgb = _dim(self.colour, self.DIM)
        if rgb != self._shown:
            self._shown = rgb
            self.hw.pixels(rgb)
