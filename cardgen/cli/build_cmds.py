"""`cardgen build`: the whole print-and-play kit into one folder, with progress and a summary."""

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
    check_choices,
    detail,
    fail,
    show_progress,
)

DEFAULT_OUT = Path("output")


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"


def build(
    directory: CardsDir = DEFAULT_CARDS,
    out: Path = typer.Option(DEFAULT_OUT, "--out", "-o", help="Output folder."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="Paper for sheets and tiles."),
    only: list[str] = typer.Option(
        None,
        "--only",
        help="Build only these product groups: cards, components, appendix (repeat or comma-list).",
    ),
    jobs: int = typer.Option(
        None,
        "--jobs",
        "-j",
        min=1,
        show_default=False,
        help="Processes rasterising the card images; default: the machine's cores.",
    ),
    legacy_cards: LegacyCards = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Validate, then build cards, components and appendices into OUT with a manifest (-q: no
    progress bar or summary; -v: every file written)."""
    from cardgen.build.pipeline import BuildError, product_groups
    from cardgen.build.pipeline import build as run_build

    cards = cards_dir(directory, legacy_cards)
    groups = [g.strip() for item in only or [] for g in item.split(",") if g.strip()] or None
    if groups:
        check_choices(groups, product_groups(), "--only")
    try:
        if not show_progress():
            report = run_build(cards, out, paper=paper.value, only=groups, jobs=jobs)
        else:
            with _progress() as p:
                task = p.add_task("building", total=None)
                report = run_build(
                    cards,
                    out,
                    paper=paper.value,
                    only=groups,
                    jobs=jobs,
                    on_plan=lambda steps: p.update(task, total=len(steps) or 1),
                    on_start=lambda step: p.update(task, description=step.title),
                    on_step=lambda r: p.update(task, advance=1),
                )
    except BuildError as exc:
        if exc.diagnostics:
            from cardgen.diagnostics.formats import print_human

            print_human(exc.diagnostics, sys.stderr)
        raise fail(str(exc)) from None
    if report.warnings:
        from cardgen.diagnostics.formats import print_human

        print_human(report.warnings, sys.stderr, summary=not quiet)
    if not quiet:
        from rich.console import Console

        from cardgen.build.summary import print_summary

        print_summary(report, Console())
    for path in report.written:
        detail(f"wrote {out / path}")
    for r in report.results:
        status = f"rebuilt, {r.why}" if r.ran else "up to date"
        detail(f"{r.step_id}: {status} ({r.seconds:.2f} s)")


def _progress():
    """A rich progress bar on stderr (only called when stderr is a terminal)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(
        TextColumn("[bold]{task.description:<44}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def register(app: typer.Typer) -> None:
    app.command()(build)
