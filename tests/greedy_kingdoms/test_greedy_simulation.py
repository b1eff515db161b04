"""Greedy Kingdoms' simulation: the counters add up, the results do not depend on how the
games are chunked, the summary and report have the first-player and length sections, and the
search bot plays through the generic ISMCTS adapter."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardgen.catalogue.loader import load_catalogue
from cardgen.cli import app
from cardgen.packs.greedy_kingdoms.engine import Game, make_bot, play_game
from cardgen.packs.greedy_kingdoms.engine.search import GreedyKingdomsAdapter, evaluate
from cardgen.packs.greedy_kingdoms.simulation import SIMULATION
from cardgen.packs.greedy_kingdoms.simulation.play import summarise
from cardgen.simulate.batch import simulate
from cardgen.simulate.spec import SimSpec

CARDS = Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms" / "cards"
CAT = load_catalogue(CARDS)
SPEC = SimSpec(games=120, players=2, matchups=(("north", "south"),), bots="random", seed=3)


def test_counters_add_up_and_do_not_depend_on_chunks() -> None:
    one = simulate(CAT, SPEC, chunk_size=120)
    many = simulate(CAT, SPEC, chunk_size=7)
    assert one.counters == many.counters
    s = summarise(one, CAT)
    first = s["first_player"]
    assert first["games"] == 120
    assert first["decided"] + first["draws"] == 120
    assert 0 <= first["first_attacker_wins"] <= first["decided"]
    # each battle commits three Characters per side, at most one battle per turn
    attacks = sum(c["attacks_per_game"] for c in s["characters"]) * 120
    defences = sum(c["defences_per_game"] for c in s["characters"]) * 120
    assert round(attacks) == round(defences)
    assert round(attacks) <= 3 * s["length"]["turns_mean"] * 120
    palaces = next(u for u in s["upgrades"] if u["upgrade"] == "royal-palace")
    assert palaces["bought_per_game"] >= 2 * first["decided"] / 120 - 1e-9
    for c in s["characters"]:
        if c["attacks_per_game"]:
            assert abs(c["paid_rate"] + c["unpaid_rate"] + c["failed_rate"] - 1) < 0.01


def test_cli_simulate_reports_first_player_and_length(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    args = ["simulate", str(CARDS), "--games", "40", "--bots", "greedy", "--seed", "2"]
    res = CliRunner().invoke(app, [*args, "--report", str(out)])
    assert res.exit_code == 0, res.output
    assert "First player" in res.output and "Game length" in res.output
    html = out.read_text()
    assert "Upgrades: buy rate when offered" in html and "Characters" in html
    assert SIMULATION.bots == ("random", "greedy", "ismcts")


def test_search_adapter_and_bot() -> None:
    game = Game(CAT)
    st = game.new_initial_state(9, log_events=False)
    st.apply_chance(0)
    ad = GreedyKingdomsAdapter()
    assert ad.movers(st) == [1]  # the initial Defender chooses first
    while st.phase != 4:  # to the first commit: both players move at once
        ad.apply(st, {p: ad.policy(st, p, make_bot("random", 0).rng) for p in ad.movers(st)})
    assert ad.movers(st) == [0, 1]
    assert len(ad.legal(st, 0)) == 8 < len(st.legal_actions(0))  # the greedy's best commits
    assert set(ad.legal(st, 0)) <= set(st.legal_actions(0))
    assert 0.0 < evaluate(st, 0) < 1.0
    bot = make_bot("ismcts", 1)
    bot.bot.iterations = 8
    assert bot.step(st, 0) in ad.legal(st, 0)
    # a whole (short) game with the search bot in one seat finishes and replays the same
    settings = CAT.rules.settings.model_copy(update={"turn_limit": 4})
    short = Game(CAT, settings=settings)
    a = play_game(short.new_initial_state(5), [bot, make_bot("greedy", 2)])
    assert a.is_terminal() and a.turn <= 4
