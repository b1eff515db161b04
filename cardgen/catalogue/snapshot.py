"""Checked catalogues kept between runs, keyed by the content they were made from.

Reading 160 cards costs far more than the cards are worth: YAML composition with positions,
pydantic validation (and building the validators on first use), then the rules-model checks.
Every command starts that way, so :func:`checked_catalogue` keeps the outcome (the catalogue
*and* every diagnostic found) as a pickle named by a content hash of

* the catalogue folder's YAML files (names and bytes) and its own icons (``icons/``),
* the cardgen source code, and the Python and pydantic versions that pickled it,
* the folder's absolute path and the working folder (diagnostics name files relative to it).

Nothing is keyed by timestamps: editing a card, or the code, makes a new key, and the new
entry replaces the folder's old one.  The entries live in ``cache_dir("catalogue")`` (see
:mod:`cardgen.util.cache_dirs`); a damaged or unreadable entry is read again from YAML, and a cache
folder that cannot be written only costs time.
Pickles are only ever read from that folder, which cardgen itself writes.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import sys
from pathlib import Path

from cardgen.catalogue.icon_tokens import ICON_FOLDER
from cardgen.catalogue.loader import Catalogue, read_catalogue
from cardgen.diagnostics import Diagnostic
from cardgen.util.atomic import atomic_write_bytes
from cardgen.util.cache_dirs import cache_dir
from cardgen.util.hashing import PACKAGE_ROOT, digest_data, digest_paths

#: Bump when what an entry holds changes.
VERSION = 1
CATALOGUE_SUFFIXES = (".yaml", ".yml")

Checked = tuple[Catalogue | None, list[Diagnostic]]


def content_key(root: str | os.PathLike[str]) -> dict:
    """What a checked catalogue depends on: catalogue files, code, paths (as JSON-able data).

    :mod:`cardgen.catalogue.extra_checks` extends it with what each check reads.
    """
    import pydantic

    return {
        "root": os.path.abspath(root),
        "cwd": os.getcwd(),
        "catalogue": digest_paths([Path(root)], CATALOGUE_SUFFIXES),
        "icons": digest_paths([Path(root) / ICON_FOLDER]),
        "code": digest_paths([PACKAGE_ROOT]),
        "python": sys.version,
        "pydantic": pydantic.VERSION,
    }


def _check(root: Path) -> Checked:
    catalogue, diags = read_catalogue(root)
    if catalogue is not None:
        diags += catalogue.pack.check(catalogue)
    return catalogue, diags


def checked_catalogue(root: str | os.PathLike[str], *, use_cache: bool = True) -> Checked:
    """The catalogue of ``root`` with its schema and rules-model diagnostics.

    The same as :func:`~cardgen.catalogue.loader.read_catalogue` followed by the pack's
    rules-model checks (``Pack.check``), replayed from the cache when the
    catalogue, the code and the paths are unchanged.
    """
    root = Path(root)
    if not use_cache or not root.is_dir():
        return _check(root)
    try:
        key = content_key(root)
    except OSError:  # a file that cannot be read: reading the YAML reports it
        return _check(root)
    # one entry per catalogue folder and working folder: a new one replaces the old
    place = digest_data([key["root"], key["cwd"]])[:16]
    folder = cache_dir("catalogue")
    path = folder / f"{place}-{digest_data({'v': VERSION, **key})}.pickle"
    try:
        with open(path, "rb") as fh:
            catalogue, diags = pickle.load(fh)
        if isinstance(diags, list) and (catalogue is None or isinstance(catalogue, Catalogue)):
            return catalogue, diags
    except Exception:  # no entry, or a damaged one: read the YAML again
        pass
    result = _check(root)
    # best effort: a folder that cannot be written, or a result too deeply nested to pickle
    # (a recursive YAML alias in a broken file), only costs the next run its time
    with contextlib.suppress(Exception):
        atomic_write_bytes(path, pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
        for old in folder.glob(f"{place}-*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
    return result
