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
from cardgen.util.files import describe_os_error


class LogFormat(StrEnum):
    text = "text"
    json = "json"


def _split(value: str) -> list[str]:
    return [x.strip() for x in value.split(",") if x.strip()]


def play(
    ctx: typer.Context,
    directory: CardsDir = DEFAULT_CARDS,
    players: int = typer.Option(
        None, "--players", "-n", help="Number of players (the game's range)."
    ),
    decks: str = typer.Option(
        None,
        "--sides",
        "--decks",
        help="Comma-separated sides, one per seat (what each seat plays: a deck, a faction).",
    ),
    bots: str = typer.Option(
        "random",
        "--bots",
        help="The bot of every seat (e.g. greedy), one per seat (greedy,random), or mixed "
        "(each seat's drawn from the game's bots by the seed).",
    ),
    seed: int = typer.Option(0, "--seed", help="Game seed."),
    settings: list[str] = typer.Option(
        [], "--set", help="Override a rules setting for this game: NAME=VALUE (repeatable)."
    ),
    options: list[str] = typer.Option(
        [], "--option", help="An engine option: NAME=VALUE (repeatable)."
    ),
    teams: str = typer.Option(None, "--teams", help="Teams, if the game has them: P1+P3,P2+P4."),
    first_game: bool = typer.Option(
        False, "--first-game", help="The game's first-game set-up (--option first_game=true)."
    ),
    format: LogFormat = typer.Option(LogFormat.text, "--format", "-f", help="Log format."),
    out: Path | None = typer.Option(None, "--out", "-o", help="Write the log to a file."),
    view: int | None = typer.Option(
        None,
        "--view",
        help="Write only what player N (P1..PN, as the log numbers them) may see; "
        "the full log is the designer's.",
    ),
    replay: Path | None = typer.Option(
        None,
        "--replay",
        help="Re-run a JSON game log, checking every event (on the catalogue the log names, "
        "found beside it, unless CARDS is given).",
    ),
    legacy_cards: LegacyCards = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Play one game with bots and print its event log (or replay a saved JSON log)."""
    from cardgen.engine.registry import has_engine

    directory = cards_dir(directory, legacy_cards)
    source = ctx.get_parameter_source("directory")  # typer's own click: compare by name
    given = legacy_cards is not None or getattr(source, "name", "DEFAULT") != "DEFAULT"
    if replay is not None and not given:
        directory = _log_catalogue(replay, directory)
    cat = load(directory)
    if not has_engine(cat):
        raise fail(f"the {cat.pack.game_type.id} pack has no rules engine", 2)
    opts = dict(_pairs(options, "--option"))
    if first_game:
        opts["first_game"] = True
    _play_kit(
        cat,
        directory,
        players,
        decks,
        bots,
        seed,
        dict(_pairs(settings, "--set")),
        opts,
        teams,
        format,
        out,
        view,
        replay,
    )


def seat_bots(bots: str, pool: list[str] | tuple[str, ...], players: int) -> str:
    """``--bots`` of play and simulate: one bot (or ``mixed``) for every seat, or a
    comma-separated bot per seat; a usage error naming the valid values otherwise."""
    from cardgen.simulate.spec import MIXED, SimSpecError
    from cardgen.simulate.spec import seat_bots as parse

    names = _split(bots)
    check_choices(names, [*pool, MIXED] if len(names) == 1 else list(pool), "--bots")
    try:
        return parse(names, pool, players)
    except SimSpecError as exc:
        raise usage_error(f"{exc}.", "--bots") from None


def _log_catalogue(log: Path, default: Path) -> Path:
    """The catalogue folder a game log names (its ``catalogue``), beside the log or else from
    here; ``default`` for a log that cannot be read or names none (the replay says why)."""
    import json

    try:
        label = json.loads(log.read_text(encoding="utf-8")).get("catalogue")
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        return default
    if not isinstance(label, str) or not label.strip():
        return default
    beside = log.parent / label
    for folder in (beside, Path(label)):
        if folder.is_dir():
            return folder
    raise fail(
        f"{log}: the log's catalogue {label!r} is not beside it ({beside}) nor here; "
        f"pass its folder: cardgen play FOLDER --replay {log}"
    )


def _pairs(items: list[str], option: str) -> list[tuple[str, object]]:
    """``NAME=VALUE`` options, the value read as YAML (``true``, ``3``, ``discard``)."""
    import yaml

    out = []
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise usage_error(f"{item!r}: write NAME=VALUE.", option)
        try:
            out.append((name.strip(), yaml.safe_load(value) if value.strip() else ""))
        except yaml.YAMLError:
            out.append((name.strip(), value))
    return out


def _play_kit(
    cat, directory, players, sides, bots, seed, settings, options, teams, format, out, view, replay
) -> None:
    """`play` for a game on the engine kit."""
    from cardgen.engine import log
    from cardgen.engine.bots import bot_names
    from cardgen.engine.definition import check_settings
    from cardgen.engine.errors import EngineError, ReplayError
    from cardgen.engine.play import play as play_game
    from cardgen.engine.registry import engine_of
    from cardgen.engine.vocab import parse_seat
    from cardgen.simulate.spec import lineup

    try:
        engine = engine_of(cat)
    except EngineError as exc:
        raise fail(str(exc)) from None
    if replay is not None:
        if view is not None:
            raise usage_error(
                "a replay checks the full log; --view writes a new game's log.", "--view"
            )
        try:
            text = replay.read_text(encoding="utf-8")
        except OSError as exc:
            raise fail(f"{replay}: cannot read: {describe_os_error(exc, replay)}") from None
        except UnicodeDecodeError as exc:
            raise fail(f"{replay}: cannot read: {exc}") from None
        try:
            result = log.replay(text, engine, cat)
        except ReplayError as exc:
            raise fail(f"{replay}: {exc}") from None
        if not result.ok:
            raise fail(f"{replay}: {result.problem}")
        say(f"{replay}: replay OK ({result.steps} steps, every event and the final state the same)")
        return
    lo, hi = engine.player_range(cat)
    if players is not None:
        check_choices([str(players)], [str(k) for k in range(lo, hi + 1)], "--players")
    side_list = _split(sides) if sides else []
    known = list(engine.sides(cat))
    if side_list:
        if not known:
            raise usage_error(f"{engine.info.name} has no sides to choose.", "--sides/--decks")
        check_choices(side_list, known, "--sides/--decks")
    named = [x for t in _split(teams) for x in t.split("+")] if teams else []
    n = players or len(side_list) or len(named) or lo
    bot_list = lineup(seat_bots(bots, bot_names(engine), n), bot_names(engine), n, seed)
    team_list: list[list[int]] = []
    if teams and not any(engine.team_layouts(k) for k in range(lo, hi + 1)):
        raise usage_error(f"{engine.info.name} has no team play.", "--teams")
    for t in _split(teams) if teams else []:
        parsed = [parse_seat(x.strip(), n) for x in t.split("+")]
        seats = [s for s in parsed if s is not None]
        if len(seats) != len(parsed):
            raise usage_error(f"{t!r}: write seats joined by +, e.g. P1+P3.", "--teams")
        team_list.append(seats)
    if view is not None:
        check_choices([str(view)], [str(k) for k in range(1, n + 1)], "--view")
    if side_list and len(side_list) != n:
        raise usage_error(f"{n} players need {n} sides, got {len(side_list)}.", "--sides/--decks")
    try:
        check_settings(cat, settings)
    except EngineError as exc:
        raise usage_error(str(exc), "--set") from None
    try:  # the options ask for a game the rules cannot set up: a usage error
        setup = engine.setup(cat, n, side_list, settings, options, team_list)
    except EngineError as exc:
        raise usage_error(str(exc), "--sides/--decks" if side_list else "--players") from None
    try:
        played = play_game(engine, cat, setup, bot_list, seed)
    except EngineError as exc:
        raise fail(str(exc)) from None
    for w in played.warnings:
        typer.echo(f"warning: {w}", err=True)
    label = directory.as_posix()
    as_json = format is LogFormat.json
    if view is not None:
        text = log.view(played, view - 1, label, as_json=as_json)
    elif as_json:
        text = log.to_json(played, label)
    else:
        text = log.to_text(played)
    write_output(text, out)
    detail(f"{len(played.steps)} steps, {elapsed():.2f} s")


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
    from cardgen.engine.scenario import collect, run_file

    files = collect(paths)
    if not files:
        raise fail("no scenario files found")
    failed = 0
    for f in files:
        outcome = run_file(f)
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


def conform(
    directory: CardsDir = DEFAULT_CARDS,
    games: int = typer.Option(
        10, "--games", "-g", min=1, help="Seeded games per player count and bot."
    ),
    bots: str = typer.Option(
        None,
        "--bots",
        help="Comma-separated bots (default: every bot but search, one search game).",
    ),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Play seeded games checking that the game's engine keeps the engine kit's promises:
    legal actions in the grammar, views in the vocabulary, clones, replays, hidden cards,
    described states (docs/engine-kit.md)."""
    from cardgen.engine.bots import bot_names
    from cardgen.engine.conformance import Nonconformance, check_engine
    from cardgen.engine.errors import EngineError
    from cardgen.engine.registry import engine_of

    cat = load(directory)
    try:
        engine = engine_of(cat)
    except EngineError as exc:
        raise fail(str(exc), 2) from None
    names = bot_names(engine)
    chosen = _split(bots) if bots else [b for b in names if b != "search"]
    check_choices(chosen, names, "--bots")
    lo, hi = engine.player_range(cat)
    setups = [engine.setup(cat, n) for n in range(lo, hi + 1)]
    setups += [
        engine.setup(cat, n, teams=t) for n in range(lo, hi + 1) for t in engine.team_layouts(n)
    ]
    try:
        report = check_engine(engine, cat, setups, seeds=range(games), bots=chosen)
        if not bots and "search" in names:
            report2 = check_engine(engine, cat, setups[:1], seeds=[games], bots=["search"], every=4)
            report.games += report2.games
            report.decisions += report2.decisions
    except Nonconformance as exc:
        raise fail(f"{engine.info.name}: {exc}") from None
    except Exception as exc:  # the designer's own rules raised: say where, not a traceback
        import traceback

        frame = traceback.extract_tb(exc.__traceback__)[-1]
        raise fail(
            f"{engine.info.name}: the engine raised {type(exc).__name__}: {exc} "
            f"({frame.filename}:{frame.lineno}, in {frame.name})"
        ) from None
    say(
        f"{engine.info.name}: {report.games} games, {report.decisions} decisions conform "
        f"({report.hidden_checks} hidden-information checks, {report.arranged} described states)"
    )
    detail(f"{report.games} games conform in {elapsed():.2f} s")


def register(app: typer.Typer) -> None:
    app.command()(conform)
    app.command()(play)
    app.add_typer(scenario_app, name="scenario")
