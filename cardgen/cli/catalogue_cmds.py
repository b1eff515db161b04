"""Catalogue commands: `validate`, `schema` and `export`."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from cardgen.cli.common import (
    DEFAULT_CARDS,
    CardsDir,
    LegacyCards,
    Quiet,
    Verbose,
    cards_dir,
    detail,
    elapsed,
    load,
    report_errors,
    write_output,
)


class ReportFormat(StrEnum):
    human = "human"
    json = "json"
    github = "github"


class ExportFormat(StrEnum):
    csv = "csv"
    json = "json"


def validate(
    directory: CardsDir = DEFAULT_CARDS,
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
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Check a catalogue against the schema, the rules model and the rules engine's card
    checks; exit 1 if invalid (-q: only the diagnostics, no closing summary line)."""
    from cardgen.catalogue.extra_checks import STANDARD_CHECKS, simulation_check
    from cardgen.catalogue.validate import validate as run_validate

    checks = [*STANDARD_CHECKS] + ([simulation_check(simulate)] if simulate else [])
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

        print_human(diags, sys.stdout, cards=result.card_count, summary=not quiet)
    detail(
        f"{directory}: {len(checks)} extra check(s), cache {'off' if no_cache else 'on'}, "
        f"{elapsed():.2f} s"
    )
    if not result.ok or (strict and result.warnings):
        raise typer.Exit(1)


def schema(
    directory: CardsDir = DEFAULT_CARDS,
    out: Path | None = typer.Option(None, "--out", "-o", help="Write to a file."),
    legacy_cards: LegacyCards = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Print the JSON Schema of a deck file (for editors and other tools); deck, season and
    resource ids are enums from the catalogue's rules.yaml when it has one."""
    from cardgen.catalogue.schema import deck_schema_json
    from cardgen.diagnostics import DiagnosticError
    from cardgen.rules.model import DEFAULT_RULES_FILE, load_rules_model

    directory = cards_dir(directory, legacy_cards)
    rules = None
    if (directory / DEFAULT_RULES_FILE).is_file():
        try:
            rules = load_rules_model(directory / DEFAULT_RULES_FILE)
        except DiagnosticError as exc:
            raise report_errors(exc) from None
    else:
        detail(f"{directory / DEFAULT_RULES_FILE}: not found, no id enums")
    write_output(deck_schema_json(rules), out)


def export(
    directory: CardsDir = DEFAULT_CARDS,
    format: ExportFormat = typer.Option(ExportFormat.csv, "--format", "-f"),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write to a file."),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Write the normalised catalogue, one row per card design."""
    from cardgen.catalogue.export import EXPORTERS

    write_output(EXPORTERS[format.value](load(directory)), out)


def register(app: typer.Typer) -> None:
    app.command()(validate)
    app.command()(schema)
    app.command()(export)
