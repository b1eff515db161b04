"""Catalogue commands: `validate`, `schema`, `export` and `import`."""

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
    fail,
    load,
    report_errors,
    say,
    usage_error,
    write_output,
)
from cardgen.util.files import describe_os_error


class ReportFormat(StrEnum):
    human = "human"
    json = "json"
    github = "github"


class ExportFormat(StrEnum):
    csv = "csv"
    json = "json"
    xlsx = "xlsx"


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
        help=(
            "Also play N seeded greedy games and warn on dead, dominant, never-affordable and "
            "rarely playable designs."
        ),
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
    from cardgen.checks import standard

    if simulate:
        _check_simulate(directory)
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


def _check_simulate(directory: Path) -> None:
    """A usage error when ``--simulate`` asks for games of a pack that cannot play any."""
    from cardgen.catalogue.loader import RULES_FILE
    from cardgen.diagnostics import DiagnosticError
    from cardgen.engine.registry import has_pack_engine
    from cardgen.pack import installed_packs

    try:
        pack = _pack_of(directory / RULES_FILE)
    except (DiagnosticError, OSError):
        return  # validate reports the rules.yaml
    if pack.catalogue.simulation_check is None:
        able = [
            p.game_type.id for p in installed_packs() if p.catalogue.simulation_check is not None
        ]
        name = f"the {pack.game_type.name} pack ({pack.game_type.id})"
        why = (
            f"{name} plays on the engine kit but has no validate balance check; drop "
            f"--simulate and run `cardgen simulate {directory}` for its balance"
            if has_pack_engine(pack)
            else f"{name} has no rules engine to play them; drop --simulate"
        )
        raise usage_error(
            f"--simulate plays games, and {why} (packs whose validate simulates: "
            f"{', '.join(able)})",
            "--simulate",
        )


def schema(
    directory: CardsDir = DEFAULT_CARDS,
    out: Path | None = typer.Option(None, "--out", "-o", help="Write to a file."),
    game: str | None = typer.Option(
        None, "--game", help="The game pack, when the folder has no rules.yaml (cardgen games)."
    ),
    rules_schema: bool = typer.Option(
        False, "--rules", help="The schema of rules.yaml instead (cards/rules.schema.json)."
    ),
    play_schema: bool = typer.Option(
        False, "--play", help="The schema of a rules description (play.yaml) instead."
    ),
    scenario_schema: bool = typer.Option(
        False,
        "--scenario",
        help="The schema of a scenario file instead (docs/scenario.schema.json).",
    ),
    legacy_cards: LegacyCards = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Print the JSON Schema of a card file (for editors and other tools); the ids the
    catalogue's rules.yaml defines are enums.  Without a rules.yaml, --game names the pack.
    With --rules, the schema of rules.yaml itself; with --play, of a rules description
    (docs/rules-as-data.md); with --scenario, of a scenario file (docs/scenario-format.md)."""
    from cardgen.catalogue.loader import RULES_FILE, load_rules
    from cardgen.catalogue.schema import deck_schema_json, rules_schema_json
    from cardgen.diagnostics import DiagnosticError

    if play_schema:
        from cardgen.engine.described.model import description_schema_json

        write_output(description_schema_json(), out)
        return
    if scenario_schema:
        from cardgen.engine.scenario_model import scenario_schema_json

        write_output(scenario_schema_json(), out)
        return

    directory = cards_dir(directory, legacy_cards)
    rules_file = directory / RULES_FILE
    if rules_schema and game is not None:
        write_output(rules_schema_json(_pack_named(game, rules_file)), out)
        return
    try:
        if rules_schema and os.path.lexists(rules_file):  # its pack, even if it is invalid
            pack = _pack_of(rules_file)
            write_output(rules_schema_json(pack), out)
            return
        if os.path.lexists(rules_file):  # a FIFO or broken symlink: load_rules says so
            pack, rules = load_rules(rules_file)
        else:
            pack, rules = _pack_named(game, rules_file), None
            detail(f"{rules_file}: not found, no id enums")
    except DiagnosticError as exc:
        raise report_errors(exc) from None
    write_output(deck_schema_json(pack, rules), out)


def _pack_of(rules_file: Path):
    """The pack a rules.yaml names, whether or not the rest of the file is valid (raises
    DiagnosticError if it cannot be read or names no installed pack)."""
    from cardgen.catalogue.yaml_source import load_yaml
    from cardgen.diagnostics import Diagnostic, DiagnosticError
    from cardgen.pack import PackError, get_pack

    data, smap = load_yaml(rules_file)
    pack_id = data.get("pack") if isinstance(data, dict) else None
    try:
        return get_pack(str(pack_id))
    except PackError as exc:
        raise DiagnosticError([Diagnostic("E011", str(exc), smap.at(("pack",)))]) from None


def _pack_named(game: str | None, rules_file: Path):
    """The pack ``--game`` names (a usage error listing the installed ones if none or unknown)."""
    from cardgen.pack import PackError, get_pack, pack_ids

    if game is None:
        raise usage_error(
            f"{rules_file} does not exist: name the game pack with --game "
            f"({', '.join(pack_ids())})",
            "--game",
        )
    try:
        return get_pack(game)
    except PackError as exc:
        raise usage_error(str(exc), "--game") from None


def export(
    directory: CardsDir = DEFAULT_CARDS,
    format: ExportFormat | None = typer.Option(
        None,
        "--format",
        "-f",
        show_default=False,
        help="csv, json or xlsx; default: the suffix of -o, else csv.",
    ),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write to a file."),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Write the normalised catalogue, one row per card design: a sheet (csv, xlsx) that
    `cardgen import` reads back, or JSON with each card's printed rules text."""
    from cardgen.catalogue.export import EXPORTERS

    if format is None:
        suffix = out.suffix.lower().lstrip(".") if out is not None else ""
        format = ExportFormat(suffix) if suffix in EXPORTERS else ExportFormat.csv
    if format is ExportFormat.xlsx and out is None and sys.stdout.isatty():
        raise usage_error("an .xlsx workbook is binary: write it to a file with -o FILE", "-o")
    data = EXPORTERS[format.value](load(directory))
    if isinstance(data, str):
        write_output(data, out)
    elif out is None:
        sys.stdout.buffer.write(data)
    else:
        from cardgen.util.atomic import atomic_write_bytes

        atomic_write_bytes(out, data)
        detail(f"wrote {out}")


def import_(
    sheet: Path = typer.Argument(
        ..., metavar="SHEET", help="The spreadsheet of cards: .xlsx, .ods or .csv."
    ),
    to: Path = typer.Option(
        ..., "--to", metavar="FOLDER", help="The catalogue folder to write the card files to."
    ),
    sheet_name: str | None = typer.Option(
        None, "--sheet", metavar="NAME", help="The sheet of cards, when the workbook has several."
    ),
    rules: Path | None = typer.Option(
        None,
        "--rules",
        metavar="FILE",
        help="A rules.yaml to copy into FOLDER (it names the game).",
    ),
    force: bool = typer.Option(
        False, "--force", help="Replace FOLDER's card files (and its rules.yaml, with --rules)."
    ),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Make FOLDER's card files from a spreadsheet, one row per card design (the format of
    `cardgen export --format xlsx`).  FOLDER's rules.yaml (or --rules FILE) says the game; a
    column no field declares is added to its fields.  The rows are checked like `cardgen
    validate` first: on any error nothing is written and each problem names its cell
    (cards.xlsx:Cards!C7).  FOLDER/source.yaml records the sheet: a card file edited by hand
    since is kept as <file>.bak when replaced; --force replaces card files cardgen did not
    write (kept as .bak too)."""
    from cardgen.catalogue.loader import RULES_FILE
    from cardgen.catalogue.sheet_import import UnknownSheet
    from cardgen.catalogue.sheet_source import FieldsNotAdded, ImportRefused, import_into
    from cardgen.checks import standard
    from cardgen.diagnostics import DiagnosticError
    from cardgen.diagnostics.formats import print_human

    target_rules = to / RULES_FILE
    if to.exists() and not to.is_dir():
        raise fail(f"{to} is a file, not a catalogue folder")
    if rules is None and not target_rules.is_file():
        missing = "does not exist" if not to.exists() else f"has no {RULES_FILE}"
        raise usage_error(
            f"{to} {missing}: give --rules FILE (a rules.yaml naming the game's pack), "
            "or start a game with `cardgen new GAME` and import into GAME/cards",
            "--rules",
        )
    rules_bytes = None
    if rules is not None:
        try:
            rules_bytes = rules.read_bytes()
        except OSError as exc:
            raise fail(f"cannot read {rules}: {describe_os_error(exc, rules)}") from None
        if target_rules.is_file() and target_rules.read_bytes() != rules_bytes and not force:
            raise fail(f"{to} has its own {RULES_FILE}: --force replaces it with {rules}")
    try:
        done = import_into(
            sheet,
            to,
            sheet_name=sheet_name,
            rules=rules_bytes,
            force=force,
            extra_checks=standard(),
        )
    except DiagnosticError as exc:
        raise report_errors(exc) from None
    except UnknownSheet as exc:
        if not exc.names:
            raise usage_error(
                f"{sheet} is a CSV file: it has no sheets to name", "--sheet"
            ) from None
        raise usage_error(
            f"{exc.name!r} is not one of {', '.join(map(repr, exc.names))}.", "--sheet"
        ) from None
    except OSError as exc:
        raise fail(
            f"cannot write {to}: {describe_os_error(exc, to)}; nothing was changed there"
        ) from None
    except ImportRefused as exc:
        raise fail(
            f"{to} has card files cardgen did not write ({exc}): --force replaces them with "
            "the sheet's cards (each kept as <file>.bak)"
        ) from None
    except FieldsNotAdded as exc:
        lines = "\n".join(f"  {d}" for d in exc.declarations)
        raise fail(
            f"{target_rules}: its `fields:` is not a block mapping, so the sheet's new "
            f"columns cannot be added to it; declare them yourself:\n{lines}"
        ) from None
    result = done.result
    print_human(result.diagnostics, sys.stderr, summary=False)
    if done.written is None:
        errors = len(result.errors)
        typer.echo(f"error: {errors} error(s) in {sheet}; nothing was written to {to}", err=True)
        raise typer.Exit(1)
    report_import(done, sheet, to)


def report_import(done, sheet: Path, to: Path) -> None:
    """What an import did, in the words a designer needs: new fields, backups, files."""
    from cardgen.catalogue.sheet_import import reread_matches

    result, w = done.result, done.written
    if not reread_matches(to, result.catalogue):  # pragma: no cover - a bug in the writer
        raise fail(f"the files written to {to} do not load as the sheet's cards")
    for name, f in result.new_fields.items():
        say(f"{to / 'rules.yaml'}: new field {name!r} ({f.summary()}) for the sheet's column")
    for name in w.backups:
        say(f"{to / name.split('.bak')[0]} was edited by hand: kept as {to / name}")
    for name in w.written:
        detail(f"wrote {to / name}")
    for name in w.removed:
        detail(f"removed {to / name}")
    kept = f", {len(w.kept)} of your own kept ({', '.join(w.kept)})" if w.kept else ""
    cat = result.catalogue
    say(
        f"imported {len(cat)} card designs ({cat.count()} cards) from {sheet} into {to}/: "
        f"{len(w.written)} file(s) written, {len(w.unchanged)} unchanged, "
        f"{len(w.removed)} removed{kept}"
    )


def register(app: typer.Typer) -> None:
    app.command()(validate)
    app.command()(schema)
    app.command()(export)
    app.command("import")(import_)
