"""Attack the Tower scenarios: a partial starting state, the players' choices written as words,
and the expected state and events.

```yaml
name: An initiative strike kills before the regular step
cards: ../cards
rule: "TROOPS KILLED IN THIS THIRD STEP (INITIATIVE) WILL NOT INFLICT DAMAGE ..."
settings: {initiative_simultaneous: true}      # readings, as in rules.yaml
setup:
  attacker: 0                                  # whose turn it is (seat 0 or 1)
  phase: main                                  # main or renew-choice
  players:
    - board: {0: shooting-range}               # slot (territory*3 + k) -> base card
      troops: {0: 2}
      hand: [wizard-of-light]
      specials: [blacksmith]                   # special troops on the palace
    - board: {0: training-fields}
      troops: {0: 1}
steps:                                         # the player to act does each in turn
  - attack 0 0                                 # from own territory 0 the enemy's territory 0
  - pass                                       # (play CARD, end, renew, no-renew, draw base,
  - pass                                       #  discard CARD, build CARD SLOT, done, keep, burn)
  - target 1 troop 0                           # damage to seat 1's troop on slot 0
  - {do: play blacksmith, refused: true}       # a well-formed action the rules refuse
expect:
  players: [{troops: {0: 2}}, {board: {0: null}, specials: []}]
  dealt: [1, 4]                                # damage assigned by each seat
  winner: 0                                    # or null
  phase: main
  events: [palace-battle]                      # event kinds that happened (in order)
  no_events: [troop-killed]
```

Strict: an unknown key, card, slot, seat, setting, phase, event kind or step word is an error
at its file:line:col with the nearest known name (:mod:`.names`, :mod:`.words`), and a step
expected to be refused must name an action that exists where it is played (a card in the hand
of the seat to act, a unit in the battle): a malformed one is an error, never a pass.
"""

from __future__ import annotations

import inspect
from collections import Counter
from dataclasses import replace
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.validation_errors import error_to_diagnostic
from cardgen.catalogue.yaml_source import SourceMap
from cardgen.diagnostics import DiagnosticError
from cardgen.packs.attack_the_tower.engine.game import Game, GameSetupError, compile_catalogue
from cardgen.packs.attack_the_tower.engine.state import MAIN, RENEW_CHOICE, State
from cardgen.packs.attack_the_tower.scenario.names import check_names
from cardgen.packs.attack_the_tower.scenario.words import Malformed, resolve, suggest, words
from cardgen.scenarios.protocol import ScenarioError


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlayerSpec(_Model):
    board: dict[int, str | None] = Field(default_factory=dict)
    troops: dict[int, int] = Field(default_factory=dict)
    hand: list[str] | None = None
    specials: list[str] | None = None


class Setup(_Model):
    attacker: int = Field(0, ge=0, le=1)
    phase: Literal["main", "renew-choice"] = "main"
    players: list[PlayerSpec] = Field(default_factory=lambda: [PlayerSpec(), PlayerSpec()])


class Step(_Model):
    do: str
    refused: bool = False


class Expect(_Model):
    players: list[PlayerSpec] | None = None
    dealt: list[int] | None = None
    winner: int | None = None  # checked only when given (``model_fields_set``)
    phase: str | None = None
    events: list[str] = Field(default_factory=list)
    no_events: list[str] = Field(default_factory=list)


class Scenario(_Model):
    name: str
    cards: str = "../cards"
    rule: str = ""
    seed: int = 0
    settings: dict[str, Any] = Field(default_factory=dict)
    setup: Setup = Field(default_factory=Setup)
    steps: list[str | Step] = Field(default_factory=list)
    expect: Expect = Field(default_factory=Expect)
    _source: SourceMap | None = PrivateAttr(None)


def _model_at(loc: tuple) -> type[BaseModel]:
    """The scenario model a pydantic error location lies in (for its known keys)."""
    model: type[BaseModel] = Scenario
    for part in loc:
        field = model.model_fields.get(part) if isinstance(part, str) else None
        if field is None:
            continue
        inner = [a for a in _flatten(field.annotation) if inspect.isclass(a)]
        model = next((a for a in inner if issubclass(a, BaseModel)), model)
    return model


def _flatten(annotation) -> list:
    return [annotation, *(x for a in get_args(annotation) for x in _flatten(a))]


def parse(data: Any, smap: SourceMap) -> Scenario:
    """The scenario of a loaded YAML document; DiagnosticError (with positions, and the known
    keys of the part an unknown key is in) if malformed."""
    try:
        sc = Scenario.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        steps = {e["loc"][:2] for e in errors if e["loc"][:1] == ("steps",)}
        out = []
        for err in errors:
            loc = err["loc"]
            if loc[:2] in steps and err["type"] == "string_type":
                continue  # a step written as a mapping: its own errors say what is wrong
            keys = tuple(_model_at(loc[:-1]).model_fields)
            d = error_to_diagnostic(err, smap, known_keys=keys)
            if err["type"] == "extra_forbidden":  # the runner prints the message alone
                hint = suggest(loc[-1], keys)
                d = replace(d, message=f"{d.message}{hint}; keys here: {', '.join(keys)}")
            out.append(d)
        raise DiagnosticError(out) from None
    sc._source = smap
    return sc


def _where(sc: Scenario, i: int) -> str:
    """The position of step ``i`` (from 0), for a message."""
    if sc._source is None:
        return f"step {i + 1}"
    step = sc.steps[i]
    path = ("steps", i) if isinstance(step, str) else ("steps", i, "do")
    return f"{sc._source.at(path)}: step {i + 1}"


def run(sc: Scenario, cat: Catalogue) -> list[str]:
    """Run ``sc`` on ``cat``: every mismatch with its expectations (empty: it passes)."""
    problems = check_names(sc, compile_catalogue(cat))
    if problems:
        return problems
    try:
        state = build_state(sc, cat)
    except (GameSetupError, ValueError) as exc:
        raise ScenarioError(str(exc)) from exc
    for i, raw in enumerate(sc.steps):
        step = raw if isinstance(raw, Step) else Step(do=raw)
        where = f"{_where(sc, i)} ({step.do})"
        if state.is_terminal():
            problems.append(f"{where}: the game is over")
            break
        try:
            action = resolve(state, step.do)
        except Malformed as exc:
            problems.append(f"{where}: {exc}")
            break
        legal = action in state.legal_actions()
        if step.refused:
            if legal:
                problems.append(f"{where}: legal, expected refused")
            continue
        if not legal:
            problems.append(
                f"{where}: not legal for seat {state.current_player()} in "
                f"{state.phase}; legal: {', '.join(words(state, a) for a in state.legal_actions())}"
            )
            break
        state.apply_action(action)
    return problems + check(sc.expect, state)


def build_state(sc: Scenario, cat: Catalogue) -> State:
    """The scenario's starting state: the set-up's cards taken out of each army's piles."""
    settings = cat.rules.settings.model_copy(update=sc.settings)
    settings = type(settings).model_validate(settings.model_dump())
    game = Game(cat, seed=sc.seed, settings=settings)
    state = game.new_initial_state()
    ids = state.table.by_id
    for p, spec in enumerate(sc.setup.players):
        me = state.players[p]
        me.hand = []

        def take(card: str, pile: str | None = None, p: int = p) -> int:
            if card not in ids:
                raise ScenarioError(f"seat {p}: unknown card {card!r}")
            d = ids[card]
            design = state.design(d)
            if pile is not None and design.pile != pile:
                raise ScenarioError(f"seat {p}: {card} is not a {pile} card")
            source = state.players[p].piles[design.pile]
            if d not in source:
                raise ScenarioError(f"seat {p}: no copy of {card} left for the set-up")
            source.remove(d)
            return d

        for slot, card in spec.board.items():
            if not 0 <= slot < state.table.board_size:
                raise ScenarioError(f"seat {p}: no slot {slot}")
            if card is not None:
                me.board[slot] = take(card, "base")
        for slot, n in spec.troops.items():
            if not 0 <= slot < state.table.board_size or me.board[slot] < 0:
                raise ScenarioError(f"seat {p}: troops on slot {slot}, which has no base")
            me.troops[slot] = n
        me.hand = sorted(take(c) for c in spec.hand or [])
        me.specials = [take(c, "ability") for c in spec.specials or []]
    state.attacker = sc.setup.attacker
    state.actor = sc.setup.attacker
    state.turn = 1
    state.phase = MAIN if sc.setup.phase == "main" else RENEW_CHOICE
    if state.events is not None:
        state.events.clear()
    return state


def encode(state: State, text: str) -> int | None:
    """The action a step's words name in ``state`` (None when they name none)."""
    try:
        return resolve(state, text)
    except Malformed:
        return None


def check(expect: Expect, state: State) -> list[str]:
    """Every difference between ``state`` and ``expect``."""
    out: list[str] = []
    ids = state.design
    for p, spec in enumerate(expect.players or []):
        me = state.players[p]
        for slot, card in spec.board.items():
            got = ids(me.board[slot]).id if me.board[slot] >= 0 else None
            if got != card:
                out.append(f"seat {p} slot {slot}: base {got}, expected {card}")
        for slot, n in spec.troops.items():
            if me.troops[slot] != n:
                out.append(f"seat {p} slot {slot}: {me.troops[slot]} troops, expected {n}")
        if spec.hand is not None:
            got = sorted(ids(d).id for d in me.hand)
            if got != sorted(spec.hand):
                out.append(f"seat {p} hand: {got}, expected {sorted(spec.hand)}")
        if spec.specials is not None:
            got = [ids(d).id for d in me.specials]
            if got != spec.specials:
                out.append(f"seat {p} special troops: {got}, expected {spec.specials}")
    events = state.events or []
    if expect.dealt is not None:
        dealt = [0, 0]
        for e in events:
            if e["event"] == "damage":
                dealt[e["player"]] += e["amount"]
        if dealt != expect.dealt:
            out.append(f"damage dealt {dealt}, expected {expect.dealt}")
    if "winner" in expect.model_fields_set and state.winner != expect.winner:
        out.append(f"winner {state.winner}, expected {expect.winner}")
    if expect.phase is not None and state.phase != expect.phase:
        out.append(f"phase {state.phase}, expected {expect.phase}")
    kinds = [e["event"] for e in events]
    rest = iter(kinds)
    for k in expect.events:
        if k not in rest:
            out.append(f"event {k} did not happen (in order); events: {_summary(kinds)}")
            break
    for k in expect.no_events:
        if k in kinds:
            out.append(f"event {k} happened, expected none")
    return out


def _summary(kinds: list[str]) -> str:
    counts = Counter(k for k in kinds if k != "action")
    return ", ".join(f"{k} ×{n}" for k, n in counts.items())
