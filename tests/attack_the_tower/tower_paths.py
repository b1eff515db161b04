"""Paths and helpers shared by Attack the Tower's tests: a game on the engine kit, a state
arranged from a set-up written as the old scenarios wrote it, actions by their words, and
events as mappings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.catalogue.loader import Catalogue
from cardgen.engine import Setup
from cardgen.packs.attack_the_tower.engine import ENGINE
from cardgen.packs.attack_the_tower.engine.game import Game
from cardgen.packs.attack_the_tower.engine.state import State
from cardgen.packs.attack_the_tower.engine.upgrade import upgrade

ROOT = Path(__file__).resolve().parents[2]
TOWER = ROOT / "games" / "attack-the-tower"
TOWER_CARDS = TOWER / "cards"
TOWER_SCENARIOS = TOWER / "scenarios"


def new_state(cat: Catalogue, seed: int = 0, **settings: Any) -> State:
    """A new game of ``cat`` with ``settings`` overriding the rules' readings."""
    return Game(cat, Setup(2, settings=settings)).new_initial_state(seed)


def arranged(cat: Catalogue, setup: dict[str, Any], **settings: Any) -> State:
    """A game in the position ``setup`` describes (the old scenarios' set-up: ``attacker``,
    ``phase``, ``players`` with ``board`` and ``troops`` by slot, ``hand``, ``specials``)."""
    doc = upgrade({"name": "t", "setup": setup})
    assert doc is not None
    given = {k: v for k, v in doc["given"].items() if not k.startswith("P")}
    players = {int(k[1:]) - 1: v for k, v in doc["given"].items() if k.startswith("P")}
    st = new_state(cat, **settings)
    ENGINE.arrange(st, {**given, "players": players})
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
