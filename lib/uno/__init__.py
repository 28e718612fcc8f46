"""UNO for the PyBadge: the rules core (cards, rng, rules, game) shared by badge and PC."""
