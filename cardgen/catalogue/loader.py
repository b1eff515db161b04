"""Load a catalogue folder (``rules.yaml`` + one YAML file per group of cards) into typed models.

``rules.yaml`` names the folder's game pack (``pack: attack-right``); the pack's rules model
and card model then check the rest.  A card file is a mapping with ``cards:`` (a list of card
designs) and, optionally, values of the pack's ``file_fields`` that every card of the file
shares (``deck: battle``).

Loading never stops at the first problem: every file and every card is checked, and all
diagnostics are collected.  Cards that pass the schema are kept so the pack's rules-model
checks can still run on them.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import TypeAdapter, ValidationError

from cardgen.catalogue.custom_fields import card_model, field_clashes, unknown_icon_hint
from cardgen.catalogue.models import CardBase, RulesBase
from cardgen.catalogue.paths import OVERRIDE_FILES, RESERVED_FILES, RULES_FILE, display_path
from cardgen.catalogue.snapshot import checked_catalogue
from cardgen.catalogue.text_checks import text_problems
from cardgen.catalogue.validation_errors import error_to_diagnostic, validate_model
from cardgen.catalogue.yaml_source import SourceMap, load_yaml
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position, Severity
from cardgen.pack import PackError, get_pack, pack_ids
from cardgen.util.files import folder_problem, why_not_regular
from cardgen.util.hashing import digest_paths

if TYPE_CHECKING:
    from cardgen.pack import Pack


@dataclass(frozen=True)
class CardSource:
    """Where a card was defined: its file's source map and its index in ``cards``."""

    smap: SourceMap
    index: int

    def at(self, *path: str | int, key: bool = False) -> Position:
        return self.smap.at(("cards", self.index, *path), key=key)


@dataclass
class Catalogue:
    """The validated cards of a catalogue folder with the rules model they follow."""

    root: Path
    rules: Any  # the pack's rules model (a RulesBase)
    cards: list[Any]  # the pack's card models (CardBase)
    sources: dict[str, CardSource] = field(default_factory=dict)
    files: dict[str, SourceMap] = field(default_factory=dict)
    #: file field -> value -> the file that sets it (``{"deck": {"battle": "cards/battle.yaml"}}``)
    file_values: dict[str, dict[str, str]] = field(default_factory=dict)
    #: the cards the schema refused, each read without its refused fields (no card of the
    #: catalogue): what the pack's checks also read, so a card's problems are said at once
    refused: list[tuple[Any, CardSource]] = field(default_factory=list, repr=False)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def pack(self) -> Pack:
        """The game pack this catalogue follows."""

        return get_pack(self.rules.pack)

    @cached_property
    def by_id(self) -> dict[str, Any]:
        return {c.id: c for c in self.cards}

    def card(self, card_id: str) -> Any:
        return self.by_id[card_id]

    def select(self, **where: Any) -> list[Any]:
        """Cards whose fields equal ``where`` (``select(deck="battle")``), in catalogue order;
        a value of None matches anything."""
        conds = [(k, v) for k, v in where.items() if v is not None]
        return [c for c in self.cards if all(getattr(c, k) == v for k, v in conds)]

    def count(self, **where: Any) -> int:
        """Physical cards (copies included) of :meth:`select`."""
        return sum(c.copies for c in self.select(**where))

    def position(self, card_id: str, *path: str | int, key: bool = False) -> Position:
        src = self.sources.get(card_id)
        return src.at(*path, key=key) if src else Position(str(self.root))

    def with_refused(self) -> Catalogue:
        """This catalogue with the cards the schema refused, read without their refused
        fields, among its cards (for the pack's checks only: never printed or played)."""
        extra = [(c, src) for c, src in self.refused if c.id not in self.sources]
        if not extra:
            return self
        cards = [*self.cards, *(c for c, _ in dict((c.id, (c, s)) for c, s in extra).values())]
        sources = {**{c.id: src for c, src in extra}, **self.sources}
        return Catalogue(self.root, self.rules, cards, sources, self.files, self.file_values)


def refused_too(
    catalogue: Catalogue, check: Callable[[Catalogue], list[Diagnostic]], said: list[Diagnostic]
) -> list[Diagnostic]:
    """``check`` run on the catalogue with the cards the schema refused
    (:meth:`Catalogue.with_refused`): its diagnostics, less those about a refused card at a
    place that has an error in ``said`` already (the refused value itself)."""
    ids = {c.id for c, _ in catalogue.refused}
    taken = {d.position for d in said if d.severity is Severity.ERROR}
    found = check(catalogue.with_refused())
    return [d for d in found if d.card not in ids or d.position not in taken]


def find_card_files(root: Path) -> list[Path]:
    """The card files of a catalogue folder (every YAML file but the reserved ones), by name."""
    files = [
        p
        for p in root.iterdir()
        if p.suffix in (".yaml", ".yml") and p.name not in RESERVED_FILES and not p.is_dir()
    ]
    return sorted(files)


def _special_files(root: Path) -> list[Diagnostic]:
    """A diagnostic for each override file of the folder that is not a regular file (a FIFO,
    socket, device or broken symlink would hang or break the command that reads it)."""

    out = []
    for name in OVERRIDE_FILES:
        path = root / name
        reason = why_not_regular(path) if os.path.lexists(path) else None
        if reason is not None:
            out.append(
                Diagnostic(
                    "E001",
                    f"cannot read file: {reason}",
                    Position(display_path(path)),
                    hint="make it a regular file, or remove it from the folder",
                )
            )
    return out


def load_rules(path: Path, display: str | None = None) -> tuple[Pack, RulesBase]:
    """The pack named by a ``rules.yaml`` and the rules model it validates.

    Raises DiagnosticError (E011 for a missing or unknown pack) on bad input.
    """

    data, smap = load_yaml(path, display=display or str(path))
    if not isinstance(data, dict):
        raise DiagnosticError([Diagnostic("E102", "rules.yaml must be a mapping", smap.at(()))])
    pack_id = data.get("pack")
    if not isinstance(pack_id, str):
        where = smap.at(("pack",)) if "pack" in data else smap.at(())
        raise DiagnosticError(
            [
                Diagnostic(
                    "E011",
                    "rules.yaml does not name its game pack",
                    where,
                    hint=f"add `pack: <id>`; installed packs: {', '.join(pack_ids())}",
                )
            ]
        )
    try:
        pack = get_pack(pack_id)
    except PackError as exc:
        raise DiagnosticError([Diagnostic("E011", str(exc), smap.at(("pack",)))]) from None
    problems = text_problems(data, smap)
    try:
        rules = validate_model(pack.catalogue.rules_model, data, smap)
    except DiagnosticError as exc:
        raise DiagnosticError(problems + exc.diagnostics) from None
    problems += pack.catalogue.rules_problems(rules, smap, path.parent)
    problems += _field_clashes(pack, rules, smap)
    problems += _default_icons(pack, rules, smap, path.parent)
    problems += _engine_file(pack, rules, smap, path.parent)
    if problems:
        raise DiagnosticError(problems)
    return pack, rules


def _engine_file(pack: Pack, rules: RulesBase, smap: SourceMap, folder: Path) -> list[Diagnostic]:
    """E019 when ``engine:`` names a file that is neither a regular file of the catalogue
    folder nor one of the pack's (the file itself is loaded only by the commands that play)."""

    name = rules.engine
    if not name:
        return []
    local = folder / name
    if os.path.lexists(local):
        reason = why_not_regular(local)
        if reason is None and folder.resolve() in local.resolve().parents:
            return []
        why = reason or "it lies outside the catalogue folder"
        return [Diagnostic("E019", f"engine: {name}: {why}", smap.at(("engine",)))]
    if (pack.data / name).is_file():
        return []
    return [
        Diagnostic(
            "E019",
            f"engine: no file {name} beside rules.yaml (nor in the {pack.game_type.id} pack)",
            smap.at(("engine",)),
        )
    ]


def _field_clashes(pack: Pack, rules: RulesBase, smap: SourceMap) -> list[Diagnostic]:
    """E109 for each field ``rules.yaml`` declares that the pack's cards already have."""

    return [
        Diagnostic(
            "E109",
            f"fields: {why}",
            smap.at(("fields", name), key=True),
            hint="remove it from `fields:` (the pack's own field is used), or rename it",
        )
        for name, why in field_clashes(rules.fields, pack.catalogue.card_model)
    ]


def _default_icons(pack: Pack, rules: RulesBase, smap: SourceMap, folder: Path) -> list[Diagnostic]:
    """E104 for each ``icon`` field whose ``default`` names no icon file, at its line of
    rules.yaml (not at every card that takes the default)."""

    out = []
    for name, f in rules.fields.items():
        if f.type == "icon" and isinstance(f.default, str):
            hint = unknown_icon_hint(folder, pack, f.default)
            if hint is not None:
                where = smap.at(("fields", name, "default"))
                msg = f"fields.{name}: default: unknown icon {f.default!r}"
                out.append(Diagnostic("E104", msg, where, hint=hint))
    return out


@cache
def _field_adapter(model: type[CardBase], name: str) -> TypeAdapter:
    """The validator of one card field, for the value a card file sets for all its cards."""
    info = model.model_fields[name]
    if not info.metadata:
        return TypeAdapter(info.annotation)
    return TypeAdapter(Annotated[info.annotation, *info.metadata])


def _load_card_file(
    path: Path,
    display: str,
    pack: Pack,
    rules: RulesBase,
    diags: list[Diagnostic],
    refused: list[tuple[CardBase, CardSource]] | None = None,
) -> tuple[dict[str, Any], list[tuple[CardBase, CardSource]], SourceMap | None]:
    """The file-level values, the cards and the source map of one card file (the cards the
    schema refused, read on without their refused fields, added to ``refused``)."""
    try:
        data, smap = load_yaml(path, display=display)
    except DiagnosticError as exc:
        diags.extend(exc.diagnostics)
        return {}, [], None
    shared, cards = check_card_file(data, smap, pack, rules, diags, refused)
    return shared, cards, smap


def check_card_file(
    data: Any,
    smap: SourceMap,
    pack: Pack,
    rules: RulesBase,
    diags: list[Diagnostic],
    refused: list[tuple[CardBase, CardSource]] | None = None,
) -> tuple[dict[str, Any], list[tuple[CardBase, CardSource]]]:
    """The file-level values and the valid cards of one card file's parsed ``data``, whose
    positions ``smap`` holds (a YAML file's, or the cells of an imported sheet); every problem
    is added to ``diags``.  A card the schema refuses is added to ``refused`` (when given)
    read without the fields it refused, if the rest is a card (:attr:`Catalogue.refused`)."""
    ctx = pack.catalogue.validation_context(rules)
    model = card_model(pack, rules)
    if not isinstance(data, dict):
        wanted = " and ".join(f"`{f}:`" for f in (*pack.catalogue.file_fields, "cards"))
        diags.append(
            Diagnostic("E102", f"a card file must be a mapping with {wanted}", smap.at(()))
        )
        return {}, []
    diags.extend(text_problems(data, smap, tokens=True))
    file_keys = (*pack.catalogue.file_fields, "cards")
    for key in data:
        if key not in file_keys:
            extra = {"loc": (key,), "type": "extra_forbidden", "msg": "", "input": None}
            diags.append(error_to_diagnostic(extra, smap, known_keys=file_keys))
    shared: dict[str, Any] = {}
    defaults = pack.catalogue.file_field_defaults(rules)
    fallback = {}  # a file field the file leaves out: its default, for cards without their own
    for name in pack.catalogue.file_fields:
        if name not in data and name in defaults:
            fallback[name] = defaults[name]
            continue
        if name not in data:
            diags.append(Diagnostic("E103", f"missing required field {name!r}", smap.at(())))
            continue
        if data[name] is None:  # `deck:` with no value: as good as missing
            diags.append(Diagnostic("E103", f"{name!r} has no value", smap.at((name,))))
            continue
        try:
            shared[name] = _field_adapter(model, name).validate_python(data[name], context=ctx)
        except ValidationError as exc:
            for err in exc.errors():
                diags.append(error_to_diagnostic({**err, "loc": (name, *err["loc"])}, smap))
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        code, msg = (
            ("E103", "missing required field 'cards'")
            if raw_cards is None
            else ("E102", "`cards` must be a non-empty list of cards")
        )
        diags.append(Diagnostic(code, msg, smap.at(("cards",))))
        return shared, []
    keys = tuple(model.model_fields)
    declared = getattr(rules, "fields", None) or {}
    out = []
    for i, raw in enumerate(raw_cards):
        card_id = raw.get("id") if isinstance(raw, dict) else None
        card_id = card_id if isinstance(card_id, str) else None
        if isinstance(raw, dict):  # the file's shared values, unless the card gives its own
            raw = {**fallback, **{k: data[k] for k in shared if k not in raw}, **raw}
        try:
            card = model.model_validate(raw, context=ctx)
        except ValidationError as exc:
            for err in exc.errors():
                loc = ("cards", i, *err["loc"])
                d = error_to_diagnostic({**err, "loc": loc}, smap, known_keys=keys, card=card_id)
                key = loc[-1]
                if err["type"] == "missing" and key in declared:  # rules.yaml asks for it
                    d = replace(
                        d, hint=f"give it: rules.yaml declares {key!r} `required: true` (fields:)"
                    )
                diags.append(d)
            if refused is not None and isinstance(raw, dict):
                bad = {e["loc"][0] for e in exc.errors() if e["loc"]}
                rest = {k: v for k, v in raw.items() if k not in bad}
                with contextlib.suppress(ValidationError):  # a required field refused: wait
                    card = model.model_validate(rest, context=ctx)
                    own = {f: getattr(card, f) for f in pack.catalogue.file_fields}
                    # in its file, as a card of the catalogue would be
                    if all(v is not None and v == shared.get(f, v) for f, v in own.items()):
                        refused.append((card, CardSource(smap, i)))
            continue
        src = CardSource(smap, i)
        update, clash = {}, False
        for name in pack.catalogue.file_fields:
            own = getattr(card, name)
            if name not in shared:
                clash = clash or own is None
                continue
            if own is not None and own != shared[name]:
                diags.append(
                    Diagnostic(
                        "E110",
                        f"card {name} {own!r} differs from the file's {name} {shared[name]!r}",
                        src.at(name),
                        card.id,
                    )
                )
                clash = True
            update[name] = shared[name]
        if clash:
            continue
        if update:
            card = card.model_copy(update=update)
        out.append((card, src))
    return shared, out


def folder_problems(root: Path) -> list[Diagnostic]:
    """E010 when ``root`` is no catalogue folder: missing, not a folder, or without
    ``rules.yaml``."""
    if (why := folder_problem(root)) is not None:
        return [Diagnostic("E010", f"the catalogue folder {why}", Position(str(root)))]
    if not os.path.lexists(Path(root) / RULES_FILE):
        return [Diagnostic("E010", f"no {RULES_FILE} in this folder", Position(str(root)))]
    return []


class CardFileMemo:
    """Checked card files kept between reads of one folder by a long-running process (the
    studio): a file whose name and bytes are unchanged, read under an equal rules model, is
    not parsed and validated again.  Only data is kept (source maps, cards, diagnostics)."""

    def __init__(self) -> None:
        self._rules: RulesBase | None = None
        self._files: dict[tuple[str, str], tuple] = {}

    def load(
        self,
        path: Path,
        display: str,
        pack: Pack,
        rules: RulesBase,
        diags: list[Diagnostic],
        refused: list[tuple[CardBase, CardSource]] | None = None,
    ) -> tuple[dict[str, Any], list[tuple[CardBase, CardSource]], SourceMap | None]:
        """:func:`_load_card_file` of ``path``, replayed when nothing it reads changed."""

        if self._rules is None or self._rules != rules:
            self._rules, self._files = rules, {}
        key = (display, digest_paths([path]))
        if key not in self._files:
            own: list[Diagnostic] = []
            kept: list[tuple[CardBase, CardSource]] = []
            self._files = {k: v for k, v in self._files.items() if k[0] != display}
            self._files[key] = (*_load_card_file(path, display, pack, rules, own, kept), own, kept)
        shared, cards, smap, own, kept = self._files[key]
        diags.extend(own)
        if refused is not None:
            refused.extend(kept)
        return shared, cards, smap


def read_catalogue(
    root: str | os.PathLike[str], *, memo: CardFileMemo | None = None
) -> tuple[Catalogue | None, list[Diagnostic]]:
    """Load a catalogue folder, returning it (if its rules model loaded) and all schema problems.

    The returned catalogue holds only the cards that passed the schema, in the pack's order;
    duplicate ids keep the first definition.  With a ``memo``, unchanged card files are not
    read again.
    """
    root = Path(root)
    diags: list[Diagnostic] = []
    rules_path = root / RULES_FILE
    if problems := folder_problems(root):
        return None, problems
    diags += _special_files(root)
    try:
        pack, rules = load_rules(rules_path, display_path(rules_path))
    except DiagnosticError as exc:
        return None, diags + exc.diagnostics
    loaded = []
    refused: list[tuple[CardBase, CardSource]] = []
    for path in find_card_files(root):
        display = display_path(path)
        load = memo.load if memo is not None else _load_card_file
        shared, cards, smap = load(path, display, pack, rules, diags, refused)
        if smap is not None:
            loaded.append((display, smap, shared, cards))
    catalogue = assemble_catalogue(root, pack, rules, loaded, diags)
    catalogue.refused = refused
    return catalogue, diags


#: one checked card file: its name in diagnostics, its positions, shared values and cards
CheckedFile = tuple[str, SourceMap, dict[str, Any], list[tuple[CardBase, CardSource]]]


def assemble_catalogue(
    root: Path, pack: Pack, rules: RulesBase, files: list[CheckedFile], diags: list[Diagnostic]
) -> Catalogue:
    """The catalogue of checked card files (in file order): duplicate ids are reported to
    ``diags`` and keep their first definition; the cards are sorted in the pack's order."""
    cards: list[CardBase] = []
    sources: dict[str, CardSource] = {}
    smaps: dict[str, SourceMap] = {}
    file_values: dict[str, dict[str, str]] = {name: {} for name in pack.catalogue.file_fields}
    for display, smap, shared, loaded in files:
        smaps[display] = smap
        for name, value in shared.items():
            file_values[name].setdefault(value, display)
        for card, src in loaded:
            if card.id in sources:
                first = sources[card.id].at("id")
                diags.append(
                    Diagnostic(
                        "E106",
                        f"duplicate id {card.id!r} (first defined at {first})",
                        src.at("id"),
                        card.id,
                    )
                )
                continue
            sources[card.id] = src
            cards.append(card)
    key = pack.catalogue.sort_key(rules)
    if key is not None:
        cards.sort(key=key)
    return Catalogue(root, rules, cards, sources, smaps, file_values)


def load_catalogue(root: str | os.PathLike[str], *, use_cache: bool = True) -> Catalogue:
    """Load and fully validate a catalogue; raise DiagnosticError if it has any error.

    An unchanged catalogue is replayed from the snapshot cache (:mod:`.snapshot`).
    """

    catalogue, diags = checked_catalogue(root, use_cache=use_cache)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors or catalogue is None:
        raise DiagnosticError(errors or diags)
    return catalogue
