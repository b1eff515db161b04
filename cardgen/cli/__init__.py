"""The `cardgen` command line: a thin typer layer over the library.

Each sub-command lives in its own module and only parses options, calls the library and
formats the result.  Heavy imports happen inside the commands so `cardgen validate` starts fast.
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="cardgen",
    help="Validate, render, play and explain the Attack Right card catalogue.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
)

#: Command modules under cardgen.cli, each with ``register(app)``; in help order.
COMMAND_MODULES = (
    "catalogue_cmds",
    "appendix_cmds",
    "engine_cmds",
    "render_cmds",
    "build_cmds",
    "simulate_cmds",
)


def _print_version(value: bool) -> None:
    if not value:
        return
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("cardgen")
    except PackageNotFoundError:  # run from a source tree that was never installed
        from cardgen import __version__ as number
    typer.echo(f"cardgen {number}")
    raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version."
    ),
) -> None:
    pass


for _name in COMMAND_MODULES:
    importlib.import_module(f"cardgen.cli.{_name}").register(app)


def main() -> None:
    """Entry point of the `cardgen` console script."""
    app()
