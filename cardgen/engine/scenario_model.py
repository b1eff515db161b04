"""The shape of a scenario file as pydantic models: every key at every depth, the type of every
value the format itself fixes, and a message naming the field for each (:func:`problems`).

What only the game knows — seats, card ids and the vocabulary's words, action strings, event
types and their fields, the fields of a described state — is checked against the game by
:mod:`cardgen.engine.scenario`.  :func:`scenario_schema` is the same shape as a JSON Schema
(``cardgen schema --scenario``) for editors.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import PydanticCustomError

from cardgen.engine.vocab import did_you_mean

if TYPE_CHECKING:
    from cardgen.catalogue.yaml_source import SourceMap

#: a scenario's catalogue when it names none (relative to the file)
DEFAULT_CARDS = "../cards"
#: the expectations every ``expect`` may hold besides the fields of the game's view
SPECIAL = ("events", "log", "legal", "winner", "terminal", "seen_by")
STEP_SHAPE = (
    "a step is a mapping: {P1: action}, illegal: {P1: action}, "
    "refused: {P1: action, P2: action}, chance: outcome or expect: {...}"
)


def _fail(message: str) -> PydanticCustomError:
    # the message goes in the context: its braces ({P1: action}) are no template
    return PydanticCustomError("scenario", "{message}", {"message": message})


def _shape(ok: Callable[[Any], bool], message: str | Callable[[Any], str]) -> BeforeValidator:
    """A check of a value's shape before its type: ``message`` (of the value) if not ``ok``."""

    def check(v: Any) -> Any:
        if not ok(v):
            raise _fail(message(v) if callable(message) else message)
        return v

    return BeforeValidator(check)


def _whole(v: Any) -> bool:
    return type(v) is int


def _text_list(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


Action = Annotated[
    str, _shape(lambda v: isinstance(v, str), lambda v: f"{v!r} is not an action string")
]
#: each mover's action string, by seat (``{P1: bid cook, P2: bid bosun}``): the game checks the
#: seat, then the action (a step's misspelt key is not a seat)
Moves = Annotated[
    dict[str, Any],
    WithJsonSchema(
        {"type": "object", "minProperties": 1, "additionalProperties": {"type": "string"}}
    ),
    _shape(lambda v: isinstance(v, dict) and bool(v), "give each seat's action: {P1: action}"),
    Field(min_length=1),
]


class _Part(BaseModel):
    """A mapping of the format: a key it does not have is refused, each with a did-you-mean."""

    model_config = ConfigDict(extra="forbid", strict=True)
    #: what the mapping is called in a problem ("a scenario", "setup")
    WHAT: ClassVar[str] = ""
    #: the problem when the value is not a mapping
    NOT_MAPPING: ClassVar[str] = ""

    @model_validator(mode="before")
    @classmethod
    def _known_keys(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            raise _fail(cls.NOT_MAPPING or f"{cls.WHAT} is a mapping")
        if cls.model_config.get("extra") == "forbid":
            unknown = [k for k in data if k not in cls.model_fields]
            if unknown:
                keys = list(cls.model_fields)
                raise PydanticCustomError(
                    "unknown_keys",
                    "unknown keys",
                    {"keys": unknown, "allowed": keys, "what": cls.WHAT},
                )
        return data


class Setup(_Part):
    """The game's set-up: what ``Engine.setup`` reads (its values the game checks)."""

    WHAT = "setup"
    NOT_MAPPING = "setup is a mapping (players, sides, settings, options, teams)"

    players: Annotated[
        int | None, _shape(lambda v: v is None or _whole(v), "players is a whole number")
    ] = None
    sides: Annotated[
        list[str] | None, _shape(lambda v: v is None or _text_list(v), "sides is a list of names")
    ] = None
    settings: Annotated[
        dict[str, Any] | None,
        _shape(lambda v: v is None or isinstance(v, dict), "settings is a mapping"),
    ] = None
    options: Annotated[
        dict[str, Any] | None,
        _shape(lambda v: v is None or isinstance(v, dict), "options is a mapping"),
    ] = None
    teams: Annotated[
        list[list[Any]] | None,
        _shape(
            lambda v: v is None or (isinstance(v, list) and all(isinstance(t, list) for t in v)),
            "teams is a list of lists of seats",
        ),
    ] = None


class EventPattern(BaseModel):
    """An expected event: its type, fields to match, how many (exactly, or at least)."""

    model_config = ConfigDict(extra="allow", strict=True)

    type: str
    count: Annotated[
        int | None,
        _shape(lambda v: v is None or (_whole(v) and v >= 0), "count is a whole number, 0 or more"),
    ] = None
    at_least: Annotated[
        int | None,
        _shape(
            lambda v: v is None or (_whole(v) and v >= 0), "at_least is a whole number, 0 or more"
        ),
    ] = None

    @model_validator(mode="before")
    @classmethod
    def _typed(cls, data: Any) -> Any:
        if not isinstance(data, dict) or "type" not in data:
            keys = ", ".join(map(str, data)) if isinstance(data, dict) else ""
            has = f" (its keys: {keys})" if keys else ""
            raise _fail(f"an event pattern is a mapping with a type{has}")
        if not isinstance(data["type"], str):
            raise _fail(f"unknown event type {data['type']!r}")
        return data


class LegalSets(_Part):
    """Actions a seat may and may not take (the others unchecked)."""

    WHAT = "legal"

    includes: list[Action] = []
    excludes: list[Action] = []


def _legal_kind(v: Any) -> str | None:
    return "~list" if isinstance(v, list) else "~sets" if isinstance(v, dict) else None


Legal = Annotated[
    Annotated[list[Action], Tag("~list")] | Annotated[LegalSets, Tag("~sets")],
    Discriminator(
        _legal_kind,
        custom_error_type="scenario",
        custom_error_message="a list of action strings, or {includes, excludes}",
    ),
]
Winner = Annotated[
    str | list[str] | None,
    _shape(
        lambda v: v is None or isinstance(v, str) or _text_list(v),
        "winner is a seat, a list of seats or none",
    ),
]
SeenBy = Annotated[
    dict[str, dict[str, Any]],
    _shape(
        lambda v: isinstance(v, dict) and bool(v) and all(isinstance(x, dict) for x in v.values()),
        "seen_by is {P1: {field: value, ...}}: what a seat may know",
    ),
]


class Expectation(_Part):
    """Fields of the designer's view of the game (each seat's under ``P1``…: the game checks
    them) and the special expectations :data:`SPECIAL`."""

    model_config = ConfigDict(extra="allow", strict=True)
    WHAT = "expect"
    NOT_MAPPING = "an expectation is a mapping"

    events: Annotated[
        list[EventPattern] | None,
        _shape(
            lambda v: isinstance(v, list), "events is a list of {type: ..., field: value, count: N}"
        ),
    ] = None
    log: Annotated[
        list[str] | None,
        _shape(_text_list, "log is a list of lines of the readable log"),
    ] = None
    legal: Annotated[
        dict[str, Legal] | None,
        _shape(
            lambda v: isinstance(v, dict),
            "legal is {P1: [action, ...]} or {P1: {includes: [...], excludes: [...]}}",
        ),
    ] = None
    winner: Winner = None
    terminal: Annotated[
        bool | None, _shape(lambda v: type(v) is bool, "terminal is true or false")
    ] = None
    seen_by: SeenBy | None = None


class ChanceStep(_Part):
    WHAT = "a chance step"

    chance: Annotated[
        str,
        _shape(
            lambda v: isinstance(v, str), "a chance step is `chance: OUTCOME` (the outcome's words)"
        ),
    ]


class IllegalStep(_Part):
    WHAT = "an illegal step"

    illegal: Moves


class RefusedStep(_Part):
    WHAT = "a refused step"

    refused: Moves


class ExpectStep(_Part):
    WHAT = "an expect step"

    expect: Expectation


#: a step's kind, by the key that marks it (none: each mover's action)
STEP_KINDS = ("chance", "illegal", "refused", "expect")


def step_kind(v: Any) -> str | None:
    """The kind of the step ``v`` (``act`` for moves), or None if it is no step."""
    if not isinstance(v, dict) or not v:
        return None
    return next((k for k in STEP_KINDS if k in v), "act")


#: a step of moves: a seat's action by seat, no key of another kind of step (the schema's
#: ``oneOf`` needs the kinds apart)
ActStep = Annotated[
    Moves,
    WithJsonSchema(
        {
            "type": "object",
            "minProperties": 1,
            "additionalProperties": {"type": "string"},
            "propertyNames": {"not": {"enum": list(STEP_KINDS)}},
        }
    ),
]
Step = Annotated[
    Annotated[ActStep, Tag("~act")]
    | Annotated[ChanceStep, Tag("~chance")]
    | Annotated[IllegalStep, Tag("~illegal")]
    | Annotated[RefusedStep, Tag("~refused")]
    | Annotated[ExpectStep, Tag("~expect")],
    Discriminator(
        lambda v: None if step_kind(v) is None else f"~{step_kind(v)}",
        custom_error_type="scenario",
        custom_error_message=STEP_SHAPE,
    ),
]


class ScenarioFile(_Part):
    """A scenario file (docs/scenario-format.md): a game set up and seeded, perhaps a described
    state, steps, and what must hold at the end."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        title="cardgen scenario",
        json_schema_extra={"$id": "scenario.schema.json"},
    )
    WHAT = "a scenario"

    name: Annotated[str, _shape(lambda v: isinstance(v, str), "name is text")] = ""
    description: Annotated[str, _shape(lambda v: isinstance(v, str), "description is text")] = ""
    cards: Annotated[
        str,
        _shape(
            lambda v: isinstance(v, str) and bool(v.strip()) and "\0" not in v,
            "cards is the catalogue folder's path",
        ),
    ] = DEFAULT_CARDS
    setup: Setup | None = None
    seed: Annotated[int, _shape(_whole, "the seed is a whole number")] = 0
    given: Annotated[
        dict[str, Any] | None,
        _shape(lambda v: v is None or isinstance(v, dict), "a view is a mapping"),
    ] = None
    steps: Annotated[
        list[Step] | None, _shape(lambda v: v is None or isinstance(v, list), "steps is a list")
    ] = None
    expect: Expectation | None = None


def problems(doc: Any, smap: SourceMap) -> list[str]:
    """Every problem of the shape of ``doc``, each ``file:line:column: message`` naming the
    field (and a misspelt key's did-you-mean); empty if it is well formed.  A mapping with an
    unknown key is checked again without it, so the problems of its other keys are found too."""
    doc, out = copy.deepcopy(doc), list[str]()
    for _ in range(_MAX_PASSES):
        try:
            ScenarioFile.model_validate(doc)
            return out
        except ValidationError as exc:
            errors = [(_path(e["loc"]), e) for e in exc.errors()]
        unknown = [(path, e) for path, e in errors if e["type"] == "unknown_keys"]
        if not unknown:
            for path, e in errors:
                ctx = e.get("ctx") or {}
                out.append(f"{smap.at(path)}: {ctx.get('message') or e['msg']}")
            return out
        for path, e in unknown:
            ctx = e["ctx"]
            part = _at(doc, path)
            for k in ctx["keys"]:
                hint = did_you_mean(str(k), ctx["allowed"])
                message = (
                    f"unknown key {k!r} in {ctx['what']}{hint}; "
                    f"the keys are: {', '.join(ctx['allowed'])}"
                )
                out.append(f"{smap.at((*path, k), key=True)}: {message}")
                part.pop(k, None)
    return out


#: passes of :func:`problems` at most (each drops the unknown keys of one depth at least)
_MAX_PASSES = 64


def _path(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """A pydantic error's location as a path in the file (without the union tags ``~kind``)."""
    return tuple(x for x in loc if not (isinstance(x, str) and x.startswith("~")))


def _at(doc: Any, path: tuple[int | str, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of a scenario file (what :class:`ScenarioFile` reads)."""
    return ScenarioFile.model_json_schema()


def scenario_schema_json() -> str:
    """:func:`scenario_schema` as indented JSON, ending in a newline."""
    return json.dumps(scenario_schema(), indent=2, ensure_ascii=False) + "\n"
