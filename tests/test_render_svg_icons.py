"""Icons as SVG files: every token has one, a catalogue's own icons/ wins, a missing or broken file
is a diagnostic naming it and its cards, CMYK and faded re-inking, determinism, HTML embedding."""

from __future__ import annotations

import base64
import io
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import open_pdf
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue.loader import load_catalogue
from cardgen.catalogue.validate import validate
from cardgen.checks import PREFLIGHT
from cardgen.diagnostics import DiagnosticError
from cardgen.packs.attack_right.icon_tokens import ICONS as AR_TOKENS
from cardgen.packs.attack_right.pack import PACK as ATTACK_RIGHT
from cardgen.packs.plain.pack import PACK as PLAIN
from cardgen.packs.plain.tokens import ICONS as PLAIN_TOKENS
from cardgen.render import svg_icons
from cardgen.render.colours import Ink, hex_rgb, mix
from cardgen.render.preflight import preflight_check
from cardgen.render.svg_icons import FADE, SvgIcons, icon_folders
from cardgen.render.theme import Theme

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SVG_NS = "{http://www.w3.org/2000/svg}"
RED_SQUARE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
    '<rect x="10" y="10" width="80" height="80" fill="#FF0000"/></svg>'
)


def _copy(src: Path, tmp_path: Path) -> Path:
    dst = tmp_path / "project" / "cards"
    shutil.copytree(src, dst)
    return dst


@pytest.fixture
def ar_cards(tmp_path) -> Path:
    """A writable copy of the Attack Right render fixture."""
    return _copy(FIXTURES / "render" / "cards", tmp_path)


@pytest.fixture
def tavern(tmp_path) -> Path:
    """A writable copy of the plain pack's Tavern Brawl fixture."""
    return _copy(FIXTURES / "plain" / "tavern", tmp_path)


def _icon_diags(cards: Path) -> list:
    result = validate(cards, extra_checks=[preflight_check], use_cache=False)
    return [d for d in result.diagnostics if d.code in ("E404", "E405")]


def _rgb(hex_colour: str) -> str:
    """How reportlab writes a fill colour: ``r g b rg``."""
    return f"{fp_str(*hex_rgb(hex_colour))} rg"


def _painted(icons, name: str, ink: Ink | None = None, faded: bool = False) -> str:
    """The uncompressed page content of one icon painted on a fresh canvas."""
    ink = ink or Ink()
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, pageCompression=0, enforceColorSpace="cmyk" if ink.cmyk else None)
    icons.paint(c, ink, name, faded=faded)
    c.showPage()
    c.save()
    return buf.getvalue().decode("latin-1")


# --- the packs' files ----------------------------------------------------------------------------
def _pack_names(pack, rules) -> list[str]:
    return [*pack.print.icon_tokens(rules)]


@pytest.mark.parametrize("pack", [ATTACK_RIGHT, PLAIN], ids=["attack-right", "plain"])
def test_every_token_of_each_pack_has_an_icon_file(pack):
    catalogue = load_catalogue(ROOT / "cards" if pack is ATTACK_RIGHT else FIXTURES / "plain")
    rules = catalogue.rules
    names = set(pack.print.icon_tokens(rules))
    names |= {n for card in catalogue for n in pack.print.card_icons(card, rules)}
    assert names >= set(AR_TOKENS if pack is ATTACK_RIGHT else PLAIN_TOKENS)
    icons = SvgIcons(icon_folders(pack.data))
    for name in sorted(names):
        path = pack.data / "icons" / f"{name}.svg"
        assert icons.path(name) == path, name
        root = ET.parse(path).getroot()
        assert root.tag == f"{SVG_NS}svg" and root.get("viewBox") == "0 0 100 100", name
        assert icons.problem(name) is None, name


def test_shipped_catalogue_prints_only_icons_it_has(cards_dir):
    assert _icon_diags(cards_dir) == []


# --- diagnostics ---------------------------------------------------------------------------------
def test_missing_icon_is_e404_naming_the_file_and_the_cards(ar_cards, runner, app, plain):
    """A deck emblem with no file is refused where rules.yaml names it."""
    rules = ar_cards / "rules.yaml"
    rules.write_text(rules.read_text().replace("icon: eye", "icon: trumpet", 1))
    (d,) = _icon_diags(ar_cards)
    assert d.code == "E404" and d.card is None
    assert "trumpet.svg" in d.message
    assert d.position.file.endswith("rules.yaml")
    assert d.position.line == next(
        i for i, line in enumerate(rules.read_text().splitlines(), 1) if "icon: trumpet" in line
    )
    res = runner.invoke(app, ["validate", str(ar_cards)])
    assert res.exit_code == 1 and "E404" in res.output and "Traceback" not in res.output
    out = ar_cards.parent / "out"
    res = runner.invoke(app, ["render", str(ar_cards), "-o", str(out), "-p", "pnp"])
    assert res.exit_code == 1 and "trumpet.svg" in plain(res.output)
    assert not out.exists() or not any(out.rglob("*.pdf"))  # nothing rendered


def test_missing_text_icon_is_e404_naming_the_file_and_the_cards(ar_cards):
    """An icon a card's text prints with no file: at the first card, naming file and cards."""
    deck = ar_cards / "battle.yaml"
    deck.write_text(
        deck.read_text().replace("flavour: Hold the line.", 'flavour: "{trumpet} Hold."')
    )
    (d,) = _icon_diags(ar_cards)
    assert d.code == "E404" and "trumpet.svg" in d.message and "cards/icons/" in d.message
    assert d.position.file.endswith("battle.yaml") and d.card is not None


BROKEN = {
    "not well-formed": (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">\n<circle',
        2,
    ),
    "viewBox": (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle r="9"/></svg>',
        1,
    ),
    "nothing is drawn": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"/>', 0),
    "text": (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        '<text x="10" y="50">3</text></svg>',
        0,
    ),
    "not <svg>": ("<html/>", 0),
}


_XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"'


def _svg(body: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" {_XLINK} viewBox="0 0 100 100">{body}</svg>'


def _nested_use(levels: int, width: int) -> str:
    """A 1 KB bomb: ``levels`` of groups, each using the one below ``width`` times."""
    defs = ['<g id="l0"><rect width="5" height="5"/></g>']
    for i in range(1, levels + 1):
        uses = "".join(f'<use xlink:href="#l{i - 1}" x="{j}"/>' for j in range(width))
        defs.append(f'<g id="l{i}">{uses}</g>')
    return _svg(f"<defs>{''.join(defs)}</defs><use xlink:href='#l{levels}'/>")


# Hostile files: bounds checked before svglib expands the file (the nested <use> took validate
# 127 s) and on the drawing it makes (a coordinate a PDF cannot hold).
BROKEN.update(
    {
        "expand to over 2000 elements": (_nested_use(7, 10), 0),
        "refers to an element holding it": (
            _svg('<g id="a"><use xlink:href="#a"/><rect width="5" height="5"/></g>'),
            1,
        ),
        "3001 elements, over 1000": (_svg('<rect width="1" height="1"/>' * 3000), 0),
        "1e+308 is beyond": (_svg('<rect x="1e308" y="1" width="1e308" height="5"/>'), 0),
        "1e+39 is beyond": (_svg('<g transform="scale(1e39)"><rect width="5" height="5"/></g>'), 0),
        "over 1048576": (_svg("<!--" + "x" * 2**20 + '--><rect width="5" height="5"/>'), 0),
    }
)


@pytest.mark.parametrize("why", list(BROKEN))
def test_malformed_catalogue_icon_is_e405_at_the_file_naming_the_cards(ar_cards, why):
    svg, line = BROKEN[why]
    (ar_cards / "icons").mkdir()
    (ar_cards / "icons" / "coin.svg").write_text(svg)
    (d,) = _icon_diags(ar_cards)
    assert d.code == "E405" and why in d.message, d.message
    assert d.position.file.endswith(os.path.join("cards", "icons", "coin.svg"))
    if line:
        assert d.position.line == line
    first = next(iter(load_catalogue(ar_cards))).id  # every card prints the cost coin
    assert d.card == first and f"printed by {first}" in d.message


def test_a_fifo_at_an_icon_is_e405_not_the_packs_icon(ar_cards):
    """A FIFO at icons/coin.svg used to fall back silently to the pack's coin."""
    (ar_cards / "icons").mkdir()
    os.mkfifo(ar_cards / "icons" / "coin.svg")
    (d,) = _icon_diags(ar_cards)
    assert d.code == "E405" and "FIFO" in d.message, d.message


def test_unused_broken_icon_file_is_reported_without_a_card(ar_cards):
    (ar_cards / "icons").mkdir()
    (ar_cards / "icons" / "trumpet.svg").write_text("<svg")
    (d,) = _icon_diags(ar_cards)
    assert d.code == "E405" and d.card is None and "trumpet.svg" in d.position.file


def test_painting_a_missing_icon_raises_a_diagnostic_not_a_traceback(tmp_path):
    icons = SvgIcons([tmp_path])
    with pytest.raises(DiagnosticError) as err:
        icons.paint(Canvas(io.BytesIO()), Ink(), "nothing")
    assert err.value.diagnostics[0].code == "E404"


def test_validate_cache_sees_an_edited_catalogue_icon(ar_cards):
    def codes() -> list[str]:
        result = validate(ar_cards, extra_checks=[PREFLIGHT])  # its result cached by content
        return [d.code for d in result.diagnostics if d.code.startswith("E")]

    assert codes() == []
    (ar_cards / "icons").mkdir()
    (ar_cards / "icons" / "coin.svg").write_text("<svg")
    assert codes() == ["E405"]


# --- a catalogue's own icons ---------------------------------------------------------------------
def test_catalogue_icon_overrides_the_packs(ar_cards):
    (ar_cards / "icons").mkdir()
    (ar_cards / "icons" / "coin.svg").write_text(RED_SQUARE)
    icons = Theme.of(load_catalogue(ar_cards)).icons
    assert icons.path("coin") == ar_cards / "icons" / "coin.svg"
    assert icons.path("glory") == ATTACK_RIGHT.data / "icons" / "glory.svg"
    painted = _painted(icons, "coin")
    assert _rgb("#FF0000") in painted and _rgb("#E3B23C") not in painted
    assert _rgb("#E3B23C") in _painted(
        Theme.of(load_catalogue(FIXTURES / "render" / "cards")).icons, "coin"
    )


def test_plain_catalogue_may_add_its_own_icon_tokens(tavern):
    heroes = tavern / "heroes.yaml"
    heroes.write_text(heroes.read_text().replace("gain 1 {coin}", "gain 1 {ale}", 1))
    result = validate(tavern, extra_checks=[preflight_check], use_cache=False)
    assert [d.code for d in result.diagnostics] == ["E104"]  # an unknown token
    (tavern / "icons").mkdir()
    (tavern / "icons" / "ale.svg").write_text(RED_SQUARE)
    result = validate(tavern, extra_checks=[preflight_check], use_cache=False)
    assert result.diagnostics == []
    assert _rgb("#FF0000") in _painted(Theme.of(load_catalogue(tavern)).icons, "ale")


INKSCAPE = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg width="100mm" height="100mm" viewBox="0 0 100 100" version="1.1" id="svg1"
   inkscape:version="1.2.2" sodipodi:docname="ale.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:document-units="mm"/>
  <defs id="defs1"/>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" transform="translate(5,5)">
    <circle style="fill:#00aa00;stroke:#000000;stroke-width:4" id="c1" cx="45" cy="45" r="40"/>
    <path style="fill:none;stroke:#ffffff;stroke-width:3" d="m 25,45 h 40 M 45,25 v 40"/>
  </g>
</svg>
"""


def test_an_inkscape_file_in_millimetres_fills_the_icon_square(tmp_path):
    (tmp_path / "ale.svg").write_text(INKSCAPE)
    painted = _painted(SvgIcons([tmp_path]), "ale")
    assert _rgb("#00AA00") in painted and f"{_rgb('#FFFFFF')[:-3]} RG" in painted
    # the circle (centre 50, 50 and radius 40 in the viewBox) lands there in the 0..100 square
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(100, 100), invariant=1)
    SvgIcons([tmp_path]).paint(c, Ink(), "ale")
    c.showPage()
    c.save()
    with open_pdf(buf.getvalue()) as pdf:
        img = pdf[0].render(scale=1).to_pil().convert("RGB")
    assert img.getpixel((30, 30)) == (0, 170, 0)  # inside the disc, off the cross
    assert img.getpixel((50, 95)) == (255, 255, 255)  # outside it
    assert img.getpixel((50, 50)) == (255, 255, 255)  # the white cross


def _pixels(ops) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(100, 100), invariant=1)
    svg_icons.replay(c, ops, Ink())
    c.showPage()
    c.save()
    with open_pdf(buf.getvalue()) as pdf:
        return pdf[0].render(scale=2).to_pil().convert("RGB").tobytes()


@pytest.mark.parametrize("pack", [ATTACK_RIGHT, PLAIN], ids=["attack-right", "plain"])
def test_lean_programs_draw_what_renderpdf_drew(pack, monkeypatch):
    for path in sorted((pack.data / "icons").glob("*.svg")):
        lean = svg_icons.compile_svg(path.read_bytes())
        with monkeypatch.context() as m:
            m.setattr(svg_icons, "lean", lambda ops: ops)
            full = svg_icons.compile_svg(path.read_bytes())
        assert len(lean) < len(full), path.name
        assert _pixels(lean) == _pixels(full), path.name


# --- colours --------------------------------------------------------------------------------------
def test_cmyk_output_converts_every_icon_colour():
    icons = SvgIcons(icon_folders(ATTACK_RIGHT.data))
    for name in icons.names():
        painted = _painted(icons, name, Ink(cmyk=True))  # an RGB colour would raise here
        assert re.search(r" k\n", painted) and not re.search(r" rg\n", painted), name


def test_faded_icon_mixes_every_colour_towards_white():
    icons = SvgIcons(icon_folders(ATTACK_RIGHT.data))
    normal, faded = _painted(icons, "attack"), _painted(icons, "attack", faded=True)
    blade = "#D5DAE1"
    assert _rgb(blade) in normal and _rgb(blade) not in faded
    assert _rgb(mix(blade, "#FFFFFF", FADE)) in faded
    outline = "#2B2420"
    assert f"{_rgb(outline)[:-3]} RG" in normal
    assert f"{_rgb(mix(outline, '#FFFFFF', FADE))[:-3]} RG" in faded


# --- determinism and the program cache ------------------------------------------------------------
def test_same_icons_same_bytes_from_a_cold_or_a_warm_cache(tmp_path, monkeypatch):
    icons = SvgIcons(icon_folders(ATTACK_RIGHT.data))
    monkeypatch.setenv("CARDGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(svg_icons, "_PROGRAMS", {})
    cold = [_painted(icons, n) for n in icons.names()]
    files = {icons.svg(n) for n in icons.names()}
    assert len(list((tmp_path / "cache" / "icons").glob("*.json"))) == len(files)
    monkeypatch.setattr(svg_icons, "_PROGRAMS", {})  # a new process: read from the cache
    assert [_painted(icons, n) for n in icons.names()] == cold


def test_a_warm_cache_draws_without_importing_svglib(tmp_path):
    code = (
        "import io, sys\n"
        "from reportlab.pdfgen.canvas import Canvas\n"
        "from cardgen.packs.attack_right.pack import PACK\n"
        "from cardgen.render.colours import Ink\n"
        "from cardgen.render.svg_icons import pack_icons\n"
        "icons = pack_icons(PACK, None, 'Helvetica')\n"
        "icons.paint(Canvas(io.BytesIO()), Ink(), 'glory')\n"
        "print('svglib' in sys.modules, 'reportlab.graphics.renderPDF' in sys.modules)\n"
    )
    env = {**os.environ, "CARDGEN_CACHE_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    run = [sys.executable, "-c", code]
    first = subprocess.run(run, env=env, capture_output=True, text=True, check=True).stdout
    again = subprocess.run(run, env=env, capture_output=True, text=True, check=True).stdout
    assert first.split() == ["True", "True"]  # compiled once ...
    assert again.split() == ["False", "False"]  # ... then replayed from the cache


def test_card_pdfs_are_byte_identical(ar_cards, tmp_path):
    from cardgen.render.api import Renderer, RenderOptions

    outs = []
    for run in ("a", "b"):
        out = tmp_path / run
        Renderer(load_catalogue(ar_cards)).render(
            out, RenderOptions(products=("print",), cmyk=True)
        )
        outs.append({p.relative_to(out): p.read_bytes() for p in out.rglob("*.pdf")})
    assert outs[0] == outs[1] and outs[0]


# --- documents ------------------------------------------------------------------------------------
def test_html_appendix_embeds_the_icon_files_as_they_are(tavern):
    from cardgen.docs.gather import build_appendix
    from cardgen.docs.html import render_html

    (tavern / "icons").mkdir()
    (tavern / "icons" / "heart.svg").write_text(RED_SQUARE)
    tree = ET.fromstring(render_html(build_appendix(load_catalogue(tavern))))
    symbols = {el.get("id"): el for el in tree.iter(f"{SVG_NS}symbol")}
    for name, path in (("heart", tavern / "icons"), ("coin", PLAIN.data / "icons")):
        (image,) = symbols[f"sym-{name}"].iter(f"{SVG_NS}image")
        data = image.get("href").removeprefix("data:image/svg+xml;base64,")
        assert base64.b64decode(data) == (path / f"{name}.svg").read_bytes()


def test_pdf_appendix_draws_the_icons_as_vectors(tavern, tmp_path):
    from cardgen.docs.gather import build_appendix
    from cardgen.docs.writer import write_appendix

    (tavern / "icons").mkdir()
    (tavern / "icons" / "heart.svg").write_text(RED_SQUARE.replace("#FF0000", "#00FF00"))
    (pdf,) = write_appendix(build_appendix(load_catalogue(tavern)), tmp_path, ["pdf"])
    streams = [s for s in _content_streams(pdf) if _rgb("#00FF00") in s]
    assert streams and all(" re\n" in s or " re " in s for s in streams)  # a vector square


def _content_streams(pdf: Path) -> list[str]:
    """Every page's and form's decoded content stream."""
    from pypdf import PdfReader

    out, seen = [], set()

    def visit(obj) -> None:
        resources = obj.get("/Resources") or {}
        for ref in (resources.get_object().get("/XObject") or {}).values():
            form = ref.get_object()
            if id(form) in seen or form.get("/Subtype") != "/Form":
                continue
            seen.add(id(form))
            out.append(form.get_data().decode("latin-1"))
            visit(form)

    for page in PdfReader(pdf).pages:
        out.append(page.get_contents().get_data().decode("latin-1"))
        visit(page)
    return out
