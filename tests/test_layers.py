"""The house's layers (docs/APP.md, "Structure"): the packages of lib/uno import only the
layers below them (the rules core nothing, the players and the saves the core); the app is
handed its hardware (code.py makes it, uno.hw.make picks the board's module, and nothing under
lib/uno/app imports lib/uno/hw, so the simulator's hardware and each board's stand in for one
another); lib/ has no import circle; no module is imported by a computed name; every constant
has one home."""

import ast
import io
import re
import tokenize
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


def test_code_py_makes_the_hardware_and_hands_it_to_the_program():
    src = (ROOT / "code.py").read_text(encoding="utf-8")
    tree = ast.parse(src)
    froms = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert "uno.hw" in froms  # uno.hw.make: the one place that picks the board's module
    assert "uno.programs" in froms  # uno.programs.program: the one place that picks the program
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Attribute) and n.func.attr == "make"]
    assert calls and isinstance(calls[0].args[0], ast.Name) and calls[0].args[0].id == "hw"


def lib_imports(lib: Path) -> dict[str, set[str]]:
    """Each module of ``lib`` (``uno.app.main``...) and the modules of ``lib`` it imports,
    at its top or inside a function (``from uno.app import options`` is uno.app.options)."""
    mods = {}
    for p in sorted(lib.rglob("*.py")):
        parts = list(p.relative_to(lib).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        mods[".".join(parts)] = p
    out = {}
    for name, p in mods.items():
        got = set()
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Import):
                got.update(a.name for a in n.names)
            elif isinstance(n, ast.ImportFrom) and n.module and not n.level:
                got.add(n.module)
                got.update(n.module + "." + a.name for a in n.names)
        out[name] = {m for m in got if m in mods and m != name and not name.startswith(m + ".")}
    return out


# What each package of lib/uno may import besides itself and ``uno`` (the memory policy:
# ``drop``), lowest first: the rules core imports nothing of the rest; the players and the
# saves the core only (neither knows the other, nor the app); the view nothing; the app all
# four but no hardware and no program; a board's hardware the app's button bits
# (uno.app.input); the programs compose it all but the hardware, which code.py hands them.
LAYERS = {
    "uno.core": set(),
    "uno.players": {"uno.core"},
    "uno.saves": {"uno.core"},
    "uno.view": set(),
    "uno.app": {"uno.core", "uno.players", "uno.saves", "uno.view"},
    "uno.hw": {"uno.app"},
    "uno.programs": {"uno.core", "uno.players", "uno.saves", "uno.view", "uno.app"},
}


def package_of(module: str) -> str:
    """``uno.core.game`` -> ``uno.core``; ``uno`` -> ``uno``."""
    return ".".join(module.split(".")[:2])


def layer_breaks(graph: dict[str, set[str]]) -> list[str]:
    """The imports of ``graph`` (``lib_imports``) that go up or across ``LAYERS``, as
    "importer -> imported"; a module of lib/uno in no package of ``LAYERS`` is one too."""
    out = []
    for name, got in sorted(graph.items()):
        pkg = package_of(name)
        if pkg == "uno":
            out.extend("%s -> %s" % (name, m) for m in sorted(got))
            continue
        if pkg not in LAYERS:
            out.append("%s: in no layer" % name)
            continue
        for m in sorted(got):
            other = package_of(m)
            if other not in (pkg, "uno") and other not in LAYERS[pkg]:
                out.append("%s -> %s" % (name, m))
    return out


def test_each_package_imports_only_the_layers_below_it():
    graph = lib_imports(ROOT / "lib")
    assert {package_of(m) for m in graph} == set(LAYERS) | {"uno"}
    assert layer_breaks(graph) == []


def test_the_layer_check_finds_an_import_up_or_across(tmp_path):
    for pkg, src, found in (
            ("core", "from uno.saves.codec import load\n", ["uno.saves.codec"]),
            ("players", "def f():\n    import uno.saves.store\n", ["uno.saves.store"]),
            ("saves", "from uno.players.make import make_player\n", ["uno.players.make"]),
            ("core", "from uno.app import describe\n", ["uno.app", "uno.app.describe"]),
            ("saves", "from uno.core.cards import name\nfrom uno import drop\n", [])):
        lib = tmp_path / (pkg + str(len(src)))
        for d in ("uno", "uno/core", "uno/players", "uno/saves", "uno/app"):
            (lib / d).mkdir(parents=True)
            (lib / d / "__init__.py").write_text("")
        for f in ("saves/codec", "saves/store", "players/make", "app/describe", "core/cards"):
            (lib / "uno" / (f + ".py")).write_text("")
        (lib / "uno" / pkg / "m.py").write_text(src)
        assert layer_breaks(lib_imports(lib)) == ["uno.%s.m -> %s" % (pkg, m) for m in found]


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_lib_has_no_import_circle():
    """docs/APP.md, "Import circles": none. A module loaded for a moment (uno.core.explain,
    uno.core.rulecheck, uno.app.describe...) imports nothing of the module that loads it: what they
    share lives below both (uno.core.codes, uno.app.codes); the App imports nothing of its
    composition (uno.programs makes it)."""
    assert circles(lib_imports(ROOT / "lib")) == []
    text = (ROOT / "docs" / "APP.md").read_text(encoding="utf-8")
    assert "Import circles in `lib/` (`farm-studio look lib`): none" in text


def test_the_circle_finder_finds_a_circle_through_a_function_level_import(tmp_path):
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from p.b import f\n")
    (pkg / "b.py").write_text("def f():\n    from p import a\n")
    (pkg / "c.py").write_text("import p.a\n")
    assert circles(lib_imports(tmp_path)) == [{"p.a", "p.b"}]


def test_no_module_of_lib_is_imported_by_a_computed_name():
    """Every page and pop-up is imported by the code that opens it (docs/APP.md), so an editor
    and a static tool can see who opens what: no __import__, importlib or exec in lib/."""
    bad = []
    for p in sorted((ROOT / "lib").rglob("*.py")):
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            name = (n.func.id if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                    else n.func.attr if isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Attribute) else None)
            if name in ("__import__", "import_module", "exec", "eval"):
                bad.append("%s:%d %s" % (p.relative_to(ROOT), n.lineno, name))
    assert not bad


def const_copies(lib: Path) -> list[str]:
    """The ``const()`` definitions of ``lib`` that copy another's, as "module.NAME: why": the
    same name (a leading underscore aside) defined in two modules, or a private constant whose
    comment names the public one elsewhere it equals (``_OVER = const(8)  # uno.core.game.PH_...``).
    A definition whose comment begins "copy of" says why it must be one, and passes."""
    from tools.bundle import constfold

    plan = constfold.plan_for(sorted(lib.rglob("*.py")), lib)
    defs = []  # (module, name, value, comment)
    for m in plan.mods.values():
        comments = {t.start[0]: t.string.lstrip("#").strip()
                    for t in tokenize.generate_tokens(io.StringIO(m.src).readline)
                    if t.type == tokenize.COMMENT}
        values = dict(m.private)
        values.update(m.consts)
        for name, node in m.defs.items():
            if name in values:
                defs.append((m.name, name, values[name], comments.get(node.lineno, "")))
    homes = {}  # name without underscores -> modules defining it
    for mod, name, _v, _c in defs:
        homes.setdefault(name.lstrip("_"), set()).add(mod)
    found = []
    for mod, name, value, comment in defs:
        if comment.startswith("copy of "):
            continue
        others = homes[name.lstrip("_")] - {mod}
        if others:
            found.append("%s.%s: also defined in %s" % (mod, name, ", ".join(sorted(others))))
        for ref_mod, ref in re.findall(r"(uno(?:\.[a-z_]+)+)\.([A-Z][A-Z0-9_]*)", comment):
            src = plan.mods.get(ref_mod)
            if src is not None and ref_mod != mod and src.consts.get(ref) == value:
                found.append("%s.%s: a copy of %s.%s" % (mod, name, ref_mod, ref))
    return sorted(found)


def test_every_constant_has_one_home():
    """tools/bundle/constfold.py folds a public constant into every module that imports it, so the
    badge pays nothing for ``from uno.core.codes import DRAW``: no module keeps a copy of its
    own."""
    assert const_copies(ROOT / "lib") == []


def test_the_home_finder_finds_copies_and_passes_a_copy_that_says_why(tmp_path):
    pkg = tmp_path / "uno"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "game.py").write_text("from micropython import const\n\nDRAW = const(64)\n"
                                 "PH_OVER = const(8)\n_WIDE = const(3)\n")
    (pkg / "ai.py").write_text("from micropython import const\n\n_DRAW = const(64)\n"
                               "_OVER = const(8)  # uno.game.PH_OVER\n"
                               "_NEAR = const(7)  # unlike uno.game.PH_OVER\n")
    (pkg / "view.py").write_text("from micropython import const\n\n"
                                 "_WIDE = const(3)  # copy of uno.game's: a reason\n")
    assert const_copies(tmp_path) == [
        "uno.ai._DRAW: also defined in uno.game", "uno.ai._OVER: a copy of uno.game.PH_OVER",
        "uno.game.DRAW: also defined in uno.ai", "uno.game._WIDE: also defined in uno.view"]
