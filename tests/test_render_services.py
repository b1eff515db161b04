"""Print-service profiles: DriveThruCards PDF/X-1a (CMYK through an ICC profile, output intent,
boxes, embedded fonts, no RGB, total ink within the limit, black text on K alone, back then
front per card), The Game Crafter and MakePlayingCards PNG sizes, the service checks."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from conftest import FIXTURES
from PIL import Image, ImageCms

from cardgen.catalogue.loader import load_catalogue
from cardgen.diagnostics import DiagnosticError
from cardgen.render.api import Renderer, RenderOptions
from cardgen.render.icc import Separation, cardgen_profile
from cardgen.render.services import service
from cardgen.render.units import mm

CARDS = FIXTURES / "render" / "cards"
LIMIT = service("dtc").pdf.ink_limit / 100


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(CARDS)


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    """The three services' files of the fixture catalogue."""
    folder = tmp_path_factory.mktemp("services")
    options = RenderOptions(products=("dtc", "tgc", "mpc"))
    Renderer(load_catalogue(CARDS)).render(folder, options)
    return folder


def _decks(catalogue) -> dict[str, list]:
    """The cards of each deck (a pile's cards with one back) by the deck's file name."""
    decks: dict[str, list] = {}
    for card in catalogue:
        decks.setdefault(catalogue.pack.print.printed_back(card, catalogue.rules).slug, []).append(
            card
        )
    return decks


def _streams(pdf: pikepdf.Pdf):
    """(owner, resources, content) of every page and every form XObject, forms within forms."""
    seen: set = set()

    def forms(resources):
        for _, xobj in (resources.get("/XObject") or {}).items():
            if xobj.get("/Subtype") == "/Form" and xobj.objgen not in seen:
                seen.add(xobj.objgen)
                res = xobj.get("/Resources") or pikepdf.Dictionary()
                yield xobj, res
                yield from forms(res)

    for page in pdf.pages:
        yield page, page.Resources, page
        for xobj, res in forms(page.Resources):
            yield xobj, res, xobj


def _ops(content) -> list[tuple[list, str]]:
    return [(list(operands), str(op)) for operands, op in pikepdf.parse_content_stream(content)]


def _max_ink(im: Image.Image) -> int:
    """The largest C + M + Y + K of a CMYK image's pixels (0..1020)."""
    data = im.tobytes()
    return max(sum(data[i : i + 4]) for i in range(0, len(data), 4))


def test_one_pdf_per_deck_each_card_back_then_front(out, catalogue):
    decks = _decks(catalogue)
    assert len(decks) > len({catalogue.pack.print.back_of(c).pile for c in catalogue})  # 2 per pile
    for slug, cards in decks.items():
        with pikepdf.open(out / "dtc" / f"{slug}.pdf") as pdf:
            assert len(pdf.pages) == 2 * sum(c.copies for c in cards)
            names = []
            for page in pdf.pages:
                placed = [str(o[0]) for o, op in _ops(page) if op == "Do"]
                assert len(placed) == 1
                names.append(placed[0])
            (back,) = {catalogue.pack.print.printed_back(c, catalogue.rules).key for c in cards}
            expected = []
            for card in cards:
                expected += [f"/FormXob.back-{back}", f"/FormXob.face-{card.id}"] * card.copies
            assert names == expected
        rows = list(csv.reader(io.StringIO((out / "dtc" / f"{slug}.csv").read_text())))
        assert rows == [
            ["file", "card", "quantity"],
            [f"{slug}.pdf", rows[1][1], str(len(names) // 2)],
        ]


def test_pdfx_1a_structure(out, catalogue):
    for path in sorted((out / "dtc").glob("*.pdf")):
        with pikepdf.open(path) as pdf:
            assert pdf.pdf_version == "1.3"
            assert "/Encrypt" not in pdf.trailer and len(pdf.trailer.ID) == 2
            (intent,) = pdf.Root.OutputIntents
            assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier)
            icc = intent.DestOutputProfile
            assert icc.N == 4
            profile = ImageCms.ImageCmsProfile(io.BytesIO(icc.read_bytes()))
            assert profile.profile.xcolor_space.strip() == "CMYK"
            info = pdf.docinfo
            assert str(info.GTS_PDFXVersion) == "PDF/X-1:2001"
            assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2001"
            assert info.Trapped == "/False" and str(info.Title)
            assert "/CreationDate" in info and "/ModDate" in info
            for page in pdf.pages:
                media = [float(v) for v in page.MediaBox]
                trim = [float(v) for v in page.TrimBox]
                bleed = [float(v) for v in page.BleedBox]
                assert bleed == media
                assert trim[2] - trim[0] == pytest.approx(mm(63.5), abs=0.01)
                assert trim[3] - trim[1] == pytest.approx(mm(88.9), abs=0.01)
                assert trim[0] == pytest.approx(mm(3.175), abs=0.01)  # 1/8 in of bleed


def test_every_font_embedded_and_no_rgb_or_transparency(out):
    for path in sorted((out / "dtc").glob("*.pdf")):
        with pikepdf.open(path) as pdf:
            fonts = 0
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                    fonts += 1
                    fd = obj.get("/FontDescriptor")
                    assert fd is not None and any(
                        k in fd for k in ("/FontFile", "/FontFile2", "/FontFile3")
                    ), obj.get("/BaseFont")
                if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
                    assert "/SMask" not in obj and obj.get("/S") != "/Transparency"
                    for key in ("/CA", "/ca"):
                        assert float(obj.get(key, 1)) == 1
                    assert obj.get("/ColorSpace") not in ("/DeviceRGB", "/CalRGB")
            assert fonts >= 2
            n = 0
            for _owner, _res, content in _streams(pdf):
                for operands, op in _ops(content):
                    n += 1
                    assert op not in ("rg", "RG", "g", "G", "sc", "scn", "SC", "SCN"), op
                    if op in ("cs", "CS"):
                        assert str(operands[0]) not in ("/DeviceRGB", "/CalRGB")
            assert n > 100


def test_total_ink_within_the_limit_and_black_text_and_lines_on_k_alone(out):
    """Text and line art in black print on the black plate alone at 100 %: 89.5 % K (the
    ink colour #1F1A17 as it separates) would print screened.  Large areas may be rich."""
    fills, text_fills, strokes, images = [], [], [], 0
    for path in sorted((out / "dtc").glob("*.pdf")):
        with pikepdf.open(path) as pdf:
            for _owner, res, content in _streams(pdf):
                fill, stroke = (0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 1.0)
                stack = []
                for operands, op in _ops(content):
                    if op in ("k", "K"):
                        cmyk = tuple(float(v) for v in operands)
                        fills.append(cmyk)
                        if op == "k":
                            fill = cmyk
                        else:
                            stroke = cmyk
                    elif op == "q":
                        stack.append((fill, stroke))
                    elif op == "Q":
                        fill, stroke = stack.pop()
                    elif op in ("Tj", "TJ", "'", '"'):
                        text_fills.append(fill)
                    elif op in ("S", "s", "B", "b", "B*", "b*"):
                        strokes.append(stroke)
                for _, xobj in (res.get("/XObject") or {}).items():
                    if xobj.get("/Subtype") == "/Image":
                        im = pikepdf.PdfImage(xobj).as_pil_image()
                        assert im.mode == "CMYK"
                        images += 1
                        assert _max_ink(im) <= LIMIT * 255 + 2
    assert fills and max(sum(f) for f in fills) <= LIMIT + 1e-3
    dark_text = [f for f in text_fills if f[3] >= 0.5]
    assert dark_text and set(dark_text) == {(0.0, 0.0, 0.0, 1.0)}  # body text: 100 % K
    dark_lines = [f for f in strokes if f[3] >= 0.7]
    assert dark_lines and set(dark_lines) == {(0.0, 0.0, 0.0, 1.0)}  # outlines: 100 % K
    assert images  # the cards' art went through the profile too


def test_black_text_is_100_k_only_in_cmyk():
    from cardgen.render.colours import Ink, is_black

    sep = Separation.of(None, LIMIT)
    assert is_black("#1F1A17") and is_black("#2B2420") and is_black("#000000")
    assert not is_black("#3A2A00") and not is_black("#1F3A6E") and not is_black("#555555")
    assert Ink(separation=sep).line("#1F1A17").cmyk() == (0, 0, 0, 1)
    assert Ink(separation=sep)("#1F1A17").cmyk()[3] < 0.9  # an area keeps its separation
    assert Ink(cmyk=True).line("#2B2420").cmyk() == (0, 0, 0, 1)
    assert Ink().line("#1F1A17").rgb() == Ink()("#1F1A17").rgb()  # RGB is unchanged


def test_dtc_pdfs_are_the_same_bytes_every_time(out, catalogue, tmp_path):
    Renderer(catalogue).render(tmp_path, RenderOptions(products=("dtc",)))
    for path in sorted((out / "dtc").glob("*.pdf")):
        assert (tmp_path / "dtc" / path.name).read_bytes() == path.read_bytes()


def test_a_press_profile_given_is_the_output_intent(catalogue, tmp_path):
    press = cardgen_profile(3.0)  # stands in for a FOGRA or SWOP profile file
    Renderer(catalogue).render(tmp_path, RenderOptions(products=("dtc",), icc=press))
    pdf = next((tmp_path / "dtc").glob("*.pdf"))
    with pikepdf.open(pdf) as doc:
        assert doc.Root.OutputIntents[0].DestOutputProfile.read_bytes() == press
        assert "300%" in str(doc.Root.OutputIntents[0].OutputCondition)


def test_cardgen_profile_separates_within_its_limit_and_greys_on_black():
    sep = Separation.of(None, LIMIT)
    rgb = [
        (r, g, b) for r in range(0, 256, 51) for g in range(0, 256, 51) for b in range(0, 256, 51)
    ]
    im = Image.new("RGB", (len(rgb), 1))
    im.putdata(rgb)
    assert _max_ink(sep.image(im)) <= LIMIT * 255 + 2
    assert sep.cmyk("#000000") == (0.0, 0.0, 0.0, 1.0)
    c, m, y, k = sep.cmyk("#1F1A17")  # Attack Right's text colour
    assert (c, m, y) == (0.0, 0.0, 0.0) and k > 0.85
    assert cardgen_profile(LIMIT) == cardgen_profile(LIMIT)


@pytest.mark.parametrize("svc", ["tgc", "mpc"])
def test_service_pngs_have_the_service_size_and_resolution(out, catalogue, svc):
    spec = service(svc).image
    files = sorted((out / svc).rglob("*.png"))
    designs = len(catalogue.cards)
    assert len(files) == designs + len(_decks(catalogue))  # every face, a back per deck
    for path in files:
        with Image.open(path) as im:
            assert im.size == (spec.width, spec.height)
            assert round(im.info["dpi"][0]) == spec.dpi
    # the safe area: the trim less the service's safe margin, centred
    w, h = spec.safe
    assert (spec.width - w) / 2 == pytest.approx(
        (service(svc).card.bleed + service(svc).card.safe) / 25.4 * spec.dpi, abs=1.5
    )
    assert (spec.height - h) / 2 == pytest.approx((spec.width - w) / 2)


def _named(folder: Path, pattern: str) -> dict[str, int]:
    """Card id -> quantity, read from the file names of ``folder`` (``pattern``: a regex with
    groups id and quantity)."""
    found = {}
    for path in sorted(folder.iterdir()):
        m = re.fullmatch(pattern, path.name)
        if m:
            found[m["id"]] = int(m["quantity"])
    return found


def test_tgc_takes_a_folder_per_back_with_each_face_and_its_quantity(out, catalogue):
    """The Game Crafter uploads a deck per back, a quantity per face: a folder per deck with
    its back, and every face named with its quantity (``name[face,3].png``)."""
    decks = _decks(catalogue)
    assert sorted(p.name for p in (out / "tgc").iterdir()) == sorted(decks)
    for slug, cards in decks.items():
        folder = out / "tgc" / slug
        assert (folder / "back.png").is_file()
        named = _named(folder / "faces", r"(?P<id>.+)\[face,(?P<quantity>\d+)\]\.png")
        assert named == {c.id: c.copies for c in cards}
        rows = list(csv.DictReader(io.StringIO((folder / "cards.csv").read_text())))
        assert [(r["file"], int(r["quantity"])) for r in rows[:-1]] == [
            (f"faces/{c.id}[face,{c.copies}].png", c.copies) for c in cards
        ]
        assert rows[-1]["file"] == "back.png" and int(rows[-1]["quantity"]) == sum(named.values())
    total = sum(
        int(n)
        for d in decks
        for n in _named(
            out / "tgc" / d / "faces", r"(?P<id>.+)\[face,(?P<quantity>\d+)\]\.png"
        ).values()
    )
    assert total == catalogue.count()  # every physical card, in one deck


def test_mpc_takes_an_autofill_order_per_back(out, catalogue):
    """MakePlayingCards: a folder per deck with an MPC Autofill order (cards.xml) giving each
    face one slot per copy and the card back; every image it names is beside it."""
    from xml.etree import ElementTree as ET

    spec = service("mpc").order
    for slug, cards in _decks(catalogue).items():
        folder = out / "mpc" / slug
        named = _named(folder / "cards", r"(?P<id>.+)-x(?P<quantity>\d+)\.png")
        assert named == {c.id: c.copies for c in cards}
        order = ET.parse(folder / "cards.xml").getroot()
        n = sum(c.copies for c in cards)
        assert order.findtext("details/quantity") == str(n)
        bracket = int(order.findtext("details/bracket"))
        assert bracket in spec.brackets and bracket >= n
        assert all(b < n for b in spec.brackets if b < bracket)  # the smallest that holds it
        assert order.findtext("details/stock") == spec.stock
        slots = []
        for card, entry in zip(cards, order.findall("fronts/card"), strict=True):
            taken = [int(v) for v in entry.findtext("slots").split(",")]
            assert len(taken) == card.copies and entry.findtext("query") == card.name
            assert (folder / entry.findtext("id")).is_file()
            slots += taken
        assert slots == list(range(n))
        assert (folder / order.findtext("cardback")).is_file()


def test_mpc_images_are_the_exact_centre_of_the_tgc_images():
    """822 of 825 pixels leave 1.5 px each side: the MPC image is resampled there, not cut at
    (1, 1), half a pixel off centre."""
    from cardgen.render.products.png import centred

    im = Image.new("RGB", (825, 1125), "white")
    red = Image.new("RGB", (37, 1125), "red")
    im.paste(red, (0, 0))
    im.paste(red, (825 - 37, 0))
    out = centred(im, (822, 1122))
    assert out.size == (822, 1122)
    row = 255 - np.asarray(out)[561, :, 1].astype(float)  # green: 0 on red
    left, right = row[:100].sum() / 255, row[-100:].sum() / 255
    assert left == pytest.approx(35.5, abs=0.05) and right == pytest.approx(left, abs=0.05)
    cut = im.crop((1, 1, 823, 1123))  # the old cut: 36 px red on the left, 35 on the right
    row = 255 - np.asarray(cut)[561, :, 1].astype(float)
    assert row[:100].sum() / 255 - row[-100:].sum() / 255 == 1


def test_the_mpc_files_are_centred_from_the_tgc_files(out, catalogue):
    from cardgen.render.products.png import centred

    card = catalogue.cards[0]
    slug = catalogue.pack.print.printed_back(card, catalogue.rules).slug
    with Image.open(out / "tgc" / slug / "faces" / f"{card.id}[face,{card.copies}].png") as tgc:
        expected = centred(tgc.convert("RGB"), (822, 1122))
    with Image.open(out / "mpc" / slug / "cards" / f"{card.id}-x{card.copies}.png") as mpc:
        assert mpc.convert("RGB").tobytes() == expected.tobytes()


def test_a_card_size_the_service_does_not_print_is_refused(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(CARDS, cards)
    layout = (Path(load_catalogue(CARDS).pack.data) / "layout.yaml").read_text()
    layout = re.sub(r"(?m)^(  width:) [0-9.]+", r"\1 70.0", layout, count=1)
    (cards / "layout.yaml").write_text(re.sub(r"(?m)^(  safe:) [0-9.]+", r"\1 2.0", layout))
    cat = load_catalogue(cards, use_cache=False)
    problems = Renderer(cat).service_problems(RenderOptions(products=("dtc",)))
    # a 2 mm safe zone is held to 1/8 in by the preflight: no narrower than the service's
    assert {d.code for d in problems} == {"E411", "I411"}
    with pytest.raises(DiagnosticError):
        Renderer(cat).render(tmp_path / "out", RenderOptions(products=("dtc",)))
    assert not (tmp_path / "out" / "dtc").exists()


def test_the_cli_makes_what_the_service_asks_for(runner, app, tmp_path):
    res = runner.invoke(app, ["render", str(CARDS), "--service", "dtc", "-o", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == ["dtc"]  # as build puts it
    assert "placeholder" in res.output  # the unconfirmed ink limit is said
    res = runner.invoke(app, ["render", str(CARDS), "--service", "mpc", "-o", str(tmp_path / "m")])
    assert res.exit_code == 0
    assert sorted(p.name for p in (tmp_path / "m" / "cards").iterdir()) == ["mpc"]
    res = runner.invoke(app, ["render", str(CARDS), "--service", "xyz"])
    assert res.exit_code == 2 and "dtc" in res.output


def test_a_product_another_service_makes_is_a_usage_error(runner, app, plain, tmp_path):
    out = tmp_path / "o"
    res = runner.invoke(
        app, ["render", str(CARDS), "-p", "print", "--service", "dtc", "-o", str(out)]
    )
    assert res.exit_code == 2
    assert "print is not among DriveThruCards's files (dtc)" in plain(res.output)
    assert not out.exists()
    res = runner.invoke(
        app, ["render", str(CARDS), "-p", "dtc", "--service", "dtc", "-o", str(out)]
    )
    assert res.exit_code == 0, res.output


def test_build_says_what_render_says_for_a_service(runner, app, tmp_path):
    """The same warnings and notes from `build --service` as from `render --service`."""

    def told(output: str) -> list[str]:
        return sorted(line for line in output.splitlines() if re.search(r"\b[IWE]411\b", line))

    for svc in ("tgc", "mpc", "dtc"):
        rendered = runner.invoke(
            app, ["render", str(CARDS), "--service", svc, "-o", str(tmp_path / f"r{svc}")]
        )
        built = runner.invoke(
            app,
            [
                "build",
                str(CARDS),
                "--only",
                "cards",
                "--service",
                svc,
                "-o",
                str(tmp_path / f"b{svc}"),
                "-j",
                "1",
            ],
        )
        assert rendered.exit_code == built.exit_code == 0, built.output
        assert told(rendered.output) and told(built.output) == told(rendered.output)


def test_mpc_weighs_one_order_of_every_deck_against_an_order_per_deck(out, catalogue):
    """MakePlayingCards bills an order at the smallest size it sells: beside the per-deck
    orders, one order of every card (cards.xml: each deck's back under <backs> with its cards'
    slots) and a README giving both groupings' slots (issue 45: Attack Right's 160 cards in
    8 orders of 36 slots, 288, against one of 162)."""
    from xml.etree import ElementTree as ET

    from cardgen.render.products.uploads import bracket

    svc = service("mpc")
    decks = _decks(catalogue)
    assert len(decks) > 1
    counts = {slug: sum(c.copies for c in cards) for slug, cards in decks.items()}
    total = sum(counts.values())
    folder = out / "mpc"
    order = ET.parse(folder / "cards.xml").getroot()
    assert order.findtext("details/quantity") == str(total)
    assert order.findtext("details/bracket") == str(bracket(svc, total))
    fronts = [int(s) for e in order.findall("fronts/card") for s in e.findtext("slots").split(",")]
    assert fronts == list(range(total))
    assert all((folder / e.findtext("id")).is_file() for e in order.findall("fronts/card"))
    backs = {
        e.findtext("id").split("/")[0]: [int(s) for s in e.findtext("slots").split(",")]
        for e in order.findall("backs/card")
    }
    assert {slug: len(slots) for slug, slots in backs.items()} == counts
    assert sorted(s for slots in backs.values() for s in slots) == list(range(total))
    assert all((folder / e.findtext("id")).is_file() for e in order.findall("backs/card"))
    readme = (folder / "README.md").read_text()
    separate = sum(bracket(svc, n) for n in counts.values())
    one = bracket(svc, total)
    assert f"| A deck an order (`<deck>/cards.xml`) | {len(decks)} | {separate} |" in readme
    assert f"| Every deck in one order (`cards.xml`) | 1 | {one} | {one - total} |" in readme


def test_attack_rights_cheapest_mpc_grouping_is_one_order_of_162():
    """The figures of the issue: 8 decks of 20 cards, 288 slots deck by deck, 162 in one."""
    from types import SimpleNamespace

    from cardgen.render.products.uploads import mpc_readme

    card = SimpleNamespace(copies=20)
    decks = [SimpleNamespace(name=f"Deck {i}", slug=f"d{i}", cards=(card,)) for i in range(8)]
    readme = mpc_readme(service("mpc"), decks, "Attack Right").decode()  # type: ignore[arg-type]
    assert "| A deck an order (`<deck>/cards.xml`) | 8 | 288 | 128 |" in readme
    assert "| Every deck in one order (`cards.xml`) | 1 | 162 | 2 |" in readme
    assert "162 slots instead of 288 (126 fewer)" in readme
