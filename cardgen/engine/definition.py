"""What a pack writes to give its game rules: a subclass of :class:`Engine`.

Like an OpenSpiel Python game (a ``GameType`` and a ``State``) or a boardgame.io game object
(moves, ``playerView``, ``ai.enumerate``), a pack declares its game and writes its rules; the
kit supplies the rest for every game — bots (random, greedy, search), the play loop, the one
JSON game log with replay and per-seat views, scenario files, the conformance suite and the
balance simulation::

    class Duel(Engine):
        info = GameInfo("duel", "Duel", 2, 2, simultaneous=True)
        grammar = Grammar("bid {card}")
        events = EventSchema(EventType("bid", "seat:seat card:card", "{seat} bids {card}",
                                       role="played"))
        vocabulary = {"players.*.hand": "card", "cargo": "card"}

        def new_game(self, catalogue, setup):
            return DuelGame(catalogue, setup)      # its new_initial_state(seed) -> a State

The state (:class:`cardgen.engine.protocol.State`) is the pack's own class;
:class:`cardgen.engine.table.TableState` writes most of it for a game of lists of cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from cardgen.engine.errors import ScenarioError, SetupError
from cardgen.engine.events import EventSchema
from cardgen.engine.grammar import Grammar
from cardgen.engine.protocol import Action, BotFactory, Game, GameInfo, Setup, State
from cardgen.engine.vocab import Domain, Vocabulary, did_you_mean, parse_seat

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.engine.figures import Figures
    from cardgen.engine.simulation import Metrics


@dataclass(frozen=True)
class TableLayout:
    """Optional hints for where an observation's zones sit on the studio's Play table (without
    them the table draws the zones one under another, in the observation's order).

    ``seats``: the field listing each seat's zones, drawn as one area per seat: the other seats'
    at the top of the table, the viewer's own at the bottom.  ``centre``: the public zones drawn
    side by side between them, in this order; the other top-level fields go in a line of facts
    above.  ``stacks``: zones of a seat drawn one above another under one name, as the rows of
    a grid (``{"rows": ("row0", "row1")}``).  ``piles``: zones (path patterns, as the
    vocabulary's) drawn as a pile: the top card (the list's last), the count, the rest folded.
    ``face_down``: zones whose empty places are face-down cards, not empty slots.
    ``counters``: a zone (or a stack) and the fields whose items lie on its places, one item a
    place (``{"board": ("troops",)}``; a stack's places are its rows' in order); the page
    shows those set (not 0, none or false).  ``internal``: the engine's bookkeeping fields (a
    top-level or a seat's key) left off a player's table, as are fields whose value is a bool;
    the designer's view keeps them all."""

    seats: str | None = None
    centre: tuple[str, ...] = ()
    stacks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    piles: tuple[str, ...] = ()
    face_down: tuple[str, ...] = ()
    counters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    internal: tuple[str, ...] = ()

    def for_players(self, observation: Any) -> Any:
        """``observation`` without its bookkeeping: the top level's and each seat's fields named
        in ``internal`` or holding a bool."""

        def keep(d: Mapping[str, Any]) -> dict[str, Any]:
            return {
                k: v for k, v in d.items() if k not in self.internal and not isinstance(v, bool)
            }

        if not isinstance(observation, Mapping):
            return observation
        out = keep(observation)
        seats = out.get(self.seats) if self.seats else None
        if self.seats and isinstance(seats, list):
            out[self.seats] = [keep(x) if isinstance(x, Mapping) else x for x in seats]
        return out

    def as_json(self) -> dict[str, Any]:
        """The hints as the Play page reads them."""
        return {
            "seats": self.seats,
            "centre": list(self.centre),
            "stacks": {k: list(v) for k, v in self.stacks.items()},
            "piles": list(self.piles),
            "face_down": list(self.face_down),
            "counters": {k: list(v) for k, v in self.counters.items()},
            "internal": list(self.internal),
        }


S = TypeVar("S", bound=State)
"""An engine's state class (:class:`Engine` is generic over it: ``Engine[DuelState]``)."""


class _Declared:
    """What every group of hooks may read: the game's facts."""

    #: the game's facts (players, simultaneous moves, hidden information, teams)
    info: ClassVar[GameInfo]


class Rules(_Declared, Generic[S]):
    """The rules' declarations and set-up: the grammar, events and vocabulary a game is
    written in, the game compiled for a set-up, who may sit where, a described position."""

    #: how its actions are written (every action string matches one pattern)
    grammar: ClassVar[Grammar]
    #: its event types
    events: ClassVar[EventSchema]
    #: the domain of every observation field holding words (card ids, seats, phases …), by
    #: path pattern (``"players.*.hand": "card"``)
    vocabulary: ClassVar[Mapping[str, Domain]] = {}
    #: words a grammar slot refuses that a scenario's ``illegal:`` step may name, by slot:
    #: the rule the grammar enforces (``{"resource": ("honor",)}``: no choice takes Honor)
    refusable: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: observation fields a scenario may expect but not set (computed from the rest)
    derived: ClassVar[frozenset[str]] = frozenset()
    #: the engine's own options and their defaults (beyond the rules' settings)
    options: ClassVar[Mapping[str, Any]] = {}
    #: the class :meth:`new_game` makes (``Game(catalogue, setup)``), when that is all it does
    game: ClassVar[Any] = None

    def new_game(self, catalogue: Catalogue, setup: Setup) -> Game:
        """The catalogue compiled for ``setup``; :class:`SetupError` if it cannot be played.
        By default the :attr:`game` class's ``game(catalogue, setup)``."""
        if self.game is None:
            raise NotImplementedError(f"{type(self).__name__} sets no game class")
        return self.game(catalogue, setup)

    def simulation_game(self, catalogue: Catalogue, setup: Setup) -> Game:
        """The game a simulation plays (:mod:`cardgen.engine.simulation`): by default
        :meth:`new_game`.  An engine whose full event log is costly may return one whose states
        record only what the figures read: the events of the ``drawn`` and ``played`` roles
        (in ``events``) and what its :meth:`metrics` count, or only the latter when those
        count the per-design figures too (:meth:`Metrics.count` returns True), or a compact
        record it turns into the figures' events at the end (:meth:`simulation_events`)."""
        return self.new_game(catalogue, setup)

    def simulation_events(self, state: S) -> Sequence[tuple]:
        """The events a finished simulation game's figures are counted from (the kit's form:
        those of the roles :mod:`cardgen.engine.events` names); by default its ``events``."""
        return getattr(state, "events", None) or ()

    def sides(self, catalogue: Catalogue) -> Sequence[str]:
        """What a seat may play (deck ids, factions), or () when seats have no sides."""
        return ()

    def recommended_sides(self, catalogue: Catalogue, players: int) -> Sequence[str]:
        """The sides the rules recommend for ``players`` (what a simulation cycles)."""
        return self.sides(catalogue)

    def player_range(self, catalogue: Catalogue) -> tuple[int, int]:
        """The fewest and the most players a game of ``catalogue`` seats."""
        return self.info.min_players, self.info.max_players

    def team_layouts(self, players: int) -> Sequence[tuple[tuple[int, ...], ...]]:
        """The team layouts the rules allow for ``players`` (none: every seat for itself)."""
        return ()

    def setup(
        self,
        catalogue: Catalogue,
        players: int | None = None,
        sides: Sequence[str] = (),
        settings: Mapping[str, Any] | None = None,
        options: Mapping[str, Any] | None = None,
        teams: Sequence[Sequence[int]] = (),
    ) -> Setup:
        """A checked :class:`Setup`: the player count in range, the sides known and distinct
        (the first ones by default), the settings and options known; :class:`SetupError`
        naming what is wrong otherwise."""
        lo, hi = self.player_range(catalogue)
        n = players if players is not None else (len(sides) or lo)
        if not lo <= n <= hi:
            raise SetupError(f"{self.info.name} seats {lo}-{hi} players, not {n}")
        known = list(self.sides(catalogue))
        chosen = tuple(sides) or tuple(known[:n])
        if known:
            for s in chosen:
                if s not in known:
                    raise SetupError(
                        f"unknown {self.info.side or 'side'} {s!r}{did_you_mean(s, known)}; "
                        f"choose from {', '.join(known)}"
                    )
            if len(chosen) != n:
                raise SetupError(f"{n} players need {n} {self.info.side or 'side'}s")
            if len(set(chosen)) != n:
                raise SetupError(f"each player plays a different {self.info.side or 'side'}")
        elif chosen:
            raise SetupError(f"{self.info.name} has no sides to choose")
        opts = dict(self.options)
        for k, v in (options or {}).items():
            if k not in opts:
                raise SetupError(f"unknown option {k!r}{did_you_mean(k, opts)}")
            opts[k] = v
        team_t = tuple(tuple(t) for t in teams)
        if team_t and team_t not in self.team_layouts(n):
            raise SetupError(f"{self.info.name} cannot be played in those teams with {n} players")
        over = dict(settings or {})
        check_settings(catalogue, over)
        return Setup(n, chosen, over, opts, team_t)

    def arrange(self, state: S, given: Mapping[str, Any]) -> None:
        """Put ``state`` in the described position (a scenario's ``given``): a partial
        designer observation, checked against the vocabulary, seats as indexes
        (``{"players": {0: {"hand": [...]}}, "phase": "battle"}``).  By default the state's
        own ``arrange`` (:class:`cardgen.engine.table.TableState` has one)."""
        own = getattr(state, "arrange", None)
        if callable(own):
            from cardgen.engine.table import TableState

            if isinstance(state, TableState):  # its attributes hold seats as indexes
                given = seats_as_indexes(given, self.vocabulary, state.game.setup.players)
            own(given)
            return
        raise ScenarioError(f"{self.info.name} cannot start a scenario from a described state")


class AI(_Declared, Generic[S]):
    """How bots play the game: the game's own bots, the greedy bot's and the search's
    evaluation, the search's rollout policy, actions and options."""

    #: the search bot's options (:class:`cardgen.engine.search.ISMCTSBot`: ``iterations`` …)
    search: ClassVar[Mapping[str, Any]] = {}

    def bots(self) -> Mapping[str, BotFactory]:
        """The game's own bots by name (the kit adds ``random``, ``greedy`` when
        :meth:`evaluate` is written, and ``search``)."""
        return {}

    def evaluate(self, state: S, seat: int) -> float | None:
        """How good ``state`` is for ``seat``, a win chance in [0, 1] (None: not written).
        The greedy bot maximises it one action ahead; the search scores cut rollouts by it."""
        return None

    def standings(self, state: S) -> Sequence[float] | None:
        """Every seat's :meth:`evaluate` of ``state`` at once, where working them out together
        is cheaper (the simulation's quality measures read them after every decision); None:
        seat by seat."""
        return None

    def policy(self, state: S, seat: int, rng: random.Random) -> Action:
        """A fast choice for ``seat`` (the search's rollouts and opponents): by default a
        legal action at random."""
        legal = state.legal_actions(seat)
        return legal[int(rng.random() * len(legal))]

    def search_actions(self, state: S, seat: int) -> Sequence[Action]:
        """The actions the search considers for ``seat`` (by default every legal one; a game
        with hundreds may narrow them)."""
        return state.legal_actions(seat)

    def search_world(self, state: S, seat: int, rng: random.Random) -> S:
        """A world the search plays from for ``seat``: a copy of ``state`` in which what
        ``seat`` cannot see is resampled and the copy's generator reseeded from ``rng`` (by
        default the state's ``determinise``; a game's search bot that remembers what its seat
        saw earlier keeps that where it is)."""
        return state.determinise(seat, rng)


class Presentation(_Declared, Generic[S]):
    """How the game is shown: the readable log's card names and the studio's Play table."""

    #: where the zones sit on the studio's Play table (optional hints)
    layout: ClassVar[TableLayout] = TableLayout()

    def card_name(self, catalogue: Catalogue, card_id: str) -> str:
        """How the readable log names a card."""
        card = catalogue.by_id.get(card_id)
        return str(getattr(card, "name", card_id)) if card is not None else card_id

    def shown_cards(self, catalogue: Catalogue, observation: Any) -> Any:
        """``observation`` as the Play table draws it: by default itself.  A game whose
        observation names cards another way (by a number printed on them) gives their card ids
        there, so the table shows the cards."""
        return observation

    def action_cards(
        self, catalogue: Catalogue, observation: Any, seat: int, text: str
    ) -> list[str]:
        """The cards ``seat``'s action ``text`` names, for the Play table's button (the seat's
        ``observation`` given): by default the words of ``text`` that are card ids."""
        return [w for w in text.split() if w in catalogue.by_id]


class Reports(_Declared, Generic[S]):
    """What a finished game reports: scores, the log's last lines, the simulation's own
    figures, where the game's length bound is set."""

    def result_lines(self, state: S) -> list[str]:
        """The readable log's last lines: by default each seat's :meth:`score` in the game's
        words (``P1: 23 points (winner)``), or for a game that gives none who won (the
        returns are the bots' and the simulation's, not a player's)."""
        r = state.returns()
        best = max(r)
        won = [k for k, x in enumerate(r) if x == best and x > 0]
        if type(self).score is Reports.score:  # the game keeps no score
            if not won:
                return ["no winner"]
            names = " and ".join(f"P{k + 1}" for k in won)
            return [f"{names} {'wins' if len(won) == 1 else 'share the win'}"]
        return [
            f"P{k + 1}: {self.score(state, k)} {self.info.score}"
            + (" (winner)" if k in won else "")
            for k in range(len(r))
        ]

    def score(self, state: S, seat: int) -> int:
        """A seat's score at the end (the simulation's score column)."""
        return 0

    #: what the simulation counts beyond every game's figures, by declaration
    #: (:class:`~cardgen.engine.figures.Figures`), or None
    figures: ClassVar[Figures | None] = None

    def metrics(self) -> Metrics | None:
        """The game's own per-game simulation figures (counters, summary and report sections:
        the simulation's one extension point), or None."""
        return None

    def length_note(self) -> str:
        """Where the game's length bound (``info.max_length``) is set, for the message that
        stops a game running past it (a rules description names its line)."""
        return ""


class Engine(Rules[S], AI[S], Presentation[S], Reports[S]):
    """A game's rules engine.  Subclass it (``class Duel(Engine[DuelState])``), set the class
    attributes, write :meth:`new_game` and override the optional hooks your game uses.

    Its hooks come in four groups, each a base class a caller may ask for alone:
    :class:`Rules` (declarations, set-up, described positions), :class:`AI` (bots, evaluation,
    the search's policy and actions), :class:`Presentation` (card names, the Play table) and
    :class:`Reports` (scores, the log's result lines, simulation metrics)."""


def seats_as_indexes(
    given: Mapping[str, Any], vocabulary: Mapping[str, Domain], players: int
) -> dict[str, Any]:
    """``given`` with the values of the fields ``vocabulary`` calls seats (``P2``, or lists
    of them) as indexes (1), as a state holds them; other values as they are."""
    vocab = Vocabulary(frozenset(), players, dict(vocabulary))

    def convert(path: tuple[Any, ...], value: Any) -> Any:
        if vocab.domain_of(path) == "seat":
            if isinstance(value, list):
                return [_seat_index(v, players) for v in value]
            return _seat_index(value, players)
        if isinstance(value, dict):
            return {k: convert((*path, k), v) for k, v in value.items()}
        return value

    return {k: convert((k,), v) for k, v in given.items()}


def _seat_index(value: Any, players: int) -> Any:
    seat = parse_seat(value, players) if isinstance(value, str) else None
    return value if seat is None else seat


def check_settings(catalogue: Catalogue, overrides: Mapping[str, Any]) -> Any:
    """The catalogue's rules settings with ``overrides`` applied, validated by the rules
    model; :class:`SetupError` naming an unknown setting or a bad value."""
    base = getattr(catalogue.rules, "settings", None)
    if base is None:
        if overrides:
            raise SetupError("this game's rules have no settings")
        return None
    fields = type(base).model_fields
    for k in overrides:
        if k not in fields:
            raise SetupError(f"unknown setting {k!r}{did_you_mean(k, fields)}")
    if not overrides:
        return base
    from pydantic import ValidationError

    try:
        return type(base).model_validate({**base.model_dump(), **overrides})
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SetupError(f"setting {where}: {first['msg']}") from None
