"""The power switch, for tests/test_cp_vm.py (vm_run.py arms it from ``UNO_VM_POWER``, and
loads it only then, so the harness's heap is as it was):

- "W,P": the power goes in the program's W-th write to the nvm, as a SAMD51 writes it
  (CircuitPython's ``nvm`` write is ASF4's ``_flash_write``: the 8 KB block read, erased, and
  its sixteen 512-byte pages written back in order): after P pages, the rest 0xFF. The
  program prints ``@powercut W P OFFSET`` and ends (exit 9); nothing after reaches the nvm.
- "resume": a start from the nvm as it is (not a new board's): the first program whose first
  frame is in a match prints that match (``@game`` hands, piles, turn, scores, colour, phase)
  and ends.
"""


def arm(spec, nvm, keypad):
    """Arm ``spec`` on the nvm stand-in (its class patched) or on the keypad's first poll."""
    if spec == "resume":
        first = keypad.on_first_poll

        def poll(app):
            first(app)
            if app.match is not None and app.match.in_match:
                g = app.table.g
                print("@game", g.hands, list(g.discard), list(g.pile), g.actor, g.scores,
                      g.colour, g.phase)
                raise SystemExit(0)

        keypad.on_first_poll = poll
        return
    nvm.cut_at, nvm.cut_pages = [int(x) for x in spec.split(",")]
    nvm.writes = 0
    nvm.dead = False
    cls = type(nvm)
    cls.plain_set = cls.__setitem__
    cls.__setitem__ = _set


def _set(nvm, key, value):
    if nvm.dead:
        return
    nvm.writes += 1
    if nvm.writes == nvm.cut_at:
        start = key.start or 0
        with open(nvm._path, "rb") as f:
            block = bytearray(f.read())
        block[start:start + len(value)] = value
        n = nvm.cut_pages * 512
        with open(nvm._path, "wb") as f:
            f.write(block[:n])
            f.write(b"\xff" * (len(block) - n))
        nvm.dead = True
        print("@powercut", nvm.writes, nvm.cut_pages, start)
        raise SystemExit(9)
    nvm.plain_set(key, value)
