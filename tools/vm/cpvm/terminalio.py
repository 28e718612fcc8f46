"""Stand-in for terminalio: FONT only."""

import fontio

FONT = fontio.BuiltinFont()
