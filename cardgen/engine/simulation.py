"""The balance simulation of every engine game: :class:`KitSimulation`, made from an
:class:`~cardgen.engine.definition.Engine`, and :func:`simulate`, which runs it.

A run is a pure function of (catalogue, :class:`~cardgen.simulate.spec.SimSpec`): every game's
seeds come from the master seed and its index (:mod:`cardgen.simulate.seeds`), chunks of games
run in this process, on a pool of worker processes (here) or on Dask
(:mod:`cardgen.engine.distributed`), and their int counters (:mod:`cardgen.simulate.stats`)
merge by addition.  The kit counts what every game has: wins, scores and ranks per seat, bot
and side, side versus side; from the game's events, per card design, the copies **drawn** and
**played**, the player-games in which it was played and the **win rate when played** (Wilson
95 % interval), also by seat; the **first player**'s win rate (the seat that made the game's
first decision, alone) against the fair share; the game's **length** in decisions; and the
quality measures (:mod:`cardgen.engine.quality`) of its first games.  A game asks for more
by declaration (:attr:`Engine.figures <cardgen.engine.definition.Engine.figures>`, counted
from its events: :mod:`cardgen.engine.figures`) and extends it only with its own per-game
figures and judgements: the engine's :meth:`~cardgen.engine.definition.Engine.metrics`
(:class:`Metrics`: counters, summary and report sections).

    sim = KitSimulation(engine_of(catalogue))
    spec = SimSpec(games=1000, players=4, matchups=make_matchups(sim.sides(catalogue), 4),
                   seed=7)
    result = simulate(catalogue, spec, workers=2, simulation=sim)   # same for any workers
    summary = summarise(result, catalogue)           # JSON-ready dict (no timings)
    sim.write_report(summary, "report.html")        # or .pdf
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from cardgen.engine.bots import RandomBot, bot_factories, bot_names, make_bot
from cardgen.engine.chance import at_chance, settle
from cardgen.engine.definition import Engine
from cardgen.engine.errors import EngineError
from cardgen.engine.figures import FIGURE_SECTIONS, FigureCounter, design_figures
from cardgen.engine.figures import summarise as summarise_figures
from cardgen.engine.figures_report import figure_sections
from cardgen.engine.protocol import Game, State, seat_name
from cardgen.engine.quality import QUALITY_FIELDS, Course, leader, measure
from cardgen.engine.quality import count as count_quality
from cardgen.engine.quality import summarise as summarise_quality
from cardgen.simulate.report import RunCounts, core_summary, ordered, render_table
from cardgen.simulate.report_html import write_report
from cardgen.simulate.report_model import (
    ReportModel,
    Section,
    Table,
    build_model,
    ci,
    core_sections,
    pct,
)
from cardgen.simulate.seeds import game_seeds
from cardgen.simulate.spec import SimSpec, SimSpecError, make_matchups
from cardgen.simulate.stats import (
    BOT_FIELDS,
    PAIR_FIELDS,
    SEAT_FIELDS,
    SIDE_FIELDS,
    Z95,
    Block,
    Layout,
    core_blocks,
    interval,
    merge_into,
    ratio,
    rounded,
    wilson,
)
from cardgen.util.pool import worker_pool

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
#: per design, over the offer games' player-games (a seat in a game) in which it was a free
#: choice at least once (:data:`OFFER_FIELDS`' ``free_offered``): those in which the seat chose
#: an action naming it (taken) and won, and those in which it never did (left) and won — the
#: paired comparison of the balance advisor's dominant designs (docs/balance.md)
PAIRED_FIELDS = ("games_taken", "wins_taken", "games_left", "wins_left")
#: :data:`OFFER_FIELDS`' ``free_uniform`` is counted in these units
UNIFORM_UNIT = 1_000_000
#: games per chunk by bot (speed only)
CHUNKS = {"random": 200, "greedy": 20, "search": 1, "mixed": 2}
#: games per chunk for a bot :data:`CHUNKS` does not name
DEFAULT_CHUNK = 50

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of a run: its index, each seat's side and bot, its seed and the bots' seeds
    (all derived from the master seed and the index: :mod:`cardgen.simulate.seeds`)."""

    index: int
    sides: tuple[str, ...]
    bots: tuple[str, ...]
    seed: int
    bot_seeds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The standings of a finished game, seat by seat, and the final state (for tests and
    inspection)."""

    winners: tuple[bool, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    state: Any = None


@dataclass(frozen=True)
class SimResult(RunCounts):
    """A run's numbers (spec, counter layout, summed counters), its set-up warnings and the
    simulation that played it."""

    warnings: tuple[str, ...] = ()
    simulation: KitSimulation | None = None


class Metrics(Protocol):
    """A game's own per-game figures, the simulation's one extension point
    (:meth:`Engine.metrics`): its counter blocks (after the kit's), what a finished game adds
    to them, its summary sections and their report sections, placed by ``order``."""

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

    # optional: ``judge(result, summary) -> dict``, sections judged from the whole summary
    # (the kit's figures included: a game's balance targets), placed by ``order`` too


def seat_sides(players: int) -> tuple[str, ...]:
    """The stand-in sides of a game whose seats play no side: the seats themselves."""
    return tuple(seat_name(p) for p in range(players))


@dataclass
class KitSimulation:
    """The simulation of one engine's game: what it plays, counts, summarises and reports
    (picklable: the engine is a module-level instance of its class, pickled by reference)."""

    engine: Engine
    #: the rules' settings overridden in every game (``simulate --set``)
    settings: Mapping[str, Any] = field(default_factory=dict)
    #: how many games (the first by index) the quality measures read (``simulate --quality``)
    quality_games: int = QUALITY_GAMES
    #: how many games (the first by index) count the designs offered and chosen (None: the
    #: quality games; the balance advisor counts them in every game, without the quality's
    #: standings)
    offer_games: int | None = None

    @property
    def name(self) -> str:
        """The game's name, as the reports title it."""
        return self.engine.info.name

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots a seat may play, by name (``mixed`` draws among them, in this order)."""
        return tuple(bot_names(self.engine))

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's options and their defaults (reported in the spec after the seed)."""
        info = self.engine.info
        teams = any(self.engine.team_layouts(k) for k in range(1, info.max_players + 1))
        return {**self.engine.options, **({"teams": False} if teams else {})}

    @property
    def side(self) -> str:
        """What a seat plays (``deck`` …), as the reports call it."""
        return self.engine.info.side or "seat"

    @property
    def score(self) -> str:
        """What its players score (``points`` …), as the reports call it."""
        return self.engine.info.score

    @property
    def metrics(self) -> Metrics | None:
        """The game's own figures (:meth:`Engine.metrics`), or None."""
        return self.engine.metrics()

    @property
    def order(self) -> tuple[str, ...]:
        """The order of the summary's sections and of the report's."""
        extra = self.metrics.order if self.metrics else ()
        own = FIGURE_SECTIONS if self.engine.figures else ()
        head = ("length", "quality", "first_player", "seats", "bots")
        return (*head, *extra, *own, "designs", "versus")

    def figure_counter(
        self, catalogue: Catalogue, layout: Layout | None = None
    ) -> FigureCounter | None:
        """The counter of the game's declared :attr:`Engine.figures`, or None."""
        f = self.engine.figures
        if f is None:
            return None
        return FigureCounter(f, self.engine.events, catalogue, self.sides(catalogue), layout)

    def sides(self, catalogue: Catalogue) -> Sequence[str]:
        """Every side a seat may play (the deck ids …, or the seats), in report order."""
        return tuple(self.engine.sides(catalogue)) or seat_sides(self.engine.info.max_players)

    def recommended_sides(self, catalogue: Catalogue, players: int) -> Sequence[str]:
        """The sides the rules recommend for a game of ``players`` (what a simulation cycles
        by default), in report order."""
        if not self.engine.sides(catalogue):
            return seat_sides(players)
        return tuple(self.engine.recommended_sides(catalogue, players))

    def blocks(self, catalogue: Catalogue, spec: SimSpec) -> tuple[Block, ...]:
        """Every counter block of a run of ``spec`` (``spec.pool`` filled in): the core's,
        the kit's and the game's own."""
        own = self.metrics.blocks(catalogue, spec) if self.metrics else ()
        ids = tuple(c.id for c in catalogue.cards)
        seats = range(1, spec.players + 1)
        return (
            *core_blocks(spec.players, spec.pool, self.sides(catalogue)),
            Block("design", ids, DESIGN_FIELDS),
            Block("design_seat", tuple(f"{c}/{s}" for c in ids for s in seats), DESIGN_SEAT_FIELDS),
            Block("first", ("all",), FIRST_FIELDS),
            Block("length", ("all",), LENGTH_FIELDS),
            Block("quality", ("all",), QUALITY_FIELDS),
            Block("offer", ids, OFFER_FIELDS),
            Block("paired", ids, PAIRED_FIELDS),
            *(figures.blocks() if (figures := self.figure_counter(catalogue)) else ()),
            *own,
        )

    def describe(self, spec: Mapping[str, Any]) -> str:
        """The options of a summary's ``spec`` as the report's intro tells them (e.g.
        ``", first game"``; empty for none)."""
        opts = {k: spec[k] for k in self.engine.options if spec.get(k)}
        return "".join(
            f", {k.replace('_', ' ')}" + ("" if v is True else f": {v}") for k, v in opts.items()
        )

    # --- summary and report --------------------------------------------------------------------
    def summarise(self, result: SimResult, catalogue: Catalogue | None) -> dict[str, Any]:
        """The run as a JSON-ready dict: the core's header and sections (seats, bots, side
        versus side), the kit's and the game's own, in :attr:`order`."""
        L, C = result.layout, result.counters
        head, core = core_summary(result, result.warnings, self.score, self.side)
        v = L.row(C, "length", 0)
        n = v["games"]
        mean = ratio(v["steps"], n)
        var = max(0.0, ratio(v["steps_sq"], n) - mean * mean)
        kit: dict[str, Any] = {
            "length": {"games": n, "mean": rounded(mean), "sd": rounded(var**0.5)},
            "quality": {
                **summarise_quality(L.row(C, "quality", 0)),
                "length_cv": rounded(ratio(var**0.5, mean)),
            },
            "first_player": first_player(result),
            "designs": _designs(result, catalogue),
        }
        counter = self.figure_counter(catalogue, L) if catalogue is not None else None
        if counter is not None:  # the declared figures (read with the catalogue's designs)
            kit |= summarise_figures(counter, result, catalogue, self.score)
            for k, row in enumerate(kit["designs"]):
                row |= design_figures(counter, result, k, row, catalogue)
        if self.metrics:
            kit.update(self.metrics.summarise(result, catalogue))
        summary = head | ordered(self.order, core, kit)
        judge = getattr(self.metrics, "judge", None)
        if judge is not None:  # the game's verdicts on the summary (its balance targets)
            summary = head | ordered(self.order, core, kit, judge(result, summary))
        return summary

    def sections(self, summary: dict, *, figures: bool = True) -> list[Section]:
        """Every section of the report of ``summary``, in :attr:`order`."""
        length = summary["length"]
        kit = {
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
        if self.engine.figures is not None:
            f = self.engine.figures
            kit |= figure_sections(summary, f, self.side, self.score, figures=figures)
        if self.metrics:
            kit.update(self.metrics.report(summary, figures=figures))
        core = core_sections(summary, self.score, self.side, figures=figures)
        return list(ordered(self.order, core, kit).values())

    def model(self, summary: dict, *, figures: bool = True) -> ReportModel:
        """The report of ``summary`` (``figures=False``: tables only, as the text shows)."""
        sections = self.sections(summary, figures=figures)
        return build_model(summary, self.name, self.describe(summary["spec"]), sections)

    def table(self, summary: dict, *, width: int = 120) -> str:
        """The summary as text tables."""
        return render_table(self.model(summary, figures=False), width=width)

    def write_report(self, summary: dict, path: Path | str) -> Path:
        """Write the report of ``summary`` as HTML or PDF, by the file's extension."""
        return write_report(self.model(summary), Path(path))


def summarise(result: SimResult, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """The summary of ``result`` (:meth:`KitSimulation.summarise` of the simulation that
    played it)."""
    if result.simulation is None:
        raise ValueError("the result does not name the simulation that played it")
    return result.simulation.summarise(result, catalogue)


_F_GAMES, _F_WINS, _F_SCORE = (SEAT_FIELDS.index(f) for f in ("games", "wins", "score"))
_D_GAMES, _D_WINS, _D_SCORE, _D_SQ = (
    SIDE_FIELDS.index(f) for f in ("games", "wins", "score", "score_sq")
)
_B_GAMES, _B_WINS = (BOT_FIELDS.index(f) for f in ("games", "wins"))
_P_GAMES, _P_AHEAD = (PAIR_FIELDS.index(f) for f in ("games", "ahead"))


class Runner:
    """Plays the games of a :class:`SimSpec` on a catalogue with a simulation and counts them;
    picklable (sent to worker processes: the compiled games and the caches are rebuilt)."""

    def __init__(self, simulation: KitSimulation, catalogue: Catalogue, spec: SimSpec) -> None:
        spec = spec.with_game(simulation.bots, simulation.options)
        self.simulation, self.catalogue, self.spec = simulation, catalogue, spec
        self.layout = L = Layout(simulation.blocks(catalogue, spec))
        engine = self.engine = simulation.engine
        self.settings = dict(simulation.settings)
        self.quality_games = simulation.quality_games
        offer = simulation.offer_games
        self.offer_games = self.quality_games if offer is None else offer
        self._games: dict[tuple[str, ...], Game] = {}
        sides = tuple(simulation.sides(catalogue))
        self._side = {s: k for k, s in enumerate(sides)}
        self._seat_slot = tuple(L.start("seat", p) for p in range(spec.players))
        self._bot_slot = {b: L.start("bot", k) for k, b in enumerate(spec.pool)}
        self._slots: dict[tuple[str, ...], tuple[Any, ...]] = {}
        ids = [c.id for c in catalogue.cards]
        self._design = {cid: L.start("design", k) for k, cid in enumerate(ids)}
        self._by_seat = {cid: L.start("design_seat", k * spec.players) for k, cid in enumerate(ids)}
        self._first = L.start("first", 0)
        self._length = L.start("length", 0)
        self._quality = L.start("quality", 0)
        self._offer = {cid: L.start("offer", k) for k, cid in enumerate(ids)}
        self._paired = {cid: L.start("paired", k) for k, cid in enumerate(ids)}
        self._drawn = engine.events.role_fields("drawn")
        self._played = engine.events.role_fields("played")
        self._first_event = {k: at[0] for k, at in engine.events.role_fields("first").items()}
        self._has_sides = bool(engine.sides(catalogue))
        self._metrics = simulation.metrics
        self._figures = simulation.figure_counter(catalogue, L)
        self._events = engine.simulation_events
        self._factories = bot_factories(engine)
        # a game naming cards its own way reads them from the seat's observation
        self._own_cards = type(engine).action_cards is not Engine.action_cards
        self._standing = standing_of(engine)
        #: the catalogue's designs an action's text names, by text (texts recur)
        self._words: dict[str, tuple[str, ...]] = {}

    def __getstate__(self) -> dict:
        return {"simulation": self.simulation, "catalogue": self.catalogue, "spec": self.spec}

    def __setstate__(self, state: dict) -> None:
        Runner.__init__(self, state["simulation"], state["catalogue"], state["spec"])

    def game(self, sides: tuple[str, ...]) -> Game:
        """The compiled game of a seating (once per run)."""
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
        """Set-up warnings of every matchup; compiles (and checks) each one up front, raising
        :class:`SimSpecError` for one that cannot be set up."""
        out: list[str] = []
        for m in self.spec.matchups:
            out += [w for w in getattr(self.game(m), "warnings", None) or () if w not in out]
        return out

    def spec_of(self, index: int) -> GameSpec:
        """Game ``index``: its line-up and seeds."""
        spec = self.spec
        seed, bot_seeds = game_seeds(spec.seed, index, spec.players)
        return GameSpec(index, spec.decks_of(index), spec.bots_of(index), seed, bot_seeds)

    def run_chunk(self, start: int, stop: int) -> list[int]:
        """The summed counters of games ``start..stop-1``.

        Games are played grouped by seating (a sum does not depend on the order), so the
        compiled tables of one seating stay in the CPU caches for a run of games.
        """
        counters = self.layout.zeros()
        seatings = len(self.spec.matchups)
        for first in range(start, min(stop, start + seatings)):
            for index in range(first, stop, seatings):
                self.play(self.spec_of(index), counters)
        return counters

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
        words, out = self._words, {}
        for a in legal:
            t = text(seat, a)
            named = words.get(t)
            if named is None:
                named = words[t] = tuple(w for w in t.split() if w in known)
            out[a] = named
        return out

    def play(self, spec: GameSpec, C: list[int]) -> GameRecord:
        """Play ``spec``'s game to the end and add everything it counts to ``C``."""
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
        # the decisions of a seat strictly last with a few legal actions: looked ahead for
        # kingmaking once the game is over, only for the seats that lost
        trailing: list[tuple[int, State, tuple[int, ...]]] = []
        now = stand(state, n) if quality else ()
        first = -1  # the seat that makes the first decision, alone
        # per seat (offer games only): the designs offered it at a free choice, and chosen
        free: list[set[str]] = [set() for _ in range(n)] if offers else []
        taken: list[set[str]] = [set() for _ in range(n)] if offers else []
        # per seat deciding (offer games only): the designs each legal action names
        named: dict[int, dict[int, tuple[str, ...]]] = {}
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
            if offers:
                named = {}
                if not quality:
                    for p in seats:
                        named[p] = self._named(state, p, legal_actions(p))
            if quality:
                for p in seats:
                    legal = legal_actions(p)
                    choices.append(len(legal))
                    if offers:
                        named[p] = self._named(state, p, legal)
                    if (
                        n >= 3
                        and len(seats) == 1
                        and 2 <= len(legal) <= KINGMAKER_CHOICES
                        and _last(now, p)
                    ):
                        trailing.append((p, state.clone(), tuple(legal)))
            joint = {}
            for p in seats:
                draw = draws[p]
                if draw is None:
                    joint[p] = bots[p].choose(state, p)
                else:
                    legal = legal_actions(p)
                    joint[p] = legal[int(draw() * len(legal))]
            for p, cards in named.items():  # (none outside the offer games)
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
                        free[p].add(cid)
                for cid in chosen:
                    C[offer[cid] + 1] += 1
                taken[p] |= chosen
            apply(joint)
            steps += 1
            if quality:
                now = stand(state, n)
                standings.append(now)
        returns = state.returns()
        best = max(returns)
        winners = tuple(r == best and r > 0 for r in returns)
        if quality:
            kingmade = _kingmade(trailing, winners, stand, n) if len(returns) >= 3 else None
            count_quality(measure(Course(standings, choices, winners, kingmade)), C, self._quality)
        if offers:
            count_paired(free, taken, winners, self._paired, C)
        metrics = self._metrics
        # the game's own figures: True if they include the per-design ones
        own = metrics is not None and bool(metrics.count(state, spec, self.layout, C))
        events = self._events(state)
        if self._figures is not None:  # one pass over the events counts the designs too
            design = None if own else self._design
            played = self._figures.count(events, spec.sides, winners, C, design)
            if not own:
                count_played(played, winners, self._design, self._by_seat, C)
        elif not own:
            count_designs(
                events,
                winners,
                self._design,
                self._drawn,
                self._played,
                C,
                self._by_seat,
            )
        if self._first_event:
            first = first_of(events, self._first_event, first)
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
        record = GameRecord(winners, scores, ranks, state)
        self._count(spec, record, C)
        return record

    def _slots_of(self, sides: tuple[str, ...]) -> tuple[Any, ...]:
        s = self._slots.get(sides)
        if s is None:
            L, dk = self.layout, [self._side[x] for x in sides]
            s = (
                tuple(L.start("side", d) for d in dk),
                tuple(tuple(L.start("pair", a * len(self._side) + b) for b in dk) for a in dk),
            )
            self._slots[sides] = s
        return s

    def _count(self, game: GameSpec, record: GameRecord, C: list[int]) -> None:
        """The standings every game has: seats, sides, bots, side versus side."""
        side_slot, pair = self._slots_of(game.sides)
        winners, scores, ranks = record.winners, record.scores, record.ranks
        C[0] += 1
        C[1] += sum(1 for w in winners if w) > 1
        for p, won in enumerate(winners):
            w = 1 if won else 0
            score = scores[p]
            k = self._seat_slot[p]
            C[k + _F_GAMES] += 1
            C[k + _F_WINS] += w
            C[k + _F_SCORE] += score
            k = side_slot[p]
            C[k + _D_GAMES] += 1
            C[k + _D_WINS] += w
            C[k + _D_SCORE] += score
            C[k + _D_SQ] += score * score
            k = self._bot_slot[game.bots[p]]
            C[k + _B_GAMES] += 1
            C[k + _B_WINS] += w
            rank = ranks[p]
            for q, other in enumerate(ranks):
                if q != p:
                    k = pair[p][q]
                    C[k + _P_GAMES] += 1
                    C[k + _P_AHEAD] += rank < other


def chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` ranges of ``size`` games covering ``0..games-1``."""
    size = max(1, size)
    for start in range(0, games, size):
        yield start, min(games, start + size)


def default_chunk_size(spec: SimSpec, workers: int = 1) -> int:
    """Games per chunk: the bot tier's size, smaller when each worker would get under four."""
    size = CHUNKS.get(spec.bots, DEFAULT_CHUNK)
    if workers > 1:
        size = min(size, -(-spec.games // (4 * workers)))
    return max(1, size)


# ------------------------------------------------------------------ the worker's side
_WORKER: Runner | None = None


def _init_worker(runner: Runner) -> None:
    """A pool worker keeps the runner (forked: shared with the command at no cost)."""
    global _WORKER
    _WORKER = runner


def _worker_chunk(start: int, stop: int) -> tuple[int, list[int]]:
    assert _WORKER is not None, "worker not initialised"
    return stop - start, _WORKER.run_chunk(start, stop)


def simulate(
    catalogue: Catalogue,
    spec: SimSpec,
    *,
    workers: int = 1,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    simulation: KitSimulation,
) -> SimResult:
    """Play ``spec.games`` games of ``simulation`` on ``workers`` processes (1: in this
    process); the same result for any workers, chunk size or completion order.  Raises
    :class:`SimSpecError` for a run that cannot be set up."""
    runner = Runner(simulation, catalogue, spec)
    spec = runner.spec
    warnings = tuple(runner.warnings())  # also compiles (and checks) every matchup up front
    total = runner.layout.zeros()
    parts = list(chunks(spec.games, chunk_size or default_chunk_size(spec, workers)))
    if workers <= 1 or len(parts) <= 1:
        for start, stop in parts:
            merge_into(total, runner.run_chunk(start, stop))
            if progress:
                progress(stop - start)
    else:
        with worker_pool(min(workers, len(parts)), _init_worker, (runner,)) as pool:
            futures = [pool.submit(_worker_chunk, a, b) for a, b in parts]
            for fut in as_completed(futures):
                done, part = fut.result()
                merge_into(total, part)
                if progress:
                    progress(done)
    return SimResult(spec, runner.layout, tuple(total), warnings, simulation)


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
    return simulate(catalogue, spec, workers=workers, progress=progress, simulation=sim)


def standing_of(engine: Engine) -> Callable[[State, int], tuple[float, ...]]:
    """How the quality measures read the seats' standings (of ``n`` seats): the engine's
    :meth:`~Engine.standings` or :meth:`~Engine.evaluate` (a win chance) if it writes one, else
    its score, else nothing (a constant, which no measure reads)."""
    if type(engine).standings is not Engine.standings:

        def together(state: State, n: int) -> tuple[float, ...]:
            return tuple(float(x or 0.0) for x in engine.standings(state) or ())

        return together
    if type(engine).evaluate is not Engine.evaluate:
        return lambda state, n: tuple(float(engine.evaluate(state, p) or 0.0) for p in range(n))
    if type(engine).score is not Engine.score:
        return lambda state, n: tuple(float(engine.score(state, p)) for p in range(n))
    return lambda state, n: (0.0,) * n


def _last(standing: Sequence[float], seat: int) -> bool:
    """Whether ``seat`` stands strictly last."""
    mine = standing[seat]
    return min(standing) == mine and sum(1 for x in standing if x == mine) == 1


def _kingmade(
    trailing: Sequence[tuple[int, State, tuple[int, ...]]],
    winners: Sequence[bool],
    stand: Callable[[State, int], tuple[float, ...]],
    n: int,
) -> bool:
    """Whether a seat that lost, strictly last at one of its ``trailing`` decisions (the seat,
    the state then, its legal actions), crowned different leaders by its legal actions (one
    step ahead on clones: :func:`cardgen.engine.quality.kingmaker_choice`).  Only the losers'
    decisions are looked ahead, each until two other leaders are crowned, and none after the
    first kingmaker."""
    for seat, state, legal in trailing:
        if winners[seat]:
            continue
        crowned: set[int] = set()
        for a in legal:
            c = state.clone()
            c.apply({seat: a})
            top = leader(stand(c, n))
            if top is not None and top != seat:
                crowned.add(top)
                if len(crowned) >= 2:
                    return True
    return False


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


def count_paired(
    free: Sequence[set[str]],
    taken: Sequence[set[str]],
    winners: Sequence[bool],
    paired: Mapping[str, int],
    C: list[int],
) -> None:
    """Add one game's paired figures (:data:`PAIRED_FIELDS`) to ``C``: per seat, each design
    offered it at a free choice (``free``) counts a player-game taken if the seat chose an
    action naming it at any decision (``taken``), else left, and a win if the seat won;
    ``paired`` is each design's counter in the ``paired`` block."""
    for p, offered in enumerate(free):
        w = 1 if winners[p] else 0
        chose = taken[p]
        for cid in offered:
            k = paired[cid] + (0 if cid in chose else 2)
            C[k] += 1
            C[k + 1] += w


def paired_figures(v: Mapping[str, int]) -> dict[str, Any]:
    """A design's paired row (:data:`PAIRED_FIELDS`) with its win rates, their Wilson
    intervals and the difference taken − left with its Newcombe interval (docs/balance.md)."""
    nt, wt, nl, wl = (v[f] for f in PAIRED_FIELDS)
    lo, hi = newcombe(wt, nt, wl, nl)
    return {
        **{f: v[f] for f in PAIRED_FIELDS},
        "win_rate_taken": rounded(ratio(wt, nt)),
        "win_taken_ci": interval(wt, nt),
        "win_rate_left": rounded(ratio(wl, nl)),
        "win_left_ci": interval(wl, nl),
        "taken_gap": rounded(ratio(wt, nt) - ratio(wl, nl)),
        "taken_gap_ci": [rounded(lo), rounded(hi)],
    }


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """The 95 % interval (``z``: another level's) of the difference of two independent
    proportions ``k1/n1 − k2/n2`` by Newcombe's hybrid score method (his method 10: from each
    proportion's Wilson interval); ``(-1, 1)`` when either is empty."""
    if n1 <= 0 or n2 <= 0:
        return (-1.0, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    return (
        d - ((p1 - l1) ** 2 + (u2 - p2) ** 2) ** 0.5,
        d + ((u1 - p1) ** 2 + (p2 - l2) ** 2) ** 0.5,
    )


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
        pair = paired_figures(L.row(C, "paired", k)) if "paired" in L.bases else {}
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
                **pair,
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
