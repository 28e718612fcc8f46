"""Every name the game looks up on a module built into the badge's firmware exists, or is
absent, on the badge-model VMs exactly as on the PyBadge's CircuitPython build.

tools/bundle/pybadge_api.txt is the firmware's answer for each name (from CircuitPython's source:
which module table registers it, under which switch). A lookup the game makes that the file does not
answer fails here, so a new one is checked against the firmware before it is trusted; and a VM that
answers any line otherwise than the firmware (say, a Unix port's micropython.pystack_use, which made
the pages take a path on the VMs that the badge never took) fails here too.
"""

import ast
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from tools.vm import cptools  # noqa: E402

API = ROOT / "tools" / "bundle" / "pybadge_api.txt"


def firmware(cp: int = 10) -> dict[tuple[str, str], bool]:
    """(module, name) -> whether the PyBadge's CircuitPython ``cp`` firmware has it
    (tools/bundle/pybadge_api.txt)."""
    out = {}
    for line in API.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        entry = line.split()[0]
        major, _, entry = entry.rpartition(":")
        if major and int(major) != cp:
            continue
        mod, _, name = entry[1:].partition(".")
        out[(mod, name)] = entry[0] == "+"
    return out


def built_in() -> set[str]:
    """Modules the PyBadge's firmware has built in (tools/bundle/pybadge_modules.txt)."""
    text = (ROOT / "tools" / "bundle" / "pybadge_modules.txt").read_text()
    return {s.strip() for s in text.splitlines() if s.strip() and not s.startswith("#")}


def lookups(files: list[Path] | None = None) -> dict[tuple[str, str], set[str]]:
    """(module, name) -> the device files (or ``files``) that look the name up on that built-in
    module: as an attribute of the imported module, a from-import, or a hasattr/getattr with a
    literal."""
    mods = built_in()
    out: dict[tuple[str, str], set[str]] = {}
    if files is None:
        files = [ROOT / "code.py", *sorted((ROOT / "start").glob("*.py")),
                 *sorted((ROOT / "lib").rglob("*.py"))]
    for f in files:
        rel = str(f.relative_to(ROOT)) if f.is_relative_to(ROOT) else f.name
        tree = ast.parse(f.read_text(encoding="utf-8"))
        alias = {}
        for n in ast.walk(tree):
            if isinstance(n, ast.Import):
                for a in n.names:
                    if a.name in mods:
                        alias[a.asname or a.name] = a.name
            elif isinstance(n, ast.ImportFrom) and n.level == 0 and n.module in mods:
                for a in n.names:
                    out.setdefault((n.module, a.name), set()).add(rel)
        for n in ast.walk(tree):
            if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                    and n.value.id in alias):
                out.setdefault((alias[n.value.id], n.attr), set()).add(rel)
            elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                  and n.func.id in ("hasattr", "getattr") and len(n.args) >= 2
                  and isinstance(n.args[0], ast.Name) and n.args[0].id in alias
                  and isinstance(n.args[1], ast.Constant)):
                out.setdefault((alias[n.args[0].id], n.args[1].value), set()).add(rel)
    return out


@pytest.mark.parametrize("cp", [10, 9])
def test_every_lookup_on_a_built_in_module_has_the_firmwares_answer(cp):
    known = firmware(cp)
    missing = sorted("%s.%s (%s)" % (m, n, ", ".join(sorted(f)))
                     for (m, n), f in lookups().items() if (m, n) not in known)
    assert not missing, "add the PyBadge firmware's answer to tools/bundle/pybadge_api.txt: " + \
        "; ".join(missing)


def test_the_scan_finds_the_lookups_it_is_there_for(tmp_path):
    # the scanner itself: the attribute form, the from-import and hasattr all seen
    found = lookups()
    assert "lib/uno/hw/pygamer.py" in found[("board", "JOYSTICK_X")]  # attribute
    assert "lib/uno/hw/__init__.py" in found[("board", "board_id")]
    assert ("micropython", "const") in found  # from micropython import const
    assert ("gc", "collect") in found and ("supervisor", "set_next_code_file") in found
    probe = tmp_path / "probe.py"
    probe.write_text("import board as b\nif hasattr(b, 'LIGHT'):\n    pass\n")
    assert lookups([probe]) == {("board", "LIGHT"): {"probe.py"}}


def test_the_pages_choose_their_text_by_the_board_not_by_a_debugging_function():
    # micropython.pystack_use is on every Unix VM and on no board: a decision made by it took
    # one path on the VMs and another on the badge (the Adafruit labels, which exhaust
    # CircuitPython 9's 1,536-byte Python stack)
    for mod, name in lookups():
        assert (mod, name) != ("micropython", "pystack_use")
    assert firmware()[("micropython", "pystack_use")] is False


def _vm_answers(vm: str, pairs: list[tuple[str, str]], cwd) -> dict[tuple[str, str], bool]:
    script = ["import sys", "out = []"]
    for mod, name in pairs:
        script.append("try:\n import %s as m\n out.append(hasattr(m, %r))\n"
                      "except ImportError:\n out.append(False)" % (mod, name))
    script.append("print(' '.join('1' if x else '0' for x in out))")
    env = {"MICROPYPATH": str(ROOT / "tools" / "vm" / "cpvm"), "PATH": "/usr/bin:/bin"}
    # in a folder of its own: the stand-ins make their nvm.bin and sleep_memory.bin there
    r = subprocess.run([vm, "-X", "heapsize=2m", "-c", "\n".join(script)], capture_output=True,
                       text=True, env=env, timeout=60, cwd=cwd)
    assert r.returncode == 0, r.stderr
    bits = r.stdout.split()
    assert len(bits) == len(pairs), r.stdout
    return {p: b == "1" for p, b in zip(pairs, bits, strict=True)}


@pytest.mark.parametrize("cp", [10, 9])
def test_the_badge_model_vm_answers_every_lookup_as_the_firmware(cp, tmp_path):
    vm, note = cptools.vm(badge=True, cp=cp)
    if vm is None:
        pytest.skip(note)
    known = firmware(cp)
    pairs = sorted(known)
    got = _vm_answers(vm, pairs, tmp_path)
    wrong = ["%s.%s: firmware %s, VM %s" % (m, n, known[(m, n)], got[(m, n)])
             for (m, n) in pairs if got[(m, n)] != known[(m, n)]]
    assert not wrong, "; ".join(wrong)
