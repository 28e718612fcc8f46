"""A Blinka displayio display that draws into a framebuffer, only where displayio says.

It keeps CircuitPython's dirty-rectangle logic (``busdisplay.BusDisplay._get_refresh_areas``)
and redraws exactly the rectangles the badge would send over SPI, so a missed update shows
up in the simulator too, and ``last_pixels`` is what the badge would have pushed.
"""

import busdisplay
import numpy as np
from displayio._area import Area


class FramebufferDisplay(busdisplay.BusDisplay):
    def __init__(self, width=160, height=128):
        super().__init__(None, b"", width=width, height=height, auto_refresh=False)
        self.fb = np.zeros((height, width), dtype=np.uint16)
        self.last_pixels = 0  # pixels redrawn by the last refresh
        self.last_areas = []
        self.render = True  # False: track dirty areas but draw nothing (fast tests)

    def _write(self, command, data):
        pass

    def _release(self):
        pass

    def _background(self):
        pass

    def _refresh_display(self):
        if not self._core.start_refresh():
            return False
        areas = busdisplay.BusDisplay._get_refresh_areas(self)
        px = 0
        rects = []
        for area in areas:
            clipped = Area()
            if not self._core.clip_area(area, clipped):
                continue
            px += clipped.size()
            rects.append((clipped.x1, clipped.y1, clipped.x2, clipped.y2))
            if self.render:
                self._draw(clipped)
        self.last_pixels = px
        self.last_areas = rects
        self._core.finish_refresh()
        return True

    def _draw(self, clipped):
        w = clipped.width()
        h = clipped.height()
        size = w * h
        words = (size + 1) // 2
        buffer = memoryview(bytearray(words * 4)).cast("I")
        mask = memoryview(bytearray(((size // 32) + 1) * 4)).cast("I")
        self._core.fill_area(clipped, mask, buffer)
        arr = np.frombuffer(buffer.tobytes()[: size * 2], dtype=">u2").reshape(h, w)
        self.fb[clipped.y1:clipped.y2, clipped.x1:clipped.x2] = arr

    def full_render(self):
        """Draw the whole screen now regardless of dirty areas (after a run without rendering)."""
        a = Area(0, 0, self.width, self.height)
        self._draw(a)

    def rgb(self):
        """The framebuffer as an (h, w, 3) uint8 array."""
        fb = self.fb.astype(np.uint32)
        r = ((fb >> 11) & 31) * 255 // 31
        g = ((fb >> 5) & 63) * 255 // 63
        b = (fb & 31) * 255 // 31
        return np.dstack((r, g, b)).astype(np.uint8)

    def lit(self, level):
        """The picture as the badge's backlight at ``level`` (0 off - 10 full) shows it: the
        window's picture. The framebuffer (``rgb``, headless screenshots) is what the display
        holds, the same at every level. Level 1 keeps 28% so a dimmed screen can be read."""
        rgb = self.rgb()
        if level >= 10:
            return rgb
        if level <= 0:
            return np.zeros_like(rgb)
        return (rgb.astype(np.uint16) * (20 + 8 * level) // 100).astype(np.uint8)

    def save_png(self, path, scale=1):
        from PIL import Image

        img = Image.fromarray(self.rgb(), "RGB")
        if scale != 1:
            img = img.resize((self.width * scale, self.height * scale), Image.NEAREST)
        img.save(path, format="PNG")
