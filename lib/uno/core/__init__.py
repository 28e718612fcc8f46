"""The rules core: cards, the rules and their presets, a match's state machine (no app, no
saves)."""
