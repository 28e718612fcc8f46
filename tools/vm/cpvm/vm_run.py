"""Entry point on the CircuitPython VM (tools/vm/vm_app.py copies it beside code.py and runs it).

    vm_run.py SEATS MATCHES EVERY SEED [HANDS]

Runs code.py's ``main()`` as CircuitPython would, with three hooks that change nothing the
badge does: the preset's seats become SEATS (comma list; "-" keeps the preset's), the run ends
after MATCHES whole matches or HANDS hands (``@done``; 0: at the first frame; -1: before
code.py), and every EVERY hands (0: never), at the end and at a switch of programs it prints
the heap after a collection (``@stat``, then mem_info()'s lines, whose "max free sz" is the
largest free block in 16-byte blocks, and qstr_info()'s: the badge-model VM's own ``vmstat``
module, tools/vm/cpvm/vmstat.c, where the micropython module is a board's and has neither; else
the Unix port's micropython module). ``random`` is seeded with
SEED so a run repeats. Before code.py it fills the interned-name pools as the badge's firmware
leaves them and walls the heap where the badge's heap areas would end (``vm_heap``).
"""

import gc
import sys

try:
    import vmstat as micropython  # the badge-model VM: its micropython module is a board's
except ImportError:
    import micropython

# Every stand-in first, before the "standins" figure: on the badge they are C modules whose code
# and names take no heap, so all of their bytes belong to the harness (vm_app.harness_bytes),
# not to the app (the app would load analogio ... terminalio later: 7.7 KB counted as its own)
import alarm
import analogio  # noqa: F401
import audiocore  # noqa: F401
import audioio  # noqa: F401
import bitmaptools  # noqa: F401
import board  # noqa: F401
import digitalio  # noqa: F401
import displayio  # noqa: F401
import fontio  # noqa: F401
import keypad
import microcontroller
import neopixel_write  # noqa: F401
import supervisor
import terminalio  # noqa: F401

_hands = [0, 0, 0, 0]  # hands started, matches started; frames and writes of earlier programs
_walls = [None] * 5  # vm_heap.area_walls: where the badge's heap areas end


def _filler(i):
    """The ``i``th filler name: two characters, the first a control character no app name has
    (not chr(), which interns the character it makes)."""
    return bytes((1 + i // 94, 33 + i % 94)).decode()


def stat(label):
    gc.collect()
    print("@stat", label, _hands[0], _hands[1], gc.mem_alloc(), gc.mem_free())
    micropython.mem_info()
    micropython.qstr_info()  # names are never freed; a new pool is a large block (vm_app)


# The run's hooks are the harness's: made here, with vm_run's own code, before the "standins"
# figure, not by main() after it (closures and their cells the badge would not have: they were
# counted as the app's). main() sets what they read.
_matches = _every = _max_hands = 0
_bench = _chained = _code_file = None
_wanted = [None]  # the seats asked for (a tuple)
_orig = [None, None, None]  # Settings.__init__, Match.new, Match.next_hand as the app has them


def _init(self):
    _orig[0](self)
    self.seats = list(_wanted[0]) + [""] * (4 - len(_wanted[0]))


def _done():
    print("@done", _hands[1], _hands[0], board.DISPLAY._refreshes + _hands[2],
          displayio._writes[0] + _hands[3])
    if _every or not _bench:  # the names the program interned (vm_app)
        stat("end")
    raise SystemExit(0)


def _new_match(self):
    if _hands[1] >= _matches or (_max_hands and _hands[0] >= _max_hands):
        _done()
    _hands[1] += 1
    _hands[0] += 1
    _orig[1](self)


def _next_hand(self):
    if _max_hands and _hands[0] >= _max_hands:
        _done()
    _hands[0] += 1
    if _every and _hands[0] % _every == 0:
        stat("hand")
    _orig[2](self)


def _hook(app):
    # the first poll: code.py has built the View, loaded the App and, in a match's program,
    # the Match, which has begun its match (a match begins in a program of its own: start/)
    if app.match is not None:
        Match = type(app.match)
        _orig[1] = Match.new
        _orig[2] = Match.next_hand
        Match.new = _new_match
        Match.next_hand = _next_hand
    if not _chained:
        _hands[0] = _hands[1] = 0  # code.py's title, which begins no match of its own
    elif _code_file.endswith("/new.py"):  # uno.programs.match dealt before the first poll
        if _hands[1] >= _matches or (_max_hands and _hands[0] >= _max_hands):
            _done()
        _hands[0] += 1
        _hands[1] += 1
    if _matches == 0:  # up to the first frame: the start-up
        _done()
    if _every:
        stat("first-frame")


def main():
    global _matches, _every, _max_hands, _bench, _chained, _code_file
    argv = sys.argv
    seats = argv[1] if len(argv) > 1 else "-"
    matches = int(argv[2]) if len(argv) > 2 else 1
    every = int(argv[3]) if len(argv) > 3 else 0
    seed = int(argv[4]) if len(argv) > 4 else 1
    max_hands = int(argv[5]) if len(argv) > 5 else 0
    code_file = argv[6] if len(argv) > 6 else "code.py"
    import os
    import random

    chained = _load_state() or code_file != "code.py"
    power = os.getenv("UNO_VM_POWER")  # tests/test_cp_vm.py's power cut (vm_power)
    if not chained and power != "resume":
        try:  # each run starts from a new board's nvm (the stand-in's nvm.bin): no saved match
            os.remove("nvm.bin")
        except OSError:
            pass
        microcontroller.nvm.__init__()  # the blank 8 KB file again (imported above)
    if not chained:  # the power comes on: the backup RAM holds nothing the app wrote
        try:
            os.remove("sleep_memory.bin")
        except OSError:
            pass
        alarm.sleep_memory.__init__("sleep_memory.bin")
    supervisor.on_reload.append(_save_state)
    random.seed(seed)
    bench = os.getenv("UNO_VM_BENCH")  # tools/vm/bench_startup.py counts instructions
    if not bench:  # (there the app's name lookups would scan the filler: slower than the badge)
        # the heap as the badge's firmware leaves it to code.py: vm_heap's code goes again
        import vm_heap

        vm_heap.fill_name_pools(_filler, _hands, int(os.getenv("UNO_VM_NAMES") or 1260))
        if os.getenv("UNO_VM_AREAS") != "0":
            vm_heap.area_walls(_walls)
        del sys.modules["vm_heap"]
        del vm_heap
    if seats != "-":
        _wanted[0] = tuple(seats.split(","))
    stat("standins")
    if matches < 0:  # the stand-ins only: the baseline of a start-up count
        raise SystemExit(0)
    mods = os.getenv("UNO_VM_MODULES")
    if mods:  # vm_app.py modules: the heap each module takes, imported in turn
        a = gc.mem_alloc()
        getattr(_hands, _filler(2000), None)  # the first new name opens the next pool
        print("@module (name-pool) %d" % (gc.mem_alloc() - a))
        for name in mods.split(","):
            gc.collect()
            a = gc.mem_alloc()
            __import__(name)
            gc.collect()
            print("@module %s %d" % (name, gc.mem_alloc() - a))
        raise SystemExit(0)
    _matches, _every, _max_hands, _bench = matches, every, max_hands, bench
    _chained, _code_file = chained, code_file
    if seats != "-":
        # The seats of every preset (a class default of Rules: it outlives uno.core.rules, which
        # the app drops once a match's rules are made) and of the settings (the app's
        # matches take theirs: uno.app.begin), imported here as the app would import them.
        import uno.core.ruleset
        import uno.saves.settings

        uno.core.ruleset.Rules.seats = _wanted[0]
        Settings = uno.saves.settings.Settings
        _orig[0] = Settings.__init__
        Settings.__init__ = _init

    keypad.on_first_poll = _hook
    if power:
        import vm_power

        vm_power.arm(power, microcontroller.nvm, keypad)
    # The badge's sprites are at /sprites (BASE ""); here they are beside code.py. pybadge is
    # code.py's first import, so loading it here changes no order.
    import uno.hw.pybadge

    uno.hw.pybadge.BASE = "."
    return code_file


_STATE = "vmstate.txt"


def _save_state():
    # the counters go on in the next program; so do the frames and display writes
    stat("reload")  # the names this program interned (vm_app's app_names)
    with open(_STATE, "w") as f:
        f.write("%d %d %d %d" % (_hands[0], _hands[1], board.DISPLAY._refreshes + _hands[2],
                                 displayio._writes[0] + _hands[3]))


def _load_state():
    import os

    try:
        with open(_STATE) as f:
            _hands[:] = [int(x) for x in f.read().split()]
    except (OSError, ValueError):
        return False
    os.remove(_STATE)
    return True


# code.py's main(), with what the file of start/ asks for (tests/test_programs.py checks that
# each file calls code.main with its own name); from this level, as the badge's code file does,
# so the Python stack holds what the badge's does (the 1,536-byte pystack build)
_file = main()
import code  # noqa: E402

code.main("title" if _file == "code.py" else _file.rsplit("/", 1)[-1][:-3])
