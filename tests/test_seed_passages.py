"""Every reading of an ambiguous rule, in every game's rules reference, quotes its seed
passage word for word (issue 45): a reading without the seed's words, or misquoting them, is
a rule the seed does not hold."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgen.catalogue.clarifications import load_clarifications

ROOT = Path(__file__).resolve().parents[1]
SEEDS = Path("/work/shared/seeds")
#: each pack's seed rulebook (000 is Attack Right's)
SEED_OF = {
    "attack_right": "000",
    "castle_rampage": "001",
    "attack_the_tower": "002",
    "greedy_kingdoms": "003",
    "authority": "004",
}


def plain(text: str) -> str:
    """Lower case, whitespace collapsed, typographic quotes plain, markdown marks dropped."""
    text = text.translate(str.maketrans("’‘“”", "''\"\"")).replace("**", "")
    return " ".join(re.sub(r"[*_#]", "", text).split()).lower()


def quotes(passage: str) -> list[str]:
    """The pieces a passage quotes: ``...`` marks a cut, `` / `` a line break and
    ``(blank line)`` an empty line between them."""
    pieces = re.split(r"\.\.\.|…| / ", passage.replace("(blank line)", " / "))
    return [q for p in pieces if (q := plain(p).strip().rstrip(".").strip())]


@pytest.mark.parametrize("pack", sorted(SEED_OF))
def test_every_reading_quotes_its_seed(pack):
    found = sorted(SEEDS.glob(f"{SEED_OF[pack]}_*.txt"))
    if not found:
        pytest.skip("the seed rulebooks are in the lab's shared folder")
    seed = plain(found[0].read_text(encoding="utf-8"))
    readings = load_clarifications(ROOT / "cardgen" / "packs" / pack / "clarifications.yaml")
    assert readings
    missing = [(c.id, q) for c in readings for q in quotes(c.passage or "") if q not in seed]
    assert [c.id for c in readings if not quotes(c.passage or "")] == []
    assert missing == []


def test_a_misquote_is_caught():
    seed = plain("HE MAY DECLARE SEVERAL ATTACKS IN A GIVEN TURN, IF HE HAS THE TROOPS FOR IT")
    assert all(q in seed for q in quotes("He may declare several attacks in a given turn"))
    assert not all(q in seed for q in quotes("Each territory may attack once ... per turn"))
