"""A save point handed from one program to the next through RAM that outlives
``supervisor.reload()``: the SAMD51's ``alarm.sleep_memory``, its 8 KB of backup RAM, which a
reload leaves as it is (CircuitPython's atmel-samd ``alarm_sleep_memory_reset`` does nothing).
Opening Options, Help or the Score graph from the pause menu then writes no flash: the save
point waiting for its 10 s goes over in RAM and stays waiting in the next program. Loaded
only at a program switch and at start-up (docs/SAVES.md, "Program switches").

Layout in ``mem``: the tag (5 bytes) | a record as ``uno.saves.store`` writes one (magic, format,
sequence 0, length, payload, CRC-32). The tag is the nvm's newest record's sequence number
and CRC (0xFF x 5 when it holds none): a handover made over another nvm state (the nvm written
since, another board's save) is stale; a power cycle leaves random bytes or zeros, which fail
the magic or the CRC. Either way the nvm is read instead.
"""

from micropython import const

from uno.saves.store import HEAD, TAIL, Store, check, frame

_TAG = const(5)


def tag(nvm):
    """The nvm's generation: its newest record's sequence number and CRC."""
    st = Store(nvm)
    slot, seq, n = st._newest()
    if slot < 0:
        return b"\xff\xff\xff\xff\xff"
    off = slot * st.half + HEAD + n
    return bytes((seq,)) + bytes(nvm[off:off + TAIL])


def give(mem, nvm, rec, n):
    """Hand over the Autosave's waiting record ``rec`` (payload ``rec[HEAD:HEAD + n]``; None:
    none waits, and an earlier handover is voided). False when ``mem`` cannot take it."""
    if rec is None:
        if len(mem) > _TAG:
            mem[_TAG] = 0  # no magic: nothing handed over
        return True
    end = HEAD + n + TAIL
    if len(mem) < _TAG + end:
        return False
    frame(rec, n, 0)
    mem[0:_TAG] = tag(nvm)
    mem[_TAG:_TAG + end] = rec if len(rec) == end else memoryview(rec)[:end]
    return True


def take(mem, nvm):
    """(record, payload length) handed over to this program, when it checks and was made over
    the nvm as it is now; else None."""
    cap = len(mem) - _TAG - HEAD - TAIL
    if cap <= 0:
        return None
    c = check(mem, _TAG, cap)
    if c is None or bytes(mem[0:_TAG]) != tag(nvm):
        return None
    n = c[1]
    rec = bytearray(mem[_TAG:_TAG + HEAD + n + TAIL])
    return rec, n
