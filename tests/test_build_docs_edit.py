"""The edit loop: after one card of Attack Right changes, the documents a build rewrites from
its kept chunks are byte for byte the documents a fresh build of the edited catalogue makes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from cardgen.build.pipeline import build

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [f"{d}/{d}.{fmt}" for d in ("appendix", "rulebook") for fmt in ("pdf", "html", "md")]


@pytest.mark.slow
def test_documents_after_a_card_edit_equal_a_fresh_build(tmp_path, monkeypatch):
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "cards", cards)
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    edited_out = tmp_path / "edited"
    build(cards, edited_out, only=["appendix"])
    before = {p: (edited_out / p).read_bytes() for p in DOCUMENTS}

    first = sorted(p for p in cards.glob("*.yaml") if p.name != "rules.yaml")[0]
    data = yaml.safe_load(first.read_text(encoding="utf-8"))
    data["cards"][0]["cost"] = (data["cards"][0]["cost"] + 3) % 10
    first.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    report = build(cards, edited_out, only=["appendix"])
    assert {r.step_id for r in report.results if r.ran} == {
        "appendix/appendices",
        "appendix/rulebook",
    }

    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "empty cache"))
    fresh_out = tmp_path / "fresh"
    build(cards, fresh_out, only=["appendix"])
    for path in DOCUMENTS:
        edited = (edited_out / path).read_bytes()
        assert edited == (fresh_out / path).read_bytes(), path
        assert edited != before[path], path  # the new cost is in every document
