#!/usr/bin/env python3
"""Give the app's own names the firmware's names in the badge's build (``tools/bundle/bundle.py``,
``tools/vm/vm_app.py``), never in the repository's files.

CircuitPython interns every name and short string of the code it loads and never frees them:
on the badge the app's names cost their text, a pool slot each (6 bytes) and, as the pools
fill, a new pool twice the last (the 640-name one ~3.9 KB at once; docs/BENCHMARKS.md). The
firmware's own names are in flash and cost nothing. This pass renames, consistently across
every module under ``lib/``, each name the app's compiled code interns (functions, classes,
their attributes, globals, arguments, keywords) to a name the firmware already holds and the
app does not spell: CircuitPython's core names every VM here holds (``firmware_names.txt``),
then the names of the PyBadge's own modules (``badge_names.txt``; ``tools/vm/cpvm/build_vm.sh``
builds them into the VMs made as the badge), and only when those run out a fresh name of one
or two characters. A renamed name is the same name everywhere it occurs, so what the code does
is unchanged. A parameter nobody passes by keyword is the function's own: it is renamed
function by function to a few spare names. Only names change, never a line, so the error
screen's file and line are the repository's; ``names.map`` (``map_text``) names the functions
again after an error (uno.app.crash.real_names: the console's traceback and the error screen).

A name keeps its spelling where anything may look it up by it:
- it is the firmware's or Python's API (the lists ``firmware_api.txt``, ``pybadge_api.txt``
  (what the app looks up on the firmware's modules, whether a PyBadge has it or another board:
  a PyGamer's ``board.JOYSTICK_X``) and ``api_names.txt``: CPython's builtins and their types,
  the badge's modules CPython has, circuitpython-stubs' code, kept in the repository so that a
  bundle built without the venv is the same bundle);
- ``code.py`` or ``start/`` (source on the drive), or the VM's stand-ins and driver
  (``tools/vm/cpvm/``) intern it, or pass it as a keyword;
- a word of any string the app keeps spells it (``getattr(obj, "name")``, a settings field,
  a record's key); docstrings apart, which the compiler drops;
- it is a module's name, a dunder, or an exception class (the error screen shows
  ``type(exc).__name__``).

    .venv/bin/python tools/bundle/shortnames.py        # every name it renames, and to what
    .venv/bin/python tools/bundle/shortnames.py --write-api    # api_names.txt again (the stubs)
"""

from __future__ import annotations

import ast
import builtins
import importlib
import io
import keyword
import re
import symtable
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "lib"
FIRMWARE_NAMES = Path(__file__).resolve().parent / "firmware_names.txt"
BADGE_NAMES = Path(__file__).resolve().parent / "badge_names.txt"
FIRMWARE_API = Path(__file__).resolve().parent / "firmware_api.txt"
API_NAMES = Path(__file__).resolve().parent / "api_names.txt"
# the names the app looks up on the firmware's modules, whether the PyBadge's has them or not
# (tests/test_firmware_api.py): another board's firmware may (a PyGamer's board.JOYSTICK_X)
BOARD_API = Path(__file__).resolve().parent / "pybadge_api.txt"
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Never a target: names C code may ask a Python object for by spelling (streams, mappings,
# generators), and those the compiler spells itself (py/compile.c, emitcommon.c, scope.c,
# runtime.c, builtinimport.c, objtype.c, vm.c of 10.2.1: ``assert`` loads the global
# AssertionError; ``super``, decorators, inline assembler)
_PROTOCOL = {"read", "readinto", "readline", "write", "flush", "close", "keys", "items",
             "values", "send", "throw", "next", "value", "deinit",
             "AssertionError", "OrderedDict", "StopAsyncIteration", "align", "asm_rv32",
             "asm_thumb", "asm_xtensa", "bool", "bytecode", "classmethod", "data", "function",
             "int", "label", "micropython", "native", "object", "range", "self",
             "staticmethod", "super", "type", "uint", "viper", "const"}


def _listed(path: Path) -> list[str]:
    """The lines of ``path`` that are not comments."""
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(line)
    return out


def firmware_names() -> list[str]:
    """The names every VM built as the badge (10.2.1's, 9.2.8's) and the plain 32-bit VMs hold in
    their firmware, from CircuitPython's ``py/`` core: in flash on a PyBadge too."""
    return _listed(FIRMWARE_NAMES)


def badge_names() -> list[str]:
    """The names a PyBadge's firmware holds beside those (its modules'), which the VMs built
    as the badge hold too and the plain 32-bit VMs do not."""
    return _listed(BADGE_NAMES)


def _tokens(text: str) -> list[tokenize.TokenInfo]:
    return list(tokenize.generate_tokens(io.StringIO(text).readline))


def _dropped_strings(tree: ast.AST) -> set[int]:
    """Lines where a string statement starts (docstrings): the compiler keeps none of them."""
    lines = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)):
            lines.add(node.lineno)
    return lines


def words(text: str, drop_docs: bool = True) -> tuple[set[str], set[str]]:
    """(the names ``text`` spells as code, the words its strings spell: with ``drop_docs``
    only those the compiled code keeps)."""
    names: set[str] = set()
    said: set[str] = set()
    dropped = _dropped_strings(ast.parse(text)) if drop_docs else set()
    for t in _tokens(text):
        if t.type == tokenize.NAME:
            names.add(t.string)
        elif t.type == tokenize.STRING and t.start[0] not in dropped:
            said.update(_WORD.findall(t.string))  # an f-string's code is in here too
    return names, said


def roles(text: str) -> tuple[set[str], set[str], set[str]]:
    """The names ``text``'s compiled code interns: (globals, functions, classes and their
    attributes, attributes, imports; the functions' parameters; keyword arguments' names).
    A function's own variables (kept in its frame by number) and a private ``const()``
    (folded away) are interned by none."""
    tree = ast.parse(text)
    held: set[str] = set()
    params: set[str] = set()
    keywords: set[str] = set()
    folded = set()
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id.startswith("_")
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "const"):
            folded.add(node.targets[0].id)

    def walk(t: symtable.SymbolTable) -> None:
        for sym in t.get_symbols():
            n = sym.get_name()
            if t.get_type() == "function":
                if sym.is_parameter():
                    params.add(n)
                elif (sym.is_global() or sym.is_declared_global()) and n not in folded:
                    # a private const() a function reads is folded there too: renamed, it
                    # would lose its underscore and stay a global of its module
                    held.add(n)
            elif n not in folded:
                held.add(n)
        for c in t.get_children():
            walk(c)

    walk(symtable.symtable(text, "<module>", "exec"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            held.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            keywords.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            held.add(node.name)
        elif isinstance(node, ast.ImportFrom):  # looked up in the module by name
            held.update(a.name for a in node.names)
    return held, params, keywords


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
           ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _params(f: ast.AST) -> list[ast.arg]:
    a = f.args  # type: ignore[attr-defined]
    out = a.posonlyargs + a.args + a.kwonlyargs
    return out + [x for x in (a.vararg, a.kwarg) if x is not None]


def _bound_inside(node: ast.AST) -> set[str]:
    """Names some scope nested in ``node``'s body binds (a parameter, a store, a def)."""
    out: set[str] = set()
    for stmt in getattr(node, "body", []) if not isinstance(node, ast.Lambda) else []:
        for sub in ast.walk(stmt):
            if isinstance(sub, _SCOPES):
                for inner in ast.walk(sub):
                    if isinstance(inner, ast.Name) and not isinstance(inner.ctx, ast.Load):
                        out.add(inner.id)
                    elif isinstance(inner, (ast.FunctionDef, ast.ClassDef)):
                        out.add(inner.name)
                    elif isinstance(inner, (ast.Global, ast.Nonlocal)):
                        out.update(inner.names)
                    if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                        out.update(a.arg for a in _params(inner))
    return out


def param_edits(tree: ast.AST, names: set[str],
                spare: list[str]) -> list[tuple[int, int, int, str]]:
    """Each function's parameters named in ``names`` renamed to ``spare[i]``, the ``i``th
    renamed parameter of the functions around it: (line, byte column, its end, new name) of
    the parameter and of every use of it in the function's body. A parameter some scope inside
    the function binds again is left alone."""
    edits = []

    def visit(node: ast.AST, depth: int) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                rebound = _bound_inside(child)
                mine = {}
                for a in _params(child):
                    if a.arg in names and a.arg not in rebound and depth + len(mine) < len(spare):
                        mine[a.arg] = spare[depth + len(mine)]
                        edits.append((a.lineno, a.col_offset, a.col_offset + len(a.arg),
                                      mine[a.arg]))
                body = child.body if isinstance(child.body, list) else [child.body]
                for stmt in body:
                    for sub in ast.walk(stmt):
                        if isinstance(sub, ast.Name) and sub.id in mine:
                            edits.append((sub.lineno, sub.col_offset,
                                          sub.col_offset + len(sub.id), mine[sub.id]))
                visit(child, depth + len(mine))
            else:
                visit(child, depth)

    visit(tree, 0)
    return edits


def _splice(text: str, edits) -> str:
    """``text`` with each (line, byte column, end, new) edit made."""
    lines = text.splitlines(keepends=True)
    by_line: dict[int, list[tuple[int, int, str]]] = {}
    for row, a, b, new in edits:
        by_line.setdefault(row - 1, []).append((a, b, new))
    for row, es in by_line.items():
        line = lines[row].encode()
        for a, b, new in sorted(set(es), reverse=True):
            line = line[:a] + new.encode() + line[b:]
        lines[row] = line.decode()
    return "".join(lines)


def _by_dict(tree: ast.AST) -> set[str]:
    """The names of the functions ``tree`` calls with ``f(**d)``."""
    called = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and any(k.arg is None for k in node.keywords):
            f = node.func
            called.add(f.id if isinstance(f, ast.Name) else getattr(f, "attr", ""))
    return called


def _filled_by_dict(tree: ast.AST, called: set[str]) -> set[str]:
    """Parameters a ``f(**d)`` may fill by their names: all of those of every function of
    ``tree`` named in ``called`` (or class's method) that takes no ``**`` of its own."""
    out: set[str] = set()
    if called:
        for node in ast.walk(tree):
            if (isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in called):
                for f in [node] if isinstance(node, ast.FunctionDef) else node.body:
                    if isinstance(f, ast.FunctionDef) and f.args.kwarg is None:
                        out.update(a.arg for a in _params(f))
    return out


def _exceptions(tree: ast.AST) -> set[str]:
    """Classes of ``tree`` that are exceptions (their names show on the error screen)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for b in node.bases:
                n = b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                if n.endswith(("Error", "Exception")) or n in out:
                    out.add(node.name)
    return out


def _spelled(files, strings: bool = True) -> tuple[set[str], set[str], set[str]]:
    """(every name and string word of ``files``; the names their code interns that can meet
    the app's objects: globals, attributes, keywords, and with ``strings`` their strings'
    words, a ``getattr``'s; their functions' parameters)."""
    every: set[str] = set()
    met: set[str] = set()
    met_params: set[str] = set()
    for p in files:
        text = p.read_text(errors="replace")
        try:
            names, said = words(text, drop_docs=False)
            held, params, kws = roles(text)
            # its functions' parameters meet the app only as the app's keywords (plan())
            met |= held | kws | (said if strings else set())
            met_params.update(params)
        except (SyntaxError, tokenize.TokenError):
            names, said = set(_WORD.findall(text)), set()
            met |= names
        every |= names | said
    return every, met, met_params


def python_api() -> set[str]:
    """The Python API names this CPython and the venv's circuitpython-stubs give: keywords, the
    builtins and their types' attributes, the stubs' code (not their docstrings' words), and
    the attributes of the badge's modules that CPython has too (random, time, math, ...: the
    stubs have only CircuitPython's own). ``API_NAMES`` keeps them, so a bundle built without
    the venv, or on another Python, renames exactly as one built with it."""
    api = set(keyword.kwlist) | set(dir(builtins))
    for v in vars(builtins).values():
        if isinstance(v, type):
            api.update(dir(v))
    site = next((ROOT / ".venv" / "lib").glob("python3*/site-packages"), None)
    if site is None or not list(site.glob("*-stubs")):
        raise SystemExit("shortnames: the venv's circuitpython-stubs are needed to write %s "
                         "(tools/bootstrap.sh)" % API_NAMES.name)
    stubs = _spelled(sorted(site.glob("*-stubs/**/*.pyi")), strings=False)
    api |= stubs[1] | stubs[2]
    for line in _listed(Path(__file__).resolve().parent / "pybadge_modules.txt"):
        if line in sys.stdlib_module_names:
            api.update(dir(importlib.import_module(line)))
    # not ``_``: no builtin, but what an interactive run or a doctest printed last, which
    # builtins keeps in the process that ran one
    api.discard("_")
    return api


def api_text(api: set[str]) -> str:
    """``API_NAMES``'s text: a header, then the names, one a line, sorted."""
    return ("# Python's and CircuitPython's API names that tools/bundle/shortnames.py never\n"
            "# renames (python_api(): keywords, builtins, circuitpython-stubs, the badge's\n"
            "# modules that CPython has).\n"
            "# Written by: .venv/bin/python tools/bundle/shortnames.py --write-api\n"
            + "".join(n + "\n" for n in sorted(api)))


def _outside_names() -> tuple[set[str], set[str], set[str], set[str]]:
    """Names of code outside ``lib/`` that runs beside the app (``code.py``, ``start/``, the
    VM's stand-ins and driver) and of the firmware's and Python's API (``API_NAMES``,
    ``firmware_api.txt``): (every name code beside spells, those of them that can meet the
    app's objects, the API's, the keywords code beside passes or takes). Nothing here is
    read from the venv: the bundle comes out the same wherever it is built."""
    files = [ROOT / "code.py", *sorted((ROOT / "start").glob("*.py")),
             *sorted((ROOT / "tools" / "vm" / "cpvm").glob("*.py"))]
    every, met, params = _spelled(files)
    beside_kw: set[str] = set()
    for p in files:
        try:
            tree = ast.parse(p.read_text())
        except (SyntaxError, UnicodeDecodeError):
            beside_kw |= every  # code not read: any of its names may be a keyword
            continue
        beside_kw.update(k.arg for k in ast.walk(tree)
                         if isinstance(k, ast.keyword) and k.arg)
    api = set(_listed(API_NAMES)) | set(_listed(FIRMWARE_API)) | board_api()
    return every, met, api, beside_kw | params


def board_api() -> set[str]:
    """The names the app looks up on a module built into the firmware (``BOARD_API``: the
    PyBadge's has them or not): never renamed, as a board may have one the PyBadge has not."""
    return {line.split()[0].rpartition(".")[2] for line in _listed(BOARD_API)}


def _fresh(taken: set[str]):
    """Short names no code spells: ``A`` ... ``z``, then two characters."""
    first = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    for a in first:
        if a not in taken:
            yield a
    for a in first:
        for b in first + "0123456789_":
            if a + b not in taken and not keyword.iskeyword(a + b):
                yield a + b


class Plan:
    """What ``shorten`` renames: ``names`` {name: new name} everywhere; ``params``, names that
    are only ever parameters (never passed by keyword), renamed function by function to
    ``spare[i]``, as many names as the deepest nest of functions renames."""

    def __init__(self, names: dict[str, str], params: set[str], spare: list[str]) -> None:
        self.names = names
        self.params = params
        self.spare = spare


_SPARE = 12  # parameters renamed in one function and those around it


def plan(texts: dict[Path, str], lib: Path = LIB) -> Plan:
    """The renaming of the modules ``texts`` (path under ``lib`` -> source)."""
    defined: set[str] = set()
    held: set[str] = set()
    params: set[str] = set()
    keywords: set[str] = set()
    said: set[str] = set()
    called: set[str] = set()
    beside, met, api, beside_kw = _outside_names()
    kept = set(met)
    for p, text in texts.items():
        names, s = words(text)
        defined |= names
        said |= s
        h, ps, kw = roles(text)
        held |= h
        params |= ps
        keywords |= kw
        tree = ast.parse(text)
        kept |= _exceptions(tree)
        called |= _by_dict(tree)
        kept.update(p.relative_to(lib).with_suffix("").parts)
    # a parameter of code beside is kept where the app passes it by keyword
    kept |= said | (beside_kw & keywords)
    taken = defined | kept | beside  # a target no code spells: no two names become one
    static_set = set(firmware_names() + badge_names())
    kept |= static_set | api
    starred: set[str] = set()
    for text in texts.values():
        starred |= _filled_by_dict(ast.parse(text), called)

    def ours(n: str) -> bool:
        return n not in kept and not n.startswith("__")

    # a parameter no one passes by keyword is the function's own: Python's or the firmware's
    # API spelling it too is no reason to keep it
    only_params = {n for n in params - held - keywords - starred
                   if n not in beside_kw and n not in static_set and not n.startswith("__")}
    rename = sorted((n for n in (held | params | keywords) - only_params if ours(n)),
                    key=lambda n: (-len(n), n))
    # the badge's names the shortest first: the plain VMs, which lack them, intern them
    static = firmware_names() + sorted(badge_names(), key=lambda n: (len(n), n))
    # not a module's name either: code that imports the module (``import json`` in code run
    # beside the app) would find the renamed function under it
    modules = set(_listed(Path(__file__).resolve().parent / "pybadge_modules.txt"))
    targets = [n for n in static if n not in taken and not n.startswith("__")
               and n not in _PROTOCOL and n not in modules]
    spare, targets = targets[:_SPARE], targets[_SPARE:]
    fresh = _fresh(taken | _PROTOCOL)
    out = {}
    for i, n in enumerate(rename):
        new = targets[i] if i < len(targets) else next(fresh)
        if len(new) < len(n) or i < len(targets):  # a free name, or a shorter one
            out[n] = new
    return Plan(out, only_params, spare)


def apply(text: str, p: Plan) -> str:
    """``text`` renamed as ``p`` says; every line stays where it is."""
    text = _splice(text, param_edits(ast.parse(text), p.params, p.spare))
    edits = []
    for t in _tokens(text):
        if t.type == tokenize.NAME and t.string in p.names:
            a = len(t.line[:t.start[1]].encode())  # tokenize counts characters, _splice bytes
            edits.append((t.start[0], a, a + len(t.string.encode()), p.names[t.string]))
    return _splice(text, edits)


def shorten(texts: dict[Path, str], lib: Path = LIB) -> tuple[dict[Path, str], Plan]:
    """(``texts`` renamed, the plan)."""
    p = plan(texts, lib)
    return {path: apply(t, p) for path, t in texts.items()}, p


def write_built(dest: Path, lib: Path = LIB, short: bool = True) -> tuple[Path, Plan | None]:
    """Every ``.py`` under ``lib`` as the badge's build compiles it, written to the same place
    under ``dest``: its public constants folded (tools/bundle/constfold.py) and, with ``short``, its
    names renamed; (``dest``, the plan or None)."""
    from tools.bundle import constfold

    texts = constfold.fold_tree(lib)[1]
    p = None
    if short:
        texts, p = shorten(texts, lib)
    for path, text in texts.items():
        out = dest / path.relative_to(lib)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)
    return dest, p


def map_text(p: Plan) -> str:
    """The plan as lines "new old" (the parameters' spare names are each function's own)."""
    lines = ["%s %s" % (new, old) for old, new in sorted(p.names.items(), key=lambda kv: kv[1])]
    lines.append("# parameters (each function's own, in order): " + " ".join(p.spare))
    return "\n".join(lines) + "\n"


def read_map(text: str) -> dict[str, str]:
    """{old: new} from ``map_text``'s lines."""
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            new, old = line.split()
            out[old] = new
    return out


def rename_script(text: str, names: dict[str, str]) -> str:
    """A script that calls into the renamed code (a test's, on the VM) renamed to match."""
    return apply(text, Plan(names, set(), []))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--write-api"]:
        API_NAMES.write_text(api_text(python_api()))
        print("wrote %s" % API_NAMES)
        return 0
    if argv:
        print("usage: tools/bundle/shortnames.py [--write-api]", file=sys.stderr)
        return 2
    from tools.bundle import constfold

    texts = constfold.fold_tree(LIB)[1]
    p = plan(texts)
    names = p.names
    static = set(firmware_names() + badge_names())
    free = sum(1 for v in names.values() if v in static)
    saved = sum(len(k) - (0 if v in static else len(v)) for k, v in names.items())
    for k, v in sorted(names.items()):
        print("%-24s %s%s" % (k, v, "" if v in static else "  (new)"))
    print("%d names renamed: %d to the firmware's, %d to short new ones; %d characters less"
          % (len(names), free, len(names) - free, saved))
    print("%d names only ever parameters, renamed function by function to %s"
          % (len(p.params), " ".join(p.spare)))
    return 0


if __name__ == "__main__":
    if str(ROOT) not in sys.path:  # run as a file: the tools package is found from the root
        sys.path.insert(0, str(ROOT))
    sys.exit(main())
