"""python -m host_sim [--headless] [--seed N] [--keys SCRIPT|@FILE] [--screenshot FILE.png]
                     [--log FILE.jsonl] [--stats] [--preset NAME] [--rules "k=v ..."]
                     [--seats human,normal] [--speed 1-10] [--no-sound] [--no-render]

Without --headless it opens a window (the 160x128 screen scaled up, the NeoPixels and a key
legend). Headless it plays the script on a virtual clock; see docs/APP.md.
"""

import argparse
import gc
import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "lib") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "lib"))

from host_sim import script as S  # noqa: E402
from host_sim.hw import HostHardware, OutputError, why  # noqa: E402

FRAME_MS = 33
MAX_FRAMES = 200000  # per token: a match with no human seat still ends at a results page
SCREEN_PX = 160 * 128
MAX_SCALE = 10  # a 1600x1280 PNG; more only fills the disk


def build_rules(args):
    """The rules --preset/--rules/--seats give, overriding the saved settings for this run;
    None when none of them is given (the settings' rules, seats and names then)."""
    from uno.core.rules import parse, preset

    if args.preset is None and not args.rules and not args.seats:
        return None
    r = preset(args.preset or "classic")
    opts = {}
    if args.rules:
        r = parse(args.rules, base=r)
    if args.seats:
        opts["seats"] = args.seats
    if opts:
        r.update(opts)
    r.seats = first_human_first(r.seats)
    return r


def first_human_first(seats):
    """The seat list turned round (order of play kept) so the first human sits in seat 0, as
    the game record's format requires (docs/FORMATS.md); unchanged with no human seat."""
    seats = tuple(seats)
    k = seats.index("human") if "human" in seats else 0
    return seats[k:] + seats[:k]


def output_problem(path, flag, ext=None, space=True):
    """Why ``path`` cannot be written as ``flag``'s output (None if it can): checked before the
    run, so a long match is not played for nothing. The folder is tried with a file made and
    removed at once (as root, or on a read-only or system file system, os.access says yes
    to what fails); an existing file is opened to append, which changes nothing in it."""
    full = os.path.abspath(path)
    folder = os.path.dirname(full)
    if os.path.isdir(full):
        return "%s %s: is a folder, not a file" % (flag, path)
    if ext and not path.lower().endswith(ext):
        return "%s %s: the file is written as %s: name it NAME%s" % (flag, path, ext[1:].upper(),
                                                                        ext)
    if not os.path.isdir(folder):
        return "%s %s: folder %s does not exist" % (flag, path, folder)
    try:
        if os.path.exists(full):
            with open(full, "ab"):
                pass
        else:
            fd, probe = tempfile.mkstemp(dir=folder, prefix=".host_sim-")
            os.close(fd)
            os.remove(probe)
    except OSError as e:
        return "%s %s: cannot write: %s" % (flag, path, why(e))
    if space and (os.path.isfile(full) or not os.path.exists(full)):
        try:
            st = os.statvfs(folder)
        except OSError:
            return None
        if st.f_bavail == 0 and st.f_blocks:
            return "%s %s: cannot write: no space left on the disk of %s" % (flag, path, folder)
    return None


def ascii_int(text):
    """argparse's type for whole numbers: ASCII digits only (Python's int() also reads other
    scripts' digits, so "\u0663" would be 3)."""
    t = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]+", t):
        raise argparse.ArgumentTypeError("%r is not a whole number in ASCII digits 0-9" % text)
    return int(t)


EMPTY = (
    ("--keys", "leave --keys out for the built-in player's demo match"),
    ("--preset", "name one of classic acorn pcsig windows official house party, or leave it out"),
    ("--nvm", "name a save file, or 'none' for no saves"),
    ("--log", "name a FILE.jsonl, or leave --log out for no record"),
    ("--screenshot", "name a FILE.png"),
)


def empty_flag(args):
    """One line for a flag given an empty value (None when there is none): an empty value
    would otherwise quietly mean something else (no record, no saves, the settings' rules)."""
    for flag, hint in EMPTY:
        value = getattr(args, flag[2:])
        if value is not None and not value.strip():
            return "%s is empty: %s" % (flag, hint)
    return None


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="python -m host_sim", description=__doc__.split("\n\n")[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--headless", action="store_true", help="no window, virtual clock")
    ap.add_argument("--seed", type=ascii_int, default=None,
                    help="seed of the first match: any integer, taken modulo 2^32 (N and "
                    "N+2^32 deal the same cards)")
    ap.add_argument("--keys", default=None,
                    help="input script, or @FILE (docs/FORMATS.md; left out: the built-in "
                    "player's demo match); at most %d presses after "
                    "repeats, xN up to %d, WAIT:N up to %d frames, %d WAIT frames in all"
                    % (S.MAX_TOKENS, S.MAX_REPEAT, S.MAX_WAIT, S.MAX_WAIT_TOTAL))
    ap.add_argument("--screenshot", default=None,
                    help="PNG of the screen when the script ends (window: of the window)")
    ap.add_argument("--scale", type=ascii_int, default=1,
                    help="screenshot scale 1-%d (default 1)" % MAX_SCALE)
    ap.add_argument("--log", default=None, help="write the game record (JSON Lines)")
    ap.add_argument("--stats", action="store_true", help="pixels refreshed per input")
    ap.add_argument("--preset", default=None,
                    help="classic acorn pcsig windows official house party "
                         "(default: the settings')")
    ap.add_argument("--rules", default="", help='options over the preset: "wd4=strict ..."')
    ap.add_argument("--seats", default="",
                    help="e.g. human,normal,easy; turned round so the first human is seat 0")
    ap.add_argument("--speed", type=ascii_int, default=None,
                    help="message speed 1 (slow) - 10 (fast) (default: the settings', 7)")
    ap.add_argument("--nvm", default=None,
                    help="the save file standing in for the badge's nvm, or 'none' (default: "
                    "none headless, %s in a window)" % default_nvm())
    ap.add_argument("--no-sound", action="store_true")
    ap.add_argument("--cpu", choices=("ai", "first"), default="ai",
                    help="computer players: uno.players.normal, or 'first' legal action (tests)")
    ap.add_argument("--no-render", action="store_true",
                    help="headless: draw only the final screenshot (fast)")
    ap.add_argument("--quiet", action="store_true", help="headless: do not list sounds")
    ap.add_argument("--frames", type=ascii_int, default=0,
                    help="window: close after this many frames (smoke tests)")
    # tests: the app raises after N frames, to show the error screen (docs/APP.md)
    ap.add_argument("--crash-after", type=ascii_int, default=0, help=argparse.SUPPRESS)
    return ap.parse_args(argv)


def default_nvm():
    """The window's save file: $XDG_DATA_HOME (or ~/.local/share)/uno-pybadge/nvm.bin."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return os.path.join(base, "uno-pybadge", "nvm.bin")


def nvm_path(args):
    """The save file of this run, or None for no saves (headless runs never touch the user's
    file unless --nvm names it)."""
    if args.nvm is not None:
        return None if args.nvm.lower() == "none" else args.nvm
    return None if args.headless else default_nvm()


def open_nvm(args):
    from host_sim.hw import FileNvm

    path = nvm_path(args)
    return FileNvm(path) if path else None


def start_app(hw, args, seed, nvm, start="title", app=None, crash_after=0):
    """The App of ``args`` begun with ``start``: the program uno.programs composes, as on the
    badge. Where the badge reloads CircuitPython for a fresh program (App.switch: code.py's
    restart), ``hw.restart`` here starts the same object afresh, so every caller keeps the one
    app: a new display tree, the saves read again from ``nvm``, the next match's seed and the
    record's line count carried on (the badge keeps no record and draws a new seed)."""
    from uno.app.main import App
    from uno.programs import make

    lines = 0
    if app is not None:
        seed = app.seed
        lines = app.lines
        app.sound.stop()
        app.__dict__.clear()
    else:
        app = App()
    hw.nvm = nvm
    hw.lines_before = lambda n: setattr(app, "lines", app.lines + n)
    hw.restart = lambda then: start_app(hw, args, seed, nvm, then, app)
    make(hw, start, rules=build_rules(args), seed=seed, speed=args.speed,
         sound=not args.no_sound, cpu=args.cpu, lines=lines, app=app)
    if crash_after:
        force_crash(app, crash_after)
    return app


def settle(app, hw, display_stats=False, wait=0):
    """Frames until the app waits for the player (or exactly ``wait`` frames); returns
    (frames, pixels, peak, first): pixels redrawn in all those frames, in the largest one and
    in the first one (the direct answer to the input, before any computer turn)."""
    frames = 0
    total = 0
    peak = 0
    first = -1
    while True:
        hw.advance(FRAME_MS)
        app.frame()
        frames += 1
        px = hw.display.last_pixels
        if first < 0:
            first = px
        total += px
        if px > peak:
            peak = px
        if wait:
            if frames >= wait:
                return frames, total, peak, first
        elif ((app.idle() and not app.sound.busy() and not app.table.banner_until)
              or frames >= MAX_FRAMES):
            return frames, total, peak, first


DEMO_SHOT = "uno-headless.png"


def demo_keys(args):
    """The presses of the built-in player (host_sim.bot) for a whole match of ``args``."""
    import io

    from host_sim import bot
    from uno.app.input import bit
    from uno.programs import make

    hw = HostHardware(headless=True, render=False, out=io.StringIO())
    hw.skip_refresh = True
    app = make(hw, "title", rules=build_rules(args),
               seed=args.seed if args.seed is not None else 1, speed=args.speed,
               sound=not args.no_sound, cpu=args.cpu)
    settle(app, hw)
    return [("press", bit(tok), tok) for tok in bot.play_match(app, hw, settle)]


def end_record(app, hw):
    """The shell closes (script over, window closed): the record's end. A page opened from
    the pause menu (Options, Help, Score graph) runs as a fresh program (App.switch), with
    the paused match in the save, not in memory: that match ends with ``quit`` too, by the
    seat whose hand was showing (the save's), as it does at the table."""
    app.finish()
    from host_sim.hw import saved_match

    data = getattr(getattr(app, "saved", None), "match", None)
    if hw.log is None or getattr(app, "paused", None) is None or not data:
        return
    match = saved_match(data)
    if match is not None and not match[3]:
        hw.record({"ev": "quit", "p": match[1]})


def save_screenshot(hw, path, scale):
    """The screen as a PNG; OutputError (one line) when the file cannot be written."""
    try:
        hw.display.save_png(path, scale)
    except OSError as e:
        raise OutputError("--screenshot %s: cannot write: %s" % (path, why(e))) from None


class Crashed(Exception):
    """The app raised: the badge's error screen is up and the game record is closed."""


def force_crash(app, frames):
    """Make ``app`` raise on frame ``frames`` + 1 (--crash-after: tests of the error screen)."""
    count = [0]
    frame = app.frame

    def crashing_frame():
        count[0] += 1
        if count[0] > frames:
            raise RuntimeError("forced by --crash-after %d" % frames)
        frame()

    app.frame = crashing_frame


def crash_screen(app, hw, exc):
    """What code.py does after an unexpected exception (uno.app.crash: save, print the
    traceback, the error screen), then the record's end; returns the screen's lines."""
    from uno.app import crash
    from uno.view import bmp

    try:
        font = bmp.load(os.path.join(ROOT, "sprites", "font.bmp"), 2)[0]
    except bmp.SpriteError:
        font = None
    lines = crash.fail(exc, hw.display, app, font)
    if app is not None:
        try:
            app.finish()
        except Exception:  # noqa: BLE001 - a broken app may not finish; the log still closes
            pass
    if hw.log is not None:
        hw.log.flush()
    return lines


def run_headless(args, keys, out=sys.stdout):
    from host_sim.hw import RecordFile

    log = RecordFile(args.log) if args.log else None
    app = None
    try:
        hw = HostHardware(headless=True, render=not args.no_render, log=log, out=out)
        hw.print_sounds = not args.quiet
        seed = args.seed if args.seed is not None else 1
        nvm = open_nvm(args)
        if nvm is not None and log is not None:
            nvm.before_write = log.sync  # a save point's lines are on the disk before it
        try:
            app = start_app(hw, args, seed, nvm, crash_after=args.crash_after)
            rows = [("start",) + settle(app, hw, args.stats)]
            for kind, value, tok in keys:
                if kind == "wait":
                    done = settle(app, hw, args.stats, wait=value) if value else (0, 0, 0, -1)
                    rows.append((tok,) + done)
                    continue
                hw.press(value)
                rows.append((tok,) + settle(app, hw, args.stats))
        except OutputError:
            raise
        except Exception as e:  # noqa: BLE001 - the badge's error screen, as on the badge
            lines = crash_screen(app, hw, e)
            if args.screenshot:
                hw.display.full_render()
                save_screenshot(hw, args.screenshot, args.scale)
            raise Crashed(" / ".join(x for x in lines if x)) from e
        if args.stats:
            for i, (tok, frames, total, peak, first) in enumerate(rows):
                out.write("stats %3d %-7s frames=%-5d first=%-6d (%5.1f%%) pixels=%-7d (%5.1f%%)"
                          " peak=%-6d (%5.1f%%)\n"
                          % (i, tok, frames, first, 100.0 * first / SCREEN_PX, total,
                             100.0 * total / SCREEN_PX, peak, 100.0 * peak / SCREEN_PX))
        end_record(app, hw)  # the record's end first: it must not depend on the screenshot
        if log is not None:
            log.flush()
        if args.screenshot:
            if args.no_render:
                hw.display.full_render()
            save_screenshot(hw, args.screenshot, args.scale)
        return app, hw, rows
    finally:
        if log is not None:
            log.close()


LEGEND = (
    "Arrows: D-pad",
    "Return, Space: A (play)",
    "P, Backspace: B (draw)",
    "Tab: SELECT (call ONE)",
    "Esc: START (menu)",
    "In the colour picker:",
    "  R Y G B pick a colour",
)


def make_keymap(pygame):
    """pygame key -> button bits: the original game's keys (arrows, Return, P, Tab, Esc) and
    the ones a PC player tries first (Space, Enter, Backspace). R/Y/G/B are colour picks, which
    only the colour picker reads (the B key is never the B button)."""
    from uno.app import input as I

    return {
        pygame.K_LEFT: I.LEFT, pygame.K_RIGHT: I.RIGHT, pygame.K_UP: I.UP,
        pygame.K_DOWN: I.DOWN, pygame.K_RETURN: I.A, pygame.K_KP_ENTER: I.A,
        pygame.K_SPACE: I.A, pygame.K_p: I.B, pygame.K_BACKSPACE: I.B,
        pygame.K_TAB: I.SELECT, pygame.K_ESCAPE: I.START,
        pygame.K_r: I.PICK_RED, pygame.K_y: I.PICK_YELLOW, pygame.K_g: I.PICK_GREEN,
        pygame.K_b: I.PICK_BLUE,
    }


def typing(app, ch):
    """True when ``ch`` (a key's character) is text for a page entering a name (letters,
    digits, space: the players page's ``wants_text``) rather than a button."""
    top = app.stack[-1] if app.stack else None
    return bool(getattr(top, "wants_text", False) and ch and (ch.isalnum() or ch == " "))


def run_window(args):
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from uno.app.input import A as BUTTON_A

    from host_sim.hw import FileNvm, RecordFile

    keymap = make_keymap(pygame)
    log = RecordFile(args.log) if args.log else None
    hw = HostHardware(headless=False, render=True, log=log)
    pygame.init()
    scale = 4
    w, h = 160 * scale, 128 * scale
    screen = pygame.display.set_mode((w + 230, h))
    pygame.display.set_caption("UNO - PyBadge simulator")
    font = pygame.font.Font(None, 24)
    import random

    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    nvm = open_nvm(args)
    if isinstance(nvm, FileNvm) and log is not None:
        nvm.before_write = log.sync  # a save point's lines are on the disk before it
    app = start_app(hw, args, seed, nvm, crash_after=args.crash_after)
    clock = pygame.time.Clock()
    running = True
    frames = 0
    crashed = False
    while running:
        frames += 1
        if args.frames and frames > args.frames:
            break
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                running = False
            elif ev.type == pygame.KEYDOWN and typing(app, getattr(ev, "unicode", "")):
                hw.typed = getattr(hw, "typed", "") + ev.unicode  # a name being entered
            elif ev.type == pygame.KEYDOWN and ev.key in keymap:
                hw.press(keymap[ev.key])
                hw.held |= keymap[ev.key]
            elif ev.type == pygame.KEYUP and ev.key in keymap:
                hw.held &= ~keymap[ev.key]
        if crashed:
            # the error screen: A starts the app again, as supervisor.reload() on the badge
            # (the record was closed at the crash: the new app keeps none)
            if hw.poll() & BUTTON_A:
                crashed = False
                app = start_app(hw, args, seed + 1, open_nvm(args))
        else:
            try:
                app.frame()
            except OutputError:
                raise
            except Exception as e:  # noqa: BLE001 - the badge's error screen, as on the badge
                crash_screen(app, hw, e)
                hw.log = None
                crashed = True
        # the backlight's level (Options, dimmed after a minute, off asleep) shown
        surf = pygame.surfarray.make_surface(hw.display.lit(hw.brightness).swapaxes(0, 1))
        screen.fill((24, 24, 24))
        screen.blit(pygame.transform.scale(surf, (w, h)), (0, 0))
        x0 = w + 20
        rgb = hw.rgb
        col = ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255)
        # the badge's pixels are dim: show them brighter so the colour can be seen
        boost = tuple(min(255, c * 6) for c in col)
        for i in range(5):
            pygame.draw.circle(screen, boost, (x0 + 15 + i * 40, 40), 14)
            pygame.draw.circle(screen, (90, 90, 90), (x0 + 15 + i * 40, 40), 14, 2)
        for i, line in enumerate(LEGEND):
            screen.blit(font.render(line, True, (220, 220, 220)), (x0, 100 + i * 28))
        pygame.display.flip()
        clock.tick(1000 // FRAME_MS)
    if not crashed:
        end_record(app, hw)  # the record's end first
    if log is not None:
        log.flush()
    if args.screenshot:
        try:  # the whole window: screen, lights, legend
            pygame.image.save(screen, args.screenshot)
        except (OSError, pygame.error) as e:
            raise OutputError("--screenshot %s: cannot write: %s"
                              % (args.screenshot, why(e) if isinstance(e, OSError) else e)) \
                from None
    if log is not None:
        log.close()
    pygame.quit()
    return 3 if crashed else 0


def display_problem():
    """None when a window can open; otherwise why not (e.g. DISPLAY set but no X server
    answers: SDL then falls back to drawing off-screen, where nobody sees the game)."""
    if os.environ.get("SDL_VIDEODRIVER"):  # the caller chose the driver (tests: dummy)
        return None
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as e:
        driver, err = None, str(e)
    if driver in ("offscreen", "dummy", None):
        pygame.display.quit()
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        where = "DISPLAY=%s" % os.environ["DISPLAY"] if os.environ.get("DISPLAY") else "no DISPLAY"
        return "%s: %s" % (where, err if driver is None else "no display server answers")
    return None


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    why_empty = empty_flag(args)
    if why_empty:
        sys.stderr.write("host_sim: %s\n" % why_empty)
        return 2
    keys_text = args.keys or ""
    if keys_text.startswith("@"):
        try:
            with open(keys_text[1:]) as f:
                keys_text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            sys.stderr.write("host_sim: --keys %s: cannot read: %s\n"
                             % (keys_text, getattr(e, "strerror", None) or e))
            return 2
    try:
        keys = S.parse(keys_text)
    except S.ScriptError as e:
        sys.stderr.write("host_sim: bad script: %s\n" % e)
        return 2
    if args.keys is not None and not keys:
        sys.stderr.write("host_sim: --keys %s: no presses in the script; %s\n"
                         % (args.keys if args.keys.startswith("@") else repr(args.keys),
                            EMPTY[0][1]))
        return 2
    try:
        build_rules(args)
    except ValueError as e:
        sys.stderr.write("host_sim: %s\n" % e)
        return 2
    if args.speed is not None and not 1 <= args.speed <= 10:
        sys.stderr.write("host_sim: --speed must be 1-10\n")
        return 2
    if not 1 <= args.scale <= MAX_SCALE:
        sys.stderr.write("host_sim: --scale must be 1-%d\n" % MAX_SCALE)
        return 2
    if keys and not args.headless:
        sys.stderr.write("host_sim: --keys needs --headless\n")
        return 2
    if not args.headless:
        no_window = display_problem()
        if no_window:
            print("host_sim: no window (%s): running headless" % no_window)
            args.headless = True
    if args.headless and not keys and not args.screenshot:
        args.screenshot = DEMO_SHOT
    if not args.headless and args.nvm is None:
        os.makedirs(os.path.dirname(default_nvm()), exist_ok=True)
    for path, flag, ext in ((args.screenshot, "--screenshot", ".png"), (args.log, "--log", None),
                            (nvm_path(args), "--nvm", None)):
        problem = output_problem(path, flag, ext, space=flag != "--nvm") if path else None
        if problem:
            sys.stderr.write("host_sim: %s\n" % problem)
            return 2
    try:
        return run(args, keys)
    except OutputError as e:  # a full disk, a device that refuses: one line, no traceback
        sys.stderr.write("host_sim: %s\n" % e)
        return 1


def run(args, keys):
    """The run main() has checked the flags of: headless (the script, or the demo) or a
    window; the exit status."""
    # What is loaded so far (pygame, Blinka's displayio, the core) lives as long as the
    # process: leave it out of the collections the app makes as the badge does (start-up,
    # each hand, each page's font), which would walk it again, ~50-100 ms a time on a PC.
    gc.collect()
    gc.freeze()
    if args.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        demo = args.keys is None
        if demo:
            keys = demo_keys(args)
            args.quiet = True
            print("host_sim: no --keys: the built-in player presses the buttons for every "
                  "human seat for one whole match (%d presses)" % len(keys))
        try:
            app = run_headless(args, keys)[0]
        except Crashed as e:
            sys.stderr.write("host_sim: the app stopped: %s%s\n" % (
                e, "; screen in %s" % os.path.abspath(args.screenshot) if args.screenshot else ""))
            return 3
        if demo:
            g = app.table.g
            print("host_sim: %s after %d hands: %s; last screen in %s" % (
                ("%s won the match" % app.table.names[g.match_winner]) if g.match_winner >= 0
                else "unfinished", g.hand_no,
                ", ".join("%s %d" % (app.table.names[s], g.scores[s]) for s in range(g.nseats)),
                os.path.abspath(args.screenshot)))
        return 0
    return run_window(args)


if __name__ == "__main__":
    sys.exit(main())
