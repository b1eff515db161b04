"""Catalogue commands: `validate`, `schema` and `export`."""

from __future__ import annotations

import os
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
    usage_error,
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
    from cardgen.catalogue.validate import validate as run_validate
    from cardgen.standard_checks import standard

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

        print_human(diags, sys.stdout, cards=result.card_count, summary=not quiet)
    detail(
        f"{directory}: {result.checks} extra check(s), cache {'off' if no_cache else 'on'}, "
        f"{elapsed():.2f} s"
    )
    if not result.ok or (strict and result.warnings):
        raise typer.Exit(1)


def schema(
    directory: CardsDir = DEFAULT_CARDS,
    out: Path | None = typer.Option(None, "--out", "-o", help="Write to a file."),
    game: str | None = typer.Option(
        None, "--game", help="The game pack, when the folder has no rules.yaml (cardgen games)."
    ),
    legacy_cards: LegacyCards = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Print the JSON Schema of a card file (for editors and other tools); the ids the
    catalogue's rules.yaml defines are enums.  Without a rules.yaml, --game names the pack."""
    from cardgen.catalogue.loader import RULES_FILE, load_rules
    from cardgen.catalogue.schema import deck_schema_json
    from cardgen.diagnostics import DiagnosticError

    directory = cards_dir(directory, legacy_cards)
    rules_file = directory / RULES_FILE
    try:
        if os.path.lexists(rules_file):  # a FIFO or broken symlink: load_rules says so
            pack, rules = load_rules(rules_file)
        else:
            pack, rules = _pack_named(game, rules_file), None
            detail(f"{rules_file}: not found, no id enums")
    except DiagnosticError as exc:
        raise report_errors(exc) from None
    write_output(deck_schema_json(pack, rules), out)


def _pack_named(game: str | None, rules_file: Path):
    """The pack ``--game`` names (a usage error listing the installed ones if none or unknown)."""
    from cardgen.pack import PackError, get_pack, pack_ids

    if game is None:
        raise usage_error(
            f"{rules_file} not found: name the game pack with --game ({', '.join(pack_ids())})",
            "--game",
        )
    try:
        return get_pack(game)
    except PackError as exc:
        raise usage_error(str(exc), "--game") from None


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
