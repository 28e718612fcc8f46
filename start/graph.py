"""A program of its own, on a fresh heap, that shows the score graph of the saved
match, which then continues.
CircuitPython runs it after the game's supervisor.reload() (code.py's restart)."""
import code

code.main("graph")
