"""Harbour Bid: the starter game of the engine kit (docs/engine-tutorial.md)."""
