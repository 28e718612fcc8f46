"""Stand-in for digitalio: a pin's value and direction."""


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DigitalInOut:
    """The C object is 16 bytes (base, pin, output, open_drain); two attributes make this
    32, the nearest a Python instance with fields comes."""

    def __init__(self, pin):
        self._pin = pin
        self._s = 0  # bit 0: value, bit 1: output

    @property
    def value(self):
        return bool(self._s & 1)

    @value.setter
    def value(self, v):
        self._s = self._s & 2 | (1 if v else 0)

    @property
    def direction(self):
        return Direction.OUTPUT if self._s & 2 else Direction.INPUT

    @direction.setter
    def direction(self, d):
        self._s = self._s & 1 | (2 if d == Direction.OUTPUT else 0)

    def switch_to_output(self, value=False, drive_mode=None):
        """Output, driven to ``value``."""
        self.direction = Direction.OUTPUT
        self.value = value

    def switch_to_input(self, pull=None):
        """Input."""
        self.direction = Direction.INPUT

    def deinit(self):
        pass
