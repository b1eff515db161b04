"""`cardgen build`: the whole print-and-play kit into one folder, with progress and a summary."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from cardgen.cli.common import (
    DEFAULT_CARDS,
    CardsDir,
    Jobs,
    LegacyCards,
    Quiet,
    Verbose,
    cards_dir,
    check_choices,
    detail,
    fail,
    is_verbose,
    say,
    show_progress,
    usage_error,
)
from cardgen.cli.print_options import (
    DEFAULT_OUT,
    Bleed,
    Cmyk,
    Duplex,
    DuplexMode,
    Icc,
    OutDir,
    Paper,
    Papers,
    Service,
    ServiceChoice,
    TtsUrl,
    card_options,
)

Only = Annotated[
    list[str] | None,
    typer.Option(
        "--only",
        help="Build only these product groups: cards, components, appendix (repeat or comma-list).",
    ),
]


def _groups(only: list[str] | None) -> list[str] | None:
    """The product groups of ``--only`` (repeated or comma-separated), checked."""
    from cardgen.build.pipeline import product_groups

    groups = [g.strip() for item in only or [] for g in item.split(",") if g.strip()] or None
    if groups:
        check_choices(groups, product_groups(), "--only")
    return groups


def build(
    directory: CardsDir = DEFAULT_CARDS,
    out: OutDir = DEFAULT_OUT,
    paper: Papers = None,
    duplex: Duplex = DuplexMode.long,
    bleed: Bleed = None,
    cmyk: Cmyk = False,
    service: Service = ServiceChoice.home,
    icc: Icc = None,
    tts_url: TtsUrl = None,
    only: Only = None,
    jobs: Jobs = None,
    legacy_cards: LegacyCards = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Validate, then build cards, components and appendices into OUT with a manifest (-q: no
    progress bar or summary; -v: every file written)."""
    from cardgen.build.pipeline import BuildError
    from cardgen.build.pipeline import build as run_build

    cards = cards_dir(directory, legacy_cards)
    groups = _groups(only)
    cards_options = card_options(paper, duplex, bleed, cmyk, icc, tts_url)
    options = {
        "paper": cards_options.papers[0],  # the components' paper
        "only": groups,
        "jobs": jobs,
        "service": service.value,
        "card_options": cards_options,
    }
    with _failing_on(BuildError):
        if not show_progress():
            report = run_build(cards, out, **options)
        else:
            with _progress() as p:
                task = p.add_task("building", total=None)
                done: dict[str, int] = {}

                def started(step) -> None:
                    done.clear()
                    p.update(task, description=step.title, title=step.title)

                def progressed(what: str, count: int) -> None:  # inside a step: images made
                    done[what] = done.get(what, 0) + count
                    title = p.tasks[0].fields.get("title", "")
                    p.update(task, description=f"{title}: {done[what]} {what}")

                report = run_build(
                    cards,
                    out,
                    **options,
                    on_plan=lambda steps: p.update(task, total=len(steps) or None),
                    on_start=started,
                    on_step=lambda r: p.update(task, advance=1),
                    on_progress=progressed,
                )
    if report.warnings:
        from cardgen.diagnostics.formats import print_human

        print_human(report.warnings, sys.stderr, summary=not quiet)
    if is_verbose():
        from rich.console import Console

        from cardgen.build.summary import print_summary

        print_summary(report, Console())
    else:
        from cardgen.build.summary import short_summary

        for line in short_summary(report):
            say(line)
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


def watch(
    directory: CardsDir = DEFAULT_CARDS,
    out: OutDir = DEFAULT_OUT,
    paper: Papers = None,
    only: Only = None,
    jobs: Jobs = None,
    sheet: Path | None = typer.Option(
        None,
        "--sheet",
        metavar="FILE",
        help="The spreadsheet the cards come from: imported now and on every save "
        "(default: the sheet the folder's source.yaml names).",
    ),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Build the kit into OUT, then rebuild what a change affects whenever a file of the
    catalogue folder is saved, printing what was rebuilt and why (Ctrl-C stops).  With a
    sheet (--sheet, or the one the folder's source.yaml names), re-import it on every save,
    then rebuild."""
    from cardgen.build.pipeline import BuildError
    from cardgen.build.watch import watch as run_watch
    from cardgen.catalogue.loader import RULES_FILE
    from cardgen.catalogue.sheet_source import read_source

    cards = cards_dir(directory, None)
    groups = _groups(only)
    if sheet is None and (recorded := read_source(cards)) is not None:
        sheet = recorded.sheet_path(cards)
        if sheet is not None:
            say(f"{cards}/ comes from {sheet} (its source.yaml): watching the sheet too")
    if sheet is not None and not sheet.is_file():
        raise usage_error(f"{sheet}: no such spreadsheet", "--sheet")
    if sheet is not None and not (cards / RULES_FILE).is_file():
        raise usage_error(
            f"{cards} has no {RULES_FILE}: start the game with `cardgen new`, or import the "
            "sheet once with `cardgen import SHEET --to FOLDER --rules FILE`",
            "--sheet",
        )
    say(f"watching {cards}/{f' and {sheet}' if sheet else ''} → {out}/ (Ctrl-C to stop)")
    with contextlib.suppress(KeyboardInterrupt), _failing_on(BuildError):
        run_watch(
            cards,
            out,
            paper=(paper or [Paper.a4])[0].value,
            only=groups,
            jobs=jobs,
            on_change=lambda paths: say(f"{', '.join(paths)} changed"),
            on_build=_said,
            on_step=_step_done,
            sheet=sheet,
            on_import=lambda r: _imported(r, cards),
        )
    say("stopped watching")


def _imported(r, cards: Path) -> None:
    """A re-import of the watched sheet: what it did, or why it did not."""
    from cardgen.catalogue.sheet_source import FieldsNotAdded, ImportRefused
    from cardgen.diagnostics import DiagnosticError
    from cardgen.diagnostics.formats import print_human

    if isinstance(r.error, DiagnosticError):
        print_human(r.error.diagnostics, sys.stderr)
        say(f"{r.sheet} cannot be read — the cards are unchanged; save a fix", err=True)
    elif isinstance(r.error, ImportRefused):
        say(
            f"{cards} has card files cardgen did not write ({r.error}): import the sheet once "
            "with `cardgen import --force` — the cards are unchanged",
            err=True,
        )
    elif isinstance(r.error, FieldsNotAdded):
        say(f"declare the sheet's new columns in rules.yaml's fields: {r.error}", err=True)
    elif r.error is not None:
        say(f"{r.sheet}: {r.error} — the cards are unchanged", err=True)
    elif r.outcome.written is None:
        print_human(r.outcome.result.diagnostics, sys.stderr)
        say(f"{r.sheet} has errors — the cards are unchanged; save a fix", err=True)
    else:
        from cardgen.cli.catalogue_cmds import report_import

        print_human(r.outcome.result.diagnostics, sys.stderr, summary=False)
        report_import(r.outcome, r.sheet, cards)


def _step_done(r) -> None:
    """A step of a rebuild that ran: printed as soon as it is done, so the designer sees the
    card's sheets rewritten before the slower documents follow."""
    if r.ran and r.why != "first build":
        what = f"{len(r.written)} written" if r.written else "same bytes"
        say(f"  {r.title}: {what}, {r.why} ({r.seconds:.2f} s)")


def _said(rebuild) -> None:
    import sys

    if rebuild.error is not None:
        from cardgen.diagnostics.formats import print_human

        print_human(rebuild.error.diagnostics, sys.stderr)
        say(f"{rebuild.error} — the kit is unchanged; save a fix to rebuild", err=True)
        return
    report = rebuild.report
    ran = sum(r.ran for r in report.results)
    say(
        f"{'built' if not rebuild.changed else 'rebuilt'} {ran} of {len(report.results)} steps, "
        f"{len(report.written)} files written, in {rebuild.seconds:.2f} s"
    )
    for path in report.written:
        detail(f"wrote {report.out_dir / path}")


def register(app: typer.Typer) -> None:
    app.command()(build)
    app.command()(watch)


@contextlib.contextmanager
def _failing_on(error: type[Exception]) -> Iterator[None]:
    """Turn ``error`` (a :class:`BuildError`) into its diagnostics on stderr and exit 1."""
    try:
        yield
    except error as exc:
        diagnostics = getattr(exc, "diagnostics", None)
        if diagnostics:
            from cardgen.diagnostics.formats import print_human

            print_human(diagnostics, sys.stderr)
        raise fail(str(exc)) from None
