"""Every catalogue text is checked: control and invisible characters, whitespace-only texts,
strict icon tokens, and characters the card fonts cannot draw; `render` and `build` refuse a
catalogue exactly as `validate` does."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from catalogue_edits import copy_catalogue, edit, line_of

from cardgen.catalogue import validate
from cardgen.catalogue.text_checks import bad_character, token_problems
from cardgen.checks import standard


@pytest.fixture
def cat(tmp_path: Path, fixture_catalogue: Path) -> Path:
    """A private copy of the valid fixture catalogue, to break."""
    return copy_catalogue(fixture_catalogue, tmp_path)


@pytest.mark.parametrize(
    "ch", ["\x00", "\x07", "\x1b", "\t", "\u202e", "\u200b", "\u200d", "\ufeff", "\u00ad", "\u2028"]
)
def test_control_and_invisible_characters_are_refused(ch):
    assert bad_character(ch) is not None


@pytest.mark.parametrize("ch", ["a", "é", "ß", "Ω", "Ж", "’", "—", "\u00a0", "\n", " ", "…"])
def test_printable_characters_pass(ch):
    assert bad_character(ch) is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Gain {Coin}.", "did you mean {coin}"),
        ("Gain {coin.", "never closed"),
        ("Gain {}.", "names no icon"),
        ("Gain 1}.", "stray '}'"),
        ("{coin {glory}", "never closed"),
        ("{two words}", "not an icon token"),
    ],
)
def test_malformed_icon_tokens(text, words):
    problems = list(token_problems(text))
    assert problems and words in problems[0], problems


def test_well_formed_tokens_pass():
    assert list(token_problems("Gain 1 {coin} and 2 {age-token}; no braces here.")) == []


#: (file, old, new, card, text of the line pointed at, words): characters the fonts cannot draw
GLYPH_MUTATIONS = [
    ("battle.yaml", "name: Woodcutter", "name: 木こり", "fx-woodcutter", "木こり", "U+6728"),
    ("battle.yaml", "name: Wall", 'name: "Wall 🧱"', "fx-wall", "🧱", "U+1F9F1"),
    ("battle.yaml", "name: Knight", "name: אביר", "fx-knight", "אביר", "right-to-left"),
    ("battle.yaml", "flavour: Chop.", "flavour: حطاب", "fx-woodcutter", "حطاب", "right-to-left"),
]


@pytest.mark.parametrize(("file", "old", "new", "card", "marker", "words"), GLYPH_MUTATIONS)
def test_character_the_fonts_cannot_draw_is_e406(cat, file, old, new, card, marker, words):
    edit(cat / file, old, new)
    result = validate(cat, extra_checks=standard(), use_cache=False)
    found = [d for d in result.errors if d.code == "E408"]
    assert found, [(d.code, d.message) for d in result.diagnostics]
    d = found[0]
    assert d.card == card
    assert d.position.line == line_of(cat / file, marker)
    assert words in " ".join(x.message for x in found)
    field = "flavour" if "flavour" in old else "name"
    assert d.message.startswith(f"{field}: ")


def test_deck_name_the_fonts_cannot_draw_is_refused_at_its_line(cat):
    """A deck's name prints on components and in the rulebook (no longer on the backs, which
    show only the season): refused where rules.yaml writes it."""
    edit(cat / "rules.yaml", "name: Battle deck", "name: 戦闘デッキ")
    result = validate(cat, extra_checks=standard(), use_cache=False)
    found = [d for d in result.errors if d.code == "E408"]
    at_rules = [d for d in found if d.position.file.endswith("rules.yaml")]
    assert at_rules and at_rules[0].position.line == line_of(cat / "rules.yaml", "戦闘デッキ")
    assert all(d.message.startswith("decks.0.name: '") for d in at_rules)


def test_game_name_the_fonts_cannot_draw_is_refused_at_its_line(cat):
    """The game's name prints on the components and the rulebook, not on a card."""
    edit(cat / "rules.yaml", "game: Attack Right", "game: Attack 🗡")
    result = validate(cat, extra_checks=standard(), use_cache=False)
    found = [d for d in result.errors if d.code == "E408"]
    (d,) = [d for d in found if d.position.file.endswith("rules.yaml")]
    assert d.position.line == line_of(cat / "rules.yaml", "game: Attack") and "U+1F5E1" in d.message


BAD_CATALOGUES = {
    "token": ("battle.yaml", "flavour: Chop.", 'flavour: "Gain {Coin}."'),
    "nul": ("battle.yaml", "name: Woodcutter", 'name: "Wood\\0cutter"'),
    "cjk": ("battle.yaml", "name: Woodcutter", "name: 木こり"),
    "keep": ("rules.yaml", "keep_last: 1", "keep_last: 7"),
    "deep": ("battle.yaml", "flavour: Chop.", "flavour: " + "[" * 600 + "]" * 600),
    "blank": ("spy.yaml", "deck: spy", 'deck: spy\ncards: "  "'),
}
_DIAG = re.compile(r"^\S+?(:\d+:\d+)?: (error|warning) [EW]\d{3} .*$")


def _diagnostics(text: str) -> list[str]:
    return sorted(line for line in text.splitlines() if _DIAG.match(line))


@pytest.mark.parametrize("case", sorted(BAD_CATALOGUES))
def test_render_and_build_refuse_exactly_as_validate(cat, tmp_path, case):
    file, old, new = BAD_CATALOGUES[case]
    edit(cat / file, old, new)
    runs = {}
    for command in ("validate", "render", "build"):
        args = [sys.executable, "-m", "cardgen", command, str(cat)]
        out = tmp_path / f"out-{command}"
        if command != "validate":
            args += ["-o", str(out)]
        proc = subprocess.run(args, capture_output=True, text=True, timeout=300, check=False)
        assert "Traceback" not in proc.stderr, proc.stderr
        runs[command] = (proc.returncode, _diagnostics(proc.stdout + proc.stderr))
        if command != "validate":  # nothing printed from an invalid catalogue
            assert not out.exists() or not [p for p in out.rglob("*") if p.suffix == ".pdf"]
    code, diags = runs["validate"]
    assert code == 1 and diags
    assert runs["render"] == runs["validate"]
    assert runs["build"] == runs["validate"]
