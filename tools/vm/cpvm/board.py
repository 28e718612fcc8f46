"""Stand-in for the PyBadge's board module: pins as names, DISPLAY as the stand-in display.
(tools/vm/cpvm/pygamer/board.py makes the PyGamer's of it.)"""

import displayio


class Pin:
    def __init__(self, name):
        self._name = name  # a C Pin has no name attribute

    def __repr__(self):
        return "board." + self._name


BUTTON_CLOCK = Pin("BUTTON_CLOCK")
BUTTON_OUT = Pin("BUTTON_OUT")
BUTTON_LATCH = Pin("BUTTON_LATCH")
SPEAKER = Pin("SPEAKER")
SPEAKER_ENABLE = Pin("SPEAKER_ENABLE")
NEOPIXEL = Pin("NEOPIXEL")
LIGHT = Pin("LIGHT")
DISPLAY = displayio.Display()
# the firmware's board_id (a string in flash on the badge) in the slot displayio's name leaves:
# one entry more would grow the module's dict, heap the badge does not spend
del displayio
board_id = "pybadge"
