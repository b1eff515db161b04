"""A compiled rules description played on the engine kit: its state, game and engine.

The state keeps the zones as lists of card ids (``st.z``) and the counters as numbers
(``st.k``) in the slots the compiler assigned; everything else of the protocol — clone,
digest, observation, determinise, arrange — follows from the declared zones
(:mod:`cardgen.engine.zones`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Self

from cardgen.catalogue.loader import load_catalogue
from cardgen.engine.definition import Engine, TableLayout
from cardgen.engine.described.compiler import MAX_WORK, Action, Program, RulesError
from cardgen.engine.errors import EngineError, IllegalAction, ScenarioError, SetupError
from cardgen.engine.events import EventSchema
from cardgen.engine.grammar import Grammar
from cardgen.engine.protocol import GameInfo, Setup, seat_name
from cardgen.engine.table import TableGame, TableState
from cardgen.engine.vocab import did_you_mean, parse_seat
from cardgen.engine.zones import ZoneDecl, determinise_parts, shown


class DescribedState(TableState):
    """A game of a described ruleset in progress."""

    def __init__(self, game: DescribedGame, seed: int) -> None:
        super().__init__(game, seed)
        p = game.program
        n = self.n = game.setup.players
        self.ph = 0
        self.z: list[list[str]] = [list(z.cards) for z in p.zones if not z.per_seat]
        self.z += [[] for _ in range(n * p.seat_zones)]
        self.k: list[Any] = [c.start for c in p.counters if not c.per_seat]
        self.k += [c.start for _ in range(n) for c in p.counters if c.per_seat]
        self.work = MAX_WORK
        try:
            p.setup(self, {})
        except RecursionError:
            raise RulesError(f"{p.file}: the set-up's procedures call too deep") from None
        self._settle()

    # --- the protocol ------------------------------------------------------------------------
    def _settle(self) -> None:
        """Whether the game has ended and who moves now, found once after each change."""
        prog = self.game.program
        self._end = bool(prog.end(self, {}))
        if self._end:
            self._mv: list[int] = []
            return
        phase = prog.phases[self.ph]
        if phase.movers is None:
            self._mv = list(range(self.n))
            return
        seat = phase.movers(self, {})
        if seat is None:
            raise RulesError(f"{prog.file}: phase {phase.name}: nobody moves (the mover is none)")
        self._mv = [seat]

    def movers(self) -> list[int]:
        return list(self._mv)

    def legal_actions(self, seat: int) -> list[int]:
        if seat not in self._mv:
            return []
        out: list[int] = []
        prog = self.game.program
        phase = prog.phases[self.ph]
        for a in phase.actions:
            out += self._legal(a, seat, prog.stride)
        if not out:
            raise RulesError(
                f"{phase.where}: {seat_name(seat)} moves in phase {phase.name} but has no "
                "legal action (make the phase's movers, or the end, see to it)"
            )
        return out

    def _legal(self, a: Action, seat: int, stride: int) -> list[int]:
        env: dict[str, Any] = {"me": seat}
        base = a.index * stride
        when = a.when
        if a.kind == "none":
            return [base] if when is None or when(self, env) else []
        if a.kind == "card":
            index = self.game.card_index
            cards = sorted({index[c] for c in a.source(self, env)})  # type: ignore[misc]
            if when is None:
                return [base + c for c in cards]
            ids = self.game.program.card_ids
            out = []
            for c in cards:
                env["card"] = ids[c]
                if when(self, env):
                    out.append(base + c)
            return out
        if a.kind == "choice":
            values: Sequence[int] = range(len(a.choices))
            key = "choice"
        else:
            lo, hi = a.lo(self, env), a.hi(self, env)  # type: ignore[misc]
            values = range(max(lo, 0), min(hi, stride - 1) + 1)
            key = "number"
        out = []
        for v in values:
            env[key] = a.choices[v] if a.kind == "choice" else v
            if when is None or when(self, env):
                out.append(base + v)
        return out

    def resolve(self, actions: Mapping[int, int]) -> None:
        self.work = MAX_WORK
        try:
            self._resolve(actions)
        except RecursionError:
            raise RulesError(f"{self.game.program.file}: the rules call too deep") from None

    def _resolve(self, actions: Mapping[int, int]) -> None:
        prog = self.game.program
        stride = prog.stride
        self.chosen: list[Any] = [None] * self.n
        for seat in sorted(actions):
            act = prog.actions[actions[seat] // stride]
            v = actions[seat] % stride
            env: dict[str, Any] = {"me": seat}
            if act.kind == "card":
                env["card"] = self.chosen[seat] = prog.card_ids[v]
            elif act.kind == "choice":
                env["choice"] = self.chosen[seat] = act.choices[v]
            elif act.kind == "number":
                env["number"] = self.chosen[seat] = v
            act.do(self, env)
        prog.phases[self.ph].after(self, {})
        self._settle()

    def apply_chosen(self, actions: Mapping[int, int]) -> None:
        self.resolve(actions)

    def apply(self, actions: Mapping[int, int]) -> None:
        movers = self._mv
        if sorted(actions) != sorted(movers):
            names = ", ".join(seat_name(p) for p in movers) or "nobody"
            got = ", ".join(seat_name(p) for p in sorted(actions)) or "nobody"
            raise IllegalAction(f"the seats to move are {names}, not {got}")
        for seat, a in actions.items():
            if a not in self.legal_actions(seat):
                raise IllegalAction(f"{seat_name(seat)} cannot play action {a} now")
        self.resolve(actions)

    def is_terminal(self) -> bool:
        return self._end

    def returns(self) -> list[float]:
        keys = [tuple(r(self, {"s": s}) for r in self.game.program.rank) for s in range(self.n)]
        best = max(keys)
        winners = [s for s in range(self.n) if keys[s] == best]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.n)]

    def action_to_string(self, seat: int, action: int) -> str:
        prog = self.game.program
        act = prog.actions[action // prog.stride]
        v = action % prog.stride
        if act.kind == "card":
            return act.write(prog.card_ids[v])
        if act.kind == "choice":
            return act.write(act.choices[v])
        if act.kind == "number":
            return act.write(str(v))
        return act.text

    # --- what follows from the declared zones ------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        prog = self.game.program
        out: dict[str, Any] = {}
        if len(prog.phases) > 1:
            out["phase"] = prog.phases[self.ph].name
        k = 0
        for c in prog.counters:
            if not c.per_seat:
                out[c.name] = _counter(c.type, self.k[k])
                k += 1
        decls = self.game.decls
        shared = prog.shared_zones
        for i in range(shared):
            out[decls[i].name] = shown(decls[i], self.z[i], None, seat)
        players = []
        sz, sc = prog.seat_zones, prog.seat_counters
        seat_counters = [c for c in prog.counters if c.per_seat]
        for s in range(self.n):
            mine: dict[str, Any] = {}
            for j in range(sz):
                d = decls[shared + j]
                mine[d.name] = shown(d, self.z[shared + s * sz + j], s, seat)
            for j, c in enumerate(seat_counters):
                mine[c.name] = _counter(c.type, self.k[prog.shared_counters + s * sc + j])
            players.append(mine)
        out["players"] = players
        return out

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.z = [z[:] for z in self.z]
        other.k = self.k[:]
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.events = None if self.events is None else self.events[:]
        return other

    def determinise(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        other.rng = random.Random(rng.getrandbits(64))
        other.events = None
        decls, prog = self.game.decls, self.game.program
        owners = [None] * prog.shared_zones + [
            s for s in range(self.n) for _ in range(prog.seat_zones)
        ]
        slots = [decls[i] for i in range(prog.shared_zones)] + [
            decls[prog.shared_zones + j] for _ in range(self.n) for j in range(prog.seat_zones)
        ]
        determinise_parts(other.z, slots, owners, seat, prog.pools, rng)
        return other

    def arrange(self, given: Mapping[str, Any]) -> None:
        for key, value in given.items():
            if key == "players":
                for s, fields in value.items():
                    for name, v in fields.items():
                        self._set(name, v, s, f"players.{seat_name(s)}.{name}")
            else:
                self._set(key, value, None, key)
        self._settle()

    def _set(self, name: str, value: Any, seat: int | None, where: str) -> None:
        prog = self.game.program
        if name == "phase" and seat is None:
            names = [p.name for p in prog.phases]
            if value not in names:
                raise ScenarioError(f"{where}: no phase {value!r}{did_you_mean(str(value), names)}")
            self.ph = names.index(value)
            return
        for i, z in enumerate(prog.zones):
            if z.name == name and z.per_seat == (seat is not None):
                if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                    raise ScenarioError(f"{where} is a list of card ids")
                slot = i if seat is None else prog.shared_zones + seat * prog.seat_zones + z.index
                self.z[slot] = list(value)
                return
        for c in prog.counters:
            if c.name == name and c.per_seat == (seat is not None):
                slot = (
                    c.index
                    if seat is None
                    else prog.shared_counters + seat * prog.seat_counters + c.index
                )
                if c.type == "seat":
                    # the kit gives seats as indexes; a seat's name is read too
                    v = (
                        value
                        if isinstance(value, int) and 0 <= value < self.n
                        else None
                        if value is None
                        else parse_seat(str(value), self.n)
                    )
                    if value is not None and v is None:
                        raise ScenarioError(f"{where}: {value!r} is not a seat")
                    self.k[slot] = v
                elif type(value) is not int or not c.lo <= value <= c.hi:
                    raise ScenarioError(f"{where} is a whole number from {c.lo} to {c.hi}")
                else:
                    self.k[slot] = value
                return
        names = [z.name for z in prog.zones] + [c.name for c in prog.counters]
        raise ScenarioError(f"{where} cannot be set{did_you_mean(name, names)}")


def _counter(kind: str, value: Any) -> Any:
    if kind == "seat":
        return None if value is None else seat_name(value)
    return value


class DescribedGame(TableGame):
    """A catalogue compiled for one set-up under a described ruleset."""

    state = DescribedState

    def __init__(self, catalogue: Any, setup: Setup, program: Program) -> None:
        self.program = program
        self.card_index = {c: k for k, c in enumerate(program.card_ids)}
        self.decls = [
            ZoneDecl(z.name, z.per_seat, z.see, z.order)  # type: ignore[arg-type]
            for z in program.zones
        ]
        super().__init__(catalogue, setup)

    def new_initial_state(self, seed: int) -> DescribedState:
        return DescribedState(self, seed)

    def check(self) -> None:
        try:
            self.new_initial_state(0)
        except RulesError as exc:
            raise SetupError(str(exc)) from None


class DescribedEngine(Engine[DescribedState]):
    """The engine of a rules description (each description gets a subclass of its own)."""

    program: Program
    source: tuple[str, str]

    def new_game(self, catalogue: Any, setup: Setup) -> DescribedGame:
        return DescribedGame(catalogue, setup, self.program)

    def score(self, state: DescribedState, seat: int) -> int:
        return int(self.program.rank[0](state, {"s": seat}))

    def result_lines(self, state: DescribedState) -> list[str]:
        """Each seat's score (the first of ``result.rank``), the winners marked: the Play
        view's and the readable log's result, not the shares of the win."""
        r = state.returns()
        best = max(r)
        return [
            f"{seat_name(k)}: {self.score(state, k)}" + (" (winner)" if x == best and x > 0 else "")
            for k, x in enumerate(r)
        ]

    def length_note(self) -> str:
        return f" (the bound is {self.program.length_rule})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, self.source)


def _evaluate(self: DescribedEngine, state: DescribedState, seat: int) -> float:
    if state.is_terminal():
        return float(state.returns()[seat])
    return float(self.program.evaluate(state, {"me": seat}))  # type: ignore[misc]


def make_engine(program: Program, path: Path, root: Path) -> DescribedEngine:
    """The engine class of ``program`` and its one instance."""
    d = program.desc
    players = d.game.players
    lo, hi = (players, players) if isinstance(players, int) else (players[0], players[1])
    simultaneous = hi > 1 and any(p.movers is None for p in program.phases)
    hidden = any(z.see != "everyone" for z in program.zones)
    info = GameInfo(
        d.game.id,
        d.game.name,
        lo,
        hi,
        simultaneous=simultaneous,
        hidden_information=hidden,
        max_length=d.game.max_length,
    )
    vocabulary: dict[str, Any] = {}
    for z in program.zones:
        vocabulary[f"players.*.{z.name}" if z.per_seat else z.name] = "card"
    for c in program.counters:
        vocabulary[f"players.*.{c.name}" if c.per_seat else c.name] = c.type
    if len(program.phases) > 1:
        vocabulary["phase"] = tuple(p.name for p in program.phases)
    centre = tuple(z.name for z in program.zones if not z.per_seat and z.see in ("everyone", "top"))
    piles = tuple(z.name for z in program.zones if z.pile or z.see == "top")
    attrs: dict[str, Any] = {
        "info": info,
        "grammar": Grammar(*(a.says for a in program.actions)),
        "events": EventSchema(*program.events),
        "vocabulary": vocabulary,
        "layout": TableLayout(seats="players", centre=centre, piles=piles),
        "search": {"iterations": 100},
        "options": dict(d.options),
        "program": program,
        "source": (str(path), str(root)),
    }
    if program.evaluate is not None:
        attrs["evaluate"] = _evaluate
    cls = type(f"Described_{d.game.id.replace('-', '_')}", (DescribedEngine,), attrs)
    engine: DescribedEngine = cls()
    return engine


def _rebuild(path: str, root: str) -> DescribedEngine:
    """The engine of the description ``path`` for the catalogue ``root`` (unpickling)."""
    from cardgen.engine.described import described_engine

    return described_engine(Path(path), load_catalogue(root))


__all__ = ["DescribedEngine", "DescribedGame", "DescribedState", "EngineError", "make_engine"]
