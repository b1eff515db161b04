"""The `appendix` command: rulebook appendices (markdown, HTML, PDF) and the rules reference."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from cardgen.cli.common import (
    DEFAULT_CARDS,
    CardsDir,
    Quiet,
    Verbose,
    detail,
    elapsed,
    fail,
    load,
    say,
)

DEFAULT_OUT = Path("output/appendix")


class AppendixFormat(StrEnum):
    md = "md"
    html = "html"
    pdf = "pdf"


def appendix(
    directory: CardsDir = DEFAULT_CARDS,
    format: list[AppendixFormat] = typer.Option(
        None, "--format", "-f", help="Output format (repeatable); all three by default."
    ),
    out: Path = typer.Option(DEFAULT_OUT, "--out", "-o", help="Output folder."),
    rulebook: bool = typer.Option(
        False,
        "--rulebook",
        help="Also write the rulebook (docs/rulebook.md with the rules model's numbers, then the "
        "appendices) as rulebook.<format>.",
    ),
    rulebook_source: Path | None = typer.Option(
        None, "--rulebook-source", help="Rulebook markdown to print (default docs/rulebook.md)."
    ),
    rules_reference: Path | None = typer.Option(
        None,
        "--rules-reference",
        help="Only regenerate the rules reference markdown (e.g. docs/rules-reference.md).",
    ),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Write the rulebook appendices: card reference, indexes, glossary, clarifications, stats;
    with --rulebook also the rulebook itself followed by them.  Prints each file written."""
    if rules_reference is not None:
        from cardgen.docs import write_rules_reference

        say(str(write_rules_reference(rules_reference)))
        return
    from cardgen.docs import FORMATS, write_appendices

    catalogue = load(directory)
    formats = [f.value for f in format] if format else list(FORMATS)
    for path in write_appendices(catalogue, out, formats):
        say(str(path))
    if rulebook or rulebook_source is not None:
        from cardgen.docs import RULEBOOK_FILE, RulebookError, write_rulebook

        try:
            paths = write_rulebook(catalogue, out, formats, rulebook_source or RULEBOOK_FILE)
        except RulebookError as exc:
            raise fail(str(exc)) from None
        for path in paths:
            say(str(path))
    detail(f"appendix: {', '.join(formats)} in {elapsed():.2f} s")


def register(app: typer.Typer) -> None:
    app.command("appendix")(appendix)
