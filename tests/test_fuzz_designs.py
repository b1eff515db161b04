"""`validate` catches what `build` would fail on (issue 30): hypothesis makes designers' games
(their own fields and values, layouts of every element kind with maps, % and anchored boxes,
rotation, icon colours, a size per back, icon files good and bad), and every one that
validates must render without an error; every one that does not must be diagnostics, never
an exception."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cardgen.catalogue.validate import validate
from cardgen.checks import standard
from cardgen.render.api import Renderer, RenderOptions

FIELD_TYPES = {
    "text": st.sampled_from(["Hi", "A longer line of card text.", "{moon} wins", "x" * 60]),
    "whole number": st.integers(-3, 20),
    "number": st.sampled_from([0, 1.5, 2, -0.25]),
    "choice": st.sampled_from(["moon", "sun"] * 4 + ["comet"]),  # comet is not a choice
    "icon": st.sampled_from(["moon", "sun", "coin"] * 3 + ["ghost"]),  # ghost has no file
    "colour": st.sampled_from(["#112233", "#FFFFFF"] * 4 + ["red"]),
    "list": st.lists(st.sampled_from(["moon", "sun", "a b"]), max_size=3),
}
CHOICES = ["moon", "sun"]
GOOD_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
    '<circle cx="50" cy="50" r="40" fill="{fill}"/></svg>'
)
BAD_SVG = ["<svg><unclosed", '<svg viewBox="0 0 10 10"><rect width="5" height="5"/></svg>']

# mostly inside the safe zone of any card size; now and then past it (E406) or nowhere
edges = st.one_of(
    st.floats(3.5, 12, allow_nan=False).map(lambda v: round(v, 1)),
    st.integers(6, 30).map(lambda v: f"{v}%"),
    st.sampled_from([0, "-5%", 80]),
)
sizes = st.one_of(
    st.floats(4, 25, allow_nan=False).map(lambda v: round(v, 1)),
    st.integers(8, 40).map(lambda v: f"{v}%"),
)
boxes = st.one_of(
    st.just("card"),
    st.tuples(edges, edges, sizes, sizes).map(list),
    st.fixed_dictionaries({"left": edges, "w": sizes, "bottom": edges, "h": sizes}),
    st.fixed_dictionaries({"right": edges, "left": edges, "top": edges, "h": sizes}),
)


def value_map(values: st.SearchStrategy) -> st.SearchStrategy:
    return st.fixed_dictionaries(
        {
            "field": st.sampled_from(["suit", "rank", "name"] * 3 + ["nothing"]),
            "map": st.dictionaries(st.sampled_from(["moon", "sun", 1, 2]), values, max_size=3),
        },
        optional={"default": values},
    )


colours = st.one_of(
    st.sampled_from(["ink", "paper", "#AA0000"] * 3 + ["mauve"]),
    value_map(st.sampled_from(["ink", "#00AA00"] * 4 + ["plum"])),
)
icons = st.one_of(
    st.sampled_from(["moon", "sun", "coin", "{suit}"] * 3 + ["{rank}", "ghost"]),
    value_map(st.sampled_from(["moon", "sun", "{suit}"])),
)
texts = st.one_of(
    st.sampled_from(["{name}", "{rank} of {suit}", "Plain", "{{braces}}"] * 3 + ["{nothing}"]),
    value_map(st.sampled_from(["A", "{rank}", "Q"])),
)
common = {"box": boxes}
optional = {
    "rotate": st.sampled_from([0, 90, 180, 270, 30]),
    "when": st.sampled_from(["suit", "rank"]),
}
elements = st.one_of(
    st.fixed_dictionaries(
        {"kind": st.just("shape"), **common, "fill": colours, "bleed": st.booleans()},
        optional=optional,
    ),
    st.fixed_dictionaries(
        {"kind": st.just("text"), **common, "text": texts, "size": st.sampled_from([6, 9, 14])},
        optional={**optional, "colour": colours, "min_size": st.sampled_from([6, 7, 6, 4])},
    ),
    st.fixed_dictionaries(
        {"kind": st.just("icon"), **common, "icon": icons}, optional={**optional, "colour": colours}
    ),
    st.fixed_dictionaries(
        {"kind": st.just("badge"), **common, "field": st.sampled_from(["rank", "suit"])},
        optional={**optional, "icon": icons, "icon_colour": colours, "fill": colours},
    ),
    st.fixed_dictionaries(
        {"kind": st.just("rich_text"), **common, "field": st.sampled_from(["text", "motto"])},
        optional=optional,
    ),
    st.fixed_dictionaries(
        {"kind": st.just("image"), **common, "bleed": st.booleans()},
        optional={"src": st.sampled_from(["art/{suit}.png"] * 4 + ["art/gone.png"]), **optional},
    ),
)


@st.composite
def games(draw) -> dict:
    # the fields the layouts read, and now and then others of any type
    declared = {"suit": "choice", "rank": "whole number", "motto": "text"}
    extra = st.sampled_from(list(FIELD_TYPES))
    declared |= draw(
        st.dictionaries(st.sampled_from(["weight", "tint", "tags"]), extra, max_size=3)
    )
    fields = {}
    for name, kind in declared.items():
        spec = {"type": kind}
        if kind == "choice":
            spec["choices"] = CHOICES
        fields[name] = spec
    cards = []
    for i in range(draw(st.integers(1, 3))):
        card = {"id": f"card-{i}", "name": draw(st.sampled_from(["Moon", "A Very Long Card Name"]))}
        for name, kind in declared.items():
            if draw(st.booleans()):
                card[name] = draw(FIELD_TYPES[kind])
        if draw(st.booleans()):
            card["back"] = "small"
        cards.append(card)
    layout = {
        "card": draw(
            st.sampled_from([{"size": "poker"}, {"size": "mini"}, {"width": 70, "height": 70}])
        ),
        "fonts": {
            "regular": "DejaVuSansCondensed.ttf",
            "bold": "DejaVuSansCondensed-Bold.ttf",
            "italic": "DejaVuSansCondensed-Oblique.ttf",
            "title": draw(
                st.sampled_from(
                    ["fonts/Mine.ttf", "DejaVuSerifCondensed-Bold.ttf"] * 4 + ["gone.ttf"]
                )
            ),
        },
        "colours": {"ink": "#1F1A17", "paper": "#FBF7EE"},
        "face": {
            f"e{i}": el for i, el in enumerate(draw(st.lists(elements, min_size=1, max_size=4)))
        },
        "back": {"bg": {"kind": "shape", "box": "card", "fill": "ink", "bleed": True}},
    }
    good = [GOOD_SVG.format(fill="currentColor"), GOOD_SVG.format(fill="#123456")] * 4
    icon_files = {
        name: draw(st.sampled_from([*good, *BAD_SVG]))
        for name in draw(st.sampled_from([["moon", "sun"]] * 5 + [["moon"], []]))
    }
    size = draw(st.sampled_from([None, "mini", [50, 50]]))
    return {"fields": fields, "cards": cards, "layout": layout, "icons": icon_files, "size": size}


FONTS = Path(__file__).resolve().parents[1] / "cardgen" / "assets" / "fonts"


def _write(root: Path, game: dict) -> None:
    (root / "icons").mkdir(parents=True)
    (root / "fonts").mkdir()
    shutil.copy(FONTS / "DejaVuSerifCondensed-Bold.ttf", root / "fonts" / "Mine.ttf")
    small = {"id": "small", "name": "Small deck", "colour": "#445566"}
    if game["size"] is not None:
        small["size"] = game["size"]
    rules = {
        "pack": "plain",
        "game": "Fuzz",
        "backs": [{"id": "main", "name": "Main deck", "colour": "#223344"}, small],
        "fields": game["fields"],
    }
    (root / "rules.yaml").write_text(yaml.safe_dump(rules, sort_keys=False))
    (root / "cards.yaml").write_text(yaml.safe_dump({"cards": game["cards"]}, sort_keys=False))
    (root / "layout.yaml").write_text(yaml.safe_dump(game["layout"], sort_keys=False))
    for name, svg in game["icons"].items():
        (root / "icons" / f"{name}.svg").write_text(svg)
    from PIL import Image

    (root / "art").mkdir()
    for suit, colour in (("moon", (40, 60, 120)), ("sun", (200, 140, 40))):
        Image.new("RGB", (40, 30), colour).save(root / "art" / f"{suit}.png")


@settings(
    max_examples=80,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(games())
def test_every_game_that_validates_renders(game):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "cards"
        _write(root, game)
        result = validate(root, extra_checks=standard(), use_cache=False)  # never raises
        event("validates" if result.ok else "refused")
        for code in sorted({d.code for d in result.errors}):
            event(f"error {code}")
        if not result.ok:
            assert result.errors and all(d.position.file for d in result.errors)
            return
        out = Path(tmp) / "out"
        Renderer(result.catalogue).render(
            out, RenderOptions(products=("print", "pnp"), papers=("a4",)), check=False
        )
        assert list((out / "print").glob("*.pdf"))
