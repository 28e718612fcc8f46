"""The documents say what is true now: docs/CORE_API.md's names exist and its examples run,
no file of the project carries words of a work log, no docs page grows past about 500 lines,
and the README's pictures are what tools/records/screenshots.py makes."""

from __future__ import annotations

import doctest
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE_API = ROOT / "docs" / "CORE_API.md"


def _sections(text):
    """(modules, body) for each '## ... (`uno.x`, `uno.y`)' section of CORE_API.md."""
    out = []
    for part in re.split(r"^## ", text, flags=re.M)[1:]:
        head, _, body = part.partition("\n")
        mods = re.findall(r"`(uno(?:\.\w+)+)`", head)
        if mods:
            out.append((mods, body))
    return out


def _names(body):
    """The names on a section's 'Names:' line (it runs to the next blank line)."""
    m = re.search(r"^Names: (.*?)(?:\n\n|\Z)", body, flags=re.M | re.S)
    return re.findall(r"`(\w+)`", m.group(1)) if m else []


def test_core_api_names_every_name_it_documents_from_its_module():
    sys.path.insert(0, str(ROOT / "lib"))
    sections = _sections(CORE_API.read_text())
    assert len(sections) >= 5, "CORE_API.md's sections name their modules: ## Title (`uno.x`)"
    missing = []
    for mods, body in sections:
        names = _names(body)
        assert names, "a section of %s lists no names" % mods
        loaded = [importlib.import_module(m) for m in mods]
        missing += ["%s.%s" % (mods[0], n) for n in names
                    if not any(hasattr(m, n) for m in loaded)]
    assert not missing, "docs/CORE_API.md names what does not exist: %s" % ", ".join(missing)


def test_core_api_examples_run():
    sys.path.insert(0, str(ROOT / "lib"))
    text = CORE_API.read_text()
    blocks = re.findall(r"^```pycon\n(.*?)^```", text, flags=re.M | re.S)
    assert len(blocks) >= 5
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, "CORE_API.md block %d" % (i + 1), str(CORE_API), 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 20 and result.failed == 0, (
        "%d of docs/CORE_API.md's examples fail (output above)" % result.failed)


# Words of a work log, not of the software: a session's number, an issue's number, a crew.
# Built from parts so that this file does not match itself.
_STOP = "st" + "op"
ISSUE_REF = re.compile(r"(?<![\w&/])#\d+\b")
WORK_LOG = [
    (re.compile(r"\b%ss? \d+" % _STOP, re.I), "a session number"),
    (re.compile(r"\b%s\d+\b" % _STOP, re.I), "a session number"),
    (re.compile(r"\biss" + r"ues? \d+", re.I), "an issue number"),
    (ISSUE_REF, "an issue number"),
    (re.compile(r"\bthe te" + r"am\b", re.I), "a crew"),
]
WRAPPED = re.compile(r"\b(?:%ss?|iss" r"ues?)[ \t]*\n[ \t]*(?:#+[ \t]*)?\d+" % _STOP, re.I)
SCANNED = ["lib", "code.py", "start", "host_sim", "tools", "tests", "docs", "README.md",
           "test.sh", "play.sh", ".ci"]
TEXT_SUFFIXES = {".py", ".md", ".sh", ".txt", ".toml", ".cfg", ".json", ".jsonl", ""}


def _scanned_files():
    for name in SCANNED:
        p = ROOT / name
        files = [p] if p.is_file() else sorted(f for f in p.rglob("*") if f.is_file())
        for f in files:
            if f.suffix in TEXT_SUFFIXES and "__pycache__" not in f.parts:
                yield f


def test_no_work_log_words_in_code_tests_tools_or_docs():
    """CHANGELOG.md and the git history hold how the work went; everywhere else a comment says
    why in terms of the code and its measurements."""
    hits = []
    for f in _scanned_files():
        try:
            text = f.read_text()
        except UnicodeDecodeError:
            continue
        fenced = False
        for n, line in enumerate(text.splitlines(), 1):
            if f.suffix == ".md" and line.startswith("```"):
                fenced = not fenced
            for pat, what in WORK_LOG:
                if fenced and pat is ISSUE_REF:  # in a screen's picture "#" is a glyph
                    continue
                m = pat.search(line)
                if m:
                    hits.append("%s:%d: %r (%s)" % (f.relative_to(ROOT), n, m.group(0), what))
        # the same words wrapped over two lines of a comment or a paragraph
        for m in WRAPPED.finditer(text):
            hits.append("%s: %r (wrapped)" % (f.relative_to(ROOT), m.group(0)))
    assert not hits, "%d lines name how the work went:\n%s" % (len(hits), "\n".join(hits[:40]))


# A file of the tools named by its path: the documents' commands and the code's pointers must
# follow the tools when they move (not a path inside another repository: "$SRC/tools/...")
TOOL_PATH = re.compile(r"(?<![\w./:$-])tools/[\w./-]*?\.(?:py|sh|txt|c)\b")


def paths_named_nowhere(pattern: re.Pattern) -> list[str]:
    """The paths ``pattern`` finds in the scanned files that name no file, as "file:line: path"
    (a path with "NAME" in it stands for any file)."""
    missing = []
    for f in _scanned_files():
        try:
            text = f.read_text()
        except UnicodeDecodeError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            for m in pattern.finditer(line):
                if "NAME" not in m.group(0) and not (ROOT / m.group(0)).is_file():
                    missing.append("%s:%d: %s" % (f.relative_to(ROOT), n, m.group(0)))
    return missing


def test_every_tool_a_file_or_a_document_names_is_where_it_says():
    missing = paths_named_nowhere(TOOL_PATH)
    assert not missing, "%d paths name no file:\n%s" % (len(missing), "\n".join(missing[:40]))


def test_the_work_log_patterns_catch_what_they_are_for():
    said = ["measured at %s 57" % _STOP, "(%s57)" % _STOP.capitalize(), "see iss" + "ue 8",
            "fixes #" + "12", "The te" + "am's VM"]
    fine = ["a stop of 4 cards", "stops the run", "fill: #ffcc00",
            "tiss" + "ue 4", "teammate", "#define X", "a&#39;b"]
    for s in said:
        assert any(p.search(s) for p, _ in WORK_LOG), s
    assert WRAPPED.search("measured at %s\n    # 57: +0.1" % _STOP)
    for s in fine:
        assert not any(p.search(s) for p, _ in WORK_LOG), s


# A module of the game named by its path (``lib/uno/saves/codec.py``): the documents and the
# code's pointers follow a module when it moves to another package ("NAME" stands for any)
LIB_PATH = re.compile(r"(?<![\w./:$-])lib/uno/[\w./-]*?\.py\b")


def test_every_module_of_lib_a_file_or_a_document_names_is_where_it_says():
    missing = paths_named_nowhere(LIB_PATH)
    assert not missing, "%d paths name no file:\n%s" % (len(missing), "\n".join(missing[:40]))


def test_no_docs_page_is_a_journal():
    """A reference page stays short enough to read: about 500 lines at most."""
    long = {p.name: n for p in (ROOT / "docs").glob("*.md")
            if (n := len(p.read_text().splitlines())) > 550}
    long.update({"README.md": n} if (n := len((ROOT / "README.md").read_text().splitlines()))
                > 160 else {})
    assert not long, "too long (lines): %s" % long


def test_the_readmes_pictures_are_what_the_tool_makes(tmp_path):
    readme = (ROOT / "README.md").read_text()
    pictures = re.findall(r"\]\((docs/img/[\w.-]+\.png)\)", readme)
    assert len(pictures) >= 2, "the README shows the title and a table"
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "records" / "screenshots.py"), "--out",
                        str(tmp_path)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    for rel in pictures:
        made = tmp_path / Path(rel).name
        assert made.is_file(), "tools/records/screenshots.py does not make %s" % rel
        assert made.read_bytes() == (ROOT / rel).read_bytes(), (
            "%s is not what tools/records/screenshots.py makes now: run it and look at the picture"
            % rel)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
