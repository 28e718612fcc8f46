"""Stand-in for digitalio: a pin's value and direction."""


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.value = False
        self.direction = Direction.INPUT

    def switch_to_output(self, value=False, drive_mode=None):
        """Output, driven to ``value``."""
        self.direction = Direction.OUTPUT
        self.value = value

    def switch_to_input(self, pull=None):
        """Input."""
        self.direction = Direction.INPUT

    def deinit(self):
        pass
