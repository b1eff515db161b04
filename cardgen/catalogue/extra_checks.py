"""Checks beyond the schema and rules model, run by `cardgen validate` and cached by content.

A pack's engine-backed card checks and the print preflight need an engine, reportlab and the
fonts: they cost far more than reading 160 cards (:mod:`cardgen.standard_checks` lists them).  Their
result depends only on their inputs, so :func:`run_extra_checks` keys each result by a content
hash of the catalogue files, the folders the check reads, the cardgen package (code, data) and the
check's own arguments, and replays it from the cache when nothing changed.  Nothing is keyed
by timestamps.  Set ``CARDGEN_CACHE_DIR`` to move the cache, or pass ``use_cache=False``.
"""

from __future__ import annotations

import contextlib
import importlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from cardgen.catalogue.loader import Catalogue
from cardgen.catalogue.snapshot import content_key
from cardgen.diagnostics import Diagnostic, Position
from cardgen.util.atomic import atomic_write_text
from cardgen.util.cache_dirs import cache_dir as shared_cache_dir
from cardgen.util.hashing import PACKAGE_ROOT, digest_data, digest_paths

CACHE_VERSION = 1


@dataclass(frozen=True)
class ExtraCheck:
    """A check named by import path (imported only when it has to run).

    ``target`` is ``"package.module:function"``; the function is called as
    ``function(catalogue, *args)`` and returns diagnostics.  ``inputs`` are project folders
    (relative to the project root) whose content the check reads besides the catalogue.
    """

    target: str
    args: tuple = ()
    inputs: tuple[str, ...] = ()

    def load(self) -> Callable[..., Iterable[Diagnostic]]:
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)

    def run(self, catalogue: Catalogue) -> list[Diagnostic]:
        return list(self.load()(catalogue, *self.args))


def cache_dir() -> Path:
    """Where cached check results live (see :mod:`cardgen.util.cache_dirs`)."""
    return shared_cache_dir("checks")


def _key(check: ExtraCheck, shared: dict) -> str:
    return digest_data(
        {
            "version": CACHE_VERSION,
            **shared,
            "check": check.target,
            "args": list(check.args),
            "inputs": digest_paths([PACKAGE_ROOT / p for p in check.inputs]),
        }
    )


def _dump(diags: list[Diagnostic]) -> str:
    rows = [
        [d.code, d.message, d.position.file, d.position.line, d.position.column, d.card, d.hint]
        for d in diags
    ]
    return json.dumps(rows, ensure_ascii=False)


def _load(text: str) -> list[Diagnostic]:
    return [
        Diagnostic(code, msg, Position(file, line, col), card, hint)
        for code, msg, file, line, col, card, hint in json.loads(text)
    ]


def run_extra_checks(
    catalogue: Catalogue, checks: Iterable[ExtraCheck], *, use_cache: bool = True
) -> list[Diagnostic]:
    """Run each check, or replay its cached result when none of its inputs changed."""
    out: list[Diagnostic] = []
    folder = cache_dir()
    shared = content_key(catalogue.root) if use_cache else {}
    for check in checks:
        if not use_cache:
            out += check.run(catalogue)
            continue
        path = folder / f"{_key(check, shared)}.json"
        try:
            out += _load(path.read_text(encoding="utf-8"))
            continue
        except (OSError, ValueError, TypeError):
            pass  # no entry (or a damaged one): run the check
        diags = check.run(catalogue)
        out += diags
        with contextlib.suppress(OSError):  # a read-only cache folder only costs speed
            atomic_write_text(path, _dump(diags))
    return out
