"""The action grammar: how a game's actions are written.

An engine declares its actions as patterns, e.g.::

    Grammar("pass", "pick {card}", "attack {target:seat} with {card}",
            "play {card} to {slot:L1|M1|R1}", "bid {amount:int}")

A slot is ``{name}`` or ``{name:domain}``: ``card`` (a card design id), ``seat`` (``P1``…),
``int``, or words separated by ``|``; a slot named after a named domain needs no domain.
Every action string the engine writes (:meth:`State.action_to_string`) matches exactly one
pattern (the conformance suite checks it), so a string a person writes can be told apart as
*well formed* (it matches a pattern with values of the right domains: legal or refused by the
rules) or *malformed* (a typo: an error with a did-you-mean, never a silent refusal).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from cardgen.engine.vocab import NAMED, Domain, Vocabulary, did_you_mean

_SLOT = re.compile(r"\{(\w+)(?::([^}]+))?\}")


@dataclass(frozen=True)
class Pattern:
    """One action pattern compiled to a regular expression."""

    text: str
    regex: re.Pattern[str] = field(compare=False)
    slots: tuple[tuple[str, Domain], ...]

    @classmethod
    def compile(cls, text: str) -> Pattern:
        slots: list[tuple[str, Domain]] = []
        out, last = [], 0
        for m in _SLOT.finditer(text):
            out.append(re.escape(text[last : m.start()]))
            name, dom = m.group(1), m.group(2)
            domain: Domain
            if dom is None:
                if name not in NAMED:
                    raise ValueError(f"pattern {text!r}: slot {{{name}}} needs a domain")
                domain = name
            elif "|" in dom or dom not in NAMED:
                domain = tuple(dom.split("|"))
            else:
                domain = dom
            slots.append((name, domain))
            out.append(r"(\S+)")
            last = m.end()
        out.append(re.escape(text[last:]))
        return cls(text, re.compile("".join(out)), tuple(slots))

    def words(self) -> str:
        """The literal words of the pattern (for did-you-mean among patterns)."""
        return _SLOT.sub("…", self.text)


@dataclass(frozen=True)
class Parsed:
    """A well-formed action string: its pattern and slot values (seats as written)."""

    pattern: Pattern
    values: dict[str, str]


class Grammar:
    """A game's action patterns (see the module docstring)."""

    def __init__(self, *patterns: str) -> None:
        if not patterns:
            raise ValueError("a grammar needs at least one pattern")
        self.patterns = tuple(Pattern.compile(p) for p in patterns)

    def match(self, text: str) -> list[tuple[Pattern, dict[str, str]]]:
        """Every pattern ``text`` matches as a whole, with its slot values."""
        text = normalise(text)
        out = []
        for p in self.patterns:
            m = p.regex.fullmatch(text)
            if m:
                out.append((p, dict(zip((n for n, _ in p.slots), m.groups(), strict=True))))
        return out

    def parse(self, text: str, vocab: Vocabulary) -> Parsed:
        """``text`` as a well-formed action; ``ValueError`` saying what is wrong with a
        malformed one (the pattern it is closest to, the value that is not of its domain)."""
        matches = self.match(text)
        problems = []
        for pattern, values in matches:
            wrong = [
                vocab.problem(_typed(values[name], dom), dom)
                for name, dom in pattern.slots
                if vocab.problem(_typed(values[name], dom), dom)
            ]
            if not wrong:
                return Parsed(pattern, values)
            problems.append(f"{'; '.join(w for w in wrong if w)} in {pattern.text!r}")
        if problems:
            raise ValueError(problems[0])
        words = [p.words() for p in self.patterns]
        hint = did_you_mean(_SLOT.sub("…", normalise(text)), words)
        raise ValueError(
            f"{text!r} is not an action of this game{hint}; the actions are: "
            + ", ".join(repr(p.text) for p in self.patterns)
        )

    def refused(self, text: str, vocab: Vocabulary, refusable: Mapping[str, Iterable[str]]) -> bool:
        """Whether ``text`` is written as an action of a pattern but a slot holds a word of
        ``refusable`` (by slot name): a rule the grammar enforces, not a typo."""
        for pattern, values in self.match(text):
            wrong = [
                name for name, dom in pattern.slots if vocab.problem(_typed(values[name], dom), dom)
            ]
            if wrong and all(values[n] in refusable.get(n, ()) for n in wrong):
                return True
        return False

    def covers(self, text: str) -> int:
        """How many patterns ``text`` matches (1 for every string an engine writes)."""
        return len(self.match(text))


def normalise(text: str) -> str:
    """An action string with runs of whitespace as one space, trimmed."""
    return " ".join(str(text).split())


def _typed(value: str, domain: Domain) -> object:
    if domain == "int":
        return int(value) if value.lstrip("-").isdigit() else value
    if domain == "bool":
        return {"true": True, "false": False}.get(value, value)
    return value


def closest(text: str, choices: Iterable[str]) -> str:
    """`` (did you mean …?)`` for the closest action string, or ``""``."""
    return did_you_mean(normalise(text), list(choices))
