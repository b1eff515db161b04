"""A state for games of cards in lists: the protocol's plumbing written once.

Subclass :class:`TableState`, keep the game in plain attributes — lists of card ids, numbers,
and per seat an object in ``self.seats`` — and write the rules::

    class MyState(TableState):
        def movers(self): ...
        def legal_actions(self, seat): ...
        def resolve(self, actions): ...            # apply() checks legality first
        def action_to_string(self, seat, action): ...
        def view(self, seat): ...                  # None: the designer's view
        def hidden(self, seat): ...                # what ``seat`` cannot see, grouped
        def is_terminal(self) / returns(self)

:class:`TableState` supplies ``apply`` (with the legality check), ``clone``, ``digest``,
``determinise`` (what a seat cannot see is reshuffled among the lists hidden from it),
``observation``, ``arrange`` (a scenario's described state onto the attributes of the same
names) and ``emit`` for events.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, Self

from cardgen.engine.definition import check_settings
from cardgen.engine.errors import IllegalAction, ScenarioError
from cardgen.engine.protocol import Action, Event, Setup


class TableGame:
    """A catalogue compiled for one set-up: its ``cards`` by id, ``rules``, ``settings`` (the
    rules' readings with the set-up's overrides) and ``options`` (the engine's, with their
    defaults).  Subclass it, name the ``state`` class, and check in :meth:`check` that the
    catalogue can be played."""

    state: type[TableState]

    def __init__(self, catalogue: Any, setup: Setup) -> None:
        self.setup = setup
        self.catalogue = catalogue
        self.rules = catalogue.rules
        self.settings = check_settings(catalogue, setup.settings)
        self.options = setup.options
        self.cards = catalogue.by_id
        self.check()

    def check(self) -> None:
        """Raise :class:`~cardgen.engine.errors.SetupError` if the game cannot be played."""

    def deck(self, **where: Any) -> list[str]:
        """The ids of every physical card whose fields equal ``where`` (copies included)."""
        return [c.id for c in self.catalogue.select(**where) for _ in range(c.copies)]

    def new_initial_state(self, seed: int) -> TableState:
        return self.state(self, seed)


class TableState:
    """The protocol's plumbing for a state of plain attributes (see the module docstring)."""

    #: per seat: objects whose attributes are that seat's zones and counters
    seats: list[Any]

    def __init__(self, game: Any, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.events: list[Event] | None = []

    # --- what a game writes ---------------------------------------------------------------
    def movers(self) -> Sequence[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> Sequence[Action]:
        raise NotImplementedError

    def resolve(self, actions: Mapping[int, Action]) -> None:
        """Apply checked actions (one per mover)."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (``None``: everything), JSON-ready."""
        raise NotImplementedError

    def hidden(self, seat: int) -> list[list[list[Any]]]:
        """What ``seat`` cannot see, as groups of lists: the cards of a group's lists are
        dealt among them anew by :meth:`determinise` (``[[their_hand, deck], [cargo]]``)."""
        return []

    # --- the protocol, written once -------------------------------------------------------
    def emit(self, *event: Any) -> None:
        """Record an event ``(type, *fields)`` (nothing when the state records none)."""
        if self.events is not None:
            self.events.append(event)

    def apply(self, actions: Mapping[int, Action]) -> None:
        movers = list(self.movers())
        if sorted(actions) != sorted(movers):
            raise IllegalAction(
                f"the seats to move are {_seats(movers)}, not {_seats(sorted(actions))}"
            )
        for seat, a in actions.items():
            if a not in self.legal_actions(seat):
                raise IllegalAction(f"P{seat + 1} cannot play action {a} now")
        self.resolve(actions)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return self.view(seat)

    def clone(self) -> Self:
        return self._copy(None)

    def _copy(self, seed: int | None) -> Self:
        """A copy; its generator is this one's (``seed`` None) or a new one seeded ``seed``."""
        other = copy.copy(self)
        for name, value in vars(self).items():
            if name == "rng":
                other.rng = random.Random(seed)
                if seed is None:
                    other.rng.setstate(self.rng.getstate())
            elif name != "game":
                setattr(other, name, _copy(value))
        return other

    def determinise(self, seat: int, rng: random.Random) -> Self:
        other = self._copy(rng.getrandbits(64))
        other.events = None
        for group in other.hidden(seat):
            pool = [c for lst in group for c in lst]
            rng.shuffle(pool)
            k = 0
            for lst in group:
                lst[:] = pool[k : k + len(lst)]
                k += len(lst)
        return other

    def digest(self) -> str:
        data = json.dumps([self.view(None), self.rng.getstate()], sort_keys=True, default=str)
        return hashlib.sha256(data.encode()).hexdigest()

    def arrange(self, given: Mapping[str, Any]) -> None:
        """Set the attributes ``given`` names (seats' under ``players``) to its values."""
        for key, value in given.items():
            if key == "players":
                for seat, fields in value.items():
                    for k, v in fields.items():
                        _set(self.seats[seat], k, v, f"players.P{seat + 1}.{k}")
            else:
                _set(self, key, value, key)


def _copy(value: Any) -> Any:
    """A copy of a state's attribute: lists, dicts and plain objects copied all the way down,
    everything else (strings, numbers, tuples) shared."""
    if isinstance(value, list):
        if not value or isinstance(value[0], str | int):
            return (
                value[:]
                if all(isinstance(v, str | int) for v in value)
                else [_copy(v) for v in value]
            )
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if hasattr(value, "__dict__") and not isinstance(value, type):
        other = copy.copy(value)
        for k, v in vars(value).items():
            if isinstance(v, list | dict) or hasattr(v, "__dict__"):
                setattr(other, k, _copy(v))
        return other
    return value


def _set(obj: Any, name: str, value: Any, where: str) -> None:
    if not hasattr(obj, name) or name.startswith("_"):
        raise ScenarioError(f"{where} cannot be set in a scenario")
    setattr(obj, name, copy.deepcopy(value))


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(f"P{p + 1}" for p in seats) or "nobody"
