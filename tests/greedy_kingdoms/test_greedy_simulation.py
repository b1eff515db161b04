"""Greedy Kingdoms' simulation figures (the first Attacker as the kit's first player, the
Characters' attacks) add up and do not depend on how the games are chunked; the search bot
considers the greedy bot's best commits and places the winning Royal Palace at once."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardgen.catalogue.loader import load_catalogue
from cardgen.cli import app
from cardgen.engine import Setup
from cardgen.engine.bots import make_bot
from cardgen.engine.simulation import KitSimulation, seat_sides, simulate
from cardgen.packs.greedy_kingdoms.engine import ENGINE
from cardgen.packs.greedy_kingdoms.engine.actions import PALACE
from cardgen.packs.greedy_kingdoms.engine.ai import COMMIT_WIDTH, evaluate, search_actions
from cardgen.packs.greedy_kingdoms.engine.state import COMMIT_PHASE
from cardgen.simulate.spec import SimSpec

CARDS = Path(__file__).resolve().parents[2] / "games" / "greedy-kingdoms" / "cards"
CAT = load_catalogue(CARDS)
SIM = KitSimulation(ENGINE)
SPEC = SimSpec(games=120, players=2, matchups=(seat_sides(2),), bots="random", seed=3)


def test_counters_add_up_and_do_not_depend_on_chunks() -> None:
    one = simulate(CAT, SPEC, chunk_size=120, simulation=SIM)
    many = simulate(CAT, SPEC, chunk_size=7, simulation=SIM)
    assert one.counters == many.counters
    s = SIM.summarise(one, CAT)
    first = s["first_player"]  # the kit's, from the first_attacker event
    assert first["games"] == 120
    assert first["decided"] + one.counters[one.layout.at("total", 0, "shared_wins")] <= 120
    assert 0 <= first["first_wins"] <= first["decided"]
    # each battle commits three Characters per side, at most one battle per turn
    attacks = sum(c["attacks_per_game"] for c in s["tallies"]) * 120
    defences = sum(c["defences_per_game"] for c in s["tallies"]) * 120
    assert round(attacks) == round(defences)
    assert round(attacks) <= 3 * s["length"]["mean"] * 120
    for c in s["tallies"]:
        if c["attacks_per_game"]:
            assert abs(c["paid_rate"] + c["unpaid_rate"] + c["failed_rate"] - 1) < 0.01
    # the kit's per-design figures: every decided game places at least two palaces
    designs = {d["card"]: d for d in s["designs"]}
    assert designs["royal-palace"]["played"] >= 2 * first["decided"]
    assert designs["ordinary-cook"]["played"] == round(
        120 * next(c["attacks_per_game"] for c in s["tallies"] if c["design"] == "ordinary-cook")
    )


def test_cli_simulate_reports_the_first_player_and_the_characters(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    args = ["simulate", str(CARDS), "--games", "40", "--bots", "greedy", "--seed", "2"]
    res = CliRunner().invoke(app, [*args, "--report", str(out)])
    assert res.exit_code == 0, res.output
    assert "First player" in res.output and "Characters" in res.output
    html = out.read_text()
    assert "Characters: attacks paid in full" in html and "Card designs" in html
    assert SIM.bots == ("random", "greedy", "search")


def _at_the_first_commit(seed: int):
    st = ENGINE.new_game(CAT, Setup(2)).new_initial_state(seed)
    st.apply_chance(0)
    bots = [make_bot(ENGINE, st.game, "random", p) for p in (0, 1)]
    while st.phase != COMMIT_PHASE:
        st.apply({p: bots[p].choose(st, p) for p in st.movers()})
    return st


def test_the_search_considers_the_greedy_bots_best_commits() -> None:
    st = _at_the_first_commit(9)
    assert st.movers() == [0, 1]
    narrowed = search_actions(st, 0)
    assert len(narrowed) == COMMIT_WIDTH < len(st.legal_actions(0))
    assert set(narrowed) <= set(st.legal_actions(0))
    assert 0.1 < evaluate(st, 0) < 0.9
    bot = make_bot(ENGINE, st.game, "search", 1)
    assert bot.choose(st, 0) in narrowed


def test_search_bot_places_the_winning_palace_at_once() -> None:
    st = ENGINE.new_game(CAT, Setup(2)).new_initial_state(0)
    chips = {"honor": 9, "gold": 5, "food": 5, "land": 5}
    ENGINE.arrange(
        st,
        {
            "phase": "develop",
            "turn": 1,
            "players": {0: {"resources": chips, "kingdom": ["royal-palace"]}},
        },
    )
    assert search_actions(st, 0) == [PALACE]
    assert make_bot(ENGINE, st.game, "search", 3).choose(st, 0) == PALACE
