"""Helpers shared by the CLI commands: error printing and atomic output."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from cardgen.diagnostics import DiagnosticError


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``message`` to stderr and return the Exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def report_errors(exc: DiagnosticError) -> typer.Exit:
    """Print diagnostics to stderr (human format) and return Exit(1)."""
    from cardgen.diagnostics.formats import print_human

    print_human(exc.diagnostics, sys.stderr)
    return typer.Exit(1)


def write_output(text: str, out: Path | None) -> None:
    """Write text to stdout, or atomically to ``out``."""
    if out is None:
        sys.stdout.write(text)
        return
    from cardgen.util.atomic import atomic_write_text

    atomic_write_text(out, text)
