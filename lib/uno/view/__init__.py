"""displayio side of the app: sprite sheets, text grids, the table's display tree."""
