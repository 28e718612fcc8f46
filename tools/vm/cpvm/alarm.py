"""Stand-in for CircuitPython's alarm: only ``sleep_memory``, the SAMD51's 8 KB of backup RAM,
which ``supervisor.reload()`` keeps (the app hands a waiting save point over in it at a program
switch: uno.saves.handoff). Each program is a VM process of its own, so here it is a file beside the
nvm's, ``sleep_memory.bin``, which carries it from program to program; vm_run.py removes it when
a run starts (the power coming on: a new board, or a start after a power cut), so only the
programs of one run share it."""

from microcontroller import _Nvm

sleep_memory = _Nvm("sleep_memory.bin")
