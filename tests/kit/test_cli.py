"""`cardgen play`, `scenario run` and `simulate` on a game of the engine kit."""

from __future__ import annotations

import json
from pathlib import Path

from cardgen.cli import make_app
from tests.kit.catalogues import ROOT

HARBOUR = ROOT / "cardgen/packs/harbour_bid"
CARDS = str(HARBOUR / "cards")


def cli(runner, *args: str):
    return runner.invoke(make_app(), list(args))


def test_play_writes_a_log_that_replays(runner, tmp_path: Path) -> None:
    out = tmp_path / "g.json"
    r = cli(
        runner,
        "play",
        CARDS,
        "--bots",
        "greedy,random",
        "--seed",
        "4",
        "-f",
        "json",
        "-o",
        str(out),
    )
    assert r.exit_code == 0, r.output
    doc = json.loads(out.read_text())
    assert [s["bot"] for s in doc["seats"]] == ["greedy", "random"]
    r = cli(runner, "play", CARDS, "--replay", str(out))
    assert r.exit_code == 0 and "replay OK" in r.output
    doc["events"][-1]["p1"] = 99
    out.write_text(json.dumps(doc))
    r = cli(runner, "play", CARDS, "--replay", str(out))
    assert r.exit_code == 1 and "differs" in r.output


def test_play_settings_and_usage_errors(runner) -> None:
    assert cli(runner, "play", CARDS, "--set", "tie=discard").exit_code == 0
    r = cli(runner, "play", CARDS, "--set", "tie=discrd")
    assert r.exit_code == 2 and "setting tie" in r.output
    r = cli(runner, "play", CARDS, "--set", "tei=carry")
    assert r.exit_code == 2 and "did you mean 'tie'" in r.output
    r = cli(runner, "play", CARDS, "--bots", "grredy")
    assert r.exit_code == 2 and "'greedy'" in r.output
    r = cli(runner, "play", CARDS, "--sides", "north")
    assert r.exit_code == 2 and "no sides" in r.output


def test_play_view_is_one_seats(runner) -> None:
    r = cli(runner, "play", CARDS, "--view", "2", "--seed", "1")
    assert r.exit_code == 0 and r.output.startswith("Harbour Bid, as P2 saw it")
    assert "P1 draws a hidden card" in r.output


def test_scenario_run_counts(runner, tmp_path: Path) -> None:
    r = cli(runner, "scenario", "run", str(HARBOUR / "scenarios"))
    assert r.exit_code == 0 and "passed, 0 failed" in r.output
    bad = tmp_path / "bad.yaml"
    bad.write_text(f"name: bad\ncards: {CARDS}\nexpect: {{dok: []}}\n")
    r = cli(runner, "scenario", "run", str(bad))
    assert r.exit_code == 1 and "did you mean 'dock'" in r.output


def test_simulate_reports_designs_and_length(runner) -> None:
    r = cli(runner, "simulate", CARDS, "-g", "60", "-f", "json", "--seed", "3")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    designs = {d["card"]: d for d in doc["designs"]}
    assert designs["captain"]["played"] > 0 and designs["captain"]["drawn"] > 0
    assert doc["length"]["games"] == 60 and doc["length"]["mean"] > 5
    r2 = cli(runner, "simulate", CARDS, "-g", "60", "-f", "json", "--seed", "3", "-w", "2")
    assert r2.output == r.output  # the same figures on any number of workers


def test_validate_names_a_missing_engine_file(runner, tmp_path: Path) -> None:
    import shutil

    cards = tmp_path / "cards"
    shutil.copytree(HARBOUR / "cards", cards)
    text = (cards / "rules.yaml").read_text().replace("engine: rules.py", "engine: rulez.py")
    (cards / "rules.yaml").write_text(text)
    r = cli(runner, "validate", str(cards))
    assert r.exit_code == 1 and "E019" in r.output and "no file rulez.py" in r.output
    assert "rules.yaml:5:" in r.output


def test_a_broken_local_engine_is_an_error_naming_its_line(runner, tmp_path: Path) -> None:
    import shutil

    cards = tmp_path / "cards"
    shutil.copytree(HARBOUR / "cards", cards)
    shutil.copy(HARBOUR / "rules.py", cards / "rules.py")
    source = (cards / "rules.py").read_text()
    (cards / "rules.py").write_text(
        source.replace("ENGINE = HarbourBid()", "ENGINE = HarbourBid(1)")
    )
    r = cli(runner, "play", str(cards))
    assert r.exit_code == 1 and "rules.py:" in r.output and "TypeError" in r.output
    assert "Traceback" not in r.output
