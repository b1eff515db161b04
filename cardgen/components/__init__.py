"""The game components besides the cards: player boards, scoreboard and tokens, print-ready."""
