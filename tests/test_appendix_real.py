"""The appendices of the real catalogue in cards/: all formats, every card, every setting."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import pdf_texts
from pypdf import PdfReader

from cardgen.catalogue.loader import find_card_files, load_catalogue
from cardgen.docs import build_appendix, write_appendices
from cardgen.docs.content import Clarifications
from cardgen.packs.attack_right.effects import KINDS

CARDS = Path(__file__).resolve().parents[1] / "cards"

pytestmark = pytest.mark.skipif(not find_card_files(CARDS), reason="no deck files in cards/")


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(CARDS)


@pytest.fixture(scope="module")
def written(catalogue, tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("appendix")
    return {p.suffix[1:]: p for p in write_appendices(catalogue, out)}


def test_writes_all_three_formats(written):
    assert sorted(written) == ["html", "md", "pdf"]
    assert [p.name for p in written.values()] == ["appendix.md", "appendix.html", "appendix.pdf"]


def test_every_card_and_kind_in_markdown_and_html(catalogue, written):
    md = written["md"].read_text(encoding="utf-8")
    tree = ET.parse(written["html"]).getroot()
    ids = {el.get("id") for el in tree.iter()}
    for card in catalogue:
        assert f'<a id="card-{card.id}"></a>' in md
        assert f"card-{card.id}" in ids
    for kind in KINDS:
        assert f'<a id="effect-{kind}"></a>' in md
        assert f"effect-{kind}" in ids


def test_html_ids_unique_and_links_resolve(written):
    tree = ET.parse(written["html"]).getroot()
    ids = [el.get("id") for el in tree.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    hrefs = {el.get("href")[1:] for el in tree.iter() if (el.get("href") or "").startswith("#")}
    assert hrefs <= set(ids)


def test_every_card_in_pdf(catalogue, written):
    assert len(PdfReader(written["pdf"]).outline) >= 6
    text = re.sub(r"\s+", "", "".join(pdf_texts(written["pdf"])))
    missing = [c.name for c in catalogue if re.sub(r"\s+", "", c.name) not in text]
    assert not missing


def test_every_clarification_setting_resolves(catalogue):
    (clarifications,) = build_appendix(catalogue).blocks_of(Clarifications)
    for c in clarifications.entries:
        assert (c.setting is None) == (c.value is None), c.id
