"""The VM's heap as the badge's firmware leaves it to code.py (tools/vm/cpvm/vm_run.py imports it
before the app and drops it after: its code is gone before the app starts).
"""

import gc


def fill_name_pools(filler, holder, upto=1260, flash="flash_names.txt"):
    """Intern the names the badge's firmware holds in flash and the built app spells (the
    file ``flash``, one a line: vm_app.FLASH_NAMES; the VMs built as the badge hold them already,
    the plain VMs do not), then filler names, until they and the harness's names fill the name
    pools up to ``upto``. A pool is found by its size: the name that opens one takes it at once
    (gc.mem_alloc). On the badge the stand-ins' names are the firmware's: the app's own names fill
    the pools of 20, 40, ... and open each as they pass 20, 60, 140, ... 620, 1,260 names; without
    the filler the harness's ~310 names would push the app into the next pool ~310 names early.
    ``upto`` 620 (the bundle's names, ``tools/bundle/shortnames.py``: the app's own fit in the
    badge's pools of 20 ... 320, ~3.8 KB): the filler stops at the name that opens the 640-name pool
    (~3.8 KB on the badge, 4.5 KB with the plain VMs' 2-byte hash), whose bytes vm_app counts as the
    app's; the badge's names that did not fit below it go into it. ``upto`` 1,260 (the source's
    names): the app's first name opens the 1,280-name pool. ``filler(i)`` makes the ``i``th name;
    ``holder`` is any object (getattr on it interns the name it asks for)."""
    # The pools and the interned text go in one piece just above the harness, as the badge's
    # lie among the app's first objects: the names are made first (made one by one between
    # the internings, their garbage lay between the chunks of text and left the heap in
    # pieces), above a block set aside for the pools and the text and freed before interning.
    gc.collect()
    room = bytearray(12288)  # the pools of 320 and 640 names and their text take ~10 KB
    try:  # read here, not by the caller: a stale slot of its frame would hold every name
        with open(flash) as f:
            flash = f.read().split()
    except OSError:
        flash = ()
    nf = len(flash)
    n = nf + 1300  # (on the VMs built as the badge the badge's names intern nothing)
    names = [None] * n  # its final size at once: a growing list needs ever larger blocks
    for i in range(n):
        names[i] = flash[i] if i < nf else filler(i)
    del room, flash  # free again: the pools and the text go there
    gc.collect()
    for i in range(n):  # up to the 640-name pool (the 621st name): ~4.5 KB
        before = gc.mem_alloc()
        getattr(holder, names[i], None)
        grew = gc.mem_alloc() - before
        if grew > 3000:
            break
    else:
        print("@pools not found")
        return
    while i + 1 < nf:  # the badge's names that did not fit below it go in it
        i += 1
        getattr(holder, names[i], None)
    if upto <= 640:  # the app's pool: vm_app counts it as the app's, not the harness's
        print("@pool", grew)
        del names
        return
    for j in range(i + 1, i + 640):  # the rest of that pool: 1,260 names in all
        getattr(holder, names[j], None)
    del names


# CircuitPython 9 and 10 grow the heap in areas (MICROPY_GC_SPLIT_HEAP_AUTO): main.c starts it at
# CIRCUITPY_HEAP_START_SIZE, 8 KB, and py/gc.c's gc_try_add_heap adds an area as large as all
# before it when an allocation fails after a collection: 8, 8, 16, 32, 64 KB, then what the
# port's heap has left. No object spans two areas, so a large block needs room in one. The
# VM's heap is one piece: a one-block wall where each of the badge's areas would end (counted
# from the app's first block; 16.5 bytes of area a block, with its tables) makes the same breaks.
_AREAS_KB = (8, 8, 16, 32, 64)


def _largest_free():
    """The largest free run after a collection, in 16-byte blocks. Each probe is a list whose
    items (4 bytes each) lie in one piece: cleared, they are freed at once (a shrink in place),
    so a stale pointer to the list on the C stack, which a collection honours, holds nothing
    large."""
    gc.collect()
    lo, hi = 0, gc.mem_free() // 16 + 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        gc.collect()
        try:
            probe = [None] * (mid * 4)
            probe.clear()
            lo = mid
        except MemoryError:
            hi = mid
    return lo


def area_walls(walls):
    """Put the walls of the badge's heap areas (one-block tuples, kept in ``walls``) into
    the free space above the harness."""
    fillers = [None] * len(_AREAS_KB)
    run = _largest_free()  # the free space above the harness: where the app's heap begins
    gc.collect()
    holes = gc.mem_free() // 16 - run
    # Fill the holes below it with one-block tuples, left as garbage (no collection comes
    # before the last wall: nothing here fails to fit), so each filler then lands where the
    # last one ended. No other allocation may come between (no for loop: its iterator).
    i = 0
    while i < holes:
        x = (i,)  # noqa: F841
        i += 1
    n = 0
    while n < len(_AREAS_KB):
        blocks = _AREAS_KB[n] * 2048 // 33 - 1  # the area's blocks less the wall
        if blocks + 1 >= run:
            break
        try:  # a block for the list, the rest its items
            fillers[n] = [None] * (blocks * 4 - 4)
        except MemoryError:  # free blocks above the run took the hole tuples: it was shorter
            break
        walls[n] = (n,)
        n += 1
        run -= blocks + 1
    i = 0
    while i < n:
        fillers[i].clear()  # freed at once, as in _largest_free
        i += 1
    gc.collect()
    print("@walls", n)
