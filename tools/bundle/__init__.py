"""The badge's files: the bundle for CIRCUITPY, its constants' fold and names, sprites and font."""
