"""The `balance` command: outlier designs and the numeric changes that bring them in line."""

from __future__ import annotations

import json
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
    load,
    say,
    write_output,
)


def balance(
    directory: CardsDir = DEFAULT_CARDS,
    games: int = typer.Option(200, "--games", "-g", min=10, help="Games of the first round."),
    players: int | None = typer.Option(
        None, "--players", "-n", show_default=False, help="Players; default: the most."
    ),
    bots: str = typer.Option("greedy", "--bots", help="The bot of every seat."),
    seed: int = typer.Option(0, "--seed", help="Master seed."),
    budget: float = typer.Option(
        300.0, "--budget", min=1.0, help="Seconds the search may take (then the best so far)."
    ),
    out: Path = typer.Option(
        Path("balance-proposals.json"), "--out", "-o", help="The proposals file (JSON)."
    ),
    apply: bool = typer.Option(
        False, "--apply", help="Apply the proposal to the card files (each kept as NAME.bak)."
    ),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Find dead and dominant designs, search numeric changes by simulation (successive
    halving on common seeds), confirm the best with fresh seeds and write the proposals."""
    from cardgen.catalogue.validate import validate
    from cardgen.checks import is_valid
    from cardgen.engine.balance import advise, apply_proposal, kit_runner
    from cardgen.engine.registry import has_engine

    cat = load(directory)
    if not has_engine(cat):
        raise fail(f"the {cat.pack.game_type.id} pack has no rules engine", 2)
    if not validate(directory, use_cache=False).ok:
        raise fail(f"{directory}: the catalogue does not validate (run `cardgen validate`)")

    def progress(what: str, seconds: float) -> None:
        detail(f"[{seconds:6.1f}/{budget:.0f} s] {what}")

    proposal = advise(
        Path(directory),
        kit_runner(players, bots),
        valid=is_valid,
        games=games,
        seed=seed,
        budget=budget,
        progress=progress,
    )
    doc = proposal.to_json()
    write_output(json.dumps(doc, indent=2, sort_keys=False) + "\n", out)
    for o in proposal.before:
        say(f"{o.kind}: {o.card} at {100 * o.figure:.1f}% (limit {100 * o.limit:.1f}%)")
    for c in proposal.changes:
        say(f"proposal: {c.card} {c.field} {c.before} -> {c.after} ({c.file})")
    left = ", ".join(f"{o.card} ({o.kind})" for o in proposal.after) or "none"
    say(f"confirmation ({doc['confirmation']['games']} fresh games): outliers left: {left}")
    if apply and proposal.changes:
        files = apply_proposal(Path(directory), proposal.changes)
        say("applied to " + ", ".join(str(f) for f in files) + " (old files kept as .bak)")
    detail(f"balance in {elapsed():.1f} s")


def register(app: typer.Typer) -> None:
    app.command("balance")(balance)
