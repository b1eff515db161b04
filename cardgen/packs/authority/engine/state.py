"""The game state of Authority and its rules: one player acts at a time (OpenSpiel style).

A turn is a command phase of single decisions (:mod:`.actions`) ended by ``END``, after which
the player's uncommanded units are discarded, a new hand is drawn and the marketplace refilled.
Every reading of the draft's open rules follows ``rules.settings`` (the rules reference).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardgen.packs.authority.engine import events as E
from cardgen.packs.authority.engine.actions import END, Act, decode, encode
from cardgen.packs.authority.model import Kind, Role, Scale, Trigger

if TYPE_CHECKING:
    from cardgen.packs.authority.engine.game import Game, UnitDef

MONARCH = -1


class IllegalActionError(ValueError):
    """An action that is not legal in the state it was applied to."""


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


class State:
    """A game in progress.  ``legal_actions()``, ``apply_action(a)``, ``clone()``."""

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
        self.history: list[int] = []
        self.events: list[str] | None = [] if game.log_events else None
        self.annihilated: list[int] = []  # removed from the game (annihilated, retired, dead)
        #: cards outside this game: other factions' and unused starting units
        self.outside: list[int] = list(game.unused_ids)
        self._reset_phase()
        self.may_replace = False
        self.winners: tuple[int, ...] = ()
        self.out_order: list[int] = []  # seats in the order they were eliminated
        self.terminal = False

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
        if self.settings.mode == "2v2":
            sides += "; 2 vs. 2: P1 and P3 against P2 and P4"
        self._log(E.SETUP, sides)
        self._start_turn()

    def _pop_market(self) -> int:
        return self.market_deck.pop() if self.market_deck else -1

    # --- queries ----------------------------------------------------------------------------
    def unit(self, inst: int) -> UnitDef:
        return self.game.units[inst]

    def is_terminal(self) -> bool:
        return self.terminal

    def current_player(self) -> int:
        return -4 if self.terminal else self.current  # OpenSpiel's TERMINAL

    def movers(self) -> tuple[int, ...]:
        return () if self.terminal else (self.current,)

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
        teams = self.game.teams
        return [s for s in range(self.n) if teams[s] != teams[seat] and self.players[s].alive]

    def team_of(self, seat: int) -> tuple[int, ...]:
        """``seat`` and its teammates (itself alone outside 2 vs. 2)."""
        return tuple(s for s in range(self.n) if self.game.teams[s] == self.game.teams[seat])

    def standing(self) -> list[int]:
        """The teams with a living Monarch."""
        return sorted({self.game.teams[s] for s in range(self.n) if self.players[s].alive})

    def blocking(self, seat: int, row: int) -> list[int]:
        """The units of ``seat``'s defence row ``row`` that block attacks now."""
        return [
            u
            for u in self.players[seat].rows[row]
            if u not in self.ignored and u not in self.disabled
        ]

    def row_order(self) -> tuple[int, ...]:
        """The order in which an attack meets the defence rows (rules reference R1)."""
        if self.settings.attack_order == "outermost":
            return (3, 2, 1, 0)
        return (1, 2, 3, 0)

    def front_row(self, seat: int) -> int | None:
        """The row an attack on ``seat`` meets now, or None: the Monarch stands open."""
        for row in self.row_order():
            if self.blocking(seat, row):
                return row
        return None

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
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the player to move (sorted), empty when terminal."""
        if self.terminal or (player is not None and player != self.current):
            return []
        seat = self.current
        me = self.players[seat]
        opp = self.opponents(seat)
        if self.hunting:
            return sorted(
                encode(Act.REMOVE_SPY, s)
                for o in opp
                for s in self.players[o].general
                if self.unit(s).role is Role.spy
            )
        out: list[int] = []
        enemy_spies = any(
            self.unit(s).role is Role.spy for o in opp for s in self.players[o].general
        )
        for inst in me.hand:
            u = self.unit(inst)
            if self.retire_left > 0:
                out.append(encode(Act.RETIRE, inst))
            if inst in self.commanded:
                continue  # R22: back in the hand by a draw, done for this phase
            if u.role is Role.unit:
                out += [encode(Act.ATTACK, inst, o) for o in opp]
                if self.free_row(seat, inst) is not None:
                    out.append(encode(Act.DEFEND, inst))
                out.append(encode(Act.RECRUIT, inst))
            elif u.role is Role.spy:
                out += [encode(Act.RECRUIT, inst), encode(Act.SPY, inst)]
                if enemy_spies:
                    out.append(encode(Act.HUNT, inst))
            if u.discard_ability is not None:
                if u.discard_ability.kind is Kind.monarch_damage:
                    out += [encode(Act.USE, inst, o) for o in opp]
                else:
                    out.append(encode(Act.USE, inst, seat))
        for o in opp:
            pool = self.pools.get(o, 0)
            front = self.front_row(o)
            if pool > 0 and front is not None:
                for u in self.blocking(o, front):
                    if self.toughness(u) <= pool:
                        out.append(encode(Act.STRIKE, u))
                    else:
                        out.append(encode(Act.WOUND, u))
            if self.ignore_left or self.disable_left:
                for u in self.players[o].defenders():
                    if u in self.ignored or u in self.disabled:
                        continue
                    if self.ignore_left:
                        out.append(encode(Act.IGNORE, u))
                    if self.disable_left:
                        out.append(encode(Act.DISABLE, u))
        for slot, inst in enumerate(self.market):
            if inst >= 0 and self.unit(inst).cost is not None:
                if self.unit(inst).cost <= self.authority:
                    out.append(encode(Act.BUY, slot))
                if self.opening and self.may_replace and self.market_deck:
                    out.append(encode(Act.REPLACE, slot))
        for inst in self.generals:
            if self.unit(inst).cost <= self.authority:
                out.append(encode(Act.BUY_GENERAL, inst))
        out.append(END)
        return sorted(set(out))

    # --- applying ---------------------------------------------------------------------------
    def apply_action(self, action: int) -> None:
        """Apply the current player's ``action``; IllegalActionError if it is not legal."""
        if action not in self.legal_actions():
            raise IllegalActionError(f"action {action} ({decode(action)}) is not legal")
        self.history.append(action)
        a = decode(action)
        seat = self.current
        me = self.players[seat]
        if a.kind is not Act.REPLACE:
            self.opening = False
        k, inst, arg = a.kind, a.subject, a.arg
        if k in (Act.ATTACK, Act.DEFEND, Act.RECRUIT, Act.USE, Act.SPY, Act.HUNT):
            self.commanded.add(inst)
        if k is Act.ATTACK:
            me.hand.remove(inst)
            self._trigger(seat, inst, Trigger.attack, target=arg)
            dmg = (self.unit(inst).power or 0) + self.bonus - self._own_bonus(inst)
            self.attacked.append((inst, arg))
            self._log(E.ATTACK, seat, arg, self.unit(inst).name, dmg)
            self._hit(seat, arg, dmg)
            me.discard.append(inst)  # R21: its damage dealt, it retreats to the discard pile
        elif k is Act.DEFEND:
            row = self.free_row(seat, inst)
            me.hand.remove(inst)
            me.rows[row].append(inst)
            self._log(E.DEFEND, seat, self.unit(inst).name, row)
        elif k is Act.RECRUIT:
            me.hand.remove(inst)
            power = self.unit(inst).power or 0
            self.authority += power
            self._log(E.RECRUIT, seat, self.unit(inst).name, power)
            self._trigger(seat, inst, Trigger.recruit)
            me.discard.append(inst)  # R21: its authority given, it goes to the discard pile
        elif k is Act.USE:
            me.hand.remove(inst)
            me.discard.append(inst)
            self._log(E.USE, seat, self.unit(inst).name)
            self._ability(seat, self.unit(inst).discard_ability, target=arg, source=inst)
        elif k is Act.SPY:
            me.hand.remove(inst)
            me.general.append(inst)
            self._log(E.SPY, seat, self.unit(inst).name)
        elif k is Act.HUNT:
            me.hand.remove(inst)
            me.discard.append(inst)
            self.hunting = True
            self._log(E.HUNT, seat, self.unit(inst).name)
        elif k is Act.REMOVE_SPY:
            self.hunting = False
            owner = next(s for s, p in enumerate(self.players) if inst in p.general)
            self.players[owner].general.remove(inst)
            if self.settings.spy_removed_to == "discard":
                self.players[owner].discard.append(inst)
            else:
                self.annihilated.append(inst)
            self._log(E.REMOVE_SPY, seat, owner, self.unit(inst).name)
        elif k in (Act.STRIKE, Act.WOUND):
            owner, row = self.row_of(inst)
            pool = self.pools[owner]
            if k is Act.WOUND:
                self.damage[inst] = self.damage.get(inst, 0) + pool
                del self.pools[owner]
                self._log(E.WOUND, seat, owner, self.unit(inst).name, pool)
            else:
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
                        self._log(E.LEFTOVER, left)
        elif k in (Act.IGNORE, Act.DISABLE):
            owner, _ = self.row_of(inst)
            if k is Act.IGNORE:
                self.ignore_left -= 1
                self.ignored.add(inst)
                self._log(E.IGNORE, seat, owner, self.unit(inst).name)
            else:
                self.disable_left -= 1
                self.disabled[inst] = seat
                self._log(E.DISABLE, seat, owner, self.unit(inst).name)
            if owner in self.pools and self.front_row(owner) is None:
                # R15: chosen before the damage lands, so pending damage finds the Monarch open
                self._monarch(seat, owner, self.pools.pop(owner))
        elif k is Act.RETIRE:
            self.retire_left -= 1
            me.hand.remove(inst)
            self.annihilated.append(inst)
            self._log(E.RETIRE, seat, self.unit(inst).name)
        elif k is Act.BUY:
            bought = self.market[inst]
            self._buy(seat, bought)
            self.market[inst] = self._pop_market() if self.settings.refill_immediately else -1
        elif k is Act.BUY_GENERAL:
            self.generals.remove(inst)
            self._buy(seat, inst)
        elif k is Act.REPLACE:
            old = self.market[inst]
            self.market_deck.insert(0, old)  # to the bottom of the market deck
            self.market[inst] = self._pop_market()
            self.may_replace = False
            self._log(E.REPLACE, seat, self.unit(old).name)
        elif k is Act.END:
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
        self.authority -= u.cost
        self.recruited = True
        p = self.players[seat]
        self._log(E.BUY, seat, u.name, u.cost)
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
        self._log(E.MONARCH, target, dmg, max(p.hp, 0))
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
            self._log(E.ANNIHILATE, seat, owner, self.unit(inst).name)
        else:
            p.discard.append(inst)
            self._log(E.KILL, seat, owner, self.unit(inst).name)

    def _eliminate(self, seat: int) -> None:
        p = self.players[seat]
        p.alive = False
        p.hp = min(p.hp, 0)
        self.out_order.append(seat)
        for pile in (p.hand, p.deck, p.discard, p.general, *p.rows):
            self.annihilated.extend(pile)
            pile.clear()
        self.pools.pop(seat, None)
        self._log(E.ELIMINATED, seat)
        teams = self.standing()
        if len(teams) == 1:  # the last team standing wins, its fallen members with it (R25)
            self._finish(tuple(s for s in range(self.n) if self.game.teams[s] == teams[0]))

    def _finish(self, winners: tuple[int, ...]) -> None:
        self.terminal = True
        self.winners = winners
        self._log(E.WINNER, winners)

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
        n = a.amount * {Scale.one: 1, Scale.x: row, Scale.two_x: 2 * row}[a.scale]
        name = self.unit(source).name
        if a.kind is Kind.authority:
            self.authority += n
            self._log(E.AUTHORITY, seat, name, n)
        elif a.kind is Kind.attack_bonus:
            self._log(E.BONUS, seat, name, n)
            self._add_bonus(n, source)
        elif a.kind is Kind.monarch_damage:
            self._log(E.DIRECT, seat, name, n, target)
            self._monarch(seat, target, n)
        elif a.kind is Kind.ignore:
            self.ignore_left += n
            self._log(E.MAY_IGNORE, seat, name, n)
        elif a.kind is Kind.disable:
            self.disable_left += n
            self._log(E.MAY_DISABLE, seat, name, n)
        elif a.kind is Kind.annihilate:
            self.annihilate_left += n
            self._log(E.MAY_ANNIHILATE, seat, name, n)
        elif a.kind is Kind.retire:
            self.retire_left += n
            self._log(E.MAY_RETIRE, seat, name, n)
        elif a.kind is Kind.draw:
            self._log(E.DRAW, seat, name, self._draw(seat, n), n)
        elif a.kind is Kind.heal:
            before = p.hp
            p.hp = min(self.rules.monarch_hp, p.hp + n)
            self._log(E.HEAL, seat, name, seat, p.hp - before, p.hp)

    # --- turn structure ---------------------------------------------------------------------
    def _draw(self, seat: int, n: int) -> int:
        """``seat`` draws ``n`` units, shuffling the discard pile into an empty deck; how many
        it drew (fewer when both run out)."""
        p = self.players[seat]
        for k in range(n):
            if not p.deck:
                if not p.discard:
                    return k  # fewer than n: draw what there is
                p.deck = p.discard
                p.discard = []
                self.rng.shuffle(p.deck)
                self._log(E.RESHUFFLE, seat, len(p.deck))
            p.hand.append(p.deck.pop())
        return n

    def _start_turn(self) -> None:
        self.turn += 1
        seat = self.current
        p = self.players[seat]
        if self.settings.disable_lasts == "until_next_turn":
            self.disabled = {u: s for u, s in self.disabled.items() if s != seat}
        self._reset_phase()
        self._log(E.TURN, self.turn, seat, p.hp)
        for inst in list(p.general):
            for a in self.unit(inst).abilities:
                if a.trigger is Trigger.general:
                    self._ability(seat, a, target=seat, source=inst)
        for r, row in enumerate(p.rows):
            for inst in row:
                if inst in self.disabled:
                    continue
                for a in self.unit(inst).abilities:
                    if a.trigger is Trigger.defend:
                        self._ability(seat, a, target=seat, row=r, source=inst)

    def _end_turn(self) -> None:
        seat = self.current
        p = self.players[seat]
        p.discard.extend(p.hand)
        p.hand.clear()
        self._draw(seat, self.rules.hand_size)
        self.market = [i if i >= 0 else self._pop_market() for i in self.market]
        self.may_replace = not self.recruited
        self.ignored = set()
        if self.settings.disable_lasts == "turn":
            self.disabled = {}
        if not self.settings.damage_persists:
            self.damage = {}
        self._log(E.END, seat)
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
        self._start_turn()

    def _log(self, template: str, *values: object) -> None:
        if self.events is not None:
            self.events.append(E.render(template, *values))

    # --- copies, hashes, hidden information -------------------------------------------------
    def clone(self, *, events: bool = True) -> State:
        """A copy to play on (``events=False``: without the event log, for searches)."""
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.players = [p.copy() for p in self.players]
        new.market_deck = list(self.market_deck)
        new.market = list(self.market)
        new.generals = list(self.generals)
        new.history = list(self.history)
        new.events = None if self.events is None or not events else list(self.events)
        new.annihilated = list(self.annihilated)
        new.outside = list(self.outside)
        new.out_order = list(self.out_order)
        new.pools = dict(self.pools)
        new.attacked = list(self.attacked)
        new.commanded = set(self.commanded)
        new.ignored = set(self.ignored)
        new.disabled = dict(self.disabled)
        new.damage = dict(self.damage)
        return new

    def determinise(self, player: int, rng: random.Random) -> State:
        """A copy in which what ``player`` cannot see is resampled: the other players' hands and
        decks (pooled, sizes kept), ``player``'s own deck order and the market deck order.
        The copy logs no events."""
        new = self.clone(events=False)
        for s, p in enumerate(new.players):
            if s == player:
                rng.shuffle(p.deck)
                continue
            unseen = p.hand + p.deck
            rng.shuffle(unseen)
            p.hand, p.deck = unseen[: len(p.hand)], unseen[len(p.hand) :]
        rng.shuffle(new.market_deck)
        new.rng = random.Random(rng.getrandbits(64))
        return new

    def key(self) -> tuple:
        """Everything that decides the rest of the game (for hashing and comparing)."""
        return (
            tuple(
                (
                    tuple(p.hand),
                    tuple(p.deck),
                    tuple(p.discard),
                    tuple(tuple(r) for r in p.rows),
                    tuple(p.general),
                    p.hp,
                    p.alive,
                    p.row0_closed,
                )
                for p in self.players
            ),
            tuple(self.market_deck),
            tuple(self.market),
            tuple(self.generals),
            self.current,
            self.turn,
            self.authority,
            tuple(sorted(self.pools.items())),
            self.bonus,
            tuple(sorted(self.commanded)),
            tuple(sorted(self.ignored)),
            tuple(sorted(self.disabled.items())),
            tuple(sorted(self.damage.items())),
            (self.ignore_left, self.disable_left, self.annihilate_left, self.retire_left),
            (self.hunting, self.recruited, self.opening, self.may_replace),
            tuple(sorted(self.annihilated)),
            self.terminal,
            self.winners,
            tuple(self.out_order),
        )

    def state_hash(self) -> str:
        """A digest of :meth:`key` (the same game always gives the same hash)."""
        return hashlib.sha256(repr(self.key()).encode()).hexdigest()[:16]

    def observation(self, player: int) -> dict:
        """What ``player`` may see: every public zone, its own hand, the others' pile sizes."""
        name = self.game.card_id
        return {
            "turn": self.turn,
            "current": self.current,
            "authority": self.authority if player == self.current else None,
            "market": [name(i) if i >= 0 else None for i in self.market],
            "market_deck": len(self.market_deck),
            "generals": [name(i) for i in self.generals],
            "players": [
                {
                    "hp": p.hp,
                    "alive": p.alive,
                    "hand": [name(i) for i in p.hand] if s == player else len(p.hand),
                    "deck": len(p.deck),
                    "discard": [name(i) for i in p.discard],
                    "rows": [[name(i) for i in r] for r in p.rows],
                    "general": [name(i) for i in p.general],
                }
                for s, p in enumerate(self.players)
            ],
        }

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
