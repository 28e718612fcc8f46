"""Stand-in for analogio: the light sensor reads mid-scale."""


class AnalogIn:
    def __init__(self, pin):
        self._pin = pin  # C keeps it, unnamed
        self.value = 32768
        self.reference_voltage = 3.3

    def deinit(self):
        pass
