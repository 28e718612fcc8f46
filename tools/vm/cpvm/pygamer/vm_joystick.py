"""The PyGamer's joystick on the VM (tools/vm/cpvm/pygamer/board.py loads it): the press script's
RIGHT DOWN UP LEFT (tools/vm/cpvm/keypad.py) push the stick instead of pressing keys, as long as a
key would be down (one frame), and analogio.AnalogIn on JOYSTICK_X / JOYSTICK_Y reads it as
the PyGamer's ADC does (0-65535, the middle 32768).

The stick is no perfect one: at rest it reads off the middle by up to 9,000 either way (inside
uno.hw.pygamer's dead zone), and pushes alternate between all the way and just past the dead
zone's edge (50,000 / 15,000, where Adafruit's PyGamer library starts to count it). Each push is
printed (``@stick RIGHT``) so a run can show that the directions came from the stick.
"""

import analogio
import board
import keypad

_NAMES = ("RIGHT", "DOWN", "UP", "LEFT")  # keypad key numbers 4-7 (uno.app.input's bits)
_MID = 32768
_REST = (-9000, 9000, -4000, 6000)  # off the middle at rest, read after read
_PUSH = (32000, 19000)  # from the middle: all the way, just past the dead zone's edge
stick = [0, 0]  # x, y from the middle; the stick's position now
_n = [0, 0]  # pushes, reads
_Plain = analogio.AnalogIn


class AnalogIn(_Plain):
    """analogio.AnalogIn: the joystick's pins read the stick, any other pin as before."""

    def __init__(self, pin):
        self._axis = 0 if pin is board.JOYSTICK_X else 1 if pin is board.JOYSTICK_Y else -1
        _Plain.__init__(self, pin)

    @property
    def value(self):
        axis = self._axis
        if axis < 0:
            return self._v
        off = stick[axis]
        if off == 0:  # at rest: off the middle a little, a different way each read
            _n[1] += 1
            off = _REST[_n[1] % 4]
        return _MID + off

    @value.setter
    def value(self, v):
        self._v = v


analogio.AnalogIn = AnalogIn

_get_into = keypad._Events.get_into


def get_into(self, ev):
    """keypad's event, or for a direction the stick pushed (the press) or let go (the
    release): then no key event this frame."""
    if not _get_into(self, ev):
        return False
    k = ev.key_number
    if k < 4:
        return True
    axis = 0 if k == 4 or k == 7 else 1
    if ev.pressed:
        _n[0] += 1
        push = _PUSH[_n[0] % 2]
        stick[axis] = push if k == 4 or k == 5 else -push
        print("@stick", _NAMES[k - 4])
    else:
        stick[axis] = 0
    return False


keypad._Events.get_into = get_into
