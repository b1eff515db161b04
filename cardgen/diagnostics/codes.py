"""The stable diagnostic codes: one place lists every code, its severity and its fix hint.

Codes never change meaning once released; new checks take new numbers.
E0xx are file and YAML problems, E1xx schema problems, E2xx rules-model problems,
E3xx engine-backed card checks, E4xx print preflight; W-codes are warnings; I-codes are
information (listed, never a problem, not even with ``--strict``).  The core lists
the codes any game can raise; a pack lists its own rules-model and engine codes (E2xx, E3xx)
in ``Pack.codes()``, and they join :data:`CODES` when the pack is loaded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    #: information only: never fails a validation, not even ``--strict`` (e.g. placeholders)
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Code:
    """A diagnostic code: its id, a short slug, severity and a default one-line fix hint."""

    id: str
    slug: str
    severity: Severity
    hint: str


_E, _W, _I = Severity.ERROR, Severity.WARNING, Severity.INFO

CODES: dict[str, Code] = {
    c.id: c
    for c in [
        # --- files and YAML -------------------------------------------------------------
        Code("E001", "unreadable-file", _E, "check the path and its permissions"),
        Code("E002", "not-utf8", _E, "save the file as UTF-8"),
        Code("E003", "empty-file", _E, "a card file needs `cards:`"),
        Code("E004", "yaml-syntax", _E, "fix the YAML syntax at this position"),
        Code("E005", "tab-indent", _E, "indent with spaces; YAML forbids tabs in indentation"),
        Code("E006", "duplicate-key", _E, "remove or rename one of the two keys"),
        Code("E007", "yaml-too-complex", _E, "remove the anchors/aliases that expand the document"),
        Code("E008", "file-too-large", _E, "split the file; card files are small text files"),
        Code("E009", "yaml-tag", _E, "remove the `!tag`; only plain YAML values are allowed"),
        Code("E010", "no-catalogue", _E, "point to a folder with rules.yaml and card files"),
        Code("E011", "unknown-pack", _E, "name an installed game pack (`cardgen games`)"),
        # --- spreadsheets (`cardgen import`) -------------------------------------------------
        Code("E012", "not-a-sheet", _E, "give an .xlsx, .ods or .csv file"),
        Code("E013", "which-sheet", _E, "name the sheet of cards with --sheet"),
        Code(
            "E014",
            "empty-sheet",
            _E,
            "the first row names the columns, each row below it is a card",
        ),
        Code("E015", "yaml-too-deep", _E, "flatten the nesting; card data is a few levels deep"),
        Code(
            "E019",
            "no-engine-file",
            _E,
            "put the engine file beside rules.yaml, or remove `engine:` (the pack's rules)",
        ),
        # --- schema ------------------------------------------------------------------------
        Code("E020", "rules-description", _E, "fix the rules description at this position"),
        Code(
            "W020",
            "unreachable-end",
            _W,
            "let an effect change what the end tests, or the game never ends",
        ),
        Code("E101", "unknown-key", _E, "remove the key or correct its spelling"),
        Code("E102", "wrong-type", _E, "give a value of the expected type"),
        Code("E103", "missing-field", _E, "add the required field"),
        Code("E104", "unknown-value", _E, "use one of the allowed values"),
        Code("E105", "out-of-range", _E, "use a value inside the allowed range"),
        Code("E106", "duplicate-id", _E, "give every card a unique id"),
        Code(
            "E107", "unknown-effect", _E, "use an effect kind from the vocabulary (cardgen schema)"
        ),
        Code("E108", "trigger-not-allowed", _E, "use a trigger this effect kind supports"),
        Code("E109", "invalid-value", _E, "correct the value"),
        Code("E110", "deck-mismatch", _E, "a card's value must match the one its file sets"),
        Code("E111", "unknown-column", _E, "rename the column to a card field (or delete it)"),
        Code("E112", "duplicate-column", _E, "keep one column per field"),
        Code("E113", "bad-character", _E, "delete the invisible or control character"),
        Code("E114", "blank-text", _E, "write the text, or leave the field out"),
        Code("E115", "icon-token", _E, "write an icon as {name}: lowercase, in braces"),
        Code(
            "E116",
            "placeholder-unknown",
            _E,
            "name a field of the card (`power`, `cost.gold`, `effects.0.amount`)",
        ),
        # --- print preflight ---------------------------------------------------------------
        Code("E401", "text-overflow", _E, "shorten the rules text or flavour"),
        Code("E402", "art-missing", _E, "fix the art path (relative to the catalogue folder)"),
        Code("E403", "art-outside", _E, "art must be a file inside the project"),
        Code(
            "W401",
            "outside-safe-zone",
            _W,
            "move the element inside the safe zone, or mark it `bleed: true` if it may be cut",
        ),
        Code(
            "E406",
            "content-outside-safe-zone",
            _E,
            "only background and art may reach past the safe zone (1/8 in inside the trim)",
        ),
        Code("E407", "type-too-small", _E, "set no type under 6 pt"),
        Code(
            "W402",
            "element-draws-nothing",
            _W,
            "set the field the element reads on the cards, or remove the element",
        ),
        Code("W406", "icon-duplicate", _W, "give each meaning an icon of its own"),
        Code("E408", "glyph-missing", _E, "use characters the card fonts have (no emoji or CJK)"),
        Code("E404", "icon-missing", _E, "add the icon as icons/NAME.svg beside rules.yaml"),
        Code(
            "E405",
            "icon-invalid",
            _E,
            'save the icon as plain SVG with viewBox="0 0 100 100" and filled or stroked shapes',
        ),
        Code(
            "E409",
            "card-larger-than-paper",
            _E,
            "make the card (card.width, card.height and card.bleed in the layout) smaller",
        ),
        Code("E411", "service-card-size", _E, "use the card size and bleed the service prints"),
        Code(
            "E412",
            "paper-edge",
            _E,
            "keep everything 1/4 in (6.35 mm) from the paper's edge, where home printers clip",
        ),
        Code(
            "E413",
            "component-safe-zone",
            _E,
            "keep a cut piece's content 1/8 in inside its cut; only its background may reach it",
        ),
        Code(
            "E414",
            "sheet-unprintable",
            _E,
            "make the piece smaller (or its margins) so it fits its sheet with its crop marks",
        ),
        Code(
            "W411",
            "service-safe-zone",
            _W,
            "keep text inside the service's safe area (card.safe in the layout)",
        ),
        Code(
            "I411",
            "service-placeholder",
            _I,
            "check the figure against the service's current page before ordering",
        ),
        Code(
            "E415",
            "text-contrast",
            _E,
            "give the text a colour or a panel under it with 4.5:1 contrast (WCAG AA)",
        ),
        Code(
            "E416",
            "form-varies",
            _E,
            "a form's elements may hide only by the fields its name holds",
        ),
        Code(
            "E417",
            "content-overflow",
            _E,
            "give the element a box that holds its content (an icon row its icons)",
        ),
        Code(
            "W410",
            "back-reveals",
            _W,
            "print one back per face-down group (`printing: {backs: group}` in rules.yaml)",
        ),
        # --- information -------------------------------------------------------------------
        Code(
            "I001",
            "placeholder",
            _I,
            "set the value, then drop it from `placeholders` (a placeholder is not the designer's)",
        ),
    ]
}


def register_codes(codes: list[Code]) -> None:
    """Add a pack's codes to :data:`CODES` (a code id keeps its first meaning)."""
    for code in codes:
        CODES.setdefault(code.id, code)


#: what registers more codes when one is not known yet (the pack registry: loading the
#: installed packs registers their codes)
_CODE_SOURCES: list[Callable[[], object]] = []


def add_code_source(load: Callable[[], object]) -> None:
    """Call ``load`` when a code is not registered (once it is added, at most once a lookup)."""
    if load not in _CODE_SOURCES:
        _CODE_SOURCES.append(load)


def code_info(code_id: str) -> Code:
    """The registered code ``code_id``; the code sources (the installed packs) are loaded if
    needed."""
    code = CODES.get(code_id)
    for load in _CODE_SOURCES:
        if code is not None:
            break
        load()
        code = CODES.get(code_id)
    if code is None:
        raise KeyError(code_id)
    return code
