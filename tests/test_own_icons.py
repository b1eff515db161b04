"""A game's own icons everywhere (issue 30): the appendix glossary, the rulebook (its tokens and
its template variables), the hint of an unknown token; `validate --simulate` on a game that
has no engine is a usage error."""

from __future__ import annotations

from pathlib import Path

import pytest

MOON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <title>the Moon suit</title>
  <path d="M60 10 A40 40 0 1 0 90 70 A32 32 0 1 1 60 10 Z" fill="currentColor"/>
</svg>
"""
RULEBOOK = """# {{ game }}

A game of {{ card_count }} cards in {{ design_count }} designs; {{ count("type", "ware") }}
wares.

## Piles

{% for name, cards in piles.items() %}
- **{{ name }}**: {{ cards | length }} designs
{% endfor %}

## Icons

{% for token, label in icons.items() if token == "moon" %}
- {{ token | icon }} is {{ label }}
{% endfor %}

Gain a {moon} when you can.
"""


@pytest.fixture
def game(runner, app, tmp_path) -> Path:
    root = tmp_path / "game"
    assert runner.invoke(app, ["new", str(root), "-q", "--name", "Moon Game"]).exit_code == 0
    cards = root / "cards"
    (cards / "icons" / "moon.svg").write_text(MOON)
    market = cards / "market.yaml"
    market.write_text(market.read_text().replace("Gain 1 {coin}.", "Gain 1 {moon}.", 1))
    (cards / "rulebook.md").write_text(RULEBOOK)
    return cards


def test_own_icon_in_the_glossary_and_the_rulebook(runner, app, game, tmp_path):
    out = tmp_path / "out"
    res = runner.invoke(app, ["build", str(game), "-o", str(out), "--only", "appendix", "-q"])
    assert res.exit_code == 0, res.output
    appendix = (out / "appendix" / "appendix.md").read_text()
    assert '<a id="icon-moon"></a>**Moon** [moon]: The Moon suit.' in appendix
    assert appendix.split('id="icon-moon"')[1].split("\n")[1] == "  Cards: [Bread](#card-bread)"
    html = (out / "appendix" / "appendix.html").read_text()
    assert 'id="sym-moon"' in html and "the Moon suit" in html
    rulebook = (out / "rulebook" / "rulebook.md").read_text()
    assert rulebook.startswith("# Moon Game\n")
    assert "A game of 12 cards in 5 designs; 6\nwares." in rulebook  # bread ×4, lantern ×2
    assert "- **Hero deck**: 2 designs" in rulebook and "- **Market deck**: 3 designs" in rulebook
    assert "- [moon] is the Moon suit" in rulebook and "Gain a [moon] when you can." in rulebook
    assert (out / "rulebook" / "rulebook.pdf").stat().st_size > 1000


def test_an_unknown_icon_token_says_which_file_to_add(runner, app, game):
    market = game / "market.yaml"
    market.write_text(market.read_text().replace("{moon}", "{sun}"))
    res = runner.invoke(app, ["validate", str(game)])
    assert res.exit_code == 1
    assert "unknown icon token {sun}" in res.output
    assert f"add {game}/icons/sun.svg" in res.output.replace("\n    ", " ")


def test_simulate_without_an_engine_is_a_usage_error(runner, app, game):
    res = runner.invoke(app, ["validate", str(game), "--simulate", "10"])
    assert res.exit_code == 2
    assert "no rules engine" in res.output and "--simulate" in res.output
    assert runner.invoke(app, ["validate", str(game)]).exit_code == 0


def test_simulate_of_a_game_with_an_engine_says_it_has_one(runner, app, plain):
    """A game on the engine kit without validate's balance check: the usage error names
    `cardgen simulate`, and does not say the pack has no rules engine (it said so)."""
    cards = Path(__file__).resolve().parents[1] / "games" / "castle-rampage" / "cards"
    res = runner.invoke(app, ["validate", str(cards), "--simulate", "10"])
    assert res.exit_code == 2
    text = plain(res.output)
    assert "no rules engine" not in text and "plays on the engine kit" in text
    assert f"cardgen simulate {cards}" in text
