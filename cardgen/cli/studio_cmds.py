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


def studio(
    directory: CardsDir = DEFAULT_CARDS,
    out: OutDir = DEFAULT_OUT,
    port: Port = 0,
    open_browser: Open = False,
    paper: KitPaper = Paper.a4,
    jobs: Jobs = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Show every card of the catalogue in the browser (127.0.0.1 only), with its diagnostics
    and the kit's pages, updated whenever a file of the folder is saved; the kit is built
    into OUT as `cardgen build` builds it (Ctrl-C stops)."""
    from cardgen.catalogue.loader import folder_problems
    from cardgen.studio.server import serve

    cards = Path(directory)
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
            )
    except OSError as exc:
        raise fail(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}") from None
    say("studio stopped")


def register(app: typer.Typer) -> None:
    app.command()(studio)
