"""`cardgen games`: the installed game packs and what each supports."""

from __future__ import annotations

import json
import sys
from enum import StrEnum

import typer

from cardgen.cli.common import Quiet, Verbose, detail


class GamesFormat(StrEnum):
    human = "human"
    json = "json"


def games(
    format: GamesFormat = typer.Option(GamesFormat.human, "--format", "-f", help="Output format."),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """List the installed game packs: id, name, player counts and what each supports."""
    from cardgen.engine.registry import describe_packs

    rows = describe_packs()
    detail(f"{len(rows)} pack(s) installed")
    if format is GamesFormat.json:
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
        return
    for row in rows:
        supports = ", ".join(k for k, v in row["supports"].items() if v)
        lo, hi = row["min_players"], row["max_players"]
        players = f"{lo} players" if lo == hi else f"{lo}–{hi} players"
        typer.echo(f"{row['id']:<16} {row['name']} ({players}): {supports}")


def register(app: typer.Typer) -> None:
    app.command()(games)
