"""The printed components besides the cards: the play mat and the Resource chips."""
