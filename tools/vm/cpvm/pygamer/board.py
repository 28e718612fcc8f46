"""Stand-in for the PyGamer's board module (vm_app.py --board pygamer puts this folder before
the stand-ins): the PyBadge's stand-in (tools/vm/cpvm/board.py, built beside this as
``board_pybadge``) with the PyGamer's board_id and its joystick's pins, and the stick that the
press script moves (vm_joystick.py here)."""

from board_pybadge import *  # noqa: F403
from board_pybadge import Pin

board_id = "pygamer"
JOYSTICK_X = Pin("JOYSTICK_X")
JOYSTICK_Y = Pin("JOYSTICK_Y")

import vm_joystick  # noqa: E402, F401 (after the pins: it reads them)
