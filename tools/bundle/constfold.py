#!/usr/bin/env python3
"""Fold the game's public integer constants into the code that uses them (the badge's build).

MicroPython folds a ``const()`` only inside its own module, and only a private one (``_NAME``)
leaves nothing behind. A public one (``PH_PLAY = const(1)``) stays a global of its module, and
each module that imports it, or reads it as ``G.PH_PLAY``, keeps a global or a lookup of its
own: on the badge every such name is interned in the heap for good and every global a dict
slot. The source keeps its constants public, one home each; this pass rewrites the copies the
bundle compiles (``tools/bundle/bundle.py``, ``tools/vm/vm_app.py``, through
``shortnames.write_built``), never the repository's files:

- every use of such a constant, ``NAME`` or ``module.NAME``, becomes its value;
- its imports go (``from uno.core.game import PH_PLAY``);
- its definition becomes private (``_PH_PLAY = const(1)``, which compiles to nothing);
- ``from micropython import const`` goes where every ``const`` is such a definition (the
  compiler folds those without it; the import would only leave a global ``const``).

Lines stay where they are (a removed import leaves blank lines), so the error screen's file and
line still point into the repository's source. A name that some module binds to something else
(a parameter, a local, a keyword argument) or reads inside an f-string is left alone there; a
use this pass cannot rewrite (an assignment to ``module.NAME``, a read through
``package.module.NAME``) stops the build with its place named.

    .venv/bin/python tools/bundle/constfold.py        # what it would fold, module by module
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "lib"


class FoldError(ValueError):
    """A use of a folded constant this pass cannot rewrite."""


def module_of(path: Path, lib: Path = LIB) -> str:
    """``lib/uno/app/fx.py`` -> ``uno.app.fx`` (a package's ``__init__`` -> the package)."""
    parts = list(path.relative_to(lib).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_const_call(v: ast.AST) -> bool:
    return (isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "const"
            and len(v.args) == 1 and not v.keywords)


def _eval(node: ast.AST, env: dict[str, int], mods: dict[str, dict[str, int]]) -> int:
    """The int value of a const() argument: literals, known names, arithmetic."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name) and node.id in env:
        return env[node.id]
    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id in mods and node.attr in mods[node.value.id]):
        return mods[node.value.id][node.attr]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Invert, ast.UAdd)):
        v = _eval(node.operand, env, mods)
        return -v if isinstance(node.op, ast.USub) else (~v if isinstance(node.op, ast.Invert)
                                                           else v)
    if isinstance(node, ast.BinOp):
        a = _eval(node.left, env, mods)
        b = _eval(node.right, env, mods)
        ops = {ast.Add: int.__add__, ast.Sub: int.__sub__, ast.Mult: int.__mul__,
               ast.FloorDiv: int.__floordiv__, ast.Mod: int.__mod__, ast.LShift: int.__lshift__,
               ast.RShift: int.__rshift__, ast.BitOr: int.__or__, ast.BitAnd: int.__and__,
               ast.BitXor: int.__xor__}
        f = ops.get(type(node.op))
        if f is not None:
            return f(a, b)
    raise KeyError("not a constant expression")


class Module:
    """One source file: its tree, the names it binds, the modules it names."""

    def __init__(self, name: str, src: str, is_pkg: bool = False) -> None:
        self.name = name
        self.src = src
        self.is_pkg = is_pkg
        self.tree = ast.parse(src)
        self.consts: dict[str, int] = {}  # public const() ints defined here
        self.private: dict[str, int] = {}  # _NAME = const(...) (for evaluating the others)
        self.defs: dict[str, ast.Assign] = {}
        # local name -> module, for ``import a.b as x`` / ``from a import b [as x]``
        self.aliases: dict[str, str] = {}
        # local name -> (module, name) for ``from m import NAME [as x]``
        self.imported: dict[str, tuple[str, str]] = {}
        self.bound: set[str] = set()  # names bound other than by a top-level const or import
        self.kwargs: set[str] = set()
        self.in_fstrings: set[str] = set()
        self.plain: set[str] = set()  # names bound by ``import a.b`` (no ``as``)
        self._scan()
        # names some use here binds or spells otherwise: never folded in this module
        self.skip = self.bound | self.kwargs | self.in_fstrings
        # MicroPython's parser folds ``name = const(value)`` whether or not ``const`` was
        # imported; where that is the only use, ``from micropython import const`` only costs a
        # global at run time and goes too.
        folded_calls = {id(n.value.func) for n in ast.walk(self.tree)
                        if isinstance(n, ast.Assign) and len(n.targets) == 1
                        and isinstance(n.targets[0], ast.Name) and _is_const_call(n.value)}
        self.const_import_needed = "const" in self.bound or any(
            isinstance(n, ast.Name) and n.id == "const" and id(n) not in folded_calls
            for n in ast.walk(self.tree))

    def _base(self, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        parts = self.name.split(".")
        if not self.is_pkg:
            parts = parts[:-1]
        parts = parts[:len(parts) - (node.level - 1)]
        return ".".join(parts + ([node.module] if node.module else []))

    def _scan(self) -> None:
        top = set(id(n) for n in self.tree.body)
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.asname:
                        self.aliases[a.asname] = a.name
                    else:
                        self.plain.add(a.name.split(".")[0])  # ``import a.b`` binds ``a``
                    if id(node) not in top:
                        self.bound.add(a.asname or a.name.split(".")[0])
            elif isinstance(node, ast.ImportFrom):
                base = self._base(node)
                for a in node.names:
                    local = a.asname or a.name
                    self.aliases[local] = base + "." + a.name
                    self.imported[local] = (base, a.name)
            elif isinstance(node, ast.Assign) and id(node) in top and len(node.targets) == 1 \
                    and isinstance(node.targets[0], ast.Name) and _is_const_call(node.value):
                self.defs[node.targets[0].id] = node
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self.bound.add(node.id)
            elif isinstance(node, ast.arg):
                self.bound.add(node.arg)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.bound.add(node.name)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                self.bound.update(node.names)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.bound.add(node.name)
            elif isinstance(node, ast.keyword) and node.arg:
                self.kwargs.add(node.arg)
            elif isinstance(node, ast.JoinedStr):
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Name):
                        self.in_fstrings.add(sub.id)
        # a const defined at the top level is bound there too (ast.Name Store): not "other"
        for name in self.defs:
            stores = [n for n in ast.walk(self.tree) if isinstance(n, ast.Name)
                      and n.id == name and isinstance(n.ctx, ast.Store)]
            if len(stores) == 1:
                self.bound.discard(name)


def collect(mods: dict[str, Module]) -> None:
    """Fill each module's ``consts``: its public ``NAME = const(int expression)`` values."""
    changed = True
    while changed:
        changed = False
        for m in mods.values():
            env = dict(m.private)
            env.update(m.consts)
            for local, (base, name) in m.imported.items():
                if base in mods and name in mods[base].consts:
                    env[local] = mods[base].consts[name]
            amods = {a: mods[t].consts for a, t in m.aliases.items() if t in mods}
            for name, node in m.defs.items():
                if name in m.consts or name in m.private:
                    continue
                try:
                    v = _eval(node.value.args[0], env, amods)
                except (KeyError, ZeroDivisionError):
                    continue
                (m.private if name.startswith("_") else m.consts)[name] = v
                env[name] = v
                changed = True


def _literal(v: int) -> str:
    return str(v) if v >= 0 else "(%d)" % v


class Plan:
    """What to fold in each module; ``kept[module]``: public constants some use still needs."""

    def __init__(self, mods: dict[str, Module]) -> None:
        self.mods = mods
        collect(mods)
        self.names: dict[str, dict[str, int]] = {}  # module -> {local name: value} to fold
        self.attrs: dict[str, dict[str, str]] = {}  # module -> {alias: module} whose consts fold
        self.kept: dict[str, set[str]] = {name: set() for name in mods}
        # first what stays public (a module that binds the name otherwise still imports it)
        for m in mods.values():
            self.kept[m.name] |= set(m.consts) & m.skip
            for local, (base, name) in m.imported.items():
                if local in m.skip and base in mods and name in mods[base].consts:
                    self.kept[base].add(name)
            # ``alias.NAME`` where the alias is also bound to something else here: not
            # rewritten, so NAME stays public in its module
            for n in ast.walk(m.tree):
                if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                        and n.value.id in m.bound and m.aliases.get(n.value.id) in mods):
                    target = mods[m.aliases[n.value.id]]
                    if n.attr in target.consts:
                        self.kept[target.name].add(n.attr)
        for m in mods.values():
            fold = {n: v for n, v in m.consts.items() if n not in m.skip}
            for local, (base, name) in m.imported.items():
                src = mods.get(base)
                if src is not None and name in src.consts and local not in m.skip:
                    fold[local] = src.consts[name]
            self.names[m.name] = fold
        for m in mods.values():
            for base, name in m.imported.values():
                src = mods.get(base)
                if src is not None and name not in src.consts and name in self.names[base]:
                    raise FoldError("%s imports %s from %s, which only imports it: import it "
                                    "from where it is defined" % (m.name, name, base))
            self.attrs[m.name] = {a: t for a, t in m.aliases.items()
                                  if t in mods and a not in m.bound and mods[t].consts}


def _offsets(src: str) -> list[int]:
    starts = [0]
    for line in src.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def fold_source(m: Module, plan: Plan) -> str:
    """``m``'s source with its constants folded (see the module's docstring)."""
    fold = plan.names[m.name]
    attrs = plan.attrs[m.name]
    mods = plan.mods
    src = m.src
    lines = src.splitlines(keepends=True)
    starts = _offsets(src)
    edits: list[tuple[int, int, str]] = []  # (start offset, end offset, text)
    covered: list[tuple[int, int]] = []  # line spans rewritten whole (imports)

    def off(row: int, col: int) -> int:
        return starts[row - 1] + col

    for node in ast.walk(m.tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        gone = [a for a in node.names if (a.asname or a.name) in fold
                and m.imported.get(a.asname or a.name, ("", ""))[0] in mods]
        if node.module == "micropython" and not node.level and not m.const_import_needed:
            gone += [a for a in node.names if a.name == "const" and not a.asname]
        if not gone:
            continue
        first = lines[node.lineno - 1]
        indent = first[:len(first) - len(first.lstrip())]
        last = lines[node.end_lineno - 1]
        tail = last[node.end_col_offset:].strip()
        if first[:node.col_offset].strip() or (tail and not tail.startswith("#")):
            raise FoldError("%s line %d: an import shares its line with other code"
                            % (m.name, node.lineno))
        rest = [a for a in node.names if a not in gone]
        if rest:
            names = ", ".join(a.name + (" as " + a.asname if a.asname else "") for a in rest)
            text = "%sfrom %s%s import %s" % (indent, "." * node.level, node.module or "", names)
        else:
            text = indent + "pass"
        text += "\n" * (node.end_lineno - node.lineno + 1)
        edits.append((starts[node.lineno - 1], starts[node.end_lineno], text))
        covered.append((node.lineno, node.end_lineno))

    # definitions: made private, or left as they are where some use still needs the name
    defs = {(n.targets[0].lineno, n.targets[0].col_offset): name not in plan.kept[m.name]
            for name, n in m.defs.items() if name in m.consts}
    toks = [t for t in tokenize.generate_tokens(io.StringIO(src).readline)
            if t.type not in (tokenize.NL, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)]
    for i, t in enumerate(toks):
        if t.type != tokenize.NAME:
            continue
        row, col = t.start
        if any(a <= row <= b for a, b in covered):
            continue
        prev = toks[i - 1].string if i else ""
        if (row, col) in defs:
            if defs[(row, col)]:
                edits.append((off(row, col), off(*t.end), "_" + t.string))
            continue
        if prev == ".":
            continue
        nxt = toks[i + 1].string if i + 1 < len(toks) else ""
        if t.string in fold:
            v = fold[t.string]
            text = "(%d)" % v if nxt == "." else _literal(v)
            edits.append((off(row, col), off(*t.end), text))
        elif t.string in attrs and nxt == "." and i + 2 < len(toks):
            target = mods[attrs[t.string]]
            a = toks[i + 2]
            if a.type == tokenize.NAME and a.string in target.consts:
                after = toks[i + 3].string if i + 3 < len(toks) else ""
                if after in ("=", "+=", "-=", "|=", "&="):
                    raise FoldError("%s line %d: %s.%s is assigned to"
                                    % (m.name, row, t.string, a.string))
                if a.start[0] != row:
                    raise FoldError("%s line %d: %s. %s spans lines"
                                    % (m.name, row, t.string, a.string))
                v = target.consts[a.string]
                text = "(%d)" % v if after == "." else _literal(v)
                edits.append((off(row, col), off(*a.end), text))
    out = src
    for a, b, text in sorted(edits, reverse=True):
        out = out[:a] + text + out[b:]
    _check(m, plan, out)
    return out


def _check(m: Module, plan: Plan, out: str) -> None:
    """The folded source parses, keeps every line where it was, and uses no folded name."""
    tree = ast.parse(out)
    if out.count("\n") != m.src.count("\n"):
        raise FoldError("%s: the line count changed" % m.name)
    before = [(type(n).__name__, n.lineno) for n in ast.walk(m.tree)
              if isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.Return, ast.Raise))]
    after = [(type(n).__name__, n.lineno) for n in ast.walk(tree)
             if isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.Return, ast.Raise))]
    if before != after:
        raise FoldError("%s: a statement moved to another line" % m.name)
    fold = plan.names[m.name]
    for n in ast.walk(tree):
        if isinstance(n, ast.Name) and n.id in fold and isinstance(n.ctx, ast.Load):
            raise FoldError("%s line %d: %s is still read" % (m.name, n.lineno, n.id))
        if isinstance(n, ast.Attribute):
            target = _module_path(n.value, m)
            src = plan.mods.get(target or "")
            if src is not None and n.attr in src.consts and n.attr not in plan.kept[src.name]:
                # e.g. ``uno.core.game.PH_PLAY`` after ``import uno.core.game``: made private there
                raise FoldError("%s line %d: %s.%s is read in a way the fold does not rewrite"
                                % (m.name, n.lineno, target, n.attr))
            if (src is not None and n.attr not in src.consts
                    and n.attr in plan.names[src.name]):
                # e.g. ``G.DRAW`` where uno.core.game only imports DRAW: that import goes from the
                # badge's copy, and the read would fail there at run time
                raise FoldError("%s line %d: %s.%s is only imported there: read it from where "
                                "it is defined" % (m.name, n.lineno, target, n.attr))


def _module_path(node: ast.AST, m: Module) -> str | None:
    """The module ``node`` names in ``m`` (an alias, or a dotted path from ``import a.b``)."""
    if isinstance(node, ast.Name):
        if node.id in m.aliases and node.id not in m.bound:
            return m.aliases[node.id]
        return node.id if node.id in m.plain else None
    if isinstance(node, ast.Attribute):
        base = _module_path(node.value, m)
        return base + "." + node.attr if base else None
    return None


def plan_for(paths: list[Path], lib: Path = LIB) -> Plan:
    """The fold plan of the app's sources ``paths`` (files under ``lib``)."""
    mods = {}
    for p in paths:
        name = module_of(p, lib)
        mods[name] = Module(name, p.read_text(), p.name == "__init__.py")
    return Plan(mods)


def fold_tree(lib: Path = LIB) -> tuple[Plan, dict[Path, str]]:
    """Every ``.py`` under ``lib`` folded: (the plan, {path: folded source})."""
    paths = sorted(lib.rglob("*.py"))
    plan = plan_for(paths, lib)
    return plan, {p: fold_source(plan.mods[module_of(p, lib)], plan) for p in paths}


def main(argv: list[str] | None = None) -> int:
    plan, out = fold_tree()
    total = 0
    for p in out:
        name = module_of(p)
        n = len(plan.names[name])
        total += n
        if n or plan.kept[name]:
            kept = sorted(plan.kept[name])
            print("%-22s folds %3d names%s" % (name, n, ("; keeps " + ", ".join(kept))
                                               if kept else ""))
    print("%d names folded in %d modules" % (total, len(out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
