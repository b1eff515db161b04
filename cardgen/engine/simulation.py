"""The balance simulation of every engine: :class:`KitSimulation`, a
:class:`cardgen.simulate.Simulation` made from an :class:`~cardgen.engine.definition.Engine`.

The core (:mod:`cardgen.simulate`) seeds the games, seats the bots, runs chunks on processes or
Dask and counts wins, scores and ranks per seat, bot and side. This adds what every game with
cards has, from its events: per card design, the copies **drawn** and **played**, the
player-games in which it was played and the **win rate when played** (Wilson 95 % interval),
also by seat; the **first player**'s win rate (the seat that made the game's first decision,
alone) against the fair share; and the game's **length** in decisions. A game may add its own
counters and sections (:class:`Metrics`, :meth:`Engine.metrics`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from cardgen.engine.bots import RandomBot, bot_factories, bot_names, make_bot
from cardgen.engine.chance import at_chance, settle
from cardgen.engine.definition import Engine
from cardgen.engine.errors import EngineError
from cardgen.engine.protocol import Game, State, seat_name
from cardgen.engine.quality import QUALITY_FIELDS, Course, kingmaker_choice, measure
from cardgen.engine.quality import count as count_quality
from cardgen.engine.quality import summarise as summarise_quality
from cardgen.simulate.batch import Progress, SimResult, simulate
from cardgen.simulate.protocol import GameRecord, GameSpec
from cardgen.simulate.report_model import Section, Table, ci, pct
from cardgen.simulate.spec import SimSpec, SimSpecError, make_matchups
from cardgen.simulate.stats import Block, Layout, interval, ratio, rounded

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue

DESIGN_FIELDS = ("drawn", "played", "games_played", "wins_played")
#: per design and seat (``card/seat``): the player-games it was played in, and won
DESIGN_SEAT_FIELDS = ("games_played", "wins_played")
#: the first player (the seat that makes the first decision alone, or that an event of role
#: ``first`` names): games, games with a first player and a sole winner, and of them the games
#: the first player won
FIRST_FIELDS = ("games", "decided", "first_wins")
#: the games of a run whose quality is measured (the first ones by index: the same games
#: whatever the workers; each costs a standing per seat after every decision)
QUALITY_GAMES = 30
#: a trailing seat's choice is looked ahead for kingmaking up to this many legal actions
KINGMAKER_CHOICES = 16
LENGTH_FIELDS = ("games", "steps", "steps_sq")
#: per design, over the quality games' decisions: a legal action named it (it could be played,
#: bought, picked …), the action chosen named it; then the same over the decisions where it was
#: a free choice (another legal action did not name it: a forced pick is none), and there the
#: share of the legal actions naming it summed in millionths (what a uniform choice would pick)
OFFER_FIELDS = ("offered", "chosen", "free_offered", "free_chosen", "free_uniform")
#: :data:`OFFER_FIELDS`' ``free_uniform`` is counted in these units
UNIFORM_UNIT = 1_000_000
#: games per chunk by bot (speed only)
CHUNKS = {"random": 200, "greedy": 20, "search": 1, "mixed": 2}


class Metrics(Protocol):
    """A game's own counters and report sections, besides the kit's."""

    order: tuple[str, ...]

    def blocks(self, catalogue: Catalogue, spec: SimSpec) -> Sequence[Block]: ...

    def count(
        self, state: State, game: GameSpec, layout: Layout, counters: list[int]
    ) -> bool | None:
        """Add a finished game's figures to ``counters``; True if they include the kit's
        per-design ones (the ``design`` block, :data:`DESIGN_FIELDS` per catalogue card, a
        design played by a winner of :meth:`State.returns` won): the kit then reads none of
        the game's events, which a simulation's game need not record."""
        ...

    def summarise(self, result: SimResult, catalogue: Catalogue | None) -> dict[str, Any]: ...

    def report(self, summary: dict, *, figures: bool) -> Mapping[str, Section]: ...


def seat_sides(players: int) -> tuple[str, ...]:
    """The stand-in sides of a game whose seats play no side: the seats themselves."""
    return tuple(seat_name(p) for p in range(players))


@dataclass
class KitSimulation:
    """The simulation of one engine's game (picklable: the engine is a module-level instance
    of its class, pickled by reference to that class)."""

    engine: Engine
    #: the rules' settings overridden in every game (``simulate --set``)
    settings: Mapping[str, Any] = field(default_factory=dict)
    #: how many games (the first by index) the quality measures read (``simulate --quality``)
    quality_games: int = QUALITY_GAMES
    #: how many games (the first by index) count the designs offered and chosen (None: the
    #: quality games; the balance advisor counts them in every game, without the quality's
    #: standings)
    offer_games: int | None = None

    # --- what the core reads -----------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.engine.info.name

    @property
    def bots(self) -> tuple[str, ...]:
        return tuple(bot_names(self.engine))

    @property
    def options(self) -> Mapping[str, Any]:
        info = self.engine.info
        teams = any(self.engine.team_layouts(k) for k in range(1, info.max_players + 1))
        return {**self.engine.options, **({"teams": False} if teams else {})}

    @property
    def side(self) -> str:
        return self.engine.info.side or "seat"

    @property
    def score(self) -> str:
        return self.engine.info.score

    chunk_sizes = CHUNKS

    @property
    def summary_order(self) -> tuple[str, ...]:
        extra = self._metrics.order if self._metrics else ()
        return ("length", "quality", "first_player", "seats", "bots", *extra, "designs", "versus")

    @property
    def report_order(self) -> tuple[str, ...]:
        return self.summary_order

    @property
    def _metrics(self) -> Metrics | None:
        return self.engine.metrics()

    def sides(self, catalogue: Catalogue) -> Sequence[str]:
        return tuple(self.engine.sides(catalogue)) or seat_sides(self.engine.info.max_players)

    def recommended_sides(self, catalogue: Catalogue, players: int) -> Sequence[str]:
        if not self.engine.sides(catalogue):
            return seat_sides(players)
        return tuple(self.engine.recommended_sides(catalogue, players))

    def blocks(self, catalogue: Catalogue, spec: SimSpec) -> Sequence[Block]:
        own = self._metrics.blocks(catalogue, spec) if self._metrics else ()
        ids = tuple(c.id for c in catalogue.cards)
        seats = range(1, spec.players + 1)
        return (
            Block("design", ids, DESIGN_FIELDS),
            Block("design_seat", tuple(f"{c}/{s}" for c in ids for s in seats), DESIGN_SEAT_FIELDS),
            Block("first", ("all",), FIRST_FIELDS),
            Block("length", ("all",), LENGTH_FIELDS),
            Block("quality", ("all",), QUALITY_FIELDS),
            Block("offer", tuple(c.id for c in catalogue.cards), OFFER_FIELDS),
            *own,
        )

    def prepare(self, catalogue: Catalogue, spec: SimSpec, layout: Layout) -> KitTable:
        return KitTable(
            self.engine,
            catalogue,
            spec,
            layout,
            self.settings,
            self.quality_games,
            self.offer_games,
        )

    def describe(self, spec: Mapping[str, Any]) -> str:
        opts = {k: spec[k] for k in self.engine.options if spec.get(k)}
        return "".join(
            f", {k.replace('_', ' ')}" + ("" if v is True else f": {v}") for k, v in opts.items()
        )

    # --- summary and report --------------------------------------------------------------------
    def summarise(self, result: SimResult, catalogue: Catalogue | None) -> dict[str, Any]:
        L, C = result.layout, result.counters
        v = L.row(C, "length", 0)
        n = v["games"]
        mean = ratio(v["steps"], n)
        var = max(0.0, ratio(v["steps_sq"], n) - mean * mean)
        out: dict[str, Any] = {
            "length": {"games": n, "mean": rounded(mean), "sd": rounded(var**0.5)},
            "quality": {
                **summarise_quality(L.row(C, "quality", 0)),
                "length_cv": rounded(ratio(var**0.5, mean)),
            },
            "first_player": first_player(result),
            "designs": _designs(result, catalogue),
        }
        if self._metrics:
            out.update(self._metrics.summarise(result, catalogue))
        return out

    def report(self, summary: dict, *, figures: bool) -> Mapping[str, Section]:
        length = summary["length"]
        out = {
            "length": Section(
                "length",
                (),
                (
                    Table(
                        "length",
                        "Game length",
                        "Decisions per game (a simultaneous choice counts once).",
                        ("games", "mean", "sd"),
                        ((str(length["games"]), f"{length['mean']:.1f}", f"{length['sd']:.1f}"),),
                    ),
                ),
            ),
            "quality": Section("quality", (), (_quality_table(summary["quality"]),)),
            "first_player": Section("first_player", (), (_first_table(summary["first_player"]),)),
            "designs": Section("designs", (), (_design_table(summary["designs"]),)),
        }
        if self._metrics:
            out.update(self._metrics.report(summary, figures=figures))
        return out


def run_simulation(
    engine: Engine,
    catalogue: Catalogue,
    *,
    games: int,
    players: int | None = None,
    bots: str = "random",
    seed: int = 0,
    settings: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    quality_games: int = QUALITY_GAMES,
    progress: Progress | None = None,
) -> SimResult:
    """``games`` seeded games of ``engine`` on ``catalogue`` as `cardgen simulate` plays them
    by default: ``players`` (default the most the catalogue seats) in the sides the rules
    recommend (or the seats, for a game without sides), ``bots`` (one bot for every seat, one
    per seat joined by commas, or ``mixed``), the rules' ``settings`` and the engine's
    ``options`` overridden; the same result for any number of ``workers``.  Raises
    :class:`~cardgen.simulate.spec.SimSpecError` or
    :class:`~cardgen.engine.errors.SetupError` for a simulation that cannot be set up."""
    sim = KitSimulation(engine, dict(settings or {}), quality_games)
    n = players or engine.player_range(catalogue)[1]
    if engine.sides(catalogue):
        matchups = make_matchups(list(sim.recommended_sides(catalogue, n)), n, side=sim.side)
    else:
        matchups = (seat_sides(n),)
    spec = SimSpec(games, n, matchups, bots, seed, dict(options or {}), pool=sim.bots)
    # KitSimulation's read-only properties meet the Simulation protocol's attributes
    return simulate(catalogue, spec, workers=workers, progress=progress, simulation=cast(Any, sim))


class KitTable:
    """Plays the games of one run (the simulation's game table); picklable."""

    def __init__(
        self,
        engine: Engine,
        catalogue: Catalogue,
        spec: SimSpec,
        layout: Layout,
        settings: Mapping[str, Any] | None = None,
        quality_games: int = QUALITY_GAMES,
        offer_games: int | None = None,
    ) -> None:
        self.engine, self.catalogue, self.spec, self.layout = engine, catalogue, spec, layout
        self.quality_games = quality_games
        self.offer_games = quality_games if offer_games is None else offer_games
        self.settings = dict(settings or {})
        self._games: dict[tuple[str, ...], Game] = {}
        ids = [c.id for c in catalogue.cards]
        self._design = {cid: layout.start("design", k) for k, cid in enumerate(ids)}
        self._by_seat = {
            cid: layout.start("design_seat", k * spec.players) for k, cid in enumerate(ids)
        }
        self._first = layout.start("first", 0)
        self._length = layout.start("length", 0)
        self._drawn = engine.events.role_fields("drawn")
        self._played = engine.events.role_fields("played")
        self._first_event = {k: at[0] for k, at in engine.events.role_fields("first").items()}
        self._has_sides = bool(engine.sides(catalogue))
        self._metrics = engine.metrics()
        self._factories = bot_factories(engine)
        self._quality = layout.start("quality", 0)
        self._offer = {cid: layout.start("offer", k) for k, cid in enumerate(ids)}
        # a game naming cards its own way reads them from the seat's observation
        self._own_cards = type(engine).action_cards is not Engine.action_cards
        self._standing = standing_of(engine)

    def __getstate__(self) -> dict:
        return {
            "e": self.engine,
            "c": self.catalogue,
            "s": self.spec,
            "l": self.layout,
            "x": self.settings,
            "q": self.quality_games,
            "o": self.offer_games,
        }

    def __setstate__(self, state: dict) -> None:
        KitTable.__init__(
            self, state["e"], state["c"], state["s"], state["l"], state["x"], state["q"], state["o"]
        )

    def game(self, sides: tuple[str, ...]) -> Game:
        g = self._games.get(sides)
        if g is None:
            try:
                opts = dict(self.spec.options)
                teams = self.engine.team_layouts(len(sides)) if opts.pop("teams", None) else ()
                setup = self.engine.setup(
                    self.catalogue,
                    len(sides),
                    sides if self._has_sides else (),
                    settings=self.settings,
                    options=opts,
                    teams=teams[0] if teams else (),
                )
                g = self._games[sides] = self.engine.simulation_game(self.catalogue, setup)
            except EngineError as exc:
                raise SimSpecError(str(exc)) from None
        return g

    def warnings(self) -> list[str]:
        out: list[str] = []
        for m in self.spec.matchups:
            out += [w for w in getattr(self.game(m), "warnings", None) or () if w not in out]
        return out

    def _named(self, state: State, seat: int, legal: Sequence[int]) -> dict[int, tuple[str, ...]]:
        """The catalogue's designs each of ``seat``'s legal actions names."""
        engine, cat, known = self.engine, self.catalogue, self._offer
        text = state.action_to_string
        if self._own_cards:
            seen = state.observation(seat)
            return {
                a: tuple(
                    c for c in engine.action_cards(cat, seen, seat, text(seat, a)) if c in known
                )
                for a in legal
            }
        return {a: tuple(w for w in text(seat, a).split() if w in known) for a in legal}

    def play(self, spec: GameSpec, C: list[int]) -> GameRecord:
        game = self.game(spec.sides)
        bots = [
            make_bot(self.engine, game, b, s, self._factories)
            for b, s in zip(spec.bots, spec.bot_seeds, strict=True)
        ]
        state = game.new_initial_state(spec.seed)
        steps, limit = 0, self.engine.info.max_length
        # the bots choose among the legal actions: a state may apply them unchecked
        apply = getattr(state, "apply_chosen", None) or state.apply
        chance = hasattr(state, "chance_outcomes")  # a game without chance nodes never settles
        # the kit's random bots draw here, as their choose would (the same draws, no calls)
        draws = [b.random if type(b) is RandomBot else None for b in bots]
        movers, legal_actions, is_terminal = state.movers, state.legal_actions, state.is_terminal
        n = game.setup.players if hasattr(game, "setup") else len(spec.sides)
        quality = spec.index < self.quality_games
        offers = spec.index < self.offer_games
        stand = self._standing
        standings: list[tuple[float, ...]] = []
        choices: list[int] = []
        kings: set[int] = set()  # trailing seats whose choice crowned different leaders
        now = tuple(stand(state, p) for p in range(n)) if quality else ()
        first = -1  # the seat that makes the first decision, alone
        while True:
            seats = movers()
            if not seats:  # the end, or a chance node (where nobody moves): settle it
                if is_terminal():
                    break
                if chance and at_chance(state):
                    settle(state)
                    continue
            if steps >= limit:
                raise SimSpecError(f"game {spec.index} did not end within {limit} decisions")
            if not steps and len(seats) == 1:  # a game that starts together has none
                first = seats[0]
            named: dict[int, dict[int, tuple[str, ...]]] = {}
            if offers and not quality:
                for p in seats:
                    named[p] = self._named(state, p, legal_actions(p))
            elif quality:
                for p in seats:
                    legal = legal_actions(p)
                    choices.append(len(legal))
                    if offers:
                        named[p] = self._named(state, p, legal)
                    if (
                        n >= 3
                        and len(seats) == 1
                        and p not in kings  # once found, a seat is not looked ahead again
                        and 2 <= len(legal) <= KINGMAKER_CHOICES
                        and _kingmaker(state, p, legal, now, stand, n)
                    ):
                        kings.add(p)
            joint = {}
            for p in seats:
                draw = draws[p]
                if draw is None:
                    joint[p] = bots[p].choose(state, p)
                else:
                    legal = legal_actions(p)
                    joint[p] = legal[int(draw() * len(legal))]
            for p, cards in named.items():
                offer = self._offer
                chosen = set(cards.get(joint[p], ()))
                naming: dict[str, int] = {}  # per design, the legal actions naming it
                for cs in cards.values():
                    for cid in set(cs):
                        naming[cid] = naming.get(cid, 0) + 1
                for cid, k in naming.items():
                    C[offer[cid]] += 1
                    if k < len(cards):  # the player could have left it: a free choice
                        C[offer[cid] + 2] += 1
                        C[offer[cid] + 3] += int(cid in chosen)
                        C[offer[cid] + 4] += k * UNIFORM_UNIT // len(cards)
                for cid in chosen:
                    C[offer[cid] + 1] += 1
            apply(joint)
            steps += 1
            if quality:
                now = tuple(stand(state, p) for p in range(n))
                standings.append(now)
        returns = state.returns()
        best = max(returns)
        winners = tuple(r == best and r > 0 for r in returns)
        if quality:
            kingmade = any(not winners[p] for p in kings) if len(returns) >= 3 else None
            count_quality(measure(Course(standings, choices, winners, kingmade)), C, self._quality)
        metrics = self._metrics
        if metrics is None or not metrics.count(state, spec, self.layout, C):
            count_designs(
                state.events or (),
                winners,
                self._design,
                self._drawn,
                self._played,
                C,
                self._by_seat,
            )
        if self._first_event:
            first = first_of(state.events or (), self._first_event, first)
        k = self._first
        sole = sum(winners) == 1
        C[k] += 1
        if sole and first >= 0:
            C[k + 1] += 1
            C[k + 2] += winners[first]
        k = self._length
        C[k] += 1
        C[k + 1] += steps
        C[k + 2] += steps * steps
        scores = tuple(self.engine.score(state, p) for p in range(len(returns)))
        ranks = tuple(1 + sum(r > x for r in returns) for x in returns)
        return GameRecord(winners, scores, ranks, state)


def standing_of(engine: Engine) -> Callable[[State, int], float]:
    """How the quality measures read a seat's standing: the engine's evaluate (a win chance)
    if it writes one, else its score, else nothing (a constant, which no measure reads)."""
    if type(engine).evaluate is not Engine.evaluate:
        return lambda state, p: float(engine.evaluate(state, p) or 0.0)
    if type(engine).score is not Engine.score:
        return lambda state, p: float(engine.score(state, p))
    return lambda state, p: 0.0


def _kingmaker(
    state: State,
    seat: int,
    legal: Sequence[int],
    now: Sequence[float],
    stand: Callable[[State, int], float],
    n: int,
) -> bool:
    """Whether ``seat``, trailing, crowns different leaders by its legal actions (one step
    ahead on clones of ``state``)."""
    if min(now) != now[seat] or sum(1 for x in now if x == now[seat]) > 1:
        return False  # cheap test first: only a seat strictly last is looked ahead
    outcomes = []
    for a in legal:
        c = state.clone()
        c.apply({seat: a})
        outcomes.append(tuple(stand(c, p) for p in range(n)))
    return kingmaker_choice(now, seat, outcomes)


def first_of(events: Sequence[tuple], first: Mapping[str, int], default: int) -> int:
    """The seat the game's first ``first``-role event names (``first``: where its seat stands
    in each such event type), else ``default``."""
    for e in events:
        at = first.get(e[0])
        if at is not None:
            seat = e[at]
            return seat if isinstance(seat, int) else int(seat[1:]) - 1
    return default


def count_designs(
    events: Sequence[tuple],
    winners: Sequence[bool],
    design: Mapping[str, int],
    drawn: Mapping[str, tuple[int, int]],
    played_kinds: Mapping[str, tuple[int, int]],
    C: list[int],
    by_seat: Mapping[str, int] | None = None,
) -> None:
    """Add one game's per-design figures, read from its ``events``, to the counters ``C``:
    ``design`` is each card's counter in the ``design`` block (``by_seat`` its first in the
    ``design_seat`` block), ``drawn`` and ``played_kinds`` where the seat and card stand in the
    events of those roles (:meth:`~cardgen.engine.events.EventSchema.role_fields`)."""
    played: list[set[str]] = [set() for _ in winners]
    for e in events:
        at = drawn.get(e[0])
        if at is not None:
            k = design.get(e[at[1]])
            if k is not None:
                C[k] += 1
            continue
        at = played_kinds.get(e[0])
        if at is not None:
            card = e[at[1]]
            k = design.get(card)
            if k is not None:
                C[k + 1] += 1
                seat = e[at[0]]  # an index, or the seat's name (P1)
                played[seat if isinstance(seat, int) else int(seat[1:]) - 1].add(card)
    count_played(played, winners, design, by_seat, C)


def count_played(
    played: Sequence[set[str]],
    winners: Sequence[bool],
    design: Mapping[str, int],
    by_seat: Mapping[str, int] | None,
    C: list[int],
) -> None:
    """Add the player-games in which each seat played each design (``played``, per seat), and
    those it won, to the ``design`` block (and the ``design_seat`` block, ``by_seat``)."""
    width = len(DESIGN_SEAT_FIELDS)
    for p, cards in enumerate(played):
        w = 1 if winners[p] else 0
        for cid in cards:
            k = design[cid]
            C[k + 2] += 1
            C[k + 3] += w
            if by_seat is not None:
                j = by_seat[cid] + p * width
                C[j] += 1
                C[j + 1] += w


def first_player(result: SimResult) -> dict[str, Any] | None:
    """The first player's win rate among the games with a first player and a sole winner, its
    interval and its advantage over the fair share (None without such games)."""
    L, C = result.layout, result.counters
    if "first" not in L.bases:
        return None
    v = L.row(C, "first", 0)
    n, w = v["decided"], v["first_wins"]
    if not n:
        return None
    fair = 1 / result.spec.players
    lo, hi = interval(w, n)
    return {
        "games": v["games"],
        "decided": n,
        "first_wins": w,
        "win_rate": rounded(w / n),
        "win_ci": [lo, hi],
        "fair_share": rounded(fair),
        "advantage": rounded(w / n - fair),
        "advantage_ci": [rounded(lo - fair), rounded(hi - fair)],
    }


def _by_seat(L: Layout, C: Sequence[int], k: int, players: int) -> list[dict[str, Any]]:
    out = []
    for p in range(players):
        v = L.row(C, "design_seat", k * players + p)
        n, w = v["games_played"], v["wins_played"]
        out.append(
            {
                "seat": p + 1,
                "games_played": n,
                "wins_played": w,
                "win_rate_when_played": rounded(ratio(w, n)),
                "win_played_ci": interval(w, n),
            }
        )
    return out


def _designs(result: SimResult, catalogue: Catalogue | None) -> list[dict[str, Any]]:
    L, C = result.layout, result.counters
    names = {c.id: c.name for c in catalogue.cards} if catalogue is not None else {}
    players = result.spec.players
    seated = "design_seat" in L.bases
    out = []
    for k, cid in enumerate(L.labels("design")):
        v = L.row(C, "design", k)
        o = L.row(C, "offer", k) if "offer" in L.bases else {"offered": 0, "chosen": 0}
        out.append(
            {
                "card": cid,
                "name": names.get(cid, cid),
                **v,
                **o,
                "chosen_when_offered": rounded(ratio(o["chosen"], o["offered"])),
                "chosen_ci": interval(o["chosen"], o["offered"]),
                "win_rate_when_played": rounded(ratio(v["wins_played"], v["games_played"])),
                "win_played_ci": interval(v["wins_played"], v["games_played"]),
                "players": players,
                "by_seat": _by_seat(L, C, k, players) if seated else [],
            }
        )
    return out


#: the quality table's rows: key, label, how it reads
QUALITY_ROWS = (
    ("decisiveness", "decisiveness", "share of the game the winner leads for good"),
    ("drama", "drama", "games whose mid-game leader loses"),
    ("lead_changes", "lead changes", "per game"),
    ("uncertainty", "uncertainty", "mean entropy of the standings (1: all equal)"),
    ("branching", "branching factor", "legal actions per decision"),
    ("forced", "forced moves", "decisions with one legal action"),
    ("length_cv", "length spread", "standard deviation / mean of the length"),
    ("draws", "draws", "games without a sole winner"),
    ("kingmaking", "kingmaking", "games where a trailing loser chose who leads (3+ players)"),
)
PERCENT = {"decisiveness", "drama", "forced", "draws", "kingmaking", "uncertainty"}


def _quality_table(q: dict[str, Any]) -> Table:
    rows = []
    for key, label, note in QUALITY_ROWS:
        v = q.get(key)
        cell = "n/a" if v is None else pct(v) if key in PERCENT else f"{v:.2f}"
        rows.append((label, cell, note))
    return Table(
        "quality",
        "Game quality",
        f"Measured on {q['games']} games (docs/balance.md gives each formula).",
        ("measure", "value", "what it is"),
        tuple(rows),
    )


def _first_table(f: dict[str, Any] | None) -> Table:
    rows: tuple[tuple[str, ...], ...] = ()
    if f is not None:
        rows = (
            (
                str(f["decided"]),
                str(f["first_wins"]),
                pct(f["win_rate"]),
                ci(f["win_ci"]),
                pct(f["fair_share"]),
                f"{100 * f['advantage']:+.1f} pts",
            ),
        )
    return Table(
        "first_player",
        "First player",
        "The seat that made the game's first decision alone: its win rate among the games with "
        "a sole winner, 95% Wilson interval, against the fair share (1 / players).",
        ("decided games", "first player wins", "win rate", "95% CI", "fair share", "advantage"),
        rows,
    )


def _design_table(rows: list[dict[str, Any]]) -> Table:
    return Table(
        "designs",
        "Card designs",
        "Copies drawn and played over all games; offered: the decisions of the quality games "
        "at which an action could play (buy, pick …) the design, chosen: how often one did; "
        "win when played: the win rate of the players who played the design in a game; "
        "95% Wilson intervals.",
        (
            "card",
            "drawn",
            "played",
            "offered",
            "chosen when offered",
            "95% CI",
            "games played",
            "win when played",
            "95% CI",
        ),
        tuple(
            (
                r["card"],
                str(r["drawn"]),
                str(r["played"]),
                str(r["offered"]),
                pct(r["chosen_when_offered"]),
                ci(r["chosen_ci"]),
                str(r["games_played"]),
                pct(r["win_rate_when_played"]),
                ci(r["win_played_ci"]),
            )
            for r in rows
        ),
    )
