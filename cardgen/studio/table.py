"""A game at the studio's Play table, on the engine kit's protocol only (no game's own code).

A :class:`Table` holds one seeded game of a catalogue: who sits at each seat (a person, or a
bot by name), every step played as action strings (the game log's steps), and the step shown.
People choose by action string; the bots choose when every person to move has chosen (so a
simultaneous choice stays hidden until all have chosen), and their thinking time is kept.
Going back shows an earlier step (replayed from the seed); choosing there continues the game
from that point as a branch.  :meth:`Table.log` is the standard JSON game log
(:mod:`cardgen.engine.log`); :meth:`Table.from_log` opens one to step through it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardgen.engine.bots import make_bot
from cardgen.engine.chance import CHANCE, at_chance, sample_chance
from cardgen.engine.definition import Engine
from cardgen.engine.errors import EngineError, IllegalAction
from cardgen.engine.log import event_dicts, opened, result_of, step_json, to_json
from cardgen.engine.play import PlayedGame, apply_strings, bot_seed, find_action
from cardgen.engine.protocol import Action, Bot, Setup, State, seat_name

#: What a person's seat is called (any other seat holds a bot of that name).
PERSON = "person"


class Table:
    """One game at the table (see the module's description)."""

    def __init__(
        self,
        engine: Engine,
        catalogue: Any,
        setup: Setup,
        seats: Sequence[str],
        seed: int,
        *,
        start: Callable[[], State] | None = None,
    ):
        if len(seats) != setup.players:
            raise EngineError(f"{setup.players} seats needed, {len(seats)} given")
        self.engine, self.catalogue, self.setup, self.seed = engine, catalogue, setup, seed
        self.seats = tuple(seats)
        #: each seat's player as the log names it (a log opened keeps its own)
        self.labels = tuple(seats)
        self.game = engine.new_game(catalogue, setup)
        #: the first state: the seeded new game, or a scenario's described state
        self._start = start or (lambda: self.game.new_initial_state(seed))
        self.described = start is not None
        self._bots: dict[int, Bot] = {
            p: make_bot(engine, self.game, name, bot_seed(seed, p))
            for p, name in enumerate(self.seats)
            if name != PERSON
        }
        #: every step played: action strings by seat (``CHANCE`` for a chance outcome)
        self.steps: list[dict[int, str]] = []
        self._actions: list[dict[int, Action]] = []
        #: seconds each bot thought, by step
        self.thinking: list[dict[int, float]] = []
        self.position = 0  # the steps applied in the state shown
        self.state: State = self._start()
        #: the people's choices waiting for the other people to move
        self.chosen: dict[int, str] = {}
        self.version = 0
        self._advance()

    # --- playing ------------------------------------------------------------------------------
    def people(self) -> list[int]:
        return [p for p, name in enumerate(self.seats) if name == PERSON]

    def to_move(self) -> list[int]:
        """The people who must choose now (before the bots answer)."""
        if self.state.is_terminal() or at_chance(self.state):
            return []
        return [p for p in self.state.movers() if p not in self._bots and p not in self.chosen]

    def choose(self, seat: int, text: str) -> None:
        """Seat ``seat`` (a person to move) chooses the action written ``text``; when every
        person to move has chosen, the bots choose and the step is applied.  Chosen at an
        earlier step, it continues the game from there (the later steps are dropped)."""
        if seat not in self.to_move():
            raise IllegalAction(f"{seat_name(seat)} is not to choose now")
        find_action(self.state, seat, text)  # a legal action of this seat, or IllegalAction
        if self.position < len(self.steps):  # a branch from an earlier point
            del self.steps[self.position :], self._actions[self.position :]
            del self.thinking[self.position :]
        self.chosen[seat] = text
        if not self.to_move():
            self._step()
            self._advance()
        self.version += 1

    def give_to_bot(self, seat: int, name: str) -> None:
        """The seat of a person who left the table is played by the bot ``name`` from now on
        (SetupError naming the bots for an unknown one)."""
        if not 0 <= seat < len(self.seats) or self.seats[seat] != PERSON:
            raise EngineError(f"{seat_name(seat)} is not a person's seat")
        self._bots[seat] = make_bot(self.engine, self.game, name, bot_seed(self.seed, seat))
        self.seats = tuple(name if p == seat else who for p, who in enumerate(self.seats))
        self.chosen.pop(seat, None)
        if self.position < len(self.steps):  # shown at an earlier step: a branch from there
            del self.steps[self.position :], self._actions[self.position :]
            del self.thinking[self.position :]
        s = self.state
        if not s.is_terminal() and not at_chance(s) and s.movers() and not self.to_move():
            self._step()
        self._advance()
        self.version += 1

    def _step(self) -> None:
        """Apply the people's choices and the bots' (chosen from the same state)."""
        texts = dict(self.chosen)
        times: dict[int, float] = {}
        for p in self.state.movers():
            if p in self._bots:
                start = time.perf_counter()
                action = self._bots[p].choose(self.state, p)
                times[p] = time.perf_counter() - start
                texts[p] = self.state.action_to_string(p, action)
        self.chosen = {}
        self._apply(texts, times)

    def _apply(self, texts: Mapping[int, str], times: Mapping[int, float]) -> None:
        joint = apply_strings(self.state, texts)
        self.steps.append(dict(texts))
        self._actions.append(joint)
        self.thinking.append(dict(times))
        self.position = len(self.steps)

    def _chance(self) -> None:
        """Draw the chance nodes from the state's generator, each kept as a step."""
        while at_chance(self.state):
            outcome = sample_chance(self.state)
            text = self.state.chance_to_string(outcome)
            self.state.apply_chance(outcome)
            self.steps.append({CHANCE: text})
            self._actions.append({CHANCE: outcome})
            self.thinking.append({})
            self.position = len(self.steps)

    def _advance(self) -> None:
        """Play the chance nodes and the steps only bots choose, up to a person's choice."""
        limit = self.engine.info.max_length
        while not self.state.is_terminal() and len(self.steps) < limit:
            if at_chance(self.state):
                self._chance()
            elif all(p in self._bots for p in self.state.movers()):
                self._step()
            else:
                return

    # --- time travel ------------------------------------------------------------------------
    def go(self, position: int) -> None:
        """Show the state after ``position`` steps (replayed from the seed)."""
        if not 0 <= position <= len(self.steps):
            raise EngineError(f"no step {position}: the game has {len(self.steps)}")
        state = self._start()
        for texts in self.steps[:position]:
            apply_strings(state, texts)
        self.state, self.position, self.chosen = state, position, {}
        self.version += 1

    # --- what is shown --------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know at the step shown (None: the designer's view of everything):
        its observation (and as the table draws it: ``shown``, with the engine's layout hints),
        its legal actions when it is a person to move (and the cards each names), the log as
        it saw it, cards by their printed names, the steps (another seat's hidden choice is
        never in them before it is applied)."""
        s, eng, cat = self.state, self.engine, self.catalogue
        name = lambda c: str(getattr(cat.by_id.get(c), "name", c))  # noqa: E731  (printed)
        events = event_dicts(eng, s.events)
        if seat is not None:
            events = [eng.events.seen_by(d, seat) for d in events]
        movers = [] if s.is_terminal() else list(s.movers())
        observation = s.observation(seat)
        legal: list[str] = []
        named: dict[str, list[str]] = {}
        if seat is not None and seat in self.to_move():
            legal = [s.action_to_string(seat, a) for a in s.legal_actions(seat)]
            named = {a: eng.action_cards(cat, observation, seat, a) for a in legal}
        return {
            "game": eng.info.id,
            "name": eng.info.name,
            "version": self.version,
            "seed": self.seed,
            "seats": [
                {
                    "seat": seat_name(p),
                    "who": who,
                    "logged": self.labels[p],
                    "thinking": self._thought(p),
                }
                for p, who in enumerate(self.seats)
            ],
            "viewer": seat_name(seat) if seat is not None else None,
            "observation": observation,
            "shown": eng.shown_cards(cat, observation),
            "layout": eng.layout.as_json(),
            #: the fields that hold cards (a number there counts cards not shown)
            "card_fields": sorted(k for k, d in eng.vocabulary.items() if d == "card"),
            "movers": [seat_name(p) for p in movers],
            "to_move": [seat_name(p) for p in self.to_move()],
            "chosen": sorted(seat_name(p) for p in self.chosen),  # who, never what
            "legal": legal,
            "action_cards": {a: cards for a, cards in named.items() if cards},
            "log": [eng.events.text(d, name) for d in events],
            "steps": [step_json(t) for t in self.steps],
            #: the seconds each bot thought for each step, by seat
            "thinking": [{seat_name(p): round(x, 3) for p, x in t.items()} for t in self.thinking],
            "position": self.position,
            "terminal": s.is_terminal(),
            "result": result_of(s),
            "result_lines": eng.result_lines(s) if s.is_terminal() else [],
        }

    def _thought(self, seat: int) -> float | None:
        """The seconds the bot of ``seat`` thought for its last move up to the step shown."""
        for times in reversed(self.thinking[: self.position]):
            if seat in times:
                return round(times[seat], 3)
        return None

    # --- the game log -------------------------------------------------------------------------
    def log(self, catalogue_label: str) -> str:
        """The standard JSON game log of the steps up to the one shown (EngineError for a
        scenario's described state: a log starts from a seed)."""
        if self.described:
            raise EngineError("a game from a scenario's described state (given:) has no log")
        n = self.position
        played = PlayedGame(
            self.engine,
            self.catalogue,
            self.game,
            self.seed,
            self.labels,
            self.state,
            steps=[dict(a) for a in self._actions[:n]],
            strings=[dict(t) for t in self.steps[:n]],
        )
        return to_json(played, catalogue_label)

    @classmethod
    def from_log(cls, engine: Engine, catalogue: Any, text: str) -> Table:
        """A table holding the game of a JSON log, shown at its end (every seat a person:
        continuing from a step is playing it by hand).  ReplayError for a log it cannot read
        (or of another game or catalogue); EngineError for a step the rules refuse."""
        doc, setup, seed, steps = opened(text, engine, catalogue)
        table = cls(engine, catalogue, setup, [PERSON] * setup.players, seed)
        labels = [str(s.get("bot")) for s in doc["seats"] if isinstance(s, dict)]
        if len(labels) == setup.players:
            table.labels = tuple(labels)
        table.steps, table._actions, table.thinking = [], [], []
        table.state = table.game.new_initial_state(seed)
        for k, texts in enumerate(steps):
            try:
                table._apply(texts, {})
            except EngineError as exc:
                raise EngineError(f"step {k + 1}: {exc}") from None
        table.version += 1
        return table

    @classmethod
    def from_scenario(cls, scenario: Any) -> Table:
        """A table holding the moves of a checked scenario (:class:`cardgen.engine.scenario.
        Scenario`), shown at its last; chance it does not fix is drawn from its seed, as
        `cardgen scenario run` draws it.  EngineError for a step the rules refuse."""
        engine, catalogue, setup = scenario.engine, scenario.catalogue, scenario.setup
        given = scenario.given is not None
        table = cls(
            engine,
            catalogue,
            setup,
            [PERSON] * setup.players,
            scenario.seed,
            start=scenario.start if given else None,
        )
        table.steps, table._actions, table.thinking = [], [], []
        table.state = table._start()
        for k, texts in enumerate(scenario.moves()):
            try:
                if CHANCE not in texts:
                    table._chance()
                table._apply(texts, {})
            except EngineError as exc:
                raise EngineError(f"move {k + 1}: {exc}") from None
        table._chance()
        table.version += 1
        return table
