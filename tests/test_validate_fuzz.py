"""Hypothesis: random malformed catalogues give diagnostics, never a traceback.

The suite tries 15 derandomised inputs a test (it tried 150, 100 and 40); a campaign sets
``CARDGEN_FUZZ_EXAMPLES`` as for ``test_fuzz_inputs``: ``python benchmarks/soak.py``."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgen.catalogue import validate
from cardgen.diagnostics import CODES

FIXTURE = Path(__file__).parent / "fixtures" / "catalogue"
BATTLE = yaml.safe_load((FIXTURE / "battle.yaml").read_text())
EXAMPLES = int(os.environ.get("CARDGEN_FUZZ_EXAMPLES", "15"))

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 50),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(
        ["-", "spring", "fall", "unit", "left", "wood", "produce", "battle", "ongoing", "dies"]
    ),
)
values = st.recursive(
    scalars,
    lambda kids: st.one_of(
        st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=8), kids, max_size=4)
    ),
    max_leaves=12,
)
card_keys = st.sampled_from(
    sorted({k for c in BATTLE["cards"] for k in c} | {"effects", "text", "star", "bogus"})
)


@st.composite
def mutated_deck(draw) -> str:
    doc = yaml.safe_load(yaml.safe_dump(BATTLE))
    for _ in range(draw(st.integers(1, 4))):
        card = doc["cards"][draw(st.integers(0, len(doc["cards"]) - 1))]
        key = draw(card_keys)
        if draw(st.booleans()) and key in card:
            del card[key]
        else:
            card[key] = draw(values)
    text = yaml.safe_dump(doc, allow_unicode=True)
    if draw(st.booleans()):  # structural damage to the text itself
        pos = draw(st.integers(0, len(text)))
        junk = draw(
            st.sampled_from(
                [
                    "\t",
                    ":",
                    "- ",
                    "{",
                    "]",
                    "&a",
                    "*a",
                    "!!python/name:x",
                    "\x00",
                    "  ",
                    "\n- -",
                    "'",
                    "key: &x [*x]",
                ]
            )
        )
        text = text[:pos] + junk + text[pos:]
    return text


def _check(text_or_bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cat = Path(tmp) / "cards"
        shutil.copytree(FIXTURE, cat)
        data = text_or_bytes if isinstance(text_or_bytes, bytes) else text_or_bytes.encode()
        (cat / "battle.yaml").write_bytes(data)
        result = validate(cat)  # must not raise
        for d in result.diagnostics:
            assert d.code in CODES
            assert d.position.file
            assert d.message and d.fix


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_deck())
def test_mutated_decks_never_crash(text):
    _check(text)


@settings(max_examples=EXAMPLES, deadline=None)
@given(values)
def test_arbitrary_documents_never_crash(doc):
    _check(yaml.safe_dump(doc))


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.binary(max_size=200))
def test_arbitrary_bytes_never_crash(data):
    _check(data)
