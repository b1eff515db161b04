"""Authority's scenarios (the pack's ``scenarios`` module): a partial state written by card ids,
the current player's steps, and the expected state and events.

    name: One Knight kills two Squires of row 1
    cards: ../cards
    players: 2
    state:
      players:
        - {hand: [knight, man-at-arms]}
        - {rows: {1: [squire, squire]}}
    steps:
      - attack: {unit: knight, target: 2}
      - strike: {unit: squire, player: 2}
    expect:
      players: {2: {rows: {1: [squire]}}}
      events: ["P1 kills P2's Squire"]

Seats are numbered from 1.  A player's row 0 holds a Kingsguard unless ``rows`` gives row 0
(``0: []`` for none).  ``deck`` is listed from the top.  A step that must be refused is
written ``illegal: {attack: ...}``: its unit must be where the action takes it from (the hand,
an enemy's rows, the marketplace), or the step is an error, never a refusal.  The turn of
``current`` (default 1) starts after the state is built, so "when defending" and general-zone
abilities act first.  ``events`` are whole lines of the log in order; ``no_events`` whole lines
that must not appear.

Before it runs, every key, unit id, faction, setting, seat, row and log line of the file is
checked (:mod:`._scenario_check`): an unknown one is an error at ``file:line:col`` with the
nearest valid name.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StrictInt, model_validator

from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.yaml_source import SourceMap
from cardgen.packs.authority._scenario_check import ENEMY, HAND, check_references, validate
from cardgen.packs.authority.engine.actions import Act, encode
from cardgen.packs.authority.engine.game import Game, GameSetupError
from cardgen.packs.authority.engine.state import State
from cardgen.packs.authority.model import Settings
from cardgen.scenarios.protocol import ScenarioError


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlayerSpec(_M):
    hp: StrictInt | None = None
    hand: list[str] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list, description="from the top")
    discard: list[str] = Field(default_factory=list)
    rows: dict[int, list[str]] = Field(default_factory=dict)
    general: list[str] = Field(default_factory=list)


class StateSpec(_M):
    current: StrictInt = 1
    players: list[PlayerSpec] = Field(default_factory=list)
    market: list[str] = Field(default_factory=list)
    market_deck: list[str] = Field(default_factory=list, description="from the top")
    generals: list[str] = Field(default_factory=list)
    authority: StrictInt = 0
    may_replace: bool = False


class Target(_M):
    unit: str
    player: StrictInt | None = None  # the seat of the unit (targets in defence, spies)
    target: StrictInt | None = None  # the seat attacked (attack, use)
    row: StrictInt | None = None


class Step(_M):
    attack: Target | None = None
    defend: str | None = None
    recruit: str | None = None
    use: Target | None = None
    spy: str | None = None
    hunt: str | None = None
    retire: str | None = None
    strike: Target | None = None
    wound: Target | None = None
    ignore: Target | None = None
    disable: Target | None = None
    remove_spy: Target | None = None
    buy: str | None = None
    buy_general: str | None = None
    replace: str | None = None
    end: bool | None = None
    illegal: Step | None = None

    @model_validator(mode="after")
    def _one(self) -> Step:
        given = [k for k, v in self if v is not None]
        if len(given) != 1:
            raise ValueError(f"a step is exactly one action, got {given or 'none'}")
        return self

    @property
    def what(self) -> tuple[str, Any]:
        return next((k, v) for k, v in self if v is not None)


class PlayerExpect(_M):
    hp: StrictInt | None = None
    alive: bool | None = None
    hand: list[str] | None = None
    discard: list[str] | None = None
    rows: dict[int, list[str]] | None = None
    general: list[str] | None = None
    hand_size: StrictInt | None = None
    deck_size: StrictInt | None = None


class Expect(_M):
    players: dict[int, PlayerExpect] = Field(default_factory=dict)
    authority: StrictInt | None = None
    pending: dict[int, StrictInt] | None = None
    market: list[str | None] | None = None
    annihilated: list[str] | None = None
    current: StrictInt | None = None
    winner: list[StrictInt] | None = None
    events: list[str] = Field(default_factory=list, description="in this order, among others")
    no_events: list[str] = Field(default_factory=list, description="whole lines, none logged")


class Scenario(_M):
    name: str
    cards: str = "../cards"
    description: str | None = None
    players: StrictInt = Field(2, ge=2, le=4)
    factions: list[str] | None = None
    seed: StrictInt = 0
    settings: dict[str, Any] = Field(default_factory=dict)
    state: StateSpec = StateSpec()
    steps: list[Step] = Field(default_factory=list)
    expect: Expect = Expect()
    _source: SourceMap | None = PrivateAttr(None)
    _document: Any = PrivateAttr(None)

    def at(self, *path: str | int) -> str:
        """``file:line:col: `` of ``path`` in the scenario's file ('' when built in code)."""
        return "" if self._source is None else f"{self._source.at(path)}: "


def parse(data: Any, smap: SourceMap) -> Scenario:
    """The scenario of a YAML document; DiagnosticError (with positions, and a did-you-mean
    for an unknown key) when malformed."""
    sc = validate(Scenario, data, smap)
    sc._source, sc._document = smap, data
    return sc


def build_state(sc: Scenario, cat: Catalogue) -> State:
    """The scenario's starting state, its current player's turn begun."""
    factions = sc.factions or list(cat.rules.market_faction_ids[: sc.players])
    try:
        settings = Settings.model_validate({**cat.rules.settings.model_dump(), **sc.settings})
    except ValueError as exc:
        raise ScenarioError(f"settings: {exc}") from None
    try:
        game = Game(cat, factions, seed=sc.seed, settings=settings)
    except GameSetupError as exc:
        raise ScenarioError(str(exc)) from None
    state = game.new_initial_state()
    free: dict[str, list[int]] = {}
    for inst, u in enumerate(game.units):
        free.setdefault(u.id, []).append(inst)

    def take(unit_id: str) -> int:
        if unit_id not in free:
            raise ScenarioError(f"no unit {unit_id!r} in the catalogue")
        if not free[unit_id]:
            raise ScenarioError(f"more {unit_id} than the catalogue has")
        return free[unit_id].pop(0)

    spec = sc.state
    if len(spec.players) > sc.players:
        raise ScenarioError(f"state lists {len(spec.players)} players of {sc.players}")
    for seat, p in enumerate(state.players):
        ps = spec.players[seat] if seat < len(spec.players) else PlayerSpec()
        rows = dict(ps.rows)
        rows.setdefault(0, [cat.rules.kingsguard])
        if set(rows) - {0, 1, 2, 3}:
            raise ScenarioError(f"P{seat + 1}: rows are 0 to 3")
        p.hand = [take(i) for i in ps.hand]
        p.deck = [take(i) for i in reversed(ps.deck)]
        p.discard = [take(i) for i in ps.discard]
        p.rows = [[take(i) for i in rows.get(r, [])] for r in range(4)]
        p.general = [take(i) for i in ps.general]
        p.hp = cat.rules.monarch_hp if ps.hp is None else ps.hp
    state.market = [take(i) for i in spec.market]
    state.market += [-1] * (cat.rules.marketplace - len(state.market))
    state.market_deck = [take(i) for i in reversed(spec.market_deck)]
    state.generals = [take(i) for i in spec.generals]
    state.outside = sorted(i for ids in free.values() for i in ids)
    state.annihilated = []
    if not 1 <= spec.current <= sc.players:
        raise ScenarioError(f"current: seat {spec.current} of {sc.players}")
    state.current = spec.current - 1
    state.turn = 0
    state.may_replace = spec.may_replace
    if state.events is not None:
        state.events.clear()
    state._start_turn()
    state.authority += spec.authority
    try:
        state.check_invariants()
    except AssertionError as exc:
        raise ScenarioError(f"the state breaks a rule: {exc}") from None
    return state


def _action(state: State, name: str, arg: Any) -> int:
    """The action integer of one step."""
    seat = state.current
    me = state.players[seat]
    if name == "end":
        return encode(Act.END)
    if name in HAND:
        unit = arg.unit if isinstance(arg, Target) else arg
        inst = next((i for i in me.hand if state.unit(i).id == unit), None)
        if inst is None:
            raise ScenarioError(f"{name}: no {unit} in P{seat + 1}'s hand")
        target = arg.target if isinstance(arg, Target) and arg.target else seat + 1
        seat_arg = target - 1 if name in ("attack", "use") else 0
        return encode(Act[name.upper()], inst, seat_arg)
    if name in ENEMY:
        if arg.player is None:
            raise ScenarioError(f"{name}: say which player's unit (player: N)")
        owner = state.players[arg.player - 1]
        zones = [owner.general] if name == "remove_spy" else owner.rows
        for r, zone in enumerate(zones):
            if arg.row is not None and r != arg.row:
                continue
            for i in zone:
                if state.unit(i).id == arg.unit:
                    return encode(Act[name.upper()], i)
        raise ScenarioError(f"{name}: no {arg.unit} of P{arg.player} there")
    if name in ("buy", "replace"):
        slot = next(
            (s for s, i in enumerate(state.market) if i >= 0 and state.unit(i).id == arg), None
        )
        if slot is None:
            raise ScenarioError(f"{name}: no {arg} in the marketplace")
        return encode(Act[name.upper()], slot)
    if name == "buy_general":
        inst = next((i for i in state.generals if state.unit(i).id == arg), None)
        if inst is None:
            raise ScenarioError(f"buy_general: no {arg} set aside")
        return encode(Act.BUY_GENERAL, inst)
    raise ScenarioError(f"unknown step {name}")


def _ids(state: State, insts: list[int]) -> list[str]:
    return sorted(state.unit(i).id for i in insts)


def run_scenario(sc: Scenario, cat: Catalogue) -> tuple[State, list[str]]:
    """Build, play the steps, compare: the final state and every mismatch.  An ``illegal:``
    step must be an action that can be written here (its unit where the action takes it from)
    and that the rules refuse; one that cannot be written is an error, never a pass."""
    state = build_state(sc, cat)
    problems: list[str] = []
    for n, step in enumerate(sc.steps, start=1):
        name, arg = step.what
        at = sc.at("steps", n - 1)
        illegal = name == "illegal"
        if illegal:
            name, arg = arg.what
        try:
            action = _action(state, name, arg)
        except ScenarioError as exc:
            why = " (an illegal step must be an action the rules refuse)" if illegal else ""
            problems.append(f"{at}step {n}: {exc}{why}")
            return state, problems
        legal = action in state.legal_actions()
        if illegal:
            if legal:
                problems.append(f"{at}step {n}: {name} {arg} was expected to be illegal")
            continue
        if not legal:
            problems.append(f"{at}step {n}: {name} {arg} is not legal here")
            return state, problems
        state.apply_action(action)
        state.check_invariants()
    problems += _compare(state, sc.expect)
    return state, problems


def _compare(state: State, ex: Expect) -> list[str]:
    out: list[str] = []

    def check(what: str, got: Any, want: Any) -> None:
        if want is not None and got != want:
            out.append(f"{what}: expected {want!r}, got {got!r}")

    for seat, pe in ex.players.items():
        p = state.players[seat - 1]
        check(f"P{seat} hp", p.hp, pe.hp)
        check(f"P{seat} alive", p.alive, pe.alive)
        check(f"P{seat} hand", _ids(state, p.hand), None if pe.hand is None else sorted(pe.hand))
        check(
            f"P{seat} discard",
            _ids(state, p.discard),
            None if pe.discard is None else sorted(pe.discard),
        )
        check(
            f"P{seat} general",
            _ids(state, p.general),
            None if pe.general is None else sorted(pe.general),
        )
        for r, want in (pe.rows or {}).items():
            check(f"P{seat} row {r}", _ids(state, p.rows[r]), sorted(want))
        check(f"P{seat} hand size", len(p.hand), pe.hand_size)
        check(f"P{seat} deck size", len(p.deck), pe.deck_size)
    check("authority", state.authority, ex.authority)
    if ex.pending is not None:
        check("pending damage", {s + 1: v for s, v in state.pools.items()}, ex.pending)
    if ex.market is not None:
        got = [state.unit(i).id if i >= 0 else None for i in state.market]
        check("market", got, ex.market)
    if ex.annihilated is not None:
        check("annihilated", _ids(state, state.annihilated), sorted(ex.annihilated))
    check("current player", state.current + 1, ex.current)
    if ex.winner is not None:
        check("winner", sorted(s + 1 for s in state.winners), sorted(ex.winner))
    events = state.events or []
    at = 0
    for want in ex.events:
        found = next((i for i in range(at, len(events)) if events[i] == want), None)
        if found is None:
            out.append(f"event {want!r} not found (in order); events: {events}")
        else:
            at = found + 1
    for unwanted in ex.no_events:
        if unwanted in events:
            out.append(f"event {unwanted!r} was not expected")
    return out


def run(sc: Scenario, cat: Catalogue) -> list[str]:
    """Run a parsed scenario on ``cat``: every mismatch (empty: it passes), or every name the
    game does not know (it would test nothing)."""
    problems = check_references(sc._document, sc._source, cat, sc.players)
    return problems or run_scenario(sc, cat)[1]
