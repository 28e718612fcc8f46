"""The table: a match in play. Human input, computer turns step by step, messages, sounds.

The table plays the match (``uno.core.game.Game``) for its controller (uno.app.match.Match), which
opens the screens it needs (colour picker, challenge prompt, pause menu, results): separate
screens that answer through a callback, so later screens can be added without touching this
one.
"""

import gc

from micropython import const

from uno import drop, drop_search

from uno.core import cards
from uno.core.codes import (
    ACCEPT, DRAW, NO_JUMP, PH_CATCH, PH_CHALLENGE, PH_COLOUR, PH_DRAWN, PH_HAND_OVER,
    PH_MATCH_OVER, PH_ONE, PH_PLAY, PH_STACK, PH_SWAP, SWAP,
)

try:
    from typing import Any  # noqa: F401 (type comments only; CircuitPython has no typing)
except ImportError:
    pass
from uno.app import fx
from uno.app.codes import (
    FLASH, FLY, HELD, HUMAN, LANDED, OVER, PLAYED, REHAND, RELIGHT, SPLIT, WAIT,
)
from uno.app.input import START
from uno.view import layout as L
from uno.view.table import seat_text
from uno.view.text import with_name

_FLY_FRAMES_MS = const(40)
_ON_MPY = hasattr(gc, "mem_free")  # CircuitPython's gc; CPython's has none


def fit(text):
    """``text`` shortened to the message bar's width (26 characters)."""
    return text if len(text) <= L.MSG_COLS else text[: L.MSG_COLS]


class Table:
    """The screen under the pop-ups in a match: what the match shows, the human's turn, the
    computers' turns step by step."""

    def __init__(self, match):
        self.match = match
        self.app = app = match.app
        self.view = app.view
        self.g = None  # type: Any
        self.players = []  # per seat: a computer player, None (a human), 0 (resting)
        self.rested = []  # what each resting player carries (Match.rest_players)
        self.names = []
        self.seat = 0  # the human seat whose hand is shown
        self.sel = 0
        self.offset = 0
        self.mode = WAIT
        self.next_at = 0
        self.chosen = -1  # the computer's action, decided as its wait begins (-1: not yet)
        self.fly_from = (0, 0)
        self.fly_to = (0, 0)
        self.fly_t0 = 0
        self.fly_ms = 1
        self.fly_actor = -1
        self.fly_card = 0
        self.window_until = 0  # ONE call / catch window for a human (and jump-in's)
        self.blink = True
        self.blink_at = 0
        self.hot_seat = False  # two humans or more: a hand shows only on its own turn
        self.panel_of = []  # seat -> panel index (0 left, 1 right, 2 top bar), -1 for humans
        self.over_at = 0
        self.msg = ""
        self.called = 0  # bit per seat: called ONE and still holds one card
        self.hold_until = 0  # an outcome stays in the message bar until then
        self.later = ""  # a prompt that waits for the outcome's time
        # A play's frame (yours answering A, a computer's card landing) changes the hand or
        # the pile; the message bar, the ONE! banner, the highlights and the top bar follow a
        # frame later (``flush``), so that no frame redraws all of them (docs/APP.md, redraw
        # budget)
        self.pend = 0  # SPLIT bits while the frame is a play's; what is held back
        self.after = None  # the message held back
        self.count_s = -1  # seconds left in a ONE window, as shown
        self.unlit = False  # your name's highlight is to go off at the next frame
        self.marks = None  # the swap picker's or the jump-in's marks while up (uno.app.party)
        self.banner_until = 0  # the ONE! banner hides then (App.frame; uno.app.describe)

    # ----- match set-up --------------------------------------------------------------------

    def _panels(self, n):
        """Seat -> panel: the seat after you sits on your left (play goes clockwise)."""
        out = []
        for s in range(n):
            r = (s - self.seat) % n
            if r == 0:
                out.append(-1)
            elif n == 2 or r == 1:
                out.append(0)
            elif r == n - 1:
                out.append(1)
            else:
                out.append(2)
        return out

    # ----- helpers -------------------------------------------------------------------------

    def human(self, seat):
        """True when ``seat`` is a person's."""
        return 0 <= seat < len(self.players) and self.players[seat] is None

    def pace(self):
        """The pause between computer steps, ms (the message speed's)."""
        return 2200 - 200 * self.app.speed

    def say(self, text, now=None):
        """Show ``text`` in the message bar; with ``now``, a prompt that waits while an
        outcome is still held."""
        self.pend &= ~HELD
        if now is not None and now - self.hold_until < 0:
            self.later = text
            return
        self.later = ""
        text = fit(text)
        self.msg = text
        if self.pend & SPLIT:
            self.after = text
            return
        self.view.message(text)

    def flush(self, whole=False):
        """Show what was held back from a play's frame (``pend``): after a computer's card
        landed, your hand (a +2's cards) first; then the message, the banner, the names
        (``whole``: all at once, as a screen opens over the table, ending the play's frame)."""
        p = self.pend
        if whole:
            p = (p & ~SPLIT) | RELIGHT
        if p & REHAND:
            p &= ~REHAND
            self.pend = p
            self._hand()
            if not whole:
                return
        if self.after is not None:
            self.view.message(self.after)
            self.after = None
        if p & FLASH:
            self.view.banner.hidden = False
        self.pend = p & HELD
        if p & RELIGHT:
            self._panels_show()
            self._top()

    def refuse(self, reason, now):
        """A refused move buzzes; with tips on (Options) the bar also says why."""
        if self.app.settings.tips:
            if reason and reason[0].islower():
                reason = reason[0].upper() + reason[1:]
            self.say(reason)
        self.app.sound.play(fx.BUZZ, now)

    def idle(self):
        """True when the table waits for the person (nothing moving, nothing held back)."""
        return (self.mode == HUMAN and self.after is None
                and not self.pend & (REHAND | FLASH | RELIGHT))

    # ----- the view ------------------------------------------------------------------------

    def sync(self):
        """Make the table show the game as it is now."""
        g = self.g
        v = self.view
        hand = g.hands[self.seat]
        n = len(hand)
        if self.sel >= n:
            self.sel = n - 1 if n else 0
        if self.sel < self.offset:
            self.offset = self.sel
        elif self.sel >= self.offset + L.HAND_SLOTS:
            self.offset = self.sel - L.HAND_SLOTS + 1
        if self.offset > 0 and self.offset + L.HAND_SLOTS > n:
            self.offset = max(0, n - L.HAND_SLOTS)
        if self.pend & LANDED:
            self.pend |= REHAND  # a computer's card landed: your hand a frame later (flush)
        else:
            self._hand()
        v.set_discard(g.discard[-1] if g.discard else -1)
        v.set_colour(g.colour if g.discard else -1)
        v.set_pile(len(g.pile))
        self.app.lights.colour = L.COLOUR_RGB[g.colour] if g.discard else -1
        self._panels_show()
        if not self.pend & SPLIT:  # else a frame later, with the message (flush)
            self._top()
        self._arrow()

    def _hand(self):
        g = self.g
        self.view.set_hand(g.hands[self.seat], self.offset,
                           self.hot_seat and g.actor != self.seat)

    def _panels_show(self):
        g = self.g
        v = self.view
        used = [False, False]
        for s in range(g.nseats):
            p = self.panel_of[s]
            if p < 0:
                continue
            cnt = len(g.hands[s])
            active = g.actor == s and g.phase not in (PH_HAND_OVER, PH_MATCH_OVER)
            if cnt != 1:
                self.called &= ~(1 << s)
            if p == 2:
                v.top_right.write(0, seat_text(self.names[s], cnt, g.scores[s]), align=2)
                if not self.pend & SPLIT:  # in a play's frame: a frame later (flush)
                    v.highlight(v.top_right, active)
                continue
            used[p] = True
            panel = v.panels[p]
            if self.pend & SPLIT:  # a play's frame: a name lights up a frame later (flush)
                active = active and panel._active
            # "ONE!" only once called: not while the others may still catch a missed call
            panel.show(self.names[s], cnt, g.scores[s], active, (self.called >> s) & 1)
            if panel.group.hidden:
                panel.group.hidden = False
        for p in range(2):
            if not used[p] and not v.panels[p].group.hidden:
                v.panels[p].group.hidden = True

    def _top(self):
        g = self.g
        v = self.view
        s = self.seat
        # you: name, cards, points, highlighted on your turn like the seats' names
        v.top_left.write(0, seat_text(self.names[s], len(g.hands[s]), g.scores[s]), 0,
                         L.TOP_COLS - 1)
        # the highlight goes off a frame later: the frame answering your play stays small
        self.unlit = not (g.actor == s and self.human(s)
                          and g.phase not in (PH_HAND_OVER, PH_MATCH_OVER))
        if not self.unlit:
            v.highlight(v.top_left, True)
        # direction of play with 3-4 seats: the next seat sits on your left when it is 1
        v.top_left.set_tile(L.TOP_COLS - 1, 0, 0 if g.nseats < 3 else (
            L.GLYPH_LEFT if g.direction == 1 else L.GLYPH_RIGHT))
        if g.nseats != 4:
            v.top_right.write(0, "to %dpt" % g.rules.target, align=2)

    def _arrow(self):
        g = self.g
        show = (self.mode == HUMAN and g.actor == self.seat and not self.app.stack
                and g.phase in (PH_PLAY, PH_DRAWN, PH_STACK) and self.blink)
        self.view.set_arrow(self.sel - self.offset, show and len(g.hands[self.seat]) > 0)

    # ----- the frame -----------------------------------------------------------------------

    def update(self, pressed, now):
        """One frame of the match: the flying card, the results' delay, START, a computer's
        step or the person's turn."""
        g = self.g
        self.flush()
        if self.unlit:
            self.unlit = False
            self.view.highlight(self.view.top_left, False)
        if self.mode == FLY:
            self._fly_step(now)
            return
        if self.mode == OVER:
            if now - self.over_at >= 0:
                self.match.show_results()
            return
        if pressed & START:
            self.match.pause()
            return
        if self.later and now - self.hold_until >= 0:
            held = self.pend & HELD
            self.say(self.later)
            if held:
                self.hold_until = now + self.pace()
        if self.mode == WAIT:
            if self.chosen < 0:
                # Decide early in the wait, with the table already drawn: a long search then
                # passes inside the pace instead of after it, and the card's flight, dated
                # after the decision, is shown whole. Not while a tune plays: its note would
                # sound on for the whole search.
                if not self.app.sound.busy():
                    g = self.g
                    p = self.players[g.actor]
                    if p == 0:
                        self.match.wake_players()
                        p = self.players[g.actor]
                    self.chosen = p.choose(g.observe(g.actor))
                    if _ON_MPY:
                        # The decision's garbage (a search's sampled game) goes at once, before
                        # the move's own objects land among it (three Advanced on the VM: S 139
                        # KB on six seeds, 140-143 without); ~14 ms, inside the pause.
                        gc.collect()
            elif now - self.next_at >= 0 and now - self.hold_until >= 0:
                self._computer(now)
            return
        # The human's turn: its code is loaded for it (uno.app.human); the 7's swap and the
        # jump-in window have their prompt's (uno.app.party), and a jump-in window, which
        # mostly follows a computer's play, comes without the turn's. The action is applied
        # here, once their frames have gone: the code let go as the turn ends is garbage
        # before the action's message loads its own (uno.app.describe) into its room.
        ph = self.g.phase
        if ph >= PH_SWAP:
            from uno.app.party import answer

            a = answer(self, ph, pressed, now)
            del answer
        else:
            from uno.app.human import turn

            a = turn(self, pressed, now)
            del turn
        if a >= 0:
            self.act(a, now)
            if SWAP <= a < NO_JUMP:
                self._top()  # a swap: your count in the frame that shows your new hand

    def _colour_for(self, card):
        """A good default for the picker: the colour you hold most (after this card)."""
        counts = [0, 0, 0, 0]
        for c in self.g.hands[self.seat]:
            if (c >> 4) < 4:
                counts[c >> 4] += 1
        best = 0
        for c in range(4):
            if counts[c] > counts[best]:
                best = c
        return best

    # ----- acting --------------------------------------------------------------------------

    def act(self, a, now):
        """Apply a human action (already checked where a reason is shown)."""
        g = self.g
        reason = g.explain(a)
        if reason is not None:
            self.refuse(reason, now)
            return
        p = g.actor
        self.match.events = []
        self.hold_until = now  # the player has seen the outcome: they acted
        g.apply(a)
        if a < 64:
            self.app.sound.play(fx.PLAY, now)
        self._split_after(now, p, PLAYED)

    def _split_after(self, now, p, how):
        # _after_action with the message bar, the banner... a frame later (``pend``)
        self.pend |= how
        try:
            self._after_action(now, p)
        finally:
            self.pend = (self.pend & ~SPLIT) | RELIGHT

    def _computer(self, now):
        g = self.g
        p = g.actor
        a = self.chosen
        self.chosen = -1
        self.match.events = []
        before = len(g.hands[p])
        g.apply(a)
        if a < 64 or (a == DRAW and len(g.hands[p]) > before) or a == ACCEPT:
            # show the card travelling between the seat and the piles
            src = self._seat_xy(p)
            if a < 64:
                self._fly(cards.action_card(a), src, (L.DISCARD_X + 9, L.DISCARD_Y + 14), now, p)
            else:
                self._fly(L.CARD_BACK, (L.PILE_X, L.PILE_Y), src, now, p)
            return
        self._after_action(now, p)

    def _seat_xy(self, p):
        pan = self.panel_of[p] if p < len(self.panel_of) else -1
        if pan == 0:
            return (L.LEFT_X + 14, L.PANEL_Y + 12)
        if pan == 1:
            return (L.RIGHT_X + 10, L.PANEL_Y + 12)
        if pan == 2:
            return (L.WIDTH - 30, 0)
        return (L.HAND_X + 60, L.HAND_Y)

    def _fly(self, card, src, dst, now, p):
        self.fly_card = card
        self.fly_from = src
        self.fly_to = dst
        self.fly_t0 = now
        self.fly_ms = max(80, self.pace() // 3)
        self.fly_actor = p
        self.mode = FLY
        self.view.show_fly(card, src[0], src[1])

    def _fly_step(self, now):
        t = now - self.fly_t0
        if t >= self.fly_ms:
            self.view.hide_fly()
            self._split_after(now, self.fly_actor, LANDED)
            return
        x0, y0 = self.fly_from
        x1, y1 = self.fly_to
        self.view.show_fly(self.fly_card, x0 + (x1 - x0) * t // self.fly_ms,
                           y0 + (y1 - y0) * t // self.fly_ms)

    def _after_action(self, now, p):
        """Messages, sounds and the view after an action; decide what happens next."""
        g = self.g
        if self.marks is not None:  # a new deal or match over a party prompt's marks
            from uno.app.party import unmark

            unmark(self)
        a = g.actor
        if not (a == self.seat and self.human(a) and g.phase < PH_HAND_OVER):
            # the turn's code goes as the turn ends, before the message's code loads (the
            # shown person's next turn loads it again)
            drop("uno.app.human")
        # Whoever acted, the search's code (6 KB) goes: before the message's loads (after a
        # computer's play 5 KB less live on the badge's model) and while a person decides,
        # when the messages and a refusal's reason need its room; the next search loads it
        # again (0.012 s: tools/vm/bench_startup.py --loads)
        drop_search()
        if self.match.events:
            from uno.app.describe import describe

            describe(self, self.match.events, now)
            # its code leaves the heap before the next decision's search
            drop("uno.app.describe")
        self.match.events = []
        # a human's hand shown: after a draw point at the new card
        if p == self.seat and g.phase == PH_DRAWN:
            self.sel = len(g.hands[self.seat]) - 1
        if g.phase in (PH_HAND_OVER, PH_MATCH_OVER):
            self.mode = OVER
            self.over_at = now + self.pace()
            self.sync()
            return
        if self.human(a):
            if a != self.seat:
                # hot seat: hide the hand and hand the badge over first
                self.mode = HUMAN
                self.sync()
                self.match.hand_over_to(a)
                return
            self.mode = HUMAN
            self.blink = True
            self.blink_at = now + 400
            ph = g.phase
            if ph == PH_ONE or ph == PH_CATCH:
                self.window_until = now + g.rules.one_window * 1000
                self.count_s = -1
                from uno.app.human import countdown

                countdown(self, now)
            elif ph == PH_COLOUR:
                self.sync()
                self.match.pick_colour(self._colour_for(-1), -1)
                return
            elif ph == PH_CHALLENGE:
                self.sync()
                self.match.challenge(self.names[g.w4_seat], g.pending)
                return
            elif ph == PH_STACK:
                self.say("A: stack %s, B: take %d"
                         % ("+2" if g.pend_kind == cards.DRAW2 else "W+4", g.pending), now)
            elif ph >= PH_SWAP:
                from uno.app.party import ask

                ask(self, ph, now)
            if p != a and ph == PH_PLAY:
                self.app.sound.play(fx.PIP, now)
        else:
            self.mode = WAIT
            self.chosen = -1
            self.next_at = now + self.pace()
        self.sync()

    def take_seat(self, seat, now):
        """The next human has the badge: show that seat's hand and carry on."""
        self.seat = seat
        self.panel_of = self._panels(self.g.nseats)
        self.sel = 0
        self.offset = 0
        self._after_action(now, -1)

    # ----- messages ------------------------------------------------------------------------

    def _who(self, p):
        return "You" if p == self.seat else self.names[p]

    def line(self, fmt, p, args=()):
        """A message naming seat ``p`` first, the name cut to fit (see with_name)."""
        return with_name(fmt, self._who(p), args)
