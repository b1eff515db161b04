"""The `cardgen` command line: a thin typer layer over the library.

Each sub-command lives in its own module and only parses options, calls the library and
formats the result.  Heavy imports happen inside the commands so `cardgen validate` starts fast.
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="cardgen",
    help="Validate, print, play and explain the card catalogues of any game pack.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

#: Command modules under cardgen.cli, each with ``register(app)``; in help order.
COMMAND_MODULES = (
    "catalogue_cmds",
    "games_cmds",
    "appendix_cmds",
    "engine_cmds",
    "render_cmds",
    "build_cmds",
    "simulate_cmds",
)

for _name in COMMAND_MODULES:
    importlib.import_module(f"cardgen.cli.{_name}").register(app)


def main() -> None:
    """Entry point of the `cardgen` console script."""
    app()
