"""Seeded xorshift32 generator and Fisher-Yates shuffle: identical on CPython, MicroPython
and CircuitPython, so the same seed deals the same cards everywhere.
"""

_MASK = 0xFFFFFFFF


class Rng:
    """xorshift32 (Marsaglia 2003); state is one int so undo can save and restore it."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Start the sequence for ``seed`` (any int; 0 is mapped to a fixed non-zero state)."""
        s = (seed ^ 0x9E3779B9) & _MASK
        self.state = s if s else 0x2545F491
        for _ in range(4):
            self.next32()

    def next32(self):
        """Next 32-bit value."""
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def below(self, n):
        """Uniform int in ``[0, n)`` by rejection (no modulo bias); ``n`` >= 1."""
        if n <= 1:
            return 0
        limit = (0x100000000 // n) * n
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def shuffle(self, items):
        """Fisher-Yates shuffle of a list in place (the same numbers as ``below``)."""
        # next32 and below inlined: a deal or a search sample calls this for ~100 cards.
        x = self.state
        m = _MASK
        i = len(items) - 1
        while i > 0:
            n = i + 1
            limit = (0x100000000 // n) * n
            while True:
                x ^= (x << 13) & m
                x ^= x >> 17
                x ^= (x << 5) & m
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.state = x
