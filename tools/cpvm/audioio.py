"""Stand-in for audioio.AudioOut: plays nothing, says whether it is playing."""


class AudioOut:
    def __init__(self, left_channel, right_channel=None, quiescent_value=0x8000):
        self.playing = False

    def play(self, sample, loop=False):
        """Start ``sample``."""
        self.playing = True

    def stop(self):
        """Silence."""
        self.playing = False

    def deinit(self):
        pass
