"""One test suite for every game pack: load, validate bad input, render, build, appendix.

The built-in packs run it on a small catalogue each; a third pack, defined only in the tests
(``tests/fixtures/toy_pack``), is installed as its own distribution with an entry point and
must register, validate and build like the others.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from catalogue_edits import run_cardgen
from conftest import FIXTURES

from cardgen.build.pipeline import build
from cardgen.catalogue.loader import find_card_files, load_catalogue
from cardgen.catalogue.validate import validate
from cardgen.engine.registry import supports
from cardgen.pack import get_pack, pack_ids
from cardgen.render.api import Renderer, RenderOptions

#: pack id -> a small, valid catalogue of it
CATALOGUES = {
    "attack-right": FIXTURES / "render" / "cards",
    "plain": FIXTURES / "plain",
}


@pytest.fixture(params=sorted(CATALOGUES))
def game(request, tmp_path) -> tuple[str, Path]:
    cards = tmp_path / "cards"
    shutil.copytree(CATALOGUES[request.param], cards)
    return request.param, cards


def _pages(path: Path) -> int:
    return len(pdfium.PdfDocument(path))


def _text(path: Path) -> str:
    pdf = pdfium.PdfDocument(path)
    return "\n".join(page.get_textpage().get_text_range() for page in pdf)


def test_the_built_in_packs_are_installed():
    assert {"attack-right", "plain"} <= set(pack_ids())
    for pack_id in CATALOGUES:
        assert get_pack(pack_id).game_type.id == pack_id


def test_games_lists_every_shipped_pack_with_its_players():
    from typer.testing import CliRunner

    from cardgen.cli import app

    out = CliRunner().invoke(app, ["games"]).output
    lines = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    folders = (Path(__file__).parents[1] / "games").glob("*/cards/rules.yaml")
    shipped = {yaml.safe_load(p.read_text())["pack"] for p in folders}  # each game's pack
    assert shipped <= set(lines)
    assert "(2–4 players)" in lines["attack-right"]
    assert "(2 players)" in lines["attack-the-tower"] and "2–2" not in out


def test_games_lists_components_for_a_pack_whose_kit_has_them_as_data():
    """Castle Rampage draws no components of its own, but its kit prints the mats of its
    catalogue's components.yaml: `cardgen games` lists components for it (it did not)."""
    from typer.testing import CliRunner

    from cardgen.catalogue.components_file import kit_counts
    from cardgen.cli import app

    out = CliRunner().invoke(app, ["games"]).output
    lines = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    cat = load_catalogue(Path(__file__).parents[1] / "games" / "castle-rampage" / "cards")
    assert not cat.pack.components.specs() and kit_counts(cat).keys() - {"cards"}
    assert "components" in lines["castle-rampage"].split(": ", 1)[1].split(", ")


def test_loads_with_its_pack(game):
    pack_id, cards = game
    cat = load_catalogue(cards, use_cache=False)
    assert cat.pack is get_pack(pack_id)
    assert len(cat) > 0 and cat.count() >= len(cat)
    assert all(cat.pack.print.card_text(c) is not None for c in cat)


def test_bad_input_names_file_line_and_card(game):
    """A card with 0 copies is out of range, reported at its file, line and card."""
    _, cards = game
    path = find_card_files(cards)[0]
    data = yaml.safe_load(path.read_text())
    first = data["cards"][0]
    first["copies"] = 0
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    result = validate(cards, use_cache=False)
    assert not result.ok
    (err,) = [d for d in result.errors if d.card == first["id"]]
    assert err.code == "E105" and err.position.file.endswith(path.name)
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "copies: 0" in t)
    assert err.position.line == line


def test_renders_every_product(game, tmp_path):
    _, cards = game
    cat = load_catalogue(cards, use_cache=False)
    out = tmp_path / "out"
    written = Renderer(cat).render(out, RenderOptions())
    assert written and all(p.is_file() for p in written)
    pack, physical = cat.pack, cat.count()
    piles: dict[str, list] = {}
    for card in cat:
        piles.setdefault(pack.print.back_of(card).pile, []).append(card)
    for pile, pile_cards in piles.items():
        fronts = out / "print" / f"{pile}.pdf"
        assert _pages(fronts) == sum(c.copies for c in pile_cards)
        text = _text(fronts)
        for card in pile_cards:
            assert card.name in text
            assert (out / "png" / pile / f"{card.id}.png").is_file()
            assert (out / "png-mpc" / pile / f"{card.id}.png").is_file()
        backs = {pack.print.back_of(c).key for c in pile_cards}
        assert _pages(out / "print" / f"{pile}-backs.pdf") == len(backs)
    for paper in ("a4", "letter"):
        assert _pages(out / f"pnp-{paper}.pdf") >= 2
    (saved,) = (out / "tts").glob("*.json")  # the Tabletop Simulator saved object
    decks = json.loads(saved.read_text())["ObjectStates"]
    assert sum(len(d["DeckIDs"]) for d in decks) == physical
    assert (out / "contact.png").is_file()


def test_builds_a_kit_whose_manifest_checks_out(game, tmp_path):
    _, cards = game
    out = tmp_path / "kit"
    report = build(cards, out)
    assert report.checks and all(not c.problems for c in report.checks)
    manifest = json.loads((out / "manifest.json").read_text())
    for entry in manifest["files"]:
        assert (out / entry["path"]).is_file(), entry["path"]
    assert (out / "README.md").read_text().startswith("# ")


def _install_toy(tmp_path: Path) -> dict[str, str]:
    """Install the test pack as its own distribution (a dist-info with an entry point)."""
    site = tmp_path / "site"
    shutil.copytree(FIXTURES / "toy_pack", site, ignore=shutil.ignore_patterns("cards"))
    info = site / "toy_pack-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-pack\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[cardgen.packs]\ntoy = toy_pack:PACK\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    return env


def test_a_pack_from_another_distribution_registers_validates_and_builds(tmp_path):
    env = _install_toy(tmp_path)
    cards = tmp_path / "cards"
    shutil.copytree(FIXTURES / "toy_pack" / "cards", cards)

    def cardgen(*args: str) -> subprocess.CompletedProcess:
        return run_cardgen(*args, env=env, cwd=tmp_path)

    games = json.loads(cardgen("games", "--format", "json").stdout)
    toy = next(g for g in games if g["id"] == "toy")
    assert toy["name"] == "Toy runes" and toy["supports"]["print"]
    assert not toy["supports"]["engine"]
    done = cardgen("validate", str(cards))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "6 cards" in done.stdout
    script = (
        "import sys; from cardgen.build.pipeline import build; "
        "r = build(sys.argv[1], sys.argv[2]); "
        "print(len(r.written), all(not c.problems for c in r.checks))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(cards), str(tmp_path / "kit")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[1] == "True"
    assert _pages(tmp_path / "kit" / "cards" / "print" / "fire.pdf") == 4
    assert "Blaze" in _text(tmp_path / "kit" / "cards" / "print" / "fire.pdf")
    manifest = json.loads((tmp_path / "kit" / "manifest.json").read_text())
    sheets = [f for f in manifest["files"] if f["variant"] == "tts" and "drop" in f["cards"]]
    assert len(sheets) == 1 and (tmp_path / "kit" / sheets[0]["path"]).is_file()


def test_an_unknown_pack_lists_the_installed_ones(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(FIXTURES / "toy_pack" / "cards", cards)  # the toy pack is not installed here
    result = validate(cards, use_cache=False)
    (err,) = result.errors
    assert err.code == "E011" and "'toy'" in err.message and "plain" in err.message


def test_a_pack_on_the_engine_kit_supports_scenarios_and_simulation() -> None:
    """An engine on the kit (registered under ``cardgen.engines`` with the pack's id) brings
    scenarios and simulation (`cardgen games` lists them)."""
    for pack_id in ("greedy-kingdoms", "harbour-bid"):
        able = supports(get_pack(pack_id))
        assert able["engine"] and able["scenarios"] and able["simulate"], pack_id
    assert not supports(get_pack("plain"))["simulate"]


def test_a_pack_with_a_rulebook_source_supports_docs() -> None:
    for pack_id in ("attack-right", "attack-the-tower", "castle-rampage", "authority"):
        assert supports(get_pack(pack_id))["docs"], pack_id
    assert not supports(get_pack("plain"))["docs"]


@pytest.mark.slow
def test_engines_register_apart_and_loading_a_pack_does_not_import_one() -> None:
    """Each pack on the kit has its engine under the entry-point group ``cardgen.engines``
    (its id); reading a pack to validate never imports the engine, nor reportlab."""
    from importlib.metadata import entry_points

    from cardgen.engine.definition import Engine
    from cardgen.engine.registry import ENGINE_GROUP, pack_engine

    names = {ep.name for ep in entry_points(group=ENGINE_GROUP)}
    assert names == {p for p in pack_ids() if supports(get_pack(p))["engine"]}
    assert "plain" not in names and "harbour-bid" in names
    assert isinstance(pack_engine(get_pack("harbour-bid")), Engine)
    assert pack_engine(get_pack("plain")) is None
    code = (
        "import sys\n"
        "from cardgen.pack import installed_packs\n"
        "for p in installed_packs(): p.catalogue.codes(), p.catalogue.card_model\n"
        "print(sorted(m for m in sys.modules if '.engine' in m or m.endswith('.rules')))\n"
        "print('reportlab' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["[]", "False"], done.stdout  # nor drawing code
