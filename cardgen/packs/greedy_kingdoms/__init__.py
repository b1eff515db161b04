"""Greedy Kingdoms: two greedy kings race to place a second Royal Palace."""
