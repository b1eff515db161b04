"""The appendix model and markdown: every card, effect kind and clarification is there."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs import build_appendix, render
from cardgen.docs.content import Charts, Clarifications, Components, Glossary, Index, Table
from cardgen.docs.templating import md_escape
from cardgen.packs.attack_right.clarifications import clarifications
from cardgen.packs.attack_right.docs import rules_reference
from cardgen.packs.attack_right.effects import KINDS

FIXTURE = Path(__file__).parent / "fixtures" / "appendix"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(FIXTURE)


@pytest.fixture(scope="module")
def appendix(catalogue):
    return build_appendix(catalogue)


@pytest.fixture(scope="module")
def markdown(appendix) -> str:
    return render(appendix, "md").decode("utf-8")


def test_model_has_every_card_once(appendix, catalogue):
    tables = appendix.section("cards").blocks_of(Table)
    assert len(tables) == 4  # a table per deck and season
    ids = [r.id.removeprefix("card-") for t in tables for r in t.rows]
    assert ids == [c.id for c in catalogue]


def test_indexes_cover_every_card(appendix, catalogue):
    by_cost, by_type, by_place = appendix.section("indexes").blocks_of(Index)
    assert sorted(r.id for g in by_cost.groups for r in g.cards) == sorted(c.id for c in catalogue)
    assert sorted(r.id for g in by_type.groups for r in g.cards) == sorted(c.id for c in catalogue)
    placed = {g.key: {r.id for r in g.cards} for g in by_place.groups}
    assert placed["middle"] == {"woodcutter", "quarry", "veteran", "watchtower"}


def test_glossary_lists_every_effect_kind_with_its_cards(appendix):
    (effect_kinds,) = appendix.section("glossary-effects").blocks_of(Glossary)
    effects = {e.id: e for e in effect_kinds.entries}
    assert set(effects) == {f"effect-{k}" for k in KINDS}
    assert [c.id for c in effects["effect-flank"].cards] == ["saboteur"]
    assert "price of every card" in effects["effect-produce"].meaning


def test_statistics_count_copies(appendix):
    spy_spring = appendix.section("stats-spy-spring")
    (charts,) = spy_spring.blocks_of(Charts)
    cost = charts.charts[0]
    assert dict(zip(cost.categories, cost.series[0].values, strict=True))["0"] == 3
    assert spy_spring.blocks[0].text[0].text == "4 cards, 2 designs, mean cost 0.8."
    power = charts.charts[1]
    assert [s.name for s in power.series] == ["defence", "attack"]
    assert sum(power.series[1].values) == 4


def test_components_checked_against_catalogue(appendix):
    (components,) = appendix.blocks_of(Components)
    cards = next(c for c in components.entries if c.key == "cards")
    assert (cards.count, cards.checked, cards.ok) == (16, 16, True)


def test_clarifications_carry_setting_values(appendix):
    (entries,) = appendix.blocks_of(Clarifications)
    by_id = {c.id: c for c in entries.entries}
    assert by_id["C2"].value == "true"
    assert by_id["C1"].value == "left: defence; middle: defence, attack; right: attack"


def test_markdown_has_every_card_kind_and_clarification(markdown, catalogue):
    for card in catalogue:
        assert f'<a id="card-{card.id}"></a>' in markdown
    for kind in KINDS:
        assert f'<a id="effect-{kind}"></a>' in markdown
    for c in clarifications():
        assert f"### {c.id}. " in markdown
    assert "\\<script\\>alert(1)\\</script\\>" in markdown
    assert "<script>" not in markdown


def test_markdown_escape():
    assert md_escape("a|b *c* <d> & e_f") == "a\\|b \\*c\\* \\<d\\> &amp; e\\_f"


def test_output_is_deterministic(catalogue):
    assert render(build_appendix(catalogue), "md") == render(build_appendix(catalogue), "md")


def test_rules_reference_is_up_to_date():
    committed = (ROOT / "docs" / "rules-reference.md").read_text(encoding="utf-8")
    assert committed == rules_reference(), (
        "docs/rules-reference.md is stale: run "
        "`cardgen appendix --rules-reference docs/rules-reference.md`"
    )


def test_rules_reference_cites_every_passage():
    text = rules_reference()
    for c in clarifications():
        assert f"## {c.id}. " in text
        assert c.section in text


SEED = Path("/work/shared/seeds/000_3afd19684173f6cc.txt")


def _plain(text: str) -> str:
    """Whitespace collapsed, typographic quotes made plain, the seed's bold marks dropped."""
    text = text.translate(str.maketrans("’“”", '\'""')).replace("**", "")
    return " ".join(text.split())


@pytest.mark.skipif(not SEED.exists(), reason="the rulebook is in the lab's shared folder")
def test_every_reading_quotes_the_rulebook():
    rulebook = _plain(SEED.read_text(encoding="utf-8"))
    for c in clarifications():
        for piece in c.passage.split("..."):
            quote = _plain(piece).rstrip(".").strip()
            assert quote in rulebook, f"{c.id} misquotes the rulebook: {quote!r}"
