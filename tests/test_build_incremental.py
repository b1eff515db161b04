"""`cardgen build` end to end on a small catalogue: the manifest, and what a rebuild rewrites."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from conftest import FIXTURES, pdf_page_count

from cardgen.build.cache import CACHE_FILE
from cardgen.build.guide import GUIDE_FILE
from cardgen.build.manifest import MANIFEST_FILE
from cardgen.build.pipeline import BuildError, build
from cardgen.build.steps import PRIVATE_DIR

SMALL = FIXTURES / "render" / "cards"


def _files(out: Path) -> dict[str, int]:
    """Every output file with its modification stamp (ns); not the build's private folder."""
    return {
        p.relative_to(out).as_posix(): p.stat().st_mtime_ns
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.relative_to(out).parts[0] != PRIVATE_DIR
    }


@pytest.fixture(scope="module")
def built(built_kit, tmp_path_factory):
    """One complete build of the small catalogue (built once per test run, shared with the other
    modules): (cards folder, output folder, what the first build did)."""
    kit = built_kit(tmp_path_factory.mktemp("kit"))
    return kit.cards, kit.out, kit


@pytest.fixture
def kit(built, tmp_path):
    """A private copy of the built kit (times preserved), to change and rebuild."""
    cards, out, _ = built
    shutil.copytree(cards, tmp_path / "cards")
    shutil.copytree(out, tmp_path / "output")
    return tmp_path / "cards", tmp_path / "output"


def test_first_build_writes_every_product(built):
    _, out, first = built
    files = _files(out)
    assert first.written and first.ran and all(first.ran.values())
    for expected in (
        "cards/pnp-a4.pdf",
        "cards/print/battle.pdf",
        "cards/contact.png",
        "components/player-boards-a3.pdf",
        "components/player-boards-tiled-a4.pdf",
        "components/scoreboard-a3.pdf",
        "components/scoreboard-tiled-a4.pdf",
        "components/tokens-a4.pdf",
        "appendix/appendix.md",
        "rulebook/rulebook.pdf",
        "rulebook/rulebook.html",
        "rulebook/rulebook.md",
        MANIFEST_FILE,
    ):
        assert expected in files
    assert not [f for f in files if ".stage-" in f or f.endswith(".tmp")]


def test_manifest_lists_every_file_with_its_pages(built):
    import json

    _, out, _ = built
    manifest = json.loads((out / MANIFEST_FILE).read_text())
    listed = {f["path"]: f for f in manifest["files"]}
    assert set(listed) == set(_files(out)) - {MANIFEST_FILE, GUIDE_FILE}
    for path, entry in listed.items():
        if path.endswith(".pdf"):
            assert entry["pages"] == pdf_page_count(out / path), path
        assert entry["description"]
        assert len(entry["sha256"]) == 64


def test_manifest_checks_the_rulebook_components(built):
    import json

    cards, out, _ = built
    rules = yaml.safe_load((cards / "rules.yaml").read_text())["components"]
    manifest = json.loads((out / MANIFEST_FILE).read_text())
    checks = {c["component"]: c for c in manifest["components"]}
    assert set(checks) == set(rules)
    for comp, n in rules.items():
        c = checks[comp]
        assert c["ok"] and c["rulebook"] == n
        if "external" not in c:
            assert c["variants"] and set(c["variants"].values()) == {n}
    assert set(checks["cards"]["variants"]) >= {"pnp-a4", "print", "tts", "contact"}
    assert set(checks["player_boards"]["variants"]) == {"a3", "tiled-a4"}
    assert (
        checks["rulebooks"]["variants"] == {"rulebook": 1} and "external" not in checks["rulebooks"]
    )
    pdf = next(f for f in manifest["files"] if f["path"] == "rulebook/rulebook.pdf")
    assert pdf["contains"] == {"rulebooks": 1} and pdf["pages"] > 6
    assert len(pdf["cards"]) == len({c["id"] for c in _deck_cards(cards)})


def _deck_cards(cards: Path) -> list[dict]:
    return [
        c
        for f in sorted(cards.glob("*.yaml"))
        if f.name != "rules.yaml"
        for c in (yaml.safe_load(f.read_text()) or {}).get("cards", [])
    ]


@pytest.fixture
def rulebook_copy(kit):
    """The kit with the pack's rulebook.md overridden by a copy (same name and text) beside the
    catalogue, which the test may edit."""
    from cardgen.build.products import rulebook_source
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.packs.attack_right.docs import RULEBOOK_FILE

    pack = load_catalogue(kit[0]).pack
    assert rulebook_source(pack, kit[0]) == RULEBOOK_FILE  # the kit prints the pack's rulebook
    copy = kit[0] / "rulebook.md"
    shutil.copy2(RULEBOOK_FILE, copy)
    assert rulebook_source(pack, kit[0]) == copy
    return copy


def test_rulebook_edit_rebuilds_only_the_rulebook(kit, rulebook_copy):
    cards, out = kit
    assert build(cards, out).written == []  # same name and text: same keys
    before = _files(out)
    text = rulebook_copy.read_text(encoding="utf-8")
    rulebook_copy.write_text(text.replace("Continue to the Play Phase.", "Now play."), "utf-8")
    report = build(cards, out)
    assert [r.step_id for r in report.results if r.ran] == ["appendix/rulebook"]
    assert set(report.written) == {f"rulebook/rulebook.{f}" for f in ("pdf", "html", "md")}
    assert "Now play." in (out / "rulebook" / "rulebook.md").read_text(encoding="utf-8")
    after = _files(out)
    for path, stamp in before.items():
        if not path.startswith("rulebook/") and path not in (MANIFEST_FILE, GUIDE_FILE):
            assert after[path] == stamp, path


def test_broken_rulebook_fails_the_build(kit, rulebook_copy):
    cards, out = kit
    rulebook_copy.write_text("# Attack Right\n\nA {dragon}.\n", encoding="utf-8")
    with pytest.raises(
        BuildError, match=r"Rulebook .* failed: \S*rulebook\.md:3: unknown icon \{dragon\}"
    ):
        build(cards, out)


def test_nothing_changed_nothing_rewritten(kit):
    cards, out = kit
    before = _files(out)
    report = build(cards, out)
    assert report.written == []
    assert not any(r.ran for r in report.results)
    assert _files(out) == before


def _bump_first_card(deck_file: Path) -> str:
    data = yaml.safe_load(deck_file.read_text())
    card = data["cards"][0]
    card["cost"] = card["cost"] + 1 if card["cost"] < 30 else 0
    deck_file.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return card["id"]


def test_one_card_changed_only_its_outputs_rebuilt(kit, monkeypatch):
    from cardgen.render.products import raster

    cards, out = kit
    before = _files(out)
    card = _bump_first_card(cards / "battle.yaml")
    rasterised: list[int] = []
    real = raster.rasterise
    monkeypatch.setattr(
        raster,
        "rasterise",
        lambda task, pages, *a, **k: (rasterised.append(pages), real(task, pages, *a, **k))[1],
    )
    report = build(cards, out)
    assert rasterised == [1]  # the changed design alone, once for every image product
    written = set(report.written)
    after = _files(out)
    # the files holding the card were rewritten
    for path in (
        "cards/pnp-a4.pdf",
        "cards/print/battle.pdf",
        "cards/contact.png",
    ):
        assert path in written, path
    assert any(p.startswith("cards/tts/battle-") and p.endswith(".png") for p in written)
    # nothing without it was: other decks, other cards' images, backs, components
    for path in written:
        assert not path.startswith("components/")
        assert not path.startswith(("cards/print/age", "cards/print/spy", "cards/print/resource"))
        if path.startswith("cards/tts/"):  # the sheet holding the card, not its back
            assert path.startswith("cards/tts/battle-") and not path.endswith("-back.png"), path
    assert "cards/print/battle-backs.pdf" not in written
    for path, stamp in before.items():
        if path not in written and path not in (MANIFEST_FILE, GUIDE_FILE):
            assert after[path] == stamp, f"{path} was touched"
    # and the steps of other decks did not even run
    ran = {r.step_id for r in report.results if r.ran}
    assert "cards/print-age" not in ran and "cards/tts-spy-spring" not in ran
    assert not any(s.startswith("components/") for s in ran)
    assert {"cards/print-battle", "cards/pnp-a4", "cards/contact"} <= ran
    sheets = {s for s in ran if s.startswith("cards/tts-") and s != "cards/tts-index"}
    assert len(sheets) == 1  # the sheet of the card's back design, no other
    # and the build says why each step ran
    whys = {r.step_id: r.why for r in report.results if r.ran}
    assert set(whys.values()) == {f"card {card} changed"}, whys


def test_the_raster_store_keeps_only_the_current_designs(kit):
    from cardgen.build.products import RASTER_FOLDER

    cards, out = kit
    store = out / PRIVATE_DIR / RASTER_FOLDER
    entries = {p.name.split(".", 1)[0] for p in store.iterdir()}
    _bump_first_card(cards / "battle.yaml")
    build(cards, out)
    after = {p.name.split(".", 1)[0] for p in store.iterdir()}
    assert len(after) == len(entries)  # the old design of the card is gone
    assert len(after - entries) == 1 and len(entries - after) == 1
    names = {p.name for p in store.iterdir()}
    parts = (".cell.png", ".thumb.png")  # the home kit draws the designs at the TTS cell size
    assert names == {f"{key}{part}" for key in after for part in parts}


def test_why_a_step_ran_again(kit):
    cards, out = kit
    (out / "components" / "tokens-a4.pdf").write_bytes(b"edited")
    report = build(cards, out)
    (tokens,) = [r for r in report.results if r.ran]
    assert tokens.why == "components/tokens-a4.pdf edited or missing"
    deck = cards / "battle.yaml"
    data = yaml.safe_load(deck.read_text())
    old = data["cards"][-1]["id"]
    data["cards"][-1]["id"] = new = f"{old}-two"
    deck.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    report = build(cards, out)
    whys = {r.step_id: r.why for r in report.results if r.ran}
    expected = f"card order changed; card {new} added; card {old} removed"
    assert whys["cards/print-battle"] == whys["cards/pnp-a4"] == expected
    assert "cards/print-age" not in whys


def test_deleted_output_is_rebuilt_alone(kit):
    cards, out = kit
    (out / "components" / "tokens-a4.pdf").unlink()
    report = build(cards, out)
    assert report.written == ["components/tokens-a4.pdf"]
    assert [r.step_id for r in report.results if r.ran] == ["components/tokens-a4"]


def test_damaged_cache_costs_a_rebuild_not_a_crash(kit):
    cards, out = kit
    (out / CACHE_FILE).write_text("{not json")
    report = build(cards, out, only=["components"])
    assert all(r.ran for r in report.results)
    assert report.written == []  # same bytes as before: nothing rewritten


def test_letter_replaces_the_a4_sheets(kit):
    cards, out = kit
    build(cards, out, paper="letter", only=["components"])
    files = _files(out)
    assert "components/tokens-letter.pdf" in files
    assert "components/player-boards-tiled-letter.pdf" in files
    assert "components/tokens-a4.pdf" not in files
    assert "components/player-boards-tabloid.pdf" in files  # Letter's large sheet, not A3
    assert "components/player-boards-a3.pdf" not in files
    assert "cards/pnp-a4.pdf" in files  # other groups are left alone


def test_invalid_catalogue_writes_nothing(kit):
    cards, out = kit
    before = _files(out)
    deck = cards / "battle.yaml"
    deck.write_text(deck.read_text().replace("season: spring", "season: winter", 1))
    with pytest.raises(BuildError) as exc:
        build(cards, out)
    assert exc.value.diagnostics
    assert _files(out) == before


def test_identical_input_gives_a_byte_identical_kit(built, tmp_path):
    cards, out, _ = built
    again = tmp_path / "again"
    build(cards, again)
    _assert_same_kit(out, again)


def _assert_same_kit(out: Path, other: Path) -> None:
    """Both output folders hold the same files (the private folder aside), byte for byte."""
    first, second = _files(out), _files(other)
    assert set(first) == set(second)
    for path in first:
        assert (out / path).read_bytes() == (other / path).read_bytes(), path


def test_renamed_card_leaves_no_files_behind(kit):
    import json

    cards, out = kit
    deck = cards / "battle.yaml"
    data = yaml.safe_load(deck.read_text())
    old = data["cards"][0]["id"]
    data["cards"][0]["id"] = f"{old}-renamed"
    deck.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    build(cards, out)
    files = _files(out)
    manifest = json.loads((out / MANIFEST_FILE).read_text())
    held = {c for f in manifest["files"] for c in f["cards"]}
    assert old not in held and f"{old}-renamed" in held
    assert {f["path"] for f in manifest["files"]} == set(files) - {MANIFEST_FILE, GUIDE_FILE}


def test_print_guide_names_every_file_or_folder(built):
    import json

    _, out, _ = built
    guide = (out / GUIDE_FILE).read_text()
    manifest = json.loads((out / MANIFEST_FILE).read_text())
    for f in manifest["files"]:
        folder = f["path"].rsplit("/", 1)[0] + "/"
        assert f"`{f['path']}`" in guide or f"`{folder}`" in guide, f["path"]
    assert "duplex as the first page says (the edge to flip on)" in guide
    assert "| player boards | 4 |" in guide
    assert "| rulebooks | 1 | rulebook: 1 |" in guide
    assert "## rulebook" in guide and "booklet" in guide and "`rulebook/rulebook.pdf`" in guide


def test_a_catalogue_icon_reruns_the_cards_and_documents_that_print_it(kit):
    cards, out = kit
    (cards / "icons").mkdir()
    (cards / "icons" / "coin.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        '<rect x="10" y="10" width="80" height="80" fill="#F4C430"/></svg>'
    )
    ran = {r.step_id for r in build(cards, out).results if r.ran}
    assert {"cards/pnp-a4", "cards/print-battle", "appendix/appendices"} <= ran
    assert not any(s.startswith("components/") for s in ran)  # they print the pack's icons


def test_one_card_edit_gives_the_kit_a_fresh_build_gives(kit, tmp_path):
    """After one card's cost changes, the incremental build (the documents in a worker beside
    the cards, the charts and checks it did not change replayed) writes every file byte for
    byte as a fresh build of the same cards into an empty folder."""
    cards, out = kit
    _bump_first_card(cards / "battle.yaml")
    report = build(cards, out)
    assert {"appendix/appendices", "appendix/rulebook"} <= {r.step_id for r in report.results}
    fresh = tmp_path / "fresh"
    build(cards, fresh)
    _assert_same_kit(out, fresh)
    assert not list(out.glob(".stage-*"))


def test_documents_and_card_pdfs_run_in_workers_beside_the_card_images(kit, monkeypatch):
    """The documents' steps and the cards' vector PDFs run in worker processes while the
    card images are made here; the report and the cache are the same as in one process."""
    import os

    import cardgen.docs.writer as writer
    import cardgen.render.api as renderer  # where the build calls render_pnp

    cards, out = kit
    pids = out.parent / "pids.txt"

    def recording(module, name):
        real = getattr(module, name)

        def record(*args, **kwargs):
            with open(pids, "a") as fh:
                fh.write(f"{name} {os.getpid()}\n")
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, record)

    recording(writer, "build_rulebook")
    recording(renderer, "render_pnp")

    def where() -> dict[str, set[int]]:
        found: dict[str, set[int]] = {}
        for line in pids.read_text().splitlines():
            name, pid = line.split()
            found.setdefault(name, set()).add(int(pid))
        pids.unlink()
        return found

    _bump_first_card(cards / "battle.yaml")
    report = build(cards, out)
    found = where()
    assert os.getpid() not in found["build_rulebook"] | found["render_pnp"]
    assert len(found["render_pnp"]) == 2  # A4 and Letter, each in its own worker
    ran = [r.step_id for r in report.results if r.ran]
    assert ran[-2:] == ["appendix/appendices", "appendix/rulebook"]  # in plan order
    assert ran[:3] == ["cards/rasters", "cards/pnp-a4", "cards/pnp-letter"]
    assert {"rulebook/rulebook.pdf", "appendix/appendix.pdf", "cards/pnp-a4.pdf"} <= set(
        report.written
    )
    # one job: everything in this process
    _bump_first_card(cards / "battle.yaml")
    build(cards, out, jobs=1)
    assert where() == {"build_rulebook": {os.getpid()}, "render_pnp": {os.getpid()}}
    assert build(cards, out).written == []


def test_a_document_failing_in_the_worker_fails_the_build(kit, rulebook_copy):
    """A card edit and a broken rulebook: the rulebook fails in the worker, the build stops
    with its message, and no staging folder is left."""
    cards, out = kit
    _bump_first_card(cards / "battle.yaml")
    rulebook_copy.write_text("# Attack Right\n\nA {dragon}.\n", encoding="utf-8")
    with pytest.raises(
        BuildError, match=r"Rulebook .* failed: \S*rulebook\.md:3: unknown icon \{dragon\}"
    ):
        build(cards, out)
    assert not list(out.glob(".stage-*"))
