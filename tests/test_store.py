"""The store (lib/uno/saves/store.py; docs/SAVES.md): a payload survives a write cut off at any
byte, random bytes never read as a save, the badge's 8 KB and a SAMD21's 256-byte nvm."""

import random
import zlib

import pytest

from uno.saves.crc32py import crc32_py
from uno.saves.store import Store, crc32


class CountingBuf(bytearray):
    """A bytearray that counts slice assignments (each is one erase of the flash block)."""

    writes = 0
    written = 0

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            self.writes += 1
            self.written += len(value)
        super().__setitem__(key, value)


def test_crc_is_zlibs_crc32_in_both_versions():
    """The plain-Python CRC-32 (for boards without binascii) equals zlib's."""
    rnd = random.Random(1)
    for n in list(range(40)) + [85, 255, 2730]:
        data = bytes(rnd.randrange(256) for _ in range(n))
        want = zlib.crc32(data).to_bytes(4, "little")
        assert crc32_py(data) == want
        assert crc32(data) == want


@pytest.mark.parametrize("size", [8192, 256])
def test_new_board_reads_nothing_then_the_last_write(size):
    """A new board's 0xFF bytes read as None; then read() returns the last payload written."""
    buf = bytearray(b"\xff" * size)
    st = Store(buf)
    assert st.capacity == size // 3
    assert st.read() is None and st.blank()
    for i in range(5):
        payload = bytes([i]) * (10 + i)
        Store(buf).write(payload)
        assert Store(buf).read() == payload
    assert not Store(buf).blank()
    big = bytes(range(256)) * (st.capacity // 256) + bytes(st.capacity % 256)
    Store(buf).write(big)
    assert Store(buf).read() == big


@pytest.mark.parametrize("size", [8192, 256])
def test_payload_over_a_third_is_refused_and_nothing_changes(size):
    """Store.write of more than a third of len(buf) bytes raises ValueError, buf unchanged."""
    buf = bytearray(b"\xff" * size)
    Store(buf).write(b"old")
    before = bytes(buf)
    with pytest.raises(ValueError, match="exceeds"):
        Store(buf).write(bytes(size // 3 + 1))
    assert bytes(buf) == before and Store(buf).read() == b"old"


def test_one_slice_assignment_per_write_and_none_when_unchanged():
    """Each write is ONE slice assignment of header + payload + CRC (one erase of the SAMD51's
    block); writing what is already saved writes nothing."""
    buf = CountingBuf(b"\xff" * 8192)
    assert Store(buf).write(b"x" * 100) is True
    assert (buf.writes, buf.written) == (1, 110)
    assert Store(buf).write(b"x" * 100) is False
    assert buf.writes == 1
    Store(buf).write(b"y" * 50)
    assert (buf.writes, buf.written) == (2, 170)


def cut_writes(buf, payload):
    """Every state of ``buf`` while Store(buf).write(payload) is cut after k bytes (the bytes
    arrive in order, the rest never do), for k = 0 .. all."""
    target = bytearray(buf)
    Store(target).write(payload)
    diff = [i for i in range(len(buf)) if buf[i] != target[i]]
    if not diff:
        return [bytes(buf)]
    # The write is one slice assignment: find its span (it may start with unchanged bytes).
    rec = Store(bytearray(buf))
    st = Store(buf)
    slot, seq, _ = st._newest()
    off = (1 - slot if slot >= 0 else 0) * st.half
    record = rec.record(payload, seq + 1)
    assert target[off:off + len(record)] == record
    states = []
    work = bytearray(buf)
    states.append(bytes(work))
    for k in range(len(record)):
        work[off + k] = record[k]
        states.append(bytes(work))
    assert states[-1] == bytes(target)
    return states


@pytest.mark.parametrize("size", [8192, 256])
def test_write_cut_at_every_byte_reads_old_or_new(size):
    """Required: 'If a write is cut off at any byte ... read() returns the old payload or the
    new one, never anything else' - checked at every byte of several writes in a row,
    including writes after a cut one."""
    rnd = random.Random(size)
    buf = bytearray(b"\xff" * size)
    old = None
    cap = Store(buf).capacity
    for step in range(6):
        n = rnd.choice([0, 1, 7, cap // 2, cap])
        new = bytes(rnd.randrange(256) for _ in range(n))
        seen_new = False
        for state in cut_writes(buf, new):
            got = Store(bytearray(state)).read()
            assert got in (old, new), (step, got)
            if got == new and new != old:
                seen_new = True
            if seen_new:  # once the new payload reads, later bytes never undo it
                assert got == new
        # Half the time the write really is cut half-way, and the next write follows it.
        if step % 2:
            states = cut_writes(buf, new)
            buf[:] = states[len(states) // 2]
            assert Store(buf).read() in (old, new)
            old = Store(buf).read()
        else:
            Store(buf).write(new)
            old = new


def test_random_bytes_never_read_as_a_save():
    """10,000 random byte strings (random sizes, 256 to 8192) read as None, no exception."""
    rnd = random.Random(10)
    for i in range(10_000):
        size = rnd.choice([256, 257, 300, 1024, 8192])
        buf = bytearray(rnd.getrandbits(8 * size).to_bytes(size, "little"))
        if i % 2:  # a valid-looking header on random bytes: only the CRC can refuse it
            buf[0:3] = b"UN\x01"
            buf[4:6] = (rnd.randrange(size // 3 + 1)).to_bytes(2, "little")
        assert Store(buf).read() is None


def test_damage_to_the_newest_record_falls_back_to_the_older():
    """A bit flipped in the newest slot (say a cut during its erase) leaves the older one."""
    buf = bytearray(b"\xff" * 256)
    Store(buf).write(b"first")
    Store(buf).write(b"second")
    half = len(buf) // 2
    buf[half + 8] ^= 0x10
    assert Store(buf).read() == b"first"
    Store(buf).write(b"third")  # goes into the damaged slot, never over "first"
    assert Store(buf).read() == b"third"


def test_sequence_numbers_wrap():
    """After 300 writes (the one-byte sequence wraps) the newest payload still reads."""
    buf = bytearray(b"\xff" * 256)
    for i in range(300):
        Store(buf).write(i.to_bytes(2, "little"))
        assert Store(buf).read() == i.to_bytes(2, "little")


def test_tiny_buffers_hold_nothing_and_do_not_crash():
    """A buffer too small for a record: capacity 0, read() is None, a write raises."""
    for size in (0, 1, 10, 20):
        st = Store(bytearray(size))
        assert st.read() is None
        if st.capacity == 0:
            with pytest.raises(ValueError):
                st.write(b"x")


class SliceOnly:
    """Only what the issue promises the store needs: len() and slice read and write (the
    write of a slice must keep its length, as microcontroller.nvm requires)."""

    def __init__(self, size):
        self.b = bytearray(b"\xff" * size)

    def __len__(self):
        return len(self.b)

    def __getitem__(self, key):
        assert isinstance(key, slice) and key.step is None
        return bytes(self.b[key])

    def __setitem__(self, key, value):
        assert isinstance(key, slice) and key.step is None
        if len(range(*key.indices(len(self.b)))) != len(value):
            raise ValueError("Slice and value different lengths")
        self.b[key] = value


@pytest.mark.parametrize("size", [8192, 256])
def test_works_over_any_object_with_len_and_slices(size):
    """Store needs nothing of its buffer but len() and same-length slice reads and writes."""
    buf = SliceOnly(size)
    assert Store(buf).read() is None and Store(buf).blank()
    for i in range(4):
        Store(buf).write(bytes([i]) * (i * 20))
        assert Store(buf).read() == bytes([i]) * (i * 20)
    from uno.saves import codec as S

    s = S.Settings()
    s.speed = 4
    S.save(buf, S.Saved(s))
    assert S.load(buf)[0].settings.speed == 4


def test_a_save_points_checks_read_the_store_in_small_pieces():
    """At a save point the badge's heap is at its fullest: checking what the store holds and
    writing reads the nvm 64 bytes at a time, never a whole record (docs/SAVES.md)."""

    class Reads(bytearray):
        most = 0

        def __getitem__(self, key):
            if isinstance(key, slice):
                self.most = max(self.most, len(range(*key.indices(len(self)))))
            return super().__getitem__(key)

    buf = Reads(b"\xff" * 8192)
    st = Store(buf)
    old = bytes(range(256)) * 2
    st.write(old)
    new = old[::-1]
    buf.most = 0
    assert st.holds(old) and not st.holds(new)
    assert st.write(new) and not st.write(new)
    assert 0 < buf.most <= 64
    assert st.read() == new  # reading the payload back is one copy of it
