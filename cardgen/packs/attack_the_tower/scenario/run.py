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
  - {do: play blacksmith, refused: true}       # must not be legal
expect:
  players: [{troops: {0: 2}}, {board: {0: null}, specials: []}]
  dealt: [1, 4]                                # damage assigned by each seat
  winner: 0                                    # or null
  phase: main
  events: [palace-battle]                      # event kinds that happened (in order)
  no_events: [troop-killed]
```
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.yaml_source import SourceMap
from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.engine.game import Game, GameSetupError
from cardgen.packs.attack_the_tower.engine.state import MAIN, RENEW_CHOICE, State
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
    winner: int | None = -1
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


def parse(data: Any, smap: SourceMap) -> Scenario:
    """The scenario of a loaded YAML document; DiagnosticError (with positions) if malformed."""
    from cardgen.catalogue.validation_errors import validate_model

    sc = validate_model(Scenario, data, smap)
    sc._source = smap
    return sc


def run(sc: Scenario, cat: Catalogue) -> list[str]:
    """Run ``sc`` on ``cat``: every mismatch with its expectations (empty: it passes)."""
    try:
        state = build_state(sc, cat)
    except (GameSetupError, ValueError) as exc:
        raise ScenarioError(str(exc)) from exc
    problems: list[str] = []
    for i, raw in enumerate(sc.steps, 1):
        step = raw if isinstance(raw, Step) else Step(do=raw)
        if state.is_terminal():
            problems.append(f"step {i} ({step.do}): the game is over")
            break
        action = encode(state, step.do)
        legal = action is not None and action in state.legal_actions()
        if step.refused:
            if legal:
                problems.append(f"step {i} ({step.do}): legal, expected refused")
            continue
        if not legal:
            problems.append(
                f"step {i} ({step.do}): not legal for seat {state.current_player()} in "
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
    """The action a step's words name (None when they name none)."""
    words_ = text.split()
    if not words_:
        return None
    verb, args = words_[0], words_[1:]
    simple = {
        "pass": A.PASS,
        "end": A.END_TURN,
        "renew": A.RENEW,
        "no-renew": A.NO_RENEW,
        "keep": A.KEEP,
        "burn": A.BURN,
        "done": A.DONE,
    }
    ids = state.table.by_id
    try:
        if verb in simple and not args:
            return simple[verb]
        if verb == "draw" and args in (["ability"], ["base"]):
            return A.DRAW_ABILITY if args[0] == "ability" else A.DRAW_BASE
        if verb in ("play", "discard") and len(args) == 1:
            return (A.PLAY if verb == "play" else A.DISCARD) + ids[args[0]]
        if verb == "build" and len(args) == 2:
            return A.build_action(ids[args[0]], int(args[1]))
        if verb == "attack" and len(args) == 2:
            return A.attack_action(int(args[0]), int(args[1]))
        if verb == "target" and len(args) >= 2:
            return _target(state, int(args[0]), args[1], args[2:])
    except (KeyError, ValueError):
        return None
    return None


def _target(state: State, owner: int, kind: str, rest: list[str]) -> int | None:
    b = state.battle
    if b is None:
        return None
    slot = None
    if rest:
        slot = state.table.by_id[rest[0]] if kind == "special" else int(rest[0])
    legal = set(state.legal_actions())
    for i, u in enumerate(b.units):
        where = slot is None or u.slot == slot
        if u.owner == owner and u.kind == kind and where and A.TARGET + i in legal:
            return A.TARGET + i
    return None


def words(state: State, action: int) -> str:
    """An action as a step's words."""
    kind, a, b = A.decode(action)
    names = {A.END_TURN: "end", A.RENEW: "renew", A.NO_RENEW: "no-renew", A.DONE: "done"}
    if action in names:
        return names[action]
    if kind in ("play", "discard"):
        return f"{kind} {state.design(a).id}"
    if kind == "build":
        return f"build {state.design(a).id} {b}"
    if kind == "attack":
        return f"attack {a} {b}"
    if kind == "target" and state.battle is not None:
        u = state.battle.units[a]
        where = state.design(u.slot).id if u.kind == "special" else u.slot
        return f"target {u.owner} {u.kind}" + ("" if u.kind == "palace" else f" {where}")
    return kind


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
    if expect.winner != -1 and state.winner != expect.winner:
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
