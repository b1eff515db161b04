"""Authority's rules reference: every setting is a documented reading, and the shipped
reference is the one generated from the clarifications."""

from __future__ import annotations

from pathlib import Path

from cardgen.packs.authority.model import RulesModel, Settings
from cardgen.packs.authority.reference import clarifications, rules_reference

ROOT = Path(__file__).resolve().parents[2]


def test_every_setting_is_a_reading_with_its_passage():
    named = {c.setting for c in clarifications() if c.setting}
    for field in Settings.model_fields:
        assert f"settings.{field}" in named, field
    for name in named:
        head, _, tail = name.partition(".")
        assert (
            (tail in Settings.model_fields)
            if head == "settings"
            else head in RulesModel.model_fields
        )
    for c in clarifications():
        assert c.passage and c.reading
        if c.setting and c.setting.startswith("settings."):
            assert c.alternative, c.id


def test_readings_have_unique_ids():
    ids = [c.id for c in clarifications()]
    assert len(ids) == len(set(ids)) >= 15


def test_shipped_reference_is_up_to_date():
    shipped = (ROOT / "games" / "authority" / "rules-reference.md").read_text(encoding="utf-8")
    assert shipped.rstrip("\n") == rules_reference().rstrip("\n")
