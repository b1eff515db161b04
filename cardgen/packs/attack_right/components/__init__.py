"""Attack Right's components: player boards, scoreboard, tokens and the kit writer."""
