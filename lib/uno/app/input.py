"""Buttons as one int bitmask; bit = the PyBadge keypad key number (HARDWARE.md)."""

from micropython import const


B = const(1 << 0)
A = const(1 << 1)
START = const(1 << 2)
SELECT = const(1 << 3)
RIGHT = const(1 << 4)
DOWN = const(1 << 5)
UP = const(1 << 6)
LEFT = const(1 << 7)
DPAD = const(RIGHT | DOWN | UP | LEFT)
# PC keyboard only: pick a colour directly in the colour picker (core colour order)
PICK_RED = const(1 << 8)
PICK_YELLOW = const(1 << 9)
PICK_GREEN = const(1 << 10)
PICK_BLUE = const(1 << 11)
PICKS = const(0xF00)

NAMES = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT",
         "RED", "YELLOW", "GREEN", "BLUE")


def bit(name):
    """Mask of a button name (``NAMES``); ValueError if unknown."""
    return 1 << NAMES.index(name)
