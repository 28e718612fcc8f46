"""Rule options (RULES.md): the seven named presets and parsing, which make ``Rules``
(``uno.core.ruleset``: the class and the record form; ``uno.core.rulecheck``: each option's values).

Option values are kept as the strings and ints RULES.md names; the game turns them into
flags once per match, so nothing here is on a hot path. The badge needs this module only
while it makes a match's rules: ``drop()`` takes it out of memory until the next import.
"""

# At the top, so uno.core.rulecheck comes in with this module and not at the first Rules made: that
# Rules would sit between the two modules' code, and drop() would leave the badge's heap two
# holes instead of one (tools/vm/vm_app.py programs: the match's program needed 3 KB more)
from uno.core.rulecheck import PRESET_NAMES
from uno.core.ruleset import OPTION_NAMES, Rules

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


def parse(text, base=None):
    """Rules from ``"k=v k=v"`` text over ``base`` (a preset name or Rules; Classic);
    ValueError naming a bad option or value."""
    r = preset(base) if isinstance(base, str) else (base.copy() if base else Rules())
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
    """Forget this module and the option checks its Rules loaded (the badge: 2.5 KB of heap
    for the rest of the match); the next import loads them again. References held elsewhere
    keep their objects."""
    from uno import drop as forget

    forget("uno.core.rules")
    forget("uno.core.rulecheck")
