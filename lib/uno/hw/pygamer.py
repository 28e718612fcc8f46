"""Hardware module for the Adafruit PyGamer: the PyBadge's (uno.hw.pybadge) but for its D-pad,
an analog joystick read as one. Its shift register holds B A START SELECT only.

The stick is a D-pad pushed one way: the axis pushed further wins, so a stick pushed up and a
little aside is UP, and it is held (``held``: the app repeats it as a held D-pad) until it comes
back near the middle. The dead zone: within ``_ON`` of the middle (AnalogIn's 0-65535) nothing
is pushed, as Adafruit's PyGamer library reads it (15,000 and 50,000); once pushed, the stick
lets go only within ``_OFF``, so one that rests near the edge of the dead zone does not press
again and again.
"""

import analogio
import board
from micropython import const

from uno.app.input import DOWN, LEFT, RIGHT, UP
from uno.hw.pybadge import PyBadge

try:
    from typing import Any  # noqa: F401 (type comments only; CircuitPython has no typing)
except ImportError:
    pass

_MID = const(32768)
_ON = const(17000)  # from the middle: pushed
_OFF = const(12000)  # from the middle: let go again
_BUTTONS = const(0x0F)


class PyGamer(PyBadge):
    key_count = 4  # B A START SELECT behind the shift register; the D-pad is the joystick

    _joy_x: "Any"
    _joy_y: "Any"
    _joy: int

    def __init__(self):
        self._joy_x = analogio.AnalogIn(board.JOYSTICK_X)  # type: ignore[attr-defined]
        self._joy_y = analogio.AnalogIn(board.JOYSTICK_Y)  # type: ignore[attr-defined]
        self._joy = 0  # the direction the stick holds (a bit of uno.app.input), or 0
        PyBadge.__init__(self)

    def poll(self):
        """The buttons pressed since the last call (PyBadge.poll), and the stick's direction
        when it was just pushed."""
        pressed = PyBadge.poll(self)
        j = self._stick()
        if j != self._joy:
            pressed |= j
            self._joy = j
        self.held = (self.held & _BUTTONS) | j
        return pressed

    def _stick(self):
        """The direction the stick is pushed (a bit of uno.app.input), or 0 (the module's
        docstring: the dead zone)."""
        x = self._joy_x.value - _MID
        y = self._joy_y.value - _MID
        ax = abs(x)
        ay = abs(y)
        edge = _OFF if self._joy else _ON
        if ax < edge and ay < edge:
            return 0
        if ax >= ay:
            return RIGHT if x > 0 else LEFT
        return DOWN if y > 0 else UP
