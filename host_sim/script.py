"""Scripted input (FORMATS.md): tokens separated by spaces, commas or newlines; ``#`` starts a
comment; button tokens UP DOWN LEFT RIGHT A B START SELECT; ``WAIT:N`` advances N frames;
``xN`` after a token repeats it N times. The simulator also takes RED YELLOW GREEN BLUE (the
PC's R/Y/G/B keys in the colour picker)."""

from uno.app.input import NAMES


class ScriptError(ValueError):
    pass


def parse(text):
    """List of ("press", mask, token) and ("wait", frames, token); ScriptError on a bad token."""
    out = []
    tokens = []
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        for tok in line.replace(",", " ").split():
            tokens.append((lineno, tok))
    for lineno, tok in tokens:
        up = tok.upper()
        if up.startswith("X") and up[1:].isdigit() and len(up) > 1:
            if not out:
                raise ScriptError("line %d: %r repeats nothing" % (lineno, tok))
            n = int(up[1:])
            if n < 1:
                raise ScriptError("line %d: %r: a repeat count must be at least 1" % (lineno, tok))
            out.extend([out[-1]] * (n - 1))
            continue
        if up.startswith("WAIT:"):
            num = up[5:]
            if not num.isdigit():
                raise ScriptError("line %d: bad token %r (WAIT:N with N frames)" % (lineno, tok))
            out.append(("wait", int(num), tok))
            continue
        if up in NAMES:
            out.append(("press", 1 << NAMES.index(up), up))
            continue
        raise ScriptError("line %d: bad token %r (expected one of %s, WAIT:N or xN)"
                          % (lineno, tok, " ".join(NAMES)))
    return out
