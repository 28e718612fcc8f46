"""Stand-in for audiocore.RawSample: keeps the caller's buffer (as the C object does)."""


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        self._buffer = buffer  # C keeps it, unnamed
        self.sample_rate = sample_rate
