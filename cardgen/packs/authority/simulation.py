"""Authority's balance simulation (``SIMULATION``, a :class:`cardgen.simulate.Simulation`):
faction win rates, the first player's advantage and game length, over seeded bot games.

A seat's side is the faction it chooses (the market deck holds the chosen factions, so every
player may recruit any of them); its score is its Monarch's HP at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cardgen.simulate.protocol import GameRecord, GameSpec
from cardgen.simulate.report_model import Section, Table, ci, pct
from cardgen.simulate.spec import SimSpecError
from cardgen.simulate.stats import Block, interval, ratio, rounded

#: game length histogram: turns in bins of this width
BIN = 5
FACTION_FIELDS = ("recruits", "kills", "monarch_damage", "turns_alive")
LENGTH_FIELDS = ("games", "turns", "turns_sq", "limit")


def _bins(limit: int) -> tuple[str, ...]:
    return tuple(f"{lo}-{lo + BIN - 1}" for lo in range(1, limit + 1, BIN))


class AuthorityTable:
    """The compiled set-up of a run (picklable): plays one game per :class:`GameSpec`."""

    def __init__(self, catalogue, spec, layout) -> None:
        self.catalogue = catalogue
        self.spec = spec
        self.layout = layout
        self._games: dict[tuple[str, ...], Any] = {}

    def __getstate__(self) -> dict:
        return {"catalogue": self.catalogue, "spec": self.spec, "layout": self.layout}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["catalogue"], state["spec"], state["layout"])

    def game(self, sides: tuple[str, ...]):
        from cardgen.packs.authority.engine import Game
        from cardgen.packs.authority.engine.log import game_settings

        g = self._games.get(sides)
        if g is None:
            settings = game_settings(self.catalogue, self.spec.options.get("teams"))
            g = self._games[sides] = Game(
                self.catalogue, sides, log_events=False, settings=settings
            )
        return g

    def warnings(self) -> list[str]:
        from cardgen.packs.authority.engine import GameSetupError

        try:
            for m in self.spec.matchups:
                self.game(tuple(m))
        except GameSetupError as exc:
            raise SimSpecError(str(exc)) from None
        return []

    def play(self, game: GameSpec, counters: list[int]) -> GameRecord:
        from cardgen.packs.authority.engine import Act, decode, make_bot

        st = self.game(tuple(game.sides)).new_initial_state(seed=game.seed)
        bots = [make_bot(b, s) for b, s in zip(game.bots, game.bot_seeds, strict=True)]
        n = st.n
        recruits, kills, damage = [0] * n, [0] * n, [0] * n
        alive_turns = [0] * n
        while not st.is_terminal():
            seat = st.current
            hp = [p.hp for p in st.players]
            action = bots[seat].step(st, seat)
            kind = decode(action).kind
            st.apply_action(action)
            if kind in (Act.BUY, Act.BUY_GENERAL):
                recruits[seat] += 1
            elif kind is Act.STRIKE:
                kills[seat] += 1
            elif kind is Act.END:
                alive_turns[seat] += 1
            damage[seat] += sum(
                max(0, h - max(p.hp, 0)) for h, p in zip(hp, st.players, strict=True)
            )
        L = self.layout
        sides = L.labels("faction")
        for s in range(n):
            k = L.start("faction", sides.index(game.sides[s]))
            for j, v in enumerate((recruits[s], kills[s], damage[s], alive_turns[s])):
                counters[k + j] += v
        k = L.start("length", 0)
        limit = len(st.standing()) > 1  # ended by the turn limit (two teams still standing)
        for j, v in enumerate((1, st.turn, st.turn * st.turn, int(limit))):
            counters[k + j] += v
        counters[L.start("turns", min((st.turn - 1) // BIN, len(L.labels("turns")) - 1))] += 1
        return GameRecord(
            winners=tuple(s in st.winners for s in range(n)),
            scores=tuple(max(p.hp, 0) for p in st.players),
            ranks=tuple(st.ranks()),
            state=st,
        )


class AuthoritySimulation:
    """Seeded bot games of Authority: a faction per seat, the Monarch's HP as the score."""

    name = "Authority"
    bots = ("random", "greedy", "ismcts")
    options: Mapping[str, Any] = MappingProxyType({"teams": False})
    side = "faction"
    score = "hp"
    chunk_sizes: Mapping[str, int] = MappingProxyType(
        {"random": 50, "greedy": 20, "ismcts": 1, "mixed": 2}
    )
    summary_order = ("factions", "length", "first_player", "seats", "bots", "versus")
    report_order = ("factions", "first_player", "length", "seats", "bots", "versus")

    def sides(self, catalogue) -> tuple[str, ...]:
        return tuple(catalogue.rules.market_faction_ids)

    def recommended_sides(self, catalogue, players: int) -> tuple[str, ...]:
        return tuple(self.sides(catalogue))  # the rules recommend no subset

    def blocks(self, catalogue, spec) -> tuple[Block, ...]:
        return (
            Block("faction", self.sides(catalogue), FACTION_FIELDS),
            Block("length", ("all",), LENGTH_FIELDS),
            Block("turns", _bins(catalogue.rules.turn_limit), ("games",)),
        )

    def prepare(self, catalogue, spec, layout) -> AuthorityTable:
        return AuthorityTable(catalogue, spec, layout)

    def summarise(self, result, catalogue) -> dict[str, Any]:
        return summarise(result, catalogue)

    def describe(self, spec: Mapping[str, Any]) -> str:
        if not spec.get("teams"):
            return ""
        return (
            ", 2 vs. 2 (P1 and P3 against P2 and P4: a team's win counts for both its seats, "
            "so a seat's fair share is 50 %)"
        )

    def report(self, summary: dict, *, figures: bool) -> dict[str, Section]:
        return sections(summary)

    def __reduce__(self) -> str:
        return "SIMULATION"


def summarise(result, catalogue) -> dict[str, Any]:
    """The factions (win rate, HP, recruits, kills, Monarch damage per game), the first
    player's advantage and the game length (mean, sd, median, share cut by the turn limit)."""
    from cardgen.simulate.report import side_summary

    L, C = result.layout, result.counters
    names = {f.id: f.name for f in catalogue.rules.factions} if catalogue is not None else {}
    factions = []
    for k, fid in enumerate(L.labels("faction")):
        core = side_summary(result, L.labels("side").index(fid), "hp")
        if core is None:
            continue
        v = L.row(C, "faction", k)
        n = core["games"]
        factions.append(
            {"faction": fid, "name": names.get(fid, fid)}
            | core
            | {f"{f}_mean": rounded(v[f] / n) for f in FACTION_FIELDS}
        )
    seat1 = L.row(C, "seat", 0)
    players = len(L.labels("seat"))
    teams = result.spec.options.get("teams")
    first = {
        "players": players,
        "fair": rounded(0.5 if teams else 1 / players),  # 2 vs. 2: the first player's team
        "games": seat1["games"],
        "win_rate": rounded(ratio(seat1["wins"], seat1["games"])),
        "win_ci": interval(seat1["wins"], seat1["games"]),
    }
    v = L.row(C, "length", 0)
    n = v["games"]
    mean = ratio(v["turns"], n)
    bins = [L.row(C, "turns", i)["games"] for i in range(len(L.labels("turns")))]
    half, seen, median_bin = n / 2, 0, ""
    for label, count in zip(L.labels("turns"), bins, strict=True):
        seen += count
        if seen >= half and count:
            median_bin = label
            break
    length = {
        "games": n,
        "turns_mean": rounded(mean),
        "turns_sd": rounded(max(0.0, ratio(v["turns_sq"], n) - mean * mean) ** 0.5),
        "turns_median_bin": median_bin,
        "rounds_mean": rounded(mean / players),
        "turn_limit_share": rounded(ratio(v["limit"], n)),
        "histogram": {label: c for label, c in zip(L.labels("turns"), bins, strict=True) if c},
    }
    return {"factions": factions, "first_player": first, "length": length}


def sections(summary: dict) -> dict[str, Section]:
    """The report's own tables: factions, the first player, game length."""
    head = ("faction", "games", "win rate", "95% CI", "HP left", "recruits", "kills", "damage")
    rows = tuple(
        (
            f["name"],
            str(f["games"]),
            pct(f["win_rate"]),
            ci(f["win_ci"]),
            f"{f['hp_mean']:.1f}",
            f"{f['recruits_mean']:.1f}",
            f"{f['kills_mean']:.1f}",
            f"{f['monarch_damage_mean']:.1f}",
        )
        for f in summary.get("factions", [])
    )
    factions = Table(
        "factions",
        "Factions",
        "Win rate of the seat that chose the faction (everyone may recruit every chosen "
        "faction's units), with its 95% Wilson interval; per game: HP left, units recruited, "
        "defenders killed, damage dealt to Monarchs.",
        head,
        rows,
    )
    fp = summary.get("first_player", {})
    first = Table(
        "first_player",
        "First player",
        "The first player draws 3 units, the others 4.",
        ("players", "games", "first player's win rate", "95% CI", "fair share"),
        (
            (
                str(fp.get("players", "")),
                str(fp.get("games", "")),
                pct(fp.get("win_rate", 0.0)),
                ci(fp.get("win_ci", [0.0, 1.0])),
                pct(fp.get("fair", 0.0)),
            ),
        ),
    )
    ln = summary.get("length", {})
    length = Table(
        "length",
        "Game length",
        f"Turns per game (a turn is one player's); the median is given as its bin of {BIN} turns.",
        ("games", "mean turns", "sd", "median", "rounds", "cut by the turn limit"),
        (
            (
                str(ln.get("games", "")),
                f"{ln.get('turns_mean', 0):.1f}",
                f"{ln.get('turns_sd', 0):.1f}",
                str(ln.get("turns_median_bin", "")),
                f"{ln.get('rounds_mean', 0):.1f}",
                pct(ln.get("turn_limit_share", 0.0)),
            ),
        ),
    )
    return {
        "factions": Section("factions", tables=(factions,)),
        "first_player": Section("first_player", tables=(first,)),
        "length": Section("length", tables=(length,)),
    }


SIMULATION = AuthoritySimulation()

__all__ = ["SIMULATION", "AuthoritySimulation"]
