"""The message bar's line for the record events of the last action (``uno.app.table``).

Loaded after an action and forgotten before the next decision: its code stays off the heap
while a computer player searches (the app's largest peak).
"""

from uno.core import cards
from uno.core.codes import DRAW, PH_DRAWN
from uno.app import fx
from uno.app.codes import FLASH, HELD, SPLIT
from uno.view import layout as L


def _colour(ev):
    return cards.COLOUR_NAMES[cards.COLOUR_LETTERS.find(ev["colour"])]


def _play(t, ev, me):
    """The line for a card played, and whether a computer is down to its last card."""
    p = ev["p"]
    c = ev["card"]
    if "colour" in ev:
        msg = t.line("%s: %s, chose %s", p, (c, _colour(ev))) if p != me else \
            "You played %s: %s" % (c, _colour(ev))
    elif ev.get("jump"):
        msg = t.line("%s jumped in: %s", p, (c,))
    else:
        msg = t.line("%s played %s", p, (c,))
    # a beep when a computer plays its second-to-last card (Windows)
    return msg, p != me and len(t.g.hands[p]) == 1


def _turn_draw(t, ev, me):
    """The line for a draw on a turn: yours says what you may do next."""
    p = ev["p"]
    n = len(ev["cards"])
    g = t.g
    if p == me and n and g.phase == PH_DRAWN:
        c = ev["cards"][0]
        legal = g.legal_actions()
        can_play = len(legal) > 0 and legal[0] < 64
        if DRAW in legal:  # draw=repeat; "\x82" is the DOWN arrow
            return ("%s: A:play B:draw \x82:pass" if can_play
                    else "Drew %s: B draw, \x82 pass") % c
        return ("Drew %s: A play, B pass" if can_play else "Drew %s: B pass") % c
    if p == me:
        return "You drew %s" % ev["cards"][0] if n else "Nothing left to draw"
    return t.line("%s drew a card", p) if n else "Nothing left to draw"


def _penalty(t, ev, me, msg, guilty):
    """A penalty draw added to the line so far (a challenge's outcome says who was right)."""
    p = ev["p"]
    n = len(ev["cards"])
    fmt = "%s draw %d" if p == me else "%s draws %d"
    if ev["why"] == "challenge":
        fmt = ("Guilty! " if guilty else "Innocent! ") + fmt
    add = t.line(fmt, p, (n,))
    if msg is None or len(msg) + 2 + len(add) > L.MSG_COLS:
        return add
    return msg + ", " + add


def _one(t, ev, me, now, snd):
    """A ONE call (banner, lights, tune) or a missed one: the line, the sound (``snd`` so far)
    and whether the line is held (a missed call's outcome)."""
    p = ev["p"]
    if ev.get("called"):
        t.called |= 1 << p
        if t.pend & SPLIT:  # a play's frame: the banner a frame later (flush)
            t.pend |= FLASH
        else:
            t.view.banner.hidden = False
        app = t.app
        t.banner_until = now + 1500
        app.lights.flash(now)
        return t.line("%s: ONE!", p), fx.BEEP_ONE if snd == fx.BEEP else fx.ONE_TUNE, False
    if ev.get("caught"):
        return t.line("%s missed ONE: draw 2" if p == me else "%s missed ONE: draws 2", p), \
            snd, True
    return t.line("%s forgot ONE, no penalty" if p == me else "%s forgot ONE", p), snd, True


def _end(t, ev, me):
    w = ev["winner"]
    if w is None:
        return "Nobody can go on"
    return "You win the hand!" if w == me else t.line("%s wins the hand", w)


def _other(t, ev, e, msg):
    """The line for a pass, a colour chosen, a reshuffle, a new hand or a W+4 put back (the
    line so far, ``msg``, for any other event)."""
    # _other, _one's sound and _show are out of describe: this module loads after every
    # action, when the heap is fullest, and a function's bytecode is one block (437 bytes
    # whole: the commonest failure of long runs; 263 now).
    if e == "pass":
        return t.line("%s passed", ev["p"]) if msg is None else msg
    if e == "colour":
        return t.line("%s chose %s", ev["p"], (_colour(ev),))
    if e == "reshuffle":
        return "Pile reshuffled" if msg is None else msg
    if e == "hand":
        return "Hand %d: %s turned up" % (ev["n"], ev["top"])
    if e == "returned":
        return "W+4 put back, %s up" % ev["top"]
    if e == "swap":  # seven_zero (uno.app.party is loaded only for a human's prompts)
        return t.line("%s swapped with %s", ev["p"], (t._who(ev["with"])[:8],))
    if e == "rotate":
        return "Every hand passed on"
    return msg


def describe(t, events, now):
    """Say the last action's outcome on table ``t``, with its sound. An outcome (a
    challenge, a missed ONE call) is held for the message speed's time."""
    msg = None
    snd = None
    guilty = False
    hold = False
    back = False  # the line says a W+4 turned up was put back
    me = t.seat
    for ev in events:
        e = ev["ev"]
        if e == "play":
            msg, beep = _play(t, ev, me)
            if beep:
                snd = fx.BEEP
        elif e == "draw":
            why = ev["why"]
            if why == "turn":
                msg = _turn_draw(t, ev, me)
            elif ev["cards"] and why != "one":  # a missed ONE: the "one" event says it
                hold = hold or why == "challenge"
                msg = _drawn(t, ev, me, msg, guilty, back, now)
                back = False
        elif e == "challenge":
            guilty = ev["guilty"]
            msg = t.line("%s challenged", ev["p"])
        elif e == "one":
            msg, snd, held = _one(t, ev, me, now, snd)
            hold = hold or held
        elif e == "hand_end":
            msg = _end(t, ev, me)
            snd = fx.HAND_WON if ev["winner"] == me else fx.HAND_LOST
        else:
            msg = _other(t, ev, e, msg)
            if e == "returned":
                back = hold = True  # what follows (a prompt, a penalty) waits its time
    _show(t, msg, snd, hold, now)


def _drawn(t, ev, me, msg, guilty, back, now):
    """The line for a penalty's cards (``_penalty``). After a W+4 was put back (``back``), a
    +2 turned up: that line first, held, then the penalty in its turn (both never fit the bar
    at once); None is left to say."""
    if not back:
        return _penalty(t, ev, me, msg, guilty)
    _show(t, msg, None, True, now)
    t.say(_penalty(t, ev, me, None, guilty), now)
    t.pend |= HELD  # the penalty's line is held in its turn
    return None


def _show(t, msg, snd, hold, now):
    """The line on the message bar (held for the message speed's time if ``hold``) and the
    sound."""
    if msg is not None:
        t.say(msg)
        if hold:
            t.hold_until = now + t.pace()
    if snd is not None:
        t.app.sound.play(snd, now)
