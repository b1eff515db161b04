"""Chance nodes: played, logged, replayed and fixed by a scenario alike, the state's generator
drawing the same numbers either way (a toy game: a coin decides who starts, then the
generator deals the starter a card)."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any

from cardgen.engine import Engine, EventSchema, EventType, GameInfo, Grammar, log
from cardgen.engine.play import apply_chance_string, play
from tests.kit.catalogues import ROOT, load

HARBOUR = ROOT / "cardgen/packs/harbour_bid/cards"


class CoinState:
    """A coin (the chance node), then a card for the starter drawn with the generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.events: list | None = []
        self.first: int | None = None
        self.card = -1
        self.done = False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)] if self.first is None else []

    def apply_chance(self, outcome: int) -> None:
        self.first, self.card = outcome, self.rng.randrange(1000)
        if self.events is not None:
            self.events.append(("deal", outcome, self.card))

    def chance_to_string(self, outcome: int) -> str:
        return f"P{outcome + 1} starts"

    def movers(self) -> list[int]:
        return [] if self.first is None or self.done else [self.first]

    def legal_actions(self, seat: int) -> list[int]:
        return [0] if seat in self.movers() else []

    def apply(self, actions: dict[int, int]) -> None:
        self.done = True

    def is_terminal(self) -> bool:
        return self.done

    def returns(self) -> list[float]:
        return [float(self.first == 0), float(self.first == 1)]

    def clone(self) -> CoinState:
        return copy.deepcopy(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"card": self.card, "first": self.first}

    def action_to_string(self, seat: int, action: int) -> str:
        return "stop"

    def digest(self) -> str:
        data = json.dumps([self.observation(None), self.done, self.rng.getstate()])
        return hashlib.sha256(data.encode()).hexdigest()

    def determinise(self, seat: int, rng: random.Random) -> CoinState:
        other = self.clone()
        other.events = None
        return other


class CoinGame:
    def __init__(self, catalogue: Any, setup: Any) -> None:
        self.setup = setup

    def new_initial_state(self, seed: int) -> CoinState:
        return CoinState(seed)


class Coin(Engine):
    info = GameInfo("coin", "Coin", 2, 2, hidden_information=False, max_length=5)
    game = CoinGame
    grammar = Grammar("stop")
    events = EventSchema(EventType("deal", "seat:seat card:int", "{seat} starts with {card}"))


def test_a_game_with_a_chance_node_replays_to_the_same_state() -> None:
    cat, _ = load(HARBOUR)
    engine = Coin()
    for seed in range(4):
        played = play(engine, cat, engine.setup(cat), ["random", "random"], seed)
        assert json.loads(log.to_json(played, "x"))["steps"][0] == {
            "chance": f"P{played.state.first + 1} starts"
        }
        result = log.replay(log.to_json(played, "x"), engine, cat)
        assert result.ok, result.problem  # the deal after the coin is the same


def test_a_fixed_outcome_draws_as_the_seed_would() -> None:
    """The outcome fixed, the generator draws the same numbers: what follows the chance node
    is dealt as in the seeded game that drew that outcome."""
    seeded = CoinState(7)
    outcome = 0 if seeded.rng.random() < 0.5 else 1
    seeded.apply_chance(outcome)
    for fixed in (outcome, 1 - outcome):
        state = CoinState(7)
        apply_chance_string(state, f"P{fixed + 1} starts")
        assert state.first == fixed and state.card == seeded.card
