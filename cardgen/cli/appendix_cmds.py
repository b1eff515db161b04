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
    report_errors,
    say,
    writing,
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
        help="Also write the rulebook (the pack's rulebook.md with the rules model's numbers, "
        "then the appendices) as rulebook.<format>.",
    ),
    rulebook_source: Path | None = typer.Option(
        None, "--rulebook-source", help="Rulebook markdown to print (default: the pack's)."
    ),
    rules_reference: Path | None = typer.Option(
        None,
        "--rules-reference",
        help="Only write the pack's rules reference markdown (e.g. docs/rules-reference.md).",
    ),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Write the rulebook appendices: card reference, indexes, glossary, clarifications, stats;
    with --rulebook also the rulebook itself followed by them.  Prints each file written."""
    from cardgen.catalogue.loader import load_rules
    from cardgen.checks import validated
    from cardgen.diagnostics import DiagnosticError
    from cardgen.docs import FORMATS, RulebookError, build_appendix, write_appendix

    if rules_reference is not None:
        from cardgen.docs import write_rules_reference

        try:
            pack, _ = load_rules(directory / "rules.yaml")
            with writing(rules_reference):
                say(str(write_rules_reference(rules_reference, pack)))
        except DiagnosticError as exc:
            raise report_errors(exc) from None
        except RulebookError as exc:
            raise fail(str(exc)) from None
        return

    try:  # refused exactly as `cardgen validate` refuses it (its icons drawn in the appendix)
        catalogue, _ = validated(directory)
    except DiagnosticError as exc:
        raise report_errors(exc) from None
    formats = [f.value for f in format] if format else list(FORMATS)
    gathered = build_appendix(catalogue)
    with writing(out):
        for path in write_appendix(gathered, out, formats):
            say(str(path))
    if rulebook or rulebook_source is not None:
        from cardgen.docs import write_rulebook

        try:
            with writing(out):
                paths = write_rulebook(catalogue, out, formats, rulebook_source, gathered)
        except RulebookError as exc:
            raise fail(str(exc)) from None
        for path in paths:
            say(str(path))
    detail(f"appendix: {', '.join(formats)} in {elapsed():.2f} s")


def register(app: typer.Typer) -> None:
    app.command("appendix")(appendix)
