"""`cardgen new`: start a designer's own game folder from a pack's example catalogue."""

from __future__ import annotations

from pathlib import Path

import typer

from cardgen.cli.common import Quiet, Verbose, check_choices, detail, fail, say, usage_error


def new(
    folder: Path = typer.Argument(..., metavar="DIR", help="The new game's folder."),
    game: str = typer.Option(
        "plain",
        "--game",
        "-g",
        help="The game pack the game uses, or a starter whose rules are data "
        "(trick-taking, drafting: docs/rules-as-data.md).",
    ),
    name: str = typer.Option(None, "--name", help="The game's name; default: the starter's."),
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Make DIR a new game: an example catalogue of the pack, its card layout and icons to
    edit, a README with the build and validate commands, and a pre-commit configuration."""
    from cardgen.scaffold import ScaffoldError, name_problem, new_game, starter_packs

    check_choices([game], starter_packs(), "--game")
    if name is not None and (why := name_problem(name)):
        raise usage_error(f"{name!r} {why}", "--name")
    try:
        made = new_game(folder, game, name=name)
    except ScaffoldError as exc:
        raise fail(str(exc)) from None
    for f in made.files:
        detail(f"wrote {made.folder / f}")
    say(f"made {made.folder}/ ({len(made.files)} files), a {game} game; next:")
    say(f"  cd {made.folder} && cardgen validate && cardgen build")


def register(app: typer.Typer) -> None:
    app.command()(new)
