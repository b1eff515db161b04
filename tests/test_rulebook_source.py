"""The rulebook source: jinja values from the rules model, icon tokens, the clarified passages."""

from __future__ import annotations

import re
import shutil

import pytest
import yaml
from conftest import CARDS

from cardgen.docs.rulebook import (
    RulebookError,
    build_rulebook,
    glued,
    ordinal,
    parse,
    plain_markdown,
    render_source,
    words,
)
from cardgen.packs.attack_right.clarifications import clarifications
from cardgen.packs.attack_right.docs import RULEBOOK_FILE, slot_phrase
from cardgen.packs.attack_right.icon_tokens import TOKEN
from cardgen.packs.attack_right.model import load_rules_model

WORD = re.compile(r"[\w’']+")
SECTIONS = [
    "COMPONENTS",
    "PURPOSE OF THE GAME",
    "ANATOMY OF CARDS",
    "TERMINOLOGY",
    "GAME SETUP",
    "1ST GAME",
    "PHASES OF PLAY",
    "DRAFTING",
    "PLAYING",
    "BATTLE",
    "INCOME",
    "AGE",
    "END OF GAME",
    "CLARIFICATION",
    "REFERENCING THE STATE OF THE GAME",
    "THE BATTLE DECKS",
    "CREDITS",
]


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def passage_in(passage: str, text: str) -> bool:
    """``passage`` in ``text`` ignoring whitespace; a passage quoting several list items (its
    parts joined by commas) matches their words in order."""
    if squash(passage) in squash(text):
        return True
    want, have = WORD.findall(passage), WORD.findall(text)
    return any(have[i : i + len(want)] == want for i in range(len(have) - len(want) + 1))


@pytest.fixture(scope="module")
def rules():
    return load_rules_model(CARDS / "rules.yaml")


@pytest.fixture(scope="module")
def rulebook(rules):
    return build_rulebook(rules)


def _text(rb) -> str:
    return "\n".join(b.text for b in rb.blocks)


def test_sections_in_the_rulebooks_order(rulebook):
    assert rulebook.title == "Attack Right"
    assert [h.text for h in rulebook.headings if h.level == 2] == SECTIONS
    assert len({h.id for h in rulebook.headings}) == len(rulebook.headings)


def test_every_clarified_passage_is_quoted_word_for_word(rulebook):
    text = _text(rulebook)

    def bare(t: str) -> str:  # the rulebook sets a word in quotes the seed left bare
        return squash(re.sub('[“”"]', "", t))

    blocks = [bare(b.text) for b in rulebook.blocks]
    for c in clarifications():
        assert passage_in(c.passage, text), c.id
    # each part of a passage (" ... " marks what a quote leaves out) sits whole in one block
    for c in clarifications():
        for part in c.passage.split(" ... "):
            assert any(bare(part) in b for b in blocks), (c.id, part)


def test_numbers_come_from_the_rules_model(rulebook, rules):
    text = _text(rulebook)
    e, d = rules.economy, rules.draft
    assert f"All the players start with {e.starting_coins} coins from the bank." in text
    assert f"every player gains {e.income} coins from the bank" in text
    assert f"the greatest power gains {e.battle_glory} glory" in text
    assert f"per {e.coins_per_glory} coins they have remaining" in text
    assert f"dealt a hand of {d.hand_size} cards" in text
    assert f"draw {d.first_game_hand_size} cards instead of the usual {d.hand_size}" in text
    assert f"{rules.components.coin_tokens} Coin tokens" in text
    assert "Each Kingdom can hold 6 cards in spring, and 7 cards in fall:" in text
    assert (
        "In fall, you may place 2 cards to the left, 3 in the middle, and 2 to the right." in text
    )


def test_a_changed_constant_reaches_the_rulebook(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(CARDS, cards)
    data = yaml.safe_load((cards / "rules.yaml").read_text(encoding="utf-8"))
    data["economy"]["starting_coins"] = 7
    data["economy"]["first_to_end_bonus"] = 2
    data["components"]["coin_tokens"] = 44
    data["seasons"][0]["slots"]["middle"] = 3
    (cards / "rules.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    text = _text(build_rulebook(load_rules_model(cards / "rules.yaml")))
    assert "start with 7 coins" in text and "start with 5 coins" not in text
    assert "44 Coin tokens" in text
    assert "they all gain 2 coins" in text
    assert "hold 7 cards in spring" in text
    assert "place 2 cards to the left, 3 in the middle, and 2 to the right of your Kingdom" in text


def test_every_icon_is_a_project_token(rulebook, rules):
    source = RULEBOOK_FILE.read_text(encoding="utf-8")
    used = set(TOKEN.findall(render_source(rules)))
    assert {"coin", "glory", "age-token", "upkeep", "when-played", "phase-battle"} <= used
    assert {"left", "middle", "right", "star", "wood", "deck-spy"} <= used
    assert "{{" in source and "rules.economy.starting_coins" in source
    icons = {s.icon for b in rulebook.blocks for s in b.spans if s.icon}
    assert {"eye", "banner", "unit", "coin"} <= icons  # deck tokens drawn with the deck's icon
    assert "[coin]" in plain_markdown(rulebook) and "{{" not in plain_markdown(rulebook)


def test_unknown_icon_unknown_value_and_unsupported_markdown_are_errors(tmp_path, rules):
    src = tmp_path / "rb.md"
    for text, message in (
        ("# T\n\nA {dragon} here.\n", "unknown icon {dragon}"),
        ("# T\n\n{{ rules.economy.nope }} coins\n", "rb.md:3"),
        ("# T\n\nSome **bold text\n", "unclosed"),
        ("# T\n\n| a | b |\n", "do not support"),
        ("Intro first\n\n# T\n", "must start with"),
    ):
        src.write_text(text, encoding="utf-8")
        with pytest.raises(RulebookError, match=re.escape(message)):
            build_rulebook(rules, src)


def test_inline_markdown(rules):
    blocks = parse(
        "## {coin} Head\n\nPlain **bold *both* bold** *it* \\*x\\* end\\\nnext\n\n> aside\n\n"
        "- item\n  more\n3) step\n",
        {"coin": "coin"},
        {"coin": "a coin"},
    )
    head, para, aside, item, step = blocks
    assert head.id == "rules-head" and head.spans[0].icon == "coin" and head.text == "Head"
    styles = [(s.text, s.bold, s.italic) for s in para.spans if not s.newline]
    assert ("bold ", True, False) in styles and ("both", True, True) in styles
    assert ("it", False, True) in styles and any("*x*" in t for t, _, _ in styles)
    assert any(s.newline for s in para.spans) and para.text.endswith("end next")
    assert aside.kind == "aside" and item.text == "item more" and item.marker == "•"
    assert step.marker == "3)"


def test_a_list_item_goes_on_over_an_unindented_line():
    """CommonMark's lazy continuation, as every markdown viewer shows the markdown rulebook:
    Greedy Kingdoms' chip list (``12 of each:`` then ``{honor} Honor, ...`` on the next line)
    is printed inside its item, no longer as a paragraph apart after the list."""
    item, para = parse("- 48 chips, 12 of each:\n{coin} Coin\n\nNext.\n", {"coin": "coin"}, {})
    assert (item.kind, item.marker, item.text) == ("item", "•", "48 chips, 12 of each:  Coin")
    assert [s.icon for s in item.spans] == [None, "coin", None]
    assert (para.kind, para.text) == ("para", "Next.")


@pytest.mark.parametrize(
    ("text", "what", "line"),
    [
        ("A [link](https://example.org).", "a link", 3),
        ("Some `code`.", "code", 3),
        ("A <b>tag</b>.", "HTML", 3),
        ("#### Deep", "a heading below ### or inside a list or quote", 3),
        ("- a\n  - b", "a list or quote inside another", 4),
        ("Fine.\n\n---", "a rule", 5),
        ("![A picture](pic.png)", "an image that is not a figure:name", 3),
        ("> a\n> | x |", "a table", 3),
    ],
)
def test_markdown_the_writers_lack_is_an_error_at_its_line(text, what, line):
    with pytest.raises(RulebookError, match=re.escape(f"do not support ({what})")) as err:
        parse(f"# T\n\n{text}\n", {}, {})
    assert err.value.line == line and str(err.value).startswith(f"line {line}: ")


def test_helpers(rules):
    assert [words(n) for n in (2, 4, 11)] == ["two", "four", "11"]
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "22nd",
    ]
    assert slot_phrase(rules.season("spring")) == "2 cards to the left, middle and right"
    (head,) = parse("A ({coin}). B {coin}\n", {"coin": "coin"}, {})[0:1]
    groups = [tuple(s.text if not s.icon else "@" for s in g) for g in glued(head.spans)]
    assert ("(", "@", ").") in groups and ("@",) in groups
