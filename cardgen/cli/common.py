"""What every CLI command shares: the catalogue argument, -q/-v, usage errors, progress bars,
error printing and atomic output.

Only the standard library and typer are imported here, so every command starts fast.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from cardgen.diagnostics import DiagnosticError

#: The catalogue folder when none is given.
DEFAULT_CARDS = Path("cards")


# --- verbosity: -q/--quiet and -v/--verbose on every command ---------------------------------


class _Verbosity:
    """The -q/-v flags of the command being run (set by the option callbacks)."""

    ctx: typer.Context | None = None
    quiet: bool = False
    verbose: bool = False
    start: float = 0.0


_state = _Verbosity()


def _set_flag(ctx: typer.Context, name: str, value: bool) -> bool:
    if _state.ctx is not ctx:  # a new command line: forget the last one's flags
        _state.ctx, _state.quiet, _state.verbose = ctx, False, False
        _state.start = time.perf_counter()
    setattr(_state, name, bool(value))
    if _state.quiet and _state.verbose and not ctx.resilient_parsing:
        raise typer.BadParameter(
            "--quiet and --verbose exclude each other", ctx=ctx, param_hint="'-q' / '-v'"
        )
    return value


def _quiet_callback(ctx: typer.Context, value: bool) -> bool:
    return _set_flag(ctx, "quiet", value)


def _verbose_callback(ctx: typer.Context, value: bool) -> bool:
    return _set_flag(ctx, "verbose", value)


#: ``quiet: Quiet = False`` in a command's signature adds -q/--quiet.
Quiet = Annotated[
    bool,
    typer.Option(
        "--quiet",
        "-q",
        callback=_quiet_callback,
        help="Print only errors and diagnostics (no summary, no progress bar).",
    ),
]
#: ``verbose: Verbose = False`` in a command's signature adds -v/--verbose.
Verbose = Annotated[
    bool,
    typer.Option(
        "--verbose",
        "-v",
        callback=_verbose_callback,
        help="Print extra detail (timings, files written, what was rebuilt).",
    ),
]


def is_quiet() -> bool:
    return _state.quiet


def is_verbose() -> bool:
    return _state.verbose


def say(message: str, *, err: bool = False) -> None:
    """A normal (summary) line: printed unless --quiet."""
    if not _state.quiet:
        typer.echo(message, err=err)


def detail(message: str) -> None:
    """An extra line for --verbose, on stderr (stdout may be a JSON document)."""
    if _state.verbose:
        typer.echo(message, err=True)


def elapsed() -> float:
    """Seconds since the command line was parsed."""
    return time.perf_counter() - _state.start


def show_progress() -> bool:
    """Whether to draw a progress bar: stderr is a terminal and -q was not given."""
    return not _state.quiet and sys.stderr.isatty()


# --- the catalogue folder: a positional optional argument in every command -------------------

#: ``directory: CardsDir = DEFAULT_CARDS`` in a command's signature.
CardsDir = Annotated[
    Path,
    typer.Argument(
        metavar="CARDS",
        help="Catalogue folder (rules.yaml + deck files).",
        show_default=True,
    ),
]
#: The old ``--cards DIR`` form (hidden), still accepted by the commands that had it.
LegacyCards = Annotated[Path | None, typer.Option("--cards", hidden=True)]
#: ``jobs: Jobs = None``: the processes rasterising card images (render, build, watch).
Jobs = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        show_default=False,
        help="Processes rasterising the card images; default: the machine's cores (build also"
        " draws its documents and PDFs in processes beside them; 1: everything in one).",
    ),
]


def cards_dir(directory: Path, legacy: Path | None) -> Path:
    """The catalogue folder from the positional argument or the old ``--cards`` option."""
    if legacy is None:
        return directory
    if directory != DEFAULT_CARDS and directory != legacy:
        raise usage_error(f"two catalogue folders: {directory} and --cards {legacy}", "CARDS")
    return legacy


# --- errors -----------------------------------------------------------------------------------


def usage_error(message: str, option: str) -> typer.BadParameter:
    """A usage error (exit 2, with the command's usage line) to raise for ``option``."""
    return typer.BadParameter(message, ctx=_state.ctx, param_hint=f"'{option}'")


def check_choices(values: Iterable[str], valid: Sequence[str], option: str) -> None:
    """Raise a usage error naming every valid value unless all ``values`` are in ``valid``."""
    bad = [v for v in values if v not in valid]
    if bad:
        word = "is not one of" if len(bad) == 1 else "are not among"
        raise usage_error(
            f"{', '.join(map(repr, bad))} {word} {', '.join(map(repr, valid))}.", option
        )


#: the one team layout of a pack with fixed teams (partners across the table)
PARTNERS = "P1+P3,P2+P4"


def check_partners(teams: str) -> None:
    """``--teams`` of a pack whose teams are fixed: partners sit across the table."""
    given = sorted(
        sorted(seat.strip().upper() for seat in team.split("+"))
        for team in teams.split(",")
        if team.strip()
    )
    if given != [["P1", "P3"], ["P2", "P4"]]:
        raise usage_error(f"{teams!r}: this game's teams are {PARTNERS}.", "--teams")


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``message`` to stderr and return the Exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def report_errors(exc: DiagnosticError) -> typer.Exit:
    """Print diagnostics to stderr (human format) and return Exit(1)."""
    from cardgen.diagnostics.formats import print_human

    print_human(exc.diagnostics, sys.stderr)
    return typer.Exit(1)


def load(directory: Path):
    """The catalogue in ``directory``; its diagnostics and exit 1 if it is invalid."""
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.diagnostics import DiagnosticError

    try:
        return load_catalogue(directory)
    except DiagnosticError as exc:
        raise report_errors(exc) from None


def cannot_write(target: Path, exc: OSError) -> typer.Exit:
    """An output that cannot be written (read-only, not a folder, disk full): its diagnostic on
    stderr and the Exit(1) to raise."""
    from cardgen.util.files import describe_os_error

    return fail(f"cannot write {target}: {describe_os_error(exc, target)}")


@contextlib.contextmanager
def writing(target: Path) -> Iterator[None]:
    """Turn an OSError raised while writing ``target`` into its diagnostic and exit 1."""
    try:
        yield
    except OSError as exc:
        raise cannot_write(target, exc) from None


def write_output(text: str, out: Path | None) -> None:
    """Write text to stdout, or atomically to ``out`` (a diagnostic and exit 1 if it cannot)."""
    if out is None:
        sys.stdout.write(text)
        return
    from cardgen.util.atomic import atomic_write_text

    with writing(out):
        atomic_write_text(out, text)
    detail(f"wrote {out}")
