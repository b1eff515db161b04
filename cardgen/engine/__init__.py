"""The engine kit: what every game with rules shares.

A pack writes its rules — an :class:`Engine` (its :class:`GameInfo`, action :class:`Grammar`,
:class:`EventSchema`, vocabulary) and a state speaking the :class:`State` protocol — and the kit
supplies the rest: bots (:mod:`.bots`: random, greedy, the ISMCTS search), the play loop
(:mod:`.play`), the one JSON game log with replay and per-seat views (:mod:`.log`), scenario
files (:mod:`.scenario`), the conformance suite (:mod:`.conformance`) and the balance simulation
(:mod:`.simulation`).  docs/engine-kit.md describes it; docs/engine-tutorial.md walks through
changing a game's rules.
"""

from cardgen.engine.definition import Engine, TableLayout, check_settings
from cardgen.engine.errors import (
    EngineError,
    IllegalAction,
    ReplayError,
    ScenarioError,
    SetupError,
)
from cardgen.engine.events import EventSchema, EventType
from cardgen.engine.grammar import Grammar
from cardgen.engine.protocol import Action, Bot, Event, Game, GameInfo, Setup, State, seat_name
from cardgen.engine.table import TableGame, TableState

__all__ = [
    "Action",
    "Bot",
    "Engine",
    "EngineError",
    "Event",
    "EventSchema",
    "EventType",
    "Game",
    "GameInfo",
    "Grammar",
    "IllegalAction",
    "ReplayError",
    "ScenarioError",
    "Setup",
    "SetupError",
    "State",
    "TableGame",
    "TableLayout",
    "TableState",
    "check_settings",
    "seat_name",
]
