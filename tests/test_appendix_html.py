"""The HTML appendix: well-formed, autoescaped, complete."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs import build_appendix, render
from cardgen.packs.attack_right.effects import KINDS

FIXTURE = Path(__file__).parent / "fixtures" / "appendix"
NS = {"h": "http://www.w3.org/1999/xhtml", "svg": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(FIXTURE)


@pytest.fixture(scope="module")
def html(catalogue) -> str:
    return render(build_appendix(catalogue), "html").decode("utf-8")


@pytest.fixture(scope="module")
def tree(html) -> ET.Element:
    return ET.fromstring(html)


def _ids(tree: ET.Element) -> list[str]:
    return [el.get("id") for el in tree.iter() if el.get("id")]


def test_well_formed_with_unique_ids(tree):
    ids = _ids(tree)
    assert len(ids) == len(set(ids))


def test_every_internal_link_resolves(tree):
    ids = set(_ids(tree))
    hrefs = [el.get("href") for el in tree.iter() if (el.get("href") or "").startswith("#")]
    assert hrefs
    assert {h[1:] for h in hrefs} <= ids


def test_every_card_and_effect_kind_appears(tree, catalogue):
    ids = set(_ids(tree))
    assert {f"card-{c.id}" for c in catalogue} <= ids
    assert {f"effect-{k}" for k in KINDS} <= ids


def test_card_names_are_escaped(html, tree):
    assert "<script" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    row = next(el for el in tree.iter() if el.get("id") == "card-script-card")
    assert "<script>alert(1)</script>" in "".join(row.itertext())


def test_html_parser_sees_no_script_element(html):
    tags: list[str] = []

    class Collect(HTMLParser):
        def handle_starttag(self, tag, attrs):
            tags.append(tag)

    Collect().feed(html)
    assert "script" not in tags
    assert tags.count("figure") == 3 * 4


def test_icons_inline_and_charts_are_svg(tree):
    row = next(el for el in tree.iter() if el.get("id") == "card-veteran")
    uses = [u.get("href") for u in row.iter(f"{{{NS['h']}}}use")]
    assert "#sym-age-token" in uses and "#sym-wood" in uses
    chart = next(el for el in tree.iter() if el.get("id") == "stats-spy-spring-cost")
    bars = [r for r in chart.iter(f"{{{NS['svg']}}}rect") if r.get("class") == "bar"]
    tips = [r.find(f"{{{NS['svg']}}}title").text for r in bars]
    assert tips == ["0: 3 cards", "3: 1 cards"]  # a bar, with its tooltip, for every count
    numbers = [td.text for td in chart.iter(f"{{{NS['h']}}}td")]
    assert numbers == ["3", "0", "0", "1", "0", "0"]  # every count, 0 too, in the table
    texts = [t.text for t in chart.iter(f"{{{NS['svg']}}}text")]
    assert texts == ["3", "1", "0", "1", "2", "3", "4", "5"]  # counts over bars, then costs


def test_deterministic(catalogue):
    a, b = build_appendix(catalogue), build_appendix(catalogue)
    assert render(a, "html") == render(b, "html")


def test_card_icons_and_badge_for_unknown_icon(catalogue):
    from dataclasses import replace

    from cardgen.docs.html import render_html

    appendix = build_appendix(catalogue)
    labels = {**appendix.icon_labels, "mystery": "a mystery"}
    tree = ET.fromstring(render_html(replace(appendix, icon_labels=labels)))
    symbols = {el.get("id"): el for el in tree.iter(f"{{{NS['svg']}}}symbol")}
    assert list(symbols) == [f"sym-{name}" for name in labels]
    assert symbols["sym-coin"].get("viewBox") == "0 0 100 100"  # the renderer's coin
    badge_text = "".join(symbols["sym-mystery"].itertext())
    assert badge_text.startswith("a mystery") and badge_text.endswith("A")
