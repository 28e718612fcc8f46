"""Scripted input (docs/FORMATS.md): tokens separated by spaces, commas or newlines; ``#``
starts a comment; button tokens UP DOWN LEFT RIGHT A B START SELECT; ``WAIT:N`` advances N
frames; ``xN`` after a token repeats it N times. The simulator also takes RED YELLOW GREEN BLUE
(the PC's R/Y/G/B keys in the colour picker).

Caps keep a typing slip from running for hours or filling the memory: a whole match played by
the built-in player takes a few thousand presses.
"""

from uno.app.input import NAMES

MAX_REPEAT = 10000  # xN
MAX_TOKENS = 100000  # presses and waits after repeats
MAX_WAIT = 30000  # frames in one WAIT:N (16.5 minutes of game time)
MAX_WAIT_TOTAL = 300000  # frames in all WAITs (2.75 hours of game time)


class ScriptError(ValueError):
    pass


def digits(s):
    """True when ``s`` is a count in ASCII digits (``str.isdecimal`` also takes other
    scripts' digits, such as Arabic-Indic ``\u0663``, which a script must not read as 3)."""
    return bool(s) and all("0" <= c <= "9" for c in s)


def parse(text):
    """List of ("press", mask, token) and ("wait", frames, token); ScriptError on a bad token
    or a script over the caps."""
    out = []
    waited = 0
    tokens = []
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        for tok in line.replace(",", " ").split():
            tokens.append((lineno, tok))
    for lineno, tok in tokens:
        up = tok.upper()
        if up.startswith("X") and len(up) > 1 and up[1:].isdecimal():
            if not digits(up[1:]):
                raise ScriptError("line %d: %r: a repeat count is written in ASCII digits 0-9"
                                  % (lineno, tok))
            if not out:
                raise ScriptError("line %d: %r repeats nothing" % (lineno, tok))
            n = int(up[1:])
            if n < 1:
                raise ScriptError("line %d: %r: a repeat count must be at least 1" % (lineno, tok))
            if n > MAX_REPEAT:
                raise ScriptError("line %d: %r: at most x%d" % (lineno, tok, MAX_REPEAT))
            if len(out) + n - 1 > MAX_TOKENS:
                raise ScriptError("line %d: the script is longer than %d presses and waits"
                                  % (lineno, MAX_TOKENS))
            last = out[-1]
            if last[0] == "wait":
                waited += last[1] * (n - 1)
                if waited > MAX_WAIT_TOTAL:
                    raise ScriptError("line %d: more than %d WAIT frames in all"
                                      % (lineno, MAX_WAIT_TOTAL))
            out.extend([last] * (n - 1))
            continue
        if len(out) >= MAX_TOKENS:
            raise ScriptError("line %d: the script is longer than %d presses and waits"
                              % (lineno, MAX_TOKENS))
        if up.startswith("WAIT:"):
            num = up[5:]
            if num.isdecimal() and not digits(num):
                raise ScriptError("line %d: %r: a frame count is written in ASCII digits 0-9"
                                  % (lineno, tok))
            if not digits(num):
                raise ScriptError("line %d: bad token %r (WAIT:N with N frames)" % (lineno, tok))
            n = int(num)
            if n > MAX_WAIT:
                raise ScriptError("line %d: %r: at most WAIT:%d" % (lineno, tok, MAX_WAIT))
            waited += n
            if waited > MAX_WAIT_TOTAL:
                raise ScriptError("line %d: more than %d WAIT frames in all"
                                  % (lineno, MAX_WAIT_TOTAL))
            out.append(("wait", n, tok))
            continue
        if up in NAMES:
            out.append(("press", 1 << NAMES.index(up), up))
            continue
        raise ScriptError("line %d: bad token %r (expected one of %s, WAIT:N or xN)"
                          % (lineno, tok, " ".join(NAMES)))
    return out
