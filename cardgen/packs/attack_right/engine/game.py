"""``Game``: the fixed parameters of one game (cards, decks, seats, seed, settings).

A ``Game`` is immutable and cheap to share; :meth:`Game.new_initial_state` shuffles the piles
with ``random.Random(seed)`` and deals the first draft hands.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from itertools import chain
from typing import Any

from cardgen.catalogue.loader import Catalogue
from cardgen.packs.attack_right.engine.compiled import (
    ATTACK,
    DEFENCE,
    ZONES,
    CompiledPool,
    compile_pool,
)
from cardgen.packs.attack_right.model import RulesModel, Settings, Stat


class GameSetupError(ValueError):
    """The requested game cannot be set up (unknown or repeated deck, too few cards...)."""


def _play_table(
    cards: Sequence[Any], cap: tuple[int, ...], m1: int, start: int = 0
) -> tuple[tuple, ...]:
    """Per instance of ``cards`` (numbered from ``start``), what a play of it needs in a season
    of capacities ``cap`` (see :attr:`Game.inst_plays`); what does not depend on the instance
    is worked out once per design, an instance adds only its base actions (one zone: no
    loop)."""
    memo: dict[str, tuple] = {}
    out: list[tuple] = []
    append = out.append
    for inst, c in enumerate(cards, start):
        static = memo.get(c.id)
        if static is None:
            open_ = tuple(z for z in c.zones if cap[z])
            static = memo[c.id] = (
                c.cost,
                c.is_unit,
                c.discount,
                open_,
                tuple(cap[z] for z in open_),
                sum(1 << z for z in open_),
                tuple(z * m1 for z in open_),
            )
        cost, unit, disc, open_, caps, mask, offs = static
        k = inst * 3 * m1
        if len(offs) == 1:
            b = k + offs[0]
            append((cost, unit, disc, ((open_[0], caps[0], b),), mask, (b,)))
        else:
            bases = tuple([k + o for o in offs])
            append((cost, unit, disc, tuple(zip(open_, caps, bases, strict=True)), mask, bases))
    return tuple(out)


#: play-table rows of a deck's run of instances by its first instance, the capacities, the
#: instance count and its designs' ids, with those designs (each seating of a simulation
#: numbers the same decks in another order: a deck's run recurs at a few first instances)
_ROWS: dict[tuple, tuple[tuple[Any, ...], tuple[tuple, ...]]] = {}


def _play_rows(cards: tuple[Any, ...], start: int, cap: tuple[int, ...], m1: int) -> tuple:
    """:func:`_play_table` of a deck's run ``cards`` from instance ``start``, reused while its
    designs are the same objects (compiled once: :func:`.compiled.compile_pool`)."""
    key = (start, cap, m1, *map(id, cards))
    hit = _ROWS.get(key)
    if hit is not None and all(map(operator.is_, hit[0], cards)):
        return hit[1]
    if len(_ROWS) > 1024:
        _ROWS.clear()
    rows = _play_table(cards, cap, m1, start)
    _ROWS[key] = (cards, rows)
    return rows


def _distinct(*players: int) -> tuple[int, ...]:
    return tuple(dict.fromkeys(players))


class Game:
    """Catalogue + decks + number of players + seed + options, compiled for the engine.

    Seats ``0..N-1`` sit clockwise: a player's left Neighbour is ``p+1``, the right one ``p-1``
    (cards are passed left = clockwise; battles go counter-clockwise, each attacking right).
    """

    def __init__(
        self,
        catalogue: Catalogue,
        decks: Sequence[str],
        num_players: int | None = None,
        seed: int = 0,
        *,
        first_game: bool = False,
        settings: Settings | None = None,
        slot_power: dict | None = None,
        log_events: bool = True,
        tally: bool = False,
        deal: bool = True,
    ) -> None:
        self.catalogue = catalogue
        self.rules: RulesModel = catalogue.rules
        #: record every event (a simulation's game does not: it keeps a :class:`~.state.Tally`)
        self.log_events = log_events
        self.tally = tally
        #: deal the first draft when a state is created (a test arranging its own hands: not)
        self.deal = deal
        self.decks = tuple(decks)
        self.num_players = n = len(self.decks) if num_players is None else num_players
        self.seed = int(seed)
        self.warnings: list[str] = []
        #: the kit's set-up this game was made for (None outside the kit)
        self.setup: Any = None
        #: the simulation figures' counter slots of this game (:mod:`.metrics`), made once
        self.metric_slots: Any = None
        #: memo of :func:`~.ai.greedy.card_value` by (instance, zone)
        self.card_values: dict[tuple[int, int | None], float] = {}
        self._check_setup()
        self.settings: Settings = settings or self.rules.settings
        self.first_game = first_game
        by_deck = [[c for c in catalogue.cards if c.deck == d] for d in self.decks]
        cards = [c for group in by_deck for c in group]
        self.pool: CompiledPool = compile_pool(cards, self.rules, first_game=self.first_game)
        self.num_instances = self.pool.size
        #: per instance, the index of its design (copies of a design share one)
        self.design_of = tuple(c.index for c in self.pool.card)
        #: per instance, its card id
        self.ids = tuple(c.id for c in self.pool.card)
        r = self.rules
        self.rounds = r.draft.rounds
        self.hand_size = r.draft.first_game_hand_size if self.first_game else r.draft.hand_size
        eco = r.economy
        self.starting_coins = eco.starting_coins
        self.income = eco.income
        self.battle_glory = eco.battle_glory
        self.coins_per_glory = eco.coins_per_glory
        self.first_end_bonus = eco.first_to_end_bonus
        self.coin_supply = r.components.coin_tokens
        self.token_supply = r.components.age_tokens
        #: season index of each round (index 0 unused)
        self.season_of_round = (
            0,
            *(r.season_ids.index(r.season_of_round(k).id) for k in range(1, self.rounds + 1)),
        )
        self.capacity = tuple(tuple(s.slots.get(z, 0) for z in ZONES) for s in r.seasons)
        sp = slot_power if slot_power is not None else r.slot_power
        #: counts[zone][stat]: does a card in this zone count this stat?
        self.counts = tuple(
            (Stat.DEFENCE in sp.get(z, ()), Stat.ATTACK in sp.get(z, ())) for z in ZONES
        )
        self.left = tuple((p + 1) % n for p in range(n))
        self.right = tuple((p - 1) % n for p in range(n))
        mid = self.settings.middle_neighbour
        self.zone_neighbours = tuple(
            (
                (self.left[p],),
                {
                    "both": _distinct(self.left[p], self.right[p]),
                    "left": (self.left[p],),
                    "right": (self.right[p],),
                }[mid],
                (self.right[p],),
            )
            for p in range(n)
        )
        self.neighbours = tuple(_distinct(self.left[p], self.right[p]) for p in range(n))
        self._check_piles()
        #: per stat, per zone: does a card there count that stat (flanking cards always do)
        self.counted = tuple(
            tuple(self.counts[z][stat] for z in range(3)) for stat in (DEFENCE, ATTACK)
        )
        #: per stat, per instance: its printed power (0 for '-'), None if its own power changes
        self.inst_power = tuple(
            tuple(None if c.has_power_mods else c.power(stat) or 0 for c in self.pool.card)
            for stat in (DEFENCE, ATTACK)
        )
        self.inst_flank = tuple(c.flank for c in self.pool.card)
        #: any card that intercepts, or that moves a card when played (a play step may then
        #: hold an intercept or a move decision)
        self.intercepting = any(c.intercepts for c in self.pool.designs)
        self.moving = any(c.moves for c in self.pool.designs)
        #: per season, its instances in numbering order (the pile before shuffling)
        self.piles = tuple(
            tuple(i for i, x in enumerate(self.pool.season) if x == s)
            for s in range(len(r.seasons))
        )
        m1 = self.num_instances + 1
        inst_cards = self.pool.card
        #: per season, per instance: (cost, is unit, discount resources, zones with slots as
        #: (zone, capacity, base action), those zones as a bit mask, their base actions): the
        #: hot-path copy of what a play needs
        runs, start = [], 0  # each deck's run of instances (numbered deck after deck)
        for group in by_deck:
            size = sum(c.copies for c in group if not (first_game and c.star))
            runs.append((inst_cards[start : start + size], start))
            start += size
        self.inst_plays = tuple(
            tuple(chain.from_iterable(_play_rows(run, a, cap, m1) for run, a in runs))
            for cap in self.capacity
        )

    # --- setup checks -----------------------------------------------------------------------
    def _check_setup(self) -> None:
        r, n = self.rules, self.num_players
        if not r.players.min <= n <= r.players.max:
            raise GameSetupError(f"{n} players: the game takes {r.players.min}-{r.players.max}")
        if len(self.decks) != n:
            raise GameSetupError(f"{n} players need {n} decks, got {len(self.decks)}")
        for d in self.decks:
            if d not in r.deck_ids:
                raise GameSetupError(f"unknown deck {d!r} (decks: {', '.join(r.deck_ids)})")
            if n < r.deck(d).min_players:
                self.warnings.append(
                    f"deck {d!r} is only recommended with {r.deck(d).min_players}+ players"
                )
        if len(set(self.decks)) != n:
            raise GameSetupError("each player picks a different deck")

    def _check_piles(self) -> None:
        for s, season in enumerate(self.rules.seasons):
            have = sum(1 for x in self.pool.season if x == s)
            need = self.hand_size * self.num_players * len(season.rounds)
            if have < need:
                raise GameSetupError(
                    f"the {season.id} pile has {have} cards; {self.num_players} players "
                    f"drafting {len(season.rounds)} rounds need {need}"
                )

    # --- API --------------------------------------------------------------------------------
    def new_initial_state(self, seed: int | None = None):
        """A fresh state: piles shuffled, coins dealt, first draft hands dealt.

        ``seed`` overrides the game's seed (the compiled cards are reused: cheap for
        simulations of many games).
        """
        from cardgen.packs.attack_right.engine.state import State

        return State.initial(self, self.seed if seed is None else seed)

    def card_id(self, inst: int) -> str:
        return self.pool.card[inst].id

    def __repr__(self) -> str:
        return f"Game(decks={self.decks}, seed={self.seed}, first_game={self.first_game})"


__all__ = ["ATTACK", "DEFENCE", "Game", "GameSetupError"]
