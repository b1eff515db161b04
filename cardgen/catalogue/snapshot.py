"""Checked catalogues kept between runs as data, keyed by the content they were made from.

Reading 160 cards costs far more than the cards are worth: YAML composition with positions,
pydantic validation (and building the validators on first use), then the rules-model checks.
Every command starts that way, so :func:`snapshot` keeps the outcome (the catalogue *and*
every diagnostic found) as a JSON entry of the cache store (:mod:`cardgen.util.store`) named by a
content hash of

* the catalogue folder's YAML files (names and bytes) and its own icons (``icons/``),
* the cardgen package (code and data), the Python version and the installed distributions,
* the folder's absolute path and the working folder (diagnostics name files relative to it);

and it records the pack's own code when the pack lives outside cardgen, checked on every read.

An entry holds data only: the diagnostics as rows, and the cards and rules model as the JSON
of their models, validated again by the pack's models when a command needs the catalogue
(``cardgen validate`` of an unchanged catalogue needs only the diagnostics, and never imports
the pack).  Before an entry is written it is read back and compared with the catalogue it
stands for; a catalogue that does not come back equal is not kept.  An entry is used only if
it holds the key it is filed under; a damaged, foreign or unreadable entry is read again from
YAML, and a cache folder that cannot be used only costs time.

Nothing is keyed by timestamps: editing a card, or the code, makes a new key, and the new
entry replaces the folder's old one.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.catalogue.cache_entries import (
    dump_diagnostics,
    load_diagnostics,
)
from cardgen.catalogue.icon_tokens import ICON_FOLDER
from cardgen.diagnostics import Diagnostic
from cardgen.pack import get_pack
from cardgen.util.files import folder_problem
from cardgen.util.hashing import (
    PACKAGE_ROOT,
    code_digest,
    digest_data,
    digest_paths,
    environment_digest,
)
from cardgen.util.store import Store

if TYPE_CHECKING:  # the loader (YAML, the models) is imported only when YAML is read
    from cardgen.catalogue.loader import CardFileMemo, Catalogue

#: Bump when what an entry holds changes.
VERSION = 3
KIND = "catalogue"
CATALOGUE_SUFFIXES = (".yaml", ".yml")

Checked = tuple["Catalogue | None", list[Diagnostic]]


def content_key(root: str | os.PathLike[str]) -> dict:
    """What a checked catalogue depends on: catalogue files, code, environment and paths (as
    JSON-able data).  :mod:`cardgen.catalogue.extra_checks` adds what the checks read."""
    return {
        "root": os.path.abspath(root),
        "cwd": os.getcwd(),
        "catalogue": digest_paths([Path(root)], CATALOGUE_SUFFIXES),
        "icons": digest_paths([Path(root) / ICON_FOLDER]),
        "code": code_digest(""),
        "environment": environment_digest(),
    }


class Snapshot:
    """The checked catalogue of a folder: its diagnostics, the facts the checks' cache keys
    need (pack, art files, the pack's own code), and the catalogue, made on first use."""

    def __init__(
        self,
        root: Path,
        diagnostics: list[Diagnostic],
        *,
        catalogue: Catalogue | None = None,
        payload: str | None = None,
        facts: dict[str, Any] | None = None,
        key: str | None = None,
    ):
        self.root = root
        self.diagnostics = diagnostics
        #: the key of the entry this came from or went to (None: no cache)
        self.key = key
        self._payload = payload
        if catalogue is not None:
            self.__dict__["catalogue"] = catalogue
        facts = facts if facts is not None else _facts(catalogue)
        self.pack_id: str | None = facts["pack"]
        self.card_count: int | None = facts["count"]
        self.art: tuple[str, ...] = tuple(facts["art"])
        self.deps: dict[str, str] = dict(facts["deps"])

    @property
    def has_catalogue(self) -> bool:
        """Whether the rules model loaded (the catalogue holds the cards that passed)."""
        return self.pack_id is not None

    @cached_property
    def catalogue(self) -> Catalogue | None:
        """The catalogue: the kept cards and rules model validated again by the pack's models
        (the YAML is read again if the entry does not validate)."""
        if self._payload is None:
            return None
        try:
            return _decode(self.root, self.pack_id, json.loads(self._payload))
        except Exception:  # a pack that changed its mind, or a damaged entry: read the YAML
            return check_catalogue(self.root)[0]
        finally:
            self._payload = None


def check_catalogue(root: Path, memo: CardFileMemo | None = None) -> Checked:
    """The catalogue of ``root`` with its schema and rules-model diagnostics, read from its
    files (no cache entry; ``memo`` keeps unchanged card files between reads)."""
    from cardgen.catalogue.components_file import component_problems
    from cardgen.catalogue.custom_fields import icon_field_problems
    from cardgen.catalogue.loader import read_catalogue, refused_too
    from cardgen.catalogue.placeholders import placeholder_notes

    catalogue, diags = read_catalogue(root) if memo is None else read_catalogue(root, memo=memo)
    if catalogue is not None:
        diags += placeholder_notes(catalogue)
        # the pack's checks read the cards the schema refused too (without their refused
        # fields): every problem of a card at once, none at a place that has its error
        diags += refused_too(catalogue, icon_field_problems, diags)
        diags += refused_too(catalogue, catalogue.pack.catalogue.check, diags)
        diags += component_problems(catalogue)
    return catalogue, diags


def _pack_sources(catalogue: Catalogue) -> list[str]:
    """The files of the catalogue's pack outside cardgen: its top-level package folder (or
    module file) and its data folder."""
    pack = catalogue.pack
    top = pack.module.partition(".")[0]
    module = sys.modules.get(top)
    out = []
    for path in (getattr(module, "__file__", None), getattr(pack, "data", None)):
        if not path:
            continue
        path = Path(path).resolve()
        if path.name == "__init__.py":
            path = path.parent
        if not path.is_relative_to(PACKAGE_ROOT):
            out.append(os.fspath(path))
    return sorted(set(out))


def _facts(catalogue: Catalogue | None) -> dict[str, Any]:
    if catalogue is None:
        return {"pack": None, "count": None, "art": [], "deps": {}}
    deps = {p: digest_paths([Path(p)]) for p in _pack_sources(catalogue)}
    art = sorted({c.art for c in catalogue.cards if getattr(c, "art", None)})
    return {"pack": catalogue.rules.pack, "count": catalogue.count(), "art": art, "deps": deps}


def _encode(catalogue: Catalogue) -> dict[str, Any]:
    """The catalogue as JSON data: the models' JSON, where each card was defined, positions."""
    cards = catalogue.cards
    return {
        "rules": catalogue.rules.model_dump(mode="json"),
        "cards": [c.model_dump(mode="json") for c in cards],
        "sources": [
            [catalogue.sources[c.id].smap.file, catalogue.sources[c.id].index] for c in cards
        ],
        "files": {name: list(smap.rows()) for name, smap in catalogue.files.items()},
        "file_values": {
            name: [[value, file] for value, file in values.items()]
            for name, values in catalogue.file_values.items()
        },
    }


def _decode(root: Path, pack_id: str | None, data: dict[str, Any]) -> Catalogue:
    """The catalogue of :func:`_encode` data, its models validated by the pack's models."""
    from cardgen.catalogue.custom_fields import card_model
    from cardgen.catalogue.loader import CardSource, Catalogue
    from cardgen.catalogue.yaml_source import SourceMap

    if pack_id is None:
        raise ValueError("an entry without a pack has no catalogue")
    pack = get_pack(pack_id)
    rules = pack.catalogue.rules_model.model_validate(data["rules"])
    ctx = pack.catalogue.validation_context(rules)
    model = card_model(pack, rules)
    cards = [model.model_validate(c, context=ctx) for c in data["cards"]]
    files = {
        name: SourceMap.from_rows(name, values, keys)
        for name, (values, keys) in data["files"].items()
    }
    sources = {}
    for card, (file, index) in zip(cards, data["sources"], strict=True):
        if type(index) is not int or card.id in sources:
            raise ValueError("a card's source is its file and its index there, once per card")
        sources[card.id] = CardSource(files[file], index)
    file_values = {
        name: {value: file for value, file in values}
        for name, values in data["file_values"].items()
    }
    return Catalogue(root, rules, cards, sources, files, file_values)


def _same(a: Catalogue, b: Catalogue) -> bool:
    """Whether two catalogues hold the same models, positions and sources."""
    return (
        a.rules == b.rules
        and a.cards == b.cards
        and a.files == b.files
        and a.file_values == b.file_values
        and {k: (s.smap.file, s.index) for k, s in a.sources.items()}
        == {k: (s.smap.file, s.index) for k, s in b.sources.items()}
    )


def _sound(entry: dict[str, Any]) -> tuple[list[Diagnostic], dict[str, Any]] | None:
    """The diagnostics and facts of an entry that is well formed and whose recorded pack
    sources are unchanged; None otherwise."""
    try:
        diags = load_diagnostics(entry)
        pack, count, art, deps = (entry[k] for k in ("pack", "count", "art", "deps"))
    except (ValueError, KeyError):
        return None
    if not (
        (pack is None or type(pack) is str)
        and (count is None or type(count) is int)
        and type(art) is list
        and all(type(a) is str for a in art)
        and type(deps) is dict
        and all(type(v) is str for v in deps.values())
        and (type(entry.get("catalogue")) is str) == (pack is not None)
    ):
        return None
    if any(digest_paths([Path(p)]) != d for p, d in deps.items()):
        return None  # the pack's own code changed
    return diags, {"pack": pack, "count": count, "art": art, "deps": deps}


def snapshot(root: str | os.PathLike[str], *, use_cache: bool = True) -> Snapshot:
    """The checked catalogue of ``root``: :func:`~cardgen.catalogue.loader.read_catalogue`
    followed by the pack's rules-model checks (``Pack.check``), replayed from the cache when
    the catalogue, the code and the paths are unchanged."""
    root = Path(root)
    store = Store(KIND, use=use_cache and folder_problem(root) is None)
    if store.folder is None:
        catalogue, diags = check_catalogue(root)
        return Snapshot(root, diags, catalogue=catalogue)
    key = content_key(root)
    # one entry per catalogue folder and working folder: a new one replaces the old
    place = digest_data([key["root"], key["cwd"]])[:16]
    digest = digest_data({"v": VERSION, **key})
    name = f"{place}-{digest}"
    entry = store.get(digest, name)
    sound = _sound(entry) if entry is not None else None
    if entry is not None and sound is not None:
        diags, facts = sound
        payload = entry["catalogue"] if facts["pack"] is not None else None
        return Snapshot(root, diags, payload=payload, facts=facts, key=digest)
    catalogue, diags = check_catalogue(root)
    snap = Snapshot(root, diags, catalogue=catalogue, key=digest)
    _store(snap, catalogue, store, name)
    for old in store.folder.glob(f"{place}-*"):
        if old.stem != name and old.suffix in (".json", ".pickle"):
            with contextlib.suppress(OSError):
                old.unlink()
    return snap


def _store(snap: Snapshot, catalogue: Catalogue | None, store: Store, name: str) -> None:
    """Write the entry of ``snap`` if its catalogue comes back equal from its JSON."""
    facts = {"pack": snap.pack_id, "count": snap.card_count, "art": snap.art, "deps": snap.deps}
    body: dict[str, Any] = {**dump_diagnostics(snap.diagnostics), **facts, "catalogue": None}
    if catalogue is not None:
        try:
            text = json.dumps(_encode(catalogue), ensure_ascii=False, allow_nan=False)
            if not _same(_decode(snap.root, snap.pack_id, json.loads(text)), catalogue):
                return
            body["catalogue"] = text
        except Exception:  # not JSON-able (a date as a key), or not validated the same again
            return
    store.put(snap.key or "", body, name)


def checked_catalogue(root: str | os.PathLike[str], *, use_cache: bool = True) -> Checked:
    """The catalogue of ``root`` with its schema and rules-model diagnostics (see
    :func:`snapshot`)."""
    snap = snapshot(root, use_cache=use_cache)
    return snap.catalogue, snap.diagnostics
