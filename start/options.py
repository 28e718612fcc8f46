"""A program of its own, on a fresh heap, that shows the Options of a paused match,
which then continues.
CircuitPython runs it after the game's supervisor.reload() (code.py's restart)."""
import code

code.main("options")
