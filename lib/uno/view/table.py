"""The display tree: the table, the pop-up panel, the banner, the results page.

Screens (lib/uno/app) change tiles, positions, text and a few palette entries through the
methods here, so each change redraws only its own rectangle. The table is built once at
start-up (``uno.view.build``, dropped after); the pop-up panel's text and marks, the
challenge prompt and the results page's text and cards are built when they open and let go
when they close (uno.view.panels, loaded while one is up; ``hide_popup``, ``hide_results``):
on the badge a display object is heap, and code too, and a match is mostly played without
them.
"""

from micropython import const

import displayio

try:
    from typing import Any  # noqa: F401 (type comments only; CircuitPython has no typing)
except ImportError:
    pass

from uno.view import layout as L
from uno.view.text import cards_text

_PANEL_SLOTS = const(3)  # left, right, across (top bar)


def seat_text(name, count, score, width=L.TOP_COLS - 1):
    """A seat in the top bar: "NAME<cards>7 120pt"; the name gives way to the numbers."""
    tail = "%s %dpt" % (cards_text(count), score)
    return name[:width - len(tail)] + tail


class View:
    """Everything on the screen. ``root`` goes to ``display.root_group`` once. ``base``: the
    folder holding sprites/."""

    # set by uno.view.build (the tree is built once a program: that code is loaded for it,
    # then dropped); for the type checker only: a bare annotation compiles to nothing
    cards: "Any"
    icons: "Any"
    font: "Any"
    pal: "Any"
    card_pals: "Any"
    root: "Any"
    table: "Any"
    top_left: "Any"
    top_right: "Any"
    frame_pal: "Any"
    mark: "Any"
    discard_group: "Any"
    discard: "Any"
    pile: "Any"
    pile_count: "Any"
    panels: "Any"
    hand: "Any"
    arrow: "Any"
    more_left: "Any"
    more_right: "Any"
    fly: "Any"
    bar_pal: "Any"
    msg: "Any"
    banner: "Any"
    popup: "Any"
    popup_text: "Any"
    picker_icons: "Any"
    picker_marks: "Any"
    picker_ring: "Any"
    prompt: "Any"
    results: "Any"
    results_text: "Any"
    results_cards: "Any"
    _hand: "Any"
    _results_cards: "Any"
    _discard: "Any"
    _colour: "Any"
    _arrow_x: "Any"

    def __init__(self, base, table=True):
        from uno import drop
        from uno.view import build

        build.build(self, base, table)
        del build
        drop("uno.view.build")

    def build_table(self):
        """The table's cards, panels and text, if this View was made without them (a match
        begun in the title's program: where the shell cannot start a fresh one)."""
        if self.hand is None:
            from uno import drop
            from uno.view import build

            build.build_table(self)
            del build
            drop("uno.view.build")

    def _card_row(self, group, x, y):
        # 8 one-card grids at (x, y) one card's pitch apart, added to ``group``
        row = []
        for i in range(8):
            g = self.card_grid(x + i * L.CARD_W, y)
            row.append(g)
            group.append(g)
        return row

    def card_grid(self, x, y, card=-1):
        """A one-card TileGrid at (x, y) showing ``card`` (as ``show_card``)."""
        # four tiles: CircuitPython keeps up to four inside the TileGrid (no tile array)
        g = displayio.TileGrid(self.cards, pixel_shader=self.pal, height=4,
                               tile_width=L.CARD_W - 1, tile_height=L.CARD_H // 4, x=x, y=y)
        self.show_card(g, card)
        return g

    def show_card(self, g, card):
        """Show ``card`` (colour << 4 | kind, or L.CARD_BACK; -1 hides the grid) on the
        one-card grid ``g``: its tiles and its colour's palette, touching only what changes."""
        if card < 0:
            if not g.hidden:
                g.hidden = True
            return
        k = card & 15
        if k >= 13:  # wilds and the back: faces 26-28, the shared palette
            f = 13 + k
            p = self.pal
        else:
            f = (card >> 5) * 13 + k
            p = self.card_pals[card >> 4]
        if g.pixel_shader is not p:
            g.pixel_shader = p
        tiles = L.CARD_TILES
        for i in range(4):
            t = tiles[4 * f + i]
            if g[i] != t:
                g[i] = t
        if g.hidden:
            g.hidden = False

    # ----- table parts ---------------------------------------------------------------------

    def set_discard(self, card):
        if card != self._discard:
            self._discard = card
            self.show_card(self.discard, card)

    def set_colour(self, colour):
        """The active colour: the frame's colour and the mark above the pile."""
        if colour != self._colour:
            self._colour = colour
            if 0 <= colour < 4:
                self.frame_pal[0] = L.COLOUR_RGB[colour]
                self.mark[0] = colour
            else:
                self.frame_pal[0] = L.TABLE
                self.mark[0] = L.ICON_BLANK

    def highlight(self, grid, on):
        """Black on yellow for the seat that acts (a TextGrid of the top bar)."""
        if on:
            grid.colours(0x000000, L.HILITE)
        else:
            grid.colours(L.INK, L.TABLE)

    def set_pile(self, n):
        self.show_card(self.pile, L.CARD_BACK if n > 0 else -1)
        self.pile_count.write(0, cards_text(n), align=1)

    def set_hand(self, hand, offset, face_down=False):
        """Show ``hand[offset:offset + 8]`` (as card backs if ``face_down``) and the scroll
        marks."""
        n = len(hand)
        for i in range(L.HAND_SLOTS):
            j = offset + i
            if j >= n:
                c = -1
            else:
                c = L.CARD_BACK if face_down else hand[j]
            if self._hand[i] != c & 255:
                self._hand[i] = c & 255
                self.show_card(self.hand[i], c)
        left = offset > 0
        right = offset + L.HAND_SLOTS < n
        if self.more_left.hidden == left:
            self.more_left.hidden = not left
        if self.more_right.hidden == right:
            self.more_right.hidden = not right

    def set_arrow(self, slot, visible):
        """The flashing arrow over hand slot ``slot`` (hidden when ``visible`` is false)."""
        if slot < 0:
            visible = False
        else:
            x = L.HAND_X + slot * L.CARD_W + 4
            if x != self._arrow_x:
                self._arrow_x = x
                self.arrow.x = x
        if self.arrow.hidden == visible:
            self.arrow.hidden = not visible

    def message(self, text):
        self.msg.write(0, text)

    def show_fly(self, card, x, y):
        """The card in flight (colour << 4 | kind, or L.CARD_BACK) at (x, y)."""
        self.show_card(self.fly, card)
        if self.fly.x != x:
            self.fly.x = x
        if self.fly.y != y:
            self.fly.y = y

    def hide_fly(self):
        if not self.fly.hidden:
            self.fly.hidden = True

    # ----- pop-ups and pages ---------------------------------------------------------------

    def hide_popup(self):
        """Close the pop-up panel and the prompt: their display objects go."""
        if not self.popup.hidden:
            self.popup.hidden = True
        if self.popup_text is not None:
            while len(self.popup):
                self.popup.pop()
            self.popup_text = self.picker_marks = self.picker_icons = self.picker_ring = None
        if self.prompt is not None:
            self.root.remove(self.prompt.group)
            self.prompt = None

    def hide_results(self):
        """The table again instead of the results page, whose display objects go."""
        if not self.results.hidden:
            self.results.hidden = True
            self.table.hidden = False
        if self.results_text is not None:
            while len(self.results):
                self.results.pop()
            self.results_text = self.results_cards = None
