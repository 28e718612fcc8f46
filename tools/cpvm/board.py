"""Stand-in for the PyBadge's board module: pins as names, DISPLAY as the stand-in display.
With UNO_VM_BOARD=pygamer, the PyGamer's: its board_id, its joystick's pins, and the stick
that the press script moves (tools/cpvm/vm_joystick.py)."""

from os import getenv

import displayio


class Pin:
    def __init__(self, name):
        self._name = name  # a C Pin has no name attribute

    def __repr__(self):
        return "board." + self._name


board_id = getenv("UNO_VM_BOARD") or "pybadge"
del getenv
BUTTON_CLOCK = Pin("BUTTON_CLOCK")
BUTTON_OUT = Pin("BUTTON_OUT")
BUTTON_LATCH = Pin("BUTTON_LATCH")
SPEAKER = Pin("SPEAKER")
SPEAKER_ENABLE = Pin("SPEAKER_ENABLE")
NEOPIXEL = Pin("NEOPIXEL")
LIGHT = Pin("LIGHT")
DISPLAY = displayio.Display()
if board_id == "pygamer":
    JOYSTICK_X = Pin("JOYSTICK_X")
    JOYSTICK_Y = Pin("JOYSTICK_Y")
    import vm_joystick  # noqa: F401 (after DISPLAY: the keypad stand-in it wraps reads it)
