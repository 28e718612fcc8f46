"""Rule options (RULES.md): validation, the seven named presets, and parsing; ``Rules`` itself
and the record form are in ``uno.ruleset`` (re-exported here).

Option values are kept as the strings and ints RULES.md names; the game turns them into
flags once per match, so nothing here is on a hot path. The badge needs this module only
while it makes a match's rules: ``drop()`` takes it out of memory until the next import.
"""

from uno.ruleset import OPTION_NAMES, Rules  # noqa: F401  (re-exported: the rules' one home)

SEAT_KINDS = ("human", "easy", "normal", "advanced")
EMPTY_SEATS = ("", "none", "empty", "-")

_CHOICES = {
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
_DEFAULTS = {k: getattr(Rules, k) for k in OPTION_NAMES}  # Classic: Rules's class attributes
PRESETS = {  # type: dict[str, dict]
    "classic": {},
    "acorn": {"deck": "acorn"},
    "pcsig": {"draw": "repeat", "hand_limit": 16, "wd4": "strict"},
    "windows": {"wd4": "strict", "next_start": "rotate"},
    "official": {"wd4": "challenge", "one_call": "required", "next_start": "rotate"},
    "house": {"wd4": "free", "one_call": "required", "next_start": "rotate", "stacking": "on"},
    "party": {"seven_zero": "on", "jump_in": "on", "stacking": "mixed", "draw": "match",
              "one_call": "required"},
}
PRESET_NAMES = ("classic", "acorn", "pcsig", "windows", "official", "house", "party")


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
    if name in _CHOICES:
        v = str(value).strip().lower()
        if v not in _CHOICES[name]:
            raise ValueError("%s: %r is not one of %s" % (name, value, ", ".join(_CHOICES[name])))
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


def parse(cls, text, base=None):
    """``Rules.parse``: options from ``"k=v k=v"`` text over ``base`` (a preset name or
    Rules; Classic)."""
    r = preset(base) if isinstance(base, str) else (base.copy() if base else cls())
    opts = {}
    for tok in text.replace(";", " ").split():
        if "=" not in tok:
            raise ValueError("option %r needs a value (name=value)" % tok)
        k, v = tok.split("=", 1)
        opts[k.strip().lower()] = v
    return r.update(opts)


def preset(name, **overrides):
    """The named preset (classic acorn pcsig windows official house party) with
    ``overrides``."""
    key = name.strip().lower().replace("-", "").replace(" ", "")
    for alias, real in (("acorn1991", "acorn"), ("pcsig1990", "pcsig"), ("windows1994", "windows")):
        if key == alias:
            key = real
    if key not in PRESETS:
        raise ValueError("unknown preset %r (%s)" % (name, ", ".join(PRESET_NAMES)))
    r = Rules(**PRESETS[key])
    r.update(overrides)
    return r


def preset_of(rules):
    """The name of the preset whose options ``rules`` has (its target and seats aside), or
    "custom": what a match's rules started from, for the help."""
    for name in PRESET_NAMES:
        want = PRESETS[name]
        same = True
        for k in OPTION_NAMES:
            if k != "target" and k != "seats" and getattr(rules, k) != want.get(k, _DEFAULTS[k]):
                same = False
        if same:
            return name
    return "custom"


def drop():
    """Forget this module (the badge: 2.5 KB of heap for the rest of the match); the next
    ``import uno.rules`` loads it again. References held elsewhere keep their objects."""
    from uno import drop as forget

    forget("uno.rules")
