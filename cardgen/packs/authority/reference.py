"""Authority's rules reference, generated from ``clarifications.yaml``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, TypeAdapter

CLARIFICATIONS_FILE = Path(__file__).with_name("clarifications.yaml")


class Clarification(BaseModel):
    """One reading: the passage it clarifies, the reading, the setting that flips it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: str
    passage: str
    section: str
    reading: str
    alternative: str | None = None
    setting: str | None = None


@cache
def clarifications() -> tuple[Clarification, ...]:
    """Every reading, in the reference's order."""
    data = yaml.safe_load(CLARIFICATIONS_FILE.read_text(encoding="utf-8"))
    return tuple(TypeAdapter(list[Clarification]).validate_python(data))


def rules_reference() -> str:
    """The rules reference as markdown."""
    out = [
        "# Authority — rules reference",
        "",
        "Every reading the engine makes where the design document (seed 004) is open, with the",
        "passage it clarifies; a setting of `rules.yaml` switches to the other reading.",
        "",
    ]
    for c in clarifications():
        out += [f"## {c.id}. {c.title}", "", f"> {c.passage}", ">", f"> — *{c.section}*", ""]
        out += [f"**Reading.** {c.reading}", ""]
        if c.alternative:
            out += [f"**Other reading.** {c.alternative}", ""]
        if c.setting:
            out += [f"**Setting:** `{c.setting}`", ""]
    return "\n".join(out)
