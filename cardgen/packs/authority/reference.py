"""Authority's rules reference, generated from ``clarifications.yaml``."""

from __future__ import annotations

from pathlib import Path

from cardgen.catalogue.clarifications import Clarification, load_clarifications

CLARIFICATIONS_FILE = Path(__file__).with_name("clarifications.yaml")


def clarifications() -> tuple[Clarification, ...]:
    """Every reading, in the reference's order."""
    return load_clarifications(CLARIFICATIONS_FILE)


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
        if c.designer:
            out += [f"**Designer's note.** {c.designer}", ""]
        if c.setting:
            out += [f"**Setting:** `{c.setting}`", ""]
    return "\n".join(out)
