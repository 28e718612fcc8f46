"""The computer players' strength and cost: arenas, self-play, benchmarks."""
