"""A program of its own (a fresh heap) that opens the Help pages of a paused match, which then continues.
CircuitPython runs it after the game's supervisor.reload() (code.py's restart)."""
import code

code.main("help")
