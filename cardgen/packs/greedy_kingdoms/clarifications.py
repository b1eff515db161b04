"""The rules reference of Greedy Kingdoms: every reading of an open passage, as data
(``clarifications.yaml``), and the markdown made from it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, TypeAdapter

CLARIFICATIONS_FILE = Path(__file__).with_name("clarifications.yaml")


class Clarification(BaseModel):
    """One reading: the passage it clarifies, the reading, the setting that changes it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: str
    section: str
    passage: str
    reading: str
    alternative: str | None = None
    setting: str | None = None


@cache
def clarifications() -> tuple[Clarification, ...]:
    """All readings, in rules-reference order."""
    data = yaml.safe_load(CLARIFICATIONS_FILE.read_text(encoding="utf-8"))
    return tuple(TypeAdapter(list[Clarification]).validate_python(data))


def rules_reference(game: str = "Greedy Kingdoms") -> str:
    """The rules reference as markdown."""
    out = [
        f"# {game}: rules reference",
        "",
        "Where the rule manual leaves something open, the rules engine follows these readings. "
        "Each quotes the passage it clarifies; a setting in `rules.yaml` switches to the other "
        "reading where a designer might want it. Generated from "
        "`cardgen/packs/greedy_kingdoms/clarifications.yaml` "
        "(`cardgen appendix games/greedy-kingdoms/cards --rules-reference FILE`).",
        "",
    ]
    for c in clarifications():
        out += [f"## {c.id}. {c.title}", "", f"*{c.section}*", "", f"> {c.passage}", ""]
        out += [c.reading, ""]
        if c.alternative:
            out += [f"Other reading: {c.alternative}", ""]
        if c.setting:
            out += [f"Setting: `{c.setting}`", ""]
    return "\n".join(out)
