"""Run scenario files: find them, read the YAML, find the catalogue and its pack, hand the
scenario to the pack's scenario module and collect the outcome."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from cardgen.catalogue.loader import Catalogue, load_catalogue
from cardgen.diagnostics import DiagnosticError
from cardgen.engine.scenario import Outcome, collect
from cardgen.scenarios.protocol import DEFAULT_CARDS, ScenarioError
from cardgen.util.files import folder_problem

#: the result and the file search are the engine kit's (one scenario runner for both formats)
__all__ = ["Outcome", "catalogue", "catalogue_folder", "collect", "run_scenario_file"]

_CATALOGUES: dict[Path, Catalogue] = {}


def catalogue_folder(path: Path, data: Any) -> Path:
    """The catalogue a scenario file plays on: its ``cards`` folder, relative to the file
    (the default when it names none, or names it wrongly: the pack's model then says so)."""
    cards = data.get("cards") if isinstance(data, dict) else None
    return path.parent / (cards if isinstance(cards, str) else DEFAULT_CARDS)


def catalogue(root: Path) -> Catalogue:
    """The catalogue in ``root``, loaded once per process."""
    with contextlib.suppress(OSError, ValueError, RuntimeError):  # loading it says what is wrong
        root = root.resolve()
    if root not in _CATALOGUES:
        _CATALOGUES[root] = load_catalogue(root)
    return _CATALOGUES[root]


def _name(path: Path, data: Any) -> str:
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) else path.stem


def run_scenario_file(path: Path) -> Outcome:
    """Run one scenario file; setup and format problems become failures, never tracebacks."""
    from cardgen.catalogue.yaml_source import load_yaml

    try:
        data, smap = load_yaml(path, display=str(path))
    except DiagnosticError as exc:
        return Outcome(path.stem, [f"{d.position}: {d.message}" for d in exc.diagnostics])
    folder = catalogue_folder(path, data)
    if (why := folder_problem(folder)) is not None:
        where = smap.at(("cards",), key=True)
        return Outcome(_name(path, data), [f"{where}: cards: the catalogue folder {why}"])
    try:
        cat = catalogue(folder)
    except DiagnosticError as exc:
        return Outcome(
            _name(path, data),
            [f"catalogue: {d.position}: {d.message}" for d in exc.diagnostics],
        )
    pack = cat.pack
    if pack.scenarios is None:
        return Outcome(
            _name(path, data), [f"cannot run: the {pack.game_type.id} pack has no scenarios"]
        )
    module = pack.module("scenarios")
    try:
        sc = module.parse(data, smap)
    except DiagnosticError as exc:
        return Outcome(path.stem, [f"{d.position}: {d.message}" for d in exc.diagnostics])
    try:
        return Outcome(sc.name, list(module.run(sc, cat)))
    except ScenarioError as exc:
        return Outcome(sc.name, [f"cannot run: {exc}"])
