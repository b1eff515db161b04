"""Shared set-up of Authority's engine tests on the kit."""

from __future__ import annotations

from pathlib import Path

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.bots import make_bot
from cardgen.packs.authority.engine import ENGINE

CARDS = Path(__file__).resolve().parents[2] / "games" / "authority" / "cards"
CAT = load_catalogue(CARDS, use_cache=False)
FACTIONS = ["bloodrunners", "iron-wall", "golden-ox", "hooded-brothers"]


def game(n: int, cat=CAT, teams=(), **reading):
    """A game of ``n`` players (the first factions) with ``reading`` of the settings."""
    return ENGINE.new_game(cat, ENGINE.setup(cat, n, FACTIONS[:n], reading, teams=teams))


def step(state, action: int) -> None:
    """The seat to move plays ``action``."""
    state.apply({state.current: action})


def play_out(state, names, seed: int, *, check: bool = False):
    """Play ``state`` to the end with the kit's bots ``names`` (one a seat)."""
    bots = [make_bot(ENGINE, state.game, name, seed * 7 + s) for s, name in enumerate(names)]
    while not state.is_terminal():
        seat = state.current
        a = bots[seat].choose(state, seat)
        step(state, a)
        if check:
            state.check_invariants()
    state.check_invariants()
    return state
