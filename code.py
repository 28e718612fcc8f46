"""PyBadge entry point: build the hardware, hand it to the app, run the frame loop.

CircuitPython runs this file as ``__main__``. On a PC the file name shadows the standard
library's ``code`` module whenever the repository root is on sys.path (``python -m pytest``
imports it through pdb), so importing it must do nothing.
"""


def main():
    import gc
    import random

    import board

    from uno.app import crash

    # Something on the screen at once (terminalio's font is in flash): the sheets take a while
    crash.loading(board.DISPLAY)
    hw = app = font = None
    try:
        from uno.hw.pybadge import PyBadge
        from uno.view.table import View

        hw = PyBadge()
        # The display tree first, while the heap is still unfragmented: the card sheet is one
        # 15 KB block. Then the rules core and the computer players.
        view = View(hw.base)
        font = view.font

        from uno.app.main import App
        from uno.rules import preset

        gc.collect()  # free the garbage of loading the modules before the match allocates
        app = App(hw, preset("classic"), seed=random.getrandbits(30), speed=7, view=view)
        app.new_match()
        while True:
            app.frame()
            hw.wait_frame()
    except Exception as e:  # noqa: BLE001 - not BaseException: Ctrl-C still reaches the REPL
        crash.fail(e, board.DISPLAY, app, font, "A: restart" if hw else "Press RESET")
        if hw is None:
            raise  # no keys to wait on: CircuitPython's own report on the console follows
        crash.wait_restart(hw)


if __name__ == "__main__":
    main()
