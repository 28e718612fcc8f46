"""The game a player holds: screens as small state machines over one display tree."""
