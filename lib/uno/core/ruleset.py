"""``Rules``: every option of RULES.md for one match.

Kept apart from ``uno.core.rules`` (presets, parsing) and ``uno.core.rulecheck`` (each option's
values) so that a running match keeps only this small class: the badge lets them go once the match's
rules are made (``uno.core.rules.drop``), and ``update`` loads the checks again when it needs them.
"""

# Order of the options in records and messages.
OPTION_NAMES = (
    "deck", "seats", "wd4", "draw", "hand_limit", "stacking", "one_call", "one_window",
    "scoring", "target", "next_start", "seven_zero", "jump_in",
)
# Options a match record writes only when on: a record of a match without them reads as it
# always has.
_QUIET = ("seven_zero", "jump_in")


class Rules:
    """Every option of RULES.md for one match; construct with keyword options (or with
    ``uno.core.rules.parse``, ``preset``). The defaults (Classic) are class attributes: an instance
    holds only what differs."""

    deck = "standard"
    seats = ("human", "normal")  # type: tuple
    wd4 = "challenge"
    draw = "one"
    hand_limit = 0
    stacking = "off"
    one_call = "auto"
    one_window = 3
    scoring = "standard"
    target = 500
    next_start = "alternate"
    seven_zero = "off"
    jump_in = "off"

    def __init__(self, **options):
        if options:
            self.update(options)

    def update(self, options):
        """Set several options from a dict; all are checked before any is set."""
        from uno.core.rulecheck import check

        checked = {}
        for k in options:
            checked[k] = check(k, options[k])
        for k in checked:
            setattr(self, k, checked[k])
        return self

    def copy(self):
        """An independent copy."""
        return Rules(**self.as_dict())

    @property
    def nseats(self):
        """Number of occupied seats."""
        return len(self.seats)

    def as_dict(self):
        """Every option by name, as the ``match`` record writes them (``seven_zero`` and
        ``jump_in`` only when on)."""
        d = {}
        for k in OPTION_NAMES:
            v = getattr(self, k)
            if v == "off" and k in _QUIET:
                continue
            d[k] = list(v) if k == "seats" else v
        return d

    def __eq__(self, other):
        return isinstance(other, Rules) and self.as_dict() == other.as_dict()

    def __repr__(self):
        return "Rules(%s)" % " ".join("%s=%s" % (k, getattr(self, k)) for k in OPTION_NAMES)
