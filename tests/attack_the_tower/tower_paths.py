"""Paths shared by Attack the Tower's tests."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOWER = ROOT / "games" / "attack-the-tower"
TOWER_CARDS = TOWER / "cards"
TOWER_SCENARIOS = TOWER / "scenarios"
