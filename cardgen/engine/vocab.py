"""A game's vocabulary: the domain of every value a person writes or reads (card ids, seats,
phases, seasons …), checked strictly with a did-you-mean.

A **domain** is ``"card"`` (a card design id of the catalogue), ``"seat"`` (``P1``…``Pn``),
``"int"``, ``"bool"``, ``"text"`` (free text: names, sentences) or a tuple of the allowed
words.  An engine names the domain of each observation field by a **path pattern**
(``"phase"``, ``"players.*.hand"``, ``"market"``; ``*`` stands for any key or index), and of
each event field and action-grammar slot; :class:`Vocabulary` checks a value against it.
The patterns also give the shape of what a view may hold empty or null: every field of a
list's mappings (``"players.*.tableau.*.tokens": "int"``) and of a mapping that may be null
is declared, so a scenario's keys are checked whatever the game holds when it is checked.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgen.engine.errors import ScenarioError

Domain = str | tuple[str, ...]
#: the named domains (any other domain is a tuple of allowed words)
NAMED = ("card", "seat", "int", "bool", "text")


def did_you_mean(word: str, choices: Iterable[str], n: int = 1) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices``, or ``""``."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=n, cutoff=0.6)
    if not close:
        return ""
    return " (did you mean " + " or ".join(repr(c) for c in close) + "?)"


def check_record(
    item: Any, fields: Sequence[str], needed: Sequence[str], where: str
) -> Mapping[str, Any]:
    """``item``, a described mapping of ``fields`` with each of ``needed`` (an engine's
    ``arrange`` reading a record of a ``given``); ScenarioError naming a misspelt field (with a
    did-you-mean) or a missing one."""
    if not isinstance(item, Mapping):
        raise ScenarioError(f"{where}: a mapping of {', '.join(fields)}")
    for f in item:
        if f not in fields:
            raise ScenarioError(
                f"{where}: unknown field {f!r}{did_you_mean(str(f), fields)}; "
                f"the fields are {', '.join(fields)}"
            )
    for f in needed:
        if f not in item:
            raise ScenarioError(f"{where}: no {f} (give {', '.join(needed)})")
    return item


def parse_seat(value: Any, players: int) -> int | None:
    """Seat ``P2`` (or ``p2``) as 1; None when ``value`` is not a seat of ``players``."""
    if isinstance(value, str) and value[:1] in "Pp" and value[1:].isdigit():
        k = int(value[1:]) - 1
        if 0 <= k < players:
            return k
    return None


def seat_names(players: int) -> list[str]:
    return [f"P{k + 1}" for k in range(players)]


@dataclass(frozen=True)
class Vocabulary:
    """The values a game's texts may hold: the catalogue's card ids, the number of players
    and the engine's path patterns (observation field -> domain)."""

    cards: frozenset[str]
    players: int
    paths: Mapping[str, Domain]
    #: the patterns' lookups, shared by every vocabulary of the same patterns (a view's
    #: paths repeat at every decision, a scenario's checks at every file)
    _lookups: _Lookups = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_lookups", _lookups(tuple(self.paths.items())))

    def domain_of(self, path: Sequence[str | int]) -> Domain | None:
        """The domain the patterns give ``path`` (the most specific match), or None."""
        key = tuple(map(str, path))
        cache = self._lookups.domains
        if key not in cache:
            best: tuple[int, Domain] | None = None
            for parts, domain in self._lookups.patterns:
                if _matches(parts, key):
                    rank = sum(p != "*" for p in parts)
                    if best is None or rank > best[0]:
                        best = (rank, domain)
            cache[key] = None if best is None else best[1]
        return cache[key]

    def keys_of(self, path: Sequence[str | int]) -> frozenset[str]:
        """The keys the patterns declare for the mapping at ``path`` (``"*"`` among them when
        a pattern allows any key there): a list's items are at ``path`` + ``"*"``."""
        key = tuple(map(str, path))
        cache = self._lookups.keys
        if key not in cache:
            n = len(key)
            cache[key] = frozenset(
                parts[n]
                for parts, _ in self._lookups.patterns
                if len(parts) > n and _matches(parts[:n], key)
            )
        return cache[key]

    def problem(self, value: Any, domain: Domain) -> str | None:
        """Why ``value`` is not of ``domain`` (a sentence with a did-you-mean), or None."""
        if domain == "card":
            if not isinstance(value, str):
                return f"{value!r} is not a card id"
            if value not in self.cards:
                return f"unknown card {value!r}{did_you_mean(value, self.cards)}"
            return None
        if domain == "seat":
            if parse_seat(value, self.players) is None:
                names = seat_names(self.players)
                return f"{value!r} is not a seat (the game has {', '.join(names)})"
            return None
        if domain == "int":
            if type(value) is not int:
                return f"{value!r} is not a whole number"
            return None
        if domain == "bool":
            if type(value) is not bool:
                return f"{value!r} is not true or false"
            return None
        if domain == "text":
            return None if isinstance(value, str) else f"{value!r} is not text"
        if value not in domain:
            words = ", ".join(map(str, domain))
            return f"unknown value {value!r}{did_you_mean(str(value), domain)}; one of: {words}"
        return None


@dataclass
class _Lookups:
    patterns: list[tuple[tuple[str, ...], Domain]]
    domains: dict[tuple[str, ...], Domain | None] = field(default_factory=dict)
    keys: dict[tuple[str, ...], frozenset[str]] = field(default_factory=dict)


@functools.lru_cache(maxsize=64)
def _lookups(paths: tuple[tuple[str, Domain], ...]) -> _Lookups:
    return _Lookups([(tuple(p.split(".")), d) for p, d in paths])


def _matches(pattern: Sequence[str], path: Sequence[str | int]) -> bool:
    if len(pattern) != len(path):
        return False
    return all(p == "*" or p == str(k) for p, k in zip(pattern, path, strict=True))
