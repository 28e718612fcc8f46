"""One hardware module per board, all with the interface described in docs/APP.md. ``make``
is the one place that picks the board's: code.py calls it and hands what it makes to the app,
which imports nothing from here."""


def make():
    """The hardware of the board CircuitPython runs on, by its ``board.board_id``: the
    PyGamer's joystick (uno.hw.pygamer), else the PyBadge's D-pad (uno.hw.pybadge: the PyBadge,
    the PyBadge LC and the EdgeBadge)."""
    import board

    if board.board_id == "pygamer":
        from uno.hw.pygamer import PyGamer

        return PyGamer()
    from uno.hw.pybadge import PyBadge

    return PyBadge()
