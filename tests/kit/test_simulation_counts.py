"""The simulation's per-design counters of every game on the kit agree with the game's events
read as mappings: a copy drawn per ``drawn`` event, played per ``played`` event, and the
player-games (won) in which a design was played, also by seat, and the first player's win
where the rules name it.  The events are those of the same seeded game
with every event recorded (:meth:`Engine.new_game`): a simulation's game may record none and
count the figures in its metrics (:meth:`Metrics.count`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.engine.simulation import GameSpec, KitSimulation, Runner, seat_sides
from cardgen.simulate.spec import SimSpec
from tests.kit.catalogues import ids, kit_folders, load

FOLDERS = kit_folders()


@pytest.mark.parametrize("folder", FOLDERS, ids=ids(FOLDERS))
def test_design_counters_match_the_events(folder: Path, monkeypatch) -> None:
    cat, engine = load(folder)
    sim = KitSimulation(engine)
    n = engine.player_range(cat)[0]
    sides = tuple(sim.recommended_sides(cat, n))[:n] or seat_sides(n)
    spec = SimSpec(games=3, players=n, matchups=(sides,), bots="random", seed=1)
    table = Runner(sim, cat, spec)
    layout = table.layout
    table.game(sides)
    with monkeypatch.context() as m:  # the same games, every event recorded, counted by the kit
        m.setattr(engine, "simulation_game", engine.new_game)
        m.setattr(engine, "metrics", lambda: None)
        full = Runner(sim, cat, spec)
        full.game(sides)
    schema = engine.events
    drawn, played = schema.of_role("drawn"), schema.of_role("played")
    firsts = schema.of_role("first")
    counted = 0
    for g in range(3):
        C = [0] * layout.size
        game = GameSpec(g, sides, ("random",) * n, g, tuple(range(n)))
        record = table.play(game, C)
        logged = full.play(game, [0] * layout.size)
        assert logged.state.digest() == record.state.digest()
        assert logged.winners == record.winners
        want: dict[str, list[int]] = {c.id: [0, 0, 0, 0] for c in cat.cards}
        by_seat: list[set[str]] = [set() for _ in range(n)]
        for e in logged.state.events:
            doc = schema.to_dict(e)
            if doc["type"] in drawn and doc["card"] in want:
                want[doc["card"]][0] += 1
            elif doc["type"] in played and doc["card"] in want:
                want[doc["card"]][1] += 1
                by_seat[int(doc["seat"][1:]) - 1].add(doc["card"])
        for p, cards in enumerate(by_seat):
            for card in cards:
                want[card][2] += 1
                want[card][3] += record.winners[p]
        for k, c in enumerate(cat.cards):
            assert layout.row(C, "design", k) == dict(zip(("drawn", "played",
                "games_played", "wins_played"), want[c.id], strict=True)), c.id  # fmt: skip
            counted += sum(want[c.id][:2])
            for p, cards in enumerate(by_seat):  # by seat: the player-games of that seat
                played_here = c.id in cards
                assert layout.row(C, "design_seat", k * n + p) == {
                    "games_played": int(played_here),
                    "wins_played": int(played_here and record.winners[p]),
                }, (c.id, p)
        first = layout.row(C, "first", 0)
        sole = sum(record.winners) == 1
        assert first["games"] == 1 and first["decided"] <= int(sole)
        assert first["first_wins"] <= first["decided"]
        named = [schema.to_dict(e)["seat"] for e in logged.state.events if e[0] in firsts]
        if named:  # the rules choose the first player: the kit counts the seat they name
            assert first["decided"] == int(sole)
            assert first["first_wins"] == int(sole and record.winners[int(named[0][1:]) - 1])
    assert counted > 0


@pytest.mark.slow
def test_the_first_player_is_the_seat_of_the_first_decision() -> None:
    """Castle Rampage's P1 attacks first (and no event names a first player): the first
    player's wins are P1's; Harbour Bid starts with a simultaneous bid: no first player."""
    from cardgen.engine.simulation import simulate, summarise

    root = Path(__file__).resolve().parents[2] / "games"
    for game, first in (("castle-rampage", True), ("harbour-bid-data", False)):
        cat, engine = load(root / game / "cards")
        sim = KitSimulation(engine, quality_games=0)
        spec = SimSpec(games=20, players=2, matchups=(seat_sides(2),), bots="random", seed=1)
        s = summarise(simulate(cat, spec, simulation=sim), cat)
        if first:
            assert s["first_player"]["decided"] == 20 - s["shared_wins"]
            assert s["first_player"]["first_wins"] == s["seats"][0]["wins"]
        else:
            assert s["first_player"] is None
