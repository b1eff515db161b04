"""The shipped catalogues whose engine is on the engine kit (every test of the kit's promises
runs over each of them)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from cardgen.catalogue.loader import Catalogue, load_catalogue
from cardgen.engine.definition import Engine
from cardgen.engine.registry import engine_of, has_engine

ROOT = Path(__file__).resolve().parents[2]
#: every catalogue folder shipped in the repository (a pack's starter and a starter whose rules
#: are data included)
FOLDERS = sorted(
    {
        p.parent
        for pattern in (
            "cards/rules.yaml",
            "games/*/cards/rules.yaml",
            "cardgen/packs/*/cards/rules.yaml",
            "cardgen/scaffold/starters/*/cards/rules.yaml",
        )
        for p in ROOT.glob(pattern)
    }
)


@cache
def _catalogue(folder: Path) -> Catalogue:
    return load_catalogue(folder)


@cache
def load(folder: Path) -> tuple[Catalogue, Engine]:
    cat = _catalogue(folder)
    return cat, engine_of(cat)


def kit_folders() -> list[Path]:
    """The shipped catalogues played by an engine on the kit (each catalogue loaded once a
    process: four test modules ask at collection)."""
    return [f for f in FOLDERS if has_engine(_catalogue(f))]


def ids(folders: list[Path]) -> list[str]:
    return [f.relative_to(ROOT).as_posix() for f in folders]
