"""The pop-up panel (colour picker, pause menu), the challenge prompt and the results page,
built when one opens: loaded with the screen that opens it (uno.app.popups, pause, results)
and dropped when the last screen closes (``App.close``), as a match is mostly played without
them and the badge keeps a loaded module's code in its heap. ``View.hide_popup`` and
``View.hide_results`` let their display objects go."""

import displayio

from uno.view import layout as L
from uno.view.text import TextGrid


def show_popup(v, picker=False):
    """Show View ``v``'s pop-up panel (with the colour marks if ``picker``), built if it is not
    up; returns its text (22 x 7 cells) for the picker or the pause menu to write."""
    if v.popup_text is None:
        v.popup_text = TextGrid(v.font, 22, 7, 0, 0, fg=L.INK, bg=L.PANEL)
        v.popup.append(v.popup_text.group)
        v.picker_marks = displayio.Group()
        v.picker_icons = []
        # UP red, RIGHT yellow, DOWN green, LEFT blue (the D-pad points at the colour)
        for c, (x, y) in enumerate(((54, 14), (72, 38), (54, 62), (6, 38))):
            g = displayio.TileGrid(v.icons, pixel_shader=v.pal, tile_width=L.ICON,
                                   tile_height=L.ICON, default_tile=c, x=x, y=y)
            v.picker_icons.append(g)
            v.picker_marks.append(g)
        # the cursor: a ring one pixel outside the selected mark (marks are 11x11 with a
        # transparent border, so the ring fits the same tile)
        v.picker_ring = displayio.TileGrid(v.icons, pixel_shader=v.pal, tile_width=L.ICON,
                                           tile_height=L.ICON, default_tile=L.ICON_RING)
        v.picker_marks.append(v.picker_ring)
        v.popup.append(v.picker_marks)
    v.picker_marks.hidden = not picker
    if v.popup.hidden:
        v.popup.hidden = False
    return v.popup_text


def picker_select(v, colour):
    """The picker's ring round colour ``colour``'s mark."""
    g = v.picker_icons[colour]
    v.picker_ring.x = g.x
    v.picker_ring.y = g.y


def show_prompt(v):
    """Show the challenge prompt over the hand, built if it is not up (a layer under the
    results page, the root's last); returns its text (26 x 3 cells)."""
    if v.prompt is None:
        v.prompt = TextGrid(v.font, 26, 3, 2, 76, fg=L.INK, bg=L.PANEL)
        v.root.insert(len(v.root) - 1, v.prompt.group)
    return v.prompt


def show_results(v):
    """The results page instead of the table, built if it is not up; returns its text
    (26 x 7 cells)."""
    if v.results.hidden:
        v.results.hidden = False
        v.table.hidden = True
    if v.results_text is None:
        v.results_text = TextGrid(v.font, 26, 7, 2, 2, fg=L.INK, bg=L.TABLE)
        v.results.append(v.results_text.group)
        v.results_cards = v._card_row(v.results, 4, 86)
        v._results_cards[:] = b"\xff" * 8
    return v.results_text


def set_results_cards(v, hand):
    """The results page's row of cards (the page is up: ``show_results``)."""
    n = len(hand)
    for i in range(8):
        c = hand[i] if i < n else -1
        if v._results_cards[i] != c & 255:
            v._results_cards[i] = c & 255
            v.show_card(v.results_cards[i], c)
