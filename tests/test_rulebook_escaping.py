"""Catalogue strings reaching the rulebook and appendix are escaped: a deck named
``Battle deck*`` and a theme holding a ``javascript:`` link and a ``<script>`` tag print as
text; a rulebook source that still fails names its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from catalogue_edits import copy_catalogue, edit, line_of, run_cardgen

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs.rulebook import RulebookError, build_rulebook, escape_value

THEME = "For [might](javascript:alert(1)) <script>alert(1)</script> & glory"


@pytest.fixture
def hostile(tmp_path: Path, fixture_catalogue: Path) -> Path:
    cat = copy_catalogue(fixture_catalogue, tmp_path)
    edit(cat / "rules.yaml", "name: Battle deck", "name: Battle deck*")
    edit(cat / "rules.yaml", "theme: For might and glory", f'theme: "{THEME}"')
    return cat


def test_escaped_values_parse_back_to_the_text():
    assert escape_value("Battle deck*") == "Battle deck\\*"
    assert escape_value("- a list?") == "\\- a list?"
    assert escape_value("12. twelve") == "12\\. twelve"
    assert escape_value(7) == 7  # numbers as they are


def test_rulebook_prints_hostile_names_literally(hostile):
    rules = load_catalogue(hostile, use_cache=False).rules
    book = build_rulebook(rules)
    texts = [b.text for b in book.blocks]
    assert any("Battle deck*" in t for t in texts)
    assert any(THEME in t for t in texts), [t for t in texts if "might" in t]
    assert "Battle deck\\*" in book.markdown
    assert "<script>" not in book.markdown and "](javascript:" not in book.markdown


@pytest.mark.parametrize("fmt", ["md", "html", "pdf"])
def test_appendix_and_rulebook_build_with_hostile_names(hostile, tmp_path, fmt):
    out = tmp_path / "docs"
    proc = run_cardgen("appendix", str(hostile), "--rulebook", "--format", fmt, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    for path in (out / f"rulebook.{fmt}", out / f"appendix.{fmt}"):
        assert path.stat().st_size > 0
        if fmt == "pdf":
            continue
        text = path.read_text(encoding="utf-8")
        assert "<script>" not in text
        assert 'href="javascript:' not in text
        if fmt == "md":  # a link only if its brackets are not escaped
            assert "[might](javascript:" not in text
        if fmt == "html":
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
            assert "Battle deck*" in text


def test_broken_rulebook_source_names_file_and_line(tmp_path, fixture_catalogue):
    cat = copy_catalogue(fixture_catalogue, tmp_path)
    source = cat / "rulebook.md"
    source.write_text(
        "# Title\n\nA first paragraph.\n\n## Setup\n\n"
        "Deal {{ rules.draft.hand_size }} cards, *then stop.\n",
        encoding="utf-8",
    )
    rules = load_catalogue(cat, use_cache=False).rules
    with pytest.raises(RulebookError) as err:
        build_rulebook(rules, source)
    assert f"{source}:{line_of(source, 'then stop')}:" in str(err.value)
    assert "unclosed" in str(err.value)


def test_build_reports_the_broken_rulebook_line(tmp_path, fixture_catalogue):
    cat = copy_catalogue(fixture_catalogue, tmp_path)
    (cat / "rulebook.md").write_text("# Title\n\n## Setup\n\n```\ncode\n```\n", encoding="utf-8")
    proc = run_cardgen("build", str(cat), "--only", "appendix", "-o", str(tmp_path / "out"))
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert "rulebook.md:5:" in proc.stdout + proc.stderr
