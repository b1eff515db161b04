"""A typer command that takes `cardgen render`'s arguments and does nothing.

The floor under any typer CLI: interpreter start, typer (which imports pydantic and builds a
validator per parameter) and argument parsing.  ``bench_render.py`` times it beside
`cardgen render` and the plain-reportlab baseline.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(add_completion=False)


@app.command()
def render(
    directory: Annotated[Path, typer.Argument()] = Path("cards"),
    out: Annotated[Path, typer.Option("--out", "-o")] = Path("output"),
    product: Annotated[list[str] | None, typer.Option("--product", "-p")] = None,
    paper: Annotated[list[str] | None, typer.Option("--paper")] = None,
    duplex: str = "long",
    cmyk: bool = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q")] = False,
) -> None:
    """Parse the arguments, then stop."""


@app.command()
def validate() -> None:
    """A second command, so typer builds a command group as cardgen's CLI does."""


if __name__ == "__main__":
    app()
