"""Every level's answers in the swap and jump-in phases (RULES.md `seven_zero`, `jump_in`;
docs/AI.md, "The party rules"). Apart from uno.players.normal: a match without those rules never
loads it. """

from micropython import const

from uno.core.codes import NO_JUMP, SWAP

_EASY_JUMPS = const(4)  # Easy jumps in once in this many chances


def answer(player, obs):
    """``player``'s action in the swap or the jump-in phase of ``obs``."""
    legal = obs.legal
    easy = player.level == "easy"
    if legal[-1] == NO_JUMP:
        # Normal and Advanced: a card shed out of turn, and the seats between lose their
        # turns: it always helps. Easy: now and then.
        if easy and player.rng.below(_EASY_JUMPS):
            return NO_JUMP
        return legal[0]
    if easy:
        return legal[player.rng.below(len(legal))]
    # the hand of fewest cards (the first such after this seat in turn order)
    best = -1
    n = obs.nseats
    for i in range(1, n):
        s = (obs.seat + i * obs.direction) % n
        if best < 0 or obs.counts[s] < obs.counts[best]:
            best = s
    return SWAP + best
