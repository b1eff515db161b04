"""The `cardgen` command line: a thin typer layer over the library.

Each sub-command lives in its own module and only parses options, calls the library and
formats the result.  Heavy imports happen inside the commands so `cardgen validate` starts fast.
Conventions shared by every command (catalogue argument, -q/-v, usage errors, progress bars) are
in :mod:`cardgen.cli.common`.
"""

from __future__ import annotations

import importlib
import inspect
import signal
import sys
from collections.abc import Iterable

import typer

#: Command name -> the module under cardgen.cli whose ``register(app)`` adds it; in help order.
COMMANDS = {
    "validate": "catalogue_cmds",
    "schema": "catalogue_cmds",
    "export": "catalogue_cmds",
    "import": "catalogue_cmds",
    "games": "games_cmds",
    "new": "new_cmds",
    "appendix": "appendix_cmds",
    "play": "engine_cmds",
    "conform": "engine_cmds",
    "scenario": "engine_cmds",
    "render": "render_cmds",
    "build": "build_cmds",
    "watch": "build_cmds",
    "studio": "studio_cmds",
    "simulate": "simulate_cmds",
    "balance": "balance_cmds",
}


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


def _root(
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version."
    ),
) -> None:
    pass


def make_app(modules: Iterable[str] | None = None) -> typer.Typer:
    """The CLI with the commands of ``modules`` (default: all of them)."""
    cli = typer.Typer(
        name="cardgen",
        help="Validate, print, play and explain the card catalogues of any game pack.",
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
    )
    cli.callback()(_root)
    for name in dict.fromkeys(COMMANDS.values() if modules is None else modules):
        importlib.import_module(f"cardgen.cli.{name}").register(cli)
    _flow_help(cli)
    return cli


def flowing(text: str) -> str:
    """A docstring as help text that flows: its paragraphs kept, the line breaks within one
    gone (rich keeps them, so "... the rules engine's card / checks" broke mid-sentence)."""
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def _flow_help(cli: typer.Typer) -> None:
    """Every command's and group's help of ``cli`` (and its sub-typers') made to flow."""
    for command in cli.registered_commands:
        text = command.help or inspect.getdoc(command.callback)
        if text:
            command.help = flowing(text)
    for group in cli.registered_groups:
        if group.help:
            group.help = flowing(group.help)
        if group.typer_instance is not None:
            info = group.typer_instance.info
            if isinstance(info.help, str):
                info.help = flowing(info.help)
            _flow_help(group.typer_instance)


_app: typer.Typer | None = None


def __getattr__(name: str) -> typer.Typer:
    """``app``, the CLI with every command, made when first asked for (`cardgen validate`
    builds only its own command's module)."""
    global _app
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if _app is None:
        _app = make_app()
    return _app


class Terminated(SystemExit):
    """The exit a SIGTERM raises: status 128 + SIGTERM, whatever arguments a library that
    catches and re-raises it passes (reportlab's ``annotateException`` re-makes the exception
    with its own message, which would turn the status into 1 and print the message)."""

    def __init__(self, *args: object) -> None:
        super().__init__(128 + signal.SIGTERM)


def _terminated(signum: int, frame: object) -> None:
    """SIGTERM ends the command as an exception would: workers stopped, temporary folders
    removed on the way out."""
    raise Terminated()


def main() -> None:
    """Entry point of the `cardgen` console script.

    typer builds the click parameters of every command it holds before it parses anything, so
    `cardgen validate ...` runs an app holding only validate's module: a faster start.  Anything
    else (``--help``, ``--version``, completion, a typo) gets the whole app.
    """
    signal.signal(signal.SIGTERM, _terminated)
    module = COMMANDS.get(sys.argv[1]) if len(sys.argv) > 1 else None
    (make_app([module]) if module else __getattr__("app"))()
