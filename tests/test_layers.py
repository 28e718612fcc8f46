"""The app is handed its hardware: code.py makes it (uno.hw.make picks the board's module) and
nothing under lib/uno/app imports lib/uno/hw, so the simulator's hardware and each board's
stand in for one another (docs/APP.md)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def hw_imports(path: Path) -> list[str]:
    """The imports of uno.hw in ``path`` (a module of the package uno.app), as "line: what"."""
    out = []
    for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []  # type: list[str]
        if isinstance(n, ast.Import):
            names = [a.name for a in n.names]
        elif isinstance(n, ast.ImportFrom):
            if n.level:  # relative to uno.app: ".." is uno
                base = "uno" if n.level == 2 else "uno.app" if n.level == 1 else ""
                mod = base + ("." + n.module if n.module else "")
            else:
                mod = n.module or ""
            names = [mod] + [mod + "." + a.name for a in n.names]
        elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
              and n.func.id == "__import__" and n.args and isinstance(n.args[0], ast.Constant)):
            names = [str(n.args[0].value)]
        for name in names:
            if name == "uno.hw" or name.startswith("uno.hw."):
                out.append("%d: %s" % (n.lineno, name))
                break
    return out


def test_nothing_under_the_app_imports_the_hardware():
    found = {str(p.relative_to(ROOT)): hw_imports(p)
             for p in sorted((ROOT / "lib" / "uno" / "app").rglob("*.py"))}
    assert len(found) > 20
    assert not {p: f for p, f in found.items() if f}, "the app is handed its hardware (code.py)"


def test_the_scan_finds_each_way_of_importing_the_hardware(tmp_path):
    for src in ("import uno.hw.pybadge", "from uno.hw.pygamer import PyGamer",
                "from uno.hw import make", "from uno import hw", "from .. import hw",
                "from ..hw import pybadge", "def f():\n    from uno.hw import pybadge",
                "m = __import__('uno.hw.pybadge')"):
        p = tmp_path / "m.py"
        p.write_text(src + "\n")
        assert hw_imports(p), src
    p = tmp_path / "m.py"
    p.write_text("import uno.hwx\nfrom uno.app import hwinfo\nfrom . import fx\n")
    assert hw_imports(p) == []


def test_code_py_makes_the_hardware_and_hands_it_to_the_app():
    src = (ROOT / "code.py").read_text(encoding="utf-8")
    tree = ast.parse(src)
    froms = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert "uno.hw" in froms  # uno.hw.make: the one place that picks the board's module
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id == "make"]
    assert calls and isinstance(calls[0].args[0], ast.Name) and calls[0].args[0].id == "hw"
