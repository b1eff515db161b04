"""Authority: a deck-building kingdom game for 2–4 players (seed 004), as a cardgen pack."""
