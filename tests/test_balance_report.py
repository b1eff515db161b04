"""The balance lab's budget (checked within a round), its report (HTML and PDF: the designs'
play and win rates with the outliers marked, the quality by player count, each proposal with
its confirmation) and the `cardgen balance` command's report and profile."""

from __future__ import annotations

import itertools
import json
import re
import shutil
from dataclasses import asdict
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from cardgen.charts import CATEGORY_SIZE, Point, ScatterChart, svg
from cardgen.checks import is_valid
from cardgen.cli import app
from cardgen.engine import balance
from cardgen.engine.balance import BudgetSpent, Change, Outlier, Proposal, advise
from cardgen.engine.balance_report import COLOURS, render, report_model
from cardgen.engine.simulation import PAIRED_FIELDS, paired_figures
from cardgen.simulate.report_model import ReportModel, Table
from cardgen.simulate.report_pdf import pdf_bytes
from tests.test_balance_advisor import HARBOUR, design, fake_run, planted


class Clock:
    """A clock each run moves on by ten seconds."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


@pytest.mark.slow
def test_the_budget_stops_a_round_in_the_middle(tmp_path, monkeypatch):
    root = planted(tmp_path)
    clock = Clock()
    monkeypatch.setattr(balance.time, "monotonic", clock)
    runs: list[int] = []

    def run(root: Path, games: int, seed: int, stop=None) -> dict:
        clock.t += 10
        runs.append(games)
        if stop is not None and stop():
            raise BudgetSpent
        return fake_run(root, games, seed)

    base = fake_run(root, 100, 0)
    p = advise(root, run, valid=is_valid, games=100, seed=0, budget=25, baseline=base)
    # the first outlier's first round: the unchanged game and one candidate ran, the third
    # run found the budget spent; the confirmation's two runs are not cut
    assert p.cut
    assert len(p.searched) == 2 and p.searched[0]["unchanged"]
    assert runs == [100, 100, 100, 200, 200]
    assert {o.card for o in p.before} == {"stevedore", "captain"}


@pytest.mark.slow
def test_a_round_cut_before_any_candidate_finished_keeps_the_last_rounds_leader(tmp_path):
    root = planted(tmp_path)

    def run(root: Path, games: int, seed: int, stop=None) -> dict:
        if stop is not None and games >= 200:  # the budget is spent as the second round starts
            raise BudgetSpent
        return fake_run(root, games, seed)

    p = advise(root, run, valid=is_valid, games=100, seed=1, budget=600, most=1)
    assert p.cut
    first = {(s.get("field"), s.get("after")): s["badness"] for s in p.searched}
    assert {s["games"] for s in p.searched} == {100} and len(first) > 2
    # the captain's change is the first round's leader, which beat the unchanged game there
    leader = min(first, key=lambda k: (first[k], k[0] is not None, k))
    assert leader == ("strength", 8) and first[leader] < first[(None, None)]
    assert [(c.card, c.field, c.after) for c in p.changes] == [("captain", "strength", 8)]
    assert "captain" not in {o.card for o in p.after}


def doc() -> dict:
    designs = [
        design("deckhand", 500, 100, 300, 150),
        design("stevedore", 500, 2, 30, 12),
        design("captain", 500, 100, 300, 270),
    ]
    fixed = [
        design("deckhand", 500, 100, 300, 150),
        design("stevedore", 500, 90, 200, 100),
        design("captain", 500, 100, 300, 160),
    ]
    for d, name in zip(designs, ("Deckhand", "Stevedore", "Captain"), strict=True):
        d["name"] = name
    before = [
        Outlier("stevedore", "dead", 0.004, (0.0011, 0.0145), 0.05),
        Outlier("captain", "dominant", 0.9, (0.86, 0.93), 0.6),
    ]
    p = Proposal(
        [
            Change("stevedore", "crew.yaml", "strength", 1, 2),
            Change("captain", "crew.yaml", "strength", 12, 8),
        ],
        before,
        [],
        {
            "games": 200,
            "seed": 10007,
            "outliers_unchanged": [],
            "badness_unchanged": 0.4,
            "badness_changed": 0.0,
            "designs_unchanged": designs,
            "designs_changed": fixed,
        },
        baseline=designs,
        profile={
            "2": {
                "games": 100,
                "quality": {"decisiveness": 0.6, "drama": 0.2, "lead_changes": 1.5},
                "first_player": {"advantage": 0.03},
                "length": {"mean": 11.0},
                "designs": designs,
            },
            "3": {
                "games": 100,
                "quality": {"decisiveness": 0.5, "kingmaking": 0.1},
                "first_player": None,
                "length": {"mean": 14.0},
                "designs": designs,
            },
        },
    )
    return {**p.to_json(), "game": "Harbour Bid", "players": 2}


def test_the_report_marks_the_outliers_and_confirms_each_proposal():
    model = report_model(doc())
    scatter = model.figures[0]
    assert isinstance(scatter, ScatterChart)
    marked = {p.label: p.colour for p in scatter.points if p.label}
    assert marked == {"stevedore": COLOURS["dead"], "captain": COLOURS["dominant"]}
    # x: the share of the 200 player-games in which the design was played
    assert sorted(p.x for p in scatter.points) == [30 / 200, 300 / 200, 300 / 200]
    # a dead design never played sits at the origin, named so; an idle one in line is left out
    d = doc()
    d["baseline"] += [design("rower", 500, 0, 0, 0), design("cargo-silk", 0, 0, 0, 0)]
    d["outliers_before"].append(asdict(Outlier("rower", "dead", 0.0, (0.0, 0.01), 0.05, "free")))
    never = [p for p in report_model(d).figures[0].points if p.label.endswith("(never played)")]
    assert [(p.x, p.y, p.colour, p.label) for p in never] == [
        (0.0, 0.0, COLOURS["dead"], "rower (never played)")
    ]
    assert len(report_model(d).figures[0].points) == 4
    tables = {t.key: t for t in model.tables}
    assert tables["quality"].head == ("measure", "2 players", "3 players")
    rows = {r[0]: r[1:] for r in tables["quality"].rows}
    assert rows["decisiveness"] == ("60.0%", "50.0%")
    assert rows["kingmaking"] == ("n/a", "10.0%")
    assert rows["first player's advantage"] == ("+3.0 pts", "n/a")
    # each outlier's adjusted p-value (a file written before the correction has none)
    assert tables["outliers"].head[-1] == "p"
    assert [r[-1] for r in tables["outliers"].rows] == ["–", "–"]
    d = doc()
    d["outliers_before"][1]["p"] = 0.00123
    outliers = {t.key: t for t in report_model(d).tables}["outliers"]
    assert outliers.rows[1][-1] == "0.0012"
    proposals = {r[0]: r for r in tables["proposals"].rows}
    assert proposals["stevedore"][2:] == ("strength 1 → 2 (crew.yaml)", "0.4%", "18.0%", "within")
    assert proposals["captain"][2:] == ("strength 12 → 8 (crew.yaml)", "90.0%", "53.3%", "within")
    html = render(doc(), ".html").decode()
    assert html == render(doc(), ".html").decode()  # equal documents, equal bytes
    assert "Balance: Harbour Bid" in html and "<svg" in html and "stevedore" in html
    # a cell's figure never breaks across lines; a table wider than the page scrolls in its box
    assert "td{white-space:nowrap}" in html and ".wide{overflow-x:auto}" in html
    assert html.count("<div class='wide'><table>") == len(model.tables)
    pdf = render(doc(), ".pdf")
    assert pdf.startswith(b"%PDF") and pdf == render(doc(), ".pdf")


def pdf_pages(pdf: bytes) -> list[tuple[bool, list[tuple[str, float]]]]:
    """Each page of ``pdf``: whether it is landscape, and its words with their type size."""
    pages = []
    for page in PdfReader(BytesIO(pdf)).pages:
        words: list[tuple[str, float]] = []

        def seen(text, cm, tm, font, size, words=words) -> None:
            if text.strip():
                words.append((text.strip(), size * tm[0]))

        page.extract_text(visitor_text=seen)
        pages.append((page.mediabox.width > page.mediabox.height, words))
    return pages


def test_the_pdf_sets_the_wide_designs_table_on_a_landscape_page_at_7_pt():
    pages = pdf_pages(render(doc(), ".pdf"))
    assert [wide for wide, _ in pages] == [False, False, True]  # no blank page after it
    wide = pages[-1][1]
    assert ("Card designs (first run)", 14) in wide
    cells = {w for w, _ in wide}
    assert {"chosen when offered", "difference 95% CI", "captain", "86.1–92.9%"} <= cells
    assert min(size for _, size in wide) == 7
    # the narrower tables stay on the portrait pages, at 7 pt
    assert ("decisiveness", 7) in pages[1][1] + pages[0][1]


def test_a_table_wider_than_a_landscape_page_is_split_by_columns_at_7_pt():
    wide = Table(
        "wide",
        "Wide",
        "Forty columns.",
        ("design", *(f"figure {k}" for k in range(40))),
        tuple((f"card-{r}", *(f"{r * k}.0%" for k in range(40))) for r in range(3)),
    )
    pdf = pdf_bytes(ReportModel("Wide", "A wide table.", (), (), (wide,)))
    pages = pdf_pages(pdf)
    assert [w for w, _ in pages] == [False, True]
    words = [w for w, _ in pages[1][1]]
    heads = [w for w in words if w.startswith("figure ")]
    assert heads == [f"figure {k}" for k in range(40)]  # every column once, in order
    parts = words.count("design")
    assert parts >= 2 and words.count("card-2") == parts  # each part led by the labels
    assert {size for w, size in pages[1][1] if w not in ("Wide", "Forty columns.")} == {7}
    assert pdf == pdf_bytes(ReportModel("Wide", "A wide table.", (), (), (wide,)))


def test_the_quality_chart_leaves_a_measure_that_does_not_apply_unmeasured():
    chart = report_model(doc()).figures[1]
    # uncertainty, forced moves and draws apply at neither count: left out; kingmaking (3+
    # players) and drama are n/a at one count: said so, not drawn as a measured 0
    assert chart.categories == (
        "decisiveness",
        "drama (n/a at 3 players)",
        "kingmaking (n/a at 2 players)",
    )
    assert [s.values for s in chart.series] == [(0.6, 0.2, 0.0), (0.5, 0.0, 0.1)]


def test_the_confirmation_reads_each_outlier_by_the_test_that_judged_it():
    d = doc()
    conf = d["confirmation"]
    for k, (taken, left) in (("designs_unchanged", (60, 40)), ("designs_changed", (35, 30))):
        captain = next(x for x in conf[k] if x["card"] == "captain")
        fields = zip(PAIRED_FIELDS, (100, taken, 100, left), strict=True)
        captain.update(paired_figures(dict(fields)))
    # judged by the pooled test: the win rate when played (90.0%, 53.3%), not when taken
    rows = {r[0]: r for r in {t.key: t for t in report_model(d).tables}["proposals"].rows}
    assert rows["captain"][3:5] == ("90.0%", "53.3%")
    # judged by the paired test: the win rate when taken
    d["outliers_before"][1]["test"] = "paired"
    model = report_model(d)
    rows = {r[0]: r for r in {t.key: t for t in model.tables}["proposals"].rows}
    assert rows["captain"][3:5] == ("60.0%", "35.0%")
    assert model.figures[2].series[0].values[1] == 0.6


def test_the_scatter_labels_of_dots_close_together_do_not_overprint():
    # three dominant designs of a draft, each played in a third of the player-games, their
    # win rates a fifth of a point apart; one far to the right at the same height
    dots = [Point(1 / 3, 0.45 + k * 0.002, COLOURS["dominant"], f"star-{k}") for k in range(3)]
    chart = ScatterChart("t", (*dots, Point(0.9, 0.45, COLOURS["dominant"], "far")))
    drawn = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>(star-\d|far)</text>', svg(chart))
    y = {name: float(b) for _, b, name in drawn}
    assert len(y) == 4
    stars = sorted(y[f"star-{k}"] for k in range(3))
    assert min(b - a for a, b in itertools.pairwise(stars)) >= CATEGORY_SIZE
    # the top one stays by its dot; the one far off, overprinting none, too
    assert y["star-2"] == max(stars) and abs(y["far"] - y["star-2"]) < 1


def test_the_designs_table_leaves_out_the_designs_nobody_chooses():
    d = doc()
    # a cargo card: drawn by the game, never an action's choice nor played; an upgrade the
    # game's actions do not name: played, never counted as offered
    d["baseline"] = [
        *d["baseline"],
        design("cargo-silk", 0, 0, 0, 0),
        design("chapel", 0, 0, 40, 30),
    ]
    table = {t.key: t for t in report_model(d).tables}["designs"]
    rows = {r[0]: r for r in table.rows}
    assert set(rows) == {"deckhand", "stevedore", "captain", "chapel"}
    assert rows["chapel"][2:] == (
        "0",
        "–",
        "0",
        "–",
        "–",
        "40",
        "75.0%",
        "59.8–85.8%",
        "–",
        "–",
        "–",
    )
    # the paired figures: taken / left player-games, their win rates, the difference's interval
    d["baseline"][0] = {
        **d["baseline"][0],
        **paired_figures(dict(zip(PAIRED_FIELDS, (70, 56, 80, 48), strict=True))),
    }
    table = {t.key: t for t in report_model(d).tables}["designs"]
    rows = {r[0]: r for r in table.rows}
    assert rows[d["baseline"][0]["card"]][-3:] == ("70 / 80", "80.0% / 60.0%", "+5.2 to +33.4 pts")
    assert rows["stevedore"][4:7] == ("500", "0.4%", "0.00")  # every offer free, share 1
    assert rows["stevedore"][3] == "0.4%"
    assert "never offered to a choice nor played: cargo-silk." in table.note
    assert "Not listed" not in {t.key: t for t in report_model(doc()).tables}["designs"].note


def test_a_change_is_confirmed_only_when_the_fresh_games_bear_it_out():
    d = doc()
    conf = d["confirmation"]
    both = [asdict(o) for o in (Outlier("stevedore", "dead", 0.0, (0.0, 0.01), 0.05, "free"),)]
    both.append(asdict(Outlier("captain", "dominant", 0.9, (0.85, 0.94), 0.6)))

    def proposal(unchanged: list[dict], after: list[Outlier]) -> Proposal:
        changes = [Change(**c) for c in d["changes"]]
        return Proposal(changes, [], after, {**conf, "outliers_unchanged": unchanged})

    # both outliers on the fresh games unchanged, neither with the changes: confirmed
    assert proposal(both, []).confirmed and proposal(both, []).unconfirmed() == []
    # the captain not an outlier on the fresh games: its change is not borne out
    p = proposal(both[:1], [])
    assert not p.confirmed and p.unconfirmed() == ["captain"]
    assert p.to_json()["unconfirmed"] == ["captain"] and p.to_json()["confirmed"] is False
    # the stevedore still dead with the changes
    p = proposal(both, [Outlier("stevedore", "dead", 0.01, (0.0, 0.02), 0.05, "free")])
    assert p.unconfirmed() == ["stevedore"]
    assert not Proposal([], [], [], conf).confirmed  # nothing to confirm
    intro = report_model({**d, "confirmed": False, "unconfirmed": ["captain"]}).intro
    assert "Not confirmed: captain (on the fresh games not an outlier unchanged" in intro
    assert "Not confirmed" not in report_model({**d, "confirmed": True}).intro


@pytest.mark.slow
def test_apply_leaves_the_cards_when_the_changes_did_not_confirm(tmp_path, monkeypatch):
    root = tmp_path / "cards"
    shutil.copytree(HARBOUR, root)
    crew = (root / "crew.yaml").read_text(encoding="utf-8")
    fresh = doc()["confirmation"]  # the captain no outlier on the fresh games

    def advise(root, run, **kw):
        change = Change("captain", "crew.yaml", "strength", 7, 6)
        return Proposal([change], [], [], fresh, baseline=[])

    monkeypatch.setattr(balance, "advise", advise)
    args = ["balance", str(root), "-g", "10", "--quality", "5", "--workers", "1"]
    res = CliRunner().invoke(app, [*args, "-o", str(tmp_path / "p.json"), "--apply"])
    assert res.exit_code == 0, res.output
    assert "proposal: captain strength 7 -> 6" in res.output
    assert "not confirmed: captain (on the fresh games not an outlier unchanged" in res.output
    assert "nothing applied" in res.output
    assert (root / "crew.yaml").read_text(encoding="utf-8") == crew
    assert not (root / "crew.yaml.bak").exists()
    assert json.loads((tmp_path / "p.json").read_text())["confirmed"] is False


@pytest.mark.slow
def test_cli_balance_writes_the_profile_and_the_report(tmp_path):
    out, report = tmp_path / "p.json", tmp_path / "r.html"
    args = ["balance", str(HARBOUR), "-g", "20", "--budget", "1", "--workers", "1"]
    res = CliRunner().invoke(app, [*args, "-o", str(out), "--report", str(report)])
    assert res.exit_code == 0, res.output
    got = json.loads(out.read_text())
    assert got["players"] == 2 and set(got["profile"]) == {"2"}
    q = got["profile"]["2"]["quality"]
    assert q["games"] == 20 and 0 <= q["decisiveness"] <= 1
    assert len(got["baseline"]) == len(got["profile"]["2"]["designs"]) > 0
    assert "Game quality by player count" in report.read_text()
    bad = CliRunner().invoke(app, [*args, "--report", str(tmp_path / "r.txt")])
    assert bad.exit_code == 2 and ".html or .pdf" in bad.output


@pytest.mark.slow
def test_only_the_farthest_outliers_are_raced(tmp_path):
    root = planted(tmp_path)
    # the captain wins 90% against a limit of 60%; the stevedore is chosen 0.4% against 5%
    p = advise(root, fake_run, valid=is_valid, games=100, seed=1, budget=600, most=1)
    assert {s["card"] for s in p.searched} == {"captain"}
    assert {c.card for c in p.changes} == {"captain"}
    assert [o.card for o in p.after] == ["stevedore"]


def test_a_misspelt_card_to_race_is_refused_with_the_closest_id():
    res = CliRunner().invoke(app, ["balance", str(HARBOUR), "--card", "captian"])
    assert res.exit_code == 2, res.output
    assert "no card 'captian'" in res.output and "did you mean 'captain'?" in res.output


@pytest.mark.slow
def test_only_the_named_designs_outliers_are_raced(tmp_path):
    root = planted(tmp_path)
    p = advise(root, fake_run, valid=is_valid, games=100, seed=1, budget=600, cards=["stevedore"])
    assert {s["card"] for s in p.searched} == {"stevedore"}
    assert {c.card for c in p.changes} == {"stevedore"}
    assert [o.card for o in p.after] == ["captain"]
