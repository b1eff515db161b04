"""Data files shipped inside the package (fonts, templates, pack data), read with importlib."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def data_path(package: str, *parts: str) -> Path:
    """The path of a data file or folder inside ``package`` (installed packages are unzipped)."""
    return Path(str(files(package).joinpath(*parts)))
