"""UNO for the PyBadge: the rules core (cards, rng, rules, game) shared by badge and PC."""


def drop(name):
    """Forget module ``name`` ("uno.deal", "uno.app.begin", ...) and its package's attribute
    for it: its code leaves the heap at the next collection once nothing else holds it
    (CircuitPython keeps a loaded module's code in RAM); the next import loads it again."""
    import sys

    sys.modules.pop(name, None)
    pkg, _, attr = name.rpartition(".")
    parent = sys.modules.get(pkg)
    # not ``attr in dir(parent)``: MicroPython's dir() probes every interned name (~2,500
    # lookups, most of a program's start-up: tools/bench_startup.py)
    if parent is not None and getattr(parent, attr, None) is not None:
        delattr(parent, attr)


def drop_codec():
    """Free the save codec (uno.save, uno.bits, uno.bitread, uno.snapshot, uno.restore,
    uno.store, uno.rules, uno.stats) until the next save point: the app keeps only Settings
    and Saved between saves. Call with no reference to them held."""
    for name in ("snapshot", "restore", "save", "stats", "bits", "bitread", "store", "crc32py",
                 "rules"):
        drop("uno." + name)
