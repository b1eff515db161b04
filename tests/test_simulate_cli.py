"""`cardgen simulate`: options, formats, worker-count independence, reports, errors, --dask."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES


def _run(runner, app, *args):
    return runner.invoke(app, ["simulate", "--no-progress", *args])


def test_json_identical_for_1_and_2_workers(runner, app, tmp_path):
    outs = []
    for w in (1, 2):
        out = tmp_path / f"w{w}.json"
        res = _run(
            runner,
            app,
            "--games",
            "30",
            "--players",
            "3",
            "--seed",
            "4",
            "--workers",
            str(w),
            "--chunk-size",
            "7",
            "--format",
            "json",
            "-o",
            str(out),
        )
        assert res.exit_code == 0, res.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    doc = json.loads(outs[0])
    assert doc["games"] == 30 and doc["spec"]["players"] == 3
    assert len(doc["spec"]["matchups"]) == 24


def test_table_with_decks_and_first_game(runner, app):
    res = _run(
        runner,
        app,
        "--games",
        "8",
        "--players",
        "2",
        "--decks",
        "battle,age",
        "--first-game",
        "--bots",
        "greedy",
    )
    assert res.exit_code == 0, res.output
    assert "8 games, 2 players, bots greedy" in res.stdout and "first game" in res.stdout
    assert "resource" not in res.stdout.split("Seats")[0]


def test_fixed_seats_and_spy_warning(runner, app):
    res = _run(
        runner,
        app,
        "--games",
        "4",
        "--players",
        "2",
        "--decks",
        "spy,battle",
        "--fixed-seats",
        "--format",
        "json",
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["spec"]["matchups"] == [["spy", "battle"]]
    assert any("spy" in w for w in doc["warnings"])


def test_default_decks_are_the_recommended_ones(runner, app):
    """2 players cycle the three decks the rules admit for 2 (the Spy deck is for 3+), with no
    warning; --all-matchups adds the Spy deck's seatings and its warning; 3 players cycle all."""
    res = _run(runner, app, "--games", "6", "--players", "2", "--bots", "greedy", "-f", "json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert sorted(map(tuple, doc["spec"]["matchups"])) == sorted(
        [
            (a, b)
            for a in ("battle", "resource", "age")
            for b in ("battle", "resource", "age")
            if a != b
        ]
    )
    assert not doc["warnings"] and {d["side"] for d in doc["sides"]} == {
        "battle",
        "resource",
        "age",
    }
    res = _run(runner, app, "--games", "6", "--players", "2", "--all-matchups", "-f", "json")
    doc = json.loads(res.stdout)
    assert len(doc["spec"]["matchups"]) == 12 and any("spy" in w for w in doc["warnings"])
    res = _run(runner, app, "--games", "3", "--players", "3", "--bots", "greedy")
    assert res.exit_code == 0, res.output
    assert "24 seatings of battle, resource, age, spy cycled" in " ".join(res.stdout.split())


def test_a_bot_per_seat(runner, app, plain):
    """--bots as play takes it: one bot per seat, comma-separated (it took one name or mixed)."""
    res = _run(runner, app, "-g", "4", "-n", "2", "--bots", "greedy,random", "-f", "json")
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["spec"]["bots"] == "greedy,random"
    assert {b["bot"]: b["seats"] for b in doc["bots"]} == {"greedy": 4, "random": 4}
    res = _run(runner, app, "-g", "4", "-n", "2", "--bots", "greedy,random,random")
    assert res.exit_code == 2 and "needs 1 or 2 names, got 3" in plain(res.output)


def test_mixed_bots(runner, app):
    res = _run(
        runner,
        app,
        "--games",
        "3",
        "--players",
        "2",
        "--bots",
        "mixed",
        "--seed",
        "2",
        "--format",
        "json",
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert sum(b["seats"] for b in doc["bots"]) == 6


def test_html_and_pdf_reports(runner, app, tmp_path):
    for name in ("r.html", "r.pdf"):
        res = _run(runner, app, "--games", "12", "--report", str(tmp_path / name))
        assert res.exit_code == 0, res.output
    assert "<svg" in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--decks", "battle,nope", "--players", "2"], "'nope' is not one of"),
        (["--decks", "battle,age,spy", "--players", "2"], "need 2 decks"),
        (["--decks", "battle,battle", "--players", "2"], "different deck"),
        (["--decks", "battle,age", "--players", "2", "--all-matchups"], "exclude"),
        (["--report", "out.txt"], ".html or .pdf"),
    ],
)
def test_errors(runner, app, plain, args, message):
    res = _run(runner, app, "--games", "2", *args)
    assert res.exit_code == 2  # usage errors
    assert message in plain(res.output)
    assert "Traceback" not in res.output


def test_dask_option_matches_local(runner, app):
    distributed = pytest.importorskip("distributed")
    args = ["--games", "12", "--players", "2", "--seed", "9", "--format", "json"]
    local = _run(runner, app, *args)
    with distributed.LocalCluster(  # over TCP: the greeting cardgen checks first is real
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None, protocol="tcp"
    ) as cluster:
        remote = _run(runner, app, *args, "--dask", cluster.scheduler_address)
    assert remote.exit_code == 0, remote.output
    assert remote.stdout == local.stdout


def test_a_pack_without_an_engine_cannot_simulate(runner, app):
    res = _run(runner, app, "--games", "2", "--cards", str(FIXTURES / "plain"))
    assert res.exit_code == 2
    assert "the plain pack has no rules engine" in res.output
    assert "Traceback" not in res.output
