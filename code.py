"""The badge's entry point: build the hardware, hand it to the program, run the frame loop.

CircuitPython runs this file as ``__main__``: the title's program. A match and the pages a
paused match opens run as programs of their own, each on a fresh heap: the app saves, then
CircuitPython reloads with one of the files in ``start/``, which call ``main`` with the
program's start (uno.app.main.App.switch). This file is compiled on the badge and its code
stays in the heap all program long, so it keeps only the loop: the first screen is
``uno.app.loading``, the board's hardware ``uno.hw.make``'s (the app imports none of uno.hw),
the program ``uno.programs``' (``program`` chooses it, its ``make`` composes it), the error
screen ``uno.app.crash``, each loaded only while needed.
On a PC the file name shadows the standard library's ``code`` module whenever the repository
root is on sys.path (``python -m pytest`` imports it through pdb), so importing it must do
nothing.
"""


def restart(start):
    """Run ``main(start)`` as a new program: CircuitPython reloads (a fresh heap) with
    ``start/<start>.py``, or this file for the title. A later reload or reset runs this file."""
    import supervisor

    supervisor.set_next_code_file(None if start == "title" else "/start/%s.py" % start)
    supervisor.reload()


def main(start="title"):
    """The program that begins with ``start``: "title", "new", "continue", "options", "help"
    or "graph" (uno.programs ``program``)."""
    import board

    from uno import drop
    from uno.app import loading

    # Something on the screen at once (terminalio's font is in flash): the sheets take a while.
    loading.loading(board.DISPLAY)
    del loading
    drop("uno.app.loading")
    import gc

    gc.collect()  # its code goes now, before the sheets and the modules fill the heap
    box = [None, None, None]  # type: list  # hw, app, font: what the error screen needs of them
    hw = app = None
    try:
        from uno.hw import make as hardware

        hw = box[0] = hardware()  # the board's (uno.hw picks it), handed to the app
        del hardware
        from uno.programs import program

        root = program(start)  # the one place that chooses the program
        del program
        # called from here, not through uno.programs.make: a frame less under the
        # composition's nested imports, which once overflowed CircuitPython 9's 1.5 KB Python
        # stack (a match against three Advanced)
        app = root.make(hw, start, box=box, restart=restart)
        name = root.__name__
        del root
        drop(name)  # the composition's code goes: the program runs for hours
        drop("uno.programs")
        while True:
            app.frame()
            hw.wait_frame()
    except Exception as e:  # noqa: BLE001 - not BaseException: Ctrl-C still reaches the REPL
        hw = app = None  # the error screen lets the app go after its emergency save
        try:
            from uno.app import crash
        except MemoryError:
            # no room even for the error screen's code: the match and its picture go first
            # (unsaved; the nvm keeps the last save point), then the screen once more
            box[1] = None
            board.DISPLAY.root_group = None
            import gc

            gc.collect()
            from uno.app import crash
        if not crash.recover(e, box):
            raise e  # no keys to wait on: CircuitPython's own report on the console follows


if __name__ == "__main__":
    main()
