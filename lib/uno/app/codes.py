"""What the table is doing (``Table.mode``) and what a play's frame holds back for the next
(``Table.pend``): the numbers uno.app.table shares with the modules it loads for a moment
(uno.app.describe, uno.app.party) and with uno.app.begin, which resumes a saved table.

Constants only, and it imports nothing, as ``uno.core.codes`` for the core: those modules name them
here rather than import the table that loads them, and the badge's build folds every use into
its value (tools/bundle/constfold.py), so the badge never loads this module.
"""

from micropython import const

# Table.mode
WAIT = const(0)  # a computer acts next, after the pace delay
HUMAN = const(1)  # waiting for the human
FLY = const(2)  # a card is moving
OVER = const(3)  # hand or match over, results next

# Table.pend: one int for the badge's heap
PLAYED = const(1)  # this frame answers your play
LANDED = const(2)  # this frame lands a computer's card
SPLIT = const(3)  # either: the frame is a play's, and the rest follows a frame later (flush)
REHAND = const(4)  # your hand, a frame after a landing
FLASH = const(8)  # the ONE! banner (uno.app.describe sets it)
RELIGHT = const(16)  # the names' highlights and the top bar
HELD = const(32)  # ``later`` is an outcome too: held in its turn (uno.app.describe)
