"""Seeded xorshift32 generator and Fisher-Yates shuffle: identical on CPython, MicroPython
and CircuitPython, so the same seed deals the same cards everywhere.
"""

_MASK = 0xFFFFFFFF


class Rng:
    """xorshift32 (Marsaglia 2003). The state is kept as two 16-bit halves (``hi``, ``lo``):
    the badge's small ints hold 31 bits, and every 32-bit value would be a long int made and
    dropped (next32 and below took 250-370 bytes of heap a call on CircuitPython's VM; a
    search draws hundreds). ``state`` reads and sets it as one int (saves, tests)."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Start the sequence for ``seed`` (any int; 0 is mapped to a fixed non-zero state)."""
        s = (seed ^ 0x9E3779B9) & _MASK
        self.state = s if s else 0x2545F491
        for _ in range(4):
            self._step()

    @property
    def state(self):
        """The generator's 32-bit state as one int."""
        return self.hi << 16 | self.lo

    @state.setter
    def state(self, x):
        # hash(): CircuitPython 9 keeps the result of an operation on a long int as a long
        # int even when it fits a small int (10.x makes it small: py/objint_mpz.c), so halves
        # cut from the 32-bit state would stay long ints: every step would allocate, and
        # list.insert() at an index made from them inserts at the wrong place (9.2.8's
        # list_insert reads its index as a small int unchecked). hash() of an int in
        # [0, 2**30) is that int, as a small int, on every runtime.
        self.hi = hash(x >> 16)
        self.lo = hash(x & 0xFFFF)

    def _step(self):
        hi = self.hi
        lo = self.lo
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF  # x ^= x << 13
        lo ^= (lo << 13) & 0xFFFF
        lo ^= hi >> 1  # x ^= x >> 17
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF  # x ^= x << 5
        lo ^= (lo << 5) & 0xFFFF
        self.hi = hi
        self.lo = lo

    def next32(self):
        """Next 32-bit value."""
        self._step()
        return self.hi << 16 | self.lo

    def below(self, n):
        """Uniform int in ``[0, n)`` by rejection (no modulo bias); ``n`` >= 1."""
        if n <= 1:
            return 0
        if n > 0x10000:
            limit = (0x100000000 // n) * n
            while True:
                x = self.next32()
                if x < limit:
                    return hash(x % n)  # a small int on CircuitPython 9 too (state)
        # The same numbers on the halves: x >= (2**32 // n) * n = 2**32 - (2**32 % n) only
        # when hi is 0xFFFF, and x % n = ((hi % n) * 65536 + lo) % n.
        r = 65536 % n
        edge = 0x10000 - r * r % n
        while True:
            self._step()
            hi = self.hi
            if hi != 0xFFFF or self.lo < edge:
                # over 16,384 the product is a long int, and on CircuitPython 9 so is the
                # remainder (state)
                return hash(((hi % n) * 65536 + self.lo) % n)

    def shuffle(self, items, stop=0):
        """Fisher-Yates shuffle in place of a list or bytearray (the same numbers as ``below``);
        with ``stop`` > 0 only positions above ``stop`` are drawn (a partial shuffle of the end).
        """
        # _step and below inlined: a deal or a search sample draws ~100 numbers here.
        hi = self.hi
        lo = self.lo
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
        self.hi = hi
        self.lo = lo
