"""Authority scenario files checked before they run: every key and every name in them.

A misspelt key, unit id, faction, setting, seat, row or log line would make a scenario that
tests nothing (an ``illegal:`` step on a unit that is not there is refused all the same; a
``no_events`` line that no log can hold is never found).  Each is an error naming the file,
line and column, with a did-you-mean: ``x.yaml:12:9: unknown unit 'asassin' (did you mean
'assassin'?)``.  The walk reads the YAML document as written, after the models checked its shape.
"""

from __future__ import annotations

import difflib
import re
import types
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from cardgen.catalogue.validation_errors import error_to_diagnostic
from cardgen.catalogue.yaml_source import SourceMap
from cardgen.diagnostics import Diagnostic, DiagnosticError
from cardgen.packs.authority.engine import events
from cardgen.packs.authority.model import Settings

Path = tuple[Any, ...]

#: the steps that take a unit of the hand, of an enemy's rows (or general zone), of the market
HAND = ("attack", "defend", "recruit", "use", "spy", "hunt", "retire")
ENEMY = ("strike", "wound", "ignore", "disable", "remove_spy")
MARKET = ("buy", "buy_general", "replace")
#: what each step names besides its unit (a key another step uses is a mistake here)
STEP_KEYS = {"attack": {"unit", "target"}, "use": {"unit", "target"}} | {
    k: {"unit", "player", "row"} for k in ENEMY
}
UNIT_LISTS = ("hand", "deck", "discard", "general")
ROWS = range(4)


def suggest(word: Any, options) -> str:
    match = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f" (did you mean {match[0]!r}?)" if match else ""


# --- keys: did-you-mean from the model the key is in ---------------------------------------
def _inner(annotation: Any, part: Any) -> Any:
    """The type one step below ``annotation`` along ``part`` of a path (through Optional)."""
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        for arg in get_args(annotation):
            found = _inner(arg, part)
            if found is not None:
                return found
        return None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        field = annotation.model_fields.get(part) if isinstance(part, str) else None
        return None if field is None else field.annotation
    if origin is list and isinstance(part, int):
        return get_args(annotation)[0]
    if origin is dict:
        return get_args(annotation)[1]
    return None


def _model(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation):
        found = _model(arg)
        if found is not None:
            return found
    return None


def keys_at(model: type[BaseModel], loc: tuple) -> list[str]:
    """The keys the mapping holding ``loc``'s last key may have."""
    current: Any = model
    for part in loc[:-1]:
        nxt = _inner(current, part)
        if nxt is not None:  # a part pydantic adds (a union's tag) is skipped
            current = nxt
    found = _model(current)
    return list(found.model_fields) if found else []


def validate(model: type[BaseModel], data: Any, smap: SourceMap) -> Any:
    """``data`` as ``model``; DiagnosticError with every problem, an unknown key's hint taken
    from the keys of the mapping it is in."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DiagnosticError([_diagnostic(model, e, smap) for e in exc.errors()]) from None


def _diagnostic(model: type[BaseModel], err: Any, smap: SourceMap) -> Diagnostic:
    """The diagnostic of one error, its hint in the message (the runner prints messages)."""
    loc = tuple(err["loc"])
    keys = keys_at(model, loc)
    d = error_to_diagnostic(err, smap, known_keys=keys)
    if err["type"] == "extra_forbidden":
        message = f"unknown key {loc[-1]!r}{suggest(loc[-1], keys)}; keys here: {', '.join(keys)}"
        return replace(d, message=message, hint=None)
    return replace(d, message=f"{d.message} ({d.hint})", hint=None) if d.hint else d


# --- names: what the document refers to --------------------------------------------------------
Ref = tuple[Path, str, Any]


def _units(path: Path, values: Any) -> Iterator[Ref]:
    for i, v in enumerate(values if isinstance(values, list) else ()):
        yield (*path, i), "unit", v


def _rows(path: Path, rows: Any) -> Iterator[Ref]:
    for r, units in (rows or {}).items():
        yield (*path, r), "row key", r
        yield from _units((*path, r), units)


def _step(path: Path, step: dict) -> Iterator[Ref]:
    for name, arg in step.items():
        where = (*path, name)
        if name == "illegal" and isinstance(arg, dict):
            yield from _step(where, arg)
        elif name == "end":
            yield where, "end", arg
        elif isinstance(arg, dict):
            yield where, f"keys of {name}", arg
            yield (*where, "unit"), "unit", arg.get("unit")
            for key in ("target", "player"):
                if key in arg:
                    yield (*where, key), "seat", arg[key]
            if "row" in arg:
                yield (*where, "row"), "row", arg["row"]
        elif name == "buy_general" or name in MARKET or name in HAND:
            yield where, "unit", arg


def references(data: dict) -> Iterator[Ref]:
    """Every name, seat, row and log line a scenario document gives, with its path."""
    for i, f in enumerate(data.get("factions") or ()):
        yield ("factions", i), "faction", f
    for key, value in (data.get("settings") or {}).items():
        yield ("settings", key), "setting", (key, value)
    state = data.get("state") or {}
    if "current" in state:
        yield ("state", "current"), "seat", state["current"]
    for p, ps in enumerate(state.get("players") or ()):
        yield ("state", "players", p), "seat index", p
        for name in UNIT_LISTS:
            yield from _units(("state", "players", p, name), (ps or {}).get(name))
        yield from _rows(("state", "players", p, "rows"), (ps or {}).get("rows"))
    for name in ("market", "market_deck", "generals"):
        yield from _units(("state", name), state.get(name))
    for k, step in enumerate(data.get("steps") or ()):
        if isinstance(step, dict):
            yield from _step(("steps", k), step)
    expect = data.get("expect") or {}
    for seat, pe in (expect.get("players") or {}).items():
        yield ("expect", "players", seat), "seat key", seat
        for name in ("hand", "discard", "general"):
            yield from _units(("expect", "players", seat, name), (pe or {}).get(name))
        yield from _rows(("expect", "players", seat, "rows"), (pe or {}).get("rows"))
    for seat in expect.get("pending") or {}:
        yield ("expect", "pending", seat), "seat key", seat
    for i, unit in enumerate(expect.get("market") or ()):
        if unit is not None:
            yield ("expect", "market", i), "unit", unit
    yield from _units(("expect", "annihilated"), expect.get("annihilated"))
    if "current" in expect:
        yield ("expect", "current"), "seat", expect["current"]
    for i, w in enumerate(expect.get("winner") or ()):
        yield ("expect", "winner", i), "seat", w
    for key in ("events", "no_events"):
        for i, line in enumerate(expect.get(key) or ()):
            yield ("expect", key, i), "event", line


class Checker:
    """The vocabulary of one scenario's game: its catalogue, players and factions."""

    def __init__(self, cat: Any, players: int) -> None:
        self.units = {c.id for c in cat.cards}
        self.names = {c.name for c in cat.cards}
        self.factions = tuple(cat.rules.market_faction_ids)
        self.defaults = cat.rules.settings.model_dump()
        self.n = players
        self.problems: list[tuple[Path, bool, str]] = []

    def bad(self, path: Path, message: str, *, key: bool = False) -> None:
        self.problems.append((path, key, message))

    def seat(self, path: Path, value: Any, *, key: bool = False) -> None:
        if type(value) is not int or not 1 <= value <= self.n:
            self.bad(path, f"seat {value!r}: the game has seats 1-{self.n}", key=key)

    def setting(self, path: Path, key: Any, value: Any) -> None:
        if key not in Settings.model_fields:
            fields = ", ".join(Settings.model_fields)
            self.bad(path, f"unknown setting {key!r}{suggest(key, fields.split(', '))}; "
                     f"settings: {fields}", key=True)  # fmt: skip
            return
        try:
            Settings.model_validate({**self.defaults, key: value})
        except ValidationError as exc:
            err = exc.errors()[0]
            options = (err.get("ctx") or {}).get("expected", "")
            hint = suggest(value, re.findall(r"'([^']+)'", options))
            self.bad(path, f"setting {key}: {value!r} is not {options or err['msg']}{hint}")

    def event(self, path: Path, line: Any) -> None:
        if not isinstance(line, str):
            self.bad(path, f"an event is a line of the log, not {line!r}")
            return
        parsed = events.parse(line)
        if parsed is None:
            shape = re.sub(r"P\d+", "{seat}", re.sub(r"\b\d+\b", "{n}", line))
            match = difflib.get_close_matches(shape, events.TEMPLATES, n=1, cutoff=0.5)
            hint = f" (did you mean a line like {match[0]!r}?)" if match else ""
            self.bad(path, f"no line of the log reads {line!r}{hint}")
            return
        for kind, text in parsed.fields:
            if kind == "seat" and not 1 <= int(text) <= self.n:
                self.bad(path, f"{line!r}: seat P{text}, the game has P1-P{self.n}")
            elif kind == "unit" and text not in self.names:
                self.bad(path, f"{line!r}: no unit is called {text!r}{suggest(text, self.names)}")

    def check(self, data: dict) -> None:
        factions = data.get("factions")
        if isinstance(factions, list) and len(factions) != self.n:
            self.bad(("factions",), f"{len(factions)} factions for {self.n} players")
        for path, what, value in references(data):
            if what == "unit":
                if value not in self.units:
                    self.bad(path, f"unknown unit {value!r}{suggest(value, self.units)}")
            elif what == "faction" and value not in self.factions:
                known = ", ".join(self.factions)
                self.bad(path, f"unknown faction {value!r}{suggest(value, self.factions)}; "
                         f"factions: {known}")  # fmt: skip
            elif what == "setting":
                self.setting(path, *value)
            elif what == "seat":
                self.seat(path, value)
            elif what == "seat key":
                self.seat(path, value, key=True)
            elif what == "seat index" and value >= self.n:
                self.bad(path, f"state lists more players than the game's {self.n}")
            elif what in ("row", "row key") and value not in ROWS:
                self.bad(path, f"row {value!r}: rows are 0 (the Kingsguard's) to 3",
                         key=what == "row key")  # fmt: skip
            elif what == "end" and value is not True:
                self.bad(path, "a step `end: true` ends the command phase; nothing else")
            elif what.startswith("keys of "):
                step = what.removeprefix("keys of ")
                self.step_keys(path, step, value)
            elif what == "event":
                self.event(path, value)

    def step_keys(self, path: Path, step: str, arg: dict) -> None:
        allowed = STEP_KEYS.get(step, {"unit"})
        for key in arg:
            if key not in allowed:
                self.bad((*path, key), f"{step} takes {', '.join(sorted(allowed))}, not {key!r}",
                         key=True)  # fmt: skip
        if step == "attack" and "target" not in arg:
            self.bad(path, "attack: say which player is attacked (target: N)")
        if step in ENEMY and "player" not in arg:
            self.bad(path, f"{step}: say whose unit it is (player: N)")


def check_references(data: Any, smap: SourceMap | None, cat: Any, players: int) -> list[str]:
    """Every name in the document that the game does not know, as ``file:line:col: message``
    lines in file order (no positions for a scenario built in code)."""
    if not isinstance(data, dict):
        return []
    checker = Checker(cat, players)
    checker.check(data)
    out = []
    for path, key, message in checker.problems:
        if smap is None:
            out.append((0, 0, message))
            continue
        pos = smap.at(path, key=key)
        out.append((pos.line, pos.column, f"{pos}: {message}"))
    return [line for *_pos, line in sorted(out)]
