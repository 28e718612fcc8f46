"""The numbers a match is played in, one home each: the actions beyond card plays and the
phases (docs/CORE_API.md), and the codes of a Game's state that the modules it loads apart
(uno.core.party, uno.core.deal, uno.core.observe, the computer's search) read and write as it does.

Constants only, and it imports nothing: uno.core.game and the modules it loads for a moment
(uno.core.explain, uno.core.notation, uno.core.party, uno.core.deal) name them here, none through
another, so no import runs back up. The badge's build folds every use into its value
(tools/bundle/constfold.py): the badge never loads this module. """

from micropython import const

# Actions beyond card plays (0..63 play a card: uno.core.cards.play_action).
DRAW = const(64)
PASS = const(65)
CHALLENGE = const(66)
ACCEPT = const(67)  # take a W+4 or a stacked penalty
CALL_ONE = const(68)
NO_ONE = const(69)  # the ONE window closed without a call
CATCH = const(70)
NO_CATCH = const(71)
COLOUR = const(72)  # COLOUR + c chooses colour c for a W turned up first
SWAP = const(76)  # SWAP + s: after a 7, swap hands with seat s (seven_zero)
NO_JUMP = const(80)  # let the jump-in go (jump_in)

# Phases (``g.phase``): what the actor is asked.
PH_PLAY = const(0)
PH_DRAWN = const(1)
PH_COLOUR = const(2)
PH_CHALLENGE = const(3)
PH_STACK = const(4)
PH_ONE = const(5)
PH_CATCH = const(6)
PH_HAND_OVER = const(7)
PH_MATCH_OVER = const(8)
PH_NEW = const(9)
PH_SWAP = const(10)  # the 7's player chooses whom to swap with
PH_JUMP = const(11)  # a seat holding the card just played may jump in

# ``Game._rules_bits``: the W+4 rule (the two low bits), six flags of the rules and, from bit
# RB_LIMIT up, the hand limit. One attribute, not eight, keeps a search's sampled Game within
# a 29-slot attribute table (232 B; see uno.core.game.Game).
WD4_CHALLENGE = const(0)
WD4_STRICT = const(1)
WD4_FREE = const(2)
WD4_BITS = const(3)
RB_REPEAT = const(4)  # draw=repeat
RB_STACK = const(8)  # stacking=on or mixed
RB_MIXED = const(16)  # stacking=mixed: a W+4 answers a +2
RB_MATCH = const(32)  # draw=match
RB_SEVEN = const(64)  # seven_zero=on
RB_JUMP = const(128)  # jump_in=on
RB_LIMIT = const(8)  # the shift of the hand limit

# A seat's void mask (``g.void[p]``, ``obs.void[p]``): bit c (0-3) when it showed it holds no
# card of colour c (it drew on that colour). Bit 4 (no wild) and bit VOID_KIND + k (no plain
# card of kind k, 0-12) are never set by the core: the RLCard adapter sets them, and the
# computer's sampled deals honour every bit.
NO_WILD = const(0x10)
VOID_KIND = const(5)

# Each seat's last two plays from the hand (``g.last_play``): LAST_REC bytes a play, the
# latest first (uno.players.search checks sampled hands against them).
LAST_PLAY = const(12)
LAST_REC = const(6)

# The undo journal's op (its low 3 bits) for hands swapped (the seats in bits 3-5 and 6-8), or with
# bit 9 passed on (bit 10: forward): uno.core.party writes it, uno.core.journal's pop hands it back
# to uno.core.party (the journal's other ops are its own).
J_HANDS = const(7)
