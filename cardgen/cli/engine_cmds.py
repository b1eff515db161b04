"""Engine commands: `play` (one game with bots, or `--replay LOG`) and `scenario run`."""

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
    elapsed,
    fail,
    load,
    say,
    usage_error,
    write_output,
)


class LogFormat(StrEnum):
    text = "text"
    json = "json"


def _split(value: str) -> list[str]:
    return [x.strip() for x in value.split(",") if x.strip()]


def play(
    directory: CardsDir = DEFAULT_CARDS,
    players: int = typer.Option(
        None, "--players", "-n", help="Number of players (the rules' range, 2-4)."
    ),
    decks: str = typer.Option(None, "--decks", help="Comma-separated deck ids, one per seat."),
    bots: str = typer.Option("random", "--bots", help="Comma-separated bots: random, greedy."),
    seed: int = typer.Option(0, "--seed", help="Game seed."),
    first_game: bool = typer.Option(False, "--first-game", help="No star cards, 6-card hands."),
    format: LogFormat = typer.Option(LogFormat.text, "--format", "-f", help="Log format."),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write the log to a file."),
    view: int | None = typer.Option(
        None,
        "--view",
        help="Write only what player N (P1..PN, as the log numbers them) may see; "
        "the full log is the designer's.",
    ),
    replay: Path | None = typer.Option(
        None, "--replay", help="Re-run a JSON game log, checking every event."
    ),
    legacy_cards: LegacyCards = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Play one game with bots and print its event log (or replay a saved JSON log)."""
    from cardgen.engine_api import load_engine
    from cardgen.pack import PackError

    directory = cards_dir(directory, legacy_cards)
    cat = load(directory)
    try:
        engine = load_engine(cat)
    except PackError as exc:
        raise fail(str(exc), 2) from None
    if replay is not None:
        if view is not None:
            raise usage_error(
                "a replay checks the full log; --view writes a new game's log.", "--view"
            )
        try:
            text = replay.read_text(encoding="utf-8")
        except OSError as exc:
            raise fail(f"{replay}: cannot read: {exc.strerror}") from None
        try:
            result = engine.replay_log(text, cat)
        except (engine.ReplayError, engine.GameSetupError) as exc:
            raise fail(f"{replay}: {exc}") from None
        problem = getattr(result, "problem", None)
        if problem:
            raise fail(f"{replay}: {problem}")
        if not result.ok:
            raise fail(
                f"{replay}: replay reached state {result.state.state_hash()[:16]}..., "
                f"the log recorded {result.expected_hash[:16]}..."
            )
        say(
            f"{replay}: replay OK ({len(result.state.history)} steps, every event and the "
            "final state the same)"
        )
        return
    lo, hi = engine.player_range(cat)
    if players is not None:
        check_choices([str(players)], [str(k) for k in range(lo, hi + 1)], "--players")
    sides = list(engine.sides(cat))
    deck_list = _split(decks) if decks else sides[: players or lo]
    check_choices(deck_list, sides, "--decks")
    n = players or len(deck_list)
    if len(deck_list) != n:
        raise usage_error(
            f"--players {n} needs {n} decks, got {len(deck_list)}: {','.join(deck_list)}", "--decks"
        )
    if len(set(deck_list)) != n:
        raise usage_error(f"{','.join(deck_list)}: each player picks a different deck.", "--decks")
    bot_list = _split(bots)
    check_choices(bot_list, list(engine.BOTS), "--bots")
    if len(bot_list) == 1:
        bot_list *= n
    if len(bot_list) != n:
        raise usage_error(f"needs 1 or {n} names, got {len(bot_list)}.", "--bots")
    if view is not None:
        if not hasattr(engine, "to_view_log"):
            raise usage_error("this game's engine writes no per-player views.", "--view")
        check_choices([str(view)], [str(k) for k in range(1, n + 1)], "--view")
    try:
        played = engine.play_with_bots(cat, deck_list, bot_list, seed, first_game=first_game)
    except (engine.GameSetupError, ValueError) as exc:
        raise fail(str(exc)) from None
    for w in played.warnings:
        typer.echo(f"warning: {w}", err=True)
    label = directory.as_posix()
    as_json = format is LogFormat.json
    if view is not None:
        text = engine.to_view_log(played, view - 1, label, as_json=as_json)
    elif as_json:
        text = engine.to_json_log(played, label)
    else:
        text = engine.to_text_log(played)
    write_output(text, out)
    detail(f"{len(played.state.history)} steps, {elapsed():.2f} s")


scenario_app = typer.Typer(help="Run rules scenarios (YAML files of setup, steps, expectations).")


@scenario_app.command("run")
def scenario_run(
    paths: list[Path] = typer.Argument(
        ..., help="Scenario files or folders (each file names its own catalogue)."
    ),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Run scenario files; print failures with a diff and a pass/fail count (-v: passing
    scenarios too; -q: failures only); exit 1 on any failure."""
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
    say(f"{len(files) - failed} passed, {failed} failed")
    detail(f"{len(files)} scenario(s) in {elapsed():.2f} s")
    sys.stdout.flush()
    if failed:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command()(play)
    app.add_typer(scenario_app, name="scenario")
