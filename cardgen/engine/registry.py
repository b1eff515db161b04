"""Which engine plays a catalogue: its own (``engine: rules.py`` beside ``rules.yaml``, a
designer's rules) or its pack's.

A pack's engine registers apart from the pack, under the entry-point group ``cardgen.engines``
with the pack's id (``attack-right = "cardgen.packs.attack_right.engine:ENGINE"``): loading a
pack to validate or print a catalogue never imports its rules, and the kit finds an engine
without asking the pack.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardgen.engine.definition import Engine
from cardgen.engine.designer_code import load_module
from cardgen.engine.errors import SetupError
from cardgen.pack import Pack, installed_packs

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue

#: the name a designer's engine module gives its engine
ENGINE_NAME = "ENGINE"
#: the entry-point group of the packs' engines (``pack id = "module:ENGINE"``)
ENGINE_GROUP = "cardgen.engines"

_REGISTERED: dict[str, Engine] = {}


@cache
def _entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=ENGINE_GROUP)}


def register_engine(pack_id: str, engine: Engine) -> None:
    """Register ``engine`` as the pack ``pack_id``'s in this process (besides the installed
    entry points)."""
    _REGISTERED[pack_id] = engine


@cache
def _load(pack_id: str) -> Engine | None:
    ep = _entry_points().get(pack_id)
    if ep is None:
        return None
    engine = ep.load()
    if not isinstance(engine, Engine):
        raise SetupError(f"entry point {pack_id!r} ({ep.value}) of {ENGINE_GROUP} is no Engine")
    return engine


def pack_engine(pack: Pack) -> Engine | None:
    """The pack's engine on the kit (registered under :data:`ENGINE_GROUP` with its id), or
    None."""
    pack_id = pack.game_type.id
    return _REGISTERED[pack_id] if pack_id in _REGISTERED else _load(pack_id)


def has_pack_engine(pack: Pack) -> bool:
    """Whether the pack has an engine on the kit (without importing it)."""
    pack_id = pack.game_type.id
    return pack_id in _REGISTERED or pack_id in _entry_points()


def supports(pack: Pack) -> dict[str, bool]:
    """What ``pack`` supports beyond validating its catalogue (an engine on the kit plays
    scenarios and simulations).  Every pack prints components: its own, or for a pack
    without, those a catalogue's ``components.yaml`` describes (Castle Rampage's mats)."""
    kit = has_pack_engine(pack)
    return {
        "print": True,
        "components": True,
        "engine": kit,
        "scenarios": kit,
        "simulate": kit,
        "docs": pack.docs.has_rulebook,
        "new": pack.catalogue.starter is not None,
    }


def describe_packs() -> list[dict[str, Any]]:
    """Every installed pack as JSON-able data: id, name, player counts, what it supports."""
    return [
        {
            "id": p.game_type.id,
            "name": p.game_type.name,
            "min_players": p.game_type.min_players,
            "max_players": p.game_type.max_players,
            "description": p.game_type.description,
            "supports": supports(p),
        }
        for p in installed_packs()
    ]


def engine_of(catalogue: Catalogue) -> Engine:
    """The engine that plays ``catalogue``; :class:`SetupError` if it has none.  A rules
    description (``engine: play.yaml``, beside rules.yaml or the pack's) is compiled for it
    (:mod:`cardgen.engine.described`)."""
    local = getattr(catalogue.rules, "engine", None)
    if local and local.endswith((".yaml", ".yml")):
        from cardgen.engine.described import described_engine, description_path

        path = description_path(catalogue)
        if path is not None and path.is_file():
            return described_engine(path, catalogue)
        raise SetupError(
            f"{catalogue.root / local}: no such file (rules.yaml names it as `engine:`)"
        )
    engine = pack_engine(catalogue.pack)
    if local and ((catalogue.root / local).exists() or engine is None):
        return local_engine(catalogue.root, local)
    if engine is None:
        raise SetupError(
            f"{catalogue.rules.game} has no rules engine: its pack "
            f"({catalogue.pack.game_type.id}) has none and rules.yaml names no `engine:` file"
        )
    return engine


def has_engine(catalogue: Catalogue) -> bool:
    """Whether ``catalogue`` is played by an engine on the kit."""
    return bool(getattr(catalogue.rules, "engine", None)) or pack_engine(catalogue.pack) is not None


def engine_packs() -> list[tuple[Pack, Engine]]:
    """Every installed pack whose engine is on the kit, with it."""
    out = []
    for pack in installed_packs():
        engine = pack_engine(pack)
        if engine is not None:
            out.append((pack, engine))
    return out


_LOCAL: dict[Path, Engine] = {}


def local_engine(root: Path, name: str) -> Engine:
    """The engine of the Python file ``name`` in the catalogue folder ``root`` (its
    ``ENGINE``); :class:`SetupError` naming the file for anything wrong with it."""
    folder = root.resolve()
    path = (folder / name).resolve()
    where = f"{root / name}"
    if folder not in path.parents or path.suffix != ".py":
        raise SetupError(f"{where}: an engine is a .py file inside the catalogue folder")
    if not path.is_file():
        raise SetupError(f"{where}: no such file (rules.yaml names it as `engine:`)")
    if path in _LOCAL:
        return _LOCAL[path]
    module = load_module(root, name, "engine")
    engine = getattr(module, ENGINE_NAME, None)
    if not isinstance(engine, Engine):
        raise SetupError(
            f"{where}: defines no {ENGINE_NAME} (an instance of cardgen.engine.Engine)"
        )
    _LOCAL[path] = engine
    return engine
