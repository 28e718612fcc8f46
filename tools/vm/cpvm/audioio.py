"""Stand-in for audioio.AudioOut: plays nothing, says whether it is playing, and allocates
what the C object does on a SAMD51: its struct with two channels' DMA state (184 bytes, 192
in blocks: ports/atmel-samd/common-hal/audioio/AudioOut.h, audio_dma.h), and at the first
play a buffer as long as the sample (audio_dma.c's m_realloc), kept until the next play."""

import array


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.playing = False
        self._buf = None
        self._dma = bytearray(128)  # with the instance (three attributes): 192 bytes

    def play(self, sample, *, loop=False):
        """Start ``sample``."""
        # the app's sample is an array of 16-bit words
        n = len(sample._buffer) * (2 if isinstance(sample._buffer, array.array) else 1)
        if self._buf is None or len(self._buf) != n - 16:
            self._buf = bytearray(max(0, n - 16))  # with its object header: n bytes
        self.playing = True

    def stop(self):
        """Silence."""
        self.playing = False

    def deinit(self):
        pass
