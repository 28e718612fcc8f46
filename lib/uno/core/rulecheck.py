"""The values each rule option and the preset may take (RULES.md), and ``check``: what a
``Rules`` asks of every option it is given (``uno.core.ruleset``), and the save codec of every
setting it reads.

A leaf apart from ``uno.core.rules`` (the presets and parsing), which makes Rules: the class imports
this, never the module that makes it. Loaded while options are set, and let go with
``uno.core.rules.drop()`` or the codec (``uno.drop_codec``).
"""

PRESET_NAMES = ("classic", "acorn", "pcsig", "windows", "official", "house", "party")
SEAT_KINDS = ("human", "easy", "normal", "advanced")
EMPTY_SEATS = ("", "none", "empty", "-")

CHOICES = {
    "deck": ("standard", "acorn"),
    "wd4": ("challenge", "strict", "free"),
    "draw": ("one", "repeat", "match"),
    "stacking": ("off", "on", "mixed"),
    "one_call": ("auto", "required"),
    "scoring": ("standard", "penalty"),
    "next_start": ("alternate", "winner", "rotate"),
    "seven_zero": ("off", "on"),
    "jump_in": ("off", "on"),
}
_NUMBERS = {"hand_limit": (0, 16), "target": (100, 10000), "one_window": (1, 10)}


def _seats(value):
    if isinstance(value, str):
        value = value.split(",")
    seats = []
    for s in value:
        s = s.strip().lower()
        if s in EMPTY_SEATS:
            continue
        if s not in SEAT_KINDS:
            raise ValueError("seats: unknown seat %r (human, easy, normal, advanced or none)" % s)
        seats.append(s)
    if len(value) > 4 or not 2 <= len(seats) <= 4:
        raise ValueError("seats: 2 to 4 occupied seats, got %d" % len(seats))
    return tuple(seats)


def check(name, value):
    """The validated value of option ``name``; ValueError naming the option otherwise."""
    if name == "seats":
        return _seats(value)
    if name in CHOICES:
        v = str(value).strip().lower()
        if v not in CHOICES[name]:
            raise ValueError("%s: %r is not one of %s" % (name, value, ", ".join(CHOICES[name])))
        return v
    if name in _NUMBERS:
        try:
            v = int(value)
        except (TypeError, ValueError):
            raise ValueError("%s: %r is not a number" % (name, value)) from None
        lo, hi = _NUMBERS[name]
        if name == "hand_limit":
            if v not in (0, 16):
                raise ValueError("hand_limit: %d is not 0 (none) or 16" % v)
        elif not lo <= v <= hi:
            raise ValueError("%s: %d is outside %d-%d" % (name, v, lo, hi))
        return v
    raise ValueError("unknown option %r" % name)
