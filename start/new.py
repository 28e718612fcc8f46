"""A program of its own, on a fresh heap, that starts a new match.
CircuitPython runs it after the game's supervisor.reload() (code.py's restart)."""
import code

code.main("new")
