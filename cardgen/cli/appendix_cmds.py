"""The `appendix` command: rulebook appendices (markdown, HTML, PDF) and the rules reference."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from cardgen.cli.common import report_errors

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
    rules_reference: Path | None = typer.Option(
        None,
        "--rules-reference",
        help="Only regenerate the rules reference markdown (e.g. docs/rules-reference.md).",
    ),
) -> None:
    """Write the rulebook appendices: card reference, indexes, glossary, clarifications, stats."""
    if rules_reference is not None:
        from cardgen.appendix import write_rules_reference

        typer.echo(write_rules_reference(rules_reference))
        return
    from cardgen.appendix import FORMATS, write_appendices
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.diagnostics import DiagnosticError

    try:
        catalogue = load_catalogue(directory)
    except DiagnosticError as exc:
        raise report_errors(exc) from None
    formats = [f.value for f in format] if format else list(FORMATS)
    for path in write_appendices(catalogue, out, formats):
        typer.echo(path)


def register(app: typer.Typer) -> None:
    app.command("appendix")(appendix)
