"""What every option and value means, in lines of at most 26 characters (the screen's width).

One source for the options page (the line under the list) and the help page (the rules in
force). Loaded with those pages and dropped when they close.
"""

# option: (label, {value: explanation}); the label is what the options list shows
RULES = {  # type: dict[str, tuple[str, dict]]
    "preset": ("Rules", {
        "classic": "Acorn 1991, standard deck",
        "acorn": "Acorn 1991, no Reverses",
        "pcsig": "PC-SIG 1990: draw to play",
        "windows": "Windows 1994: fair W+4",
        "official": "Box rules: call ONE",
        "house": "House: stacking, free W+4",
        "party": "Party: 7-0, jump in, mixed",
        "custom": "No preset's: see below",
    }),
    "deck": ("Deck", {
        "standard": "108 cards with Reverses",
        "acorn": "Skips in place of Reverses",
    }),
    "wd4": ("Wild +4", {
        "challenge": "W+4 may be challenged",
        "strict": "W+4 only if fair, no bluff",
        "free": "W+4 any time, no challenge",
    }),
    "draw": ("Draw", {
        "one": "Draw one, then play/pass",
        "repeat": "Draw until you can play",
        "match": "Draw on until a card fits",
    }),
    "hand_limit": ("Hand limit", {
        0: "No limit to a hand",
        16: "Never more than 16 cards",
    }),
    "stacking": ("Stacking", {
        "off": "+2 and W+4 cannot stack",
        "on": "Stack +2/W+4 to pass on",
        "mixed": "Stack +2/W+4, W+4 on +2",
    }),
    "one_call": ("ONE call", {
        "auto": "ONE is called for you",
        "required": "Press SELECT to call ONE",
    }),
    "one_window": ("ONE time", {}),
    "scoring": ("Scoring", {
        "standard": "Winner scores their cards",
        "penalty": "Own cards count, low wins",
    }),
    "next_start": ("Next deal", {
        "alternate": "Next player starts next",
        "winner": "Hand's winner starts",
        "rotate": "Deal moves one seat on",
    }),
    "seven_zero": ("7-0 rule", {
        "off": "7 and 0 are plain numbers",
        "on": "7 swaps hands, 0 passes on",
    }),
    "jump_in": ("Jump-in", {
        "off": "Play only on your turn",
        "on": "Play a same card any time",
    }),
    "target": ("Target", {}),
    "speed": ("Msg speed", {}),
    "tips": ("Tips", {True: "Refusals explain the rule", False: "Refusals just buzz"}),
    "sound": ("Sound", {True: "Sound effects on", False: "Silent"}),
    "bright": ("Backlight", {}),
}


def value_text(name, value):
    """How the options list shows ``value`` of ``name`` (at most 9 characters)."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    if name == "one_window":
        return "%d s" % value
    if name == "hand_limit":
        return "none" if value == 0 else str(value)
    return str(value)


def explain(name, value):
    """One line (26 characters at most) saying what ``value`` of option ``name`` does."""
    if name == "one_window":
        return "%d s to call ONE" % value
    if name == "target":
        return "First to %d wins" % value
    if name == "speed":
        return "Pause %d ms per move" % (2200 - 200 * value)
    if name == "bright":
        return "Screen at %d0%%" % value if value < 10 else "Screen at full brightness"
    return RULES[name][1].get(value, "")
