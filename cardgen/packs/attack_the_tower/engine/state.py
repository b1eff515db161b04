"""The state of a game of Attack the Tower and its rules, on the engine kit's protocol.

One player acts at a time (:meth:`State.movers`); :meth:`State.legal_actions` lists the ints
of :mod:`.actions`; :meth:`State.apply` plays one and advances through every step that needs
no decision (recruiting, resolving damage, healing, the palace battle).  Events are tuples
``(type, *fields)`` as :mod:`.definition` declares them.  Readings of garbled or silent
passages follow ``table.settings`` (the rules reference).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardgen.engine import ScenarioError, seat_name
from cardgen.engine.vocab import check_record
from cardgen.engine.zones import Field, FieldState, StateZones
from cardgen.packs.attack_the_tower.engine import actions as A
from cardgen.packs.attack_the_tower.engine.game import Compiled, Design

# phases
SETUP_DRAW = "setup-draw"
SETUP_KEEP = "setup-keep"
SETUP_BUILD = "setup-build"
RENEW_CHOICE = "renew-choice"
RENEW_DRAW = "renew-draw"
RENEW_DISCARD = "renew-discard"
RENEW_BUILD = "renew-build"
MAIN = "main"
WINDOW = "abilities"
ALLOCATE = "allocate"
OVER = "over"
PHASES = (
    SETUP_DRAW,
    SETUP_KEEP,
    SETUP_BUILD,
    RENEW_CHOICE,
    RENEW_DRAW,
    RENEW_DISCARD,
    RENEW_BUILD,
    MAIN,
    WINDOW,
    ALLOCATE,
    OVER,
)
# battle unit kinds
TROOP, SPECIAL, BASE, PALACE = "troop", "special", "base", "palace"
UNIT_KINDS = (TROOP, SPECIAL, BASE, PALACE)
#: the damage pools of a battle's allocations
POOLS = ("troops", "infantry", "regular", "artillery")
#: a battle's steps
STEPS = ("abilities", "initiative", "regular")
PILES = ("ability", "base")
#: the fields of a battle in the designer's view, of each of its units and of its queue
BATTLE_FIELDS = ("origin", "target", "palace", "step", "passes", "units", "queue")
UNIT_FIELDS = ("seat", "kind", "slot", "card", "troop", "power", "damage", "dead", "struck")
QUEUE_FIELDS = ("seat", "points", "pool")


@dataclass(slots=True)
class Player:
    """One army: piles, discards, hand, board (design per slot, -1 empty), troops per slot,
    special troops on the palace (design indices, oldest first) and abilities in play."""

    piles: dict[str, list[int]]
    discards: dict[str, list[int]]
    hand: list[int]
    board: list[int]
    troops: list[int]
    specials: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)
    burns: int = 0
    #: damage this army has assigned in the game (the scenarios' tally)
    dealt: int = 0


@dataclass(slots=True)
class Unit:
    """One fighter of a battle: a troop (``slot`` its base), a special troop (``slot`` its
    design), a base or the palace."""

    owner: int
    kind: str
    slot: int
    troop: int
    power: int
    damage: int = 0
    dead: bool = False
    struck: bool = False

    @property
    def lethal(self) -> bool:
        return self.damage >= max(self.power, 1)

    def copy(self) -> Unit:
        return Unit(
            self.owner,
            self.kind,
            self.slot,
            self.troop,
            self.power,
            self.damage,
            self.dead,
            self.struck,
        )


@dataclass(slots=True)
class Battle:
    """A battle under way: the territories, the units, and the damage still to assign."""

    origin: int
    target: int
    palace: bool
    units: list[Unit] = field(default_factory=list)
    passes: int = 0
    step: str = "abilities"
    #: the allocations still to make: [player, points, pool], the first is current
    queue: list[list] = field(default_factory=list)
    #: each army's units with their indices, once read (the units never change in a battle)
    armies: tuple[list[tuple[int, Unit]], list[tuple[int, Unit]]] | None = field(
        default=None, compare=False, repr=False
    )

    def army(self, owner: int) -> list[tuple[int, Unit]]:
        """``owner``'s units with their indices, in order."""
        armies = self.armies
        if armies is None:
            armies = self.armies = ([], [])
            for i, u in enumerate(self.units):
                armies[u.owner].append((i, u))
        return armies[owner]

    def copy(self) -> Battle:
        return Battle(
            self.origin,
            self.target,
            self.palace,
            [u.copy() for u in self.units],
            self.passes,
            self.step,
            [list(q) for q in self.queue],
        )


class State(FieldState):
    """A game of two armies; seat 0 and 1.

    Its fields are declared once (:data:`ZONES`); the kit derives from them ``clone``,
    ``determinise`` (what a seat cannot see resampled: the other army's hand, as many cards
    of each pile as it holds, and the order of every draw pile), ``digest``, ``observation``
    (what a seat may see: both boards, the discards, the abilities in play, its own hand; of
    the piles their sizes and of the other hand its cards per pile; the designer's view lists
    the piles in order, top last) and ``arrange`` (completed by :meth:`arranged`)."""

    num_players = 2
    ZONES = StateZones(
        shared=(
            Field("turn"),
            Field("phase"),
            Field("attacker", write=lambda st, v: seat_name(v), read=lambda st, v: _seat(v)),
            Field(
                "actor",
                key="to_act",
                write=lambda st, v: None if st.phase == OVER else seat_name(v),
                read=lambda st, v: st.attacker if v is None else _seat(v),
            ),
            Field(
                "winner",
                write=lambda st, v: None if v is None else seat_name(v),
                read=lambda st, v: None if v is None else _seat(v),
            ),
            Field("stalemate"),
            Field("attacks", "list", read=lambda st, v: st._attacks(v)),
            Field("draws_left"),
            Field(
                "queue",
                "list",
                "renewal_queue",
                write=lambda st, v: [seat_name(p) for p in v],
                read=lambda st, v: [_seat(p) for p in v],
            ),
            Field(
                "battle",
                "copy",
                write=lambda st, v: None if v is None else st._battle_view(),
                read=lambda st, v: None if v is None else st._arrange_battle(v),
            ),
        ),
        per_seat=(
            Field(
                "board",
                "list",
                write=lambda st, v: [st.design(d).id if d >= 0 else None for d in v],
                read=lambda st, v, p: [
                    -1 if c is None else st._card(c, "board", "base") for c in v
                ],
            ),
            Field("troops", "list", read=lambda st, v, p: list(v)),
            Field(
                "specials",
                "list",
                write=lambda st, v: st._ids(v),
                read=lambda st, v, p: [st._card(c, "specials", "special") for c in v],
            ),
            Field(
                "played",
                "list",
                write=lambda st, v: st._ids(v),
                read=lambda st, v, p: [st._card(c, "played", None) for c in v],
            ),
            Field(
                "discards",
                "dicts",
                write=lambda st, v: {k: st._ids(z) for k, z in v.items()},
                read=lambda st, v, p: st._piles(p, "discards", v),
            ),
            Field(
                "piles",
                "dicts",
                see="nobody",
                pool=lambda st, d: st.table.designs[d].pile,
                write=lambda st, v: {k: st._ids(z) for k, z in v.items()},
                read=lambda st, v, p: st._piles(p, "piles", v),
            ),
            Field(
                "hand",
                "list",
                see="owner",
                unseen="none",
                pool=lambda st, d: st.table.designs[d].pile,
                order="sorted",
                write=lambda st, v: st._ids(v),
                read=lambda st, v, p: sorted(st._card(c, "hand", None) for c in v),
            ),
            Field(
                "hand_piles",
                get=lambda st, p: {
                    k: sum(st.design(d).pile == k for d in st.players[p].hand) for k in PILES
                },
            ),
            Field("burns"),
            Field("dealt"),
        ),
        seats_in="players",
        transient=("_legal",),
    )

    def __init__(self, game: Any, table: Compiled, rng: random.Random) -> None:
        self.game = game
        self.table = table
        self.rng = rng
        self.players: list[Player] = []
        self.phase = SETUP_DRAW
        self.actor = 0
        self.attacker = table.settings.first_player
        self.turn = 0
        self.queue: list[int] = []  # players still to act in the renewal
        self.draws_left = 0
        self.attacks: list[int] = [0] * table.territories
        self.battle: Battle | None = None
        self.winner: int | None = None
        self.stalemate = False
        self.events: list[tuple] | None = []
        #: the legal actions of the seat to act, once listed: (phase, seat, actions); cleared
        #: whenever the state changes (step, arrange), never copied
        self._legal: tuple[str, int, list[int]] | None = None

    # --- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, game: Any, seed: int) -> State:
        """A new game: each army's piles shuffled, seat 0 to draw its opening hand."""
        table = game.table
        state = cls(game, table, random.Random(seed))
        for _ in range(2):
            piles = {pile: table.deck(pile) for pile in ("ability", "base")}
            for pile in piles.values():
                state.rng.shuffle(pile)
            size = table.board_size
            state.players.append(
                Player(piles, {"ability": [], "base": []}, [], [-1] * size, [0] * size)
            )
        state.actor = 0
        return state

    # --- queries ----------------------------------------------------------------------------
    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def movers(self) -> list[int]:
        """The seat to act (none when the game is over)."""
        return [] if self.phase == OVER else [self.actor]

    def returns(self) -> list[float]:
        """1 for the winner, 0 for the loser; 0.5 each for a stalemate."""
        if self.winner is None:
            return [0.5, 0.5] if self.phase == OVER else [0.0, 0.0]
        return [1.0 if p == self.winner else 0.0 for p in range(2)]

    def design(self, index: int) -> Design:
        return self.table.designs[index]

    def complete_territories(self, p: int) -> int:
        """Territories of ``p`` with a base on every slot."""
        n = self.table.slots
        board = self.players[p].board
        return sum(1 for k in range(0, len(board), n) if min(board[k : k + n]) >= 0)

    def territory_troops(self, p: int, territory: int) -> int:
        t = self.table
        return sum(self.players[p].troops[territory * t.slots : (territory + 1) * t.slots])

    def _cleared(self, p: int, territory: int) -> bool:
        """Whether ``p``'s ``territory`` has neither troops nor bases."""
        lo = territory * self.table.slots
        hi = lo + self.table.slots
        me = self.players[p]
        return not any(me.troops[lo:hi]) and max(me.board[lo:hi]) < 0

    def territory_bases(self, p: int, territory: int) -> int:
        t = self.table
        board = self.players[p].board[territory * t.slots : (territory + 1) * t.slots]
        return sum(b >= 0 for b in board)

    # --- legal actions ----------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[int]:
        """The actions ``seat`` may take now, sorted (none when it does not act)."""
        memo = self._legal
        if memo is not None and memo[1] == seat and memo[0] == self.phase:
            return list(memo[2])
        if self.phase == OVER or seat != self.actor:
            return []
        memo = self._legal = (self.phase, seat, self._list_legal())
        return list(memo[2])

    def _list_legal(self) -> list[int]:
        p = self.actor
        me = self.players[p]
        ph = self.phase  # the phases by how often a game meets them
        if ph == WINDOW:
            return [A.PASS, *self._plays(p)]
        if ph == MAIN:
            acts = [A.END_TURN, *self._plays(p)]
            t = self.table
            limit, slots, troops = t.settings.attacks_per_territory, t.slots, me.troops
            attacks = self.attacks
            for f, targets in enumerate(t.attack_actions):  # ascending after the plays: sorted
                if attacks[f] < limit and any(troops[f * slots : (f + 1) * slots]):
                    acts += targets
            return acts
        if ph in (SETUP_BUILD, RENEW_BUILD):
            return list(self.table.hand_actions(me.hand)[0])
        if ph in (SETUP_DRAW, RENEW_DRAW):
            piles, discards = me.piles, me.discards
            again = self.table.settings.reshuffle_discards  # (as _can_draw)
            draws: list[int] = []
            if piles["ability"] or (again and discards["ability"]):
                draws.append(A.DRAW_ABILITY)
            if piles["base"] or (again and discards["base"]):
                draws.append(A.DRAW_BASE)
            return draws
        if ph == SETUP_KEEP:
            most = self.table.settings.max_burns
            burn = most is None or me.burns < most
            return [A.KEEP, A.BURN] if burn else [A.KEEP]
        if ph == RENEW_CHOICE:
            return [A.RENEW, A.NO_RENEW]
        if ph == RENEW_DISCARD:
            return sorted({A.DISCARD + d for d in me.hand})
        if ph == ALLOCATE:
            return [A.TARGET + i for i in self._targets()]
        raise AssertionError(ph)

    def _can_draw(self, p: int, pile: str) -> bool:
        me = self.players[p]
        if me.piles[pile]:
            return True
        return self.table.settings.reshuffle_discards and bool(me.discards[pile])

    def _plays(self, p: int) -> tuple[int, ...] | list[int]:
        """The plays of ``p``'s hand, sorted: its ability cards, its special troops the
        complete territories allow."""
        _builds, plays, specials = self.table.hand_actions(self.players[p].hand)
        if not specials:
            return plays
        designs = self.table.designs
        allowed = [A.PLAY + d for d in specials if self._special_allowed(p, designs[d])]
        return sorted((*plays, *allowed)) if allowed else plays

    def _special_allowed(self, p: int, design: Design) -> bool:
        if "loyal" in design.special_traits:
            return True
        held = sum("loyal" not in self.design(s).special_traits for s in self.players[p].specials)
        if "unique" in design.special_traits:  # the new one replaces an older unique troop
            held -= sum(
                "unique" in self.design(s).special_traits
                and "loyal" not in self.design(s).special_traits
                for s in self.players[p].specials
            )
        return held + 1 <= self.complete_territories(p)

    def _targets(self) -> list[int]:
        """The units the current allocation may damage (unit indices, sorted): of identical
        units (owner, kind, slot) the most damaged."""
        b = self.battle
        assert b is not None and b.queue
        player, _points, kind = b.queue[0]
        kinds, infantry = self._target_kinds(player, kind)
        if not kinds:
            return []
        best: dict[tuple[str, int], Unit] = {}  # every target is the enemy's: by kind and slot
        found: dict[tuple[str, int], int] = {}
        infantries = self.table.infantry if infantry else None
        for i, u in b.army(1 - player):
            if u.dead or u.kind not in kinds:
                continue
            damage = u.damage
            if damage and damage >= u.power:  # assigned lethal damage: max(power, 1)
                continue
            if infantries is not None and not infantries[u.troop]:
                continue
            key = (u.kind, u.slot)
            k = best.get(key)
            if k is None or damage > k.damage:
                best[key] = u
                found[key] = i
        if len(found) == 1:
            return list(found.values())
        return sorted(found.values())

    def _target_kinds(self, player: int, kind: str) -> tuple[tuple[str, ...], bool]:
        """The unit kinds ``player``'s damage of pool ``kind`` may be assigned to (units of
        the enemy not dead nor assigned lethal damage), and whether only infantry troops."""
        if kind == "troops":
            return (TROOP, SPECIAL), False
        if kind == "infantry":
            if self.table.settings.strike_targets == "any":
                return (TROOP, SPECIAL), False
            return (TROOP,), True
        if kind == "regular":  # opposing troops; bases and the palace once unmanned
            if self._manned(1 - player):
                return (TROOP, SPECIAL), False
            return UNIT_KINDS, False
        if kind == "artillery":  # the Siege Engineers' bypass names bases, not the palace
            if not self._manned(1 - player):
                return (BASE, PALACE), False
            return ((BASE,) if self._bypass(player) else ()), False
        raise AssertionError(kind)

    def _manned(self, owner: int) -> bool:
        """Whether ``owner``'s bases or palace in this battle are manned: a troop of the
        territory not assigned lethal damage (special troops stand on the palace: they man it
        with that setting, never a territory)."""
        b = self.battle
        assert b is not None
        manning = SPECIAL if b.palace else TROOP
        if b.palace and not self.table.settings.palace_manned_by_specials:
            return False
        for _i, u in b.army(owner):
            if u.kind == manning and not u.dead:
                damage = u.damage
                if not damage or damage < u.power:  # not assigned lethal damage
                    return True
        return False

    def _bypass(self, player: int) -> bool:
        """Whether ``player``'s artillery may damage defended bases (an ability in play); a
        manned palace stays out of its reach."""
        return self.table.in_play(self.players[player].played).bypass

    def _effects(self, player: int) -> tuple:
        """The effects of ``player``'s abilities in play, in order."""
        return self.table.in_play(self.players[player].played).effects

    # --- applying actions -------------------------------------------------------------------
    def action_to_string(self, seat: int, action: int) -> str:
        """``action`` in the game's words (:data:`.actions.PATTERNS`)."""
        kind, a, b = A.decode(action)
        if kind in ("play", "discard"):
            return f"{kind} {self.design(a).id}"
        if kind == "build":
            return f"build {self.design(a).id} {b}"
        if kind == "attack":
            return f"attack {a} {b}"
        if kind == "target":
            u = (
                self.battle.units[a]
                if self.battle is not None and a < len(self.battle.units)
                else None
            )
            if u is None:
                return f"target unit {a}"  # no such unit: written, never legal
            where = (
                ""
                if u.kind == PALACE
                else f" {self.design(u.slot).id if u.kind == SPECIAL else u.slot}"
            )
            return f"target {seat_name(u.owner)} {u.kind}{where}"
        return kind

    def phase_word(self) -> str:
        return self.phase

    def apply_chosen(self, actions: Mapping[int, int]) -> None:
        """:meth:`apply` unchecked: the simulation's bots choose among the legal actions."""
        self.step(actions[self.actor])

    def step(self, action: int) -> None:
        """Play ``action``, legal for the seat to act, and advance to the next decision."""
        p = self.actor
        ph = self.phase
        self._legal = None
        if ph == ALLOCATE:
            self._allocate(action - A.TARGET)
        elif ph == WINDOW:
            self._window(p, action)
        elif ph == MAIN:
            if action == A.END_TURN:
                self._end_turn()
            elif action < A.ATTACK:
                self._play(p, action - A.PLAY)
            else:
                self._declare(*divmod(action - A.ATTACK, 10))
        elif ph in (SETUP_DRAW, RENEW_DRAW):
            self._draw(p, "ability" if action == A.DRAW_ABILITY else "base")
            if ph == SETUP_DRAW:
                if len(self.players[p].hand) >= self.table.opening_hand or not self._any_draw(p):
                    self.phase = SETUP_KEEP
            else:
                self.draws_left -= 1
                self._after_renew_draw(p)
        elif ph == SETUP_KEEP:
            if action == A.BURN:
                self._burn(p)
            elif p == 0:
                self.actor, self.phase = 1, SETUP_DRAW
                if not self._any_draw(1):
                    self.phase = SETUP_KEEP
            else:
                self.actor, self.phase = 0, SETUP_BUILD
        elif ph in (SETUP_BUILD, RENEW_BUILD):
            if action == A.DONE:
                self._done_building(p)
            else:
                self._build(p, *divmod(action - A.BUILD, 100))
        elif ph == RENEW_CHOICE:
            self._event("renewal" if action == A.RENEW else "no-renewal", p)
            if action == A.RENEW:
                self._renew()
            else:
                self.phase = MAIN
        elif ph == RENEW_DISCARD:
            self._discard(p, action - A.DISCARD)
            self._after_renew_draw(p)
        # (the battle's settling may list the next decision's legal actions)
        if self.phase == ALLOCATE and not self._settle_queue():
            self._end_battle()

    # --- cards ------------------------------------------------------------------------------
    def _any_draw(self, p: int) -> bool:
        return self._can_draw(p, "ability") or self._can_draw(p, "base")

    def _draw(self, p: int, pile: str) -> None:
        me = self.players[p]
        if not me.piles[pile]:
            me.piles[pile], me.discards[pile] = me.discards[pile], []
            self.rng.shuffle(me.piles[pile])
            self._event("reshuffle", p, pile)
        card = me.piles[pile].pop()
        hand = me.hand
        hand.append(card)
        hand.sort()
        events = self.events
        if events is not None:
            events.append(("draw", p, pile, self.table.designs[card].id))

    def _burn(self, p: int) -> None:
        me = self.players[p]
        me.burns += 1
        for card in me.hand:
            me.discards[self.design(card).pile].append(card)
        self._event("burn", p, [self.design(c).id for c in me.hand])
        me.hand = []
        self.phase = SETUP_DRAW if self._any_draw(p) else SETUP_KEEP

    def _discard(self, p: int, design: int) -> None:
        me = self.players[p]
        me.hand.remove(design)
        me.discards[self.design(design).pile].append(design)
        self._event("discard", p, self.design(design).id)

    def _build(self, p: int, design: int, slot: int) -> None:
        me = self.players[p]
        me.hand.remove(design)
        old = me.board[slot]
        if old >= 0:
            me.discards["base"].append(old)
            self._event(
                "base-destroyed",
                p,
                slot,
                self.design(old).id,
                me.troops[slot],
                "built-over",
            )
        me.board[slot] = design
        me.troops[slot] = 0
        self._event("build", p, slot, self.design(design).id)
        self._check_specials(p)

    def _play(self, p: int, design: int) -> None:
        me = self.players[p]
        me.hand.remove(design)
        d = self.design(design)
        if d.is_special:
            if "unique" in d.special_traits:
                self._newest_unique(p)
            me.specials.append(design)
            self._event("special-recruited", p, d.id)
        else:
            me.played.append(design)
            self._event("ability", p, d.id)

    def _lose_special(self, p: int, design: int, cause: str) -> None:
        """``p``'s special troop ``design`` is destroyed: off the palace, out of the battle."""
        me = self.players[p]
        me.specials.remove(design)
        me.discards["ability"].append(design)
        if cause != "killed":
            self._kill_fighting(p, SPECIAL, design, 1)
        self._event("special-destroyed", p, self.design(design).id, cause)

    def _check_specials(self, p: int) -> None:
        """Special troops beyond the complete territories that maintain them are destroyed at
        once, the newest first (loyal ones need none)."""
        me = self.players[p]
        while me.specials:
            designs = self.table.designs
            held = [s for s in me.specials if "loyal" not in designs[s].special_traits]
            if len(held) <= self.complete_territories(p):
                return
            self._lose_special(p, held[-1], "territory-broken")

    # --- renewal ----------------------------------------------------------------------------
    def _renew(self) -> None:
        t = self.table
        unique_bases, most = t.unique_bases, t.max_troops
        for p in (self.attacker, self.defender):
            me = self.players[p]
            board, troops = me.board, me.troops
            unique = []  # the bases recruited on whose troop type is unique
            for s, d in enumerate(board):
                if d >= 0 and troops[s] < most:
                    troops[s] += 1
                    if unique_bases[d]:
                        unique.append(s)
            if self.events is not None:
                self.events.append(("recruit", p, list(troops)))
            if unique:  # recruited together: the last base's is the newest
                self._newest_unique(p, unique[-1])
        self.queue = [self.attacker, self.defender]
        self._next_in_renewal()

    def _unique_base(self, p: int, slot: int) -> bool:
        d = self.players[p].board[slot]
        return d >= 0 and self.table.unique_bases[d]

    def _newest_unique(self, p: int, slot: int | None = None) -> None:
        """One troop with the unique trait on ``p``'s field: the newest (just recruited on base
        ``slot``, or a special troop about to be) destroys every older one, whatever its kind."""
        me = self.players[p]
        for s in range(self.table.board_size):
            keep = 1 if s == slot else 0
            if self._unique_base(p, s) and me.troops[s] > keep:
                lost = me.troops[s] - keep
                me.troops[s] = keep
                self._kill_fighting(p, TROOP, s, lost)
                self._event("unique-replaced", p, s, lost)
        for old in [d for d in me.specials if "unique" in self.design(d).special_traits]:
            self._lose_special(p, old, "unique")

    def _kill_fighting(self, p: int, kind: str, slot: int, n: int) -> None:
        """``n`` of ``p``'s units (``kind`` on ``slot``) in the battle under way, if any, die
        off the battlefield (a broken territory, a newer unique troop)."""
        if self.battle is None:
            return
        for u in self.battle.units:
            if n and u.owner == p and u.kind == kind and u.slot == slot and not u.dead:
                u.dead = True
                n -= 1

    def _next_in_renewal(self) -> None:
        if not self.queue:
            self.actor, self.phase = self.attacker, MAIN
            return
        p = self.queue.pop(0)
        self.actor = p
        self.draws_left = self.table.renewal_draw
        self.phase = RENEW_DRAW
        self._after_renew_draw(p)

    def _after_renew_draw(self, p: int) -> None:
        if self.draws_left > 0 and self._any_draw(p):
            self.phase = RENEW_DRAW
        elif len(self.players[p].hand) > self.table.hand_limit:
            self.phase = RENEW_DISCARD
        else:
            self.phase = RENEW_BUILD

    def _done_building(self, p: int) -> None:
        if self.phase == SETUP_BUILD:
            if p == 0:
                self.actor = 1
            else:
                self._start_turn(first=True)
            return
        self._next_in_renewal()

    # --- turns ------------------------------------------------------------------------------
    def _start_turn(self, first: bool = False) -> None:
        if not first:
            self.attacker = self.defender
        self.turn += 1
        self.attacks = [0] * self.table.territories
        if self.turn > self.table.settings.max_turns:
            self.stalemate = True
            self.phase = OVER
            self._event("stalemate", self.table.settings.max_turns)
            return
        self.actor, self.phase = self.attacker, RENEW_CHOICE
        self._event("turn", self.turn, self.attacker)

    def _end_turn(self) -> None:
        for _p, me in enumerate(self.players):
            for d in me.played:
                me.discards["ability"].append(d)
            me.played = []
        self._event("end-turn", self.attacker)
        self._start_turn()

    # --- battles ----------------------------------------------------------------------------
    def _declare(self, origin: int, target: int) -> None:
        self.attacks[origin] += 1
        empty = self._cleared(self.defender, target)
        self.battle = Battle(origin, target, palace=empty)
        self._event("attack", self.attacker, origin, target, empty)
        self.phase, self.actor = WINDOW, self.attacker

    def _window(self, p: int, action: int) -> None:
        b = self.battle
        assert b is not None
        if action == A.PASS:
            b.passes += 1
        else:
            b.passes = 0
            self._play(p, action - A.PLAY)
        if b.passes >= 2:
            self._combat()
        else:
            self.actor = 1 - p

    def _combat(self) -> None:
        b = self.battle
        assert b is not None
        t = self.table
        att, dfd = self.attacker, self.defender
        joins = t.settings.special_troops_join == "every_battle"
        fx_att, fx_dfd = self._effects(att), self._effects(dfd)  # read once a battle
        if b.palace and b.units:  # the survivors of the territory battle
            units = [u for u in b.units if u.owner == att and not u.dead]
            for u in units:
                u.damage, u.struck = 0, False
            for u in units:  # their power with the abilities in play now
                u.power = self._power(att, u.kind, u.slot, u.troop, fx_att)
        else:
            units = self._troop_units(att, b.origin, fx_att)
            if joins:
                units += self._special_units(att, fx_att)
        if b.palace:
            if joins or t.settings.special_troops_join == "palace_only":
                units += self._special_units(dfd, fx_dfd)
            units.append(Unit(dfd, PALACE, -1, -1, t.palace_power))
        else:
            units += self._troop_units(dfd, b.target, fx_dfd)
            if joins:
                units += self._special_units(dfd, fx_dfd)
            lo = b.target * t.slots
            board = self.players[dfd].board
            units += [
                Unit(dfd, BASE, s, -1, t.base_power)
                for s in range(lo, lo + t.slots)
                if board[s] >= 0
            ]
        b.armies = None  # the new units: read again
        b.units = units
        self._event(
            "combat",
            b.palace,
            len(units),
        )
        b.step = "initiative"
        if t.settings.initiative_simultaneous:
            b.queue = [*self._initiative(att), *self._initiative(dfd)]
        else:
            b.queue = self._initiative(att)
        self.phase = ALLOCATE

    def _troop_units(self, p: int, territory: int, effects: tuple) -> list[Unit]:
        """``p``'s troops on ``territory``, their power with the ``effects`` in play."""
        t = self.table
        me = self.players[p]
        board, troops, designs = me.board, me.troops, t.designs
        lo = territory * t.slots
        units: list[Unit] = []
        for s in range(lo, lo + t.slots):
            n = troops[s]
            if n and board[s] >= 0:
                troop = designs[board[s]].troop
                power = self._power(p, TROOP, s, troop, effects)
                units += [Unit(p, TROOP, s, troop, power) for _ in range(n)]
        return units

    def _special_units(self, p: int, effects: tuple) -> list[Unit]:
        """``p``'s special troops, their power with the ``effects`` in play."""
        return [
            Unit(p, SPECIAL, d, -1, self._power(p, SPECIAL, d, -1, effects))
            for d in self.players[p].specials
        ]

    def _power(self, owner: int, kind: str, slot: int, troop: int, effects: tuple) -> int:
        """A troop's power (a special troop's: ``slot`` its design) with the abilities its
        owner has in play (their ``effects``)."""
        if kind == SPECIAL:
            power = self.table.designs[slot].special_power
        else:
            power = self.table.troop_power[troop]
        if not effects:
            return power if power > 0 else 0
        attacking = owner == self.attacker
        applies = (-1, troop) if kind == TROOP else (-1,)
        for e in effects:
            if e.kind == "set_power" and e.troop in applies:
                power = e.amount
        for e in effects:
            if (
                e.kind == "power"
                and (e.when == "always" or (e.when == "attacking") == attacking)
                and e.troop in applies
            ):
                power += e.amount
        return max(power, 0)

    @staticmethod
    def _applies(e, u: Unit) -> bool:
        return e.troop == -1 or (u.kind == TROOP and e.troop == u.troop)

    def _extra(self, p: int) -> int:
        """Extra damage of ``p``'s special troops alive on the palace (the Blacksmith), in
        every battle whether or not they fight in it."""
        specials = self.players[p].specials
        if not specials:
            return 0
        designs = self.table.designs
        return sum(designs[s].extra_damage for s in specials)

    def _initiative(self, p: int) -> list[list]:
        """``p``'s initiative allocations: its initiative troops' damage against troops, and
        the strikes of its abilities against infantry."""
        b = self.battle
        assert b is not None
        t = self.table
        enemy = 1 - p
        in_play = t.in_play
        points = 0
        if not in_play(self.players[enemy].played).cancels_initiative:
            facing = False
            for _i, u in b.army(enemy):
                if not u.dead and u.kind in (TROOP, SPECIAL):
                    facing = True
                    break
            per_troop = self._extra(p) if t.settings.extra_damage == "per_troop" else 0
            strikes_idle = facing or not t.settings.idle_initiative_strikes_regular
            troops = t.troops
            for _i, u in b.army(p):
                if u.dead or u.kind != TROOP:
                    continue
                if not troops[u.troop].initiative:
                    continue
                if strikes_idle:
                    u.struck = True
                    points += u.power + per_troop if facing else 0
        strikes = 0
        for e in in_play(self.players[p].played).strikes:
            strikes += e.amount * sum(
                1
                for _i, u in b.army(p)
                if u.kind in (TROOP, SPECIAL) and not u.dead and self._applies(e, u)
            )
        return [[p, points, "troops"], [p, strikes, "infantry"]]

    def _regular(self, p: int) -> list[list]:
        b = self.battle
        assert b is not None
        t = self.table
        extra = self._extra(p)
        mode = t.settings.extra_damage
        per_troop = extra if mode == "per_troop" else 0
        fighting = False  # a troop or special troop of p's alive
        points = artillery = 0
        troops = t.troops
        for _i, u in b.army(p):
            if u.dead:
                continue
            kind = u.kind
            if kind in (TROOP, SPECIAL):
                fighting = True
            if u.struck:
                continue
            if kind in (BASE, PALACE):
                points += u.power
            elif kind == TROOP and troops[u.troop].artillery:
                artillery += u.power + per_troop
            else:
                points += u.power + per_troop
        if mode == "per_battle" and fighting:
            points += extra
        return [[p, points, "regular"], [p, artillery, "artillery"]]

    def _allocate(self, index: int) -> None:
        b = self.battle
        assert b is not None
        entry = b.queue[0]
        u = b.units[index]
        power = u.power
        amount = min(entry[1], (power if power > 1 else 1) - u.damage)
        u.damage += amount
        entry[1] -= amount
        self.players[entry[0]].dealt += amount
        events = self.events
        if events is not None:
            events.append(("damage", entry[0], index, u.kind, amount, entry[2]))

    def _settle_queue(self) -> bool:
        """Drop finished allocations; advance the battle's steps.  True when a decision is
        needed (an allocation with points and targets)."""
        b = self.battle
        assert b is not None
        sequential = not self.table.settings.initiative_simultaneous
        while True:
            targets: list[int] = []  # the head allocation's, once it has points
            while b.queue and (b.queue[0][1] <= 0 or not (targets := self._targets())):
                done = b.queue.pop(0)
                if done[1] > 0:
                    self._event("damage-lost", done[0], done[1], done[2])
                if (
                    sequential
                    and b.step == "initiative"
                    and not b.queue
                    and done[0] == self.attacker
                ):
                    self._resolve()  # the attacker's strikes land before the defender's
                    b.queue = self._initiative(self.defender)
                    continue
            if b.queue:
                self.actor = actor = b.queue[0][0]  # its legal actions, listed already:
                self._legal = (ALLOCATE, actor, [A.TARGET + i for i in targets])
                return True
            self._resolve()
            if self.winner is not None:
                return False
            if b.step == "initiative":
                b.step = "regular"
                b.queue = [*self._regular(self.attacker), *self._regular(self.defender)]
                continue
            return False

    def _resolve(self) -> None:
        """Every unit assigned lethal damage is destroyed, on the board too; then the special
        troops a broken territory no longer maintains, at once (before any palace battle)."""
        b = self.battle
        assert b is not None
        broken = False
        for u in b.units:
            damage = u.damage
            if u.dead or not damage or damage < u.power:  # not assigned lethal damage
                continue
            u.dead = True
            me = self.players[u.owner]
            if u.kind == TROOP:
                n = me.troops[u.slot]
                me.troops[u.slot] = n - 1 if n > 0 else 0
                if self.events is not None:
                    self.events.append(("troop-killed", u.owner, u.slot))
            elif u.kind == SPECIAL:
                if u.slot in me.specials:
                    self._lose_special(u.owner, u.slot, "killed")
            elif u.kind == BASE:
                old = me.board[u.slot]
                me.board[u.slot] = -1
                me.discards["base"].append(old)
                for other in b.units:  # the troops of a destroyed base go with it
                    if other.owner == u.owner and other.kind == TROOP and other.slot == u.slot:
                        other.dead = True
                self._event(
                    "base-destroyed",
                    u.owner,
                    u.slot,
                    self.design(old).id,
                    me.troops[u.slot],
                    "battle",
                )
                me.troops[u.slot] = 0
                broken = True
            else:
                self.winner = 1 - u.owner
                self._event("palace-destroyed", u.owner, self.winner)
        if broken and self.winner is None:
            self._check_specials(self.defender)

    def _end_battle(self) -> None:
        b = self.battle
        assert b is not None
        d = self.defender
        if self.winner is not None:
            self.phase = OVER
            self.battle = None
            return
        att = self.attacker
        survivors = 0
        for u in b.units:
            if u.owner == att and not u.dead:
                survivors += 1
        self._event("battle-end", survivors)
        if not b.palace and survivors and self._cleared(d, b.target):
            self.battle = Battle(b.origin, b.target, True, b.units)
            self._event("palace-battle", att, survivors)
            self.phase, self.actor = WINDOW, self.attacker
            return
        self.battle = None
        for p in (self.attacker, d):
            self._check_specials(p)
        self.phase, self.actor = MAIN, self.attacker

    # --- observation, hashing, determinisation ------------------------------------------------
    def _battle_view(self) -> dict[str, Any]:
        b = self.battle
        assert b is not None
        troops = self.table.troops
        return {
            "origin": b.origin,
            "target": b.target,
            "palace": b.palace,
            "step": b.step,
            "passes": b.passes,
            "units": [
                {
                    "seat": seat_name(u.owner),
                    "kind": u.kind,
                    "slot": u.slot if u.kind in (TROOP, BASE) else None,
                    "card": self.design(u.slot).id if u.kind == SPECIAL else None,
                    "troop": troops[u.troop].id if u.troop >= 0 else None,
                    "power": u.power,
                    "damage": u.damage,
                    "dead": u.dead,
                    "struck": u.struck,
                }
                for u in b.units
            ],
            "queue": [{"seat": seat_name(q[0]), "points": q[1], "pool": q[2]} for q in b.queue],
        }

    def _event(self, *event: Any) -> None:
        """Record ``(type, *fields)`` in the order :mod:`.definition` declares the fields."""
        if self.events is not None:
            self.events.append(event)

    # --- described states (scenarios' ``given``) ----------------------------------------------
    def arranged(self, given: Mapping[str, Any]) -> None:
        """A described position (any field of the designer's view, seats' under ``players``
        by index) made whole: the cards a seat is given on its board, in its hand, on its
        palace, in play or in its discards leave its piles unless the piles are given too.
        Without ``to_act`` the attacker acts."""
        self._legal = None
        t = self.table
        for p, fields in (given.get("players") or {}).items():
            me = self.players[p]
            for key in ("board", "troops"):
                if key in fields and len(fields[key]) != t.board_size:
                    raise ScenarioError(
                        f"P{p + 1} {key}: {t.board_size} slots, not {len(fields[key])}"
                    )
            for slot, n in enumerate(me.troops):
                if n and me.board[slot] < 0:
                    raise ScenarioError(f"P{p + 1}: troops on slot {slot}, which has no base")
                if not 0 <= n <= t.max_troops:
                    raise ScenarioError(
                        f"P{p + 1}: {n} troops on slot {slot}: a base holds 0 to {t.max_troops}"
                    )
            placed = [d for d in me.board if d >= 0] if "board" in fields else []
            for key in ("hand", "specials", "played"):
                placed += getattr(me, key) if key in fields else []
            for pile in fields.get("discards") or ():
                placed += me.discards[pile]
            piles_given = set(fields.get("piles") or ())
            for d in placed:
                pile = self.design(d).pile
                if pile in piles_given:
                    continue
                if d not in me.piles[pile]:
                    raise ScenarioError(
                        f"P{p + 1}: no copy of {self.design(d).id} left in its army"
                    )
                me.piles[pile].remove(d)
        if "to_act" not in given and ("attacker" in given or "phase" in given):
            self.actor = self.attacker

    def _ids(self, designs: list[int]) -> list[str]:
        return [self.design(d).id for d in designs]

    def _attacks(self, value: list[int]) -> list[int]:
        if len(value) != self.table.territories:
            raise ScenarioError(f"attacks: one number per territory ({self.table.territories})")
        return list(value)

    def _piles(self, p: int, key: str, value: Mapping[str, list[str]]) -> dict[str, list[int]]:
        """Seat ``p``'s ``piles`` or ``discards`` with those ``value`` names set."""
        out = dict(getattr(self.players[p], key))
        for pile, cards in value.items():
            out[pile] = [self._card(c, f"{key}.{pile}", pile) for c in cards]
        return out

    def _card(self, card_id: str, where: str, kind: str | None) -> int:
        d = self.table.by_id.get(card_id)
        if d is None:
            raise ScenarioError(f"{where}: unknown card {card_id!r}")
        design = self.design(d)
        if kind == "special" and not design.is_special:
            raise ScenarioError(f"{where}: {card_id} is not a special troop card")
        if kind in PILES and design.pile != kind:
            raise ScenarioError(f"{where}: {card_id} is not a {kind} card")
        return d

    def _arrange_battle(self, v: Mapping[str, Any]) -> Battle:
        check_record(v, BATTLE_FIELDS, BATTLE_FIELDS, "battle")
        for k, u in enumerate(v["units"]):
            check_record(u, UNIT_FIELDS, UNIT_FIELDS, f"battle.units[{k}]")
        for k, q in enumerate(v["queue"]):
            check_record(q, QUEUE_FIELDS, QUEUE_FIELDS, f"battle.queue[{k}]")
        tindex = {t.id: i for i, t in enumerate(self.table.troops)}
        units = [
            Unit(
                int(u["seat"][1:]) - 1,
                u["kind"],
                self._card(u["card"], "battle", "special")
                if u["kind"] == SPECIAL
                else (-1 if u["slot"] is None else u["slot"]),
                -1 if u["troop"] is None else tindex[u["troop"]],
                u["power"],
                u["damage"],
                u["dead"],
                u["struck"],
            )
            for u in v["units"]
        ]
        queue = [[int(q["seat"][1:]) - 1, q["points"], q["pool"]] for q in v["queue"]]
        return Battle(v["origin"], v["target"], v["palace"], units, v["passes"], v["step"], queue)


def _seat(word: str) -> int:
    """``P2`` as 1."""
    return int(word[1:]) - 1
