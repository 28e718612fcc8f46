"""The table's human turn: the buttons, the hand's cursor, the ONE window's countdown.

Loaded as a human's turn begins (``uno.app.table``) and dropped as it ends: a computer's
search, the match program's largest peak, runs without it (1.7 KB of the heap,
tools/vm/vm_app.py modules --badge; resident in uno.app.table it was there at every search),
and so does the message's code that the turn's last action loads (``turn`` returns the
action, which the table applies once this module's frames have gone).
"""

from uno.core import cards
from uno.core.codes import (
    ACCEPT, CALL_ONE, CATCH, DRAW, NO_CATCH, NO_ONE, PASS, PH_CATCH, PH_DRAWN, PH_ONE, PH_PLAY,
    PH_STACK,
)
from uno.app.input import A, B, DOWN, LEFT, RIGHT, SELECT, UP
from uno.view import layout as L
from uno.view.text import with_name


def turn(t, pressed, now):
    """A frame of the human's turn at table ``t``: the action chosen, which the caller
    applies (``Table.update``), or -1."""
    g = t.g
    if now - t.blink_at >= 0:
        t.blink = not t.blink
        t.blink_at = now + (400 if t.blink else 200)
        t._arrow()
    ph = g.phase
    if ph == PH_ONE or ph == PH_CATCH:
        countdown(t, now)
        if pressed & SELECT:
            return CALL_ONE if ph == PH_ONE else CATCH
        if now - t.window_until >= 0:
            return NO_ONE if ph == PH_ONE else NO_CATCH
        return -1
    if not pressed:
        return -1
    if pressed & LEFT:
        move(t, -1)
    elif pressed & RIGHT:
        move(t, 1)
    elif pressed & UP:
        move(t, -L.HAND_SLOTS)
    elif pressed & DOWN:
        if ph == PH_DRAWN and g.rules.draw == "repeat":
            # draw=repeat: DOWN passes, B draws again; at the hand limit too, where B
            # passes as well (DOWN must not turn into a scroll from one draw to the next)
            return PASS
        move(t, L.HAND_SLOTS)
    elif pressed & A:
        return _play_selected(t, now)
    elif pressed & B:
        return _b(t, now)
    elif pressed & SELECT:
        t.say("Call ONE with 1 card left" if g.rules.one_call == "required"
              else "ONE is called for you")
    return -1


def countdown(t, now):
    """The ONE window's message with the whole seconds left (rewritten once a second)."""
    s = (t.window_until - now + 999) // 1000
    if s != t.count_s:
        t.count_s = s
        if t.g.phase == PH_ONE:
            t.say("SELECT: call ONE! %ds" % s)
        else:
            t.say(with_name("%s forgot ONE! SELECT %d", t.names[t.g.one_seat], (s,)))


def move(t, d):
    """The hand's cursor ``d`` cards on (round), the hand scrolled to show it."""
    n = len(t.g.hands[t.seat])
    if n == 0:
        return
    t.sel = (t.sel + d) % n
    if t.sel < t.offset:
        t.offset = t.sel
        t.view.set_hand(t.g.hands[t.seat], t.offset)
    elif t.sel >= t.offset + L.HAND_SLOTS:
        t.offset = t.sel - L.HAND_SLOTS + 1
        t.view.set_hand(t.g.hands[t.seat], t.offset)
    t.blink = True
    t.blink_at = t.app.now + 400
    t._arrow()


def _b(t, now):
    """B's action (take the stacked cards, draw, pass), or -1 (refused)."""
    g = t.g
    legal = g.legal_actions()
    if g.phase == PH_STACK:
        return ACCEPT
    if DRAW in legal:
        return DRAW
    if PASS in legal:
        return PASS
    if g.phase == PH_PLAY and g.at_limit(t.seat):
        # no draw and no pass: a card must be played, so the bar names the key that does
        t.refuse("Hand full (%d): A:play" % g.rules.hand_limit, now)
    else:
        t.refuse(g.explain(DRAW), now)
    return -1


def _play_selected(t, now):
    """A's action: the card under the arrow played, or -1 (refused, or the colour picker
    opened for a wild)."""
    g = t.g
    hand = g.hands[t.seat]
    if not hand:
        return -1
    card = hand[t.sel]
    if g.phase == PH_DRAWN and t.sel != len(hand) - 1 and card != g.drawn:
        # point at the drawn card (the last one) and refuse with the rule's reason
        t.refuse(g.explain(card if card < 64 and (card & 15) < 13
                           else cards.play_action(card, 0)), now)
        return -1
    if g.phase == PH_DRAWN:
        card = g.drawn
        legal = g.legal_actions()
        if not legal or legal[0] >= 64:
            t.refuse("Can't play: B draw, \x82 pass" if DRAW in legal
                     else "Can't play: B pass", now)
            return -1
    if (card & 15) >= cards.WILD:
        reason = g.explain(cards.play_action(card, 0))
        if reason is not None:
            t.refuse(reason, now)
            return -1
        t.match.pick_colour(t._colour_for(card), card)
        return -1
    reason = g.explain(card)
    if reason is not None:
        t.refuse(reason, now)
        return -1
    return card
