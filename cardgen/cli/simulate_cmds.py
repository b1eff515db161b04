"""The `simulate` command: many seeded bot games, balance tables/JSON and an HTML/PDF report."""

from __future__ import annotations

import os
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
    check_partners,
    detail,
    elapsed,
    fail,
    is_quiet,
    load,
    say,
    show_progress,
    usage_error,
    write_output,
    writing,
)

#: Seconds to wait for the --dask scheduler before giving up (``$CARDGEN_DASK_CONNECT_TIMEOUT``
#: sets others: a slow network more, the tests less).
DASK_CONNECT_TIMEOUT = 5.0


def dask_connect_timeout() -> float:
    """The --dask connect timeout: ``$CARDGEN_DASK_CONNECT_TIMEOUT`` seconds, or the default."""
    raw = os.environ.get("CARDGEN_DASK_CONNECT_TIMEOUT", "").strip()
    if not raw:
        return DASK_CONNECT_TIMEOUT
    try:
        seconds = float(raw)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= 3600:
        raise fail(
            f"CARDGEN_DASK_CONNECT_TIMEOUT={raw!r}: write seconds, more than 0, at most 3600."
        )
    return seconds


class SimFormat(StrEnum):
    table = "table"
    json = "json"


def simulate(
    directory: CardsDir = DEFAULT_CARDS,
    games: int = typer.Option(1000, "--games", "-g", min=0, help="Number of games."),
    players: int | None = typer.Option(
        None,
        "--players",
        "-n",
        show_default=False,
        help="Players (the rules' range); default: the most the game seats.",
    ),
    decks: str = typer.Option(
        None,
        "--decks",
        help="Comma-separated decks, one per player; every seating is cycled.  Default: every "
        "choice of the decks the rules recommend for the player count.",
    ),
    all_matchups: bool = typer.Option(
        False,
        "--all-matchups",
        help="Cycle every seating of every deck choice, those the rules recommend only for "
        "more players too.",
    ),
    fixed_seats: bool = typer.Option(
        False, "--fixed-seats", help="With --decks: keep the given seat order."
    ),
    bots: str = typer.Option(
        "random",
        "--bots",
        help="The bot of every seat (e.g. greedy), one per seat (greedy,random), or mixed "
        "(each seat's drawn per game from the game's bots).",
    ),
    seed: int = typer.Option(0, "--seed", help="Master seed (per-game seeds derive from it)."),
    workers: int = typer.Option(1, "--workers", "-w", min=1, help="Worker processes."),
    first_game: bool = typer.Option(
        False, "--first-game", help="The game's first-game set-up, if it has one."
    ),
    settings: list[str] = typer.Option(
        [], "--set", help="Override a rules setting in every game: NAME=VALUE (repeatable)."
    ),
    options: list[str] = typer.Option(
        [], "--option", help="An engine option in every game: NAME=VALUE (repeatable)."
    ),
    teams: str = typer.Option(None, "--teams", help="Teams, if the game has them: P1+P3,P2+P4."),
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
    quality: int = typer.Option(
        30,  # cardgen.engine.simulation.QUALITY_GAMES (not imported: the CLI starts light)
        "--quality",
        min=0,
        help="Measure the game's quality (decisiveness, drama …) on the first this many games "
        "(each costs a standing per seat after every decision); 0: none.",
    ),
    progress: bool = typer.Option(
        True, "--progress/--no-progress", help="Progress bar (only when stderr is a terminal)."
    ),
    legacy_cards: LegacyCards = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Play many seeded games with bots and report win rates and the game's balance stats
    (-q: no tables on stdout; --out, --report and JSON are still written)."""
    from cardgen.engine.definition import check_settings
    from cardgen.engine.errors import EngineError
    from cardgen.engine.registry import engine_of, has_engine
    from cardgen.engine.simulation import KitSimulation, summarise
    from cardgen.simulate import SimSpec, SimSpecError, make_matchups
    from cardgen.simulate.report import to_json

    if decks and all_matchups:
        raise usage_error("--decks and --all-matchups exclude each other.", "--all-matchups")
    if report is not None and report.suffix.lower() not in (".html", ".htm", ".pdf"):
        raise usage_error(f"{report}: the report must end in .html or .pdf.", "--report")
    cat = load(cards_dir(directory, legacy_cards))
    game = cat.pack.game_type
    if not has_engine(cat):
        raise fail(f"the {game.id} pack has no rules engine", 2)
    try:
        engine = engine_of(cat)
    except EngineError as exc:
        raise fail(str(exc)) from None
    from cardgen.cli.engine_cmds import _pairs, seat_bots

    overrides = dict(_pairs(settings, "--set"))
    try:
        check_settings(cat, overrides)
    except EngineError as exc:
        raise usage_error(str(exc), "--set") from None
    sim = KitSimulation(engine, overrides, quality)
    lo, hi = engine.player_range(cat)
    if players is None:
        players = hi
    check_choices([str(players)], [str(k) for k in range(lo, hi + 1)], "--players")
    bots = seat_bots(bots, sim.bots, players)
    if first_game and "first_game" not in sim.options:
        raise usage_error(f"the {game.id} pack has no first-game set-up.", "--first-game")
    kit_teams = any(engine.team_layouts(k) for k in range(lo, hi + 1))
    if teams and "teams" not in sim.options and not kit_teams:
        raise usage_error(f"the {game.id} pack has no team play.", "--teams")
    if teams:
        check_partners(teams)
    if teams and players != 4:
        raise usage_error(f"team play is 2 vs. 2: four players, not {players}.", "--players")
    sides = list(sim.sides(cat))
    deck_list = [x.strip() for x in decks.split(",") if x.strip()] if decks else None
    if deck_list is not None:
        check_choices(deck_list, sides, "--decks")
    try:
        pool = sides if deck_list or all_matchups else list(sim.recommended_sides(cat, players))
        matchups = make_matchups(pool, players, deck_list, fixed_seats=fixed_seats, side=sim.side)
    except SimSpecError as exc:  # deck count or repeated deck: the options disagree
        raise usage_error(str(exc), "--decks") from None
    if not engine.sides(cat):
        if deck_list:
            raise usage_error(f"{engine.info.name} has no sides to choose.", "--decks")
        from cardgen.engine.simulation import seat_sides

        matchups = (seat_sides(players),)  # the seats play no sides: one seating
    try:
        spec = SimSpec(
            games=games,
            players=players,
            matchups=matchups,
            bots=bots,
            seed=seed,
            options={
                **({"first_game": True} if first_game else {}),
                **({"teams": True} if teams else {}),
                **_opts(options),
            },
            pool=sim.bots,
        )
        result = _run(cat, sim, spec, workers, dask, chunk_size, progress and show_progress())
    except SimSpecError as exc:
        raise fail(str(exc)) from None
    summary = summarise(result, cat)
    if format is SimFormat.json:
        write_output(to_json(summary), out)
    elif out is not None or not is_quiet():  # the tables are the summary -q drops
        write_output(sim.table(summary), out)
    if report is not None:
        with writing(report):
            sim.write_report(summary, report)
        say(f"report: {report}", err=True)
    where = f"Dask scheduler {dask}" if dask else f"{workers} worker(s)"
    detail(f"{games} games on {where} in {elapsed():.2f} s")


def _opts(options: list[str]) -> dict:
    from cardgen.cli.engine_cmds import _pairs

    return dict(_pairs(options, "--option"))


def _run(cat, sim, spec, workers: int, dask: str | None, chunk_size: int | None, show: bool):
    """Play ``spec`` locally or on the Dask scheduler, with a progress bar if ``show``."""
    if not show:
        return _play(cat, sim, spec, workers, dask, chunk_size, None)
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
    with Progress(*columns, console=console, auto_refresh=False) as bar:
        task = bar.add_task(f"{spec.bots} games", total=spec.games)

        def advance(n: int) -> None:
            bar.advance(task, n)
            bar.refresh()

        return _play(cat, sim, spec, workers, dask, chunk_size, advance)


def _play(cat, sim, spec, workers: int, dask: str | None, chunk_size: int | None, progress):
    if dask:
        from cardgen.engine.distributed import (
            DaskAddressError,
            DaskConnectionError,
            DaskUnavailableError,
            simulate_dask,
        )

        try:
            return simulate_dask(
                cat,
                spec,
                dask,
                chunk_size=chunk_size,
                progress=progress,
                connect_timeout=dask_connect_timeout(),
                simulation=sim,
            )
        except DaskUnavailableError as exc:
            raise fail(str(exc)) from None
        except DaskAddressError as exc:
            raise usage_error(f"{exc} (write tcp://HOST:PORT).", "--dask") from None
        except DaskConnectionError as exc:
            raise fail(
                f"{exc}\nhint: is a scheduler running there (`dask scheduler` prints its "
                "tcp://HOST:PORT address)? Without --dask the games run on this machine."
            ) from None
    from cardgen.engine.simulation import simulate as run

    return run(cat, spec, workers=workers, chunk_size=chunk_size, progress=progress, simulation=sim)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
