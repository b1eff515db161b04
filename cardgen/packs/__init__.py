"""The game packs built into cardgen, one folder per game (registered in pyproject.toml)."""
