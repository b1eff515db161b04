"""`cardgen studio`: the catalogue in the browser, updated on every save."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated

import typer

from cardgen.cli.common import (
    DEFAULT_CARDS,
    CardsDir,
    Jobs,
    Quiet,
    Verbose,
    fail,
    is_verbose,
    report_errors,
    say,
)
from cardgen.cli.print_options import DEFAULT_OUT, KitPaper, OutDir, Paper

Port = Annotated[
    int,
    typer.Option("--port", min=0, max=65535, help="Port on 127.0.0.1; default: a free one."),
]
Open = Annotated[bool, typer.Option("--open", help="Open the studio in the web browser.")]
Bind = Annotated[
    str | None,
    typer.Option(
        "--bind",
        metavar="ADDRESS",
        help="Also listen on this address of the machine (192.168.1.20, the same port) for a "
        "group of playtesters: the table links are printed with it, and everything but the "
        "table links needs the designer's link printed at the start.",
    ),
]
PublicUrl = Annotated[
    str | None,
    typer.Option(
        "--public-url",
        metavar="URL",
        help="The address a TLS proxy (Caddy) or a tunnel gives the group "
        "(https://table.example.org): the table links are printed with it.",
    ),
]


def studio(
    directory: CardsDir = DEFAULT_CARDS,
    out: OutDir = DEFAULT_OUT,
    port: Port = 0,
    open_browser: Open = False,
    paper: KitPaper = Paper.a4,
    jobs: Jobs = None,
    bind: Bind = None,
    public_url: PublicUrl = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Show every card of the catalogue in the browser (127.0.0.1 only, unless --bind or
    --public-url opens its table links to a group), with its diagnostics and the kit's pages,
    updated whenever a file of the folder is saved; the kit is built into OUT as `cardgen
    build` builds it (Ctrl-C stops)."""
    from cardgen.catalogue.loader import folder_problems
    from cardgen.studio.server import group_address, serve

    cards = Path(directory)
    try:
        address = group_address(bind) if bind is not None else None
    except ValueError as exc:
        raise fail(str(exc)) from None
    if problems := folder_problems(cards):
        from cardgen.diagnostics import DiagnosticError

        raise report_errors(DiagnosticError(problems))
    try:
        with contextlib.suppress(KeyboardInterrupt):
            serve(
                cards,
                out,
                port=port,
                paper=paper.value,
                jobs=jobs,
                open_browser=open_browser,
                on_ready=lambda url: say(f"cardgen studio: {url} (Ctrl-C to stop)"),
                log_requests=is_verbose(),
                address=address,
                public_url=public_url,
                announce=lambda line: say(f"table link {line}"),
            )
    except OSError as exc:
        where = f"127.0.0.1:{port}" + (f" and {address}" if address else "")
        raise fail(f"cannot serve on {where}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise fail(str(exc)) from None
    say("studio stopped")


def register(app: typer.Typer) -> None:
    app.command()(studio)
