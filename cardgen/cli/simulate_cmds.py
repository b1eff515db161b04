"""The `simulate` command: many seeded bot games, balance tables/JSON and an HTML/PDF report."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from cardgen.cli.common import fail, report_errors, write_output

DEFAULT_DIR = Path("cards")


class SimFormat(StrEnum):
    table = "table"
    json = "json"


class BotTier(StrEnum):
    random = "random"
    greedy = "greedy"
    lookahead = "lookahead"
    mixed = "mixed"


def simulate(
    games: int = typer.Option(1000, "--games", "-g", min=0, help="Number of games."),
    players: int = typer.Option(4, "--players", "-n", min=2, max=4, help="Players (2-4)."),
    decks: str = typer.Option(
        None, "--decks", help="Comma-separated decks, one per player; every seating is cycled."
    ),
    all_matchups: bool = typer.Option(
        False, "--all-matchups", help="Cycle every seating of every deck choice (the default)."
    ),
    fixed_seats: bool = typer.Option(
        False, "--fixed-seats", help="With --decks: keep the given seat order."
    ),
    bots: BotTier = typer.Option(BotTier.random, "--bots", help="Bot tier of every seat."),
    seed: int = typer.Option(0, "--seed", help="Master seed (per-game seeds derive from it)."),
    workers: int = typer.Option(1, "--workers", "-w", min=1, help="Worker processes."),
    first_game: bool = typer.Option(False, "--first-game", help="No star cards, 6-card hands."),
    format: SimFormat = typer.Option(SimFormat.table, "--format", "-f", help="Output format."),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write the table/JSON to a file."),
    report: Path | None = typer.Option(
        None, "--report", help="Write an HTML (.html) or PDF (.pdf) report with charts."
    ),
    dask: str | None = typer.Option(
        None, "--dask", help="Run the chunks on the Dask scheduler at this address."
    ),
    chunk_size: int | None = typer.Option(
        None, "--chunk-size", min=1, help="Games per chunk (speed only; results do not change)."
    ),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Progress bar."),
    directory: Path = typer.Option(DEFAULT_DIR, "--cards", help="Catalogue folder."),
) -> None:
    """Play many seeded games with bots and report win rates and the game's balance stats."""
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.diagnostics import DiagnosticError
    from cardgen.pack import PackError
    from cardgen.simulate import SimSpec, SimSpecError, load_simulation, make_matchups
    from cardgen.simulate.report import render_table, summarise, to_json

    if decks and all_matchups:
        raise fail("--decks and --all-matchups exclude each other")
    if report is not None and report.suffix.lower() not in (".html", ".htm", ".pdf"):
        raise fail("--report must end in .html or .pdf")
    try:
        cat = load_catalogue(directory)
    except DiagnosticError as exc:
        raise report_errors(exc) from None
    try:
        sim = load_simulation(cat)
    except PackError as exc:
        raise fail(str(exc), 2) from None
    deck_list = [x.strip() for x in decks.split(",") if x.strip()] if decks else None
    try:
        matchups = make_matchups(
            sim.sides(cat), players, deck_list, fixed_seats=fixed_seats, side=sim.side
        )
        spec = SimSpec(
            games=games,
            players=players,
            matchups=matchups,
            bots=bots.value,
            seed=seed,
            options={"first_game": True} if first_game else {},
            pool=sim.bots,
        )
        result = _run(cat, sim, spec, workers, dask, chunk_size, progress)
    except SimSpecError as exc:
        raise fail(str(exc)) from None
    summary = summarise(result, cat)
    text = to_json(summary) if format is SimFormat.json else render_table(summary, sim)
    write_output(text, out)
    if report is not None:
        from cardgen.simulate.report_html import write_report

        write_report(summary, report, sim)
        typer.echo(f"report: {report}", err=True)


def _run(cat, sim, spec, workers: int, dask: str | None, chunk_size: int | None, show: bool):
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    # no refresh thread (auto_refresh=False): the worker pool forks while the bar is shown
    console = Console(stderr=True)
    with Progress(*columns, console=console, disable=not show, auto_refresh=False) as bar:
        task = bar.add_task(f"{spec.bots} games", total=spec.games)

        def advance(n: int) -> None:
            bar.advance(task, n)
            bar.refresh()

        if dask:
            from cardgen.simulate.distributed import DaskUnavailableError, simulate_dask

            try:
                return simulate_dask(
                    cat, spec, dask, chunk_size=chunk_size, progress=advance, simulation=sim
                )
            except DaskUnavailableError as exc:
                raise fail(str(exc)) from None
        from cardgen.simulate import simulate as run

        return run(
            cat, spec, workers=workers, chunk_size=chunk_size, progress=advance, simulation=sim
        )


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
