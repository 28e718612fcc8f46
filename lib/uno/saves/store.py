"""A payload that survives the power switch: two checked slots in a byte buffer (A/B).

``Store(buf)`` works over anything with ``len()`` and slice read and write: the badge's
``microcontroller.nvm``, a ``bytearray``, the simulator's file-backed buffer. The buffer is
split in two halves; each may hold one record::

    magic b"UN" | format 1 | seq (0-255) | length (2 bytes, little-endian) | payload | CRC-32

The CRC (4 bytes, little-endian, zlib's CRC-32) covers everything before it. A write puts the
new record into the half that does not hold the newest valid record, as ONE slice assignment.
Where a write reaches the buffer byte by byte in order (a file, RAM), one cut off part-way
leaves that half failing its CRC and ``read`` finds the previous record in the other half. On
a SAMD51 it does not: every write through ``nvm`` erases the whole 8 KB block, both halves,
and programs it back page by page, so power lost in the erase or before the first page is
back loses both records (then ``read`` gives None); slot A's page first keeps the new record
or the old one, as docs/SAVES.md says. One assignment is one erase.
"""

from micropython import const

try:
    from binascii import crc32 as _crc32_c  # CircuitPython full builds (SAMD51), MicroPython
except ImportError:  # SAMD21 builds have no binascii: uno.saves.crc32py then
    _crc32_c = None  # type: ignore[assignment]

_MAGIC0 = const(0x55)  # "U"
_MAGIC1 = const(0x4E)  # "N"
_FORMAT = const(1)
HEAD = const(6)  # a record's header bytes before its payload
TAIL = const(4)  # its CRC after
_PIECE = const(64)  # bytes read at a time when a record is checked


def crc32(data, prev=b"\0\0\0\0"):
    """zlib's CRC-32 of ``data`` as 4 little-endian bytes (binascii's when the board has it);
    ``prev``, the CRC of the bytes before (zlib's ``value``), continues it."""
    if _crc32_c is None:
        from uno.saves.crc32py import crc32_py  # SAMD21 builds only: not loaded on a PyBadge

        return crc32_py(data, prev)
    c = _crc32_c(data, prev[0] | prev[1] << 8 | prev[2] << 16 | prev[3] << 24) & 0xFFFFFFFF
    return bytes((c & 255, (c >> 8) & 255, (c >> 16) & 255, c >> 24))


class Store:
    """Two-slot checked storage of one ``bytes`` payload in ``buf`` (see the module text)."""

    def __init__(self, buf):
        self.buf = buf
        n = len(buf)
        self.half = n // 2
        # A third of the buffer, and never more than a slot holds with its header and CRC.
        cap = n // 3
        if cap > self.half - HEAD - TAIL:
            cap = self.half - HEAD - TAIL
        self.capacity = cap if cap > 0 else 0

    def _check(self, k):
        """(seq, payload length) of slot ``k`` (0 or 1) when its record checks, else None."""
        return check(self.buf, k * self.half, self.capacity)

    def _newest(self):
        """(slot, seq, payload length) of the newest valid record, or (-1, -1, -1)."""
        a = self._check(0) if self.capacity else None
        b = self._check(1) if self.capacity else None
        if a is None and b is None:
            return -1, -1, -1
        if b is None or (a is not None and (a[0] - b[0]) & 255 < 128):
            return 0, a[0], a[1]  # type: ignore[index]
        return 1, b[0], b[1]

    def read(self, older=False):
        """The last payload written whole, or None (blank, damaged or foreign data); with
        ``older``, the one before it when the other slot still checks (uno.saves.codec falls back to
        it when the newest does not decode)."""
        slot, _, n = self._newest()
        if slot < 0:
            return None
        if older:
            slot = 1 - slot
            c = self._check(slot)
            if c is None:
                return None
            n = c[1]
        off = slot * self.half + HEAD
        return bytes(self.buf[off:off + n])

    def holds(self, data, at=0, n=-1):
        """True when the last payload written whole is exactly ``data[at:at + n]`` (all of
        ``data`` when ``n`` < 0), compared in pieces: nothing need keep a copy of what was
        written."""
        if n < 0:
            n = len(data) - at
        slot, _, m = self._newest()
        return m == n and self._holds(slot, data, at, n)

    def _holds(self, slot, data, at, n):
        """True when the payload of ``slot`` (checked, ``n`` bytes) equals ``data[at:at + n]``,
        compared in pieces as ``_check`` reads."""
        off = slot * self.half + HEAD
        buf = self.buf
        i = 0
        while i < n:
            j = i + _PIECE if i + _PIECE < n else n
            if buf[off + i:off + j] != data[at + i:at + j]:
                return False
            i = j
        return True

    def blank(self):
        """True when neither slot has ever held a record (a new board's 0xFF, or zeros)."""
        for k in (0, 1):
            h = bytes(self.buf[k * self.half:k * self.half + HEAD])
            if h.strip(b"\xff") and h.strip(b"\x00"):
                return False
        return True

    def record(self, data, seq):
        """The bytes one write puts in a slot: header, ``data``, CRC."""
        rec = _room(data)
        frame(rec, len(data), seq)
        return rec

    def write(self, data):
        """Save ``data`` (bytes, up to ``capacity``); ValueError if larger. Returns False, and
        writes nothing, when the newest record already holds exactly ``data``."""
        return self.write_record(_room(data), len(data))

    def write_record(self, rec, n):
        """Save the payload ``rec[HEAD:HEAD + n]`` of the caller's record buffer (its header and
        CRC are filled in here; ``rec`` may be longer): the Autosave builds the record there,
        so a save point makes no second copy of it. As ``write`` otherwise."""
        if n > self.capacity:
            raise ValueError("save of %d bytes exceeds the %d-byte store" % (n, self.capacity))
        slot, seq, m = self._newest()
        if m == n and self._holds(slot, rec, HEAD, n):
            return False
        k = 1 - slot if slot >= 0 else 0
        off = k * self.half
        frame(rec, n, seq + 1)
        end = HEAD + n + TAIL
        self.buf[off:off + end] = rec if len(rec) == end else memoryview(rec)[:end]
        return True


def check(buf, off, cap):
    """(seq, payload length) of the record at ``off`` in ``buf`` when it checks (magic, format,
    a length up to ``cap``, the CRC), else None. It reads the record in pieces of ``_PIECE``
    bytes: a save point checks both slots while the heap is at its fullest, where a copy of a
    whole record (~700 bytes in one block) may find no room."""
    h = buf[off:off + HEAD]
    if h[0] != _MAGIC0 or h[1] != _MAGIC1 or h[2] != _FORMAT:
        return None
    n = h[4] | h[5] << 8
    if n > cap:
        return None
    c = crc32(h)
    i = off + HEAD
    end = i + n
    while i < end:
        j = i + _PIECE if i + _PIECE < end else end
        c = crc32(buf[i:j], c)
        i = j
    if c != bytes(buf[end:end + TAIL]):
        return None
    return h[3], n


def _room(data):
    """A record buffer holding ``data`` as its payload (header and CRC still to fill in)."""
    rec = bytearray(HEAD + len(data) + TAIL)
    rec[HEAD:HEAD + len(data)] = data
    return rec


def frame(rec, n, seq):
    """Fill in the header and CRC of the record in ``rec`` whose payload is ``rec[HEAD:HEAD +
    n]``."""
    rec[0] = _MAGIC0
    rec[1] = _MAGIC1
    rec[2] = _FORMAT
    rec[3] = seq & 255
    rec[4] = n & 255
    rec[5] = n >> 8
    rec[HEAD + n:HEAD + n + TAIL] = crc32(memoryview(rec)[:HEAD + n])
