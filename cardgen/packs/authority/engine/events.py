"""Every line Authority's engine logs, as a template: the log's one vocabulary.

A template's fields are ``{seat}`` (a seat index, written ``P1``...), ``{seats}`` (several),
``{unit}`` (a unit's name), ``{n}`` (a whole number) and ``{text}`` (free text).  The engine
writes each line with :func:`render`; a scenario's expected events are checked against
:func:`parse` (a line no template makes is an error, never an expectation that cannot fail).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any, NamedTuple

SETUP = "set-up: {text}"
TURN = "turn {n}: {seat} ({n} HP)"
ATTACK = "{seat} attacks {seat} with {unit} ({n})"
DEFEND = "{seat} defends with {unit} in row {n}"
RECRUIT = "{seat} recruits with {unit} ({n} authority)"
USE = "{seat} discards {unit} for its ability"
SPY = "{seat} places the spy {unit} in the general zone"
HUNT = "{seat} discards the spy {unit} to hunt a spy"
REMOVE_SPY = "{seat} removes {seat}'s spy {unit}"
WOUND = "{seat} wounds {seat}'s {unit} ({n})"
KILL = "{seat} kills {seat}'s {unit}"
ANNIHILATE = "{seat} kills and annihilates {seat}'s {unit}"
LEFTOVER = "{n} leftover damage is lost"
IGNORE = "{seat} ignores {seat}'s {unit}"
DISABLE = "{seat} disables {seat}'s {unit}"
RETIRE = "{seat} retires {unit}"
BUY = "{seat} recruits {unit} for {n}"
REPLACE = "{seat} replaces {unit} in the marketplace"
MONARCH = "{seat}'s Monarch takes {n} damage ({n} HP)"
ELIMINATED = "{seat} is eliminated"
WINNER = "winner: {seats}"
END = "{seat} ends the turn"
RESHUFFLE = "{seat}'s discard pile is shuffled into a new draw pile of {n}"
# an ability acting: whose unit, what it does (the numbers as they act, X already applied)
AUTHORITY = "{seat}'s {unit} gives {n} authority"
BONUS = "{seat}'s {unit}: +{n} damage to the units attacking after it"
DIRECT = "{seat}'s {unit} deals {n} damage to {seat}'s Monarch"
MAY_IGNORE = "{seat}'s {unit}: ignore up to {n} enemy defending unit(s)"
MAY_DISABLE = "{seat}'s {unit}: disable up to {n} enemy defending unit(s)"
MAY_ANNIHILATE = "{seat}'s {unit}: the next {n} unit(s) killed this turn are annihilated"
MAY_RETIRE = "{seat}'s {unit}: retire up to {n} unit(s) from the hand"
DRAW = "{seat}'s {unit}: draws {n} of {n}"
HEAL = "{seat}'s {unit} heals {seat}'s Monarch {n} HP ({n} HP)"

#: every template, in the order above
TEMPLATES: tuple[str, ...] = tuple(
    v for k, v in dict(globals()).items() if k.isupper() and isinstance(v, str) and "{" in v
)

_FIELD = re.compile(r"\{(seat|seats|unit|n|text)\}")
_PATTERN = {
    "seat": r"P(\d+)",
    "seats": r"(P\d+(?:, P\d+)*)",
    "unit": r"(.+?)",
    "n": r"(-?\d+)",
    "text": r"(.+)",
}


def _word(field: str, value: Any) -> str:
    if field == "seat":
        return f"P{value + 1}"
    if field == "seats":
        return ", ".join(f"P{s + 1}" for s in value)
    return str(value)


@cache
def _format(template: str) -> tuple[str, tuple[str, ...]]:
    """``template`` as a positional format string, and its fields' kinds."""
    kinds = tuple(_FIELD.findall(template))
    it = iter(range(len(kinds)))
    return _FIELD.sub(lambda m: f"{{{next(it)}}}", template), kinds


def render(template: str, *values: Any) -> str:
    """The line of ``template`` with ``values`` in its fields' order (seats 0-based)."""
    fmt, kinds = _format(template)
    return fmt.format(*(_word(k, v) for k, v in zip(kinds, values, strict=True)))


class Parsed(NamedTuple):
    """A line read back: its template and each field's (kind, text)."""

    template: str
    fields: tuple[tuple[str, str], ...]


@cache
def _regex(template: str) -> re.Pattern[str]:
    parts = _FIELD.split(template)  # text, field, text, field ... text
    out = "".join(re.escape(p) if i % 2 == 0 else _PATTERN[p] for i, p in enumerate(parts))
    return re.compile(out)


def parse(line: str, templates: Iterable[str] = TEMPLATES) -> Parsed | None:
    """The template that makes ``line`` and its fields, or None: no line of the log reads so."""
    for t in templates:
        m = _regex(t).fullmatch(line)
        if m:
            kinds = _FIELD.findall(t)
            return Parsed(t, tuple(zip(kinds, m.groups(), strict=True)))
    return None
