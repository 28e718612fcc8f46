"""tools/bundle/bundle.py: the folder a badge owner copies onto CIRCUITPY.

What a badge owner would check: every module is a .mpy the badge's CircuitPython loads (header
'C', mpy version 6), every import resolves on a PyBadge, copying onto the drive replaces the
game's files and keeps theirs, and a clone without ../shared still gets a bundle and is told what
compiled it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
from tools.bundle import bundle  # noqa: E402
from tools.vm import cptools  # noqa: E402
from tools.bundle import shortnames  # noqa: E402

PY = sys.executable


def run_bundle(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """tools/bundle/bundle.py as a badge owner runs it."""
    return subprocess.run([PY, str(ROOT / "tools" / "bundle" / "bundle.py"), *args],
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **(env or {})}, timeout=300)


@pytest.fixture(scope="module")
def built10(tmp_path_factory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("b10") / "circuitpy"
    r = run_bundle("--out", str(out), "--cp", "10")
    assert r.returncode == 0, r.stdout + r.stderr
    return out, r.stdout


def _mpys(out: Path) -> list[Path]:
    return sorted(out.rglob("*.mpy"))


def _module_file(out: Path, name: str) -> Path | None:
    """The bundle's file of module ``name``: its .mpy, its package's __init__.mpy, or the
    package's folder where it has no __init__ (a namespace package)."""
    p = out / "lib" / Path(*name.split("."))
    for cand in (p / "__init__.mpy", p.with_suffix(".mpy")):
        if cand.is_file():
            return cand
    return p if p.is_dir() else None


def test_bundle_10_holds_code_py_and_every_lib_module_as_circuitpython_mpy(built10) -> None:
    out, stdout = built10
    assert (out / "code.py").read_bytes() == (ROOT / "code.py").read_bytes()
    sources = [p for p in (ROOT / "lib").rglob("*.py") if "__pycache__" not in p.parts]
    assert sources
    for src in sources:
        mpy = out / "lib" / src.relative_to(ROOT / "lib").with_suffix(".mpy")
        if src.name == "__init__.py" and bundle.docstring_only(src):
            # a namespace package on the badge: nothing of its own to load
            assert not mpy.exists(), "%s is a docstring: left out of the bundle" % mpy
        else:
            assert mpy.is_file(), "%s missing from the bundle" % mpy
    assert not list((out / "lib").rglob("*.py")), "a .py in lib/ would be shipped as source"
    for p in _mpys(out):
        head = p.read_bytes()[:2]
        assert head == b"C\x06", "%s starts %r, CircuitPython 10 needs b'C\\x06'" % (p, head)
    for sheet in ("cards.bmp", "icons.bmp", "font.bmp"):  # view/table.py loads these
        assert (out / "sprites" / sheet).is_file()
    assert "compiled with" in stdout and "of the 250 KB budget" in stdout


def test_the_bundle_gives_the_games_names_the_firmwares_and_maps_them_back(built10,
                                                                          tmp_path) -> None:
    """The bundle's code calls the game's own names by names the badge's firmware holds
    (tools/bundle/shortnames.py) and ships names.map, which the error screen reads to name the
    source's function; --long-names keeps the source's names and ships no map."""
    out, stdout = built10
    names = shortnames.read_map((out / "names.map").read_text())
    assert len(names) > 400 and "names the firmware's" in stdout
    firmware = set(shortnames.firmware_names() + shortnames.badge_names())
    assert set(names.values()) <= firmware
    assert names["legal_actions"] != "legal_actions"
    game = (out / "lib" / "uno" / "core" / "game.mpy").read_bytes()
    assert b"legal_actions" not in game
    long_ = tmp_path / "long"
    r = run_bundle("--out", str(long_), "--cp", "10", "--long-names")
    assert r.returncode == 0, r.stdout + r.stderr
    assert not (long_ / "names.map").exists()
    assert b"legal_actions" in (long_ / "lib" / "uno" / "core" / "game.mpy").read_bytes()


def test_bundle_10_is_compiled_by_circuitpython_10_when_it_is_there(built10) -> None:
    out, stdout = built10
    if cptools.find("mpy-cross-10") is None:
        pytest.skip("CircuitPython 10.2.1's mpy-cross is not here")
    assert "CircuitPython 10.2.1 mpy-cross" in stdout
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    assert total <= bundle.BUDGET, "bundle is %d bytes, budget %d" % (total, bundle.BUDGET)


def test_bundle_9_uses_mpy_cross_9_2_8(tmp_path: Path) -> None:
    if cptools.find("mpy-cross-9") is None:
        pytest.skip("CircuitPython 9.2.8's mpy-cross is not here")
    out = tmp_path / "cp9"
    r = run_bundle("--out", str(out), "--cp", "9")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "CircuitPython 9.2.8 mpy-cross" in r.stdout
    assert "WARNING" not in r.stdout
    mpys = _mpys(out)
    assert mpys and all(p.read_bytes()[:2] == b"C\x06" for p in mpys)
    # its pure modules import on CircuitPython 9.2.8's VM where it is (build_vm.sh --cp 9),
    # and the output says what was missing where it is not
    if cptools.vm(badge=True, cp=9)[0]:
        assert "9.2.8-unix-i386-badge imported" in r.stdout, r.stdout
    else:
        assert "9.2.8's 32-bit Unix port with the badge's object model not found" in r.stdout


def test_board_module_list_is_the_pybadge_build() -> None:
    """tools/bundle/pybadge_modules.txt (from CircuitPython 10.2.1's make files) has the hardware
    the badge has and lacks what a SAMD51 without Wi-Fi lacks."""
    mods = bundle.board_modules()
    for m in ("displayio", "keypad", "neopixel_write", "audioio", "audiocore", "analogio",
              "digitalio", "supervisor", "microcontroller", "nvm", "board", "fontio",
              "bitmaptools", "vectorio", "terminalio", "gc", "sys", "struct", "math", "time",
              "random", "array", "micropython", "json", "os", "binascii"):
        assert m in mods, m
    for m in ("wifi", "typing", "dataclasses", "enum", "functools", "itertools", "gifio",
              "aesio", "jpegio"):
        assert m not in mods, m


def test_every_import_in_the_bundle_resolves_on_a_pybadge(built10) -> None:
    """Each module shipped, read from its source, imports only modules in the bundle or built
    into the pybadge's CircuitPython; imports in try/except ImportError are optional."""
    out, _ = built10
    board = bundle.board_modules()
    scan = bundle.Scan().run()
    unresolved = []
    checked = 0
    entries = [("__main__", ROOT / "code.py", False)] + [
        (name, src, is_pkg) for name, (src, is_pkg, _, _) in scan.modules.items()]
    for name, src, is_pkg in entries:
        if name != "__main__":
            assert _module_file(out, name) is not None, "%s not shipped" % name
        for dep, optional, line in bundle.imports_of(src, name, is_pkg):
            if optional:
                continue
            checked += 1
            if dep.split(".")[0] in board or _module_file(out, dep) is not None:
                continue
            unresolved.append("%s:%d %s" % (src.name, line, dep))
    assert checked > 20
    assert not unresolved, unresolved


def _fake_project(tmp_path: Path, extra_import: str = "") -> Path:
    root = tmp_path / "proj"
    (root / "lib" / "game").mkdir(parents=True)
    (root / "sprites").mkdir()
    (root / "fonts").mkdir()
    (root / "code.py").write_text("import game.screen\n")
    (root / "lib" / "game" / "__init__.py").write_text("")
    (root / "lib" / "game" / "screen.py").write_text(
        "import displayio\n"
        "from adafruit_display_text import label\n"
        "import adafruit_ticks\n"
        "try:\n    from typing import Any\nexcept ImportError:\n    pass\n"
        "FONT = '/fonts/small.bdf'\n" + extra_import)
    (root / "fonts" / "small.bdf").write_text("STARTFONT 2.1\n")
    (root / "fonts" / "unused.bdf").write_text("STARTFONT 2.1\n")
    (root / "sprites" / "unused.bmp").write_bytes(b"BM")
    return root


def _use_fake_project(tmp_path: Path, monkeypatch, extra_import: str = "") -> Path:
    """``_fake_project``, made the project tools/bundle/bundle.py builds."""
    root = _fake_project(tmp_path, extra_import)
    monkeypatch.setattr(bundle, "ROOT", root)
    monkeypatch.setattr(bundle, "LIB", root / "lib")
    return root


def test_adafruit_libraries_are_found_by_scanning_imports(tmp_path: Path, monkeypatch) -> None:
    """No hard-coded list: a module importing adafruit_display_text.label gets that library (and
    what it imports) compiled into lib/, and the font it names; the typing import in a try block
    is optional; unused assets stay out."""
    _use_fake_project(tmp_path, monkeypatch)
    out = tmp_path / "out"
    files, scan, _ = bundle.build(out, 10)
    names = {rel for rel, _ in files}
    for rel in ("lib/adafruit_display_text/__init__.mpy", "lib/adafruit_display_text/label.mpy",
                "lib/adafruit_ticks.mpy", "lib/game/screen.mpy", "fonts/small.bdf"):
        assert rel in names, rel
    assert "fonts/unused.bdf" not in names and "sprites/unused.bmp" not in names
    assert sorted(scan.dists) == ["adafruit_display_text", "adafruit_ticks"]
    req = bundle.requirements_text(scan)
    assert req.splitlines()[-2:] == ["adafruit_display_text", "adafruit_ticks"]
    assert "#   adafruit-circuitpython-display-text==" in req


def test_an_import_the_badge_lacks_stops_the_build_naming_file_and_line(tmp_path: Path,
                                                                         monkeypatch) -> None:
    _use_fake_project(tmp_path, monkeypatch, "import wifi\n")
    with pytest.raises(bundle.BundleError, match=r"lib/game/screen.py:\d+: wifi"):
        bundle.build(tmp_path / "out", 10)
    assert not (tmp_path / "out").exists()


def test_requirements_device_txt_matches_the_import_scan() -> None:
    """requirements-device.txt (for circup install -r) lists exactly the Adafruit libraries the
    device code imports; regenerate with tools/bundle/bundle.py --requirements."""
    want = bundle.requirements_text(bundle.Scan().run())
    assert bundle.REQUIREMENTS.read_text() == want, (
        "requirements-device.txt has drifted: run .venv/bin/python tools/bundle/bundle.py "
        "--requirements")
    r = run_bundle("--check-requirements")
    assert r.returncode == 0 and "matches" in r.stdout, r.stdout + r.stderr


def _drive(tmp_path: Path, circuitpy: bool = True) -> Path:
    d = tmp_path / "CIRCUITPY"
    (d / "lib" / "uno" / "core").mkdir(parents=True)
    (d / "lib" / "adafruit_display_text").mkdir()
    if circuitpy:
        (d / "boot_out.txt").write_text("Adafruit CircuitPython 10.2.1 on 2025-01-01; "
                                        "Adafruit PyBadge with samd51j19\n")
    (d / "lib" / "uno" / "core" / "game.py").write_text("OLD = 1\n")  # would shadow game.mpy
    (d / "lib" / "adafruit_display_text" / "label.py").write_text("OLD = 1\n")
    (d / "lib" / "adafruit_ticks.py").write_text("OLD = 1\n")
    (d / "lib" / "neopixel.mpy").write_bytes(b"C\x06other")  # someone else's library
    (d / "settings.toml").write_text("CIRCUITPY_WIFI_SSID = \"x\"\n")
    return d


def test_to_replaces_the_game_removes_stale_shadows_and_keeps_other_files(
        tmp_path: Path, monkeypatch) -> None:
    _use_fake_project(tmp_path, monkeypatch)
    drive = _drive(tmp_path)
    out = tmp_path / "out"
    files, scan, _ = bundle.build(out, 10)
    said: list[str] = []
    bundle.install(out, files, scan, drive, log=said.append)
    assert not (drive / "lib" / "adafruit_display_text" / "label.py").exists()
    assert (drive / "lib" / "adafruit_display_text" / "label.mpy").read_bytes()[:1] == b"C"
    assert not (drive / "lib" / "adafruit_ticks.py").exists()
    assert (drive / "lib" / "adafruit_ticks.mpy").is_file()
    assert (drive / "lib" / "game" / "screen.mpy").is_file()
    assert (drive / "code.py").read_text() == "import game.screen\n"
    assert (drive / "settings.toml").is_file() and (drive / "lib" / "neopixel.mpy").is_file()
    assert (drive / "lib" / "uno" / "core" / "game.py").is_file()  # not this fake game's package
    assert any("removed lib/adafruit_ticks.py" in s for s in said), said
    assert "KB left on the drive" in said[-1]


def test_to_onto_a_drive_removes_lib_uno_game_py_shadow(tmp_path: Path) -> None:
    """The real bundle: an old lib/uno/core/game.py beside the new game.mpy would run instead."""
    drive = _drive(tmp_path)
    r = run_bundle("--out", str(tmp_path / "b"), "--to", str(drive))
    assert r.returncode == 0, r.stdout + r.stderr
    assert not (drive / "lib" / "uno" / "core" / "game.py").exists()
    assert (drive / "lib" / "uno" / "core" / "game.mpy").read_bytes()[:2] == b"C\x06"
    assert "removed lib/uno/core/game.py (it would shadow lib/uno/core/game.mpy)" in r.stdout
    assert (drive / "settings.toml").is_file() and (drive / "lib" / "neopixel.mpy").is_file()
    assert "KB left on the drive" in r.stdout


def test_to_refuses_a_folder_without_boot_out_txt(tmp_path: Path) -> None:
    drive = _drive(tmp_path, circuitpy=False)
    before = sorted(p.relative_to(drive) for p in drive.rglob("*"))
    r = run_bundle("--out", str(tmp_path / "b"), "--to", str(drive))
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and "no boot_out.txt" in r.stderr
    assert "Traceback" not in r.stderr
    assert sorted(p.relative_to(drive) for p in drive.rglob("*")) == before


def test_without_shared_tools_it_still_builds_and_says_what_stood_in(tmp_path: Path) -> None:
    empty = tmp_path / "no-cp-tools"
    empty.mkdir()
    out = tmp_path / "fb"
    r = run_bundle("--out", str(out), "--cp", "10", env={"UNO_CP_DIR": str(empty)})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "CircuitPython's mpy-cross not found (looked in %s)" % empty in r.stdout
    assert "header byte set to 'C'" in r.stdout
    assert ("WARNING: MicroPython's mpy-cross output is only right for CircuitPython 10.x"
            in r.stdout)
    assert "32-bit Unix port not found" in r.stdout
    mpys = _mpys(out)
    assert mpys and all(p.read_bytes()[:2] == b"C\x06" for p in mpys)


def test_pure_modules_import_on_circuitpython_10_vm(built10) -> None:
    """The 10.x bundle's rules core and players load on CircuitPython 10.2.1 (32-bit)."""
    out, stdout = built10
    vm, _ = cptools.vm()
    if vm is None:
        pytest.skip("CircuitPython's Unix port is not here")
    assert "imported" in stdout and "pure modules from the bundle" in stdout, stdout
    line = next(s for s in stdout.splitlines() if "pure modules from the bundle" in s)
    for mod in ("uno.core.game", "uno.core.rules", "uno.players.normal", "uno.core.cards",
                "uno.core.rng"):
        assert " %s " % mod in line + " ", line
    r = subprocess.run([vm, "-X", "heapsize=200k", "-c",
                        "import uno.core.game, uno.core.rules, uno.players.normal\n"
                        "print(uno.core.game.__file__)"],
                       capture_output=True, text=True, timeout=60,
                       env={**os.environ, "MICROPYPATH": str(out / "lib")})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith("uno/core/game.mpy")


def test_the_bundle_has_no_line_numbers_and_lines_keeps_them(built10, tmp_path) -> None:
    """The bundle's code has no line numbers (mpy-cross -O3), several KB smaller than
    --lines's, the same files; a traceback from it names the file and the function, and the
    error screen says no wrong line (uno.app.crash.where); --lines's names the line too."""
    out, _ = built10
    lines = tmp_path / "lines"
    r = run_bundle("--out", str(lines), "--cp", "10", "--lines")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "with line numbers" in r.stdout
    full = {p.relative_to(lines): p.stat().st_size for p in _mpys(lines)}
    small = {p.relative_to(out): p.stat().st_size for p in _mpys(out)}
    assert set(small) == set(full)
    game = Path("lib/uno/core/game.mpy")
    assert small[game] < full[game] - 300
    assert sum(small.values()) < sum(full.values()) - 5000
    vm, _ = cptools.vm()
    if vm is None:
        pytest.skip("CircuitPython's Unix port is not here")
    code = "import uno.core.rules\nuno.core.rules.preset('nope')"
    tb = {}
    for name, folder in (("lines", lines), ("bundle", out)):
        env = {**os.environ, "MICROPYPATH": str(folder / "lib")}
        names = shortnames.read_map((folder / "names.map").read_text())
        r = subprocess.run([vm, "-X", "heapsize=200k", "-c",
                            shortnames.rename_script(code, names)], capture_output=True,
                           text=True, timeout=60, env=env)
        assert "ValueError: unknown preset 'nope'" in r.stdout + r.stderr
        tb[name] = r.stdout + r.stderr
    sys.path.insert(0, str(ROOT / "lib"))
    from uno.app.crash import where

    at = where(tb["lines"])
    assert at.startswith("rules.mpy line ") and at.endswith(" in preset"), at
    assert where(tb["bundle"]) == "rules.mpy in preset"


def test_to_a_full_drive_copies_and_removes_nothing(tmp_path: Path, monkeypatch) -> None:
    _use_fake_project(tmp_path, monkeypatch)
    drive = _drive(tmp_path)
    out = tmp_path / "out"
    files, scan, _ = bundle.build(out, 10)
    before = sorted(p.relative_to(drive) for p in drive.rglob("*"))
    monkeypatch.setattr(bundle.shutil, "disk_usage", lambda p: shutil_usage(1024))
    with pytest.raises(bundle.BundleError, match="not enough space.*nothing copied"):
        bundle.install(out, files, scan, drive, log=lambda s: None)
    assert sorted(p.relative_to(drive) for p in drive.rglob("*")) == before


def shutil_usage(free: int):
    """A disk_usage result with ``free`` bytes free."""
    import shutil
    return shutil._ntuple_diskusage(2 * 1024 * 1024, 2 * 1024 * 1024 - free, free)


def test_a_checkout_without_the_venv_builds_the_same_bundle(built10, tmp_path: Path) -> None:
    # A badge owner's least: Python and one mpy-cross. The checkout's files that a bundle is
    # made of, copied without .venv, built by a Python run in isolated mode (no user or venv
    # packages) with the compiler named: the same files, byte for byte, as the venv's build.
    import shutil

    cross = cptools.find("mpy-cross-10")
    if cross is None:
        pytest.skip("CircuitPython 10.2.1's mpy-cross not found (looked in %s)"
                    % cptools.searched())
    copy = tmp_path / "checkout"
    copy.mkdir()
    for name in ("code.py", "start", "lib", "sprites", "fonts", "tools"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src, copy / name)
    out = tmp_path / "circuitpy"
    r = subprocess.run([PY, "-I", str(copy / "tools" / "bundle" / "bundle.py"), "--out", str(out),
                        "--cp", "10", "--mpy-cross", cross], capture_output=True, text=True,
                       cwd=copy, env={"PATH": os.environ.get("PATH", ""),
                                      "UNO_CP_DIR": str(tmp_path / "none")}, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    want = sorted(p.relative_to(built10[0]) for p in built10[0].rglob("*") if p.is_file())
    got = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())
    assert got == want
    for rel in want:
        assert (out / rel).read_bytes() == (built10[0] / rel).read_bytes(), rel
