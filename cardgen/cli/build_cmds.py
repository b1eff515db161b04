"""`cardgen build`: the whole print-and-play kit into one folder, with progress and a summary."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from cardgen.cli.common import fail

DEFAULT_CARDS = Path("cards")
DEFAULT_OUT = Path("output")


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"


def build(
    out: Path = typer.Option(DEFAULT_OUT, "--out", "-o", help="Output folder."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="Paper for sheets and tiles."),
    only: list[str] = typer.Option(
        None,
        "--only",
        help="Build only these product groups: cards, components, appendix (repeat or comma-list).",
    ),
    cards: Path = typer.Option(DEFAULT_CARDS, "--cards", help="Catalogue folder."),
    jobs: int = typer.Option(
        None,
        "--jobs",
        "-j",
        min=1,
        show_default=False,
        help="Processes rasterising the card images; default: the machine's cores.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar or summary."),
) -> None:
    """Validate, then build cards, components and appendices into OUT with a manifest."""
    from rich.console import Console

    from cardgen.build.pipeline import BuildError
    from cardgen.build.pipeline import build as run_build

    groups = [g.strip() for item in only or [] for g in item.split(",") if g.strip()] or None
    console = Console(stderr=True)
    progress = None if quiet or not console.is_terminal else _progress(console)
    try:
        if progress is None:
            report = run_build(cards, out, paper=paper.value, only=groups, jobs=jobs)
        else:
            with progress as p:
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

        print_human(report.warnings, sys.stderr)
    if not quiet:
        from cardgen.build.summary import print_summary

        print_summary(report, Console())


def _progress(console):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    return Progress(
        TextColumn("[bold]{task.description:<44}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )


def register(app: typer.Typer) -> None:
    app.command()(build)
