# mypy: disable-error-code="attr-defined,has-type"
"""Undo for search: every change to the cards goes through these methods, which log its
inverse while a ``push`` is open; ``pop`` replays the log backwards (python-chess push/pop).

A mix-in of ``uno.core.game.Game``, in its own module so the badge loads the game in two halves.
"""

from micropython import const

from uno.core.codes import J_HANDS


# Journal ops for undo (low 3 bits; seat, card, index above).
_J_GIVE = const(0)
_J_TAKE = const(1)
_J_PILE = const(2)
_J_DISCARD = const(3)
_J_SCORE = const(4)
_J_VOID = const(5)
_J_LISTS = const(6)
# 7: uno.core.codes.J_HANDS (uno.core.party's hands swapped or passed on)


class Journal:
    """Card moves that can be undone; state lives in the ``Game`` that mixes this in. A search
    is in progress while ``_journal`` is not empty: each open ``push`` begins there with the
    state's tuple, then the ops of its moves (ints; a ``_J_LISTS`` op follows the tuple of the
    lists it replaced). No list of where the pushes begin: it would be one more attribute of
    every game a search samples (uno.core.game.Game). ``_journal`` is one list for the game's life:
    a list unwound by ``pop()`` would shrink, and grow again by blocks at the next push, when
    the heap is fullest."""

    def push(self, a):
        """Apply a legal action silently and remember how to undo it (see ``pop``)."""
        # The state's tuple is built in a frame of its own: building 19 fields takes a
        # 21-slot value stack, and push's frame stays on the Python stack under the whole ply
        # (on CircuitPython 9's 1,536 bytes a search's ply down to a reshuffle had 16 too few)
        self._remember()
        self._do(a)  # type: ignore[attr-defined]

    def _remember(self):
        self._journal.append((self.colour, self.turn, self.actor, self.direction, self.phase,
                  self.pending, self.pend_kind, self.drawn, self.passes, self.one_seat,
                  self.catch_n, self.w4_seat, self.w4_guilty, self.prev_colour, self.winner,
                  self.match_winner, self.rng.hi, self.rng.lo, self.last_challenge))

    def pop(self):
        """Undo the last ``push``, restoring the exact state before it."""
        j = self._journal
        assert j, "pop without push"
        i = len(j) - 1
        op = j[i]
        while type(op) is int:  # down to the push's state tuple
            i -= 1
            t = op & 7
            if t == _J_GIVE:
                self.hands[(op >> 3) & 7].pop()
            elif t == _J_TAKE:
                self.hands[(op >> 3) & 7].insert(op >> 13, (op >> 6) & 127)
            elif t == _J_PILE:
                self.pile.append((op >> 6) & 127)
            elif t == _J_DISCARD:
                d = self.discard
                d[len(d) - 1:] = b""  # MicroPython's bytearray has no pop
            elif t == _J_SCORE:
                self.scores[(op >> 3) & 7] -= op >> 6
            elif t == _J_VOID:
                self.void[(op >> 3) & 7] = op >> 6
            elif t == J_HANDS:
                from uno.core.party import undo

                undo(self, op)
            else:
                self.pile, self.discard, self.last_points = j[i]
                i -= 1
            op = j[i]
        (self.colour, self.turn, self.actor, self.direction, self.phase, self.pending,
         self.pend_kind, self.drawn, self.passes, self.one_seat, self.catch_n, self.w4_seat,
         self.w4_guilty, self.prev_colour, self.winner, self.match_winner,
         self.rng.hi, self.rng.lo, self.last_challenge) = op
        del j[i:]  # MicroPython keeps the list's room

    def _give(self, p, c):
        self.hands[p].append(c)
        if self._journal:
            self._journal.append(_J_GIVE | p << 3)

    def _take(self, p, i):
        c = self.hands[p].pop(i)
        if self._journal:
            self._journal.append(_J_TAKE | p << 3 | c << 6 | i << 13)
        return c

    def _pile_pop(self):
        p = self.pile
        c = p[-1]
        p[len(p) - 1:] = b""
        if self._journal:
            self._journal.append(_J_PILE | c << 6)
        return c

    def _discard_push(self, c):
        self.discard.append(c)
        if self._journal:
            self._journal.append(_J_DISCARD)

    def _score(self, p, pts):
        self.scores[p] += pts
        if self._journal:
            self._journal.append(_J_SCORE | p << 3 | pts << 6)

    def _set_void(self, p, v):
        if self._journal:
            self._journal.append(_J_VOID | p << 3 | self.void[p] << 6)
        self.void[p] = v

    def _reshuffle(self):
        self._journal_lists()
        top = self.discard[-1]
        pile = self.discard[:-1]
        self.rng.shuffle(pile)
        self.pile = pile
        self.discard = bytearray((top,))
        if self._rec():
            self._emit({"ev": "reshuffle", "pile": self._pile_names()})

    def _journal_lists(self):
        # before the pile, the discard or the hand's points are replaced by new lists
        if self._journal:
            self._journal.append((self.pile, self.discard, self.last_points))
            self._journal.append(_J_LISTS)
