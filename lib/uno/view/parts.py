"""The display tree's parts that live all program long: the ONE! banner and an opponent's seat
panel. Apart from uno.view.build, which makes them and is dropped once the tree is built: a
method keeps its module's globals, so parts defined in build would keep all of build's code in
the heap (1.7 KB on the VM)."""

from uno.view import layout as L

try:
    from typing import Any  # noqa: F401 (type comments only; CircuitPython has no typing)
except ImportError:
    pass


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
    once it has called ONE. Made by uno.view.build's ``seat_panel``: its construction, run once
    a program, stays out of this resident module (0.3 KB of the heap, tools/vm/vm_app.py modules
    --badge)."""

    group: "Any"
    name: "Any"
    icon: "Any"
    count: "Any"
    score: "Any"
    one: "Any"
    _active: bool

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
