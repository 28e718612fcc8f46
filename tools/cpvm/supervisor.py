"""Stand-in for CircuitPython's supervisor: ticks_ms on a virtual clock that the display's
refresh moves on one frame at a time, so the game's timers run as fast as the VM can."""

_now = [0]
runtime = None


def _advance(ms):
    _now[0] = (_now[0] + ms) & ((1 << 29) - 1)


def ticks_ms():
    """Milliseconds on the virtual clock (wraps at 2**29 like the badge's)."""
    return _now[0]


def reload():
    """The badge restarts code.py; here the run ends."""
    raise SystemExit(3)


def set_next_code_file(*args, **kwargs):
    pass
