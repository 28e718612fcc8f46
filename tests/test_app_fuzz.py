"""100,000 random button presses across the whole app (table, picker, challenge prompt, ONE
windows, the party rules' swap picker and jump-in, pause menu, results, new matches, quit): no
exception, every card accounted for after every press, and the game record the run wrote
replays exactly through the core."""

import io
import json
import os
import random
import time

import pytest

from host_sim.bot import check_cards, check_record, random_button
from host_sim.hw import HostHardware
from uno.programs import make
from uno.core.rules import parse, preset

PRESSES = int(os.environ.get("UNO_FUZZ_PRESSES", "100000"))
FRAME_MS = 100  # coarser frames than the real 33 ms: the app is timed by ticks, not frames

# (rules, share of the presses)
CONFIGS = (
    ("classic", "", 0.2),
    ("official", "seats=human,easy,normal", 0.25),
    ("house", "seats=human,easy,easy,normal", 0.2),
    ("pcsig", "seats=human,easy one_call=required", 0.15),
    ("acorn", "scoring=penalty target=100 next_start=winner stacking=on", 0.1),
    # the swap picker and the jump-in window under every button, hot seat included
    ("party", "seats=human,easy,human", 0.1),
)


def settle(app, hw):
    frames = 0
    while frames < 20000:
        hw.advance(FRAME_MS)
        app.frame()
        frames += 1
        if app.idle():
            return frames
    raise AssertionError("the app never became idle")


def fuzz(preset_name, extra, presses, seed):
    rules = preset(preset_name)
    if extra:
        rules = parse(extra, base=rules)
    log = io.StringIO()
    hw = HostHardware(headless=True, render=False, log=log, out=io.StringIO())
    hw.skip_refresh = os.environ.get("UNO_FUZZ_REFRESH", "1") != "1"
    app = make(hw, "new", rules=rules, seed=seed, speed=10, sound=True)
    settle(app, hw)
    rnd = random.Random(seed)
    for _ in range(presses):
        hw.press(random_button(rnd))
        settle(app, hw)
        tb = app.table
        if tb.g is not None:
            check_cards(tb.g)
            # a party prompt's marks only while its human answers it (uno.app.party)
            assert tb.marks is None or (tb.g.phase >= 10 and tb.g.actor == tb.seat)
    app.finish()
    events = [json.loads(line) for line in log.getvalue().splitlines()]
    matches = check_record(events)
    return matches, len(events)


@pytest.mark.parametrize("preset_name,extra,share", CONFIGS)
def test_fuzz(preset_name, extra, share):
    n = int(PRESSES * share)
    t0 = time.time()
    matches, nev = fuzz(preset_name, extra, n, seed=1000 + len(extra))
    dt = time.time() - t0
    print("fuzz %s %s: %d presses, %d matches, %d events, %.1f s"
          % (preset_name, extra, n, matches, nev, dt))
    assert matches >= 1
