"""Attack the Tower's rules reference: made from the readings' data, every setting a reading
with its other reading, every passage the seed's words, every scenario cited."""

from __future__ import annotations

import re
from pathlib import Path

from cardgen.pack import get_pack
from cardgen.packs.attack_the_tower.model import Settings
from cardgen.packs.attack_the_tower.reference import clarifications
from tests.attack_the_tower.tower_paths import TOWER, TOWER_SCENARIOS

SEED = Path("/work/shared/seeds/002_dd24b237805e6a03.txt")


def test_shipped_reference_is_the_generated_one():
    text = get_pack("attack-the-tower").docs.rules_reference()
    assert (TOWER / "rules-reference.md").read_text(encoding="utf-8") == text
    assert text.count("\n## T") == len(clarifications()) >= 30


def test_every_setting_is_a_reading_with_its_other_reading():
    named = [c.setting for c in clarifications() if c.setting]
    assert sorted(named) == sorted(f"settings.{name}" for name in Settings.model_fields)
    assert all(c.alternative for c in clarifications() if c.setting)


def test_ids_are_unique_and_passages_quote_the_seed():
    ids = [c.id for c in clarifications()]
    assert ids == [f"T{n}" for n in range(1, len(ids) + 1)]
    if SEED.exists():  # the seed is in the lab's shared folder, not in the repository
        seed = " ".join(SEED.read_text(encoding="utf-8").split())
        for c in clarifications():
            for piece in c.passage.split("..."):
                quote = " ".join(piece.split()).strip()
                assert quote in seed, f"{c.id} misquotes the seed: {quote!r}"


def test_every_scenario_is_cited_and_every_citation_is_a_scenario():
    text = get_pack("attack-the-tower").docs.rules_reference()
    cited = {
        int(n)
        for run in re.findall(r"scenarios? ((?:\d\d(?:, )?)+)", text)
        for n in run.split(", ")
    }
    files = {int(p.name[:2]) for p in TOWER_SCENARIOS.glob("*.yaml")}
    assert cited == files
