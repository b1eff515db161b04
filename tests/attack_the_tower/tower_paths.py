"""Paths and helpers shared by Attack the Tower's tests: a game on the engine kit, a state
arranged by the kit's ``given``, actions by their words, and events as mappings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.catalogue.loader import Catalogue
from cardgen.engine import Setup
from cardgen.packs.attack_the_tower.engine import ENGINE
from cardgen.packs.attack_the_tower.engine.game import Game
from cardgen.packs.attack_the_tower.engine.state import State

ROOT = Path(__file__).resolve().parents[2]
TOWER = ROOT / "games" / "attack-the-tower"
TOWER_CARDS = TOWER / "cards"
TOWER_SCENARIOS = TOWER / "scenarios"
#: the seed's board: 3 territories of 3 slots
BOARD = 9


def new_state(cat: Catalogue, seed: int = 0, **settings: Any) -> State:
    """A new game of ``cat`` with ``settings`` overriding the rules' readings."""
    return Game(cat, Setup(2, settings=settings)).new_initial_state(seed)


def arranged(cat: Catalogue, setup: dict[str, Any], **settings: Any) -> State:
    """A game in the position ``setup`` gives (turn 1, P1 attacking, ``phase`` main unless
    named, ``players``: each seat's ``given`` fields, ``board`` and ``troops`` written by slot
    ``{slot: value}``, an empty slot left out)."""
    players: dict[int, Any] = {}
    for p, spec in enumerate(setup.get("players") or []):
        seat = {k: list(v) for k, v in spec.items() if k in ("hand", "specials") and v}
        for key, empty in (("board", None), ("troops", 0)):
            if spec.get(key):
                seat[key] = [spec[key].get(k, empty) for k in range(BOARD)]
        if seat:
            players[p] = seat
    st = new_state(cat, **settings)
    ENGINE.arrange(
        st, {"turn": 1, "phase": setup.get("phase", "main"), "attacker": "P1", "players": players}
    )
    assert st.events is not None
    st.events.clear()
    return st


def action(st: State, words: str) -> int | None:
    """The legal action of the seat to act written ``words`` (the kit's words), or None."""
    for a in st.legal_actions(st.actor):
        if st.action_to_string(st.actor, a) == words:
            return a
    return None


def do(st: State, words: str) -> None:
    """Play ``words`` for the seat to act (it must be legal)."""
    a = action(st, words)
    assert a is not None, (
        words,
        st.phase,
        [st.action_to_string(st.actor, x) for x in st.legal_actions(st.actor)],
    )
    st.apply({st.actor: a})


def events(st: State) -> list[dict[str, Any]]:
    """The state's events as mappings: ``event`` its type, then its declared fields (seats as
    0-based ints)."""
    out = []
    for e in st.events or []:
        names = ENGINE.events.types[e[0]].names
        out.append({"event": e[0], **dict(zip(names, e[1:], strict=True))})
    return out
