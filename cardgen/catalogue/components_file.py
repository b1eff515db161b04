"""Components as data: tokens, counters, boards and mats of a game without an engine, from a
``components.yaml`` beside its ``rules.yaml`` (``docs/components.md``).

.. code-block:: yaml

    tokens:
      - {id: coins, name: Coin, count: 20, shape: circle, size: 20, fill: "#E0B43A",
         icon: coin, back: {text: "5"}}
    boards:
      - id: board
        name: Trick board
        size: [420, 297]
        title: "{game}"
        slots: [{grid: [4, 1], at: [20, 60], label: "Trick {n}"}]

This module is the file's model, its loading and its checks; :mod:`cardgen.components.data`
draws it: tokens on the kit's paper, boards and mats on the large sheet or tiled.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, PositiveInt, model_validator

from cardgen.catalogue.card_sizes import CARD_SIZES
from cardgen.catalogue.icon_tokens import ICON_FOLDER
from cardgen.catalogue.paths import display_path
from cardgen.diagnostics import Diagnostic, DiagnosticError

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue

#: the file beside rules.yaml
COMPONENTS_FILE = "components.yaml"
HEX = r"^#[0-9A-Fa-f]{6}$"
Hex = Annotated[str, Field(pattern=HEX)]
Point = tuple[float, float]
TokenShape = Literal["circle", "square", "rounded", "hexagon", "triangle", "diamond", "star"]
#: the least room round a component sheet's edge (mm): nothing nearer a home printer's edge
MARGIN = 10.0
#: mm between a token and its cut square: more than the 1/8 in a drifting cut may take
CUT_ROOM = 3.5
#: what must fit for a board to be printed on the kit's paper, not tiled (A4 ∩ Letter, mm)
SMALL_PAPER = (210.0, 279.4)
#: the safe zone of a cut board, mat or token: mm inside its cut (the cards' 1/8 in)
SAFE = 3.175


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, ignored_types=(cached_property,))


class TokenFace(_Part):
    """What one side of a token shows: a fill, a text (``{n}``: its number) and an icon."""

    fill: Hex | None = None
    text: str | None = Field(None, max_length=12)
    icon: str | None = None
    colour: Hex | None = Field(None, description="of the text and icon; default: black or white")


class Token(_Part):
    """``count`` pieces of one design: a shape ``size`` mm across, its front and maybe a back."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=40)
    count: PositiveInt = Field(le=500)
    shape: TokenShape = "circle"
    size: float = Field(gt=8, le=120, description="mm across")
    fill: Hex = "#FFFFFF"
    stroke: Hex = "#1F1A17"
    text: str | None = Field(None, max_length=12, description="`{n}`: the piece's number")
    icon: str | None = None
    colour: Hex | None = None
    back: TokenFace | None = None


class Slot(_Part):
    """A grid of places for cards (or anything) on a board: ``grid`` columns × rows of
    ``size`` (a card size's name or ``[w, h]`` mm) from ``at`` (mm from the top-left)."""

    grid: tuple[PositiveInt, PositiveInt] = (1, 1)
    size: str | tuple[PositiveFloat, PositiveFloat] = "poker"
    at: Point
    gap: float = Field(5.0, ge=0)
    landscape: bool = False
    label: str | None = Field(None, max_length=40, description="`{n}`: the slot's number")
    icon: str | None = None
    fill: Hex | None = None
    stroke: Hex = "#6F665C"

    @model_validator(mode="after")
    def _known_size(self) -> Slot:
        if isinstance(self.size, str) and self.size not in CARD_SIZES:
            raise ValueError(f"unknown card size {self.size!r}; sizes: {', '.join(CARD_SIZES)}")
        return self

    @cached_property
    def cell(self) -> Point:
        w, h = CARD_SIZES[self.size] if isinstance(self.size, str) else self.size
        return (h, w) if self.landscape else (w, h)

    @property
    def extent(self) -> Point:
        (w, h), (cols, rows) = self.cell, self.grid
        return (cols * w + (cols - 1) * self.gap, rows * h + (rows - 1) * self.gap)


class Box(_Part):
    """A shape on a board: ``rect``, ``rounded`` or ``circle`` in ``box`` (mm)."""

    shape: Literal["rect", "rounded", "circle"] = "rect"
    box: tuple[float, float, PositiveFloat, PositiveFloat]
    fill: Hex | None = None
    stroke: Hex | None = None
    line_width: float = Field(0.8, ge=0)


class Words(_Part):
    """A line of text at ``at`` (mm from the top-left; the baseline), ``size`` points."""

    text: str = Field(min_length=1, max_length=200)
    at: Point
    size: PositiveFloat = 12.0
    font: Literal["regular", "bold", "title"] = "bold"
    colour: Hex = "#1F1A17"
    align: Literal["left", "center", "right"] = "left"


class Mark(_Part):
    """An icon centred on ``at`` (mm), ``size`` mm square."""

    icon: str
    at: Point
    size: PositiveFloat = 15.0
    colour: Hex | None = None


class Board(_Part):
    """A board or mat: ``size`` mm, a background, a title, shapes, texts, icons and slots."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=40)
    count: PositiveInt = Field(1, le=20)
    size: tuple[Annotated[float, Field(gt=20, le=1200)], Annotated[float, Field(gt=20, le=1200)]]
    fill: Hex = "#FBF7EE"
    stroke: Hex = "#1F1A17"
    title: str | None = Field(None, max_length=80, description="`{game}`: the game's name")
    shapes: list[Box] = Field(default_factory=list)
    slots: list[Slot] = Field(default_factory=list)
    texts: list[Words] = Field(default_factory=list)
    icons: list[Mark] = Field(default_factory=list)

    @property
    def large(self) -> bool:
        """Whether it is printed on the large sheet and tiled (it does not fit the paper)."""
        short, long = sorted(self.size)
        return short > SMALL_PAPER[0] - 2 * MARGIN or long > SMALL_PAPER[1] - 2 * MARGIN


class DataComponents(_Part):
    """A game's ``components.yaml``."""

    tokens: list[Token] = Field(default_factory=list)
    boards: list[Board] = Field(default_factory=list)
    mats: list[Board] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique(self) -> DataComponents:
        ids = [t.id for t in self.tokens] + [b.id for b in (*self.boards, *self.mats)]
        dupes = sorted({i for i in ids if ids.count(i) > 1 or i == "cards"})
        if dupes:
            raise ValueError(f"component ids must be unique (and not 'cards'): {', '.join(dupes)}")
        return self

    def counts(self) -> dict[str, int]:
        return {
            **{t.id: t.count for t in self.tokens},
            **{b.id: b.count for b in (*self.boards, *self.mats)},
        }

    def icon_uses(self) -> list[tuple[tuple[str | int, ...], str]]:
        """Every icon named, with its path in the file."""
        out: list[tuple[tuple[str | int, ...], str]] = []
        for i, t in enumerate(self.tokens):
            out += [(("tokens", i, "icon"), t.icon)] if t.icon else []
            if t.back is not None and t.back.icon:
                out.append((("tokens", i, "back", "icon"), t.back.icon))
        for section in ("boards", "mats"):
            for i, b in enumerate(getattr(self, section)):
                out += [((section, i, "icons", k, "icon"), m.icon) for k, m in enumerate(b.icons)]
                out += [
                    ((section, i, "slots", k, "icon"), s.icon)
                    for k, s in enumerate(b.slots)
                    if s.icon
                ]
        return out


# --- loading and checking -------------------------------------------------------------------------


def load_components(root: Path) -> tuple[DataComponents | None, list[Diagnostic]]:
    """The ``components.yaml`` of a catalogue folder (None without one), and its problems at
    their lines."""
    from cardgen.catalogue.validation_errors import validate_model
    from cardgen.catalogue.yaml_source import load_yaml

    path = Path(root) / COMPONENTS_FILE
    if not path.is_file():
        return None, []

    try:
        data, smap = load_yaml(path, display=display_path(path))
        if data is None:
            return DataComponents(), []
        return validate_model(DataComponents, data, smap), []
    except DiagnosticError as exc:
        return None, list(exc.diagnostics)


def component_problems(catalogue: Catalogue) -> list[Diagnostic]:
    """The problems of a catalogue's ``components.yaml``: the file's, and each icon it names
    that has no file (E404) or board content past the board's edge (E406)."""
    from cardgen.catalogue.yaml_source import load_yaml

    if catalogue.pack.components.specs():
        return []  # the pack draws its own
    data, problems = load_components(catalogue.root)
    if data is None or problems:
        return problems
    path = catalogue.root / COMPONENTS_FILE
    _, smap = load_yaml(path, display=display_path(path))
    folders = [catalogue.root / ICON_FOLDER, catalogue.pack.data / ICON_FOLDER]
    out = []
    for where, name in data.icon_uses():
        if not any((f / f"{name}.svg").is_file() for f in folders):
            out.append(
                Diagnostic(
                    "E404",
                    f"icon {name!r}: no {name}.svg",
                    smap.at(where),
                    hint=f"add {display_path(folders[0])}/{name}.svg",
                )
            )
    for section in ("boards", "mats"):
        for i, b in enumerate(getattr(data, section)):
            out += _edge_problems(b, section, i, smap, catalogue.rules.game)
    return out


def _edge_problems(b: Board, section: str, i: int, smap: Any, game: str) -> list[Diagnostic]:
    """E406 for a slot, icon or text of board ``b`` running past its edge, E413 for one within
    :data:`SAFE` mm of its cut, or a shape there (a shape may run on past the cut), each at its
    line, naming the board, the piece and the edge."""

    items: list[tuple[tuple[str | int, ...], str, tuple[float, float, float, float], bool]] = []
    for k, slot in enumerate(b.slots):
        items.append((("slots", k), f"slot {k + 1}", (*slot.at, *slot.extent), False))
    for k, shape in enumerate(b.shapes):
        items.append((("shapes", k), f"shape {k + 1}", shape.box, True))
    for k, mark in enumerate(b.icons):
        x, y = mark.at
        box = (x - mark.size / 2, y - mark.size / 2, mark.size, mark.size)
        items.append((("icons", k), f"icon {mark.icon!r}", box, False))
    for k, words in enumerate(b.texts):
        items.append((("texts", k), f"text {k + 1}", _text_box(words, game), False))
    kind = section[:-1]
    out = []
    for keys, what, (x, y, w, h), runs_on in items:
        gaps = {"left": x, "top": y, "right": b.size[0] - x - w, "bottom": b.size[1] - y - h}
        where = smap.at((section, i, *keys))
        past = {side: -gap for side, gap in gaps.items() if gap < -1e-6}
        if past and not runs_on:
            side, depth = max(past.items(), key=lambda p: p[1])
            out.append(
                Diagnostic(
                    "E406",
                    f"{kind} {b.id!r}: {what} runs past the {kind}'s edge, {round(depth, 1):g} mm "
                    f"past its {side} edge ({x:g}–{x + w:g} × {y:g}–{y + h:g} mm on a "
                    f"{b.size[0]:g} × {b.size[1]:g} mm {kind})",
                    where,
                    hint=f"move it inside the {kind}: {SAFE} mm or more from its edge",
                )
            )
            continue
        near = {
            side: gap
            for side, gap in gaps.items()
            if gap < SAFE - 1e-6 and not (runs_on and gap <= 1e-6)
        }
        if near:
            side, gap = min(near.items(), key=lambda p: p[1])
            out.append(
                Diagnostic(
                    "E413",
                    f"{kind} {b.id!r}: {what} lies {round(max(gap, 0.0), 1):g} mm from the "
                    f"{kind}'s {side} edge, within the {SAFE} mm a drifting cut may take",
                    where,
                    hint=f"keep it {SAFE} mm or more inside the {kind}'s edge"
                    + (" (or run it on past the edge)" if runs_on else ""),
                )
            )
    return out


def _text_box(words: Words, game: str) -> tuple[float, float, float, float]:
    """About where a line of text lies (mm): its width as a Helvetica of its size (the sheet's
    own font is near it), from its ascent above the baseline to its descent below."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    pt = 25.4 / 72
    text = words.text.replace("{game}", game)
    w = stringWidth(text, "Helvetica-Bold", words.size) * pt
    x = words.at[0] - {"left": 0.0, "center": w / 2, "right": w}[words.align]
    return (x, words.at[1] - 0.75 * words.size * pt, w, words.size * pt)


def kit_counts(catalogue: Catalogue) -> dict[str, int]:
    """How many of each component the catalogue's game has: its pack's
    (:meth:`~cardgen.pack.Pack.component_counts`), with its ``components.yaml``'s for a pack
    without components of its own."""
    pack = catalogue.pack
    counts = pack.components.counts(catalogue)
    if not pack.components.specs():
        data, _ = load_components(catalogue.root)
        counts |= data.counts() if data is not None else {}
    return counts
