"""The `appendix` command: rulebook appendices (markdown, HTML, PDF) and the rules reference."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from cardgen.cli.common import fail, report_errors

DEFAULT_DIR = Path("cards")
DEFAULT_OUT = Path("output/appendix")


class AppendixFormat(StrEnum):
    md = "md"
    html = "html"
    pdf = "pdf"


def appendix(
    directory: Path = typer.Argument(DEFAULT_DIR, help="Catalogue folder (rules.yaml + decks)."),
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
) -> None:
    """Write the rulebook appendices: card reference, indexes, glossary, clarifications, stats;
    with --rulebook also the rulebook itself followed by them."""
    if rules_reference is not None:
        from cardgen.docs import write_rules_reference

        typer.echo(write_rules_reference(rules_reference))
        return
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.diagnostics import DiagnosticError
    from cardgen.docs import FORMATS, write_appendices

    try:
        catalogue = load_catalogue(directory)
    except DiagnosticError as exc:
        raise report_errors(exc) from None
    formats = [f.value for f in format] if format else list(FORMATS)
    for path in write_appendices(catalogue, out, formats):
        typer.echo(path)
    if rulebook or rulebook_source is not None:
        from cardgen.docs import RULEBOOK_FILE, RulebookError, write_rulebook

        try:
            paths = write_rulebook(catalogue, out, formats, rulebook_source or RULEBOOK_FILE)
        except RulebookError as exc:
            raise fail(str(exc)) from None
        for path in paths:
            typer.echo(path)


def register(app: typer.Typer) -> None:
    app.command("appendix")(appendix)
