"""Backs keep the rules' hidden information: every card of a face-down group shows one back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from conftest import CARDS, FIXTURES

from cardgen.catalogue.backs import back_problems, face_down_groups
from cardgen.catalogue.loader import load_catalogue
from cardgen.render.api import Renderer, RenderOptions

#: a real catalogue of each pack
CATALOGUES = {"attack-right": CARDS, "plain": FIXTURES / "plain"}


def _printed_backs(cat) -> dict[str, set[str]]:
    """Face-down group -> the keys of the backs its cards print."""
    out: dict[str, set[str]] = {}
    for group, ids in face_down_groups(cat).items():
        out[group] = {cat.pack.print.printed_back(cat.card(i), cat.rules).key for i in ids}
    return out


@pytest.mark.parametrize("pack", sorted(CATALOGUES))
def test_no_two_cards_of_a_face_down_group_differ_in_back(pack):
    cat = load_catalogue(CATALOGUES[pack])
    backs = _printed_backs(cat)
    assert backs and all(len(keys) == 1 for keys in backs.values()), backs
    assert back_problems(cat) == []


def test_attack_right_has_one_back_per_season_for_every_deck():
    cat = load_catalogue(CARDS)
    groups = face_down_groups(cat)
    assert sorted(groups) == sorted(cat.rules.season_ids)
    for season, ids in groups.items():
        decks = {cat.card(i).deck for i in ids}
        assert decks == set(cat.rules.deck_ids), season  # every deck mixes into the group
        assert _printed_backs(cat)[season] == {season}


def _marked(tmp_path: Path) -> Path:
    cards = tmp_path / "marked-cards"
    shutil.copytree(FIXTURES / "render" / "cards", cards)
    rules = cards / "rules.yaml"
    rules.write_text(rules.read_text() + "printing: {backs: marked}\n")
    return cards


def test_deck_marked_backs_are_an_option_that_validate_flags(tmp_path):
    cat = load_catalogue(_marked(tmp_path), use_cache=False)
    backs = _printed_backs(cat)
    assert all(len(keys) > 1 for keys in backs.values())  # a back per deck in each season
    problems = back_problems(cat)
    assert [d.code for d in problems] == ["W410"] * len(backs)
    assert all("shows its pile" in d.message and d.card for d in problems)


def _back_pages(out: Path) -> dict[tuple[str, int], bytes]:
    """(pile, page) of the print backs PDFs -> the page's pixels."""
    pages = {}
    for pdf_path in sorted((out / "print").glob("*-backs.pdf")):
        pdf = pdfium.PdfDocument(pdf_path)
        for i in range(len(pdf)):
            pages[(pdf_path.stem, i)] = pdf[i].render(scale=0.5).to_pil().tobytes()
    return pages


def test_the_printed_backs_of_a_season_are_the_same_in_every_deck(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(FIXTURES / "render" / "cards", cards)
    Renderer(load_catalogue(cards)).render(tmp_path / "group", RenderOptions(products=("print",)))
    group = _back_pages(tmp_path / "group")
    assert len({p[0] for p in group}) > 1  # several decks
    for page in (0, 1):  # spring, fall
        assert len({px for (_pile, i), px in group.items() if i == page}) == 1
    assert group[next(iter(group))] != group[(next(iter(group))[0], 1)]  # seasons differ

    marked = Renderer(load_catalogue(_marked(tmp_path), use_cache=False))
    marked.render(tmp_path / "marked", RenderOptions(products=("print",)))
    pages = _back_pages(tmp_path / "marked")
    assert len({px for (_pile, i), px in pages.items() if i == 0}) == len(pages) // 2
