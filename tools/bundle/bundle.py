"""Build the folder that goes onto a PyBadge's CIRCUITPY drive, and copy it there.

    .venv/bin/python tools/bundle/bundle.py --out build/circuitpy --cp 10 \
        [--to /media/$USER/CIRCUITPY]

``code.py`` and ``start/`` stay source (CircuitPython runs them as such); every module under
``lib/`` and every Adafruit library the device code imports (found by scanning imports with
``ast``, through those libraries too, from the pinned PyPI sources in .venv) is compiled to that
CircuitPython major version's ``.mpy``; ``sprites/`` and ``fonts/`` files the device code names
are copied.
``--requirements`` writes ``requirements-device.txt`` (for ``circup install -r``) from the same
scan, ``--check-requirements`` says whether it has drifted.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a file: the tools package is found from the root
    sys.path.insert(0, str(ROOT))

from tools.bundle import shortnames  # noqa: E402
from tools.vm import cptools  # noqa: E402

LIB = ROOT / "lib"
BUDGET = 250 * 1024
REQUIREMENTS = ROOT / "requirements-device.txt"
BOARD_MODULES_FILE = Path(__file__).resolve().parent / "pybadge_modules.txt"
ASSET_DIRS = ("sprites", "fonts")
ADAFRUIT_DIST_PREFIX = "adafruit-circuitpython-"


class BundleError(Exception):
    """A user-facing problem: printed as one line, exit status 2."""


def board_modules() -> set[str]:
    """Modules CircuitPython's pybadge build has built in (tools/bundle/pybadge_modules.txt)."""
    out = set()
    for line in BOARD_MODULES_FILE.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.add(line)
    return out


def _optional_lines(tree: ast.AST) -> set[int]:
    """Lines of imports inside ``try:`` blocks whose handlers catch ImportError (or anything):
    the code runs without them."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Try):
            continue
        names = set()
        for h in node.handlers:
            if h.type is None:
                names.add("*")
            for t in (h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]):
                if isinstance(t, ast.Name):
                    names.add(t.id)
        if names & {"*", "ImportError", "ModuleNotFoundError", "Exception", "BaseException"}:
            for stmt in node.body:
                for sub in ast.walk(stmt):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        lines.add(sub.lineno)
    return lines


def imports_of(path: Path, module: str, is_pkg: bool) -> list[tuple[str, bool, int]]:
    """(absolute module name, optional, line) for every import in the file ``path`` of ``module``.

    ``from P import n`` yields ``P.n`` too (marked optional) so a submodule imported that way is
    found; the caller drops it when no such submodule exists."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    optional = _optional_lines(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((a.name, node.lineno in optional, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = module.split(".")
                base = parts if is_pkg else parts[:-1]
                base = base[:len(base) - (node.level - 1)]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if name == "__future__":
                continue
            opt = node.lineno in optional
            if node.module or not node.level:
                out.append((name, opt, node.lineno))
            for a in node.names:
                if a.name != "*":
                    out.append((name + "." + a.name, True, node.lineno))
    return out


def _adafruit_tops() -> dict[str, str]:
    """Top-level module name -> PyPI distribution of the venv's Adafruit CircuitPython libraries."""
    out = {}
    for top, dists in metadata.packages_distributions().items():
        for d in dists:
            if d.lower().replace("_", "-").startswith(ADAFRUIT_DIST_PREFIX):
                out[top] = d
    return out


def _site_dirs() -> list[Path]:
    import site
    return [Path(p) for p in site.getsitepackages()]


def _find_file(base: Path, name: str) -> tuple[Path, bool] | None:
    p = base.joinpath(*name.split("."))
    if (p / "__init__.py").is_file():
        return p / "__init__.py", True
    if p.with_suffix(".py").is_file():
        return p.with_suffix(".py"), False
    return None


class Scan:
    """The device's modules: ours (lib/), Adafruit libraries, built-ins, and what is missing."""

    def __init__(self, builtins: set[str] | None = None) -> None:
        self.builtins = board_modules() if builtins is None else builtins
        self.adafruit = _adafruit_tops()
        self.sites = _site_dirs()
        # module name -> (source file, is package, root it is relative to, "lib" | "adafruit")
        self.modules: dict[str, tuple[Path, bool, Path, str]] = {}
        self.used_builtins: set[str] = set()
        self.missing: list[str] = []  # "file:line: module" of required imports found nowhere
        self.dists: dict[str, str] = {}  # Adafruit top-level name -> distribution

    def _locate(self, name: str) -> tuple[Path, bool, Path, str] | None:
        hit = _find_file(LIB, name)
        if hit:
            return hit[0], hit[1], LIB, "lib"
        top = name.split(".")[0]
        if top in self.adafruit:
            for site in self.sites:
                hit = _find_file(site, name)
                if hit:
                    return hit[0], hit[1], site, "adafruit"
        return None

    def run(self) -> Scan:
        """Scan code.py and every module under lib/, then what they import, transitively."""
        todo: list[tuple[str, bool, str]] = []
        entry = ROOT / "code.py"
        for name, opt, line in imports_of(entry, "__main__", False):
            todo.append((name, opt, "code.py:%d" % line))
        for p in sorted(LIB.rglob("*.py")):
            if "__pycache__" in p.parts:
                continue
            rel = p.relative_to(LIB).with_suffix("")
            is_pkg = rel.name == "__init__"
            mod = ".".join(rel.parts[:-1] if is_pkg else rel.parts)
            self.modules[mod] = (p, is_pkg, LIB, "lib")
            for name, opt, line in imports_of(p, mod, is_pkg):
                todo.append((name, opt, "%s:%d" % (p.relative_to(ROOT), line)))
        while todo:
            name, opt, where = todo.pop()
            if name in self.modules:
                continue
            parts = name.split(".")
            if parts[0] in self.builtins:
                self.used_builtins.add(parts[0])
                continue
            hit = self._locate(name)
            if hit is None:
                if not opt:
                    self.missing.append("%s: %s" % (where, name))
                continue
            # a package's submodule needs the package's __init__ too
            for i in range(1, len(parts)):
                todo.append((".".join(parts[:i]), False, where))
            self.modules[name] = hit
            if hit[3] == "adafruit":
                self.dists[parts[0]] = self.adafruit[parts[0]]
            src, is_pkg = hit[0], hit[1]
            for sub, sopt, line in imports_of(src, name, is_pkg):
                todo.append((sub, sopt, "%s:%d" % (name, line)))
        return self

    def assets(self) -> list[Path]:
        """Files of sprites/ and fonts/ the device code names (and their .license files)."""
        text = (ROOT / "code.py").read_text()
        for src, _, _, kind in self.modules.values():
            if kind == "lib":
                text += src.read_text(encoding="utf-8")
        out = []
        for d in ASSET_DIRS:
            for p in sorted((ROOT / d).glob("*")):
                if p.is_file() and not p.name.endswith(".license") and p.name in text:
                    out.append(p)
                    lic = p.with_name(p.name + ".license")
                    if lic.is_file():
                        out.append(lic)
        return out


def requirements_text(scan: Scan) -> str:
    """requirements-device.txt: the Adafruit libraries the device imports, as circup names them."""
    lines = [
        "# Adafruit libraries the PyBadge code imports (tools/bundle/bundle.py --requirements",
        "# writes this from a scan of code.py and lib/; a test checks it has not drifted).",
        "# Install onto a mounted badge with:  circup install -r requirements-device.txt",
    ]
    if not scan.dists:
        lines.append("# None: the badge's pages draw their text with the game's own font sheet.")
        return "\n".join(lines) + "\n"
    lines.append("# tools/bundle/bundle.py ships the same libraries, compiled from these PyPI "
                 "versions:")
    for top in sorted(scan.dists):
        d = scan.dists[top]
        lines.append("#   %s==%s" % (re.sub(r"[-_.]+", "-", d).lower(), metadata.version(d)))
    lines += sorted(scan.dists)
    return "\n".join(lines) + "\n"


def _compiler(cp: int, explicit: str | None) -> tuple[list[str], bool, str]:
    if explicit:
        p = Path(explicit)
        if not (p.is_file() and os.access(p, os.X_OK)):
            raise BundleError("--mpy-cross %s: not an executable file" % explicit)
        r = subprocess.run([str(p), "--version"], capture_output=True, text=True)
        ver = (r.stdout + r.stderr).strip().splitlines()[:1]
        ver_s = ver[0] if ver else "unknown version"
        is_cp = ver_s.startswith("CircuitPython %d." % cp)
        if not is_cp and ver_s.startswith("CircuitPython"):
            raise BundleError("--mpy-cross %s is %s, not %d.x" % (explicit, ver_s, cp))
        note = "given mpy-cross: %s (%s)" % (explicit, ver_s)
        if not is_cp:
            note += "; header byte set to 'C'"
        return [str(p)], is_cp, note
    cmd, is_cp, note = cptools.mpy_cross(cp)
    if cmd is None:
        raise BundleError(note)
    return cmd, is_cp, note


def build(out: Path, cp: int = 10, mpy_cross: str | None = None,
          log=print, lean: bool = True,
          short: bool = True) -> tuple[list[tuple[str, int]], Scan, str]:
    """Write the bundle into ``out`` (emptied first); ([(relative path, bytes)], scan, note).
    ``lean``: every module compiled without line numbers (``mpy-cross -O3``: LEAN), the
    default; False keeps them (``--lines``: LINES);
    ``short``: the app's names renamed to the firmware's (tools/bundle/shortnames.py; the map in
    ``names.map`` beside code.py, where the game finds its functions' names after an error)."""
    scan = Scan().run()
    if scan.missing:
        raise BundleError("imports found neither in lib/, the venv's Adafruit libraries nor the "
                          "badge's built-ins: " + "; ".join(sorted(scan.missing)))
    cmd, is_cp, note = _compiler(cp, mpy_cross)
    if lean:
        cmd = cmd + cptools.LEAN_FLAGS
        note += "; " + LEAN
    else:
        note += "; " + LINES
    if out.exists():
        if not out.is_dir():
            raise BundleError("--out %s exists and is not a folder" % out)
        if any(out.iterdir()) and not (out / "code.py").is_file():
            raise BundleError("--out %s is not empty and holds no code.py: not overwriting it"
                              % out)
        shutil.rmtree(out)
    out.mkdir(parents=True)
    files: list[tuple[str, int]] = []
    shutil.copyfile(ROOT / "code.py", out / "code.py")
    files.append(("code.py", (out / "code.py").stat().st_size))
    # start/: the code files of the match's and the pages' programs (code.py's restart), run
    # as source after a reload like code.py itself
    (out / "start").mkdir()
    for p in sorted((ROOT / "start").glob("*.py")):
        shutil.copyfile(p, out / "start" / p.name)
        files.append(("start/" + p.name, p.stat().st_size))
    # The game's public constants folded into their uses (tools/bundle/constfold.py): the badge then
    # interns none of their names and keeps no global of them; and the app's own names the
    # firmware's (tools/bundle/shortnames.py): in flash, not in the heap
    lib = (ROOT / "lib").resolve()
    with tempfile.TemporaryDirectory(prefix="uno-fold-") as tmp:
        folded, names = shortnames.write_built(Path(tmp), lib, short=short)
        if names is not None:
            (out / "names.map").write_text(shortnames.map_text(names))
            files.append(("names.map", (out / "names.map").stat().st_size))
            note += "; %d names the firmware's (%s)" % (len(names.names), NAMES_NOTE)
        for name in sorted(scan.modules):
            src, is_pkg, base, _ = scan.modules[name]
            if is_pkg and docstring_only(src):
                # a namespace package on the badge (CircuitPython 9 and 10 import a folder
                # without __init__): no module of its own to load, 60-80 bytes of heap less
                # each (its code and its file's interned path)
                continue
            rel = src.relative_to(base).with_suffix(".mpy")
            if src.resolve().is_relative_to(lib):
                src = folded / src.resolve().relative_to(lib)
            files.append(_compile(cmd, is_cp, src, out, rel))
    for p in scan.assets():
        rel_s = p.relative_to(ROOT).as_posix()
        (out / rel_s).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(p, out / rel_s)
        files.append((rel_s, p.stat().st_size))
    return files, scan, note


def docstring_only(src: Path) -> bool:
    """True when the module ``src`` is a docstring and nothing else (the bundle leaves such a
    package's ``__init__`` out)."""
    body = ast.parse(src.read_text()).body
    return len(body) == 1 and isinstance(body[0], ast.Expr) \
        and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)


# What a traceback's function names are in a bundle with the firmware's names
NAMES_NOTE = ("after an error the console and the error screen name the source's functions "
              "from names.map; --long-names keeps them")

# The bundle's code keeps no line numbers (about a byte a statement): a match in play needs
# about 3 KB less of the badge's heap (docs/BENCHMARKS.md); its tracebacks and error screen name
# the file and the function, not the line. ``--lines`` keeps them, to find a line on the badge
# (the simulator's tracebacks always have them).
LEAN = "lean: no line numbers (mpy-cross -O3; the error screen names the file and function)"
LINES = "with line numbers (--lines: about 3 KB more of the badge's heap in a match)"


def _compile(cmd: list[str], is_cp: bool, src: Path, out: Path, rel: Path) -> tuple[str, int]:
    """Compile ``src`` to ``out/lib/rel`` (an .mpy); (its bundle path, bytes)."""
    dst = out / "lib" / rel
    dst.parent.mkdir(parents=True, exist_ok=True)
    # The source name is the path CircuitPython opens it by (sys.path's "/lib"): the import
    # interns that path for __file__ anyway, so the name in the .mpy adds none of its own
    # (one interned name fewer per module), and a traceback names the file on the drive
    r = subprocess.run(cmd + ["-s", "/lib/" + rel.as_posix(), "-o", str(dst), str(src)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise BundleError("mpy-cross failed on %s: %s" % (src, (r.stderr or r.stdout).strip()))
    if not is_cp:
        cptools.patch_header(dst)
    return "lib/" + rel.as_posix(), dst.stat().st_size


def _group(rel: str) -> str:
    parts = rel.split("/")
    if parts[0] == "lib":
        return "lib/" + parts[1].removesuffix(".mpy") + ("/" if len(parts) > 2 else "")
    return parts[0] + ("/" if len(parts) > 1 else "")


def summary(files: list[tuple[str, int]]) -> list[str]:
    """The size table: one line per group (code.py, lib/uno/, each library, sprites/, fonts/)."""
    groups: dict[str, list[int]] = {}
    for rel, size in files:
        groups.setdefault(_group(rel), []).append(size)
    lines = ["%-32s %5s %9s" % ("part", "files", "bytes")]
    for g, sizes in groups.items():
        lines.append("%-32s %5d %9d" % (g, len(sizes), sum(sizes)))
    total = sum(s for _, s in files)
    lines.append("%-32s %5d %9d" % ("total", len(files), total))
    lines.append("bundle: %.1f KB of the 250 KB budget (%s); %.1f KB on the drive in 512-byte "
                 "clusters" % (total / 1024, "within" if total <= BUDGET else "OVER",
                               sum(_on_disk(s) for _, s in files) / 1024))
    return lines


def vm_check(out: Path, scan: Scan, cp: int = 10) -> tuple[bool | None, str]:
    """Import every pure module of the bundle (those not reaching hardware modules) on
    CircuitPython 10.2.1's Unix port (``cp`` 9: 9.2.8's, built as the badge's firmware is,
    tools/vm/cpvm/build_vm.sh --cp 9); (None, why) when the VM is absent."""
    vm, note = cptools.vm(badge=cp == 9, cp=cp)
    if vm is None:
        return None, note
    probe = ("for n in %r:\n  try:\n    __import__(n)\n    print(n)\n"
             "  except ImportError:\n    pass\n")
    r = subprocess.run([vm, "-c", probe % sorted(scan.builtins)], capture_output=True, text=True,
                       env={**os.environ, "MICROPYPATH": ""}, timeout=60)
    have = set(r.stdout.split())
    deps: dict[str, set[str]] = {}
    for name, (src, is_pkg, _, _) in scan.modules.items():
        # ``from P import m`` of a submodule m is marked optional by imports_of (P.m may be a
        # name, not a module): it is a dependency whenever P.m is one of the bundle's modules
        deps[name] = {n for n, opt, _ in imports_of(src, name, is_pkg)
                      if not opt or n in scan.modules}

    def pure(name: str, seen: set[str]) -> bool:
        if name in seen:
            return True
        seen.add(name)
        for d in deps.get(name, ()):
            top = d.split(".")[0]
            if d in scan.modules:
                if not pure(d, seen):
                    return False
            elif top in scan.builtins and top not in have:
                return False
        return True

    mods = sorted(n for n in scan.modules if pure(n, set()))
    script = "import gc\nfor n in %r:\n  __import__(n)\n  gc.collect()\nprint('ok', len(%r))\n" % (
        mods, mods)
    # the badge's firmware has __future__ (the Adafruit libraries import it); the Unix port
    # lacks it, so its stand-in (tools/vm/cpvm) goes on the path, outside the bundle
    # (a folder of this run's own: test workers check bundles at the same time)
    with tempfile.TemporaryDirectory(prefix="uno-vm-future-") as future:
        shutil.copy(ROOT / "tools" / "vm" / "cpvm" / "__future__.py",
                    Path(future) / "__future__.py")
        r = subprocess.run([vm, "-X", "heapsize=200k", "-c", script], capture_output=True,
                           text=True, timeout=120,
                           env={**os.environ, "MICROPYPATH": "%s:%s" % (out / "lib", future)})
    ok = r.returncode == 0 and r.stdout.strip() == "ok %d" % len(mods)
    if ok:
        return True, "%s imported %d pure modules from the bundle: %s" % (
            Path(vm).name, len(mods), " ".join(mods))
    return False, "%s failed importing the pure modules: %s" % (
        Path(vm).name, (r.stderr or r.stdout).strip().splitlines()[-1:])


def _is_circuitpy(path: Path) -> bool:
    return (path / "boot_out.txt").is_file()


def _on_disk(size: int) -> int:
    """Bytes a file takes on CIRCUITPY's FAT (512-byte clusters)."""
    return -(-size // 512) * 512


def check_dest(dest: Path, force: bool = False) -> None:
    """Refuse (BundleError) a --to that is not a mounted CIRCUITPY drive, unless ``force``."""
    if not dest.is_dir():
        raise BundleError("--to %s: no such folder (is the badge mounted?)" % dest)
    if not _is_circuitpy(dest) and not force:
        raise BundleError("--to %s does not look like a CIRCUITPY drive (no boot_out.txt); "
                          "add --force to copy anyway" % dest)


def install(out: Path, files: list[tuple[str, int]], scan: Scan, dest: Path, force: bool = False,
            log=print) -> None:
    """Copy the bundle onto a mounted CIRCUITPY drive: replace the game's own files, remove
    ``.py`` files that would shadow a shipped ``.mpy``, keep everything else."""
    check_dest(dest, force)
    tops = sorted({rel.split("/")[1] for rel, _ in files if rel.startswith("lib/")})
    shipped = {rel for rel, _ in files}
    # Replaced as a whole: our package and each library package; single-file modules by name.
    lib = dest / "lib"
    olds = [old for top in tops for old in (lib / top.removesuffix(".mpy"),
                                            lib / (top.removesuffix(".mpy") + ".py"),
                                            lib / (top.removesuffix(".mpy") + ".mpy"))
            if old.exists()]
    replaced = 0
    for old in olds:
        inside = old.rglob("*") if old.is_dir() else [old]
        replaced += sum(_on_disk(f.stat().st_size) for f in inside if f.is_file())
    for rel, _ in files:
        if not rel.startswith("lib/") and (dest / rel).is_file():
            replaced += _on_disk((dest / rel).stat().st_size)
    need = sum(_on_disk(s) for _, s in files) - replaced
    free = shutil.disk_usage(dest).free
    if need > free:
        raise BundleError("not enough space on %s: %d bytes more needed, %d free; nothing copied"
                          % (dest, need, free))
    for old in olds:
        if old.is_dir():
            for f in sorted(old.rglob("*.py")):
                rel = f.relative_to(dest).with_suffix(".mpy").as_posix()
                if rel in shipped:
                    log("removed %s (it would shadow %s)" % (f.relative_to(dest).as_posix(), rel))
            shutil.rmtree(old)
            log("removed old %s/" % old.relative_to(dest).as_posix())
        else:
            old.unlink()
            if old.suffix == ".py":
                log("removed %s (it would shadow %s)"
                    % (old.relative_to(dest).as_posix(), old.with_suffix(".mpy").name))
    for rel, _ in files:
        dst = dest / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(out / rel, dst)
        shadow = dst.with_suffix(".py")
        if dst.suffix == ".mpy" and shadow.is_file():
            shadow.unlink()
            log("removed %s (it would shadow %s)" % (shadow.relative_to(dest).as_posix(), rel))
    if (dest / "code.txt").is_file():  # CircuitPython runs code.txt before code.py
        log("WARNING: code.txt is on the drive and runs instead of code.py: rename or delete it")
    if hasattr(os, "sync"):
        os.sync()  # the data on the drive before the user ejects it
    log("copied %d files to %s; %d KB left on the drive" % (
        len(files), dest, shutil.disk_usage(dest).free / 1024))


def main(argv: list[str] | None = None) -> int:
    """Command line: build (and optionally install) the bundle, or write/check the requirements."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, help="folder to build the bundle in")
    ap.add_argument("--cp", type=int, choices=(9, 10), default=10,
                    help="CircuitPython major version on the badge (boot_out.txt says it)")
    ap.add_argument("--mpy-cross", help="this mpy-cross instead of the one found")
    ap.add_argument("--to", type=Path, help="copy the bundle onto this mounted CIRCUITPY drive")
    ap.add_argument("--force", action="store_true", help="--to a folder without boot_out.txt")
    ap.add_argument("--files", action="store_true", help="list every file with its size")
    ap.add_argument("--lines", action="store_true",
                    help="keep line numbers in the code (tracebacks name the line): about 3 KB "
                         "less free heap on the badge")
    ap.add_argument("--long-names", action="store_true",
                    help="keep the app's own names (the firmware's save 6-9 KB of the badge's "
                         "heap a program)")
    ap.add_argument("--requirements", action="store_true",
                    help="write requirements-device.txt from the import scan")
    ap.add_argument("--check-requirements", action="store_true",
                    help="exit 1 when requirements-device.txt differs from the import scan")
    a = ap.parse_args(argv)
    try:
        if a.requirements or a.check_requirements:
            want = requirements_text(Scan().run())
            if a.requirements:
                REQUIREMENTS.write_text(want)
                print("wrote %s" % REQUIREMENTS.relative_to(ROOT))
            elif not REQUIREMENTS.is_file() or REQUIREMENTS.read_text() != want:
                print("%s differs from the import scan: run tools/bundle/bundle.py --requirements"
                      % REQUIREMENTS.relative_to(ROOT))
                return 1
            else:
                print("%s matches the import scan" % REQUIREMENTS.relative_to(ROOT))
            if not a.out:
                return 0
        if not a.out:
            raise BundleError("say where to build the bundle: --out DIR")
        if a.to:
            check_dest(a.to, a.force)
        files, scan, note = build(a.out, a.cp, a.mpy_cross, lean=not a.lines,
                                   short=not a.long_names)
        print("compiled with %s" % note)
        if "header byte set to 'C'" in note:
            print("WARNING: MicroPython's mpy-cross output is only right for CircuitPython 10.x"
                  + ("" if a.cp == 10 else "; this bundle may not load on %d.x" % a.cp))
        if a.files:
            for rel, size in files:
                print("  %-44s %7d" % (rel, size))
        print("\n".join(summary(files)))
        _, msg = vm_check(a.out, scan, a.cp)
        print(msg)
        if a.to:
            install(a.out, files, scan, a.to, a.force)
    except BundleError as e:
        print("bundle: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
