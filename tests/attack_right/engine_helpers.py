"""What Attack Right's rules tests use to drive the engine directly (below the kit): a seeded
random bot and the greedy one with ``step(state, seat)``, a whole game with a bot per seat, and
a state arranged from seats described as a scenario's ``given`` writes them."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardgen.engine.chance import settle
from cardgen.engine.log import event_dicts as log_event_dicts
from cardgen.packs.attack_right.engine import phases
from cardgen.packs.attack_right.engine.actions import END, decode_play, play_action, save_action
from cardgen.packs.attack_right.engine.ai.greedy import GreedyBot, card_value
from cardgen.packs.attack_right.engine.ai.lookahead import LookaheadBot
from cardgen.packs.attack_right.engine.definition import ENGINE
from cardgen.packs.attack_right.engine.game import Game, GameSetupError
from cardgen.packs.attack_right.engine.phases import BattleRecord
from cardgen.packs.attack_right.engine.state import (
    DRAFT,
    PLAY,
    IllegalActionError,
    PlayerResult,
    State,
)

__all__ = [
    "DRAFT", "END", "PLAY", "BattleRecord", "Game", "GameSetupError", "GreedyBot",
    "IllegalActionError", "LookaheadBot", "PlayerResult", "RandomBot", "State",
    "advance", "build_state", "card_value", "decode_play", "event_dicts", "make_sim_bot", "moves",
    "phases",
    "play_action", "play_game", "save_action",
]  # fmt: skip


class RandomBot:
    """Uniform over the legal actions (the kit's random bot's draw)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed).random

    def step(self, state: State, player: int) -> int:
        return self.choose(state, player, state.legal_actions(player))

    def choose(self, state: State, player: int, legal: list[int]) -> int:
        return legal[int(self.random() * len(legal))]


def moves(actions: Sequence[int | None]) -> dict[int, int]:
    """``{seat: action}`` of a list by seat (``None`` for a seat that does not move)."""
    return {p: a for p, a in enumerate(actions) if a is not None}


def advance(state: State, joint: Mapping[int, int], *, check: bool = True) -> None:
    """One step through the kit: ``state.apply(joint)`` (``apply_chosen`` unchecked), then
    any chance node after it drawn as the kit's play loop draws it (a first battle's tie)."""
    if check:
        state.apply(joint)
    else:
        state.apply_chosen(joint)
    settle(state)


def play_game(state: State, bots: Sequence[Any], *, check: bool = False) -> State:
    """Play ``state`` to the end with one bot per seat (mutates and returns ``state``)."""
    while not state.is_terminal():
        advance(state, {p: bots[p].step(state, p) for p in state.movers()}, check=check)
    return state


def build_state(
    game: Game, players: Sequence[dict[str, Any]], *, phase: str = "play", **table: Any
) -> State:
    """``game``'s state arranged from the kit's ``given``: ``players`` (a seat's ``coins``,
    ``glory``, ``hand``, ``ended``, ``tableau`` by zone, a card an id or ``{card, tokens}``),
    the cards played seat by seat in the order written, and ``table`` fields (e.g.
    ``first_end_done``); a seat's piles not named are empty."""
    st = game.new_initial_state()
    if st.events is not None:
        st.events.clear()
    n = game.num_players
    given: dict[str, Any] = {"round": 1, "phase": phase, "step": 0, **table, "players": {}}
    order = 0
    for p in range(n):
        spec = players[p] if p < len(players) else {}
        seat = {"glory": 0, "hand": [], "pack": [], "kept": [], "saved": [], "ended": False}
        seat |= {k: v for k, v in spec.items() if k != "tableau"}
        seat["tableau"] = []
        for zone, cards in (spec.get("tableau") or {}).items():
            for c in cards:
                card = {"card": c} if isinstance(c, str) else dict(c)
                seat["tableau"].append({"tokens": 0, "coins": 0, **card, "zone": zone,
                                        "order": order * n + p})  # fmt: skip
                order += 1
        given["players"][p] = seat
    given["gstep"] = order
    ENGINE.arrange(st, given)
    return st


def event_dicts(state: State) -> list[dict]:
    """The state's every event as a mapping (its card ids, seats as indexes)."""
    return log_event_dicts(ENGINE, state.events)


def make_sim_bot(name: str, seed: int) -> Any:
    """A bot with ``choose(state, seat, legal)``: ``random``, ``greedy``, ``lookahead`` or
    ``search`` (Attack Right's own)."""
    from cardgen.packs.attack_right.engine.ai.ismcts import SearchBot

    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "lookahead":
        return LookaheadBot(seed)
    if name == "search":
        return SearchBot(seed)
    raise ValueError(f"unknown bot {name!r}")
