"""Render command: `cardgen render` writes print-and-play, print-service and digital products."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path

import typer

from cardgen.cli.common import (
    DEFAULT_CARDS,
    TTS_URL_HELP,
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


class Product(StrEnum):
    pnp = "pnp"
    print = "print"
    png = "png"
    tts = "tts"
    contact = "contact"
    tgc = "tgc"
    mpc = "mpc"
    dtc = "dtc"


class ServiceChoice(StrEnum):
    home = "home"
    tgc = "tgc"
    mpc = "mpc"
    dtc = "dtc"


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"


class DuplexMode(StrEnum):
    long = "long"
    short = "short"
    none = "none"


def render(
    directory: CardsDir = DEFAULT_CARDS,
    out: Path = typer.Option(Path("output"), "--out", "-o", help="Output folder."),
    product: list[Product] = typer.Option(
        None, "--product", "-p", help="Product to render (repeatable); default: all."
    ),
    paper: list[Paper] = typer.Option(
        None, "--paper", help="Paper for pnp sheets (repeatable); default: a4 and letter."
    ),
    duplex: DuplexMode = typer.Option(
        DuplexMode.long, "--duplex", help="pnp backs: long-edge, short-edge or single-sided."
    ),
    cmyk: bool = typer.Option(False, "--cmyk", help="Write the print PDFs in CMYK."),
    service: ServiceChoice = typer.Option(
        ServiceChoice.home,
        "--service",
        help="What to make: home (pnp, print PDFs, PNGs, TTS, contact sheet), tgc (The Game "
        "Crafter: a folder per deck, faces named with their quantity), mpc (MakePlayingCards: "
        "the same, with an MPC Autofill order), dtc (DriveThruCards PDF/X-1a per deck); with "
        "-p, only that service's products.",
    ),
    icc: Path = typer.Option(
        None,
        "--icc",
        exists=True,
        dir_okay=False,
        help="CMYK ICC profile of the press for dtc PDFs (default: cardgen's own).",
    ),
    tts_url: str = typer.Option(
        None,
        "--tts-url",
        help=TTS_URL_HELP,
    ),
    bleed: float = typer.Option(
        None,
        "--bleed",
        min=0.0,
        help="mm of each pnp card's background past its cut, into the gutter; default 3.",
    ),
    jobs: Jobs = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Render card faces and backs to PDFs and PNGs under --out (a progress bar when stderr is a
    terminal; -v lists the files)."""
    from cardgen.diagnostics import DiagnosticError
    from cardgen.diagnostics.formats import print_human
    from cardgen.render.api import Renderer, RenderOptions
    from cardgen.render.geometry import PAPERS, Duplex
    from cardgen.render.services import service as service_spec
    from cardgen.standard_checks import validated

    svc = service_spec(service.value)
    if product and service is not ServiceChoice.home:
        bad = [p.value for p in product if p.value not in svc.products]
        if bad:
            raise usage_error(
                f"{', '.join(bad)} {'is' if len(bad) == 1 else 'are'} not among {svc.name}'s "
                f"files ({', '.join(svc.products)}): give --service {service.value} alone, or "
                f"-p without --service",
                "--service",
            )
    options = RenderOptions(
        products=tuple(p.value for p in product) if product else svc.products,
        papers=tuple(p.value for p in paper) if paper else tuple(PAPERS),
        duplex=Duplex(duplex.value),
        cmyk=cmyk,
        jobs=jobs,
        pnp_bleed=bleed,
        icc=icc.read_bytes() if icc else None,
        tts_url=(tts_url.rstrip("/") + "/") if tts_url else None,
    )
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
