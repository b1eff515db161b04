"""Everything a scenario names, checked before it runs: decks, settings and their values, card
ids, seats, rounds, season ids, event types, event fields and every value of an expected event
(phases, reasons, numbers, flags).

A misspelt card in an ``illegal:`` entry or a misspelt field in ``no_events:`` would make an
expectation that cannot fail; here each one is an error naming the file, line and column
(``tests/scenarios/x.yaml:12:9: unknown card 'wal' (did you mean 'wall'?)``).  The walk reads the
YAML data as written (its paths are the source map's), after the models have checked its shape.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from typing import Any, Literal, get_args, get_origin

from cardgen.packs.attack_right.engine.compiled import ZONES
from cardgen.packs.attack_right.engine.events import (
    CARD,
    CARDS,
    COUNT,
    EVENT_FIELDS,
    FLAG,
    INT,
    PER_SEAT,
    PHASE,
    PHASES,
    REASON,
    REASONS,
    ROUND,
    SEASON,
    SEAT,
    SEATS,
    SOURCE,
    SOURCES,
    ZONE,
)
from cardgen.packs.attack_right.engine.game import Game
from cardgen.packs.attack_right.model import RulesModel, Settings
from cardgen.packs.attack_right.scenario.file_format import Scenario, is_long_step

Path = tuple[Any, ...]
Ref = tuple[Path, str, Any]
"""(path in the YAML document, what the value must be, the value)."""

CARD_LISTS = ("hand", "pack", "kept", "saved")
ACTION_CARDS = ("pick", "play", "save", "replace", "look", "intercept", "move")


def _cards(path: Path, values: Any) -> Iterator[Ref]:
    for i, v in enumerate(values or ()):
        yield (*path, i), "card", v


def _tableau(path: Path, tableau: dict | None) -> Iterator[Ref]:
    for zone, cards in (tableau or {}).items():
        for i, spec in enumerate(cards or ()):
            if isinstance(spec, dict):
                yield (*path, zone, i, "card"), "card", spec.get("card")
            else:
                yield (*path, zone, i), "card", spec


def _action(path: Path, act: Any) -> Iterator[Ref]:
    if isinstance(act, dict):
        for key in ACTION_CARDS:
            if key in act:
                yield (*path, key), "card", act[key]
        if act.get("at") is not None:
            yield (*path, "at"), "seat", act["at"]


def _actions(path: Path, actions: dict | None) -> Iterator[Ref]:
    for seat, act in (actions or {}).items():
        yield path, "seat key", seat
        yield from _action((*path, seat), act)


def _expect(path: Path, exp: dict | None) -> Iterator[Ref]:
    exp = exp or {}
    for seat, pe in (exp.get("players") or {}).items():
        yield (*path, "players"), "seat key", seat
        for name in CARD_LISTS:
            yield from _cards((*path, "players", seat, name), (pe or {}).get(name))
        yield from _tableau((*path, "players", seat, "tableau"), (pe or {}).get("tableau"))
    yield from _cards((*path, "discard"), exp.get("discard"))
    for key, counted in (("events", True), ("no_events", False)):
        for i, event in enumerate(exp.get(key) or ()):
            yield (*path, key, i), "event" if counted else "no event", event
    for i, w in enumerate(exp.get("winners") or ()):
        yield (*path, "winners", i), "seat", w
    for key in ("seen", "peeks", "glimpses"):
        for i, item in enumerate(exp.get(key) or ()):
            yield (*path, key, i, "viewer"), "seat", item.get("viewer")
            yield (*path, key, i, "seat"), "seat", item.get("seat")
            for j, c in enumerate(item.get("tableau") or ()):
                if c is not None:
                    yield (*path, key, i, "tableau", j), "card", c
            yield from _cards((*path, key, i, "hand"), item.get("hand"))
            if "card" in item:
                yield (*path, key, i, "card"), "card", item["card"]
    for key in ("legal", "illegal"):
        for seat, acts in (exp.get(key) or {}).items():
            yield (*path, key), "seat key", seat
            for i, act in enumerate(acts or ()):
                yield from _action((*path, key, seat, i), act)
    for seat, cards in (exp.get("dealt") or {}).items():
        yield (*path, "dealt"), "seat key", seat
        yield from _cards((*path, "dealt", seat), cards)
    for season, pile in (exp.get("piles") or {}).items():
        yield (*path, "piles"), "season key", season
        for key in ("contains", "excludes"):
            yield from _cards((*path, "piles", season, key), (pile or {}).get(key))


def references(data: dict) -> Iterator[Ref]:
    """Every card id, seat, round and event a scenario document names, with its path."""
    setup = data.get("setup") or {}
    for p, ps in enumerate(setup.get("players") or ()):
        for name in CARD_LISTS:
            yield from _cards(("setup", "players", p, name), (ps or {}).get(name))
        yield from _tableau(("setup", "players", p, "tableau"), (ps or {}).get("tableau"))
    yield from _cards(("setup", "discard"), setup.get("discard"))
    for rnd, seats in (data.get("deals") or {}).items():
        yield ("deals",), "round key", rnd
        for seat, cards in (seats or {}).items():
            yield ("deals", rnd), "seat key", seat
            yield from _cards(("deals", rnd, seat), cards)
    for k, step in enumerate(data.get("steps") or ()):
        if isinstance(step, dict) and is_long_step(step):
            yield from _actions(("steps", k, "actions"), step.get("actions"))
            yield from _expect(("steps", k, "expect"), step.get("expect"))
        else:
            yield from _actions(("steps", k), step)
    yield from _expect(("expect",), data.get("expect"))


# ------------------------------------------------------------------ checks
def _suggest(word: Any, options) -> str:
    match = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f" (did you mean {match[0]!r}?)" if match else ""


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def value_problem(how: str, value: Any, game: Game) -> str | None:
    """What is wrong with ``value`` as a plain event value of kind ``how`` (a round, season,
    phase, reason, whole number, count or flag), or None."""
    rounds = game.rounds
    if how == ROUND and not (_whole(value) and 1 <= value <= rounds):
        return f"round {value!r}: the game has rounds 1-{rounds}"
    if how == SEASON and value not in game.rules.season_ids:
        return f"unknown season {value!r}{_suggest(value, game.rules.season_ids)}"
    if how == PHASE and value not in PHASES:
        return f"phase {value!r}: phases logged are {', '.join(PHASES)}{_suggest(value, PHASES)}"
    if how == REASON and value not in REASONS:
        return f"reason {value!r}: reasons are {', '.join(REASONS)}{_suggest(value, REASONS)}"
    if how == INT and not _whole(value):
        return f"{value!r} is not a whole number"
    if how == COUNT and not (_whole(value) and value >= 0):
        return f"{value!r} is not a whole number from 0"
    if how == FLAG and not isinstance(value, bool):
        return f"{value!r} is not true or false"
    return None


def header_problems(data: dict, rules: RulesModel) -> list[tuple[Path, bool, str]]:
    """The decks and settings a scenario names, against the rules model: (path, is a key,
    message) for each unknown deck, unknown setting or value a setting cannot take."""
    out: list[tuple[Path, bool, str]] = []
    decks = data.get("decks") or []
    for i, deck in enumerate(decks if isinstance(decks, list) else []):
        if deck not in rules.deck_ids:
            out.append(
                (("decks", i), False, f"unknown deck {deck!r}{_suggest(deck, rules.deck_ids)}")
            )
    settings = data.get("settings") or {}
    for name, value in settings.items() if isinstance(settings, dict) else ():
        field = Settings.model_fields.get(name)
        if field is None:
            message = f"unknown setting {name!r}{_suggest(name, Settings.model_fields)}"
            out.append((("settings", name), True, message))
            continue
        options = get_args(field.annotation) if get_origin(field.annotation) is Literal else ()
        if options and value not in options:
            listed = ", ".join(options)
            message = f"setting {name}: {value!r} is not one of {listed}{_suggest(value, options)}"
            out.append((("settings", name), False, message))
        elif not options and not isinstance(value, bool):
            out.append(
                (("settings", name), False, f"setting {name}: {value!r} is not true or false")
            )
    return out


class _Checker:
    def __init__(self, sc: Scenario, game: Game) -> None:
        self.game = game
        self.n = game.num_players
        self.cards = game.pool.by_id
        self.catalogue_ids = {c.id for c in game.catalogue.cards}
        self.problems: list[tuple[Path, bool, str]] = []

    def bad(self, path: Path, message: str, *, key: bool = False) -> None:
        self.problems.append((path, key, message))

    def card(self, path: Path, value: Any) -> None:
        if value in self.cards:
            return
        if value in self.catalogue_ids:
            decks = ", ".join(self.game.decks)
            self.bad(path, f"card {value!r} is not in this scenario's decks ({decks})")
        else:
            self.bad(path, f"unknown card {value!r}{_suggest(value, self.cards)}")

    def seat(self, path: Path, value: Any, *, key: bool = False, winner: bool = False) -> None:
        low = -1 if winner else 0
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value < self.n:
            self.bad(path, f"seat {value!r}: the game has seats 0-{self.n - 1}", key=key)

    def event(self, path: Path, event: dict, *, counted: bool) -> None:
        kind = event.get("type")
        if kind is None:
            self.bad(path, "an expected event needs its `type`")
            return
        if kind not in EVENT_FIELDS:
            self.bad((*path, "type"), f"unknown event type {kind!r}{_suggest(kind, EVENT_FIELDS)}")
            return
        fields = dict(EVENT_FIELDS[kind])
        for name, value in event.items():
            where = (*path, name)
            if name == "type":
                continue
            if name == "count":
                if not counted:
                    self.bad(
                        where, "`count` belongs in `events` (no_events means count 0)", key=True
                    )
                elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    self.bad(where, f"count {value!r}: a whole number from 0")
                continue
            how = fields.get(name)
            if how is None:
                known = ", ".join(fields)
                self.bad(
                    where,
                    f"{kind!r} events have no field {name!r}{_suggest(name, fields)}; "
                    f"fields: {known}",
                    key=True,
                )
            elif how == CARD and value is not None:
                self.card(where, value)
            elif how == CARDS:
                if not isinstance(value, list):
                    self.bad(where, f"{name}: a list of card ids")
                else:
                    for i, c in enumerate(value):
                        self.card((*where, i), c)
            elif how == ZONE and value not in [z.value for z in ZONES]:
                self.bad(where, f"zone {value!r}: left, middle or right")
            elif how == SEAT:
                self.seat(where, value, winner=name == "winner")
            elif how == SEATS:
                for i, w in enumerate(value if isinstance(value, list) else [value]):
                    self.seat((*where, i), w)
            elif how == PER_SEAT and not (isinstance(value, list) and len(value) == self.n):
                self.bad(where, f"{name}: a list of {self.n} values, one per seat")
            elif how == SOURCE and value not in SOURCES and value not in self.cards:
                options = [*SOURCES, *self.cards]
                self.bad(where, f"unknown source {value!r}{_suggest(value, options)}")
            elif how in (ROUND, SEASON, PHASE, REASON):
                problem = value_problem(how, value, self.game)
                if problem:
                    self.bad(where, problem)
            elif how in (INT, COUNT, FLAG):
                problem = value_problem(how, value, self.game)
                if problem:
                    self.bad(where, f"{name}: {problem}")

    def check(self, data: dict) -> None:
        rounds = range(1, self.game.rounds + 1)
        seasons = self.game.rules.season_ids
        for path, what, value in references(data):
            if what == "card":
                self.card(path, value)
            elif what == "seat":
                self.seat(path, value)
            elif what == "seat key":
                self.seat((*path, value), value, key=True)
            elif what == "round key" and value not in rounds:
                last = rounds[-1]
                self.bad((*path, value), f"round {value!r}: the game has rounds 1-{last}", key=True)
            elif what == "season key" and value not in seasons:
                self.bad(
                    (*path, value),
                    f"unknown season {value!r}{_suggest(value, seasons)}",
                    key=True,
                )
            elif what in ("event", "no event"):
                self.event(path, value, counted=what == "event")


def _at(sc: Scenario, problems: list[tuple[Path, bool, str]]) -> list[str]:
    """``file:line:col: message`` lines, in file order (a problem's order kept on one line)."""
    smap = sc._source
    out = []
    for k, (path, key, message) in enumerate(problems):
        pos = smap.at(path, key=key)
        out.append((pos.line, pos.column, k, f"{pos}: {message}"))
    return [line for *_pos, line in sorted(out)]


def check_header(sc: Scenario, rules: RulesModel) -> list[str]:
    """The decks and settings of ``sc`` the rules model does not know (checked before a game
    can be made of them), as ``file:line:col: message`` lines."""
    if sc._document is None or sc._source is None:
        return []
    return _at(sc, header_problems(sc._document, rules))


def check_references(sc: Scenario, game: Game) -> list[str]:
    """Every name and plain value in ``sc`` that the game does not know, as
    ``file:line:col: message`` lines (in file order)."""
    data, smap = sc._document, sc._source
    if data is None or smap is None:  # built in code, not read from a file: nothing to point at
        return []
    checker = _Checker(sc, game)
    checker.check(data)
    return _at(sc, checker.problems)
