"""zlib's CRC-32 in plain Python, for boards whose CircuitPython has no ``binascii`` (SAMD21
builds): ``uno.saves.store`` loads it only there, so a PyBadge's save points never hold its code."""


def _nibble_table():
    # CRC-32 (reflected, polynomial 0xEDB88320) one nibble at a time, kept as 16-bit halves so
    # the loop below never makes a long int (the badge's small ints hold 31 bits).
    lo_t = []
    hi_t = []
    for i in range(16):
        hi = 0
        lo = i
        for _ in range(4):
            odd = lo & 1
            lo = (lo >> 1) | ((hi & 1) << 15)
            hi >>= 1
            if odd:
                hi ^= 0xEDB8
                lo ^= 0x8320
        lo_t.append(lo)
        hi_t.append(hi)
    return tuple(lo_t), tuple(hi_t)


_TLO, _THI = _nibble_table()


def crc32_py(data, prev=b"\0\0\0\0"):
    """zlib's CRC-32 of ``data`` in plain Python, as 4 little-endian bytes; ``prev``, the CRC of
    the bytes before (zlib's ``value``), continues it."""
    lo = 0xFFFF ^ (prev[0] | prev[1] << 8)
    hi = 0xFFFF ^ (prev[2] | prev[3] << 8)
    tlo = _TLO
    thi = _THI
    for b in data:
        i = (lo ^ b) & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tlo[i]
        hi = (hi >> 4) ^ thi[i]
        i = (lo ^ (b >> 4)) & 15
        lo = ((lo >> 4) | ((hi & 15) << 12)) ^ tlo[i]
        hi = (hi >> 4) ^ thi[i]
    lo ^= 0xFFFF
    hi ^= 0xFFFF
    return bytes((lo & 255, lo >> 8, hi & 255, hi >> 8))
