"""The `balance` command: outlier designs and the numeric changes that bring them in line."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import typer

from cardgen.cli.common import (
    DEFAULT_CARDS,
    CardsDir,
    Quiet,
    Verbose,
    detail,
    elapsed,
    fail,
    load,
    say,
    show_progress,
    usage_error,
    write_output,
)


def balance(
    directory: CardsDir = DEFAULT_CARDS,
    games: int = typer.Option(200, "--games", "-g", min=10, help="Games of the first round."),
    players: int | None = typer.Option(
        None,
        "--players",
        "-n",
        show_default=False,
        help="Players of the search; default: the most (the report profiles every count).",
    ),
    bots: str = typer.Option("greedy", "--bots", help="The bot of every seat."),
    seed: int = typer.Option(0, "--seed", help="Master seed."),
    budget: float = typer.Option(
        300.0, "--budget", min=1.0, help="Seconds the search may take (then the best so far)."
    ),
    out: Path = typer.Option(
        Path("balance-proposals.json"), "--out", "-o", help="The proposals file (JSON)."
    ),
    report: Path | None = typer.Option(
        None, "--report", help="Write the balance report: HTML (.html) or PDF (.pdf)."
    ),
    apply: bool = typer.Option(
        False, "--apply", help="Apply the proposal to the card files (each kept as NAME.bak)."
    ),
    workers: int | None = typer.Option(
        None,
        "--workers",
        "-w",
        min=1,
        show_default=False,
        help="Worker processes; default: every core.",
    ),
    dask: str | None = typer.Option(
        None, "--dask", help="Run the games on the Dask scheduler at this address."
    ),
    quality: int = typer.Option(
        30, "--quality", min=0, help="Games per player count measured for the game's quality."
    ),
    most: int | None = typer.Option(
        None,
        "--outliers",
        min=1,
        show_default=False,
        help="Race only this many outliers, the farthest beyond their limits; default: all.",
    ),
    card: list[str] | None = typer.Option(
        None,
        "--card",
        show_default=False,
        help="Race only the outliers among these designs (card ids; repeat the option).",
    ),
    progress: bool = typer.Option(
        True, "--progress/--no-progress", help="Progress bar (only when stderr is a terminal)."
    ),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Find dead and dominant designs, search numeric changes by simulation (successive
    halving on common seeds), confirm the best with fresh seeds and write the proposals."""
    from cardgen.catalogue.validate import validate
    from cardgen.checks import QuickCheck, is_valid, refusal
    from cardgen.engine.balance import (
        KitRunner,
        advise,
        apply_proposal,
        brief_profile,
        game_title,
    )
    from cardgen.engine.balance import profile as profile_of
    from cardgen.engine.registry import engine_of, has_engine
    from cardgen.engine.vocab import did_you_mean

    cat = load(directory)
    if not has_engine(cat):
        raise fail(f"the {cat.pack.game_type.id} pack has no rules engine", 2)
    lo, hi = engine_of(cat).player_range(cat)
    if players is not None and not lo <= players <= hi:
        raise usage_error(f"the game seats {lo} to {hi} players, not {players}", "--players")
    if report is not None and report.suffix.lower() not in (".html", ".pdf"):
        raise usage_error(f"{report}: write a .html or .pdf report", "--report")
    ids = [c.id for c in cat.cards]
    for cid in card or ():
        if cid not in ids:
            raise usage_error(f"no card {cid!r} in {directory}{did_you_mean(cid, ids)}", "--card")
    if not validate(directory, use_cache=False).ok:
        raise fail(f"{directory}: the catalogue does not validate (run `cardgen validate`)")
    root = Path(directory)
    counts = [players] if players is not None else list(range(lo, hi + 1))
    search = players or hi

    with _bar(progress and show_progress(), budget) as (stage, tick):
        runner = KitRunner(search, bots, workers, dask, quality, tick)
        shown = _Shown(runner, stage)
        stage("profile", 0.0)
        summaries: dict[int, dict[str, Any]] = {}
        for n in counts:
            stage(f"profile: {n} players", elapsed())
            stage("", elapsed(), games)
            summaries.update(_guard(partial(profile_of, root, runner, [n], games, seed)))
        proposal = _guard(
            lambda: advise(
                root,
                shown,
                valid=is_valid,
                quick=QuickCheck(),
                why=refusal,
                games=games,
                seed=seed,
                budget=budget,
                progress=stage,
                baseline=summaries[search],
                most=most,
                cards=card or None,
            )
        )
    proposal.profile = brief_profile(summaries)
    doc = proposal.to_json()
    doc["game"] = game_title(cat)
    doc["players"] = search
    write_output(json.dumps(doc, indent=2, sort_keys=False) + "\n", out)
    if report is not None:
        from cardgen.engine.balance_report import write_report

        write_report(doc, report)
        say(f"report: {report}")
    for n, s in summaries.items():
        q = s["quality"]
        say(
            f"{n} players: decisiveness {_pct(q.get('decisiveness'))}, drama "
            f"{_pct(q.get('drama'))}, lead changes {_num(q.get('lead_changes'))}, length "
            f"{s['length']['mean']:.1f} decisions"
        )
    for o in proposal.before:
        say(f"{o.kind}: {o.card} at {100 * o.figure:.1f}% (limit {100 * o.limit:.1f}%)")
    for c in proposal.changes:
        say(f"proposal: {c.card} {c.field} {c.before} -> {c.after} ({c.file})")
    if proposal.cut:
        say("the budget ran out before every race was decided (--budget)")
    left = ", ".join(f"{o.card} ({o.kind})" for o in proposal.after) or "none"
    say(f"confirmation ({doc['confirmation']['games']} fresh games): outliers left: {left}")
    if proposal.changes and not proposal.confirmed:
        say(
            f"not confirmed: {', '.join(proposal.unconfirmed())} (on the fresh games not an "
            "outlier unchanged, or still one changed)" + ("; nothing applied" if apply else "")
        )
    elif apply and proposal.changes:
        files = apply_proposal(root, proposal.changes)
        say("applied to " + ", ".join(str(f) for f in files) + " (old files kept as .bak)")
    detail(f"balance in {elapsed():.1f} s")


def _pct(v: Any) -> str:
    return "n/a" if v is None else f"{100 * v:.0f}%"


def _num(v: Any) -> str:
    return "n/a" if v is None else f"{v:.2f}"


def _guard(work: Callable[[], Any]) -> Any:
    """Run ``work``, a Dask scheduler's failures as clear errors."""
    from cardgen.engine.distributed import (
        DaskAddressError,
        DaskConnectionError,
        DaskUnavailableError,
    )

    try:
        return work()
    except DaskUnavailableError as exc:
        raise fail(str(exc)) from None
    except DaskAddressError as exc:
        raise usage_error(f"{exc} (write tcp://HOST:PORT).", "--dask") from None
    except DaskConnectionError as exc:
        raise fail(f"{exc}\nhint: without --dask the games run on this machine.") from None


class _Shown:
    """A runner that names each run on the progress bar."""

    def __init__(self, runner: Any, stage: Callable[..., None]) -> None:
        self.runner, self.stage = runner, stage

    def __call__(self, root: Path, games: int, seed: int, stop: Any = None) -> dict[str, Any]:
        self.stage("", elapsed(), games)
        return self.runner(root, games, seed, stop)


@contextmanager
def _bar(show: bool, budget: float) -> Iterator[tuple[Callable[..., None], Callable[[int], None]]]:
    """``stage(what, seconds, games=0)`` names the run under way (a new bar when ``games``),
    ``tick(n)`` advances it by ``n`` games; lines under -v without a terminal."""
    if not show:

        def stage(what: str, seconds: float, games: int = 0) -> None:
            if not games:
                detail(f"[{seconds:6.1f}/{budget:.0f} s] {what}")

        yield stage, lambda n: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    # no refresh thread (auto_refresh=False): the worker pool forks while the bar is shown
    with Progress(*columns, console=Console(stderr=True), auto_refresh=False) as bar:
        task = bar.add_task("balance", total=None)
        label = ["balance"]

        def stage(what: str, seconds: float, games: int = 0) -> None:
            if games:
                bar.reset(task, total=games, description=f"{label[0]}: {games} games")
            else:
                label[0] = what
                bar.update(task, description=what)
            bar.refresh()

        def tick(n: int) -> None:
            bar.advance(task, n)
            bar.refresh()

        yield stage, tick


def register(app: typer.Typer) -> None:
    app.command("balance")(balance)
