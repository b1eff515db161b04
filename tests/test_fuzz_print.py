"""Hostile layouts, icons and art (hypothesis): `validate` refuses the catalogue with errors at
a file, or `build` makes its cards.  "If validate passes, build must not fail": every number of
a layout, every colour, an icon file's drawing and a card's art are fuzzed.

The strategies are shared with ``benchmarks/fuzz_campaign.py``, which runs many more examples.
"""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz_inputs import _paths

from cardgen.checks import standard
from cardgen.scaffold import new_game

PLAIN_LAYOUT = yaml.safe_load(
    (Path(__file__).resolve().parents[1] / "cardgen/packs/plain/layout.yaml").read_text()
)
FUZZ = settings(
    max_examples=int(os.environ.get("CARDGEN_FUZZ_PRINT_EXAMPLES", "12")),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    deadline=None,
    derandomize=True,
    database=None,
)


def _get(doc, path):
    for k in path:
        doc = doc[k]
    return doc


LAYOUT_LEAVES = [
    p for p in _paths(PLAIN_LAYOUT) if not isinstance(_get(PLAIN_LAYOUT, p), dict | list)
]
NUMBER_LEAVES = [p for p in LAYOUT_LEAVES if isinstance(_get(PLAIN_LAYOUT, p), int | float)]
hostile_numbers = st.one_of(
    st.sampled_from(
        [float("inf"), float("-inf"), float("nan"), 1e308, -1e308, 1e9, 100000, 0, -1, -0.0]
    ),
    st.sampled_from([1e-9, 1e-300, 2**63, 0.001, 500, 1000, 5000]),
    st.floats(allow_nan=True, allow_infinity=True),
)
hostile_colours = st.sampled_from(
    ["#GGGGGG", "#12345", "#1234567", "red", "", "#", "ink ", "#ffffff", "#FFF", "paper"]
)


@st.composite
def hostile_layouts(draw) -> str:
    """The plain pack's layout with one to three numbers or colours made hostile."""
    doc = json.loads(json.dumps(PLAIN_LAYOUT))
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            path = draw(st.sampled_from(NUMBER_LEAVES))
            value = draw(hostile_numbers)
        else:
            path = draw(st.sampled_from(LAYOUT_LEAVES))
            value = draw(st.one_of(hostile_colours, hostile_numbers))
        node = doc
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = value
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


_SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
_SVG += 'viewBox="0 0 100 100">{}</svg>'


def _nested_use(levels: int, width: int) -> str:
    defs = ['<g id="l0"><rect width="5" height="5"/></g>']
    for i in range(1, levels + 1):
        uses = "".join(f'<use xlink:href="#l{i - 1}" x="{j}"/>' for j in range(width))
        defs.append(f'<g id="l{i}">{uses}</g>')
    return _SVG.format(f"<defs>{''.join(defs)}</defs><use xlink:href='#l{levels}'/>")


@st.composite
def hostile_icons(draw) -> bytes:
    """An icon file: huge, non-finite or negative coordinates, nested ``<use>``, many
    elements, a self-referencing ``<use>``, odd transforms."""
    number = draw(
        st.one_of(
            st.sampled_from(["1e308", "-1e308", "nan", "inf", "1e39", "-5", "0", "1e-320"]),
            st.floats(allow_nan=False, allow_infinity=False).map(repr),
        )
    )
    kind = draw(
        st.sampled_from(["rect", "path", "circle", "transform", "use", "many", "self", "stroke"])
    )
    if kind == "rect":
        body = f'<rect x="{number}" y="10" width="{number}" height="50"/>'
    elif kind == "path":
        body = f'<path d="M 10 10 L {number} 50 L 50 {number} Z"/>'
    elif kind == "circle":
        body = f'<circle cx="50" cy="50" r="{number}"/>'
    elif kind == "transform":
        body = f'<g transform="scale({number})"><rect width="50" height="50"/></g>'
    elif kind == "stroke":
        body = f'<rect width="50" height="50" fill="none" stroke="#000" stroke-width="{number}"/>'
    elif kind == "use":
        return _nested_use(draw(st.integers(1, 7)), draw(st.integers(1, 10))).encode()
    elif kind == "many":
        body = '<rect width="1" height="1"/>' * draw(st.sampled_from([10, 1000, 30000]))
    else:
        body = '<g id="a"><use xlink:href="#a"/><rect width="5" height="5"/></g>'
    return _SVG.format(body).encode()


def _png(size: tuple[int, int], mode: str = "RGB") -> bytes:
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new(mode, size, "white").save(buf, "PNG")
    return buf.getvalue()


@st.composite
def hostile_art(draw) -> tuple[str, bytes]:
    """An art file: its name and bytes (a good image, a truncated one, EPS, a huge one, junk)."""
    kind = draw(st.sampled_from(["good", "truncated", "eps", "huge", "junk", "empty", "tiny"]))
    if kind == "good":
        return "art.png", _png((draw(st.integers(1, 300)), draw(st.integers(1, 300))))
    if kind == "truncated":
        data = _png((200, 200))
        return "art.png", data[: draw(st.integers(0, len(data) - 1))]
    if kind == "eps":
        return "art.eps", b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 5 5\nshowpage\n"
    if kind == "huge":
        return "art.png", _png((12000, 12000), "1")
    if kind == "tiny":
        return "art.png", _png((1, 1))
    return "art.png", b"" if kind == "empty" else draw(st.binary(max_size=200))


def validate_or_build(tmp: Path, *, layout=None, icon=None, art=None) -> str:
    """A new plain game with the hostile parts: ``"refused"`` when validate refuses it (each
    error at a file), ``"built"`` when it validates and its cards build.  Raises otherwise."""
    from cardgen.build.pipeline import build
    from cardgen.catalogue import validate

    cards = new_game(tmp / "game", "plain").folder / "cards"
    if layout is not None:
        (cards / "layout.yaml").write_text(layout, encoding="utf-8")
    if icon is not None:
        (cards / "icons" / "coin.svg").write_bytes(icon)
    if art is not None:
        name, data = art
        (cards / name).write_bytes(data)
        deck = cards / "heroes.yaml"
        deck.write_text(
            deck.read_text().replace("  - id: squire\n", f"  - id: squire\n    art: {name}\n", 1)
        )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a raw library warning is a defect too
        result = validate(cards, extra_checks=standard(), use_cache=False)
        for d in result.errors:
            assert d.position.file, d
        if not result.ok:
            return "refused"
        build(cards, tmp / "out", only=["cards"], jobs=1)
    return "built"


@FUZZ
@given(layout=hostile_layouts())
def test_a_hostile_layout_is_refused_or_built(tmp_path_factory, layout):
    validate_or_build(tmp_path_factory.mktemp("layout"), layout=layout)


@FUZZ
@given(icon=hostile_icons())
def test_a_hostile_icon_is_refused_or_built(tmp_path_factory, icon):
    validate_or_build(tmp_path_factory.mktemp("icon"), icon=icon)


@FUZZ
@given(art=hostile_art())
def test_hostile_art_is_refused_or_built(tmp_path_factory, art):
    validate_or_build(tmp_path_factory.mktemp("art"), art=art)
