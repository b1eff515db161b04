"""Read, build and run a Greedy Kingdoms scenario (format: this package's docstring)."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.yaml_source import SourceMap
from cardgen.engine.vocab import did_you_mean
from cardgen.packs.greedy_kingdoms.engine.actions import (
    CHOOSE,
    COMMIT,
    OBTAIN,
    PALACE,
    PASS,
    PROMOTE,
    RESOLVE,
)
from cardgen.packs.greedy_kingdoms.engine.game import Game
from cardgen.packs.greedy_kingdoms.engine.log import LOG_WORDS, event_text
from cardgen.packs.greedy_kingdoms.engine.state import PHASES, IllegalActionError, State
from cardgen.packs.greedy_kingdoms.model import RESOURCES, Resource
from cardgen.scenarios.protocol import ScenarioError

Player = Literal["P1", "P2"]
Chips = dict[Resource, int]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Setup(_M):
    """The starting state; what is not given is as in a new game after the distribution."""

    new_game: bool = Field(False, description="a new game at its chance node (nothing else)")
    phase: Literal["start", "develop", "commit", "develop2"] = "develop"
    attacker: Player = "P1"
    turn: int = Field(1, ge=1)
    resources: dict[Player, Chips] = Field(default_factory=dict)
    promoted: dict[Player, list[int]] = Field(default_factory=dict)
    kingdom: dict[Player, list[str]] = Field(default_factory=dict)
    line: list[str | None] | None = None
    upgrade_deck: list[str] | None = Field(None, description="the top card last")
    special_deck: list[int] | None = Field(None, description="the top card last")
    palace_pile: int | None = None
    supply: Chips | None = Field(None, description="default: the chips not in a Kingdom")


_KINDS = ("chance", "choose", "develop", "commit", "resolve")


class Step(_M):
    """One decision: exactly one of the keys."""

    chance: Player | None = None
    choose: Resource | None = None
    develop: Literal["pass", "palace"] | dict[Literal["obtain", "promote"], Any] | None = None
    commit: dict[Player, list[int]] | None = None
    resolve: int | None = None
    expect_error: str | None = Field(None, description="the step is refused with this text")

    @model_validator(mode="after")
    def _one(self) -> Step:
        given = [
            k for k in ("chance", "choose", "develop", "commit", "resolve") if getattr(self, k)
        ]
        if len(given) != 1:
            raise ValueError("a step has exactly one of chance, choose, develop, commit, resolve")
        return self


class Expect(_M):
    phase: str | None = None
    attacker: Player | None = None
    turn: int | None = None
    resources: dict[Player, Chips] = Field(default_factory=dict)
    supply: Chips | None = None
    promoted: dict[Player, list[int]] = Field(default_factory=dict)
    kingdom: dict[Player, list[str]] = Field(default_factory=dict)
    palaces: dict[Player, int] = Field(default_factory=dict)
    winner: Player | Literal["draw"] | None = None
    legal: dict[Player, list[str]] = Field(
        default_factory=dict, description="the legal actions, as the log words them"
    )
    events: list[str] = Field(default_factory=list, description="log lines, in this order")
    no_events: list[str] = Field(default_factory=list, description="text no log line holds")


class Scenario(_M):
    name: str
    cards: str = "../cards"
    description: str | None = None
    seed: int = 0
    settings: dict[str, Any] = Field(default_factory=dict)
    setup: Setup = Setup()
    steps: list[Step] = Field(default_factory=list)
    expect: Expect = Expect()
    _source: SourceMap | None = PrivateAttr(None)


def parse(data: Any, smap: SourceMap) -> Scenario:
    """The scenario of a loaded YAML document; DiagnosticError for a malformed one."""
    from cardgen.catalogue.validation_errors import validate_model

    sc = validate_model(Scenario, data, smap)
    sc._source = smap
    return sc


_WORD = re.compile(r"[A-Za-z]+")


def _unknown_words(sc: Scenario, cat: Catalogue) -> list[str]:
    """A ``no_events`` text using a word no log line can hold (at its file:line): it could
    never match, so the check would pass whatever the engine did."""
    known = set(LOG_WORDS) | {r.lower() for r in RESOURCES}
    known |= {w.lower() for card_id in cat.by_id for w in _WORD.findall(card_id)}
    problems = []
    for k, text in enumerate(sc.expect.no_events):
        for word in _WORD.findall(text):
            if word.lower() not in known:
                where = sc._source.at(("expect", "no_events", k)) if sc._source else "no_events"
                hint = did_you_mean(word.lower(), sorted(known))
                problems.append(f"{where}: no log line holds the word {word!r}{hint}")
    return problems


def _seat(p: str) -> int:
    return int(p[1]) - 1


def _vec(chips: dict[str, int]) -> list[int]:
    return [chips.get(r, 0) for r in RESOURCES]


def _named(v: list[int]) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, v, strict=True) if n}


def _upgrade_ix(game: Game, card_id: str) -> int:
    for k, up in enumerate(game.upgrades):
        if up.card_id == card_id:
            return k
    known = ", ".join(u.card_id for u in game.upgrades)
    raise ScenarioError(f"no Upgrade {card_id!r} in the catalogue; known: {known}")


def build_state(sc: Scenario, cat: Catalogue) -> State:
    """The scenario's starting state."""
    try:
        settings = cat.rules.settings.model_validate(
            {**cat.rules.settings.model_dump(), **sc.settings}
        )
    except ValueError as exc:
        raise ScenarioError(f"settings: {exc}") from None
    game = Game(cat, settings=settings)
    st = game.new_initial_state(sc.seed)
    s = sc.setup
    if s.new_game:
        return st
    st.phase = PHASES.index(s.phase)
    st.attacker = st.first_attacker = _seat(s.attacker)
    st.turn = s.turn
    st.distributed = [1, 2, 3]
    st.history.append(("c", st.attacker))
    for p in (0, 1):
        st.res[p] = _vec(s.resources.get(f"P{p + 1}", {}))
        for n in s.promoted.get(f"P{p + 1}", []):
            if n not in game.special:
                raise ScenarioError(f"promoted: no Special Worker numbered {n}")
            st.promoted[p][n - 1] = True
        st.kingdom[p] = [_upgrade_ix(game, c) for c in s.kingdom.get(f"P{p + 1}", [])]
        st.palaces[p] = st.kingdom[p].count(game.palace)
    owned = [u for k in st.kingdom for u in k if u != game.palace]
    if s.line is not None:
        if len(s.line) != game.line_size:
            raise ScenarioError(f"line: {len(s.line)} slots, the game has {game.line_size}")
        st.line = [-1 if c is None else _upgrade_ix(game, c) for c in s.line]
    else:
        st.line = [-1] * game.line_size
    if s.upgrade_deck is not None:
        st.upgrade_deck = [_upgrade_ix(game, c) for c in s.upgrade_deck]
    else:  # the rest of the Upgrades, in the seed's shuffled order
        rest = list(st.upgrade_deck)
        for u in owned + [c for c in st.line if c >= 0]:
            if u in rest:
                rest.remove(u)
        st.upgrade_deck = rest
    promoted = [n for p in (0, 1) for n in game.numbers if st.promoted[p][n - 1]]
    if s.special_deck is not None:
        st.special_deck = list(s.special_deck)
    else:
        st.special_deck = [n for n in st.special_deck if n not in promoted]
    st.palace_pile = (
        s.palace_pile if s.palace_pile is not None else game.palace_count - sum(st.palaces)
    )
    if s.supply is not None:
        st.supply = _vec(s.supply)
    else:
        st.supply = [game.chips - st.res[0][r] - st.res[1][r] for r in range(4)]
        if min(st.supply) < 0:
            raise ScenarioError("resources: more chips than the game has")
    return st


def _action(st: State, step: Step) -> list[int | None]:
    g = st.game
    acts: list[int | None] = [None, None]
    att = st.attacker
    if step.choose:
        chooser = st.acting_players()[0] if st.acting_players() else att
        acts[chooser] = CHOOSE + RESOURCES.index(step.choose)
    elif step.develop is not None:
        d = step.develop
        if d == "pass":
            acts[att] = PASS
        elif d == "palace":
            acts[att] = PALACE
        elif "obtain" in d:
            acts[att] = OBTAIN + int(d["obtain"]) - 1
        else:
            pay = tuple(sorted(RESOURCES.index(r) for r in d["promote"]))
            if pay not in g.payment_index:
                raise ScenarioError(f"promote: cannot return {d['promote']}")
            acts[att] = PROMOTE + g.payment_index[pay]
    elif step.commit is not None:
        for p, nums in step.commit.items():
            combo = tuple(sorted(nums))
            if combo not in g.combo_index:
                raise ScenarioError(f"commit: {nums} is not {g.battle_size} card numbers")
            acts[_seat(p)] = COMMIT + g.combo_index[combo]
    elif step.resolve is not None:
        acts[att] = RESOLVE + step.resolve
    return acts


def run(sc: Scenario, cat: Catalogue) -> list[str]:
    """Play the scenario on ``cat``: every mismatch with its expectations (empty: passes)."""
    from cardgen.packs.greedy_kingdoms.engine.actions import describe

    problems = _unknown_words(sc, cat)
    if problems:
        return problems
    st = build_state(sc, cat)
    for k, step in enumerate(sc.steps, 1):
        try:
            if step.chance:
                st.apply_chance(_seat(step.chance))
            else:
                st.apply_actions(_action(st, step))
        except IllegalActionError as exc:
            if step.expect_error and step.expect_error in str(exc):
                continue
            problems.append(f"step {k}: refused: {exc}")
            return problems
        if step.expect_error:
            problems.append(f"step {k}: expected the error {step.expect_error!r}, it was played")
    e = sc.expect
    g = st.game

    def check(what: str, want: Any, got: Any) -> None:
        if want != got:
            problems.append(f"{what}: expected {want}, got {got}")

    if e.phase is not None:
        check("phase", e.phase, PHASES[st.phase])
    if e.attacker is not None:
        check("attacker", e.attacker, f"P{st.attacker + 1}")
    if e.turn is not None:
        check("turn", e.turn, st.turn)
    for p, chips in e.resources.items():
        check(f"{p} resources", _named(_vec(chips)), _named(st.res[_seat(p)]))
    if e.supply is not None:
        check("supply", _named(_vec(e.supply)), _named(st.supply))
    for p, nums in e.promoted.items():
        check(f"{p} promoted", sorted(nums), [n for n in g.numbers if st.promoted[_seat(p)][n - 1]])
    for p, ids in e.kingdom.items():
        check(f"{p} kingdom", ids, [g.upgrades[u].card_id for u in st.kingdom[_seat(p)]])
    for p, n in e.palaces.items():
        check(f"{p} palaces", n, st.palaces[_seat(p)])
    if e.winner is not None:
        got = "draw" if st.winner == 2 else (f"P{st.winner + 1}" if st.winner >= 0 else None)
        check("winner", e.winner, got)
    for p, words in e.legal.items():
        check(f"{p} legal actions", words, [describe(a, g) for a in st.legal_actions(_seat(p))])
    lines = [event_text(ev, g) for ev in st.events or ()]
    at = 0
    for want in e.events:
        found = next((i for i in range(at, len(lines)) if want in lines[i]), None)
        if found is None:
            problems.append(f"event not found (in order): {want!r}; log: {lines[-12:]}")
        else:
            at = found + 1
    for text in e.no_events:
        bad = [ln for ln in lines if text in ln]
        if bad:
            problems.append(f"unexpected event {bad[0]!r}")
    return problems
