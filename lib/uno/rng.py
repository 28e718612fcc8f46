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

    def shuffle(self, items, stop=0):
        """Fisher-Yates shuffle in place of a list or bytearray (the same numbers as ``below``);
        with ``stop`` > 0 only positions above ``stop`` are drawn (a partial shuffle of the end).
        """
        # next32 and below inlined, on the state's two 16-bit halves: the badge's small ints
        # hold 31 bits, so whole 32-bit values would be long ints made and dropped at every
        # step. A deal or a search sample draws ~100 numbers here.
        x = self.state
        hi = x >> 16
        lo = x & 0xFFFF
        i = len(items) - 1
        while i > stop:
            hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF  # x ^= x << 13
            lo ^= (lo << 13) & 0xFFFF
            lo ^= hi >> 1  # x ^= x >> 17
            hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF  # x ^= x << 5
            lo ^= (lo << 5) & 0xFFFF
            n = i + 1
            # below() draws again when x >= (2**32 // n) * n = 2**32 - (2**32 % n): only
            # when hi is 0xFFFF can it be.
            if hi == 0xFFFF and lo >= 0x10000 - (65536 % n) * (65536 % n) % n:
                continue
            j = ((hi % n) * 65536 + lo) % n
            t = items[i]
            items[i] = items[j]
            items[j] = t
            i -= 1
        self.state = hi << 16 | lo
