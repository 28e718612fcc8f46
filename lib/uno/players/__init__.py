"""The computer players: ``make`` (the factory), Easy, Normal, Advanced and its search."""
