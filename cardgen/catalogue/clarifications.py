"""A game's rules reference as data: each reading of an open, ambiguous or garbled passage.

A pack keeps its readings in a ``clarifications.yaml`` (a list of the mappings below) and writes
its rules reference from them; :func:`load_clarifications` reads and checks the file.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, TypeAdapter

__all__ = ["Clarification", "load_clarifications", "reference_markdown"]


class Clarification(BaseModel):
    """One reading: the passage it clarifies, the reading, and the setting that flips it (for a
    designer who wants the other reading)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: str
    passage: str
    section: str
    reading: str
    alternative: str | None = None
    setting: str | None = None
    #: what the designer needs besides the reading (the engine's and the tools' side of it):
    #: printed in the rules reference, never in the players' documents
    designer: str | None = None


@cache
def load_clarifications(path: Path) -> tuple[Clarification, ...]:
    """Every reading of the YAML file ``path``, in its order (``ValidationError`` if one is
    malformed)."""
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return tuple(TypeAdapter(list[Clarification]).validate_python(data))


def reference_markdown(title: str, intro: str, readings: tuple[Clarification, ...]) -> str:
    """A rules reference as markdown: ``title``, ``intro``, then each reading with its section,
    the passage it clarifies, the reading, the other reading, the designer's note and the
    setting."""
    out = [f"# {title}", "", intro, ""]
    for c in readings:
        out += [f"## {c.id}. {c.title}", "", f"*{c.section}*", "", f"> {c.passage}", ""]
        out += [c.reading, ""]
        if c.alternative:
            out += [f"Other reading: {c.alternative}", ""]
        if c.designer:
            out += [f"Designer's note: {c.designer}", ""]
        if c.setting:
            out += [f"Setting: `{c.setting}`", ""]
    return "\n".join(out)
