"""The `plain` pack's icon tokens: card text may use ``{token}``, and a stat may name one as its
icon.  Each is drawn from ``icons/<token>.svg`` (the catalogue's own, else the pack's)."""

from __future__ import annotations

#: token -> what it shows
ICONS: dict[str, str] = {
    "coin": "a coin",
    "heart": "a heart (health, life)",
    "star": "a star (victory points)",
    "shield": "a shield (defence)",
    "sword": "a sword (attack)",
    "card": "a card (draw)",
}
