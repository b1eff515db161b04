"""The state of a game of Greedy Kingdoms and its rules, on the engine kit's protocol.

Decisions, in the manual's order:

* **chance**: Rock-Scissors-Paper decides the first Attacker (a chance node: two outcomes of
  probability 1/2, :meth:`State.chance_outcomes`);
* **distribute**: the initial Resource distribution, Defender, Attacker, Defender, each a
  different type among Gold, Food and Land;
* **start**: the Attacker's start of turn: start-of-turn Upgrade effects and the refill of the
  Upgrade line happen by themselves, then the Attacker chooses a Resource;
* **develop** (twice a turn): obtain an Upgrade, obtain a Royal Palace, promote a Character
  (the Resources returned are part of the action) or pass;
* **commit**: both players choose three Characters at once (one simultaneous step: neither
  sees the other's; under ``settings.defender_reveals_after`` the Attacker first, then the
  Defender seeing it);
* **order**: the Attacker picks the next Successful Character to resolve while two or more
  remain (Failed Characters are resolved first, by themselves: their order cannot change what
  is paid, see the rules reference).

The designer's view (:meth:`State.observation` of ``None``) holds every field a scenario may
set (:meth:`State.arrange`); a seat's view hides the decks' order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardgen.engine import IllegalAction, ScenarioError
from cardgen.engine.zones import Field, FieldState, StateZones
from cardgen.packs.greedy_kingdoms.engine.actions import (
    CHOOSABLE_IX,
    CHOOSE,
    COMMIT,
    OBTAIN,
    PALACE,
    PASS,
    PROMOTE,
    RESOLVE,
    ZERO,
    Vec,
    words,
)
from cardgen.packs.greedy_kingdoms.model import RESOURCES

if TYPE_CHECKING:  # the game makes the state (new_initial_state): these name its types
    from cardgen.packs.greedy_kingdoms.engine.game import Character, Game

CHANCE, DISTRIBUTE, START, DEVELOP, COMMIT_PHASE, ORDER, DEVELOP2, OVER = range(8)
PHASES = ("chance", "distribute", "start", "develop", "commit", "order", "develop2", "over")
#: ``winner`` of a drawn game (the turn limit reached)
DRAW = 2


class State(FieldState):
    """A game in progress.  Public: ``phase``, ``attacker``, ``turn``, ``res``, ``supply``,
    ``promoted``, ``line``, ``kingdom``, ``palaces``; hidden: the order of ``upgrade_deck``
    and ``special_deck`` (the top is the end of the list).

    Its fields are declared once (:data:`ZONES`); the kit derives from them ``clone``,
    ``determinise`` (the decks' order resampled), ``digest``, ``observation`` (what a seat may
    see: everything but the decks' order — the Upgrade Deck's size and the Special Workers
    left are public — and the other player's commit before the reveal, which under
    ``defender_reveals_after`` the Defender sees; Resources are mappings by name; the decks
    list their top card last) and ``arrange`` (completed by :meth:`arranged`)."""

    ZONES = StateZones(
        shared=(
            Field("phase", write=lambda st, v: PHASES[v], read=lambda st, v: PHASES.index(v)),
            Field("turn"),
            Field("attacker", write=lambda st, v: f"P{v + 1}", read=lambda st, v: int(v[1:]) - 1),
            Field("movers", get=lambda st: [f"P{p + 1}" for p in st.movers()]),
            Field("supply", "list", write=lambda st, v: _named(v), read=lambda st, v: _vec(v)),
            Field("line", "list", write=lambda st, v: st._ids(v), read=lambda st, v: st._line(v)),
            Field(
                "upgrade_deck",
                "list",
                see="nobody",
                pool="upgrades",
                write=lambda st, v: st._ids(v),
                read=lambda st, v: [st._upgrade(c, "upgrade_deck") for c in v],
            ),
            Field(
                "special_deck",
                "list",
                see="nobody",
                unseen="sorted",
                pool="specials",
                write=lambda st, v: list(v),
                read=lambda st, v: [st._special(n, "special_deck") for n in v],
            ),
            Field("palace_pile"),
            Field(
                "distributed",
                "list",
                write=lambda st, v: [RESOURCES[r] for r in v],
                read=lambda st, v: [RESOURCES.index(r) for r in v],
            ),
            Field("pending", "list", write=lambda st, v: sorted(v), read=lambda st, v: list(v)),
            Field("last_failed"),
        ),
        per_seat=(
            Field(
                "res",
                "lists",
                "resources",
                write=lambda st, v: _named(v),
                read=lambda st, v, p: _vec(v),
            ),
            Field(
                "promoted",
                "lists",
                write=lambda st, v: [n for n in st.game.numbers if v[n - 1]],
                read=lambda st, v, p: st._promoted(v),
            ),
            Field(
                "kingdom",
                "lists",
                write=lambda st, v: st._ids(v),
                read=lambda st, v, p: [st._upgrade(c, "kingdom") for c in v],
            ),
            Field("palaces", "list", settable=False),
            Field(
                "commits",
                "list",
                "commit",
                see=lambda st, owner, seat: (
                    owner == seat
                    or st.phase != COMMIT_PHASE
                    or st.game.settings.defender_reveals_after
                ),
                unseen="none",
                write=lambda st, v: None if v is None else list(v),
                read=lambda st, v, p: None if v is None else tuple(sorted(v)),
            ),
        ),
    )

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.phase = CHANCE
        self.attacker = 0
        self.first_attacker = -1
        self.turn = 0
        self.res = [[0] * 4, [0] * 4]
        self.supply = [game.chips] * 4
        self.promoted = [[False] * len(game.numbers), [False] * len(game.numbers)]
        deck = list(game.upgrade_deck)
        self.rng.shuffle(deck)
        self.upgrade_deck = deck
        specials = list(game.special_numbers)
        if game.settings.shuffle_special_deck:
            self.rng.shuffle(specials)
        else:
            specials.reverse()  # unshuffled: ① on top
        self.special_deck = specials
        self.line = [-1] * game.line_size
        self.palace_pile = game.palace_count
        self.kingdom: list[list[int]] = [[], []]
        self.palaces = [0, 0]
        self.distributed: list[int] = []  # the types taken in the initial distribution
        self.commits: list[tuple[int, ...] | None] = [None, None]
        self.pending: list[int] = []
        #: the Attacker's Failed Characters in the last battle: the Defender's Upgrades that pay
        #: for them (``block_income``) do so at the start of its own next turn (G16)
        self.last_failed = 0
        self.winner = -1
        self.events: list[tuple] | None = []

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    # --- who moves, what is legal --------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Rock-Scissors-Paper between the two players: each seat wins with probability 1/2
        (ties are replayed, so they do not change the odds)."""
        return [(0, 0.5), (1, 0.5)] if self.phase == CHANCE else []

    def sample_chance(self) -> int:
        """An outcome of the chance node drawn with the state's own generator."""
        return 0 if self.rng.random() < 0.5 else 1

    def chance_to_string(self, outcome: int) -> str:
        return f"P{outcome + 1} wins Rock-Scissors-Paper"

    def movers(self) -> list[int]:
        """The players who choose now (both in the commit; none at chance or the end)."""
        ph = self.phase
        if ph in (CHANCE, OVER):
            return []
        if ph == DISTRIBUTE:
            return [self.attacker if len(self.distributed) == 1 else self.defender]
        if ph == COMMIT_PHASE:
            if self.game.settings.defender_reveals_after:
                return [self.attacker if self.commits[self.attacker] is None else self.defender]
            return [0, 1]
        return [self.attacker]

    def legal_actions(self, seat: int) -> list[int]:
        """The legal actions of ``seat`` now, sorted (empty when it does not move)."""
        if seat not in self.movers():
            return []
        ph, g = self.phase, self.game
        if ph == DISTRIBUTE:
            return [CHOOSE + r for r in CHOOSABLE_IX if r not in self.distributed]
        if ph == START:
            return [CHOOSE + r for r in CHOOSABLE_IX if self.supply[r] > 0]
        if ph == COMMIT_PHASE:
            return list(range(COMMIT, COMMIT + len(g.combos)))
        if ph == ORDER:
            return [RESOLVE + n for n in sorted(self.pending)]
        return self._develop_actions(seat)

    def allowed(self, p: int, a: int) -> bool:
        """Whether mover ``p`` may play ``a`` now (:meth:`legal_actions` holds it), without
        listing every legal action."""
        ph, g, have = self.phase, self.game, self.res[p]
        if ph in (DEVELOP, DEVELOP2):
            if a == PASS:
                return True
            if OBTAIN <= a < PALACE:
                k = a - OBTAIN
                return (
                    k < len(self.line)
                    and self.line[k] >= 0
                    and _covers(have, g.upgrades[self.line[k]].cost)
                )
            if a == PALACE:
                return self.palace_pile > 0 and _covers(have, g.upgrades[g.palace].cost)
            j = a - PROMOTE
            return (
                0 <= j < len(g.payment_chips)
                and bool(self.special_deck)
                and g.payment_sizes[j] == self.promotion_size(p)
                and _covers(have, g.payment_chips[j])
            )
        if ph == COMMIT_PHASE:
            return 0 <= a - COMMIT < len(g.combos)
        return a in self.legal_actions(p)

    def phase_word(self) -> str:
        return PHASES[self.phase]

    def _develop_actions(self, p: int) -> list[int]:
        g, have = self.game, self.res[p]
        out = [PASS]
        for k, card in enumerate(self.line):
            if card >= 0 and _covers(have, g.upgrades[card].cost):
                out.append(OBTAIN + k)
        if self.palace_pile > 0 and _covers(have, g.upgrades[g.palace].cost):
            out.append(PALACE)
        if self.special_deck:
            for j, pay in g.payments_of.get(self.promotion_size(p), ()):
                if _covers(have, pay):
                    out.append(PROMOTE + j)
        return out

    def promotion_size(self, p: int) -> int:
        """How many Resources ``p`` returns to promote (the rules' less the discounts)."""
        off = sum(self.game.upgrades[u].discount for u in self.kingdom[p])
        return max(0, self.game.promotion_cost - off)

    def character(self, p: int, number: int) -> Character:
        """The Character numbered ``number`` in ``p``'s hand (Special once promoted)."""
        g = self.game
        return g.special[number] if self.promoted[p][number - 1] else g.ordinary[number]

    def action_to_string(self, seat: int, action: int) -> str:
        return words(action, self.game.combos)

    # --- applying -------------------------------------------------------------------------------
    def apply_chance(self, outcome: int) -> None:
        """Resolve Rock-Scissors-Paper: seat ``outcome`` is the first Attacker."""
        if self.phase != CHANCE or outcome not in (0, 1):
            raise IllegalAction(f"no chance outcome {outcome} now")
        self.attacker = self.first_attacker = outcome
        self.emit("first_attacker", outcome)
        self.phase = DISTRIBUTE

    def apply_chosen(self, actions: Mapping[int, int]) -> None:
        """:meth:`apply` unchecked: the simulation's bots choose among the legal actions."""
        ph = self.phase
        if ph == DISTRIBUTE:
            (p, a), *_ = actions.items()
            self.distributed.append(a - CHOOSE)
            self._gain(p, _unit(a - CHOOSE), "distribute")
            if len(self.distributed) == 3:
                self._start_turn()
        elif ph == START:
            self._gain(self.attacker, _unit(actions[self.attacker] - CHOOSE), "start")
            self.phase = DEVELOP
        elif ph in (DEVELOP, DEVELOP2):
            self._develop(actions[self.attacker])
        elif ph == COMMIT_PHASE:
            for p, a in actions.items():
                self.commits[p] = self.game.combos[a - COMMIT]
            if all(c is not None for c in self.commits):
                self._battle()
        elif ph == ORDER:
            self._resolve(actions[self.attacker] - RESOLVE)
            self._after_success()

    def action_words(self, seat: int, action: int) -> str:
        if action < 0 or (action >= RESOLVE and action - RESOLVE not in self.game.numbers):
            return f"play action {action}"
        try:
            return repr(words(action, self.game.combos))
        except IndexError:
            return f"play action {action}"

    # --- the turn -------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        g, p = self.game, self.attacker
        self.turn += 1
        self.emit("turn", self.turn, p)
        for u in self.kingdom[p]:
            up = g.upgrades[u]
            if up.start != ZERO:
                self._gain(p, up.start, "start", up.card_id)
            if up.block != ZERO and self.last_failed:
                k = self.last_failed
                self._gain(p, tuple(k * x for x in up.block), "block", up.card_id)  # type: ignore[arg-type]
        for k in range(len(self.line)):
            if self.line[k] < 0 and self.upgrade_deck:
                self.line[k] = self.upgrade_deck.pop()
                self.emit("refill", p, k + 1, g.upgrades[self.line[k]].card_id)
        if any(self.supply[r] > 0 for r in CHOOSABLE_IX):
            self.phase = START
        else:
            self.emit("no_choice", p)
            self.phase = DEVELOP

    def _develop(self, a: int) -> None:
        g, p = self.game, self.attacker
        if a == PASS:
            self.emit("pass", p)
        elif OBTAIN <= a < PALACE:
            k = a - OBTAIN
            card = self.line[k]
            self.line[k] = -1
            self._pay(p, g.upgrades[card].cost)
            self.kingdom[p].append(card)
            self.emit("obtain", p, g.upgrades[card].card_id, k + 1)
        elif a == PALACE:
            self._pay(p, g.upgrades[g.palace].cost)
            self.palace_pile -= 1
            self.kingdom[p].append(g.palace)
            self.palaces[p] += 1
            self.emit("palace", p, g.upgrades[g.palace].card_id, self.palaces[p])
            if self.palaces[p] >= g.palaces_to_win:
                self.winner = p
                self.phase = OVER
                self.emit("win", p, self.turn)
                return
        else:
            paid = g.payment_chips[a - PROMOTE]
            self._pay(p, paid)
            n = self.special_deck.pop()
            self.promoted[p][n - 1] = True
            self.emit("promote", p, n, g.special[n].card_id, paid)
        if self.phase == DEVELOP:
            self.commits = [None, None]
            self.phase = COMMIT_PHASE
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.emit("end_turn", self.turn)
        if self.turn >= self.game.settings.turn_limit:
            self.winner = DRAW
            self.phase = OVER
            self.emit("draw", self.turn)
            return
        self.attacker = 1 - self.attacker
        self._start_turn()

    # --- the battle -----------------------------------------------------------------------------
    def _battle(self) -> None:
        att, dfd = self.attacker, self.defender
        mine, theirs = self.commits[att], self.commits[dfd]
        assert mine is not None and theirs is not None
        self.emit("reveal", att, mine, theirs)
        failed = [n for n in mine if n in theirs]
        self.pending = [n for n in mine if n not in theirs]
        for n in failed:
            ch = self.character(att, n)
            self.emit("failed", att, n, ch.card_id, self._pay_partial(att, ch.cost))
        # the Defender does not do anything in step 3: its Upgrades pay for these at the start of
        # its own next turn (G16)
        self.last_failed = len(failed)
        self._after_success()

    def _after_success(self) -> None:
        if len(self.pending) == 1:
            self._resolve(self.pending[0])
        if self.pending:
            self.phase = ORDER
        else:
            self.emit("battle_end", self.attacker)
            self.phase = DEVELOP2

    def _resolve(self, n: int) -> None:
        att = self.attacker
        self.pending.remove(n)
        ch = self.character(att, n)
        if _covers(self.res[att], ch.cost):
            self._pay(att, ch.cost)
            self.emit("success", att, n, ch.card_id, True, ch.cost, ch.income)
            self._gain(att, ch.income, "income")
            for u in self.kingdom[att]:
                up = self.game.upgrades[u]
                if n in up.bonus:
                    self._gain(att, up.bonus[n], "bonus", up.card_id)
        else:
            paid = self._pay_partial(att, ch.cost)
            self.emit("success", att, n, ch.card_id, False, paid, ch.income)

    # --- Resources ------------------------------------------------------------------------------
    def _gain(self, p: int, amounts: Vec, why: str, card: str | None = None) -> None:
        """Move ``amounts`` from the Resource Area to ``p``'s Kingdom, as far as the piles go
        (``settings.supply_shortfall``)."""
        partial = self.game.settings.supply_shortfall == "partial"
        supply, mine = self.supply, self.res[p]
        got = []
        for r, want in enumerate(amounts):
            have = supply[r]
            take = (want if want < have else have) if partial else (want if have >= want else 0)
            supply[r] = have - take
            mine[r] += take
            got.append(take)
        out = tuple(got)
        if out != amounts:
            self.emit("short", p, amounts, out)
        self.emit("gain", p, out, why, card)

    def _pay(self, p: int, amounts: Vec) -> None:
        for r, n in enumerate(amounts):
            self.res[p][r] -= n
            self.supply[r] += n

    def _pay_partial(self, p: int, amounts: Vec) -> Vec:
        paid: Vec = tuple(min(n, self.res[p][r]) for r, n in enumerate(amounts))  # type: ignore[assignment]
        self._pay(p, paid)
        return paid

    def emit(self, *event: Any) -> None:
        if self.events is not None:
            self.events.append(event)

    # --- results, copies, digests ---------------------------------------------------------------
    def returns(self) -> list[float]:
        """1 for the winner, 0 for the loser, 0.5 each in a draw (or while unfinished)."""
        if self.winner in (0, 1):
            return [1.0 if p == self.winner else 0.0 for p in range(2)]
        return [0.5, 0.5]

    def arranged(self, given: Mapping[str, Any]) -> None:
        """A described position (any field of the designer's view, seats' under ``players``
        by index; a Resource not named holds no chips) made whole: what is not given stays as
        it was, but for the piles, which keep every card and chip in one place: without
        ``supply`` it is the chips no player holds; without ``upgrade_deck`` it loses the
        Upgrades given to the line and the Kingdoms; without ``special_deck`` the promoted
        numbers; without ``palace_pile`` the palaces placed."""
        g = self.game
        self.palaces = [k.count(g.palace) for k in self.kingdom]
        if "supply" not in given:
            self.supply = [g.chips - self.res[0][r] - self.res[1][r] for r in range(4)]
            if min(self.supply) < 0:
                raise ScenarioError("resources: more chips than the game has")
        if "upgrade_deck" not in given:
            for u in [c for c in self.line if c >= 0] + [u for k in self.kingdom for u in k]:
                if u in self.upgrade_deck:
                    self.upgrade_deck.remove(u)
        if "special_deck" not in given:
            promoted = {n for pr in self.promoted for n in g.numbers if pr[n - 1]}
            self.special_deck = [n for n in self.special_deck if n not in promoted]
        if "palace_pile" not in given:
            self.palace_pile = g.palace_count - sum(self.palaces)
        over = self.phase == OVER
        won = [p for p in (0, 1) if self.palaces[p] >= g.palaces_to_win]
        self.winner = (won[0] if won else DRAW) if over else -1

    def _ids(self, cards: list[int]) -> list[str | None]:
        """Upgrades (indices, -1 an empty slot) as card ids."""
        ups = self.game.upgrades
        return [ups[c].card_id if c >= 0 else None for c in cards]

    def _line(self, value: list[str | None]) -> list[int]:
        if len(value) != self.game.line_size:
            raise ScenarioError(f"line: {len(value)} slots, the game has {self.game.line_size}")
        return [-1 if c is None else self._upgrade(c, "line") for c in value]

    def _promoted(self, value: list[int]) -> list[bool]:
        for n in value:
            self._special(n, "promoted")
        return [n in value for n in self.game.numbers]

    def _upgrade(self, card_id: str, where: str) -> int:
        k = self.game.upgrade_index.get(card_id)
        if k is None:
            raise ScenarioError(f"{where}: {card_id!r} is not an Upgrade")
        return k

    def _special(self, n: Any, where: str) -> int:
        if n not in self.game.special:
            raise ScenarioError(f"{where}: no Special Worker numbered {n!r}")
        return int(n)


def _covers(have: list[int], cost: Vec) -> bool:
    return have[0] >= cost[0] and have[1] >= cost[1] and have[2] >= cost[2] and have[3] >= cost[3]


def _unit(r: int) -> Vec:
    out = [0, 0, 0, 0]
    out[r] = 1
    return tuple(out)  # type: ignore[return-value]


def _named(v: list[int]) -> dict[str, int]:
    return dict(zip(RESOURCES, v, strict=True))


def _vec(chips: Mapping[str, int]) -> list[int]:
    return [chips.get(r, 0) for r in RESOURCES]
