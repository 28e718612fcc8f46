"""Stand-in for __future__ (built into the badge's CircuitPython; the Unix VM lacks it): the
Adafruit libraries import ``annotations`` from it and nothing else."""

annotations = True
