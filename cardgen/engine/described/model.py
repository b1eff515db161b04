"""The typed model of a rules description (``play.yaml``), read with the position of every
value, and the error that names a mistake's file, line and column."""

from __future__ import annotations

import re
import types
import typing
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr
from pydantic import ValidationError as PydanticError

from cardgen.catalogue.yaml_source import SourceMap
from cardgen.diagnostics import Position
from cardgen.engine.errors import SetupError
from cardgen.engine.vocab import did_you_mean

#: the largest count, bound or length a description may write
BIG = 1_000_000_000

Expr = StrictStr | StrictInt | StrictBool | float
Statements = list[Any]


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class GameSpec(_Part):
    """``game:``: the game's id (its logs name it), name, seats and length bound."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)
    name: str = Field(min_length=1, max_length=60)
    players: StrictInt | list[StrictInt] = Field(description="a number, or [fewest, most]")
    max_length: StrictInt = Field(500, ge=1, le=100_000, description="no game takes more steps")


class ZoneSpec(_Part):
    """A zone: shared, or one per seat; filled from the catalogue by card fields; who sees it."""

    per_seat: StrictBool = False
    cards: dict[str, Any] | Literal["all"] | None = None
    see: Literal["everyone", "owner", "nobody", "top"] = "everyone"
    order: Literal["kept", "sorted"] = "kept"
    pile: StrictBool = False
    name: StrictStr | None = Field(None, max_length=60, description="its name for players")


class CounterSpec(_Part):
    """A number (or a seat) of the game or of each seat, with bounds."""

    per_seat: StrictBool = False
    type: Literal["int", "seat"] = "int"
    start: StrictInt | StrictStr | None = 0
    min: StrictInt = Field(-BIG, ge=-BIG, le=BIG)
    max: StrictInt = Field(BIG, ge=-BIG, le=BIG)


class EventSpec(_Part):
    """An event: its fields and their domains, its log line, its role and privacy."""

    fields: dict[str, StrictStr] = Field(default_factory=dict)
    text: StrictStr = ""
    role: Literal["drawn", "played"] | None = None
    private: StrictStr | None = None
    hidden: list[StrictStr] = Field(default_factory=list)


class ValueSpec(_Part):
    """A named expression, with parameters: ``strength: {of: {c: card}, is: "…"}``."""

    of: dict[str, StrictStr] = Field(default_factory=dict)
    is_: Expr = Field(alias="is")


class ProcedureSpec(_Part):
    """A named list of effects, with parameters."""

    of: dict[str, StrictStr] = Field(default_factory=dict)
    do: Statements


class CardParam(_Part):
    """An action's card: one of the cards of a zone."""

    from_: StrictStr = Field(alias="from")


class NumberParam(_Part):
    """An action's number, between two bounds (expressions)."""

    min: Expr = 0
    max: Expr


class ActionSpec(_Part):
    """An action: its words (``says``), what it names, when it is legal, what it does."""

    says: StrictStr
    card: CardParam | None = None
    choice: list[StrictStr] | None = None
    number: NumberParam | None = None
    when: Expr = True
    do: Statements = Field(default_factory=list)
    text: StrictStr = Field("", max_length=600, description="the rule, for the rulebook")


class PhaseSpec(_Part):
    """A phase: who moves (``all`` at once, or a seat), its actions, what follows them."""

    movers: Expr = "all"
    actions: list[StrictStr] = Field(min_length=1)
    after: Statements = Field(default_factory=list)
    text: StrictStr = Field("", max_length=600, description="the phase, for the rulebook")


class ResultSpec(_Part):
    """How the end ranks the seats: expressions of seat ``s``, the first the score, the
    rest tie-breaks; the best seats share the win."""

    rank: list[Expr] = Field(min_length=1)
    text: StrictStr = Field("", max_length=600, description="who wins, for the rulebook")


class RulebookText(_Part):
    """The players' words for what the description says in expressions (the generated How
    to play uses them)."""

    summary: StrictStr = Field("", max_length=1200)
    setup: StrictStr = Field("", max_length=1200)
    end: StrictStr = Field("", max_length=600)


class Description(_Part):
    """A whole ``play.yaml``."""

    game: GameSpec
    zones: dict[str, ZoneSpec]
    counters: dict[str, CounterSpec] = Field(default_factory=dict)
    events: dict[str, EventSpec] = Field(default_factory=dict)
    values: dict[str, ValueSpec] = Field(default_factory=dict)
    procedures: dict[str, ProcedureSpec] = Field(default_factory=dict)
    setup: Statements = Field(default_factory=list)
    actions: dict[str, ActionSpec]
    phases: dict[str, PhaseSpec]
    end: Expr
    result: ResultSpec
    evaluate: Expr | None = None
    options: dict[str, StrictBool | StrictInt | StrictStr] = Field(
        default_factory=dict, description="the engine's options and their defaults"
    )
    rulebook: RulebookText = Field(default_factory=RulebookText)
    hooks: StrictStr | None = Field(None, pattern=r"^[A-Za-z0-9_][A-Za-z0-9_./-]*\.py$")


@dataclass(frozen=True)
class Problem:
    """One mistake: where, what, and whether it only warns."""

    position: Position
    message: str
    warning: bool = False

    def __str__(self) -> str:
        return f"{self.position}: {self.message}"


class DescriptionError(SetupError):
    """A rules description with mistakes: each at its file:line:col."""

    def __init__(self, problems: list[Problem]) -> None:
        problems = sorted(problems, key=lambda p: (p.position.line, p.position.column))
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class Source:
    """The description's text and positions: where a path (and an offset into an expression
    string there) is, as a :class:`Position`."""

    def __init__(self, file: str, text: str, smap: SourceMap) -> None:
        self.file = file
        self.lines = text.split("\n")
        self.smap = smap

    def at(self, path: tuple[Any, ...], offset: int = 0, *, key: bool = False) -> Position:
        """Where ``path``'s value (or key) is, ``offset`` characters into its text: a quote
        skipped, a block scalar (``>-``, ``|``) read from its next line, and the lines of a
        value spanning several followed (each joined by one character, as YAML folds)."""
        pos = self.smap.at(path, key=key)
        line, col = pos.line, pos.column
        if key or not 0 < line <= len(self.lines):
            return Position(pos.file, line, col + offset)
        text = self.lines[line - 1]
        if col - 1 < len(text) and text[col - 1] in "'\"":
            col += 1
        elif col - 1 < len(text) and text[col - 1] in ">|" and line < len(self.lines):
            line += 1
            text = self.lines[line - 1]
            col = len(text) - len(text.lstrip(" ")) + 1
        while line < len(self.lines):
            room = len(self.lines[line - 1].rstrip()) - (col - 1)
            if offset <= room:
                break
            offset -= room + 1
            line += 1
            nxt = self.lines[line - 1]
            col = len(nxt) - len(nxt.lstrip(" ")) + 1
        return Position(pos.file, line, col + offset)


def check_model(doc: Any, src: Source) -> Description:
    """``doc`` as a :class:`Description`; :class:`DescriptionError` with every mistake."""
    if not isinstance(doc, dict):
        raise DescriptionError([Problem(src.at(()), "a rules description is a mapping")])
    try:
        return Description.model_validate(doc)
    except PydanticError as exc:
        problems = []
        for err in exc.errors():
            loc = _real_loc(doc, tuple(err["loc"]))
            if err["type"] == "extra_forbidden" and loc:
                name = str(loc[-1])
                allowed = _fields_at(Description, loc[:-1])
                msg = f"unknown key {name!r}{did_you_mean(name, allowed)}"
                if allowed:
                    msg += f"; the keys here: {', '.join(allowed)}"
                problems.append(Problem(src.at(loc, key=True), msg))
            elif err["type"] == "missing" and loc:
                problems.append(Problem(src.at(loc[:-1]), f"missing key {loc[-1]!r}"))
            else:
                what = ".".join(str(p) for p in loc)
                msg = err["msg"]
                if err["type"] == "literal_error":
                    words = re.findall(r"'([^']*)'", str(err.get("ctx", {}).get("expected", "")))
                    msg = f"unknown value {err['input']!r}{did_you_mean(str(err['input']), words)}"
                    msg += f"; one of: {', '.join(words)}"
                problems.append(Problem(src.at(loc), f"{what}: {msg}"))
        seen, unique = set(), []
        for p in problems:  # a union reports one mistake once per branch
            if str(p) not in seen:
                seen.add(str(p))
                unique.append(p)
        raise DescriptionError(unique) from None


def _real_loc(doc: Any, loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """``loc`` without the names pydantic adds for a union's branches: the keys and indexes
    found in ``doc`` along it (and the last, a missing or unknown key)."""
    out: list[Any] = []
    node = doc
    for k, part in enumerate(loc):
        if (isinstance(node, dict) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        ):
            node = node[part]
            out.append(part)
        elif k == len(loc) - 1 and isinstance(node, dict):
            out.append(part)
    return tuple(out)


def _fields_at(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The keys the model allows at ``loc`` (for a did-you-mean)."""
    current: Any = model
    for part in loc:
        if isinstance(current, type) and issubclass(current, BaseModel):
            fields = {f.alias or k: f for k, f in current.model_fields.items()}
            f = fields.get(str(part))
            if f is None:
                return []
            current = _inner(f.annotation)
        elif typing.get_origin(current) is dict:
            current = _inner(typing.get_args(current)[1])
        else:
            return []
    if isinstance(current, type) and issubclass(current, BaseModel):
        return [f.alias or k for k, f in current.model_fields.items()]
    return []


def _inner(annotation: Any) -> Any:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            if isinstance(arg, type) and issubclass(arg, BaseModel):
                return arg
            if typing.get_origin(arg) is dict:
                return arg
        return None
    return annotation


def description_schema_json() -> str:
    """The JSON Schema of a rules description (``cardgen schema --play``): its sections and
    keys for an editor's completion; effects and expressions are checked by the compiler."""
    import json

    schema = Description.model_json_schema(by_alias=True)
    schema["title"] = "cardgen rules description (play.yaml)"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"
