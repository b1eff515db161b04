"""Engine-backed card checks in `cardgen validate`: E301, E302, E303 and --simulate (W301-W304)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from cardgen.catalogue.loader import read_catalogue
from cardgen.packs.attack_right.card_checks import check_cards, max_coins, report, simulate

FIXTURE = Path(__file__).parent / "fixtures" / "engine"


def _copy(tmp_path: Path, edits: dict[str, list[tuple[str, str]]]) -> Path:
    root = tmp_path / "cards"
    shutil.copytree(FIXTURE, root)
    for name, subs in edits.items():
        path = root / name
        text = path.read_text(encoding="utf-8")
        for old, new in subs:
            assert old in text, old
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    return root


def _codes(root: Path) -> dict[str, set[str]]:
    cat, diags = read_catalogue(root)
    assert cat is not None and not diags
    out: dict[str, set[str]] = {}
    for d in check_cards(cat):
        out.setdefault(d.card, set()).add(d.code)
    return out


def test_fixture_and_real_catalogue_pass(cards_dir):
    assert _codes(FIXTURE) == {}
    if (cards_dir / "battle.yaml").exists():
        cat, _ = read_catalogue(cards_dir)
        assert not [d for d in check_cards(cat) if d.code.startswith("E")]


def test_lowest_price_uses_the_best_discounts():
    cat, _ = read_catalogue(FIXTURE)
    # Fortress 5, discount stone+wood: other fall slots can hold mines, quarries, woodcutters,
    # lumber camps... 6 other slots easily bring it to 0.
    assert report(cat, cat.card("fortress")).lowest_price == 0
    assert report(cat, cat.card("woodcutter")).lowest_price == 1  # no discount resource
    assert max_coins(cat, "spring") < max_coins(cat, "fall")


def test_unaffordable_and_slotless_cards(tmp_path):
    root = _copy(
        tmp_path,
        {
            "blue.yaml": [
                (
                    "id: bard, name: Bard, season: spring, type: unit, cost: 2",
                    "id: bard, name: Bard, season: spring, type: unit, cost: 30",
                )
            ],
            "rules.yaml": [
                ("slots: {left: 2, middle: 2, right: 2}", "slots: {left: 2, middle: 0, right: 2}")
            ],
        },
    )
    codes = _codes(root)
    assert "E301" in codes["bard"]
    assert "E302" in codes["war-drummer"]  # spring, middle only: no middle slot in spring
    assert "E302" in codes["merchant"] and "E302" not in codes.get("woodcutter", set())


def test_effects_that_never_fire(tmp_path):
    root = _copy(
        tmp_path,
        {
            "blue.yaml": [
                (
                    "cost: 2, discount: [food], placement: [middle, right]",
                    "cost: 2, placement: [middle, right]",
                ),
                (
                    "cost: 2, discount: [food], placement: [left, middle]",
                    "cost: 2, placement: [left, middle]",
                ),
            ],
            "red.yaml": [
                (
                    'defence: 2, attack: "-", copies: 3}',
                    "defence: 2, attack: 1, "
                    "effects: [{kind: power, stat: attack, amount: 1}], copies: 3}",
                ),
            ],
        },
    )
    codes = _codes(root)
    assert codes["farm"] == {"E303"}  # food is no longer anyone's discount
    assert codes["shieldbearer"] == {"E303"}  # left never counts attack


def test_simulation_measures_playability():
    cat, _ = read_catalogue(FIXTURE)
    stats = simulate(cat, 8)
    held = sum(s.held for s in stats.values())
    assert held > 8 * 4 * 4 * 4  # every play hand of every game
    assert all(0 <= s.playable <= s.held for s in stats.values())
    assert stats["militia"].rate == 1.0  # costs 0
    assert stats == simulate(cat, 8)  # deterministic


def test_validate_cli_simulate_warns(tmp_path, runner, app):
    root = _copy(
        tmp_path,
        {
            "green.yaml": [
                (
                    "id: warlord, name: Warlord, season: fall, type: unit, cost: 4",
                    "id: warlord, name: Warlord, season: fall, type: unit, cost: 19",
                )
            ]
        },
    )
    res = runner.invoke(app, ["validate", str(root), "--simulate", "20", "-f", "json"])
    assert res.exit_code == 0, res.output
    assert '"W301"' in res.output and '"warlord"' in res.output
    # dead and never affordable: at the card's own line, with the figure and its interval
    found = {(d["code"], d["card"]): d for d in json.loads(res.output)["warnings"]}
    lines = (root / "green.yaml").read_text(encoding="utf-8").splitlines()
    for code in ("W302", "W304"):
        d = found[(code, "warlord")]
        assert d["file"].endswith("green.yaml") and "id: warlord," in lines[d["line"] - 1]
        assert "95% CI" in d["message"] and "20 greedy games of 4 players" in d["message"]
    assert "played in 0.0%" in found[("W302", "warlord")]["message"]
    strict = runner.invoke(app, ["validate", str(root), "--simulate", "20", "--strict"])
    assert strict.exit_code == 1
    plain = runner.invoke(app, ["validate", str(FIXTURE)])
    assert plain.exit_code == 0 and "W301" not in plain.output and "W302" not in plain.output
    plain = runner.invoke(app, ["validate", str(FIXTURE), "--simulate", "20", "-f", "json"])
    flagged = {(d["code"], d["card"]) for d in json.loads(plain.output)["warnings"]}
    assert not flagged & {("W302", "warlord"), ("W304", "warlord")}


def test_dominant_design_warning(tmp_path):
    """The one copy of a star card made overwhelming: its players win far above the average
    (W303)."""
    from cardgen.packs.attack_right.simulation.targets import load_targets
    from cardgen.packs.attack_right.simulation.warnings import balance_summary, balance_warnings

    old = "id: hero, name: Hero, season: fall, type: unit, cost: 5, placement: [middle], defence: 3, attack: 3"  # noqa: E501
    new = "id: hero, name: Hero, season: fall, type: unit, cost: 0, placement: [middle], defence: 15, attack: 15"  # noqa: E501
    cat, _ = read_catalogue(_copy(tmp_path, {"red.yaml": [(old, new)]}))
    summary = balance_summary(cat, 80)
    targets = load_targets().model_copy(update={"dominant_min_games": 20})
    dominant = [d for d in balance_warnings(cat, summary, targets) if d.code == "W303"]
    assert "hero" in [d.card for d in dominant]
    judged = [c for c in summary["designs"] if c["games_played"] >= 20]
    assert max(judged, key=lambda c: c["win_rate_when_played"])["card"] == "hero"
    hero = next(d for d in dominant if d.card == "hero")
    assert "n=" in hero.message and "points above the average" in hero.message
    assert not [d for d in balance_warnings(cat, summary) if d.code == "W303"]  # n < 200
