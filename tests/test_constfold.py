"""tools/bundle/constfold.py: the bundle folds the game's public integer constants into their uses.

What a maintainer would check: the badge's code computes the same values (every use becomes
the constant's value), an error on the badge still names the repository's line, a name a module
binds to something else is left alone, a use the pass cannot rewrite stops the build with its
place, and the bundle's modules carry none of the folded names for the badge to intern.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
from tools.bundle import constfold  # noqa: E402
from tools.vm import cptools  # noqa: E402


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    lib = tmp_path / "lib"
    for rel, text in files.items():
        p = lib / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return lib


def _fold(lib: Path) -> dict[str, str]:
    return {p.relative_to(lib).as_posix(): text
            for p, text in constfold.fold_tree(lib)[1].items()}


CONSTS = (
    "from micropython import const\n"
    "\n"
    "A = const(2)\n"
    "B = const(A * 4 + _P)  # derived\n"
    "_P = const(1)\n"
    "NEG = const(-3)\n"
    "NAME = 'not an int'\n"
)


def test_uses_become_values_imports_go_and_definitions_turn_private(tmp_path: Path) -> None:
    # _P is defined after B here; the pass evaluates in rounds, so order does not matter
    lib = _tree(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/consts.py": CONSTS.replace("B = const(A * 4 + _P)", "B = const(A * 4 + 1)"),
        "pkg/user.py": (
            "from pkg.consts import A, B, NAME\n"
            "from pkg import consts as C\n"
            "from pkg.consts import (\n"
            "    NEG,\n"
            ")\n"
            "\n"
            "\n"
            "def f(x):\n"
            "    return x & A or C.B + B * NEG, C.NAME, NAME, A.bit_length()\n"
        ),
    })
    out = _fold(lib)
    assert out["pkg/user.py"] == (
        "from pkg.consts import NAME\n"
        "from pkg import consts as C\n"
        "pass\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "def f(x):\n"
        "    return x & 2 or 9 + 9 * (-3), C.NAME, NAME, (2).bit_length()\n"
    )
    assert "_A = const(2)" in out["pkg/consts.py"]
    assert "_B = const(2 * 4 + 1)" in out["pkg/consts.py"]
    assert "NAME = 'not an int'" in out["pkg/consts.py"]
    # what the folded module computes is what the original computes
    ns: dict = {}
    exec(out["pkg/user.py"].replace("from pkg.consts import NAME", "NAME = 'not an int'")
         .replace("from pkg import consts as C", "C = type('C', (), {'NAME': NAME})"), ns)
    assert ns["f"](7) == (2, "not an int", "not an int", 2)
    assert ns["f"](0) == (9 + 9 * -3, "not an int", "not an int", 2)


def test_a_name_bound_to_something_else_is_left_alone(tmp_path: Path) -> None:
    lib = _tree(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/consts.py": ("from micropython import const\n"
                          "A = const(2)\nB = const(3)\nC = const(4)\n"),
        "pkg/user.py": (
            "from pkg.consts import A, B\n"
            "def f(A=1):\n"
            "    return A + B\n"
            "def g():\n"
            "    return h(B=4)\n"
        ),
        "pkg/other.py": (
            "from pkg import consts\n"
            "def f():\n"
            "    return consts.C\n"
            "def g(consts):\n"
            "    return consts\n"
        ),
    })
    out = _fold(lib)
    # ``consts`` is also a parameter in other.py: its C is read as it stands, and stays public
    assert "return consts.C" in out["pkg/other.py"]
    assert "\nC = const(4)" in out["pkg/consts.py"]
    # A is a parameter and B a keyword here: both stay imported, and public where defined
    assert out["pkg/user.py"].startswith("from pkg.consts import A, B\n")
    assert "return A + B" in out["pkg/user.py"]
    assert "\nA = const(2)" in out["pkg/consts.py"] and "\nB = const(3)" in out["pkg/consts.py"]


@pytest.mark.parametrize("files, says", [
    # an assignment: the badge's copy has no such global to assign
    ({"pkg/user.py": "from pkg import consts\n\nconsts.A = 5\n"},
     "pkg.user line 3: consts.A is assigned to"),
    # a read through the package's path, which the rewrite does not follow
    ({"pkg/user.py": "import pkg.consts\n\n\ndef f():\n    return pkg.consts.A\n"},
     "pkg.user line 5: pkg.consts.A is read in a way the fold"),
    # through a module that only imports it: that import goes from the badge's copy
    ({"pkg/middle.py": "from pkg.consts import A\n\n\ndef f():\n    return A\n",
      "pkg/user.py": "from pkg.middle import A\n"},
     "pkg.user imports A from pkg.middle"),
    # the same through the module's name: the badge's pkg.middle has no A to read
    ({"pkg/middle.py": "from pkg.consts import A\n\n\ndef f():\n    return A\n",
      "pkg/user.py": "from pkg import middle\n\n\ndef g():\n    return middle.A\n"},
     "pkg.user line 5: pkg.middle.A is only imported there"),
])
def test_a_use_the_fold_cannot_rewrite_stops_the_build_with_its_place(
        tmp_path: Path, files: dict, says: str) -> None:
    lib = _tree(tmp_path, {"pkg/__init__.py": "",
                           "pkg/consts.py": "from micropython import const\nA = const(2)\n",
                           **files})
    with pytest.raises(constfold.FoldError, match=says):
        _fold(lib)


def _lines(code) -> list:
    """Every code object's name and the source lines its instructions come from."""
    out = [(code.co_name, code.co_firstlineno,
            sorted({ln for _, _, ln in code.co_lines() if ln is not None}))]
    for c in code.co_consts:
        if hasattr(c, "co_lines"):
            out.extend(_lines(c))
    return out


def test_the_games_code_keeps_every_line_so_the_error_screen_names_the_source() -> None:
    plan, out = constfold.fold_tree()
    folded = 0
    for path, text in out.items():
        src = path.read_text()
        assert text.count("\n") == src.count("\n"), path
        rel = path.relative_to(ROOT).as_posix()
        before = _lines(compile(src, rel, "exec"))
        after = _lines(compile(text, rel, "exec"))
        # the same functions start on the same lines; a folded line may lose its own entry
        # (an import turned into blank lines) but no code moves to a line it was not on
        assert [b[:2] for b in before] == [a[:2] for a in after], rel
        for b, a in zip(before, after, strict=True):
            assert set(a[2]) <= set(b[2]) | {b[1]}, (rel, b[0])
        folded += len(plan.names[constfold.module_of(path)])
    assert folded > 150  # the game's constants: actions, phases, buttons, layout


def test_the_bundle_carries_none_of_the_folded_names(tmp_path: Path) -> None:
    cmd, is_cp, _ = cptools.mpy_cross(10)
    if cmd is None:
        pytest.skip("no mpy-cross")
    plan, out = constfold.fold_tree()
    folded = set()
    for name, m in plan.mods.items():
        folded |= set(m.consts) - plan.kept[name]
    assert {"PH_PLAY", "DRAW", "CARD_W", "WILD4", "START"} <= folded
    from tools.bundle import bundle

    files, _, _ = bundle.build(tmp_path / "b", 10, log=lambda *a: None)
    checked = 0
    for rel, _size in files:
        if not rel.startswith("lib/uno/"):
            continue
        src = ROOT / Path(rel).with_suffix(".py")
        name = constfold.module_of(src)
        # a module's own folded constants and those it imported; the same word may still be
        # an attribute or a short string of its own there (fx's class attribute DRAW is not the
        # game's action; players.py's letter "A" is not the button)
        other = set()
        for n in ast.walk(ast.parse(src.read_text())):
            if isinstance(n, ast.Attribute):
                other.add(n.attr)
            elif isinstance(n, ast.Constant) and isinstance(n.value, str):
                other.add(n.value)
        gone = (set(plan.names[name]) | set(plan.mods[name].consts)) - plan.kept[name] - other
        names = set(cptools.mpy_names(tmp_path / "b" / rel))
        assert not names & gone, (rel, sorted(names & gone))
        checked += len(gone)
    assert checked > 150


_RUN_SELFPLAY = (
    "import builtins, runpy, sys\n"
    "builtins.const = lambda x: x\n"
    "sys.argv[0] = 'tools/ai/selfplay.py'\n"
    "runpy.run_path('tools/ai/selfplay.py', run_name='__main__')\n"
)


def test_the_folded_game_plays_the_same_matches(tmp_path: Path) -> None:
    """The folded core and computer players, run on CPython, write the same game records as
    the sources: same deals, same moves, same scores."""
    import subprocess

    # the game's modules and the self-play driver (a client of their constants) folded together
    paths = sorted((ROOT / "lib").rglob("*.py"))
    mods = {constfold.module_of(p): constfold.Module(constfold.module_of(p), p.read_text(),
                                                     p.name == "__init__.py") for p in paths}
    driver = ROOT / "tools" / "ai" / "selfplay.py"
    mods["selfplay"] = constfold.Module("selfplay", driver.read_text())
    plan = constfold.Plan(mods)
    assert plan.names["selfplay"]  # it imports some of the game's constants
    for p in paths:
        out = tmp_path / "lib" / p.relative_to(ROOT / "lib")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(constfold.fold_source(mods[constfold.module_of(p)], plan))
    (tmp_path / "tools" / "ai").mkdir(parents=True)
    (tmp_path / "tools" / "ai" / "selfplay.py").write_text(
        constfold.fold_source(mods["selfplay"], plan))
    args = ["--matches", "1", "--seed", "3", "--preset", "house", "--seats", "4",
            "--player", "advanced", "--quiet"]
    logs = []
    for root in (ROOT, tmp_path):
        log = tmp_path / ("%d.jsonl" % len(logs))
        # selfplay puts ./lib first on sys.path: run each where its lib is. The folded code
        # has no ``from micropython import const`` (MicroPython's parser needs none): on
        # CPython a built-in ``const`` stands in for it
        r = subprocess.run([sys.executable, "-c", _RUN_SELFPLAY, *args, "--log", str(log)],
                           capture_output=True, text=True, timeout=600, cwd=root)
        assert r.returncode == 0, r.stderr
        logs.append(log.read_text())
    assert logs[0].count("\n") > 100
    assert logs[0] == logs[1]
