"""Render command: `cardgen render` writes print-and-play, print-service and digital products."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from cardgen.cli.common import (
    DEFAULT_CARDS,
    CardsDir,
    Jobs,
    Quiet,
    Verbose,
    cannot_write,
    detail,
    elapsed,
    fail,
    is_quiet,
    report_errors,
    say,
    show_progress,
    usage_error,
)
from cardgen.cli.print_options import (
    CARDS_FOLDER,
    DEFAULT_OUT,
    Bleed,
    Cmyk,
    Duplex,
    DuplexMode,
    Icc,
    OutDir,
    Papers,
    Service,
    ServiceChoice,
    TtsUrl,
    card_options,
)


class Product(StrEnum):
    pnp = "pnp"
    print = "print"
    png = "png"
    tts = "tts"
    contact = "contact"
    tgc = "tgc"
    mpc = "mpc"
    dtc = "dtc"


def render(
    directory: CardsDir = DEFAULT_CARDS,
    out: OutDir = DEFAULT_OUT,
    product: list[Product] = typer.Option(
        None, "--product", "-p", help="Product to render (repeatable); default: all."
    ),
    paper: Papers = None,
    duplex: Duplex = DuplexMode.long,
    bleed: Bleed = None,
    cmyk: Cmyk = False,
    service: Service = ServiceChoice.home,
    icc: Icc = None,
    tts_url: TtsUrl = None,
    jobs: Jobs = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Render card faces and backs to PDFs and PNGs under --out (a progress bar when stderr is a
    terminal; -v lists the files)."""
    from cardgen.checks import validated
    from cardgen.diagnostics import DiagnosticError
    from cardgen.diagnostics.formats import print_human
    from cardgen.render.api import Renderer

    products = tuple(p.value for p in product or ())
    if not products or service is not ServiceChoice.home:  # the services' file, when needed
        from cardgen.render.services import service as service_spec

        svc = service_spec(service.value)
        bad = [p for p in products if p not in svc.products]
        if bad:
            raise usage_error(
                f"{', '.join(bad)} {'is' if len(bad) == 1 else 'are'} not among {svc.name}'s "
                f"files ({', '.join(svc.products)}): give --service {service.value} alone, or "
                f"-p without --service",
                "--service",
            )
        products = products or svc.products
    options = card_options(paper, duplex, bleed, cmyk, icc, tts_url, products=products, jobs=jobs)
    out = out / CARDS_FOLDER  # where `cardgen build` puts the card files
    try:
        # refused exactly as `cardgen validate` refuses it (the preflight included)
        catalogue, _ = validated(directory)
        renderer = Renderer(catalogue)
        # a bar only where someone sees it (and rich is not even imported otherwise)
        run = _with_progress(renderer) if show_progress() else renderer.render
        # what the chosen services say (`cardgen build --service` says the same); its errors
        # stop the render below
        told = renderer.service_problems(options)
        if told and not is_quiet():
            print_human(told, sys.stderr, summary=False)
        files = run(out, options, check=False)
    except DiagnosticError as exc:
        raise report_errors(exc) from None
    except OSError as exc:
        raise cannot_write(out, exc) from None
    except (ValueError, RuntimeError) as exc:
        raise fail(str(exc)) from None
    for path in files:
        detail(str(path))
    say(f"wrote {len(files)} file(s) to {out}")
    detail(f"render: {', '.join(options.products)} in {elapsed():.2f} s")


def _with_progress(renderer):
    """``renderer.render`` wrapped in a rich progress bar (on stderr)."""

    def run(out: Path, options, check: bool = True) -> list[Path]:
        return _render_with_bar(renderer, out, options, check)

    return run


def _render_with_bar(renderer, out: Path, options, check: bool = True) -> list[Path]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("[bold]{task.description:<12}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("render", total=renderer.work(options))

        def step(name: str, advance: int) -> None:
            bar.update(task, advance=advance, description=name)

        renderer.progress = step
        return renderer.render(out, options, check=check)


def register(app: typer.Typer) -> None:
    app.command()(render)
