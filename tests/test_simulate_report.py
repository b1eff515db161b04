"""Reports: summary numbers, byte-identical JSON, HTML with inline SVG, PDF with vector charts."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from conftest import pdf_texts

from cardgen.catalogue.loader import load_catalogue
from cardgen.charts import BarChart
from cardgen.engine.simulation import KitSimulation, summarise
from cardgen.engine.simulation import simulate as simulate_with
from cardgen.packs.attack_right.engine.definition import ENGINE
from cardgen.simulate import SimSpec, make_matchups
from cardgen.simulate.report import to_json
from cardgen.simulate.report_html import html_page
from cardgen.simulate.stats import wilson

SIM = KitSimulation(ENGINE)


def simulate(cat, spec, **kw):
    """The core's simulation of Attack Right on the kit."""
    return simulate_with(cat, spec, simulation=SIM, **kw)


CARDS = Path(__file__).resolve().parents[1] / "cards"


@pytest.fixture(scope="module")
def cat():
    return load_catalogue(CARDS)


@pytest.fixture(scope="module")
def result(cat):
    spec = SimSpec(games=48, players=4, matchups=make_matchups(cat.rules.deck_ids, 4), seed=3)
    return simulate(cat, spec)


@pytest.fixture(scope="module")
def summary(result, cat):
    return summarise(result, cat)


def build_figures(summary):
    return SIM.model(summary).figures


def test_summary_numbers(summary, result):
    L, C = result.layout, result.counters
    assert summary["games"] == 48
    assert [d["side"] for d in summary["sides"]] == list(L.labels("side"))
    for d in summary["sides"]:
        k = L.labels("side").index(d["side"])
        wins = C[L.at("side", k, "wins")]
        assert d["games"] == 48 and d["wins"] == wins
        assert d["win_rate"] == round(wins / 48, 4)
        assert d["win_ci"] == [round(x, 4) for x in wilson(wins, 48)]
        src = d["glory"]
        assert src["battle"] + src["coins"] + src["other"] == pytest.approx(
            d["glory_mean"], abs=3e-4
        )
        assert d["colour"].startswith("#")
    assert [s["seat"] for s in summary["seats"]] == [1, 2, 3, 4]
    (bot,) = summary["bots"]
    assert (bot["bot"], bot["seats"]) == ("random", 192)
    assert bot["wins"] == sum(s["wins"] for s in summary["seats"])
    cards = {c["card"]: c for c in summary["designs"] if c["dealt"]}
    assert len(cards) == len(L.labels("design"))  # every card is dealt in 48 games
    for c in cards.values():
        assert 0 <= c["play_rate"] <= 1 and 0 <= c["unplayable_rate"] <= 1
        assert 1 <= c["mean_position"] <= 7 or c["drawn"] == 0
    rounds = [r for r in summary["periods"] if r["side"] == "all"]
    assert [r["period"] for r in rounds] == ["1", "2", "3", "4"]
    assert [r["group"] for r in rounds] == ["spring", "spring", "fall", "fall"]
    assert rounds[-1]["glory_mean"] == pytest.approx(
        sum(d["glory_mean"] for d in summary["sides"]) / 4, abs=1e-3
    )
    for d in summary["sides"]:  # the coins at the last round's end are the end coins
        last = next(r for r in summary["periods"] if r["side"] == d["side"] and r["period"] == "4")
        assert d["end"]["coins"] == last["coins_mean"]
    assert len(summary["versus"]) == 12


def test_json_is_deterministic_and_has_no_timings(cat, result, summary):
    again = summarise(simulate(cat, result.spec, workers=2, chunk_size=5), cat)
    assert to_json(again) == to_json(summary)
    text = to_json(summary)
    assert json.loads(text)["format"] == "cardgen-simulation/1"
    assert not re.search(r"time|elapsed|second|date", text, re.I)


def test_table_text(summary):
    text = SIM.table(summary)
    for word in ("Decks", "Seats", "Rounds", "Cards", "battle", "95% CI", "never affordable"):
        assert word in text
    heads = {h for t in SIM.model(summary, figures=False).tables for h in t.head}
    for word in ("season", "drafted", "coins left", "tableau cards", "attack power"):
        assert word in heads  # the pack's declared names of the figures


def test_report_charts(summary):
    """The report's charts: win rates with their Wilson intervals and the fair share, glory by
    source stacked, one line per deck over the rounds."""
    charts = {c.title.split(" (")[0]: c for c in build_figures(summary)}
    decks = charts["Win rate per deck"]
    (rates,) = decks.series
    assert decks.categories == tuple(d["side"] for d in summary["sides"])
    assert rates.values == tuple(d["win_rate"] for d in summary["sides"])
    assert rates.intervals == tuple(tuple(d["win_ci"]) for d in summary["sides"])
    assert rates.colours == tuple(d["colour"] for d in summary["sides"])
    assert decks.reference == summary["fair_share"] and decks.percent and decks.horizontal
    glory = charts["Average glory per game by source"]
    assert glory.stacked and [s.name for s in glory.series] == [
        "battles",
        "end coins",
        "card effects",
    ]
    coins = charts["Coins after each round"]
    assert coins.xs == (1, 2, 3, 4) and coins.x_label == "round"
    assert [s.name for s in coins.series] == [*(d["side"] for d in summary["sides"]), "all"]
    assert charts["Attack power in each round"].xs == (1, 2, 3, 4)


def test_html_report(summary, tmp_path):
    html = html_page(SIM.model(summary))
    assert html == html_page(SIM.model(summary))
    n_figs = len(build_figures(summary))
    assert n_figs >= 10
    assert html.count("<svg") == n_figs and html.count("</svg>") == n_figs
    # a bar for every value above 0, each with its tooltip
    charts = [c for c in build_figures(summary) if isinstance(c, BarChart)]
    bars = sum(1 for c in charts for s in c.series for v in s.values if v > 0)
    assert html.count('class="bar"') == bars and "<title>battle: " in html
    assert ' id="' not in html  # many charts on one page: no ids to clash
    assert "<img" not in html and "<script" not in html  # self-contained, no JS
    assert "battle-" in html and "Win rate per deck" in html
    out = SIM.write_report(summary, tmp_path / "r.html")
    assert out.read_text(encoding="utf-8") == html


def test_writers_lay_out_one_model(summary):
    from html import escape

    model = SIM.model(summary)
    keys = [t.key for t in model.tables]
    assert keys[:3] == ["length", "quality", "seats"]  # the kit's figures, then the game's
    game = ["targets", "sides", "majority", "shares", "periods", "period_groups", "draws"]
    assert [k for k in keys if k in game] == game and "versus" in keys
    assert len(model.figures) == len(build_figures(summary))
    assert SIM.model(summary, figures=False).figures == ()
    assert model.title.startswith("Attack Right balance report: 48 games")
    text, html = SIM.table(summary, width=250), html_page(SIM.model(summary))
    assert model.intro.split(";")[0] in text and escape(model.intro) in html
    for t in model.tables:
        assert all(len(row) == len(t.head) for row in t.rows)
        assert t.title in text and escape(t.title) in html
        for row in t.rows[:3]:
            cells = row[:2] if t.key == "targets" else row  # long sentences wrap in text
            assert all(c in text for c in cells) and all(escape(c) in html for c in row)


def test_pdf_report(summary, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    a = SIM.write_report(summary, tmp_path / "a.pdf").read_bytes()
    b = SIM.write_report(summary, tmp_path / "b.pdf").read_bytes()
    assert a == b and a.startswith(b"%PDF")
    reader = pypdf.PdfReader(io.BytesIO(a))
    pages = pdf_texts(a)
    assert len(reader.pages) == len(pages) >= 4
    text = "".join(pages)
    assert "Win rate per deck" in text and "battle-" in text
    assert all(title in text for title in ("Decks", "Seats", "Rounds", "Deck versus deck"))
    # charts are vector drawings: no raster images anywhere
    assert all(not p.images for p in reader.pages)


def test_measures_that_can_fail(summary, result):
    """Deck-majority groups, deck shares, per-design play shares and the economy add up to the
    counters, and each target's verdict follows its figure."""
    L = result.layout
    players = 48 * 4
    groups = summary["majority"]
    assert sum(g["games"] for g in groups) == players
    assert sum(g["wins"] for g in groups) == sum(d["wins"] for d in summary["sides"])
    for g in groups:
        assert g["win_ci"] == [round(x, 4) for x in wilson(g["wins"], g["games"])]
        assert g["vs_fair"] == pytest.approx(g["win_rate"] - 0.25, abs=1e-4)
    for deck in L.labels("side"):  # every player falls in one share bin of every deck
        assert sum(r["games"] for r in summary["shares"] if r["group"] == deck) == players
    cards = [c for c in summary["designs"] if c["dealt"]]
    for c in cards:
        assert c["games_played"] <= c["games_drawn"] <= 48 * 4
        assert c["played_share"] == round(c["games_played"] / c["games_drawn"], 4)
        lo, hi = c["played_share_ci"]
        assert lo <= c["played_share"] <= hi
        lo, hi = c["position_ci"]
        assert 1 <= c["mean_position"] <= 7 and lo <= c["mean_position"] <= hi
    econ = {e["period"]: e for e in summary["periods"] if e["side"] == "all"}
    econ |= {e["group"]: e for e in summary["period_groups"]}
    assert [econ[str(r)]["seats"] for r in (1, 2, 3, 4)] == [players] * 4
    assert [econ[str(r)]["samples"] for r in (1, 2, 3, 4)] == [players] * 4
    played = sum(c["played"] for c in cards)
    assert sum(econ[str(r)]["played_mean"] * players for r in (1, 2, 3, 4)) == (
        pytest.approx(played, abs=0.05)
    )
    assert econ["spring"]["seats"] == econ["fall"]["seats"] == 2 * players
    assert econ["spring"]["slots_mean"] == 6 and econ["fall"]["slots_mean"] == 7
    targets = {t["target"].split()[0]: t for t in summary["targets"]}
    assert len(summary["targets"]) == 6
    spring = next(t for t in summary["targets"] if "spring" in t["target"])
    assert spring["ok"] == (econ["spring"]["played_mean"] >= 2.5)
    adv = summary["seat_advantage"]
    best = max(summary["seats"], key=lambda s: s["win_rate"])
    assert adv["win_rate"] == best["win_rate"]
    assert adv["advantage"] == pytest.approx(best["win_rate"] - 0.25, abs=1e-4)
    seat = next(t for t in summary["targets"] if t["target"].startswith("seat"))
    assert seat["ok"] == (adv["advantage"] < 0.03)
    every = targets["every"]
    dead = [c for c in cards if c["games_drawn"] >= 20 and c["played_share"] < 0.15]
    assert every["ok"] == (not dead)


def test_verdicts_pass_and_fail_with_the_targets(result, summary):
    """The same games judged against a lax and a strict set of targets."""
    from cardgen.packs.attack_right.simulation.balance import verdicts
    from cardgen.packs.attack_right.simulation.targets import load_targets

    # lax: every share at least 0, every margin 1; strict: at least 100 %, every margin 0
    common = dict(min_drafted_games=1, dominant_min_games=1, majority_min_games=1)
    lax, strict = (
        load_targets().model_copy(
            update=common
            | dict(play_share_min=1 - m, dominant_margin=m, majority_margin=m, seat_margin=m)
            | {"cards_per_round": {"spring": 9 * (1 - m), "fall": 9 * (1 - m)}}
        )
        for m in (1.0, 0.0)
    )
    assert all(v["ok"] is True for v in verdicts(result, summary, lax))
    assert all(v["ok"] is False for v in verdicts(result, summary, strict))


def test_first_game_mode_has_every_measure(cat):
    """The first game (no ★ cards, 6-card hands) reports the same measures, and no ★ design."""
    spec = SimSpec(
        games=12,
        players=4,
        matchups=make_matchups(cat.rules.deck_ids, 4),
        bots="greedy",
        seed=5,
        options={"first_game": True},
    )
    summary = summarise(simulate(cat, spec), cat)
    stars = {c.id for c in cat.cards if c.star}
    dealt = {c["card"] for c in summary["designs"] if c["dealt"]}
    assert dealt and not stars & dealt
    assert sum(g["games"] for g in summary["majority"]) == 12 * 4
    assert {e["group"] for e in summary["period_groups"]} == {"spring", "fall"}
    assert len(summary["targets"]) == 6 and summary["seat_advantage"]["games"] == 12
    assert "first game" in SIM.model(summary).intro
