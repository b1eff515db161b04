"""The game state of Authority and its rules: one player acts at a time.

A turn is a command phase of single decisions (:mod:`.actions`) ended by ``END``, after which
the player's uncommanded units are discarded, a new hand is drawn and the marketplace refilled.
Every reading of the draft's open rules follows the game's settings (the rules reference).
A described state (a scenario's ``given``) may stand before its turn (``phase: start``): the
start of the turn is then a chance node of one outcome, so "when defending" and general-zone
abilities act first.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardgen.engine.errors import IllegalAction, ScenarioError
from cardgen.engine.protocol import seat_name
from cardgen.engine.zones import InstanceState, InstanceZones, Shown, Zone
from cardgen.packs.authority.engine.actions import (
    AT_DEFENDER,
    END,
    KINDS,
    WORDS,
    Act,
    encode,
)
from cardgen.packs.authority.model import Kind, Role, Scale, Trigger

if TYPE_CHECKING:
    from cardgen.packs.authority.engine.game import Game, UnitDef

#: the phases a designer's view names: before the turn's start, the command phase, the end
PHASES = ("start", "command", "over")
#: each kind's action of subject 0 and seat 0 (``encode(kind)``), added to in legal_actions
_ATTACK, _DEFEND, _RECRUIT, _USE, _SPY, _HUNT, _REMOVE_SPY = (encode(Act(k)) for k in range(1, 8))
_RETIRE, _BUY, _BUY_GENERAL, _REPLACE = (encode(Act(k)) for k in range(12, 16))
_STRIKE, _WOUND, _IGNORE, _DISABLE = (encode(Act(k)) for k in range(8, 12))
#: the kinds up to HUNT command a unit of the hand; REPLACE keeps the replacement window
_LAST_COMMAND, _REPLACE_KIND = int(Act.HUNT), int(Act.REPLACE)
#: what a card in the hand offers (``Game.offers``): a unit's commands, a spy's
OFFER_UNIT, OFFER_SPY = 1, 2
#: whom a discard ability aims at (``Game.uses``): an enemy Monarch, its own seat
USE_ENEMY, USE_SELF = 1, 2


@dataclass
class Player:
    """One seat: its piles, defence rows (row 0 is the Kingsguard's), general zone and HP."""

    hand: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)  # the top is the end
    discard: list[int] = field(default_factory=list)
    rows: list[list[int]] = field(default_factory=list)
    general: list[int] = field(default_factory=list)
    hp: int = 0
    alive: bool = True
    row0_closed: bool = False  # the Kingsguard has fallen once

    def copy(self) -> Player:
        return Player(
            list(self.hand),
            list(self.deck),
            list(self.discard),
            [list(r) for r in self.rows],
            list(self.general),
            self.hp,
            self.alive,
            self.row0_closed,
        )

    def defenders(self) -> list[int]:
        return [u for row in self.rows for u in row]


def _flat(state: State, owner: int) -> list[int]:
    """``owner``'s defenders as the view lists them: rows 0 to 3, each sorted by card id."""
    ids = state.game.card_ids
    return [i for r in state.players[owner].rows for i in sorted(r, key=lambda i: (ids[i], i))]


def _kingsguard(state: State, owner: int) -> list[int]:
    return [state.game.kingsguard_ids[owner]]


def _seat(name: str) -> int:
    return int(name[1:]) - 1


def _seat_names(attr: str, kind: type) -> Shown:
    """A field listing seats (``winners``, ``out_order``: a tuple or a list of them)."""
    return Shown(
        attr,
        lambda state, seat: [seat_name(s) for s in getattr(state, attr)],
        lambda state, names: setattr(state, attr, kind(_seat(t) for t in names)),
    )


def _marks(name: str, of: Callable[[State, int], Any]) -> Shown:
    """A field of each defender of a seat, in the view's order (:func:`_flat`)."""
    return Shown(
        name,
        lambda state, owner, seat: [of(state, i) for i in _flat(state, owner)],
        lambda state, owner, values: state._arrange_marks(name, owner, values),
    )


class State(InstanceState):
    """A game of Authority in progress (the kit's :class:`cardgen.engine.State`).

    What each seat sees is declared once (``ZONES``): every public zone, its own hand, the
    others' hands and every deck by their size.  Hands, discards, general zones and rows are
    written sorted (their order is no rule); a row's ``damage``, ``disabled`` (by whom) and
    ``ignored`` follow its units, rows 0 to 3 in turn; ``commanded`` are the units commanded
    this phase.  The determinisation deals each other seat's hand and deck anew, and shuffles
    the seat's own deck and the market deck."""

    ZONES = InstanceZones(
        shared=(
            "turn",
            Shown(
                "current",
                lambda state, seat: seat_name(state.current),
                lambda state, name: setattr(state, "current", _seat(name)),
            ),
            Shown(
                "phase",
                lambda state, seat: PHASES[2 if state.terminal else int(state.started)],
                lambda state, phase: state._arrange_phase(phase),
            ),
            "authority",
            "bonus",
            Shown(
                "attacked",
                lambda state, seat: [seat_name(t) for _, t in state.attacked],
                lambda state, names: setattr(state, "attacked", [(-1, _seat(t)) for t in names]),
            ),
            Shown(
                "commanded",
                lambda state, seat: sorted(state.game.card_ids[i] for i in state.commanded),
                lambda state, cards: state._arrange_commanded(cards),
            ),
            "ignore_left",
            "disable_left",
            "annihilate_left",
            "retire_left",
            "hunting",
            "recruited",
            "opening",
            "may_replace",
            Zone("market", slots=lambda state: state.rules.marketplace),  # -1: an empty slot
            Zone("market_deck", "nobody", "top_first"),
            Zone("generals", show="sorted"),
            Zone("annihilated", show="sorted"),
            _seat_names("winners", tuple),
            _seat_names("out_order", list),
            Zone("outside", listed=False),
        ),
        per_seat=(
            "hp",
            "alive",
            Zone("hand", "owner", "sorted"),
            Zone("deck", "nobody", "top_first"),
            Zone("discard", show="sorted"),
            Zone("general", show="sorted"),
            # row 0 holds the seat's Kingsguard unless a described state names it
            Zone("row0", show="sorted", at=("rows", 0), default=_kingsguard),
            *(Zone(f"row{r}", show="sorted", at=("rows", r)) for r in range(1, 4)),
            "row0_closed",
            Shown(
                "pending",
                lambda state, owner, seat: state.pools.get(owner, 0),
                lambda state, owner, damage: state._arrange_pending(owner, damage),
            ),
            _marks("damage", lambda state, i: state.damage.get(i, 0)),
            _marks(
                "disabled",
                lambda state, i: seat_name(state.disabled[i]) if i in state.disabled else None,
            ),
            _marks("ignored", lambda state, i: i in state.ignored),
        ),
        kept=(
            "current",
            "started",
            "terminal",
            "winners",
            "out_order",
            "pools",
            "attacked",
            "commanded",
            "ignored",
            "disabled",
            "damage",
        ),
        caches=("_legal", "_strength"),
        reset=("pools", "damage", "disabled", "ignored", "commanded"),
    )

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.rules = game.rules
        self.settings = game.settings
        self.n = game.num_players
        self.rng = random.Random(seed)
        self.players = [Player(rows=[[] for _ in range(4)]) for _ in range(self.n)]
        self.market_deck: list[int] = []
        self.market: list[int] = []  # -1: an empty slot
        self.generals: list[int] = []
        self.current = 0
        self.turn = 0  # turns begun so far (the first is 1)
        self.events: list[tuple[Any, ...]] | None = []
        self.started = True  # False: the turn of ``current`` has not begun (a described state)
        self.annihilated: list[int] = []  # removed from the game (annihilated, retired, dead)
        #: cards outside this game: other factions' and unused starting units
        self.outside: list[int] = list(game.unused_ids)
        self._reset_phase()
        self.may_replace = False
        self.winners: tuple[int, ...] = ()
        self.out_order: list[int] = []  # seats in the order they were eliminated
        self.terminal = False
        self._legal: list[int] | None = None  # the legal actions of this position, once asked
        self._strength: list[float] | None = None  # each seat's strength here, once asked
        #: by seat, its opponents and its hand's actions (:meth:`Game.hand_table`), once asked
        #: (until a seat falls or is described)
        self._foes: dict[int, tuple[list[int], dict[int, tuple[list[int], int]]]] | None = None
        #: what the marketplace and the generals offer (:meth:`_stock`), once asked (until
        #: either changes)
        self._shop: tuple[list[int], list[int], list[int]] | None = None
        #: whether each seat's general zone holds a spy, once asked (until a spy comes or goes)
        self._spied: list[bool] | None = None

    # --- set-up -----------------------------------------------------------------------------
    def _reset_phase(self) -> None:
        self.authority = 0
        self.pools: dict[int, int] = {}
        self.bonus = 0
        self.attacked: list[tuple[int, int]] = []  # this phase's (attacker, target)
        #: the units commanded this phase: one drawn again cannot be commanded again (R22)
        self.commanded: set[int] = set()
        self.ignored: set[int] = set()
        self.disabled: dict[int, int] = getattr(self, "disabled", {})
        self.damage: dict[int, int] = getattr(self, "damage", {})
        self.ignore_left = 0
        self.disable_left = 0
        self.annihilate_left = 0
        self.retire_left = 0
        self.hunting = False
        self.recruited = False
        self.opening = True  # no decision taken yet this turn (the replacement window)

    def setup(self) -> None:
        """Deal: market deck and marketplace, starting decks, Kingsguards, first hands."""
        g = self.game
        market = list(g.market_ids)
        self.rng.shuffle(market)
        self.market_deck = market
        self.generals = list(g.general_ids)
        for seat, p in enumerate(self.players):
            p.hp = self.rules.monarch_hp
            p.deck = list(g.starting_ids[seat])
            self.rng.shuffle(p.deck)
            p.rows[0] = [g.kingsguard_ids[seat]]
        self.market = [self._pop_market() for _ in range(self.rules.marketplace)]
        for seat in range(self.n):
            self._draw(seat, self.rules.first_hand if seat == 0 else self.rules.hand_size)
        sides = ", ".join(f"P{s + 1} {f}" for s, f in enumerate(g.sides))
        if g.team_layout:
            teams = " against ".join(" and ".join(map(seat_name, t)) for t in g.team_layout)
            sides += f"; {len(g.team_layout[0])} vs. {len(g.team_layout[1])}: {teams}"
        self._log("setup", sides)
        self._start_turn()

    def _pop_market(self) -> int:
        return self.market_deck.pop() if self.market_deck else -1

    # --- queries ----------------------------------------------------------------------------
    def unit(self, inst: int) -> UnitDef:
        return self.game.units[inst]

    def is_terminal(self) -> bool:
        return self.terminal

    def movers(self) -> tuple[int, ...]:
        return () if self.terminal or not self.started else (self.current,)

    # the start of a described state's turn: a chance node of one outcome
    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [] if self.terminal or self.started else [(0, 1.0)]

    def sample_chance(self) -> int:
        return 0  # one outcome: no draw from the generator

    def apply_chance(self, outcome: int) -> None:
        if self.terminal or self.started or outcome != 0:
            raise IllegalAction("the game stands at no start of a turn")
        self.started = True
        self._legal = self._strength = None
        self._start_turn()

    def chance_to_string(self, outcome: int) -> str:
        return f"{seat_name(self.current)}'s turn begins"

    def returns(self) -> list[float]:
        if not self.terminal:
            return [0.0] * self.n
        share = 1.0 / len(self.winners)
        return [share if s in self.winners else 0.0 for s in range(self.n)]

    def ranks(self) -> list[int]:
        """1 for the winners; the others by HP left, then by how late they fell."""

        def key(s: int) -> tuple:
            p = self.players[s]
            fell = self.out_order.index(s) if s in self.out_order else len(self.out_order)
            return (s not in self.winners, -fell, -p.hp)

        order = sorted(range(self.n), key=key)
        ranks = [0] * self.n
        for pos, s in enumerate(order):
            same = pos and key(order[pos - 1]) == key(s)
            ranks[s] = ranks[order[pos - 1]] if same else pos + 1
        return ranks

    def opponents(self, seat: int) -> list[int]:
        """The living seats ``seat`` may attack: every other one, or in 2 vs. 2 the other
        team's (R25)."""
        teams, players = self.game.teams, self.players
        mine = teams[seat]
        return [s for s in range(self.n) if teams[s] != mine and players[s].alive]

    def team_of(self, seat: int) -> tuple[int, ...]:
        """``seat`` and its teammates (itself alone outside 2 vs. 2)."""
        return self.game.mates[seat]

    def standing(self) -> list[int]:
        """The teams with a living Monarch."""
        return sorted({self.game.teams[s] for s in range(self.n) if self.players[s].alive})

    def blocking(self, seat: int, row: int) -> list[int]:
        """The units of ``seat``'s defence row ``row`` that block attacks now."""
        units = self.players[seat].rows[row]
        if not self.ignored and not self.disabled:
            return units
        return [u for u in units if u not in self.ignored and u not in self.disabled]

    def row_order(self) -> tuple[int, ...]:
        """The order in which an attack meets the defence rows (rules reference R1)."""
        return self.game.row_order

    def front_row(self, seat: int) -> int | None:
        """The row an attack on ``seat`` meets now, or None: the Monarch stands open."""
        if not self.ignored and not self.disabled:
            rows = self.players[seat].rows
            for row in self.game.row_order:
                if rows[row]:
                    return row
            return None
        for row in self.game.row_order:
            if self.blocking(seat, row):
                return row
        return None

    def strengths(self) -> list[float]:
        """Each seat's HP and half its defenders' power (0 once fallen): the bots' value of
        a position, worked out once a position."""
        strength = self._strength
        if strength is None:
            powers = self.game.powers
            strength = self._strength = [
                p.hp + 0.5 * sum(powers[u] for row in p.rows for u in row) if p.alive else 0.0
                for p in self.players
            ]
        return strength

    def row_of(self, inst: int) -> tuple[int, int]:
        for s, p in enumerate(self.players):
            for r, row in enumerate(p.rows):
                if inst in row:
                    return s, r
        raise KeyError(inst)

    def toughness(self, inst: int) -> int:
        """The damage still needed to kill a defending unit."""
        return (self.unit(inst).power or 0) - self.damage.get(inst, 0)

    def free_row(self, seat: int, inst: int) -> int | None:
        """The row a unit commanded to defend goes to: the lowest with room (3, 2, 1)."""
        p = self.players[seat]
        u = self.unit(inst)
        if u.is_kingsguard and self.settings.kingsguard_returns and not p.rows[0]:
            return 0
        for r, cap in enumerate(self.rules.defence_rows, start=1):
            if len(p.rows[r]) < cap:
                return r
        return None

    # --- legal actions ----------------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[int]:
        """The legal actions of ``seat`` (sorted), empty unless it is the one to move.  Of
        instances of one design in one place only the first is offered (a unit commanded this
        phase is the one retired); a wounded defender differs from an unwounded one."""
        if self.terminal or not self.started or (seat is not None and seat != self.current):
            return []  # not a seat to move
        legal = self._legal
        if legal is None:  # computed once a position: the bot's choice, then apply's
            legal = self._legal = self._legal_actions(self.current)
        return legal[:]

    def legal_view(self, seat: int) -> list[int]:
        """:meth:`legal_actions` without a copy: the caller reads it and leaves it as it is
        (the bots' hot path)."""
        if self.terminal or not self.started or seat != self.current:
            return []  # not a seat to move
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions(seat)
        return legal

    def _legal_actions(self, seat: int) -> list[int]:
        g = self.game
        me, players = self.players[seat], self.players
        known = self._foes
        if known is None:
            known = self._foes = {}
        foes = known.get(seat)
        if foes is None:
            opp = self.opponents(seat)
            foes = known[seat] = (opp, g.hand_table(seat, opp))
        opp = foes[0]
        design = g.design  # instances of one design are told apart by their number alone
        if self.hunting:
            spies: dict[tuple[int, int], int] = {}
            for o in opp:
                for s in players[o].general:
                    if g.offers[s] == OFFER_SPY:
                        spies.setdefault((o, design[s]), s)
            return sorted(_REMOVE_SPY + 10 * s for s in spies.values())
        out: list[int] = [END]
        hand = me.hand
        commanded = self.commanded
        if commanded and not commanded.isdisjoint(hand):
            first: dict[int, int] = {}
            spent: dict[int, int] = {}
            for inst in sorted(hand):
                d = design[inst]
                if inst in commanded:
                    if d not in spent:
                        spent[d] = inst
                elif d not in first:
                    first[d] = inst
        else:  # of each design the lowest instance (the last written)
            first = {design[i]: i for i in sorted(hand, reverse=True)} if hand else {}
            spent = {}
        if self.retire_left > 0:
            for d, inst in first.items():
                out.append(_RETIRE + 10 * spent.get(d, inst))
            for d, inst in spent.items():
                if d not in first:
                    out.append(_RETIRE + 10 * inst)
        if first:
            table = foes[1]
            # a unit commanded to defend needs a row with room (free_row, without its instance)
            rows = me.rows
            room = False
            for r, cap in g.caps:
                if len(rows[r]) < cap:
                    room = True
                    break
            row0_open = not room and self.settings.kingsguard_returns and not rows[0]
            enemy_spies: bool | None = None
            for inst in first.values():  # R22: one back in the hand by a draw is done
                entry = table.get(inst)
                if entry is None:
                    entry = table[inst] = g.hand_actions(seat, opp, inst)
                out += entry[0]
                extra = entry[1]
                if extra:
                    if extra < _SPY:  # DEFEND, with a row with room
                        if room or (row0_open and g.kingsguards[inst]):
                            out.append(extra)
                    else:  # HUNT, with an enemy spy to remove
                        if enemy_spies is None:
                            spied = self._spied or self._spies()
                            enemy_spies = any(spied[o] for o in opp)
                        if enemy_spies:
                            out.append(extra)
        if self.pools or self.ignore_left or self.disable_left:
            self._aimed_actions(opp, out.append)
        costs, buys, replaces = self._shop or self._stock()
        affordable = bisect_right(costs, self.authority)
        if affordable:
            out += buys[:affordable]
        if self.opening and self.may_replace and self.market_deck:
            out += replaces
        out.sort()
        return out

    def _spies(self) -> list[bool]:
        """Whether each seat's general zone holds a spy (kept until a spy comes or goes)."""
        offers = self.game.offers
        self._spied = [any(offers[s] == OFFER_SPY for s in p.general) for p in self.players]
        return self._spied

    def _stock(self) -> tuple[list[int], list[int], list[int]]:
        """What may be bought, of each design the first: the marketplace's slots and the
        generals, their costs and their actions by cost, and the actions replacing a slot
        (kept until either changes)."""
        g = self.game
        design, costs = g.design, g.costs
        seen: set[int] = set()
        offers: list[tuple[int, int]] = []
        replaces = []
        for slot, inst in enumerate(self.market):
            if inst >= 0 and costs[inst] >= 0 and design[inst] not in seen:
                seen.add(design[inst])
                offers.append((costs[inst], _BUY + 10 * slot))
                replaces.append(_REPLACE + 10 * slot)
        if self.generals:
            offers += g.general_offers(tuple(self.generals))
        offers.sort()
        self._shop = [c for c, _ in offers], [a for _, a in offers], replaces
        return self._shop

    def _aimed_actions(self, opp: list[int], add: Any) -> None:
        """The actions aimed at enemy defenders: strike or wound with pending damage, ignore,
        disable (of the units alike in a row, the first)."""
        g = self.game
        design, powers = g.design, g.powers
        pools, damage = self.pools, self.damage
        ignored, disabled = self.ignored, self.disabled
        ignore, disable = self.ignore_left, self.disable_left
        players = self.players
        for o in opp if ignore or disable else [o for o in pools if o in opp]:
            pool = pools.get(o, 0)
            if pool > 0:
                front = self.front_row(o)
                if front is not None:
                    hit: dict[Any, int] = {}
                    if damage:
                        for u in self.blocking(o, front):
                            key = (design[u], damage.get(u, 0))
                            if key not in hit:
                                hit[key] = u
                        for (_, hurt), u in hit.items():
                            add((_STRIKE if powers[u] - hurt <= pool else _WOUND) + 10 * u)
                    else:
                        for u in self.blocking(o, front):
                            if design[u] not in hit:
                                hit[design[u]] = u
                        for u in hit.values():
                            add((_STRIKE if powers[u] <= pool else _WOUND) + 10 * u)
            if ignore or disable:
                aim: dict[tuple[int, int, int], int] = {}
                for r, row in enumerate(players[o].rows):
                    for u in row:
                        if u in ignored or u in disabled:
                            continue
                        key3 = (r, design[u], damage.get(u, 0))
                        if key3 not in aim:
                            aim[key3] = u
                for u in aim.values():
                    if ignore:
                        add(_IGNORE + 10 * u)
                    if disable:
                        add(_DISABLE + 10 * u)

    def action_to_string(self, seat: int, action: int) -> str:
        """``action`` in the game's words (:data:`.actions.PATTERNS`)."""
        kind, rest = divmod(action, 10000)
        k = KINDS.get(kind)
        if k is None or action < 0:
            raise ValueError(f"not an action: {action}")  # as decode
        inst, arg = divmod(rest, 10)
        if k is Act.END:
            return WORDS[k]
        if k is Act.BUY or k is Act.REPLACE:
            inst = self.market[inst]
        card = self.game.card_ids[inst]
        if k is Act.ATTACK:
            return f"attack {seat_name(arg)} with {card}"
        if k is Act.USE:
            return f"use {card}" if arg == seat else f"use {card} on {seat_name(arg)}"
        if k is Act.REMOVE_SPY:
            owner = next(s for s, p in enumerate(self.players) if inst in p.general)
            return f"remove spy {card} of {seat_name(owner)}"
        if k in AT_DEFENDER:
            owner, row = self.row_of(inst)
            text = WORDS[k].format(card=card, owner=seat_name(owner), row=row)
            hurt = self.damage.get(inst)
            return f"{text} wounded {hurt}" if hurt else text
        return WORDS[k].format(card=card)

    # --- applying ---------------------------------------------------------------------------
    def apply_chosen(self, actions: Mapping[int, int]) -> None:
        """Apply the action of the seat to move (``{seat: action}``), unchecked: ``apply``
        (:class:`~cardgen.engine.zones.InstanceState`) checks it first."""
        self._legal = self._strength = None
        seat = self.current
        kind, rest = divmod(actions[seat], 10000)  # decode(action), without its checks
        inst, arg = divmod(rest, 10)
        if kind != _REPLACE_KIND:
            self.opening = False
        if kind <= _LAST_COMMAND:
            self.commanded.add(inst)
        _DO[kind](self, seat, self.players[seat], inst, arg)

    # --- each kind of action (``_DO``): the seat to move, its player, subject, argument ----
    def _attack(self, seat: int, me: Player, inst: int, target: int) -> None:
        me.hand.remove(inst)
        u = self.game.units[inst]
        if u.abilities:
            self._trigger(seat, inst, Trigger.attack, target=target)
            dmg = (u.power or 0) + self.bonus - self._own_bonus(inst)
        else:
            dmg = (u.power or 0) + self.bonus
        self.attacked.append((inst, target))
        if self.events is not None:
            self.events.append(("attack", seat, target, u.id, dmg))
        self._hit(seat, target, dmg)
        me.discard.append(inst)  # R21: its damage dealt, it retreats to the discard pile

    def _defend(self, seat: int, me: Player, inst: int, _: int) -> None:
        row = self.free_row(seat, inst)
        assert row is not None  # legal: a row has room
        me.hand.remove(inst)
        me.rows[row].append(inst)
        if self.events is not None:
            self.events.append(("defend", seat, self.game.card_ids[inst], row))

    def _recruit(self, seat: int, me: Player, inst: int, _: int) -> None:
        me.hand.remove(inst)
        u = self.game.units[inst]
        power = u.power or 0
        self.authority += power
        if self.events is not None:
            self.events.append(("recruit", seat, u.id, power))
        if u.abilities:
            self._trigger(seat, inst, Trigger.recruit)
        me.discard.append(inst)  # R21: its authority given, it goes to the discard pile

    def _use(self, seat: int, me: Player, inst: int, target: int) -> None:
        me.hand.remove(inst)
        me.discard.append(inst)
        self._log("use", seat, self.unit(inst).id)
        ability = self.unit(inst).discard_ability
        assert ability is not None
        self._ability(seat, ability, target=target, source=inst)

    def _spy(self, seat: int, me: Player, inst: int, _: int) -> None:
        me.hand.remove(inst)
        me.general.append(inst)
        self._spied = None
        self._log("spy", seat, self.unit(inst).id)

    def _hunt(self, seat: int, me: Player, inst: int, _: int) -> None:
        me.hand.remove(inst)
        me.discard.append(inst)
        self.hunting = True
        self._log("hunt", seat, self.unit(inst).id)

    def _remove_spy(self, seat: int, me: Player, inst: int, _: int) -> None:
        self.hunting = False
        owner = next(s for s, p in enumerate(self.players) if inst in p.general)
        self.players[owner].general.remove(inst)
        self._spied = None
        if self.settings.spy_removed_to == "discard":
            self.players[owner].discard.append(inst)
        else:
            self.annihilated.append(inst)
        self._log("remove_spy", seat, owner, self.unit(inst).id)

    def _wound(self, seat: int, me: Player, inst: int, _: int) -> None:
        owner, _row = self.row_of(inst)
        pool = self.pools.pop(owner)
        self.damage[inst] = self.damage.get(inst, 0) + pool
        self._log("wound", seat, owner, self.unit(inst).id, pool)

    def _strike(self, seat: int, me: Player, inst: int, _: int) -> None:
        owner, row = self.row_of(inst)
        pool = self.pools[owner]
        self.pools[owner] = pool - self.toughness(inst)
        if not self.pools[owner]:
            del self.pools[owner]
        self._kill(seat, owner, row, inst)
        if not self.blocking(owner, row):  # the row is cleared: leftover is lost
            left = self.pools.pop(owner, 0)
            if left and self.settings.leftover_to_monarch:
                if self.front_row(owner) is None:
                    self._monarch(seat, owner, left)
            elif left:
                self._log("leftover", left)

    def _ignore(self, seat: int, me: Player, inst: int, _: int) -> None:
        owner, _ = self.row_of(inst)
        self.ignore_left -= 1
        self.ignored.add(inst)
        self._log("ignore", seat, owner, self.unit(inst).id)
        self._opened(seat, owner)

    def _disable(self, seat: int, me: Player, inst: int, _: int) -> None:
        owner, _ = self.row_of(inst)
        self.disable_left -= 1
        self.disabled[inst] = seat
        self._log("disable", seat, owner, self.unit(inst).id)
        self._opened(seat, owner)

    def _opened(self, seat: int, owner: int) -> None:
        if owner in self.pools and self.front_row(owner) is None:
            # R15: chosen before the damage lands, so pending damage finds the Monarch open
            self._monarch(seat, owner, self.pools.pop(owner))

    def _retire(self, seat: int, me: Player, inst: int, _: int) -> None:
        self.retire_left -= 1
        me.hand.remove(inst)
        self.annihilated.append(inst)
        self._log("retire", seat, self.unit(inst).id)

    def _buy_slot(self, seat: int, me: Player, slot: int, _: int) -> None:
        bought = self.market[slot]
        self._shop = None
        self._buy(seat, bought)
        self.market[slot] = self._pop_market() if self.settings.refill_immediately else -1

    def _buy_general(self, seat: int, me: Player, inst: int, _: int) -> None:
        self.generals.remove(inst)
        self._shop = None
        self._buy(seat, inst)

    def _replace(self, seat: int, me: Player, slot: int, _: int) -> None:
        old = self.market[slot]
        self._shop = None
        self.market_deck.insert(0, old)  # to the bottom of the market deck
        self.market[slot] = self._pop_market()
        self.may_replace = False
        self._log("replace", seat, self.unit(old).id)

    def _end(self, seat: int, me: Player, inst: int, _: int) -> None:
        self._end_turn()

    def _own_bonus(self, inst: int) -> int:
        """The part of the phase's bonus that ``inst`` gave itself (a bonus is for others)."""
        return sum(
            a.amount
            for a in self.unit(inst).abilities
            if a.kind is Kind.attack_bonus and a.trigger is Trigger.attack
        )

    def _buy(self, seat: int, inst: int) -> None:
        u = self.unit(inst)
        self.authority -= u.cost or 0
        self.recruited = True
        p = self.players[seat]
        self._log("buy", seat, u.id, u.cost)
        if u.role is Role.leader:
            p.general.append(inst)
            for a in u.abilities:  # active immediately (R9): each acts once now
                if a.trigger is Trigger.general:
                    self._ability(seat, a, target=seat, source=inst)
        else:
            p.discard.append(inst)

    def _add_bonus(self, amount: int, source: int = -1) -> None:
        self.bonus += amount
        if self.settings.bonus_retroactive:  # R6: earlier attackers deal the bonus too
            for inst, target in self.attacked:
                if inst != source:
                    self._hit(self.current, target, amount)

    # --- damage -----------------------------------------------------------------------------
    def _hit(self, seat: int, target: int, dmg: int) -> None:
        if dmg <= 0 or not self.players[target].alive:
            return
        if self.front_row(target) is None:
            self._monarch(seat, target, dmg)
        else:
            self.pools[target] = self.pools.get(target, 0) + dmg

    def _monarch(self, seat: int, target: int, dmg: int) -> None:
        p = self.players[target]
        p.hp -= dmg
        self._log("monarch", target, dmg, max(p.hp, 0))
        if p.hp <= 0:
            self._eliminate(target)

    def _kill(self, seat: int, owner: int, row: int, inst: int) -> None:
        p = self.players[owner]
        p.rows[row].remove(inst)
        self.damage.pop(inst, None)
        self.disabled.pop(inst, None)
        if row == 0 and not self.settings.kingsguard_returns:
            p.row0_closed = True
        if self.annihilate_left > 0:
            self.annihilate_left -= 1
            self.annihilated.append(inst)
            self._log("annihilate", seat, owner, self.unit(inst).id)
        else:
            p.discard.append(inst)
            self._log("kill", seat, owner, self.unit(inst).id)

    def _eliminate(self, seat: int) -> None:
        p = self.players[seat]
        p.alive = False
        self._foes = self._spied = None
        p.hp = min(p.hp, 0)
        self.out_order.append(seat)
        for pile in (p.hand, p.deck, p.discard, p.general, *p.rows):
            self.annihilated.extend(pile)
            pile.clear()
        self.pools.pop(seat, None)
        self._log("eliminated", seat)
        teams = self.standing()
        if len(teams) == 1:  # the last team standing wins, its fallen members with it (R25)
            self._finish(tuple(s for s in range(self.n) if self.game.teams[s] == teams[0]))

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.terminal = True
        self.winners = winners
        self._log("winner", ", ".join(map(seat_name, winners)))

    # --- abilities --------------------------------------------------------------------------
    def _trigger(self, seat: int, inst: int, trigger: Trigger, target: int | None = None) -> None:
        """``inst``'s abilities of ``trigger`` act (``target``: the seat it attacks)."""
        for a in self.unit(inst).abilities:
            if a.trigger is trigger:
                self._ability(seat, a, target=seat if target is None else target, source=inst)

    def _ability(self, seat: int, a, *, target: int, source: int, row: int = 1) -> None:
        """``source``'s ability ``a`` acts for ``seat`` (``target``: the seat it aims at;
        ``row``: a defending unit's row, its X), and the log says what it did."""
        p = self.players[seat]
        scale = a.scale
        n = a.amount * (1 if scale is Scale.one else row if scale is Scale.x else 2 * row)
        name = self.game.units[source].id
        if a.kind is Kind.authority:
            self.authority += n
            self._log("authority", seat, name, n)
        elif a.kind is Kind.attack_bonus:
            self._log("bonus", seat, name, n)
            self._add_bonus(n, source)
        elif a.kind is Kind.monarch_damage:
            self._log("direct", seat, name, n, target)
            self._monarch(seat, target, n)
        elif a.kind is Kind.ignore:
            self.ignore_left += n
            self._log("may_ignore", seat, name, n)
        elif a.kind is Kind.disable:
            self.disable_left += n
            self._log("may_disable", seat, name, n)
        elif a.kind is Kind.annihilate:
            self.annihilate_left += n
            self._log("may_annihilate", seat, name, n)
        elif a.kind is Kind.retire:
            self.retire_left += n
            self._log("may_retire", seat, name, n)
        elif a.kind is Kind.draw:
            self._log("draws", seat, name, self._draw(seat, n), n)
        elif a.kind is Kind.heal:
            before = p.hp
            p.hp = min(self.rules.monarch_hp, p.hp + n)
            if p.hp != before:  # a heal at full health changes nothing: no line in the log
                self._log("heal", seat, name, seat, p.hp - before, p.hp)

    # --- turn structure ---------------------------------------------------------------------
    def _draw(self, seat: int, n: int) -> int:
        """``seat`` draws ``n`` units, shuffling the discard pile into an empty deck; how many
        it drew (fewer when both run out)."""
        p = self.players[seat]
        events, card_ids = self.events, self.game.card_ids
        for k in range(n):
            if not p.deck:
                if not p.discard:
                    return k  # fewer than n: draw what there is
                p.deck = p.discard
                p.discard = []
                self.rng.shuffle(p.deck)
                self._log("reshuffle", seat, len(p.deck))
            card = p.deck.pop()
            p.hand.append(card)
            if events is not None:
                events.append(("draw", seat, card_ids[card]))
        return n

    def _start_turn(self) -> None:
        self.turn += 1
        seat = self.current
        p = self.players[seat]
        if self.settings.disable_lasts == "until_next_turn":
            self.disabled = {u: s for u, s in self.disabled.items() if s != seat}
        if self.events is not None:
            self.events.append(("turn", self.turn, seat, p.hp))
        g = self.game
        if p.general:
            general = g.general_abilities
            for inst in list(p.general):
                for a in general[inst]:
                    self._ability(seat, a, target=seat, source=inst)
        defend = g.defend_abilities
        for r, row in enumerate(p.rows):
            for inst in row:
                if defend[inst] and inst not in self.disabled:
                    for a in defend[inst]:
                        self._ability(seat, a, target=seat, row=r, source=inst)

    def _end_turn(self) -> None:
        seat = self.current
        p = self.players[seat]
        p.discard.extend(p.hand)
        p.hand.clear()
        self._draw(seat, self.rules.hand_size)
        if -1 in self.market:  # what the marketplace offers is kept while it stays full
            self.market = [i if i >= 0 else self._pop_market() for i in self.market]
            self._shop = None
        self.may_replace = not self.recruited
        self.ignored = set()
        if self.settings.disable_lasts == "turn":
            self.disabled = {}
        if not self.settings.damage_persists:
            self.damage = {}
        if self.events is not None:
            self.events.append(("end", seat))
        if self.turn >= self.rules.turn_limit:  # the most HP standing wins, a team's summed
            hp = {t: 0 for t in self.standing()}
            for s in range(self.n):
                if self.players[s].alive:
                    hp[self.game.teams[s]] += self.players[s].hp
            best = max(hp.values())
            self._finish(tuple(s for s in range(self.n) if hp.get(self.game.teams[s]) == best))
            return
        nxt = (seat + 1) % self.n
        while not self.players[nxt].alive:
            nxt = (nxt + 1) % self.n
        self.current = nxt
        self._reset_phase()
        self._start_turn()

    def _log(self, *event: Any) -> None:
        if self.events is not None:
            self.events.append(event)

    # --- described states -------------------------------------------------------------------
    def arranged(self, given: Mapping[str, Any]) -> None:
        """A described seat's Monarch is alive while it has HP."""
        for p in self.players:
            p.alive = p.hp > 0
        self._foes = self._shop = self._spied = None

    def _arrange_phase(self, phase: str) -> None:
        self.terminal = phase == "over"
        self.started = phase != "start"

    def _arrange_pending(self, owner: int, damage: int) -> None:
        self.pools.pop(owner, None)
        if damage:
            self.pools[owner] = damage

    def _arrange_marks(self, what: str, owner: int, values: list[Any]) -> None:
        flat = _flat(self, owner)
        if len(values) != len(flat):
            raise ScenarioError(
                f"{seat_name(owner)}.{what}: {len(values)} entries for {len(flat)} defenders"
            )
        for i, x in zip(flat, values, strict=True):
            self._mark(what, i, x)

    def _mark(self, what: str, inst: int, value: Any) -> None:
        table: Any = {"damage": self.damage, "disabled": self.disabled}.get(what, self.ignored)
        table.discard(inst) if what == "ignored" else table.pop(inst, None)
        if what == "damage" and value:
            self.damage[inst] = value
        elif what == "disabled" and value is not None:
            self.disabled[inst] = int(value[1:]) - 1
        elif what == "ignored" and value:
            self.ignored.add(inst)

    def _arrange_commanded(self, cards: list[str]) -> None:
        """The units commanded this phase: of each id an instance of the seat to move, the
        discard pile's first, then the hand's, the deck's, the rows' and the general zone's."""
        p = self.players[self.current]
        places = [*p.discard, *p.hand, *p.deck, *(i for r in p.rows for i in r), *p.general]
        self.commanded = set()
        for cid in cards:
            inst = next(
                (i for i in places if self.game.card_ids[i] == cid and i not in self.commanded),
                None,
            )
            if inst is None:
                raise ScenarioError(f"commanded: {seat_name(self.current)} has no {cid}")
            self.commanded.add(inst)

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule of the game (tests)."""
        seen = (
            [
                i
                for p in self.players
                for pile in (p.hand, p.deck, p.discard, p.general)
                for i in pile
            ]
            + [i for p in self.players for r in p.rows for i in r]
            + [i for i in self.market if i >= 0]
            + self.market_deck
            + self.generals
            + self.annihilated
            + self.outside
        )
        assert sorted(seen) == list(range(len(self.game.units))), "a card is lost or doubled"
        for s, p in enumerate(self.players):
            for r, cap in enumerate(self.rules.defence_rows, start=1):
                assert len(p.rows[r]) <= cap, f"P{s + 1} row {r} over capacity"
            assert len(p.rows[0]) <= 1
            for u in p.rows[0]:
                assert self.unit(u).is_kingsguard
            assert p.hp <= self.rules.monarch_hp
            assert p.alive == (p.hp > 0)
            if p.alive:
                for inst in p.general:
                    assert self.unit(inst).role in (Role.leader, Role.spy)
        assert self.authority >= 0
        assert all(v > 0 for v in self.pools.values())
        for inst, d in self.damage.items():
            assert 0 < d < (self.unit(inst).power or 0)
        assert self.standing()
        if self.terminal:
            assert self.winners
            assert {self.game.teams[w] for w in self.winners} <= set(self.standing())
            assert all(s in self.winners for w in self.winners for s in self.team_of(w))
        else:
            assert self.players[self.current].alive
            assert len(self.standing()) >= 2


#: how each kind of action is applied, by its number
_DO: dict[int, Callable[[State, int, Player, int, int], None]] = {
    Act.ATTACK: State._attack,
    Act.DEFEND: State._defend,
    Act.RECRUIT: State._recruit,
    Act.USE: State._use,
    Act.SPY: State._spy,
    Act.HUNT: State._hunt,
    Act.REMOVE_SPY: State._remove_spy,
    Act.STRIKE: State._strike,
    Act.WOUND: State._wound,
    Act.IGNORE: State._ignore,
    Act.DISABLE: State._disable,
    Act.RETIRE: State._retire,
    Act.BUY: State._buy_slot,
    Act.BUY_GENERAL: State._buy_general,
    Act.REPLACE: State._replace,
    Act.END: State._end,
}
assert set(_DO) == set(Act)
