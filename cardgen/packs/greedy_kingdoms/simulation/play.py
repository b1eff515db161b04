"""Greedy Kingdoms' game table (one seeded game per call, its counters added up), its summary
sections and its report sections."""

from __future__ import annotations

import math

from cardgen.catalogue.loader import Catalogue
from cardgen.packs.greedy_kingdoms.engine.bots import make_bot, play_game
from cardgen.packs.greedy_kingdoms.engine.game import Game
from cardgen.packs.greedy_kingdoms.engine.state import DEFENDED, DRAW, FAILED, PAID, UNPAID
from cardgen.simulate.batch import SimResult
from cardgen.simulate.protocol import GameRecord, GameSpec
from cardgen.simulate.report_model import Section, Table, ci, pct, rate_bars
from cardgen.simulate.spec import SimSpec
from cardgen.simulate.stats import Block, Layout, interval, ratio, rounded

#: per game: games, turns and their squares, draws, first Attacker's wins, Upgrades bought,
#: promotions
GAME_FIELDS = ("games", "turns", "turns_sq", "draws", "first_wins", "bought", "promotions")
UPGRADE_FIELDS = ("offered", "bought", "bought_by_winner")
CHARACTER_FIELDS = ("attacks", "paid", "unpaid", "failed", "defences", "games_played")
_OUTCOME_FIELD = {PAID: "paid", UNPAID: "unpaid", FAILED: "failed", DEFENDED: "defences"}


def _character_ids(catalogue: Catalogue) -> tuple[str, ...]:
    return tuple(c.id for c in catalogue if c.is_character)


def _upgrade_ids(catalogue: Catalogue) -> tuple[str, ...]:
    return tuple(c.id for c in catalogue if not c.is_character)


def blocks(catalogue: Catalogue) -> tuple[Block, ...]:
    """The counters of Greedy Kingdoms beyond the core's."""
    return (
        Block("game", ("all",), GAME_FIELDS),
        Block("upgrade", _upgrade_ids(catalogue), UPGRADE_FIELDS),
        Block("character", _character_ids(catalogue), CHARACTER_FIELDS),
    )


class Simulator:
    """Plays the games of a :class:`SimSpec` (the simulation's game table); picklable."""

    def __init__(self, catalogue: Catalogue, spec: SimSpec, layout: Layout) -> None:
        self.catalogue = catalogue
        self.spec = spec
        self.layout = layout
        self._game: Game | None = None

    def __getstate__(self) -> dict:
        return {"catalogue": self.catalogue, "spec": self.spec, "layout": self.layout}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["catalogue"], state["spec"], state["layout"])

    @property
    def game(self) -> Game:
        if self._game is None:
            self._game = Game(self.catalogue)
        return self._game

    def warnings(self) -> list[str]:
        return []

    def play(self, spec: GameSpec, C: list[int]) -> GameRecord:
        """Play game ``spec`` to the end, adding its numbers to ``C``."""
        g, L = self.game, self.layout
        st = g.new_initial_state(spec.seed, log_events=False)
        bots = [make_bot(b, s) for b, s in zip(spec.bots, spec.bot_seeds, strict=True)]
        play_game(st, bots)
        at = L.at
        C[at("game", 0, "games")] += 1
        C[at("game", 0, "turns")] += st.turn
        C[at("game", 0, "turns_sq")] += st.turn * st.turn
        C[at("game", 0, "draws")] += st.winner == DRAW
        C[at("game", 0, "first_wins")] += st.winner == st.first_attacker
        C[at("game", 0, "bought")] += len(st.bought)
        C[at("game", 0, "promotions")] += st.promotions
        ups = L.labels("upgrade")
        index = {u.card_id: ups.index(u.card_id) for u in g.upgrades}
        for u in st.offered:
            C[at("upgrade", index[g.upgrades[u].card_id], "offered")] += 1
        for p, k in enumerate(st.kingdom):
            for u in k:
                item = index[g.upgrades[u].card_id]
                C[at("upgrade", item, "bought")] += 1
                C[at("upgrade", item, "bought_by_winner")] += st.winner == p
        chars = L.labels("character")
        seen: set[int] = set()
        for _seat, n, special, outcome in st.played:
            ch = g.special[n] if special else g.ordinary[n]
            item = chars.index(ch.card_id)
            if outcome != DEFENDED:
                C[at("character", item, "attacks")] += 1
            C[at("character", item, _OUTCOME_FIELD[outcome])] += 1
            seen.add(item)
        for item in seen:
            C[at("character", item, "games_played")] += 1
        winners = tuple(st.winner == p for p in (0, 1))
        ranks = (1, 1) if st.winner == DRAW else tuple(1 if w else 2 for w in winners)
        return GameRecord(winners, tuple(st.palaces), ranks, st)


def summarise(result: SimResult, catalogue: Catalogue | None) -> dict:
    """The summary sections: first player, game length, Upgrades, Characters."""
    L, C = result.layout, result.counters
    v = L.row(C, "game", 0)
    n = v["games"]
    decided = n - v["draws"]
    mean = ratio(v["turns"], n)
    sd = math.sqrt(max(0.0, ratio(v["turns_sq"], n) - mean * mean))
    first = {
        "games": n,
        "decided": decided,
        "draws": v["draws"],
        "first_attacker_wins": v["first_wins"],
        "first_attacker_win_rate": rounded(ratio(v["first_wins"], decided)),
        "first_attacker_ci": interval(v["first_wins"], decided) if decided else [0.0, 0.0],
    }
    length = {
        "turns_mean": rounded(mean),
        "turns_sd": rounded(sd),
        "upgrades_bought_per_game": rounded(ratio(v["bought"], n)),
        "promotions_per_game": rounded(ratio(v["promotions"], n)),
    }
    names = {c.id: c.name for c in catalogue} if catalogue is not None else {}
    upgrades = []
    for k, uid in enumerate(L.labels("upgrade")):
        u = L.row(C, "upgrade", k)
        upgrades.append(
            {
                "upgrade": uid,
                "name": names.get(uid, uid),
                "offered_per_game": rounded(ratio(u["offered"], n)),
                "bought_per_game": rounded(ratio(u["bought"], n)),
                "buy_rate": rounded(ratio(u["bought"], u["offered"])) if u["offered"] else None,
                "bought_by_winner": rounded(ratio(u["bought_by_winner"], u["bought"])),
            }
        )
    characters = []
    for k, cid in enumerate(L.labels("character")):
        c = L.row(C, "character", k)
        characters.append(
            {
                "character": cid,
                "name": names.get(cid, cid),
                "attacks_per_game": rounded(ratio(c["attacks"], n)),
                "defences_per_game": rounded(ratio(c["defences"], n)),
                "paid_rate": rounded(ratio(c["paid"], c["attacks"])),
                "unpaid_rate": rounded(ratio(c["unpaid"], c["attacks"])),
                "failed_rate": rounded(ratio(c["failed"], c["attacks"])),
                "games_played": rounded(ratio(c["games_played"], n)),
            }
        )
    return {
        "first_player": first,
        "length": length,
        "upgrades": upgrades,
        "characters": characters,
    }


def sections(summary: dict, *, figures: bool = True) -> dict[str, Section]:
    """The game's report sections of ``summary``."""
    f, g = summary["first_player"], summary["length"]
    first = Table(
        "first_player",
        "First player",
        "Rock-Scissors-Paper picks the first Attacker; its win rate among decided games, with "
        "the 95% Wilson interval; draws are games that reached the turn limit.",
        ("", "games", "draws", "first Attacker wins", "win rate", "95% CI"),
        (
            (
                "first Attacker",
                str(f["games"]),
                str(f["draws"]),
                str(f["first_attacker_wins"]),
                pct(f["first_attacker_win_rate"]),
                ci(f["first_attacker_ci"]),
            ),
        ),
    )
    length = Table(
        "length",
        "Game length",
        "Turns per game (one turn = one player's attack); Upgrades bought and promotions.",
        ("", "turns", "sd", "Upgrades bought", "promotions"),
        (
            (
                "per game",
                f"{g['turns_mean']:.2f}",
                f"{g['turns_sd']:.2f}",
                f"{g['upgrades_bought_per_game']:.2f}",
                f"{g['promotions_per_game']:.2f}",
            ),
        ),
    )
    ups = summary["upgrades"]
    upgrades = Table(
        "upgrades",
        "Upgrades",
        "Per game: how often each Upgrade was in the line and bought; buy rate = bought / "
        "offered (the Royal Palaces are always on offer); winner = share bought by the winner.",
        ("upgrade", "offered", "bought", "buy rate", "winner"),
        tuple(
            (
                u["name"],
                f"{u['offered_per_game']:.2f}",
                f"{u['bought_per_game']:.2f}",
                pct(u["buy_rate"]) if u["buy_rate"] is not None else "-",
                pct(u["bought_by_winner"]),
            )
            for u in ups
        ),
    )
    chs = summary["characters"]
    characters = Table(
        "characters",
        "Characters",
        "Per game: times committed in attack and in defence; of the attacks the share that "
        "succeeded and was paid, succeeded unpaid, failed.",
        ("character", "attacks", "defences", "paid", "unpaid", "failed"),
        tuple(
            (
                c["name"] + f" ({c['character'].split('-')[0]})",
                f"{c['attacks_per_game']:.2f}",
                f"{c['defences_per_game']:.2f}",
                pct(c["paid_rate"]),
                pct(c["unpaid_rate"]),
                pct(c["failed_rate"]),
            )
            for c in chs
        ),
    )
    figs_u = figs_c = ()
    if figures:
        bought = [u for u in ups if u["buy_rate"] is not None]
        figs_u = (
            rate_bars(
                "Upgrades: buy rate when offered",
                [u["name"] for u in bought],
                [u["buy_rate"] for u in bought],
                name="buy rate",
            ),
        )
        figs_c = (
            rate_bars(
                "Characters: attacks paid in full",
                [c["name"] for c in chs],
                [c["paid_rate"] for c in chs],
                name="paid",
            ),
        )
    return {
        "first_player": Section("first_player", (), (first,)),
        "length": Section("length", (), (length,)),
        "upgrades": Section("upgrades", figs_u, (upgrades,)),
        "characters": Section("characters", figs_c, (characters,)),
    }
