#!/usr/bin/env python3
"""The README's pictures, made by the headless simulator so that they show the game as it is.

    .venv/bin/python tools/records/screenshots.py             # writes docs/img/*.png
    .venv/bin/python tools/records/screenshots.py --out DIR   # elsewhere (tests/test_docs.py)

Each picture is one scripted run of ``python -m host_sim --headless`` (the same code as the
badge, drawn by Blinka's displayio) at 3x scale, with no save file, so a run makes the same
bytes every time; tests/test_docs.py checks that docs/img/ holds what this tool makes now.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# name: the simulator's arguments (docs/FORMATS.md has the press script's format)
SHOTS = {
    # the title screen as a badge starts (no save: no Continue)
    "title": ["--seed", "1", "--keys", "WAIT:1"],
    # New match at four seats, a few of the computers' turns, the cursor moved once
    "table-4-seats": ["--seed", "5", "--seats", "human,normal,advanced,easy",
                      "--keys", "A WAIT:60 RIGHT"],
}
SCALE = 3


def shoot(name: str, out: Path) -> Path:
    """Run the simulator for picture ``name``; returns the PNG's path."""
    png = out / (name + ".png")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    cmd = [sys.executable, "-P", "-m", "host_sim", "--headless", "--quiet", "--nvm", "none",
           "--scale", str(SCALE), "--screenshot", str(png), *SHOTS[name]]
    r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    if r.returncode != 0 or not png.is_file():
        raise SystemExit("screenshots: %s failed: %s" % (name, (r.stderr or r.stdout).strip()))
    return png


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "img"),
                    help="folder for the PNGs (default docs/img)")
    a = ap.parse_args(argv)
    out = Path(a.out)
    if not out.is_dir():
        print("screenshots: --out %s: no such folder" % out, file=sys.stderr)
        return 2
    for name in SHOTS:
        print(shoot(name, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
