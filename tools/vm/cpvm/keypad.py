"""Stand-in for keypad: ShiftRegisterKeys whose events come from a press script.

The script is host_sim's format (docs/FORMATS.md: button tokens, ``WAIT:N``, ``xN``), read a
token at a time from the file named by the UNO_VM_KEYS environment variable (``keys.txt``), so
a long script costs no heap. Like host_sim's ``settle``, the next press comes only when the app
waits for the player (``app`` is set by tools/vm/cpvm/vm_run.py; without it, every 4th frame). A
press is a key-down on one frame and a key-up on the next. When the script runs out the run
ends with ``ScriptOver``, a SystemExit: the app's error screen (which catches Exception) must
not swallow it.
"""

import os

import board

NAMES = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")
EXTRA = {"RED": "LEFT", "YELLOW": "UP", "GREEN": "RIGHT", "BLUE": "DOWN"}
app = None  # the App, once found at the first poll
on_first_poll = None  # vm_run.py's hook, called with the App at the first poll
max_idle_frames = 3000  # frames the app may stay busy before the press comes anyway


class ScriptOver(SystemExit):
    pass


class Event:
    """``keypad.Event``: the C object is 16 bytes (base, key_number, pressed, timestamp); two
    attributes make this 32, the nearest a Python instance with fields comes."""

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed

    @property
    def timestamp(self):
        return 0


class _Script:
    def __init__(self, path):
        self.path = path
        self._f = open(path)
        self._line = []
        self._last = None
        self._repeat = 0

    def _raw(self):
        while not self._line:
            s = self._f.readline()
            if not s:
                return None
            s = s.split("#", 1)[0].replace(",", " ").split()
            s.reverse()
            self._line = s
        return self._line.pop().upper()

    def save_rest(self):
        """Write what is left of the script over its file: the next program (after the
        app's supervisor.reload()) reads on from there. Copied in small pieces (the app's heap
        may be nearly full); a second call does nothing."""
        if self._f is None:
            return
        with open(self.path + ".new", "w") as out:
            if self._repeat and self._last is not None:
                kind, v = self._last
                tok = "WAIT:%d" % v if kind == "wait" else NAMES[v]
                out.write(tok if self._repeat == 1 else "%s x%d" % (tok, self._repeat))
                out.write("\n")
            while self._line:
                out.write(self._line.pop())
                out.write(" ")
            out.write("\n")
            while True:
                piece = self._f.read(128)
                if not piece:
                    break
                out.write(piece)
        self._f.close()
        self._f = None
        os.rename(self.path + ".new", self.path)

    def next(self):
        """("press", key) or ("wait", frames) or None at the end."""
        if self._repeat:
            self._repeat -= 1
            return self._last
        tok = self._raw()
        if tok is None:
            return None
        if tok[0] == "X" and tok[1:].isdigit():
            self._repeat = int(tok[1:]) - 2
            if self._repeat < 0 or self._last is None:
                self._repeat = 0
                return self.next()
            return self._last
        if tok.startswith("WAIT:"):
            item = ("wait", int(tok[5:]))
        else:
            tok = EXTRA.get(tok, tok)
            if tok not in NAMES:
                raise ValueError("bad key token %r" % tok)
            item = ("press", NAMES.index(tok))
        self._last = item
        return item


class _Events:
    def __init__(self, script):
        self._script = script
        self._down = -1
        self._wait_until = 0
        self._busy = 0

    def _frame(self):
        return board.DISPLAY._refreshes

    def get_into(self, ev):
        """Fill ``ev`` with the next key event; False when there is none this frame."""
        f = self._frame()
        if app is None:
            _find_app()
        if self._down >= 0:  # release on the frame after the press
            if f == self._down_frame:
                return False
            ev.key_number = self._down
            ev.pressed = False
            self._down = -1
            self._wait_until = f + 1
            return True
        if f < self._wait_until:
            return False
        a = app
        if a is not None:
            if not (a.idle() and not a.sound.busy() and not a.table.banner_until):
                self._busy += 1
                if self._busy < max_idle_frames:
                    return False
        elif f % 4:
            return False
        self._busy = 0
        item = self._script.next()
        if item is None:
            # said here: run with -m (vm_app.command), the VM prints no SystemExit's message
            msg = "key script over at frame %d" % f
            print(msg)
            raise ScriptOver(msg)
        if item[0] == "wait":
            self._wait_until = f + item[1]
            return False
        ev.key_number = item[1]
        ev.pressed = True
        self._down = item[1]
        self._down_frame = f
        return True

    def clear(self):
        pass

    def __len__(self):
        return 0


def _find_app():
    # The App calls hw.poll() from its frame(): wrap App.frame once, so the next frame hands
    # over the App (the harness never imports the app before code.py does).
    import sys

    m = sys.modules.get("uno.app.main")
    if m is None or _patched:
        return
    _patched.append(1)
    App = m.App
    orig = App.frame

    def frame(self):
        global app
        App.frame = orig
        app = self
        if on_first_poll is not None:
            on_first_poll(self)
        orig(self)

    App.frame = frame


_patched = []
scripts = []  # the press scripts being read (supervisor.reload() saves what is left)


_SRK_PAD = 368


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, key_count, value_when_pressed, value_to_latch=True,
                 interval=0.02, max_events=64, debounce_threshold=1):
        self.key_count = key_count
        self.events = _Events(_Script(os.getenv("UNO_VM_KEYS") or "keys.txt"))
        scripts.append(self.events._script)
        # What the C scanner allocates that the lines above do not: with them, 592 bytes in
        # all (tests/test_cp_vm.py): its struct (72 bytes, 80 in blocks), clock, latch and
        # data pins (16 each) and their tuple (16), the key counts (16), the debounce counts
        # (16), the event queue (32) and its ring of max_events x 6 bytes (384).
        self._c = bytearray(_SRK_PAD)

    def reset(self):
        pass

    def deinit(self):
        pass


class Keys(ShiftRegisterKeys):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64,
                 debounce_threshold=1):
        ShiftRegisterKeys.__init__(self, clock=None, data=None, latch=None, key_count=len(pins),
                                   value_when_pressed=value_when_pressed)
