"""Catalogue commands: `validate`, `schema` and `export`."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from cardgen.cli.common import report_errors, write_output

DEFAULT_DIR = Path("cards")


class ReportFormat(StrEnum):
    human = "human"
    json = "json"
    github = "github"


class ExportFormat(StrEnum):
    csv = "csv"
    json = "json"


def validate(
    directory: Path = typer.Argument(DEFAULT_DIR, help="Catalogue folder (rules.yaml + decks)."),
    format: ReportFormat = typer.Option(
        ReportFormat.human, "--format", "-f", help="Report format."
    ),
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    simulate: int = typer.Option(
        0,
        "--simulate",
        min=0,
        metavar="N",
        help="Also play N seeded greedy games and warn on cards that are rarely playable.",
    ),
    no_cache: bool = typer.Option(
        False, "--no-cache", help="Read every file and re-run every check even if nothing changed."
    ),
) -> None:
    """Check a catalogue against the schema, the rules model and the rules engine's card
    checks; exit 1 if invalid."""
    from cardgen.catalogue.validate import validate as run_validate
    from cardgen.checks import standard

    checks = standard(simulate)
    result = run_validate(directory, extra_checks=checks, use_cache=not no_cache)
    diags = result.diagnostics
    if format is ReportFormat.json:
        from cardgen.diagnostics.formats import to_json

        sys.stdout.write(to_json(diags, cards=result.card_count))
    elif format is ReportFormat.github:
        from cardgen.diagnostics.formats import to_github

        sys.stdout.write(to_github(diags))
    else:
        from cardgen.diagnostics.formats import print_human

        print_human(diags, sys.stdout, cards=result.card_count)
    if not result.ok or (strict and result.warnings):
        raise typer.Exit(1)


def schema(
    directory: Path = typer.Option(DEFAULT_DIR, "--cards", help="Catalogue whose ids to enum."),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write to a file."),
) -> None:
    """Print the JSON Schema of a deck file (for editors and other tools)."""
    from cardgen.catalogue.loader import RULES_FILE, load_rules
    from cardgen.catalogue.schema import deck_schema_json
    from cardgen.diagnostics import DiagnosticError

    try:
        pack, rules = load_rules(directory / RULES_FILE)
    except DiagnosticError as exc:
        raise report_errors(exc) from None
    write_output(deck_schema_json(pack, rules), out)


def export(
    directory: Path = typer.Argument(DEFAULT_DIR, help="Catalogue folder."),
    format: ExportFormat = typer.Option(ExportFormat.csv, "--format", "-f"),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write to a file."),
) -> None:
    """Write the normalised catalogue, one row per card design."""
    from cardgen.catalogue.export import EXPORTERS
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.diagnostics import DiagnosticError

    try:
        cat = load_catalogue(directory)
    except DiagnosticError as exc:
        raise report_errors(exc) from None
    write_output(EXPORTERS[format.value](cat), out)


def register(app: typer.Typer) -> None:
    app.command()(validate)
    app.command()(schema)
    app.command()(export)
