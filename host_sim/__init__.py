"""PC shell for the UNO app: Blinka displayio + pygame window, or headless for tests.

Importing it puts the repository's lib/ on sys.path, as CIRCUITPY's /lib is on the badge.
"""

import os
import sys

_LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib")
if _LIB not in sys.path:
    sys.path.insert(0, _LIB)
