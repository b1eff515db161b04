"""Hostile card art: every pack's ``art:`` field naming a symlink loop, a 5,000-character path,
a truncated JPEG, an EPS file (Pillow would hand it to Ghostscript), an image past the pixel
bound, a FIFO: ``validate`` refuses each at the card's ``art`` line (E402), so ``render`` never
meets it; never a traceback, a hang or a raw Pillow warning."""

from __future__ import annotations

import io
import os
import warnings
from pathlib import Path

import pytest
import yaml
from catalogue_edits import copy_catalogue
from conftest import FIXTURES, ROOT

from cardgen.checks import standard

GAMES = {
    "plain": FIXTURES / "plain",
    **{p.parent.name: p for p in sorted((ROOT / "games").glob("*/cards"))},
}


def _first_card_file(cards: Path) -> Path:
    return next(p for p in sorted(cards.glob("*.yaml")) if p.name != "rules.yaml")


def _with_art(cards: Path, art: str) -> tuple[Path, str]:
    """The first card of the first deck file given ``art``; its file and card id."""
    deck = _first_card_file(cards)
    data = yaml.safe_load(deck.read_text(encoding="utf-8"))
    card = data["cards"][0]
    card["art"] = art
    deck.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return deck, card["id"]


def _validate(cards: Path):
    from cardgen.catalogue import validate

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a raw Pillow warning fails the test
        return validate(cards, extra_checks=standard(), use_cache=False)


def _refused_at_art(result, deck: Path, card: str, *words: str) -> None:
    errors = [d for d in result.errors if d.card == card and d.code in ("E402", "E403")]
    assert errors, result.diagnostics
    (error,) = errors
    assert error.position.file.endswith(deck.name) and error.position.line >= 1, error
    for word in words:
        assert word in error.message, error
    assert len(error.message) < 300, error  # the path is not echoed in full


@pytest.mark.parametrize("case", ["symlink loop", "5000 characters"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_art_path_no_file_can_have_is_refused_at_its_line(tmp_path, game, case):
    cards = copy_catalogue(GAMES[game], tmp_path)
    if case == "symlink loop":
        (cards / "loop.png").symlink_to(cards / "loop.png")
        art, why = "loop.png", "symlink loop"
    else:
        art, why = "a/" * 2500, "too long"
    deck, card = _with_art(cards, art)
    _refused_at_art(_validate(cards), deck, card, why)


def _image_bytes(fmt: str, size=(40, 30), mode="RGB") -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new(mode, size, "white").save(buf, fmt)
    return buf.getvalue()


def _art_file(cards: Path, case: str) -> tuple[str, str]:
    """A hostile art file in the catalogue folder: its name and a word of the refusal."""
    if case == "truncated jpeg":
        data = _image_bytes("JPEG", (400, 300))
        (cards / "art.jpg").write_bytes(data[: len(data) // 2])
        return "art.jpg", "not a readable image"
    if case == "eps":
        (cards / "art.eps").write_bytes(
            b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nnewpath 0 0 moveto showpage\n"
        )
        return "art.eps", "EPS"
    if case == "huge image":
        (cards / "art.png").write_bytes(_image_bytes("PNG", (12000, 12000), "1"))
        return "art.png", "pixels"
    if case == "fifo":
        os.mkfifo(cards / "art.png")
        return "art.png", "FIFO"
    raise AssertionError(case)


@pytest.mark.parametrize("case", ["truncated jpeg", "eps", "huge image", "fifo"])
def test_art_that_cannot_be_printed_is_refused_by_validate(tmp_path, case):
    cards = copy_catalogue(GAMES["plain"], tmp_path)
    art, word = _art_file(cards, case)
    deck, card = _with_art(cards, art)
    _refused_at_art(_validate(cards), deck, card, word)


def test_good_art_is_accepted_and_printed(tmp_path):
    from cardgen.render.api import Renderer, RenderOptions

    cards = copy_catalogue(GAMES["plain"], tmp_path)
    (cards / "art.png").write_bytes(_image_bytes("PNG", (400, 300)))
    _with_art(cards, "art.png")
    result = _validate(cards)
    assert result.ok, result.diagnostics
    files = Renderer(result.catalogue).render(tmp_path / "out", RenderOptions(products=("pnp",)))
    assert files
