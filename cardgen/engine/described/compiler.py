"""A rules description compiled: every name resolved, every expression type-checked and
turned into Python closures over a state's zones and counters (never ``eval``).

A compiled expression or effect is a function ``f(st, env)``: ``st`` the game state (its
zones ``st.z``, counters ``st.k``, players ``st.n``, phase ``st.ph``, generator ``st.rng``,
events ``st.events``), ``env`` the local names (``me``, ``card``, a loop's variable …).
Shared zones take the first slots of ``st.z``, then each seat's zones; counters likewise.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from cardgen.diagnostics import Position
from cardgen.engine.described.expr import ExprError, Node, parse, parse_binder
from cardgen.engine.described.model import (
    BIG,
    ActionSpec,
    Description,
    DescriptionError,
    Problem,
    Source,
)
from cardgen.engine.designer_code import load_module
from cardgen.engine.errors import EngineError
from cardgen.engine.events import EventType
from cardgen.engine.vocab import did_you_mean

Fn = Callable[[Any, dict[str, Any]], Any]
Path = tuple[Any, ...]

#: types of the language
INT, NUM, BOOL, TEXT, CARD, SEAT, ZONE, SEATS, NONE = (
    "int",
    "num",
    "bool",
    "text",
    "card",
    "seat",
    "zone",
    "seats",
    "none",
)
_PARAM_TYPES = (INT, NUM, BOOL, TEXT, CARD, SEAT)
_DOMAINS = ("card", "seat", "int", "bool", "text")
_NUMERIC = (INT, NUM)
_DEFAULTS: dict[str, Any] = {INT: 0, NUM: 0.0, TEXT: "", BOOL: False}
#: the most times a `repeat:` runs, and the largest number arithmetic may make
MAX_REPEAT = 10_000
MAX_VALUE = 10**12
#: the most loop rounds (``repeat``, ``for``) one step of a game may run: nested loops stop
#: with an error, never a hang
MAX_WORK = 200_000
_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")
_SEAT_LITERAL = re.compile(r"^P([1-9])$")
#: names a description may not give its own zones, counters, values …
RESERVED = frozenset(
    {"players", "seats", "phase", "me", "card", "choice", "number", "rules", "settings", "s"}
    | {"options", "chosen"}
    | {"and", "or", "not", "in", "true", "false", "none", "all"}
)
_BUILTINS = (
    "size",
    "top",
    "bottom",
    "contains",
    "if",
    "min",
    "max",
    "abs",
    "clamp",
    "next",
    "prev",
    "random_seat",
    "hook",
)
_BINDERS = ("all", "any", "count", "sum", "max", "min", "best", "sole_best")
VERBS = (
    "move",
    "deal",
    "shuffle",
    "clear",
    "set",
    "add",
    "let",
    "if",
    "for",
    "repeat",
    "emit",
    "call",
    "require",
    "rotate",
    "case",
    "hook",
)
_VERB_KEYS = {
    "move": ("from", "to"),
    "deal": ("from", "to"),
    "if": ("then", "else"),
    "for": ("do",),
    "repeat": ("do",),
    "require": ("message",),
    "rotate": ("by",),
    "case": ("of", "else"),
}


class RulesError(EngineError):
    """A rule that cannot be carried out as written in this position (an empty zone's top
    card, a division by zero …), naming the rule's place in the description."""


@dataclass
class CE:
    """A compiled expression: its type, its function, and its value when constant."""

    type: str
    fn: Fn
    const: Any = None
    is_const: bool = False
    #: a text's allowed words (a card field of fixed choices, a phase), for checking literals
    words: tuple[str, ...] = ()


@dataclass
class Zone:
    """A declared zone: its slot index among the shared or the per-seat zones, its cards at
    the start (ids, copies included), who sees it."""

    name: str
    per_seat: bool
    see: str
    order: str
    pile: bool
    cards: list[str]
    index: int


@dataclass
class Counter:
    """A declared counter (a number or a seat), its start and bounds, its slot index."""

    name: str
    per_seat: bool
    type: str
    start: Any
    lo: int
    hi: int
    index: int


@dataclass
class Action:
    """A compiled action: what it names (``kind``), where its cards come from or its choices
    and bounds, when it is legal, what it does."""

    name: str
    index: int
    says: str
    kind: str  # none, card, choice, number
    source: Fn | None
    choices: tuple[str, ...]
    lo: Fn | None
    hi: Fn | None
    when: Fn | None
    do: Fn
    #: ``says`` as written: ``{card}``, ``{choice}`` or ``{number}`` is the value's place
    text: str = ""

    def write(self, value: str) -> str:
        """The action string of this action with ``value`` (a card id, word or number)."""
        return self.text.replace("{" + self.kind + "}", value)


@dataclass
class Phase:
    """A compiled phase: who moves (None: every seat at once), its actions, what follows."""

    name: str
    index: int
    movers: Fn | None  # None: every seat at once
    actions: list[Action]
    after: Fn
    where: str = ""


@dataclass
class Program:
    """A compiled description: what :mod:`.game` plays."""

    desc: Description
    file: str
    zones: list[Zone]
    counters: list[Counter]
    shared_zones: int
    seat_zones: int
    shared_counters: int
    seat_counters: int
    events: list[EventType]
    actions: list[Action]
    phases: list[Phase]
    setup: Fn
    end: Fn
    rank: list[Fn]
    evaluate: Fn | None
    card_ids: list[str]
    stride: int
    pools: dict[str, int]
    warnings: list[Problem] = field(default_factory=list)
    length_rule: str = ""


class _Callable:
    """A value or a procedure, compiled on first use (a cycle is an error)."""

    def __init__(self, name: str, kind: str, params: dict[str, str], path: Path) -> None:
        self.name, self.kind, self.params, self.path = name, kind, params, path
        self.state = "new"
        self.fn: Fn | None = None
        self.type = ""


class Compiler:
    """Compiles one description against one catalogue (its cards, rules model, settings)."""

    def __init__(
        self, desc: Description, src: Source, catalogue: Any, *, run_hooks: bool = True
    ) -> None:
        self.desc, self.src, self.cat = desc, src, catalogue
        #: whether the hooks' file is loaded (``validate`` never runs a catalogue's Python)
        self.run_hooks = run_hooks
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self.card_ids = sorted(catalogue.by_id)
        self.card_fields = _card_fields(catalogue)
        self.tables: dict[tuple[str, ...], dict[str, Any]] = {}
        g = desc.game
        self.max_players = g.players if isinstance(g.players, int) else max(g.players)
        self.zones: dict[str, Zone] = {}
        self.counters: dict[str, Counter] = {}
        self.callables: dict[str, _Callable] = {}
        self.stack: list[str] = []
        self.writes: set[str] = set()
        self.phase_names = list(desc.phases)
        #: the words a local name may hold (an action's ``choice``), for checking literals
        self.local_words: dict[str, tuple[str, ...]] = {}
        #: while a phase's `after` compiles: the type of what its movers chose
        self.chosen: tuple[str, tuple[str, ...]] | None = None
        self.events: dict[str, EventType] = {}

    # --- problems --------------------------------------------------------------------------
    def fail(self, path: Path, message: str, offset: int = 0, *, key: bool = False) -> None:
        self.problems.append(Problem(self.src.at(path, offset, key=key), message))

    def pos(self, path: Path, offset: int = 0) -> Position:
        return self.src.at(path, offset)

    # --- the whole description -------------------------------------------------------------
    def compile(self) -> Program:
        d = self.desc
        self._players()
        self._names()
        self._declare_zones()
        self._declare_counters()
        self._declare_events()
        for name, v in d.values.items():
            self.callables[name] = _Callable(name, "value", v.of, ("values", name))
        for name, p in d.procedures.items():
            if name in self.callables:
                self.fail(
                    ("procedures", name), f"{name!r} is both a value and a procedure", key=True
                )
            self.callables[name] = _Callable(name, "procedure", p.of, ("procedures", name))
        actions = [self._action(k, name, a) for k, (name, a) in enumerate(d.actions.items())]
        said: dict[str, str] = {}
        for a in actions:  # each action string must name one action: the words tell them apart
            words = re.sub(r"\{[^}]*\}", "…", a.text)
            if words in said:
                self.fail(
                    ("actions", a.name, "says"),
                    f"actions {said[words]!r} and {a.name!r} say the same words ({a.text!r}): "
                    "a log could not tell them apart",
                )
            said.setdefault(words, a.name)
        by_name = {a.name: a for a in actions}
        phases = []
        for k, (name, ph) in enumerate(d.phases.items()):
            phases.append(self._phase(k, name, ph, by_name))
        used = {a for ph in d.phases.values() for a in ph.actions}
        for name in d.actions:
            if name not in used:
                self.warn(("actions", name), f"action {name!r} is in no phase: nobody can take it")
        for c in self.callables.values():  # compile the unused ones too: their mistakes count
            self._callable(c, ("values" if c.kind == "value" else "procedures", c.name))
        setup = self.block(d.setup, ("setup",), {})
        end = self.expr(d.end, ("end",), {}, BOOL)
        rank = [
            self.expr(r, ("result", "rank", k), {"s": SEAT}, NUM)
            for k, r in enumerate(d.result.rank)
        ]
        evaluate = None
        if d.evaluate is not None:
            evaluate = self.expr(d.evaluate, ("evaluate",), {"me": SEAT}, NUM).fn
        self._reachable(end)
        if self.problems:
            raise DescriptionError(self.problems)
        zones = sorted(self.zones.values(), key=lambda z: (z.per_seat, z.index))
        counters = sorted(self.counters.values(), key=lambda c: (c.per_seat, c.index))
        pos = self.src.at(("game", "max_length"))
        return Program(
            desc=d,
            file=self.src.file,
            zones=zones,
            counters=counters,
            shared_zones=sum(not z.per_seat for z in zones),
            seat_zones=sum(z.per_seat for z in zones),
            shared_counters=sum(not c.per_seat for c in counters),
            seat_counters=sum(c.per_seat for c in counters),
            events=list(self.events.values()),
            actions=actions,
            phases=phases,
            setup=setup,
            end=end.fn,
            rank=[r.fn for r in rank],
            evaluate=evaluate,
            card_ids=self.card_ids,
            stride=max(len(self.card_ids), 1001),
            pools=self._pools(),
            warnings=self.warnings,
            length_rule=f"game.max_length ({pos})",
        )

    def warn(self, path: Path, message: str, *, key: bool = True) -> None:
        self.warnings.append(Problem(self.src.at(path, key=key), message, warning=True))

    def _players(self) -> None:
        p = self.desc.game.players
        lo, hi = (p, p) if isinstance(p, int) else (*p, 0, 0)[:2]
        if isinstance(p, list) and len(p) != 2:
            self.fail(("game", "players"), "players is a number or [fewest, most]")
        elif not 1 <= lo <= hi <= 9:
            self.fail(("game", "players"), "players are between 1 and 9, the fewest first")

    def _names(self) -> None:
        """Every declared name is a lowercase identifier, unique across kinds, not reserved."""
        seen: dict[str, str] = {}
        for section in ("zones", "counters", "values", "procedures", "actions", "phases", "events"):
            for name in getattr(self.desc, section):
                path = (section, name)
                if not _NAME.match(name):
                    self.fail(
                        path, f"{name!r}: a name is lowercase letters, digits and _", key=True
                    )
                elif name in RESERVED or _SEAT_LITERAL.match(name) or name in _BUILTINS:
                    self.fail(
                        path, f"{name!r} is a word of the language: choose another name", key=True
                    )
                elif section in ("zones", "counters", "values", "procedures"):
                    if name in seen:
                        self.fail(path, f"{name!r} is already the name of a {seen[name]}", key=True)
                    seen[name] = section[:-1]

    def _declare_zones(self) -> None:
        shared = seat = 0
        for name, z in self.desc.zones.items():
            cards: list[str] = []
            if z.cards is not None:
                cards = self._deck(name, z.cards)
                if z.per_seat:
                    self.fail(
                        ("zones", name, "cards"),
                        "a zone of each seat starts empty: fill it in setup",
                    )
            index = seat if z.per_seat else shared
            if z.per_seat:
                seat += 1
            else:
                shared += 1
            self.zones[name] = Zone(name, z.per_seat, z.see, z.order, z.pile, cards, index)

    def _deck(self, zone: str, where: Any) -> list[str]:
        if where == "all":
            return [c.id for c in self.cat for _ in range(c.copies)]
        out = []
        for fname, value in where.items():
            path = ("zones", zone, "cards", fname)
            if (str(fname),) not in self.card_fields:
                known = sorted("/".join(k) for k in self.card_fields)
                self.fail(
                    path, f"no card field {fname!r}{did_you_mean(str(fname), known)}", key=True
                )
                return []
            values = {getattr(c, fname) for c in self.cat}
            if value not in values:
                shown = sorted(map(str, values))
                self.fail(
                    path,
                    f"no card has {fname}: {value!r}{did_you_mean(str(value), shown)}; "
                    f"the values: {', '.join(shown[:12])}",
                )
                return []
        for c in self.cat.select(**dict(where.items())):
            out += [c.id] * c.copies
        return out

    def _declare_counters(self) -> None:
        shared = seat = 0
        for name, c in self.desc.counters.items():
            path = ("counters", name)
            if c.min > c.max:
                self.fail(path, f"counter {name!r}: min {c.min} is above max {c.max}")
            start: Any = c.start
            if c.type == "int":
                if not isinstance(start, int) or not c.min <= start <= c.max:
                    self.fail(
                        (*path, "start"), f"counter {name!r} starts at a number from min to max"
                    )
                    start = 0
            else:
                start = None if start == "none" else start  # the word, as the docs write it
                m = _SEAT_LITERAL.match(str(start)) if start is not None else None
                if start not in (None, 0) and not m:
                    self.fail((*path, "start"), "a seat counter starts at a seat (P1…) or none")
                start = None if start is None else (int(m.group(1)) - 1 if m else 0)
            index = seat if c.per_seat else shared
            if c.per_seat:
                seat += 1
            else:
                shared += 1
            self.counters[name] = Counter(name, c.per_seat, c.type, start, c.min, c.max, index)

    def _declare_events(self) -> None:
        for name, e in self.desc.events.items():
            path = ("events", name)
            spec = []
            for fname, dom in e.fields.items():
                if not _NAME.match(fname):
                    self.fail((*path, "fields", fname), f"{fname!r} is not a field name", key=True)
                    continue
                if dom not in ("card", "seat", "int", "bool", "text") and not re.match(
                    r"^[\w-]+(\|[\w-]+)+$", dom
                ):
                    self.fail(
                        (*path, "fields", fname),
                        f"unknown domain {dom!r}{did_you_mean(dom, _DOMAINS)}; "
                        "card, seat, int, bool, text or words joined by |",
                    )
                    continue
                spec.append(f"{fname}:{dom}")
            names = list(e.fields)
            for f in re.findall(r"\{(\w+)\}", e.text):
                if f not in names:
                    self.fail(
                        (*path, "text"),
                        f"the text names {{{f}}}, not a field{did_you_mean(f, names)}",
                    )
            if e.private is not None and e.private not in names:
                self.fail(
                    (*path, "private"), f"no field {e.private!r}{did_you_mean(e.private, names)}"
                )
            for h in e.hidden:
                if h not in names:
                    self.fail((*path, "hidden"), f"no field {h!r}{did_you_mean(h, names)}")
            try:
                self.events[name] = EventType(
                    name, " ".join(spec), e.text, e.role, e.private, tuple(e.hidden)
                )
            except ValueError as exc:
                self.fail(path, str(exc), key=True)

    def _pools(self) -> dict[str, int]:
        """Each card's pool: the first zone filled from the catalogue that holds it (a
        seat's hidden cards are resampled only among cards of the same pools)."""
        out: dict[str, int] = {}
        for z in self.zones.values():
            for c in z.cards:
                out.setdefault(c, z.index)
        return out

    def _reachable(self, end: CE) -> None:
        if end.is_const:
            if not end.const:
                self.warn(("end",), "the end is never true: the game cannot end", key=False)
            return
        reads = _names_in(parse_or_none(self.desc.end))
        state = (set(self.zones) | set(self.counters) | {"phase"}) & reads
        if state and not state & self.writes:
            self.warn(
                ("end",),
                "the end can never be reached: no effect changes " + ", ".join(sorted(state)),
                key=False,
            )

    # --- actions and phases ----------------------------------------------------------------
    def _action(self, k: int, name: str, a: ActionSpec) -> Action:
        path = ("actions", name)
        scope: dict[str, str] = {"me": SEAT}
        kinds = [p for p in ("card", "choice", "number") if getattr(a, p) is not None]
        if len(kinds) > 1:
            self.fail(
                path,
                f"action {name!r} names one of card, choice or number, not {' and '.join(kinds)}",
                key=True,
            )
        kind = kinds[0] if kinds else "none"
        slots = re.findall(r"\{(\w+)(?::[^}]*)?\}", a.says)
        want = [] if kind == "none" else [kind]
        if slots != want:
            self.fail(
                (*path, "says"),
                f"says {a.says!r} must write "
                + (f"the {kind} as {{{kind}}}" if want else "no slot: the action names nothing")
                + (
                    f", not {', '.join('{' + s + '}' for s in slots)}"
                    if slots and slots != want
                    else ""
                ),
            )
        says = a.says.replace("{number}", "{number:int}")
        if a.choice:
            says = says.replace("{choice}", "{choice:" + "|".join(map(str, a.choice)) + "}")
        source = lo = hi = None
        choices: tuple[str, ...] = ()
        if a.card is not None:
            source = self.expr(a.card.from_, (*path, "card", "from"), scope, ZONE).fn
            scope["card"] = CARD
        elif a.choice is not None:
            choices = tuple(a.choice)
            if (
                not choices
                or len(set(choices)) != len(choices)
                or not all(re.match(r"^[\w-]+$", c) for c in choices)
            ):
                self.fail((*path, "choice"), "choice is a list of different single words")
            scope["choice"] = TEXT
            self.local_words["choice"] = choices
        elif a.number is not None:
            lo = self.expr(a.number.min, (*path, "number", "min"), scope, INT).fn
            hi = self.expr(a.number.max, (*path, "number", "max"), scope, INT).fn
            scope["number"] = INT
        when = None if a.when is True else self.expr(a.when, (*path, "when"), scope, BOOL).fn
        do = self.block(a.do, (*path, "do"), scope)
        self.local_words.clear()
        text = a.says  # the string an action writes: its slot replaced by the value
        return Action(name, k, says, kind, source, choices, lo, hi, when, do, text)

    def _phase(self, k: int, name: str, ph: Any, actions: dict[str, Action]) -> Phase:
        path = ("phases", name)
        movers = None
        if ph.movers != "all":
            movers = self.expr(ph.movers, (*path, "movers"), {}, SEAT).fn
        acts = []
        for i, a in enumerate(ph.actions):
            if a not in actions:
                self.fail((*path, "actions", i), f"no action {a!r}{did_you_mean(a, actions)}")
            else:
                acts.append(actions[a])
        kinds = {a.kind for a in acts}
        # `chosen[SEAT]` in `after`: what each mover chose this step (the card bid …)
        self.chosen = None
        if len(kinds) == 1 and kinds != {"none"}:
            kind = kinds.pop()
            words = tuple(c for a in acts for c in a.choices)
            self.chosen = ({"card": CARD, "choice": TEXT, "number": INT}[kind], words)
        after = self.block(ph.after, (*path, "after"), {})
        self.chosen = None
        return Phase(name, k, movers, acts, after, str(self.src.at(path, key=True)))

    # --- callables -------------------------------------------------------------------------
    def _callable(self, c: _Callable, at: Path) -> None:
        if c.state == "done":
            return
        if c.state == "busy":
            cycle = " → ".join([*self.stack[self.stack.index(c.name) :], c.name])
            what = "value" if c.kind == "value" else "procedure"
            self.fail(
                at, f"the {what} {c.name!r} refers to itself ({cycle}): a rule may not recurse"
            )
            c.state = "bad"
            return
        if c.state == "bad":
            return
        scope = {}
        for p, t in c.params.items():
            if t not in _PARAM_TYPES:
                self.fail(
                    (*c.path, "of", p),
                    f"unknown type {t!r}{did_you_mean(t, _PARAM_TYPES)}; "
                    f"one of {', '.join(_PARAM_TYPES)}",
                )
                t = INT
            scope[p] = t
        c.state = "busy"
        self.stack.append(c.name)
        if c.kind == "value":
            ce = self.expr(self.desc.values[c.name].is_, (*c.path, "is"), scope, None)
            c.fn, c.type = ce.fn, ce.type
        else:
            c.fn = self.block(self.desc.procedures[c.name].do, (*c.path, "do"), scope)
        self.stack.pop()
        if c.state == "busy":
            c.state = "done"

    def _args(
        self, c: _Callable, args: Sequence[CE], node: Node, at: Path, off: int
    ) -> Callable[[Any, dict[str, Any]], dict[str, Any]] | None:
        if len(args) != len(c.params):
            self.fail(
                at,
                f"{c.name} takes {len(c.params)} value(s) ({', '.join(c.params)}), not {len(args)}",
                off + node.offset,
            )
            return None
        names = list(c.params)
        for (p, t), a in zip(c.params.items(), args, strict=True):
            if not _fits(a.type, t):
                self.fail(at, f"{c.name}: {p} is {_a(t)}, not {_a(a.type)}", off + node.offset)
        fns = [a.fn for a in args]
        if len(fns) == 1:
            n0, f0 = names[0], fns[0]
            return lambda st, env: {n0: f0(st, env)}
        if len(fns) == 2:
            n0, f0, n1, f1 = names[0], fns[0], names[1], fns[1]
            return lambda st, env: {n0: f0(st, env), n1: f1(st, env)}

        def bind(st: Any, env: dict[str, Any]) -> dict[str, Any]:
            return {n: f(st, env) for n, f in zip(names, fns, strict=True)}

        return bind

    # --- expressions -----------------------------------------------------------------------
    def expr(self, value: Any, at: Path, scope: dict[str, str], want: str | None) -> CE:
        """``value`` (a YAML string or literal at ``at``) compiled in ``scope``; a problem when
        it is not of type ``want`` (None: any)."""
        if isinstance(value, bool):
            ce = _const(BOOL, value)
        elif isinstance(value, int | float):
            if abs(value) > BIG:
                self.fail(at, f"the number {value} is larger than {BIG:,}")
            ce = _const(INT if isinstance(value, int) else NUM, value)
        elif not isinstance(value, str):
            self.fail(at, f"expected an expression, found {type(value).__name__}")
            return _const(want or INT, _DEFAULTS.get(want or INT))
        else:
            try:
                node = parse(value)
            except ExprError as exc:
                self.fail(at, str(exc), exc.offset)
                return _const(want or INT, _DEFAULTS.get(want or INT))
            ce = self.node(node, at, 0, scope)
        if want is not None and ce.type != "?" and not _fits(ce.type, want):
            self.fail(at, f"expected {_a(want)}, but this is {_a(ce.type)}")
        return ce

    def node(self, n: Node, at: Path, off: int, scope: dict[str, str]) -> CE:
        k = n.kind
        if k == "num":
            return _const(INT if isinstance(n.value, int) else NUM, n.value)
        if k == "str":
            return _const(TEXT, n.value)
        if k == "bool":
            return _const(BOOL, n.value)
        if k == "none":
            return _const(NONE, None)
        if k == "name":
            return self.name(n, at, off, scope)
        if k == "unary":
            return self.unary(n, at, off, scope)
        if k == "binary":
            return self.binary(n, at, off, scope)
        if k == "attr":
            return self.attr(n, at, off, scope)
        if k == "index":
            return self.index(n, at, off, scope)
        if k == "call":
            return self.call(n, at, off, scope)
        return self.binder(n, at, off, scope)

    def bad(self, at: Path, off: int, n: Node, message: str) -> CE:
        self.fail(at, message, off + n.offset)
        return CE("?", _zero)

    def name(self, n: Node, at: Path, off: int, scope: dict[str, str]) -> CE:
        name = str(n.value)
        if name in scope:
            t = scope[name]
            return CE(t, lambda st, env: env[name], words=self.local_words.get(name, ()))
        if name == "players":
            return CE(INT, lambda st, env: st.n)
        if name == "seats":
            return CE(SEATS, lambda st, env: range(st.n))
        if name == "phase":
            names = self.phase_names
            return CE(TEXT, lambda st, env: names[st.ph], words=tuple(names))
        m = _SEAT_LITERAL.match(name)
        if m:
            seat = int(m.group(1)) - 1
            if seat >= self.max_players:
                return self.bad(
                    at, off, n, f"no seat {name}: the game seats at most {self.max_players}"
                )
            return _const(SEAT, seat)
        if name in self.counters:
            c = self.counters[name]
            if c.per_seat:
                return self.bad(at, off, n, f"{name} is a counter of each seat: write {name}[SEAT]")
            slot = c.index
            return CE(c.type, lambda st, env: st.k[slot])
        if name in self.zones:
            z = self.zones[name]
            if z.per_seat:
                return self.bad(
                    at, off, n, f"{name} is a zone of each seat: write {name}[SEAT] ({name}[me] …)"
                )
            slot = z.index
            return CE(ZONE, lambda st, env: st.z[slot])
        if name in self.callables:
            return self.call(Node("call", name, n.offset, []), at, off, scope)
        if name in ("rules", "settings", "options"):
            return self.bad(at, off, n, f"name one of {name}'s fields: {name}.NAME")
        known = [
            *scope,
            *self.counters,
            *self.zones,
            *self.callables,
            "players",
            "seats",
            "phase",
            "rules",
            "settings",
        ]
        return self.bad(at, off, n, f"unknown name {name!r}{did_you_mean(name, known)}")

    def unary(self, n: Node, at: Path, off: int, scope: dict[str, str]) -> CE:
        a = self.node(n.args[0], at, off, scope)
        f = a.fn
        if n.value == "not":
            if a.type not in (BOOL, "?"):
                return self.bad(at, off, n, f"`not` needs true or false, not {_a(a.type)}")
            return _fold(CE(BOOL, lambda st, env: not f(st, env)), a)
        if a.type not in (*_NUMERIC, "?"):
            return self.bad(at, off, n, f"`-` needs a number, not {_a(a.type)}")
        return _fold(CE(a.type, lambda st, env: -f(st, env)), a)

    def binary(self, n: Node, at: Path, off: int, scope: dict[str, str]) -> CE:
        op = str(n.value)
        a = self.node(n.args[0], at, off, scope)
        b = self.node(n.args[1], at, off, scope)
        fa, fb = a.fn, b.fn
        if "?" in (a.type, b.type):
            return CE("?", _zero)
        if op in ("and", "or"):
            if a.type != BOOL or b.type != BOOL:
                return self.bad(
                    at,
                    off,
                    n,
                    f"`{op}` joins true-or-false values, not {_a(a.type)} and {_a(b.type)}",
                )
            if op == "and":
                return _fold(CE(BOOL, lambda st, env: fa(st, env) and fb(st, env)), a, b)
            return _fold(CE(BOOL, lambda st, env: fa(st, env) or fb(st, env)), a, b)
        if op in ("==", "!="):
            self._comparable(a, b, n, at, off)
            if op == "==":
                return _fold(CE(BOOL, lambda st, env: fa(st, env) == fb(st, env)), a, b)
            return _fold(CE(BOOL, lambda st, env: fa(st, env) != fb(st, env)), a, b)
        if a.type not in _NUMERIC or b.type not in _NUMERIC:
            return self.bad(at, off, n, f"`{op}` needs numbers, not {_a(a.type)} and {_a(b.type)}")
        t = INT if a.type == b.type == INT and op != "/" else NUM
        where = self.pos(at, off + n.offset)
        fn: Fn
        if op == "<":
            fn, t = (lambda st, env: fa(st, env) < fb(st, env)), BOOL
        elif op == "<=":
            fn, t = (lambda st, env: fa(st, env) <= fb(st, env)), BOOL
        elif op == ">":
            fn, t = (lambda st, env: fa(st, env) > fb(st, env)), BOOL
        elif op == ">=":
            fn, t = (lambda st, env: fa(st, env) >= fb(st, env)), BOOL
        elif op == "+":
            fn = lambda st, env: fa(st, env) + fb(st, env)  # noqa: E731
        elif op == "-":
            fn = lambda st, env: fa(st, env) - fb(st, env)  # noqa: E731
        elif op == "*":

            def fn(st: Any, env: dict[str, Any]) -> Any:
                v = fa(st, env) * fb(st, env)
                if -MAX_VALUE <= v <= MAX_VALUE:
                    return v
                raise RulesError(f"{where}: a number grew beyond {MAX_VALUE:,}")

        else:
            if b.is_const and b.const == 0:
                return self.bad(at, off, n, f"`{op}` by zero")
            pyop = {"/": _div, "//": _floordiv, "%": _mod}[op]

            def fn(st: Any, env: dict[str, Any]) -> Any:
                d = fb(st, env)
                if d == 0:
                    raise RulesError(f"{where}: a division by zero")
                return pyop(fa(st, env), d)

        return _fold(CE(t, fn), a, b)

    def _comparable(self, a: CE, b: CE, n: Node, at: Path, off: int) -> None:
        ta, tb = a.type, b.type
        if ({ta, tb} <= set(_NUMERIC) or ta == tb) or (
            NONE in (ta, tb) and ({ta, tb} - {NONE}) <= {SEAT, CARD, NONE}
        ):
            pass
        elif {ta, tb} == {CARD, TEXT}:
            lit = a if ta == TEXT else b
            if lit.is_const and lit.const not in self.cat.by_id:
                self.fail(
                    at,
                    f"unknown card {lit.const!r}{did_you_mean(str(lit.const), self.card_ids)}",
                    off + n.offset,
                )
            return
        else:
            self.fail(at, f"cannot compare {_a(ta)} with {_a(tb)}", off + n.offset)
            return
        for x, y in ((a, b), (b, a)):
            if x.words and y.is_const and isinstance(y.const, str) and y.const not in x.words:
                self.fail(
                    at,
                    f"{y.const!r} is never a value here{did_you_mean(y.const, x.words)}; "
                    f"the values: {', '.join(x.words)}",
                    off + n.offset,
                )

    def attr(self, n: Node, at: Path, off: int, scope: dict[str, str]) -> CE:
        chain = []
        base = n
        while base.kind == "attr":
            chain.append(str(base.value))
            base = base.args[0]
        chain.reverse()
        if base.kind == "name" and base.value == "options" and "options" not in scope:
            return self._option(chain, n, at, off)
        if base.kind == "name" and base.value in ("rules", "settings") and base.value not in scope:
            return self._rules_attr(str(base.value), chain, n, at, off)
        b = self.node(base, at, off, scope)
        if b.type == "?":
            return b
        if b.type != CARD:
            return self.bad(
                at, off, n, f"`.{chain[0]}` reads a card's field, but this is {_a(b.type)}"
            )
        key = tuple(chain)
        info = self.card_fields.get(key)
        if info is None:
            known = sorted(".".join(k) for k in self.card_fields)
            want = ".".join(chain)
            return self.bad(at, off, n, f"no card field {want!r}{did_you_mean(want, known)}")
        t, words = info
        if t == "record":
            subs = sorted(
                ".".join(k) for k in self.card_fields if k[: len(key)] == key and len(k) > len(key)
            )
            return self.bad(
                at, off, n, f"{'.'.join(chain)} is a group of fields: name one ({', '.join(subs)})"
            )
        if t == "?":
            return self.bad(
                at, off, n, f"the card field {'.'.join(chain)} is not a number, word or true/false"
            )
        table = self._table(key, t)
        bf = b.fn
        where = self.pos(at, off + n.offset)

        def read(st: Any, env: dict[str, Any]) -> Any:
            try:
                return table[bf(st, env)]
            except KeyError:
                raise RulesError(f"{where}: no card to read {'.'.join(chain)} of") from None

        return CE(t, read, words=words)

    def _table(self, key: tuple[str, ...], t: str) -> dict[str, Any]:
        if key not in self.tables:
            table = {}
            for c in self.cat:
                v: Any = c
                for part in key:
                    v = getattr(v, part, None)
                    if v is None:
                        break
                table[c.id] = _DEFAULTS[t] if v is None else v
            self.tables[key] = table
        return self.tables[key]

    def _option(self, chain: list[str], n: Node, at: Path, off: int) -> CE:
        """``options.NAME``: an engine option of this game (``options:``), as the set-up
        gives it (``cardgen play --option NAME=VALUE``, a scenario's ``setup: {options: …}``)."""
        known = self.desc.options
        name = chain[0]
        if len(chain) != 1 or name not in known:
            return self.bad(at, off, n, f"no option {name!r}{did_you_mean(name, known)}")
        default = known[name]
        t = BOOL if isinstance(default, bool) else INT if isinstance(default, int) else TEXT
        where = self.pos(at, off + n.offset)

        def read(st: Any, env: dict[str, Any]) -> Any:
            value = st.game.options.get(name, default)
            if type(value) is not type(default):
                raise RulesError(f"{where}: the option {name} is {_a(t)}, not {value!r}")
            return value

        return CE(t, read)

    def _rules_attr(self, base: str, chain: list[str], n: Node, at: Path, off: int) -> CE:
        model = self.cat.rules if base == "rules" else getattr(self.cat.rules, "settings", None)
        if model is None:
            return self.bad(at, off, n, "this game's rules have no settings")
        v: Any = model
        for part in chain:
            fields = type(v).model_fields if isinstance(v, BaseModel) else {}
            if part not in fields:
                return self.bad(at, off, n, f"no {base} field {part!r}{did_you_mean(part, fields)}")
            v = getattr(v, part)
        t, words = _type_of_value(v, type(model).model_fields.get(chain[0]))
        if t == "?":
            return self.bad(
                at, off, n, f"{base}.{'.'.join(chain)} is not a number, word or true/false"
            )
        if base == "rules":
            value = _DEFAULTS.get(t) if v is None else v
            return CE(t, lambda st, env: value, value, True, words)
        first, rest = chain[0], chain[1:]

        def read(st: Any, env: dict[str, Any]) -> Any:
            x = getattr(st.game.settings, first)
            for p in rest:
                x = getattr(x, p)
            return x

        return CE(t, read, words=words)

    def index(self, n: Node, at: Path, off: int, scope: dict[str, str]) -> CE:
        base, ix = n.args
        if base.kind != "name":
            return self.bad(at, off, n, "only a zone or counter of each seat takes [SEAT]")
        name = str(base.value)
        i = self.node(ix, at, off, scope)
        if i.type not in (SEAT, "?"):
            return self.bad(at, off, ix, f"{name}[…] takes a seat, not {_a(i.type)}")
        f = i.fn
        where = self.pos(at, off + ix.offset)
        if name == "chosen":
            if self.chosen is None:
                return self.bad(
                    at,
                    off,
                    base,
                    "chosen[SEAT] is what a mover chose, read in a phase's `after:` whose "
                    "actions all name a card, a choice or a number",
                )
            t, words = self.chosen

            def chosen(st: Any, env: dict[str, Any]) -> Any:
                s = f(st, env)
                value = st.chosen[s] if s is not None else None
                if value is None:
                    raise RulesError(f"{where}: {seat_label(s)} chose nothing this step")
                return value

            return CE(t, chosen, words=words)
        if name in self.zones and self.zones[name].per_seat:
            z = self.zones[name]
            base_slot, stride = self.desc_shared_zones(), self.desc_seat_zones()
            zi = z.index
            if i.is_const:
                slot = base_slot + i.const * stride + zi
                return CE(ZONE, lambda st, env: st.z[slot])
            var = str(ix.value) if ix.kind == "name" and ix.value in scope else None

            def zone(st: Any, env: dict[str, Any]) -> Any:
                try:
                    return st.z[base_slot + (env[var] if var else f(st, env)) * stride + zi]
                except TypeError:
                    raise RulesError(f"{where}: no seat (none) to take {name} of") from None

            return CE(ZONE, zone)
        if name in self.counters and self.counters[name].per_seat:
            c = self.counters[name]
            base_slot, stride = self.desc_shared_counters(), self.desc_seat_counters()
            ci = c.index
            if i.is_const:
                cslot = base_slot + i.const * stride + ci
                return CE(c.type, lambda st, env: st.k[cslot])

            def counter(st: Any, env: dict[str, Any]) -> Any:
                try:
                    return st.k[base_slot + f(st, env) * stride + ci]
                except TypeError:
                    raise RulesError(f"{where}: no seat (none) to take {name} of") from None

            return CE(c.type, counter)
        if name in self.zones or name in self.counters:
            return self.bad(at, off, n, f"{name} is shared, not one of each seat: write {name}")
        known = [z for z in self.zones if self.zones[z].per_seat] + [
            c for c in self.counters if self.counters[c].per_seat
        ]
        return self.bad(
            at, off, base, f"no zone or counter of each seat {name!r}{did_you_mean(name, known)}"
        )

    def desc_shared_zones(self) -> int:
        return sum(not z.per_seat for z in self.zones.values())

    def desc_seat_zones(self) -> int:
        return sum(z.per_seat for z in self.zones.values())

    def desc_shared_counters(self) -> int:
        return sum(not c.per_seat for c in self.counters.values())

    def desc_seat_counters(self) -> int:
        return sum(c.per_seat for c in self.counters.values())

    def call(self, n: Node, at: Path, off: int, scope: dict[str, str]) -> CE:
        name = str(n.value)
        if name in self.callables:
            c = self.callables[name]
            if c.kind == "procedure":
                return self.bad(at, off, n, f"{name} is a procedure: run it with `call: {name}(…)`")
            self._callable(c, at)
            args = [self.node(a, at, off, scope) for a in n.args]
            bind = self._args(c, args, n, at, off)
            if bind is None or c.state == "bad":
                return CE(c.type or "?", _zero)

            def run(st: Any, env: dict[str, Any]) -> Any:
                return c.fn(st, bind(st, env))  # type: ignore[misc]

            return CE(c.type or "?", run)
        if name in _BINDERS and name not in ("min", "max"):
            return self.bad(at, off, n, f"{name} takes a binder: {name}(x in COLLECTION: …)")
        if name not in _BUILTINS:
            known = [
                *_BUILTINS,
                *_BINDERS,
                *(c for c in self.callables if self.callables[c].kind == "value"),
            ]
            return self.bad(at, off, n, f"unknown function {name!r}{did_you_mean(name, known)}")
        if name == "hook":
            return self._hook_test(n, at, off)
        args = [self.node(a, at, off, scope) for a in n.args]
        arity = {
            "size": 1,
            "top": 1,
            "bottom": 1,
            "contains": 2,
            "if": 3,
            "min": 2,
            "max": 2,
            "abs": 1,
            "clamp": 3,
            "next": 1,
            "prev": 1,
            "random_seat": 0,
        }[name]
        if len(args) != arity:
            return self.bad(at, off, n, f"{name}() takes {arity} value(s), not {len(args)}")
        if any(a.type == "?" for a in args):
            return CE("?", _zero)
        types_ = [a.type for a in args]
        fns = [a.fn for a in args]
        where = self.pos(at, off + n.offset)
        if name in ("size", "top", "bottom", "contains"):
            if types_[0] != ZONE:
                return self.bad(at, off, n, f"{name}() takes a zone, not {_a(types_[0])}")
            z = fns[0]
            if name == "size":
                return CE(INT, lambda st, env: len(z(st, env)))
            if name == "contains":
                if types_[1] != CARD and not (types_[1] == TEXT and args[1].is_const):
                    return self.bad(
                        at, off, n, f"contains() takes a zone and a card, not {_a(types_[1])}"
                    )
                if types_[1] == TEXT and args[1].const not in self.cat.by_id:
                    return self.bad(
                        at,
                        off,
                        n,
                        f"unknown card {args[1].const!r}"
                        f"{did_you_mean(str(args[1].const), self.card_ids)}",
                    )
                item = fns[1]
                return CE(BOOL, lambda st, env: item(st, env) in z(st, env))
            k = -1 if name == "top" else 0

            def end_card(st: Any, env: dict[str, Any]) -> Any:
                cards = z(st, env)
                if not cards:
                    raise RulesError(f"{where}: {name}() of an empty zone")
                return cards[k]

            return CE(CARD, end_card)
        if name == "if":
            if types_[0] != BOOL:
                return self.bad(at, off, n, f"if() takes true-or-false first, not {_a(types_[0])}")
            t = _join(types_[1], types_[2])
            if t is None:
                return self.bad(
                    at, off, n, f"if() gives {_a(types_[1])} or {_a(types_[2])}: give one type"
                )
            test, y, no = fns
            return _fold(CE(t, lambda st, env: y(st, env) if test(st, env) else no(st, env)), *args)
        if name in ("min", "max", "abs", "clamp"):
            if any(t not in _NUMERIC for t in types_):
                return self.bad(at, off, n, f"{name}() takes numbers")
            t = INT if all(t == INT for t in types_) else NUM
            if name == "abs":
                a0 = fns[0]
                return _fold(CE(t, lambda st, env: abs(a0(st, env))), *args)
            if name == "clamp":
                x, lo, hi = fns
                return _fold(
                    CE(t, lambda st, env: max(lo(st, env), min(hi(st, env), x(st, env)))), *args
                )
            a0, a1 = fns
            pick = min if name == "min" else max
            return _fold(CE(t, lambda st, env: pick(a0(st, env), a1(st, env))), *args)
        if name in ("next", "prev"):
            if types_[0] != SEAT:
                return self.bad(at, off, n, f"{name}() takes a seat, not {_a(types_[0])}")
            s0, step = fns[0], 1 if name == "next" else -1

            def turn(st: Any, env: dict[str, Any]) -> Any:
                s = s0(st, env)
                if s is None:
                    raise RulesError(f"{where}: {name}() of no seat (none)")
                return (s + step) % st.n

            return CE(SEAT, turn)
        return CE(SEAT, lambda st, env: st.rng.randrange(st.n))

    def _hook_test(self, n: Node, at: Path, off: int) -> CE:
        """``hook('name')``: a condition written in Python (the escape hatch), true or false."""
        if len(n.args) != 1 or n.args[0].kind != "str":
            return self.bad(at, off, n, "hook() takes the hook's name in quotes: hook('name')")
        fn = self._hook_fn(str(n.args[0].value), at, off + n.offset)
        if fn is None:
            return CE(BOOL, lambda st, env: False)
        where = self.pos(at, off + n.offset)
        name = str(n.args[0].value)

        def test(st: Any, env: dict[str, Any]) -> Any:
            try:
                value = fn(st, dict(env))
            except EngineError:
                raise
            except Exception as exc:  # a designer's own code: report, never a traceback
                raise RulesError(
                    f"{where}: the hook {name} failed: {type(exc).__name__}: {exc}"
                ) from None
            if not isinstance(value, bool):
                raise RulesError(f"{where}: the hook {name} gave {value!r}, not true or false")
            return value

        return CE(BOOL, test)

    def _hook_fn(self, name: str, at: Path, offset: int = 0) -> Any:
        """The hook ``name`` of the ``hooks:`` file (None, with a problem, when there is
        none; None without one when hooks are not run: ``validate``)."""
        if self.desc.hooks is None:
            self.fail(
                at, "a hook needs `hooks: FILE.py` naming the Python file that defines it", offset
            )
            return None
        if not self.run_hooks:
            if not (self.cat.root / self.desc.hooks).is_file():
                self.fail(("hooks",), f"no file {self.desc.hooks} beside rules.yaml")
            return None
        hooks = self.hooks()
        if hooks is None:
            return None
        fn = hooks.get(name)
        if not callable(fn):
            self.fail(
                at, f"no hook {name!r} in {self.desc.hooks}{did_you_mean(name, hooks)}", offset
            )
            return None
        return fn

    def binder(self, n: Node, at: Path, off: int, scope: dict[str, str]) -> CE:
        name = str(n.value)
        var_node, coll_node, body_node = n.args
        var = str(var_node.value)
        if name not in _BINDERS:
            return self.bad(
                at,
                off,
                n,
                f"unknown binder {name!r}{did_you_mean(name, _BINDERS)}; "
                f"the binders: {', '.join(_BINDERS)}",
            )
        coll = self.node(coll_node, at, off, scope)
        if coll.type == "?":
            return coll
        if coll.type not in (SEATS, ZONE):
            return self.bad(
                at, off, coll_node, f"a binder runs over seats or a zone, not {_a(coll.type)}"
            )
        elem = SEAT if coll.type == SEATS else CARD
        if var in scope or var in self.zones or var in self.counters:
            return self.bad(at, off, var_node, f"{var!r} is already a name here: choose another")
        inner = {**scope, var: elem}
        body = self.node(body_node, at, off, inner)
        if body.type == "?":
            return body
        cf, bf = coll.fn, body.fn
        where = self.pos(at, off + n.offset)
        if name in ("all", "any", "count"):
            if body.type != BOOL:
                return self.bad(
                    at, off, body_node, f"{name}() needs a true-or-false test, not {_a(body.type)}"
                )
            if name == "all":

                def every(st: Any, env: dict[str, Any]) -> Any:
                    e = dict(env)
                    for x in cf(st, env):
                        e[var] = x
                        if not bf(st, e):
                            return False
                    return True

                return CE(BOOL, every)
            if name == "any":

                def some(st: Any, env: dict[str, Any]) -> Any:
                    e = dict(env)
                    for x in cf(st, env):
                        e[var] = x
                        if bf(st, e):
                            return True
                    return False

                return CE(BOOL, some)

            def count(st: Any, env: dict[str, Any]) -> Any:
                e, k = dict(env), 0
                for x in cf(st, env):
                    e[var] = x
                    if bf(st, e):
                        k += 1
                return k

            return CE(INT, count)
        if body.type not in _NUMERIC:
            return self.bad(
                at, off, body_node, f"{name}() needs a number for each, not {_a(body.type)}"
            )
        if name == "sum":

            def total(st: Any, env: dict[str, Any]) -> Any:
                e, t = dict(env), 0
                for x in cf(st, env):
                    e[var] = x
                    t += bf(st, e)
                return t

            return CE(body.type, total)

        def ranked(st: Any, env: dict[str, Any]) -> list[tuple[Any, Any]]:
            e, out = dict(env), []
            for x in cf(st, env):
                e[var] = x
                out.append((bf(st, e), x))
            return out

        if name in ("max", "min"):
            pick = max if name == "max" else min

            def extreme(st: Any, env: dict[str, Any]) -> Any:
                values = [v for v, _ in ranked(st, env)]
                if not values:
                    raise RulesError(f"{where}: {name}() over nothing")
                return pick(values)

            return CE(body.type, extreme)
        sole = name == "sole_best"

        def best(st: Any, env: dict[str, Any]) -> Any:
            pairs = ranked(st, env)
            if not pairs:
                if sole:
                    return None
                raise RulesError(f"{where}: best() over nothing")
            top = max(v for v, _ in pairs)
            winners = [x for v, x in pairs if v == top]
            if sole and len(winners) > 1:
                return None
            return winners[0]

        return CE(elem, best)

    # --- effects ---------------------------------------------------------------------------
    def block(self, items: Any, at: Path, scope: dict[str, str]) -> Fn:
        """A list of effects compiled in order (a ``let`` names a value for those after it)."""
        if not isinstance(items, list):
            self.fail(at, "expected a list of effects (`- move: …`)")
            return _noop
        scope = dict(scope)
        fns = [
            f
            for k, item in enumerate(items)
            if (f := self.statement(item, (*at, k), scope)) is not None
        ]
        if not fns:
            return _noop
        if len(fns) == 1:
            return fns[0]
        seq = tuple(fns)

        def run(st: Any, env: dict[str, Any]) -> None:
            for f in seq:
                f(st, env)

        return run

    def statement(self, item: Any, at: Path, scope: dict[str, str]) -> Fn | None:
        if isinstance(item, str) and item in VERBS:
            self.fail(at, f"`{item}` needs a value: write `{item}: …`")
            return None
        if not isinstance(item, dict):
            self.fail(at, f"an effect is a mapping like `move: top`, not {type(item).__name__}")
            return None
        verbs = [k for k in item if k in VERBS]
        if len(verbs) != 1:
            if verbs:
                self.fail(at, f"one effect per item, not {' and '.join(verbs)}")
            else:
                key = str(next(iter(item), ""))
                self.fail(
                    (*at, key),
                    f"unknown effect {key!r}{did_you_mean(key, VERBS)}; "
                    f"the effects: {', '.join(VERBS)}",
                    key=True,
                )
            return None
        verb = verbs[0]
        allowed = _VERB_KEYS.get(verb, ())
        if verb == "emit":
            event = self.events.get(str(item["emit"]))
            allowed = event.names if event else tuple(k for k in item if k != "emit")
        for k in item:
            if k != verb and k not in allowed:
                self.fail(
                    (*at, k),
                    f"`{verb}` takes no key {k!r}{did_you_mean(str(k), allowed)}"
                    + (f"; its keys: {', '.join(allowed)}" if allowed else ""),
                    key=True,
                )
                return None
        return getattr(self, f"s_{verb}")(item, at, scope)

    def _zone(self, item: dict[str, Any], key: str, at: Path, scope: dict[str, str]) -> Fn:
        if key not in item:
            self.fail(at, f"missing key {key!r}")
            return _empty
        ce = self.expr(item[key], (*at, key), scope, ZONE)
        self._write(item[key])
        return ce.fn

    def _write(self, text: Any) -> None:
        if isinstance(text, str):
            m = re.match(r"^\s*([a-z_]\w*)", text)
            if m:
                self.writes.add(m.group(1))

    def s_move(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``move: top|N|all|CARD``, ``from:``, ``to:``."""
        src, dst = self._zone(item, "from", at, scope), self._zone(item, "to", at, scope)
        what = item["move"]
        if what == "all":

            def move_all(st: Any, env: dict[str, Any]) -> None:
                a, b = src(st, env), dst(st, env)
                if a is not b:
                    b.extend(a)
                    a.clear()

            return move_all
        if what == "top":
            what = 1
        ce = self.expr(what, (*at, "move"), scope, None)
        f = ce.fn
        where = self.pos((*at, "move"))
        if ce.type == INT:

            def move_n(st: Any, env: dict[str, Any]) -> None:
                a, b = src(st, env), dst(st, env)
                k = f(st, env)
                for _ in range(min(k, len(a))):
                    b.append(a.pop())

            return move_n
        if ce.type not in (CARD, "?"):
            self.fail((*at, "move"), f"move takes top, all, a number or a card, not {_a(ce.type)}")

        def move_card(st: Any, env: dict[str, Any]) -> None:
            a, c = src(st, env), f(st, env)
            try:
                a.remove(c)
            except ValueError:
                raise RulesError(f"{where}: {c} is not in the zone it moves from") from None
            dst(st, env).append(c)

        return move_card

    def s_deal(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``deal: N``, ``from:``, ``to: SEAT_ZONE``: N to each seat, one at a time."""
        src = self._zone(item, "from", at, scope)
        count = self.expr(item["deal"], (*at, "deal"), scope, INT).fn
        to = item.get("to")
        z = self.zones.get(str(to))
        if z is None or not z.per_seat:
            seat_zones = [n for n, v in self.zones.items() if v.per_seat]
            self.fail(
                (*at, "to"),
                f"deal to a zone of each seat{did_you_mean(str(to), seat_zones)}: "
                f"one of {', '.join(seat_zones)}",
            )
            return _noop
        self.writes.add(z.name)
        base, stride, zi = self.desc_shared_zones(), self.desc_seat_zones(), z.index
        where = self.pos(at)

        def deal(st: Any, env: dict[str, Any]) -> None:
            a, k = src(st, env), count(st, env)
            if k * st.n > len(a):
                raise RulesError(
                    f"{where}: dealing {k} to each of {st.n} seats needs {k * st.n} cards; "
                    f"the zone holds {len(a)}"
                )
            for _ in range(k):
                for s in range(st.n):
                    st.z[base + s * stride + zi].append(a.pop())

        return deal

    def s_rotate(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``rotate: SEAT_ZONE``, ``by: N``: each seat's zone to the seat N after."""
        z = self.zones.get(str(item["rotate"]))
        if z is None or not z.per_seat:
            seat_zones = [n for n, v in self.zones.items() if v.per_seat]
            self.fail(
                (*at, "rotate"),
                f"rotate a zone of each seat{did_you_mean(str(item['rotate']), seat_zones)}",
            )
            return _noop
        self.writes.add(z.name)
        by = self.expr(item.get("by", 1), (*at, "by"), scope, INT).fn
        base, stride, zi = self.desc_shared_zones(), self.desc_seat_zones(), z.index

        def rotate(st: Any, env: dict[str, Any]) -> None:
            k, n = by(st, env), st.n
            slots = [base + s * stride + zi for s in range(n)]
            old = [st.z[x] for x in slots]
            for s in range(n):
                st.z[slots[(s + k) % n]] = old[s]

        return rotate

    def s_shuffle(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``shuffle: ZONE`` with the game's generator."""
        z = self.expr(item["shuffle"], (*at, "shuffle"), scope, ZONE).fn
        return lambda st, env: st.rng.shuffle(z(st, env))

    def s_clear(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``clear: ZONE``: its cards leave the game."""
        z = self.expr(item["clear"], (*at, "clear"), scope, ZONE).fn
        self._write(item["clear"])
        return lambda st, env: z(st, env).clear()

    def s_set(self, item: dict[str, Any], at: Path, scope: dict[str, str], add: bool = False) -> Fn:
        """``set: {COUNTER: VALUE}`` (``add`` with ``add=True``), within the bounds."""
        verb = "add" if add else "set"
        body = item[verb]
        if not isinstance(body, dict) or not body:
            self.fail((*at, verb), f"`{verb}` takes a mapping: {{COUNTER: VALUE}}")
            return _noop
        fns = []
        for target, value in body.items():
            f = self._assign(str(target), value, (*at, verb, target), scope, add)
            if f is not None:
                fns.append(f)
        if len(fns) == 1:
            return fns[0]

        def run(st: Any, env: dict[str, Any]) -> None:
            for f in fns:
                f(st, env)

        return run

    def s_add(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``add: {COUNTER: VALUE}``."""
        return self.s_set(item, at, scope, add=True)

    def _assign(
        self, target: str, value: Any, at: Path, scope: dict[str, str], add: bool
    ) -> Fn | None:
        if target == "phase" and not add:
            if value not in self.phase_names:
                self.fail(at, f"no phase {value!r}{did_you_mean(str(value), self.phase_names)}")
                return None
            k = self.phase_names.index(value)
            self.writes.add("phase")

            def set_phase(st: Any, env: dict[str, Any]) -> None:
                st.ph = k

            return set_phase
        try:
            node = parse(target)
        except ExprError as exc:
            self.fail(at, str(exc), key=True)
            return None
        name = str(
            node.value
            if node.kind == "name"
            else node.args[0].value
            if node.kind == "index"
            else ""
        )
        c = self.counters.get(name)
        if c is None or node.kind not in ("name", "index"):
            self.fail(at, f"no counter {target!r}{did_you_mean(name, self.counters)}", key=True)
            return None
        self.writes.add(name)
        if c.per_seat != (node.kind == "index"):
            self.fail(
                at,
                f"{name} is a counter of each seat: write {name}[SEAT]"
                if c.per_seat
                else f"{name} is shared: write {name}",
                key=True,
            )
            return None
        if add and c.type != INT:
            self.fail(at, f"`add` changes a number; {name} is a seat: use `set`", key=True)
            return None
        ce = self.expr(value, at, scope, INT if c.type == INT else SEAT)
        f = ce.fn
        lo, hi = c.lo, c.hi
        slot = c.index
        seat_of = None
        if node.kind == "index":
            idx = self.node(node.args[1], at, 0, scope)
            if idx.type not in (SEAT, "?"):
                self.fail(at, f"{name}[…] takes a seat, not {_a(idx.type)}", key=True)
                return None
            seat_of = idx.fn
            base, stride = self.desc_shared_counters(), self.desc_seat_counters()
        where = self.pos(at)

        def target_slot(st: Any, env: dict[str, Any]) -> int:
            if seat_of is None:
                return slot
            s = seat_of(st, env)
            if s is None:
                raise RulesError(f"{where}: no seat (none) to change {name} of")
            return base + s * stride + slot

        if c.type == SEAT:

            def set_seat(st: Any, env: dict[str, Any]) -> None:
                st.k[target_slot(st, env)] = f(st, env)

            return set_seat

        def assign(st: Any, env: dict[str, Any]) -> None:
            i = target_slot(st, env)
            v = f(st, env)
            if type(v) is not int:
                v = int(v)
            if add:
                v += st.k[i]
            st.k[i] = lo if v < lo else hi if v > hi else v

        return assign

    def s_let(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``let: {NAME: VALUE}``: a local name for the effects after it."""
        body = item["let"]
        if not isinstance(body, dict) or not body:
            self.fail((*at, "let"), "`let` takes a mapping: {NAME: VALUE}")
            return _noop
        fns = []
        for name, value in body.items():
            name = str(name)
            if (
                not _NAME.match(name)
                or name in RESERVED
                or name in self.zones
                or name in self.counters
                or name in self.callables
            ):
                self.fail(
                    (*at, "let", name),
                    f"{name!r} cannot be a local name (it is taken or not a lowercase name)",
                    key=True,
                )
                continue
            ce = self.expr(value, (*at, "let", name), scope, None)
            if name in scope and not _fits(ce.type, scope[name]) and ce.type != "?":
                self.fail(
                    (*at, "let", name),
                    f"{name!r} already names {_a(scope[name])} here, not {_a(ce.type)}",
                    key=True,
                )
                continue
            scope[name] = scope.get(name, ce.type)
            fns.append((name, ce.fn))

        def let(st: Any, env: dict[str, Any]) -> None:
            for n, f in fns:
                env[n] = f(st, env)

        return let

    def s_if(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``if: TEST``, ``then:``, ``else:``."""
        cond = self.expr(item["if"], (*at, "if"), scope, BOOL).fn
        if "then" not in item:
            self.fail(at, "`if` needs `then:` (and may have `else:`)")
        yes = self.block(item.get("then", []), (*at, "then"), scope)
        no = self.block(item.get("else", []), (*at, "else"), scope)

        def branch(st: Any, env: dict[str, Any]) -> None:
            if cond(st, env):
                yes(st, env)
            else:
                no(st, env)

        return branch

    def s_case(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """Effects chosen by a word: a card's field of fixed words (the effect a card
        carries), a phase, a choice."""
        ce = self.expr(item["case"], (*at, "case"), scope, None)
        if ce.type not in (TEXT, "?"):
            self.fail((*at, "case"), f"case chooses by a word, not {_a(ce.type)}")
        cases = item.get("of")
        if not isinstance(cases, dict) or not cases:
            self.fail(at, "`case` needs `of:`, a mapping of words to effects")
            return _noop
        blocks = {}
        for word, body in cases.items():
            word = str(word)
            if ce.words and word not in ce.words:
                self.fail(
                    (*at, "of", word),
                    f"{word!r} is never a value here{did_you_mean(word, ce.words)}; "
                    f"the values: {', '.join(ce.words)}",
                    key=True,
                )
            blocks[word] = self.block(body, (*at, "of", word), scope)
        other = self.block(item.get("else", []), (*at, "else"), scope)
        f = ce.fn

        def case(st: Any, env: dict[str, Any]) -> None:
            blocks.get(f(st, env), other)(st, env)

        return case

    def s_for(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``for: NAME in COLLECTION``, ``do:``: over a copy of the seats or a zone's cards."""
        text = item["for"]
        if not isinstance(text, str):
            self.fail((*at, "for"), "write the loop as `NAME in COLLECTION`")
            return _noop
        try:
            var, node, off = parse_binder(text)
        except ExprError as exc:
            self.fail((*at, "for"), str(exc), exc.offset)
            return _noop
        coll = self.node(node, (*at, "for"), off, scope)
        if coll.type not in (SEATS, ZONE, "?"):
            self.fail((*at, "for"), f"a loop runs over seats or a zone, not {_a(coll.type)}", off)
        if var in scope or var in self.zones or var in self.counters or var in RESERVED - {"s"}:
            self.fail((*at, "for"), f"{var!r} is already a name here: choose another")
        if "do" not in item:
            self.fail(at, "`for` needs `do:`")
        body = self.block(
            item.get("do", []), (*at, "do"), {**scope, var: SEAT if coll.type == SEATS else CARD}
        )
        cf = coll.fn

        where = self.pos((*at, "for"))

        def loop(st: Any, env: dict[str, Any]) -> None:
            items = list(cf(st, env))
            st.work -= len(items)
            if st.work < 0:
                raise RulesError(f"{where}: more than {MAX_WORK:,} loop rounds in one step")
            for x in items:
                env[var] = x
                body(st, env)

        return loop

    def s_repeat(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``repeat: N``, ``do:``."""
        count = self.expr(item["repeat"], (*at, "repeat"), scope, INT).fn
        if "do" not in item:
            self.fail(at, "`repeat` needs `do:`")
        body = self.block(item.get("do", []), (*at, "do"), scope)
        where = self.pos((*at, "repeat"))

        def repeat(st: Any, env: dict[str, Any]) -> None:
            k = count(st, env)
            if k > MAX_REPEAT:
                raise RulesError(f"{where}: repeat {k} times is more than {MAX_REPEAT:,}")
            st.work -= k
            if st.work < 0:
                raise RulesError(f"{where}: more than {MAX_WORK:,} loop rounds in one step")
            for _ in range(k):
                body(st, env)

        return repeat

    def s_emit(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``emit: EVENT`` with each field's value."""
        name = str(item["emit"])
        et = self.events.get(name)
        if et is None:
            self.fail((*at, "emit"), f"no event {name!r}{did_you_mean(name, self.events)}")
            return _noop
        fns = []
        for fname, dom in et.fields:
            if fname not in item:
                self.fail(at, f"the event {name} needs its field {fname!r}")
                continue
            want = (
                {"card": CARD, "seat": SEAT, "int": INT, "bool": BOOL}.get(dom, TEXT)
                if isinstance(dom, str)
                else TEXT
            )
            ce = self.expr(item[fname], (*at, fname), scope, want)
            if isinstance(dom, tuple) and ce.is_const and ce.type == TEXT and ce.const not in dom:
                self.fail((*at, fname), f"{ce.const!r} is not one of {', '.join(dom)}")
            fns.append(ce.fn)
        fields = tuple(fns)
        if not fields:

            def emit0(st: Any, env: dict[str, Any]) -> None:
                if st.events is not None:
                    st.events.append((name,))

            return emit0
        if len(fields) == 2:
            f0, f1 = fields

            def emit2(st: Any, env: dict[str, Any]) -> None:
                if st.events is not None:
                    st.events.append((name, f0(st, env), f1(st, env)))

            return emit2

        def emit(st: Any, env: dict[str, Any]) -> None:
            if st.events is not None:
                st.events.append((name, *[f(st, env) for f in fields]))

        return emit

    def s_call(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``call: PROCEDURE(VALUES…)``."""
        text = item["call"]
        try:
            node = parse(str(text))
        except ExprError as exc:
            self.fail((*at, "call"), str(exc), exc.offset)
            return _noop
        if node.kind == "name":
            node = Node("call", node.value, node.offset, [])
        if node.kind != "call":
            self.fail((*at, "call"), "call a procedure: `call: NAME(VALUES…)`")
            return _noop
        name = str(node.value)
        c = self.callables.get(name)
        if c is None or c.kind != "procedure":
            procs = [p for p, v in self.callables.items() if v.kind == "procedure"]
            self.fail((*at, "call"), f"no procedure {name!r}{did_you_mean(name, procs)}")
            return _noop
        self._callable(c, (*at, "call"))
        args = [self.node(a, (*at, "call"), 0, scope) for a in node.args]
        bind = self._args(c, args, node, (*at, "call"), 0)
        if bind is None or c.state == "bad":
            return _noop

        def call(st: Any, env: dict[str, Any]) -> None:
            c.fn(st, bind(st, env))  # type: ignore[misc]

        return call

    def s_require(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``require: TEST``, ``message:``: a rules error when the test fails."""
        cond = self.expr(item["require"], (*at, "require"), scope, BOOL).fn
        message = str(item.get("message", "a requirement of the rules is not met"))
        where = self.pos((*at, "require"))

        def require(st: Any, env: dict[str, Any]) -> None:
            if not cond(st, env):
                raise RulesError(f"{where}: {message}")

        return require

    def s_hook(self, item: dict[str, Any], at: Path, scope: dict[str, str]) -> Fn:
        """``hook: NAME``: the hooks file's function, run on the state."""
        name = str(item["hook"])
        fn = self._hook_fn(name, (*at, "hook"))
        if fn is None:
            return _noop
        where = self.pos((*at, "hook"))

        def hook(st: Any, env: dict[str, Any]) -> None:
            try:
                fn(st, dict(env))
            except EngineError:
                raise
            except Exception as exc:  # a designer's own code: report, never a traceback
                raise RulesError(
                    f"{where}: the hook {name} failed: {type(exc).__name__}: {exc}"
                ) from None

        return hook

    _hooks: dict[str, Any] | None = None

    def hooks(self) -> dict[str, Any] | None:
        if self._hooks is None:
            try:
                module = load_module(self.cat.root, str(self.desc.hooks), "hooks")
            except EngineError as exc:
                self.fail(("hooks",), str(exc))
                self._hooks = {}
                return None
            self._hooks = {k: v for k, v in vars(module).items() if not k.startswith("_")}
        return self._hooks


# --- helpers -------------------------------------------------------------------------------
def seat_label(seat: int | None) -> str:
    return "no seat" if seat is None else f"P{seat + 1}"


def _zero(st: Any, env: dict[str, Any]) -> Any:
    return 0


def _noop(st: Any, env: dict[str, Any]) -> None:
    return None


def _empty(st: Any, env: dict[str, Any]) -> list[str]:
    return []


def _div(a: Any, b: Any) -> Any:
    return a / b


def _floordiv(a: Any, b: Any) -> Any:
    return a // b


def _mod(a: Any, b: Any) -> Any:
    return a % b


def _const(t: str, value: Any) -> CE:
    return CE(t, lambda st, env: value, value, True)


def _fold(ce: CE, *parts: CE) -> CE:
    """``ce`` evaluated now when every part is constant (a division by zero stays an error)."""
    if all(p.is_const for p in parts):
        try:
            value = ce.fn(None, {})
        except (RulesError, ArithmeticError, AttributeError, TypeError):
            return ce
        return CE(ce.type, lambda st, env: value, value, True, ce.words)
    return ce


def _fits(have: str, want: str) -> bool:
    return have == want or (have == INT and want == NUM) or (have == NONE and want in (SEAT, CARD))


def _join(a: str, b: str) -> str | None:
    if a == b:
        return a
    if {a, b} == {INT, NUM}:
        return NUM
    if NONE in (a, b) and ({a, b} - {NONE}) <= {SEAT, CARD}:
        return (set({a, b}) - {NONE}).pop()
    return None


def _a(t: str) -> str:
    return {
        INT: "a whole number",
        NUM: "a number",
        BOOL: "true or false",
        TEXT: "a text",
        CARD: "a card",
        SEAT: "a seat",
        ZONE: "a zone",
        SEATS: "the seats",
        NONE: "none",
        "?": "unknown",
    }.get(t, t)


def _type_of_annotation(ann: Any) -> tuple[str, tuple[str, ...]]:
    """The language's type of a model field's annotation, with its fixed words if any."""
    origin = typing.get_origin(ann)
    if origin is typing.Annotated:
        return _type_of_annotation(typing.get_args(ann)[0])
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(ann) if a is not type(None)]
        found = {_type_of_annotation(a) for a in args}
        return found.pop() if len(found) == 1 else ("?", ())
    if origin is Literal:
        values = typing.get_args(ann)
        if all(isinstance(v, str) for v in values):
            return TEXT, tuple(values)
        if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return INT, ()
        return "?", ()
    if ann is bool:
        return BOOL, ()
    if ann is int:
        return INT, ()
    if ann is float:
        return NUM, ()
    if ann is str:
        return TEXT, ()
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return "record", ()
    return "?", ()


def _type_of_value(v: Any, info: Any) -> tuple[str, tuple[str, ...]]:
    if isinstance(v, bool):
        return BOOL, ()
    if isinstance(v, int):
        return INT, ()
    if isinstance(v, float):
        return NUM, ()
    if isinstance(v, str):
        if info is not None:
            t, words = _type_of_annotation(info.annotation)
            if t == TEXT:
                return TEXT, words
        return TEXT, ()
    return "?", ()


def _card_fields(catalogue: Any) -> dict[tuple[str, ...], tuple[str, tuple[str, ...]]]:
    """Every card field's path (nested models' fields too) with its type and fixed words."""
    out: dict[tuple[str, ...], tuple[str, tuple[str, ...]]] = {}

    def walk(model: type[BaseModel], prefix: tuple[str, ...]) -> None:
        for name, f in model.model_fields.items():
            if name in ("placeholders",):
                continue
            t, words = _type_of_annotation(f.annotation)
            out[(*prefix, name)] = (t, words)
            if t == "record":
                sub = _model_of(f.annotation)
                if sub is not None and len(prefix) < 4:
                    walk(sub, (*prefix, name))

    for cls in {type(c) for c in catalogue}:
        walk(cls, ())
    return out


def _model_of(ann: Any) -> type[BaseModel] | None:
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return ann
    for a in typing.get_args(ann):
        m = _model_of(a)
        if m is not None:
            return m
    return None


def parse_or_none(value: Any) -> Node | None:
    if not isinstance(value, str):
        return None
    try:
        return parse(value)
    except ExprError:
        return None


def _names_in(node: Node | None) -> set[str]:
    if node is None:
        return set()
    out = {str(node.value)} if node.kind == "name" else set()
    for a in node.args:
        out |= _names_in(a)
    return out
