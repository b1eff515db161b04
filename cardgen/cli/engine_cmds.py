"""Engine commands: `play` (one game with bots, or `--replay LOG`) and `scenario run`."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from cardgen.cli.common import fail, report_errors, write_output

DEFAULT_DIR = Path("cards")


class LogFormat(StrEnum):
    text = "text"
    json = "json"


def _load(directory: Path):
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.diagnostics import DiagnosticError

    try:
        return load_catalogue(directory)
    except DiagnosticError as exc:
        raise report_errors(exc) from None


def _split(value: str) -> list[str]:
    return [x.strip() for x in value.split(",") if x.strip()]


def play(
    players: int = typer.Option(None, "--players", "-n", help="Number of players (2-4)."),
    decks: str = typer.Option(None, "--decks", help="Comma-separated deck ids, one per seat."),
    bots: str = typer.Option("random", "--bots", help="Comma-separated bots: random, greedy."),
    seed: int = typer.Option(0, "--seed", help="Game seed."),
    first_game: bool = typer.Option(False, "--first-game", help="No star cards, 6-card hands."),
    format: LogFormat = typer.Option(LogFormat.text, "--format", "-f", help="Log format."),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write the log to a file."),
    replay: Path | None = typer.Option(None, "--replay", help="Re-run a JSON game log."),
    directory: Path = typer.Option(DEFAULT_DIR, "--cards", help="Catalogue folder."),
) -> None:
    """Play one game with bots and print its event log (or replay a saved JSON log)."""
    from cardgen.engine_api import load_engine
    from cardgen.pack import PackError

    cat = _load(directory)
    try:
        engine = load_engine(cat)
    except PackError as exc:
        raise fail(str(exc), 2) from None
    if replay is not None:
        try:
            text = replay.read_text(encoding="utf-8")
        except OSError as exc:
            raise fail(f"{replay}: cannot read: {exc.strerror}") from None
        try:
            result = engine.replay_log(text, cat)
        except (engine.ReplayError, engine.GameSetupError) as exc:
            raise fail(f"{replay}: {exc}") from None
        if not result.ok:
            raise fail(
                f"{replay}: replay reached state {result.state.state_hash()[:16]}..., "
                f"the log recorded {result.expected_hash[:16]}..."
            )
        typer.echo(f"{replay}: replay OK ({len(result.state.history)} steps, same final state)")
        return
    deck_list = _split(decks) if decks else list(engine.sides(cat)[: players or 2])
    n = players or len(deck_list)
    if len(deck_list) != n:
        raise fail(f"--players {n} needs {n} decks, got {len(deck_list)}: {','.join(deck_list)}")
    bot_list = _split(bots)
    if len(bot_list) == 1:
        bot_list *= n
    if len(bot_list) != n:
        raise fail(f"--bots needs 1 or {n} names, got {len(bot_list)}")
    try:
        played = engine.play_with_bots(cat, deck_list, bot_list, seed, first_game=first_game)
    except (engine.GameSetupError, ValueError) as exc:
        raise fail(str(exc)) from None
    for w in played.warnings:
        typer.echo(f"warning: {w}", err=True)
    label = directory.as_posix()
    text = (
        engine.to_json_log(played, label)
        if format is LogFormat.json
        else engine.to_text_log(played)
    )
    write_output(text, out)


scenario_app = typer.Typer(help="Run rules scenarios (YAML files of setup, steps, expectations).")


@scenario_app.command("run")
def scenario_run(
    paths: list[Path] = typer.Argument(..., help="Scenario files or folders."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Print passing scenarios too."),
) -> None:
    """Run scenario files; print pass/fail with a diff; exit 1 on any failure."""
    from cardgen.scenarios import collect, run_scenario_file

    files = collect(paths)
    if not files:
        raise fail("no scenario files found")
    failed = 0
    for f in files:
        outcome = run_scenario_file(f)
        if outcome.ok:
            if verbose:
                typer.echo(f"PASS {f}: {outcome.name}")
            continue
        failed += 1
        typer.echo(f"FAIL {f}: {outcome.name}")
        for line in outcome.problems:
            typer.echo(f"    {line}")
    typer.echo(f"{len(files) - failed} passed, {failed} failed")
    sys.stdout.flush()
    if failed:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command()(play)
    app.add_typer(scenario_app, name="scenario")
