"""The display tree's parts that live all program long: the ONE! banner and an opponent's seat
panel. Apart from uno.view.build, which makes them and is dropped once the tree is built: a
method keeps its module's globals, so parts defined in build would keep all of build's code in
the heap (1.7 KB on the VM)."""

import displayio

from uno.view import layout as L
from uno.view.text import TextGrid


class Flash:
    """The ONE! banner: the message bar itself turns red for a moment, so it hides nothing
    (``hidden`` False shows it, as for a display object)."""

    def __init__(self, bar_pal, msg):
        self._pal = bar_pal
        self._msg = msg
        self._hidden = True

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, value):
        if value != self._hidden:
            self._hidden = value
            bg = L.BAR if value else L.ONE_RED
            self._pal[0] = bg
            self._msg.colours(L.INK, bg)


class SeatPanel:
    """An opponent's name, card-back icon, card count (large), score ("120pt") and "ONE!"
    once it has called ONE."""

    def __init__(self, view, x, y):
        self.group = displayio.Group(x=x, y=y)
        self.name = TextGrid(view.font, 6, 1, 0, 0, fg=L.INK, bg=L.TABLE)
        self.icon = displayio.TileGrid(view.icons, pixel_shader=view.pal, tile_width=L.ICON,
                                       tile_height=L.ICON, default_tile=L.ICON_BACK, x=0, y=16)
        self.count = TextGrid(view.font, 2, 1, 13, 12, fg=L.INK, scale=2)
        self.score = TextGrid(view.font, 6, 1, 0, 38, fg=L.DIM)
        self.one = TextGrid(view.font, 6, 1, 0, 50, fg=L.HILITE)
        for part in (self.name.group, self.icon, self.count.group, self.score.group,
                     self.one.group):
            self.group.append(part)
        self.group.hidden = True
        self._active = False

    def show(self, name, count, score, active, one):
        self.name.write(0, name, align=0)
        self.count.write(0, str(count), align=2)
        self.score.write(0, "%dpt" % score)
        self.one.write(0, "ONE!" if one else "")
        if active != self._active:
            self._active = active
            if active:
                self.name.colours(0x000000, L.HILITE)
            else:
                self.name.colours(L.INK, L.TABLE)
