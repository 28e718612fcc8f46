"""Stand-in for neopixel_write: checks the buffer is whole GRB triples."""


def neopixel_write(pin, buf):
    """Send ``buf`` to the pixels on ``pin``."""
    if len(buf) % 3:
        raise ValueError("GRB buffer length must be a multiple of 3")
