"""A human seat's answers to the 7's swap and the jump-in window (RULES.md `seven_zero`,
`jump_in`), offered simply on the message bar: A swaps with the seat named (RIGHT names the
next one) or jumps in; B or the message speed's pause lets the jump-in go. Loaded only when a
human faces one of them: a match without those rules never has this code on the heap."""

from uno import cards
from uno import party as G
from uno.app.input import A, B, RIGHT
from uno.view.text import with_name


def ask(tb, ph, now):
    """The prompt as the phase begins for the human at table ``tb``."""
    if ph == G.PH_JUMP:
        tb.window_until = now + tb.pace()
        tb.say("A: jump in with %s, B: no" % cards.name(tb.g.top), now)
    else:
        tb.swap_to = -1
        answer(tb, ph, 0, now)


def answer(tb, ph, pressed, now):
    """The human's buttons ``pressed`` in the swap or jump-in phase."""
    g = tb.g
    if ph == G.PH_JUMP:
        if pressed & A:
            tb.act(g.top, now)
        elif pressed & B or now - tb.window_until >= 0:
            tb.act(G.NO_JUMP, now)
        return
    s = getattr(tb, "swap_to", -1)
    if s < 0 or pressed & RIGHT:
        if s < 0:
            # first the fewest cards (uno.ai.Player.swap)
            s = g.legal_actions()[0] - G.SWAP
            for a in g.legal_actions():
                if len(g.hands[a - G.SWAP]) < len(g.hands[s]):
                    s = a - G.SWAP
        else:  # then the next seat round
            s = (s + 1) % g.nseats
            if s == g.actor:
                s = (s + 1) % g.nseats
        tb.swap_to = s
        tb.say(with_name("A: swap with %s (%d) \x80", tb._who(s), (len(g.hands[s]),)))
    if pressed & A:
        tb.swap_to = -1
        tb.act(G.SWAP + s, now)


def said(t, ev):
    """The message bar's line for a ``swap`` or ``rotate`` event (uno.app.describe)."""
    if ev["ev"] == "rotate":
        return "Every hand passed on"
    return t.line("%s swapped with %s", ev["p"], (t._who(ev["with"])[:8],))
