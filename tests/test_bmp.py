"""Sprite sheets: uno.view.bmp gives the same pixels through bitmaptools.readinto (the badge's
fast path) and through its Python loop, for 1, 4 and 8 bits per pixel and both row orders;
a missing or damaged sheet gives a one-line message naming the file and what to do."""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

import pytest
from PIL import Image

with contextlib.redirect_stdout(io.StringIO()):  # Blinka's "GENERIC_X86 not supported" note
    import displayio  # noqa: F401

from uno.view import bmp

ROOT = Path(__file__).resolve().parent.parent


def _write(path: Path, bpp: int, w: int, h: int, top_down: bool = False) -> list[list[int]]:
    """A BMP of random palette indices written by hand (PIL writes only bottom-up); returns
    the rows top first."""
    rnd = random.Random(bpp * 1000 + w)
    n = 1 << bpp
    rows = [[rnd.randrange(n) for _ in range(w)] for _ in range(h)]
    stride = ((w * bpp + 31) // 32) * 4
    data = bytearray()
    for row in (rows if top_down else rows[::-1]):
        packed = bytearray(stride)
        for x, v in enumerate(row):
            bit = x * bpp
            packed[bit // 8] |= v << (8 - bpp - bit % 8)
        data += packed
    pal = b"".join(bytes((i * 7 % 256, i * 13 % 256, i * 29 % 256, 0)) for i in range(n))
    offset = 14 + 40 + len(pal)
    head = b"BM" + (offset + len(data)).to_bytes(4, "little") + bytes(4) + \
        offset.to_bytes(4, "little")
    info = (40).to_bytes(4, "little") + w.to_bytes(4, "little", signed=True) + \
        (-h if top_down else h).to_bytes(4, "little", signed=True) + (1).to_bytes(2, "little") + \
        bpp.to_bytes(2, "little") + bytes(4) + len(data).to_bytes(4, "little") + bytes(8) + \
        n.to_bytes(4, "little") + bytes(4)
    path.write_bytes(head + info + pal + bytes(data))
    return rows


def _pixels(b) -> list[list[int]]:
    return [[b[x, y] for x in range(b.width)] for y in range(b.height)]


@pytest.mark.parametrize("bpp,w,h,top_down", [(1, 37, 5, False), (4, 13, 6, False),
                                             (8, 9, 7, False), (4, 13, 6, True)])
def test_both_paths_give_the_files_pixels(tmp_path, bpp, w, h, top_down):
    path = tmp_path / "sprites" / "x.bmp"
    path.parent.mkdir()
    rows = _write(path, bpp, w, h, top_down)
    value_count = 256 if bpp == 8 else 1 << bpp
    fast, colours = bmp.load(str(path), value_count)
    slow, colours2 = bmp.load(str(path), value_count, fast=False)
    assert _pixels(slow) == rows
    assert _pixels(fast) == rows
    assert colours == colours2 and colours[1] == (29 << 16 | 13 << 8 | 7)


def test_the_shipped_sheets_load_alike():
    """The real sheets, checked against PIL's reading of the same files."""
    for name, vc in (("cards", 16), ("icons", 16), ("font", 2)):
        path = ROOT / "sprites" / (name + ".bmp")
        img = Image.open(path)
        want = list(img.tobytes())
        if img.mode == "1":  # PIL packs 1-bit images; unpack to one index per pixel
            want = [(img.tobytes()[(y * ((img.width + 7) // 8)) + x // 8] >> (7 - x % 8)) & 1
                    for y in range(img.height) for x in range(img.width)]
        for fast in (True, False):
            b, _ = bmp.load(str(path), vc, fast=fast)
            got = [b[x, y] for y in range(b.height) for x in range(b.width)]
            assert got == want, (name, fast)


def test_missing_sheet_says_copy_sprites(tmp_path):
    with pytest.raises(bmp.SpriteError) as e:
        bmp.load(str(tmp_path) + "/sprites/cards.bmp")
    assert str(e.value) == "sprites/cards.bmp missing: copy sprites/ to CIRCUITPY"


@pytest.mark.parametrize("cut,why", [(10, "not a BMP"), (-40, "cut short"), (None, "not a BMP")])
def test_damaged_sheet_says_copy_again(tmp_path, cut, why):
    real = (ROOT / "sprites" / "cards.bmp").read_bytes()
    data = b"PK\x03\x04 not an image at all" * 4 if cut is None else real[:cut]
    path = tmp_path / "sprites" / "cards.bmp"
    path.parent.mkdir()
    path.write_bytes(data)
    with pytest.raises(bmp.SpriteError) as e:
        bmp.load(str(path))
    assert str(e.value) == "sprites/cards.bmp damaged (%s): copy sprites/ to CIRCUITPY again" % why
    assert "\n" not in str(e.value)


def test_absurd_header_is_damaged_not_out_of_memory(tmp_path):
    real = bytearray((ROOT / "sprites" / "icons.bmp").read_bytes())
    real[18:22] = (100000).to_bytes(4, "little")
    path = tmp_path / "icons.bmp"
    path.write_bytes(bytes(real))
    with pytest.raises(bmp.SpriteError, match="damaged"):
        bmp.load(str(path))


def test_startup_bench_says_not_measured_without_valgrind(tmp_path):
    """tools/vm/bench_startup.py needs valgrind (and the VM): without it, it says so and exits 0."""
    import subprocess
    import sys

    r = subprocess.run([sys.executable, str(ROOT / "tools" / "vm" / "bench_startup.py")],
                       env={"PATH": str(tmp_path)}, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("start-up: not measured: ")
