"""What every product needs: the catalogue, the painters, the product settings and progress."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from cardgen.catalogue.loader import Catalogue
from cardgen.pack import BackDesign
from cardgen.render.document import Document
from cardgen.render.elements.render import back_painter, face_painter
from cardgen.render.formcache import FontSeed, FormCache
from cardgen.render.geometry import PAPER_MARGIN, CropMarks
from cardgen.render.painters import BackPainter, FacePainter
from cardgen.render.theme import Theme
from cardgen.util.resources import data_path

PRODUCTS_FILE = data_path("cardgen.render", "products.yaml")

#: ``progress(step_name, advance)``: called as work is done (``advance`` in cards or pages).
Progress = Callable[[str, int], None]


class _S(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class CropSettings(_S):
    """Crop marks (:class:`cardgen.render.geometry.CropMarks`): mm past the trim where they
    start, mm on white past the bleed (3 at least), line and halo widths in points."""

    offset: float = Field(ge=0)
    white: float = Field(ge=3.0)
    width: float = Field(gt=0)
    halo: float = Field(ge=0)

    @property
    def marks(self) -> CropMarks:
        return CropMarks(self.offset, self.white, self.width, self.halo)


class PnpSettings(_S):
    #: mm of background past each card's cut, into the gutter (2 × bleed between cards)
    bleed: float = Field(ge=0)
    #: mm along the paper's edge where nothing is printed (1/4 in at least)
    margin: float = Field(ge=PAPER_MARGIN)
    crop: CropSettings
    label_size: float


class PngSettings(_S):
    dpi: int
    mpc: tuple[int, int]


class TtsSettings(_S):
    max_cols: int
    max_rows: int
    max_side: int


class ContactSettings(_S):
    cols: int
    card_width: int
    gap: int
    background: str


class ProductSettings(_S):
    pnp: PnpSettings
    png: PngSettings
    tts: TtsSettings
    contact: ContactSettings


def load_product_settings(path: Path = PRODUCTS_FILE) -> ProductSettings:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when installed
    with open(path, encoding="utf-8") as fh:
        return ProductSettings.model_validate(yaml.load(fh, Loader=loader))


def _no_progress(step: str, advance: int) -> None:
    return None


@dataclass(frozen=True)
class Deck:
    """One pile's cards with one back: what a print service or Tabletop Simulator takes as a
    deck (the quantity of each face, one back for all)."""

    back: BackDesign
    #: its printed name: the pile's, and the back's name when a pile has several backs
    name: str
    #: the card designs, in catalogue order (each with its ``copies``)
    cards: tuple[Any, ...]

    @property
    def slug(self) -> str:
        """Its file and folder name, unique in the catalogue."""
        return self.back.slug

    @property
    def count(self) -> int:
        """Its physical cards."""
        return sum(c.copies for c in self.cards)


@dataclass
class RenderContext:
    """A catalogue ready to render: theme, painters and product settings."""

    catalogue: Catalogue
    theme: Theme
    settings: ProductSettings
    progress: Progress = _no_progress
    #: Replay forms (faces, backs, icons) drawn in an earlier document of this render.
    share_forms: bool = True
    faces: FacePainter = field(init=False)
    backs: BackPainter = field(init=False)
    forms: FormCache | None = field(init=False)
    #: each card's printed back, by card id (:meth:`back_of`)
    _backs: dict[str, BackDesign] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        pack = self.catalogue.pack
        self.faces = face_painter(pack, self.theme)
        self.backs = back_painter(pack, self.theme)
        fonts = tuple(dict.fromkeys(self.theme.fonts.values()))
        self.forms = FormCache(FontSeed(fonts)) if self.share_forms else None

    @property
    def cards(self) -> list[Any]:
        return list(self.catalogue)

    def physical(self, cards: list[Any] | None = None) -> list[Any]:
        """Cards with copies expanded, in catalogue order."""
        return [c for c in (self.cards if cards is None else cards) for _ in range(c.copies)]

    def back_of(self, card: Any) -> BackDesign:
        """The back printed on ``card`` (its face-down group's, or its pile's marked back),
        worked out once per card."""
        back = self._backs.get(card.id)
        if back is None:
            back = self.catalogue.pack.print.printed_back(card, self.catalogue.rules)
            self._backs[card.id] = back
        return back

    def backs_by_pile(self) -> dict[str, list[BackDesign]]:
        """Every back design in use, by pile, in catalogue order (piles and backs)."""
        out: dict[str, dict[str, BackDesign]] = {}
        for card in self.cards:
            back = self.back_of(card)
            out.setdefault(back.pile, {}).setdefault(back.key, back)
        return {pile: list(backs.values()) for pile, backs in out.items()}

    def cards_of_back(self, back: BackDesign) -> list[Any]:
        """The card designs with ``back``, in catalogue order."""
        return [c for c in self.cards if self.back_of(c) == back]

    def decks(self) -> list[Deck]:
        """Every deck: each pile's cards with one back, pile by pile in catalogue order."""
        pack, rules = self.catalogue.pack, self.catalogue.rules
        out = []
        for pile, backs in self.backs_by_pile().items():
            for back in backs:
                name = pack.print.pile_name(rules, pile)
                if back.name != pile:
                    name = f"{name} · {back.name}"
                out.append(Deck(back, name, tuple(self.cards_of_back(back))))
        return out

    def document(self, pagesize: tuple[float, float], title: str, share: bool = True) -> Document:
        """A new PDF; with ``share``, it replays the forms of earlier ones (and so embeds every
        character they did)."""
        th = self.theme
        cache = self.forms if share else None
        return Document(pagesize, th.ink, th.icons, th.font("regular"), title=title, cache=cache)
