"""The gallery the last session showed, kept as data in the output's private folder and shown
at once by the next session when nothing it depends on changed.

An entry holds a checked, complete :class:`~cardgen.studio.state.State` (cards, backs, every
design's raster key, the diagnostics) under a key made of the bytes of every file of the
catalogue folder, the other files its pictures were drawn from (the pack's layout and print
files, fonts, art outside the folder: listed in the entry and hashed again on every read),
the cardgen code, the installed distributions, the paths and the paper.  Equal key, equal
gallery: the session shows it while it loads the catalogue and computes the same state again
(see :mod:`cardgen.studio.session`).  An entry whose pictures are no longer in the raster
store, or that does not read back, is a missing one.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardgen.catalogue.cache_entries import dump_diagnostics, load_diagnostics
from cardgen.render.products.raster_store import RasterStore
from cardgen.studio.state import BackInfo, CardInfo, State
from cardgen.util.hashing import code_digest, digest_data, digest_paths, environment_digest
from cardgen.util.store import Store, read_cache_file

KIND = "studio-gallery"
FILE = "studio-gallery.json"
_CARD_FIELDS = tuple(CardInfo.__dataclass_fields__)


def gallery_key(cards: Path, out: Path, paper: str, inputs: Sequence[str]) -> str:
    """The key of the gallery of ``cards`` drawn from ``inputs`` besides the folder's files."""
    return digest_data(
        {
            "folder": digest_paths([cards]),
            "inputs": list(inputs),
            "input files": digest_paths([Path(p) for p in inputs]),
            "code": code_digest(""),
            "environment": environment_digest(),
            "paths": [str(cards), str(out), os.getcwd()],
            "paper": paper,
        }
    )


def remember(path: Path, key: str, state: State, inputs: Sequence[str]) -> None:
    """Keep ``state`` (checked, every picture stored) under ``key`` (best effort)."""
    body = {
        "inputs": list(inputs),
        "game": state.game,
        "pack": state.pack,
        "cards": [[c.to_json()[f] for f in _CARD_FIELDS] for c in state.cards],
        "backs": [b.to_json() for b in state.backs],
        "pictures": dict(state.pictures),
        "card_size": dict(state.card_size),
        **dump_diagnostics(state.diagnostics),
    }
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
    Store(KIND, folder=path.parent).put(key, body, path.stem)


def inputs_of(path: Path) -> list[str] | None:
    """The extra input files the entry at ``path`` names (to make its key), or None."""
    raw = read_cache_file(path)
    try:
        data = json.loads(raw) if raw is not None else None
    except ValueError:
        return None
    inputs = data.get("inputs") if isinstance(data, dict) else None
    if not isinstance(inputs, list) or not all(isinstance(p, str) for p in inputs):
        return None
    return inputs


def recall(path: Path, key: str, root: Path, store: RasterStore) -> State | None:
    """The state kept under ``key``, if its entry is sound and every picture is stored."""
    data = Store(KIND, folder=path.parent).get(key, path.stem)
    if data is None:
        return None
    try:
        cards = tuple(CardInfo(**dict(zip(_CARD_FIELDS, c, strict=True))) for c in data["cards"])
        backs = tuple(BackInfo(**b) for b in data["backs"])
        pictures: dict[str, Any] = dict(data["pictures"])
        state = State(
            version=1,
            phase="ready",
            game=str(data["game"]),
            pack=str(data["pack"]),
            cards=cards,
            backs=backs,
            pictures=pictures,
            diagnostics=tuple(load_diagnostics(data)),
            card_size={k: float(v) for k, v in data["card_size"].items()},
            root=root,
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if any(k is not None and store.get(k) is None for k in pictures.values()):
        return None
    return state
