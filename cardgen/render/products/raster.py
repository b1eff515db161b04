"""Rasterising: every card face and back drawn once to a PDF with bleed, then to pixels.

Poppler's ``pdftoppm`` turns the pages into images (split over the available cores); every
pixel product (png, tts, contact) is made from these images, so nothing is laid out twice.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from cardgen.catalogue.card import Card
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.render.card_back import back_form
from cardgen.render.card_face import face_form
from cardgen.render.products.base import RenderContext
from cardgen.render.units import mm


@dataclass(frozen=True)
class Sprite:
    """One rasterised design: a card face (``card`` set) or the back of a deck and season."""

    deck: str
    season: str
    card: Card | None

    @property
    def stem(self) -> str:
        return self.card.id if self.card is not None else f"back-{self.season}"


def sprites(ctx: RenderContext) -> list[Sprite]:
    """Every face in catalogue order, then every back (deck by deck, season by season)."""
    out = [Sprite(c.deck, c.season, c) for c in ctx.cards]
    decks = [d for d in ctx.theme.rules.deck_ids if ctx.catalogue.select(deck=d)]
    out += [Sprite(d, s, None) for d in decks for s in ctx.theme.rules.season_ids]
    return out


def raster_pdf(ctx: RenderContext, items: list[Sprite]) -> bytes:
    """One page per sprite, trim plus bleed."""
    L = ctx.theme.layout
    b = mm(L.card.bleed)
    doc = ctx.document(L.size.grow(L.card.bleed).pt, "raster")
    for s in items:
        if s.card is not None:
            name = face_form(doc, ctx.faces, s.card, bleed=True)
        else:
            name = back_form(doc, ctx.backs, s.deck, s.season, bleed=True)
        doc.place(name, b, b)
        doc.c.showPage()
    return doc.save()


def _pdftoppm() -> str:
    exe = shutil.which("pdftoppm")
    if exe is None:
        raise DiagnosticError(
            [
                Diagnostic(
                    "E001",
                    "pdftoppm (poppler-utils) is needed for png, tts and contact products",
                    Position("pdftoppm"),
                )
            ]
        )
    return exe


def rasterise(
    pdf: bytes, pages: int, dpi: int, workers: int | None = None
) -> Iterator[Image.Image]:
    """Yield page 1..``pages`` of ``pdf`` as RGB images at ``dpi``, in order."""
    exe = _pdftoppm()
    workers = max(1, min(workers or os.cpu_count() or 1, pages))
    with tempfile.TemporaryDirectory(prefix="cardgen-raster-") as tmp:
        src = Path(tmp) / "cards.pdf"
        src.write_bytes(pdf)
        chunk = -(-pages // workers)
        procs = []
        for w in range(workers):
            first, last = w * chunk + 1, min(pages, (w + 1) * chunk)
            if first > last:
                continue
            cmd = [
                exe,
                "-r",
                str(dpi),
                "-f",
                str(first),
                "-l",
                str(last),
                str(src),
                str(Path(tmp) / f"w{w}"),
            ]
            procs.append(subprocess.Popen(cmd, stderr=subprocess.PIPE))
        for p in procs:
            _, err = p.communicate()
            if p.returncode:
                raise RuntimeError(f"pdftoppm failed: {err.decode(errors='replace')}")
        files = sorted(Path(tmp).glob("w*-*.ppm"), key=lambda f: int(f.stem.rsplit("-", 1)[1]))
        if len(files) != pages:
            raise RuntimeError(f"pdftoppm wrote {len(files)} pages, expected {pages}")
        for f in files:
            with Image.open(f) as im:
                im.load()
                yield im.convert("RGB")
