"""Stand-in for CircuitPython's supervisor: ticks_ms on a virtual clock that the display's
refresh moves on one frame at a time, so the game's timers run as fast as the VM can."""

_now = [0]
runtime = None


def _advance(ms):
    _now[0] = (_now[0] + ms) & ((1 << 29) - 1)


def ticks_ms():
    """Milliseconds on the virtual clock (wraps at 2**29 like the badge's)."""
    return _now[0]


_next = []
on_reload = []  # vm_run.py's: keep the run's counters for the next program
# The badge's reload is C and takes none of the app's heap; the stand-in's bookkeeping below
# (the press script's rest, vm_run's counters) runs in this reserve, set aside before the app
# starts and counted with the harness, so an app that has filled its heap still switches.
_reserve = [bytearray(1024)]


def reload():
    """The badge starts CircuitPython afresh (a new heap) with the next code file. After the
    app's switch (code.py's restart: set_next_code_file, then reload) the VM process ends
    here (``@reload FILE``) and tools/vm/vm_app.py starts the next one with FILE, the same
    nvm.bin and what is left of the press script; any other reload (the error screen's
    "A: restart") ends the run with exit 3 (with ``UNO_VM_TRACE`` set, exit 1 after the
    traceback of what the error screen shows)."""
    if not _next:
        import os

        if not os.getenv("UNO_VM_RESTARTS"):
            if os.getenv("UNO_VM_TRACE"):
                # raised in code.py's handler, so the VM prints the error screen's exception
                # with its traceback above this one (the plain VM has neither the traceback
                # module nor the sys.print_exception that crash.trace_text uses; the
                # badge-model VMs have the firmware's traceback): tools/vm/soak.py reads it
                raise RuntimeError("UNO_VM_TRACE: the error screen's A")
            raise SystemExit(3)
        print("@restart")  # the error screen's A: code.py again, as on the badge (soak.py)
        _next[:] = [None]
    import gc

    import keypad

    del _reserve[:]
    gc.collect()

    for s in keypad.scripts:
        s.save_rest()
    for f in on_reload:
        f()
    print("@reload", _next[0] or "code.py")
    raise SystemExit(4)


def set_next_code_file(filename, *, working_directory=None, reload_on_success=False,
                       reload_on_error=False, sticky_on_success=False, sticky_on_error=False,
                       sticky_on_reload=False):
    """The file the next reload runs (None: code.py)."""
    _next[:] = [filename]
