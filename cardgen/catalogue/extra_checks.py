"""Checks beyond the schema and rules model, run by `cardgen validate` and cached by content.

A pack's engine-backed card checks and the print preflight need an engine, reportlab and the
fonts: they cost far more than reading 160 cards (:mod:`cardgen.checks` lists them).  Their
result depends only on their inputs, so :func:`run_extra_checks` keys each result by a content
hash of everything a check may read (:func:`check_inputs`: the catalogue snapshot's key, every
file of the catalogue folder, the cards' art files wherever they are, the pack's code) and the
check's own target, arguments and input folders, and replays it from the cache when nothing
changed.  A check that reads no card (``cards=False``: the sheets' preflight draws the
components from the rules model and the files beside the cards) is keyed by the catalogue
folder without its card files, so a card edit replays it.  Nothing is keyed by timestamps.
Set ``CARDGEN_CACHE_DIR`` to move the cache, or pass ``use_cache=False``.  Results are JSON
entries that hold their own key (:mod:`cardgen.catalogue.cache_entries`).
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.catalogue.cache_entries import (
    dump_diagnostics,
    load_diagnostics,
)
from cardgen.catalogue.snapshot import Snapshot, content_key
from cardgen.diagnostics import Diagnostic
from cardgen.util.hashing import (
    PACKAGE_ROOT,
    code_digest,
    digest_data,
    digest_paths,
    environment_digest,
    file_kind,
)
from cardgen.util.store import Store

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue

CACHE_VERSION = 2


@dataclass(frozen=True)
class ExtraCheck:
    """A check, imported only when it has to run.

    ``target`` is the check function, or its import path ``"package.module:function"`` (a
    pack names its own checks so); the function is called as ``function(catalogue, *args)``
    and returns diagnostics.  A function given is best a thin one of a light module that
    imports its heavy work when called (:mod:`cardgen.checks`).  ``inputs`` are project
    folders (relative to the project root) whose content the check reads besides the
    catalogue.
    """

    target: str | Callable[..., Iterable[Diagnostic]]
    args: tuple = ()
    inputs: tuple[str, ...] = ()
    #: whether the check reads the cards (False: it reads the rules model and the files
    #: beside the card files alone)
    cards: bool = True

    @property
    def name(self) -> str:
        """``"package.module:function"``: the check in cache keys and messages."""
        if isinstance(self.target, str):
            return self.target
        return f"{self.target.__module__}:{self.target.__qualname__}"

    def load(self) -> Callable[..., Iterable[Diagnostic]]:
        if not isinstance(self.target, str):
            return self.target
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)

    def run(self, catalogue: Catalogue) -> list[Diagnostic]:
        return list(self.load()(catalogue, *self.args))


def check_store(use: bool = True) -> Store:
    """The cache store of check results (:class:`cardgen.util.store.Store`)."""
    return Store("checks", use=use)


def _art_digest(root: Path, art: str) -> str:
    """An art file's content digest (or what it is instead: missing, a FIFO...); an absolute
    path is refused by the preflight whatever it holds."""
    if os.path.isabs(art):
        return "absolute"
    return digest_paths([root / art]) + file_kind(root / art)


def check_inputs(snap: Snapshot) -> dict[str, Any]:
    """What any check of ``snap``'s catalogue may read besides its own input folders: the
    catalogue (its snapshot key: YAML, code, environment, paths), every file of the catalogue
    folder (layout, icons, anything), each card's art file and the pack's code outside cardgen."""
    root = snap.root
    return {
        "version": CACHE_VERSION,
        "snapshot": snap.key or digest_data(content_key(root)),
        "folder": digest_paths([root]),
        "art": {a: _art_digest(root, a) for a in snap.art},
        "pack": snap.deps,
    }


def _without_cards(root: Path, inputs: dict[str, Any]) -> dict[str, Any]:
    """The inputs of a check that reads no card: the files of the catalogue folder but the
    card files, the code, the environment, the paths (diagnostics name files relative to the
    working folder) and the pack's own code."""
    return {
        "version": inputs["version"],
        "paths": [os.path.abspath(root), os.getcwd()],
        "code": code_digest(""),
        "environment": environment_digest(),
        "beside cards": beside_cards(root),
        "pack": inputs["pack"],
    }


def beside_cards(root: Path) -> str:
    """The digest of every file of the catalogue folder ``root`` but its card files (rules,
    layout, components, icons, fonts, art …); a folder not yet written (a catalogue checked
    before ``import`` writes it) has none."""
    from cardgen.catalogue.loader import RESERVED_FILES

    if not root.is_dir():
        return digest_data([])
    beside = [
        p
        for p in sorted(root.iterdir())
        if p.suffix not in (".yaml", ".yml") or p.name in RESERVED_FILES or p.is_dir()
    ]
    return digest_data([[p.name, digest_paths([p])] for p in beside])


def _key(check: ExtraCheck, inputs: dict[str, Any], root: Path) -> str:
    if not check.cards:
        inputs = _without_cards(root, inputs)
    return digest_data(
        {
            **inputs,
            "check": check.name,
            "args": list(check.args),
            "inputs": digest_paths([PACKAGE_ROOT / p for p in check.inputs]),
        }
    )


def run_extra_checks(
    catalogue: Catalogue,
    checks: Iterable[ExtraCheck],
    *,
    use_cache: bool = True,
    inputs: dict[str, Any] | None = None,
) -> list[Diagnostic]:
    """Run each check, or replay its cached result when none of its inputs changed
    (``inputs``: :func:`check_inputs` of the catalogue, computed when not given)."""
    out: list[Diagnostic] = []
    store = check_store(use_cache)
    if store.folder is not None and inputs is None:
        inputs = check_inputs(Snapshot(catalogue.root, [], catalogue=catalogue))
    for check in checks:
        if store.folder is None or inputs is None:
            out += check.run(catalogue)
            continue
        key = _key(check, inputs, Path(catalogue.root))
        entry = store.get(key)
        if entry is not None:
            with contextlib.suppress(ValueError):
                out += load_diagnostics(entry)
                continue
        diags = check.run(catalogue)
        out += diags
        store.put(key, dump_diagnostics(diags))
    return out
