"""Game records (checked by replay) and the README's pictures."""
