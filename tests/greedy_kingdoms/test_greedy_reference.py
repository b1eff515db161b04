"""Greedy Kingdoms' rules reference: generated from the readings' data, each setting real."""

from __future__ import annotations

from pathlib import Path

from cardgen.catalogue.loader import load_catalogue
from cardgen.pack import get_pack
from cardgen.packs.greedy_kingdoms.clarifications import clarifications

GAME = Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms"
SEED = Path("/work/shared/seeds/003_331f7c4a9ebe3de5.txt")


def test_committed_reference_is_the_generated_one() -> None:
    text = get_pack("greedy-kingdoms").docs.rules_reference()
    assert (GAME / "rules-reference.md").read_text(encoding="utf-8") == text
    assert text.count("\n## G") == len(clarifications())


def test_every_setting_is_a_field_of_the_rules_model() -> None:
    rules = load_catalogue(GAME / "cards").rules
    for c in clarifications():
        if c.setting is None:
            continue
        obj = rules
        for part in c.setting.split("."):
            assert part in type(obj).model_fields, f"{c.id}: {c.setting}"
            obj = getattr(obj, part)


def test_ids_are_unique_and_passages_quote_the_manual() -> None:
    ids = [c.id for c in clarifications()]
    assert len(ids) == len(set(ids))
    if SEED.exists():  # the manual is in the lab's shared folder, not in the repository
        manual = " ".join(SEED.read_text(encoding="utf-8").split())
        for c in clarifications():
            for piece in c.passage.split("..."):
                quote = " ".join(piece.split()).rstrip(".").strip()
                assert quote in manual, f"{c.id} misquotes the manual: {quote!r}"
