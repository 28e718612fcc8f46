"""The table's human turn: the buttons, the hand's cursor, the ONE window's countdown.

Loaded as a human's turn begins (``uno.app.table``) and dropped as a computer's begins: a
computer's search, the match program's largest peak, runs without it (1.4 KB of the heap,
tools/vm_app.py modules --badge; resident in uno.app.table it was there at every search).
"""

from micropython import const

from uno import cards
from uno import game as G
from uno.app.input import A, B, DOWN, LEFT, RIGHT, SELECT, UP
from uno.view import layout as L
from uno.view.text import with_name

_PH_SWAP = const(10)  # uno.party's: it and PH_JUMP, the phases uno.app.party answers


def turn(t, pressed, now):
    """A frame of the human's turn at table ``t`` (``Table.update``)."""
    g = t.g
    if now - t.blink_at >= 0:
        t.blink = not t.blink
        t.blink_at = now + (400 if t.blink else 200)
        t._arrow()
    ph = g.phase
    if ph == G.PH_ONE or ph == G.PH_CATCH:
        countdown(t, now)
        if pressed & SELECT:
            t.act(G.CALL_ONE if ph == G.PH_ONE else G.CATCH, now)
        elif now - t.window_until >= 0:
            t.act(G.NO_ONE if ph == G.PH_ONE else G.NO_CATCH, now)
        return
    if ph >= _PH_SWAP:  # seven_zero's swap, jump_in's window
        from uno.app.party import answer

        answer(t, ph, pressed, now)
        return
    if not pressed:
        return
    if pressed & LEFT:
        move(t, -1)
    elif pressed & RIGHT:
        move(t, 1)
    elif pressed & UP:
        move(t, -L.HAND_SLOTS)
    elif pressed & DOWN:
        if ph == G.PH_DRAWN and g.rules.draw == "repeat":
            # draw=repeat: DOWN passes, B draws again; at the hand limit too, where B
            # passes as well (DOWN must not turn into a scroll from one draw to the next)
            t.act(G.PASS, now)
        else:
            move(t, L.HAND_SLOTS)
    elif pressed & A:
        _play_selected(t, now)
    elif pressed & B:
        _b(t, now)
    elif pressed & SELECT:
        t.say("Call ONE with 1 card left" if g.rules.one_call == "required"
              else "ONE is called for you")


def countdown(t, now):
    """The ONE window's message with the whole seconds left (rewritten once a second)."""
    s = (t.window_until - now + 999) // 1000
    if s != t.count_s:
        t.count_s = s
        if t.g.phase == G.PH_ONE:
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
    g = t.g
    legal = g.legal_actions()
    if g.phase == G.PH_STACK:
        t.act(G.ACCEPT, now)
    elif G.DRAW in legal:
        t.act(G.DRAW, now)
    elif G.PASS in legal:
        t.act(G.PASS, now)
    elif g.phase == G.PH_PLAY and g.at_limit(t.seat):
        # no draw and no pass: a card must be played, so the bar names the key that does
        t.refuse("Hand full (%d): A:play" % g.rules.hand_limit, now)
    else:
        t.refuse(g.explain(G.DRAW), now)


def _play_selected(t, now):
    g = t.g
    hand = g.hands[t.seat]
    if not hand:
        return
    card = hand[t.sel]
    if g.phase == G.PH_DRAWN and t.sel != len(hand) - 1 and card != g.drawn:
        # point at the drawn card (the last one) and refuse with the rule's reason
        t.refuse(g.explain(card if card < 64 and (card & 15) < 13
                           else G.play_action(card, 0)), now)
        return
    if g.phase == G.PH_DRAWN:
        card = g.drawn
        legal = g.legal_actions()
        if not legal or legal[0] >= 64:
            t.refuse("Can't play: B draw, \x82 pass" if G.DRAW in legal
                     else "Can't play: B pass", now)
            return
    if (card & 15) >= cards.WILD:
        reason = g.explain(G.play_action(card, 0))
        if reason is not None:
            t.refuse(reason, now)
            return
        t.match.pick_colour(t._colour_for(card), card)
        return
    reason = g.explain(card)
    if reason is not None:
        t.refuse(reason, now)
        return
    t.act(card, now)
