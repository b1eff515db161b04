"""The manifest check against the rulebook's component list, the provider registry and the CLI."""

from __future__ import annotations

import shutil

import pytest
from conftest import CARDS, FIXTURES

from cardgen.build import steps as build_steps
from cardgen.build.manifest import check_components as check_counts
from cardgen.build.manifest import kit_settings
from cardgen.build.pipeline import BuildError, build, product_groups
from cardgen.build.steps import Output, Step
from cardgen.packs.attack_right.model import load_rules_model

SMALL = FIXTURES / "render" / "cards"


@pytest.fixture(scope="module")
def rules():
    return load_rules_model(CARDS / "rules.yaml")


def _out(variant: str, **contains: int) -> Output:
    return Output(f"{variant}.pdf", "test", 1, contains, variant)


def check_components(outputs, rules, scope=None):
    """The manifest check against Attack Right's component list (the rules model's)."""
    return check_counts(outputs, rules.components.model_dump(), {}, scope)


def _problems(checks) -> list[str]:
    return [p for c in checks for p in c.problems]


def test_complete_kit_passes(rules):
    outputs = [
        _out("pnp", cards=160),
        _out("a3", player_boards=4, scoreboards=1),
        _out("tiled", player_boards=4, scoreboards=1),
        _out("tokens", coin_tokens=40, age_tokens=30, score_tokens=4, round_tokens=1),
        _out("rulebook", rulebooks=1),
    ]
    assert _problems(check_components(outputs, rules)) == []
    two = [*outputs, Output("rulebook/again.pdf", "test", 1, {"rulebooks": 1}, "rulebook")]
    assert _problems(check_components(two, rules)) == [
        "rulebooks: the rulebook lists 1, variant 'rulebook' has 2"
    ]


def test_a_variant_with_the_wrong_count_is_an_error(rules):
    outputs = [
        _out("a3", player_boards=4),
        _out("tiled", player_boards=3),
    ]
    problems = _problems(check_components(outputs, rules, {"player_boards"}))
    assert problems == ["player_boards: the rulebook lists 4, variant 'tiled' has 3"]


def test_files_of_one_variant_add_up(rules):
    outputs = [Output(f"print/{d}.pdf", "", 40, {"cards": 40}, "print") for d in "abcd"]
    assert _problems(check_components(outputs, rules, {"cards"})) == []
    problems = _problems(check_components(outputs[:3], rules, {"cards"}))
    assert problems == ["cards: the rulebook lists 160, variant 'print' has 120"]


def test_missing_component_is_an_error(rules):
    problems = _problems(check_components([_out("pnp", cards=160)], rules))
    assert "coin_tokens: the rulebook lists 40, the kit has none" in problems
    assert "rulebooks: the rulebook lists 1, the kit has none" in problems  # printed now


def test_unknown_component_is_an_error(rules):
    problems = _problems(check_components([_out("x", dice=2)], rules, {"cards"}))
    assert any(p.startswith("dice") for p in problems)


def test_external_components_give_a_reason(tmp_path, rules):
    assert kit_settings()["external"] == {}  # the kit prints every component, rulebook included
    kit = tmp_path / "kit.yaml"
    kit.write_text("external:\n  rulebooks: printed by the publisher\n")
    external = kit_settings(tmp_path)["external"]
    assert external == {"rulebooks": "printed by the publisher"}
    checks = check_counts([], rules.components.model_dump(), external, {"rulebooks"})
    assert checks[0].external == "printed by the publisher" and not checks[0].problems


@pytest.fixture
def small(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(SMALL, cards)
    return cards, tmp_path / "output"


@pytest.fixture
def fake_provider(monkeypatch):
    """Register a product group whose file holds the wrong number of coins."""
    import cardgen.build.products  # noqa: F401  (register the built-in providers first)

    def provider(ctx):
        def run(out):
            (out / "extra.txt").write_text("coins")
            return [Output("extra.txt", "extra coins", None, {"coin_tokens": 39}, "extra")]

        return [Step("extra/coins", "extra", "Extra coins", "k1", run)]

    monkeypatch.setitem(build_steps.PROVIDERS, "extra", provider)


def test_mismatch_fails_the_build_but_keeps_the_manifest(small, fake_provider):
    cards, out = small
    with pytest.raises(BuildError, match="coin_tokens: the rulebook lists 40, variant 'extra'"):
        build(cards, out, only=["extra"])
    assert (out / "manifest.json").is_file()
    assert (out / "extra.txt").read_text() == "coins"


def test_providers_plug_in_by_registering(small, fake_provider, monkeypatch):
    cards, out = small

    def good(ctx):
        def run(out):
            (out / "coins.txt").write_text("40")
            return [Output("coins.txt", "coins", None, {"coin_tokens": 40}, "extra")]

        return [Step("extra/coins", "extra", "Coins", "k2", run)]

    monkeypatch.setitem(build_steps.PROVIDERS, "extra", good)
    report = build(cards, out, only=["extra"])
    assert report.written == ["coins.txt"]
    assert [c.component for c in report.checks] == ["coin_tokens"]


def test_product_groups_in_build_order():
    assert product_groups() == ("cards", "components", "appendix")


def test_unknown_group_is_a_clean_error(small):
    cards, out = small
    with pytest.raises(BuildError, match="unknown product group"):
        build(cards, out, only=["dice"])


# --- CLI --------------------------------------------------------------------------------------
def test_cli_builds_components(runner, app, small):
    """A short summary naming the guide to read first; the tables with -v."""
    cards, out = small
    args = ["build", str(cards), "--out", str(out), "--only", "components"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) <= 4, result.stdout  # was a table of every step, every time
    assert f"read {out}/README.md first" in result.stdout
    assert "components match the rulebook" in result.stdout
    assert "Components against the rulebook" not in result.output
    assert (out / "components" / "tokens-a4.pdf").is_file()
    again = runner.invoke(app, args)
    assert again.exit_code == 0 and "up to date" in again.stdout, again.stdout
    verbose = runner.invoke(app, [*args, "-v"])
    assert verbose.exit_code == 0 and "Components against the rulebook" in verbose.stdout
    assert "up to date" in verbose.stdout  # the steps' table


def test_the_short_summary_says_why_steps_ran(runner, app, small):
    cards, out = small
    args = ["build", str(cards), "--out", str(out), "--only", "cards", "-j", "1"]
    assert runner.invoke(app, args).exit_code == 0
    deck = cards / "battle.yaml"
    text = deck.read_text()
    assert "cost: 3" in text
    deck.write_text(text.replace("cost: 3", "cost: 2", 1))
    again = runner.invoke(app, args)
    assert again.exit_code == 0, again.output
    assert "rebuilt: card " in again.stdout and " changed" in again.stdout, again.stdout
    assert len(again.stdout.strip().splitlines()) <= 4, again.stdout


def test_the_build_reports_progress_inside_the_rasterising_step(small):
    """The first build sat at 0/27 for 16 s while rasterising: the step now reports each
    design it rasterises."""
    cards, out = small
    seen: list[tuple[str, str, int]] = []
    current: list[str] = []
    build(
        cards,
        out,
        only=["cards"],
        jobs=1,
        on_start=lambda step: current.append(step.id),
        on_progress=lambda name, n: seen.append((current[-1], name, n)),
    )
    rasters = [n for step, name, n in seen if step == "cards/rasters" and name == "images"]
    assert sum(rasters) == len(build_sprites(cards)) and len(rasters) > 2, seen


def build_sprites(cards) -> list:
    """Every design the raster step rasterises: each card's face and each back."""
    from cardgen.catalogue.loader import load_catalogue
    from cardgen.render.api import Renderer
    from cardgen.render.products import raster

    return raster.sprites(Renderer(load_catalogue(cards)).context())


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--only", "dice"], 2, "'dice' is not one of"),
        (["--paper", "a5"], 2, "a5"),
    ],
)
def test_cli_bad_options(runner, app, small, args, code, message):
    cards, out = small
    result = runner.invoke(app, ["build", str(cards), "--out", str(out), *args])
    assert result.exit_code == code
    assert message in result.output
    assert "Traceback" not in result.output


def test_cli_invalid_catalogue(runner, app, small):
    cards, out = small
    deck = cards / "battle.yaml"
    deck.write_text(deck.read_text().replace("cost: 3", "cost: lots", 1))
    result = runner.invoke(app, ["build", str(cards), "--out", str(out)])
    assert result.exit_code == 1
    assert "catalogue is invalid" in result.output
    assert "battle.yaml" in result.output
    assert "Traceback" not in result.output
    assert not out.exists()


def test_cli_output_is_a_file(runner, app, small, tmp_path):
    cards, _ = small
    target = tmp_path / "file"
    target.write_text("x")
    result = runner.invoke(app, ["build", str(cards), "--out", str(target)])
    assert result.exit_code == 1 and "not a folder" in result.output


def test_the_image_products_build_with_nothing_but_python(small, tmp_path):
    """No external program on PATH: the build still makes every PNG product."""
    import json
    import os
    import subprocess
    import sys

    from cardgen.build.manifest import MANIFEST_FILE

    cards, out = small
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    env = {**os.environ, "PATH": str(empty)}
    cmd = [sys.executable, "-m", "cardgen", "build", "--cards", str(cards), "--out", str(out)]
    res = subprocess.run(
        [*cmd, "--only", "cards", "-q", "--jobs", "2"], env=env, capture_output=True, text=True
    )
    assert res.returncode == 0, res.stderr
    manifest = json.loads((out / MANIFEST_FILE).read_text())
    cards_check = next(c for c in manifest["components"] if c["component"] == "cards")
    assert {"print", "tts", "contact"} <= set(cards_check["variants"])
    assert (out / "cards" / "contact.png").is_file() and (out / "cards" / "tts").is_dir()


def test_a_kit_printed_more_than_once_says_so(tmp_path, rules):
    """A pack's kit.yaml ``sets``: the manifest records it, the guide says it first."""
    from cardgen.build.guide import guide_markdown
    from cardgen.build.manifest import manifest_data

    assert kit_settings()["sets"] is None
    (tmp_path / "kit.yaml").write_text("sets: {count: 2, why: an army per player.}\n")
    kit = kit_settings(tmp_path)
    assert kit["sets"] == {"count": 2, "why": "an army per player."}
    data = manifest_data([], {}, [], rules, "a4", kit["sets"])
    assert data["sets"] == kit["sets"] and "sets" not in manifest_data([], {}, [], rules, "a4")
    guide = guide_markdown(data, kit["guide"])
    assert "**Print this kit twice**: an army per player. The counts below are per set." in guide
