"""What the engine kit needs to know of Attack Right: its facts, action grammar, events,
vocabulary, and the hooks that feed the kit's bots, scenarios and simulation."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardgen.engine import (
    Engine,
    EventSchema,
    EventType,
    GameInfo,
    Grammar,
    SetupError,
    TableLayout,
    check_settings,
)
from cardgen.packs.attack_right.engine import ai
from cardgen.packs.attack_right.engine.ai.ismcts import search_actions
from cardgen.packs.attack_right.engine.events import KIT_EVENTS
from cardgen.packs.attack_right.engine.game import Game, GameSetupError
from cardgen.packs.attack_right.engine.metrics import FIGURES, METRICS
from cardgen.packs.attack_right.engine.metrics import events as tally_events
from cardgen.packs.attack_right.engine.state import State
from cardgen.packs.attack_right.model import Placement, Stat

ZONE = "left|middle|right"
EVENTS = EventSchema(
    *(
        EventType(name, fields, text, role, "seat" if hidden else None, (hidden,) if hidden else ())
        for name, fields, text, role, hidden in KIT_EVENTS
    )
)


class AttackRight(Engine[State]):
    """Attack Right on the engine kit."""

    info = GameInfo(
        "attack-right",
        "Attack Right",
        2,
        4,
        simultaneous=True,
        max_length=2000,  # 4 rounds of a 7-card draft and at most ~60 play decisions each
        side="deck",
        score="glory",
    )
    grammar = Grammar(
        "pick {card}",
        f"play {{card}} {{zone:{ZONE}}}",
        f"play {{card}} {{zone:{ZONE}}} (remove {{victim:card}})",
        f"play {{card}} {{zone:{ZONE}}} (remove {{victim:card}} #{{copy:int}})",
        "end",
        "end saving {card}",
        "pass",
        "look with {card} at {target:seat}'s card",
        "intercept {card}",
        f"move {{card}} to {{zone:{ZONE}}}",
    )
    events = EVENTS
    #: the Play table: the other seats on top, the viewer's own Kingdom at the bottom
    layout = TableLayout(
        seats="players",
        internal=(
            "chosen",
            "offers",
            "moving",
            "step",
            "gstep",
            "peeks",
            "glimpses",
            "decision",
            "token_bank",
        ),
    )
    vocabulary: ClassVar = {
        "season": "text",
        "phase": ("draft", "play", "battle", "income", "age", "end"),
        "decision": ("draft", "play", "look", "intercept", "move", ""),
        "piles.*": "card",
        "discard": "card",
        **{f"players.*.{k}": "card" for k in ("hand", "pack", "kept", "saved", "used", "moving")},
        "players.*.tableau.*.card": "card",
        "players.*.tableau.*.zone": tuple(ZONE.split("|")),
        **{f"players.*.tableau.*.{k}": "int" for k in ("tokens", "coins", "order")},
        "players.*.zones.*.*.card": "card",
        **{f"players.*.zones.*.*.{k}": "int" for k in ("tokens", "coins")},
        "players.*.chosen": "text",
        "players.*.offers": "text",
        "peeks.*.viewer": "seat",
        "peeks.*.seat": "seat",
        "peeks.*.hand": "card",
        "glimpses.*.viewer": "seat",
        "glimpses.*.seat": "seat",
        "glimpses.*.card": "card",
        "glimpses.*.step": "int",
    }
    derived = frozenset({"season", "zones"})
    #: slot_power: zones whose powers count otherwise than the rules say ({middle: []})
    options: ClassVar = {"first_game": False, "slot_power": None}

    def new_game(self, catalogue: Any, setup: Any, *, simulation: bool = False) -> Game:
        settings = check_settings(catalogue, setup.settings) if setup.settings else None
        try:
            game = Game(
                catalogue,
                setup.sides,
                first_game=bool(setup.options.get("first_game")),
                settings=settings,
                slot_power=_slot_power(catalogue, setup.options.get("slot_power")),
                log_events=not simulation,
                tally=simulation,
            )
        except GameSetupError as exc:
            raise SetupError(str(exc)) from None
        game.setup = setup
        return game

    def simulation_game(self, catalogue: Any, setup: Any) -> Game:
        """A game whose states keep a :class:`~.state.Tally` instead of every event."""
        return self.new_game(catalogue, setup, simulation=True)

    figures = FIGURES

    def simulation_events(self, state: State) -> list[tuple]:
        """The figures' events of a simulation's game, from its tally (:func:`.metrics.events`)."""
        return tally_events(state)

    def sides(self, catalogue: Any) -> Sequence[str]:
        return tuple(catalogue.rules.deck_ids)

    def recommended_sides(self, catalogue: Any, players: int) -> Sequence[str]:
        """The decks whose ``min_players`` admits ``players`` (the rulebook recommends the Spy
        deck for 3+ players); every deck if too few remain to seat everyone."""
        decks = tuple(d.id for d in catalogue.rules.decks if d.min_players <= players)
        return decks if len(decks) >= players else self.sides(catalogue)

    def player_range(self, catalogue: Any) -> tuple[int, int]:
        return catalogue.rules.players.min, catalogue.rules.players.max

    def bots(self) -> Mapping[str, Any]:
        return {"greedy": ai.greedy, "lookahead": ai.lookahead, "search": ai.search}

    def evaluate(self, state: State, seat: int) -> float:
        return ai.evaluate(state, seat)

    def standings(self, state: State) -> list[float]:
        return ai.standings(state)

    def policy(self, state: State, seat: int, rng: random.Random) -> int:
        return ai.policy(state, seat, rng)

    def search_actions(self, state: State, seat: int) -> Sequence[int]:
        """The search's shortlist (:func:`.ai.ismcts.search_actions`)."""
        return search_actions(state, seat)

    def metrics(self) -> Any:
        return METRICS

    def result_lines(self, state: State) -> list[str]:
        return [
            f"P{r.seat + 1}: {r.glory} glory, {r.coins} coins, {r.cards} cards, rank {r.rank}"
            + (" (winner)" if r.winner else "")
            for r in state.results()
        ]

    def score(self, state: State, seat: int) -> int:
        return int(state.glory[seat])


class SearchHooks(AttackRight):
    """The engine as one search bot sees it: its worlds keep every card the bot's seat has
    seen at an earlier decision (``seen``, which the bot adds to) where it is."""

    def __init__(self) -> None:
        self.seen: set[int] = set()

    def search_world(self, state: State, seat: int, rng: random.Random) -> State:
        return state.determinise(seat, rng, self.seen)


def _slot_power(catalogue: Any, over: Any) -> dict | None:
    """The rules' slot powers with the zones ``over`` names replaced (None: the rules')."""
    if over is None:
        return None
    from pydantic import TypeAdapter, ValidationError

    try:
        zones = TypeAdapter(dict[Placement, list[Stat]]).validate_python(over)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"] if x != "[key]")
        raise SetupError(f"option slot_power {where}: {err['msg']}") from None
    return {**catalogue.rules.slot_power, **zones}


ENGINE = AttackRight()
