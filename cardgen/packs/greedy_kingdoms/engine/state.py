"""The state of a game of Greedy Kingdoms and its rules, OpenSpiel style.

Decisions, in the manual's order:

* **chance**: Rock-Scissors-Paper decides the first Attacker (:meth:`State.chance_outcomes`,
  two outcomes of probability 1/2, applied with :meth:`State.apply_chance`);
* **distribute**: the initial Resource distribution, Defender, Attacker, Defender, each a
  different type among Gold, Food and Land;
* **start**: the Attacker's start of turn: start-of-turn Upgrade effects and the refill of the
  Upgrade line happen by themselves, then the Attacker chooses a Resource;
* **develop** (twice a turn): obtain an Upgrade, obtain a Royal Palace, promote a Character
  (the Resources returned are part of the action) or pass;
* **commit**: both players choose three Characters at once (simultaneous: their actions are
  applied together, neither sees the other's);
* **order**: the Attacker picks the next Successful Character to resolve while two or more
  remain (Failed Characters are resolved first, by themselves: their order cannot change what
  is paid, see the rules reference).

``apply_actions([a0, a1])`` takes one action per acting player (``None`` for the others).
"""

from __future__ import annotations

import copy
import hashlib
import random
from dataclasses import dataclass

from cardgen.packs.greedy_kingdoms.engine.actions import (
    CHOOSE,
    COMMIT,
    OBTAIN,
    PALACE,
    PASS,
    PROMOTE,
    RESOLVE,
    describe,
)
from cardgen.packs.greedy_kingdoms.engine.game import CHOOSABLE_IX, ZERO, Character, Game, Vec

CHANCE, DISTRIBUTE, START, DEVELOP, COMMIT_PHASE, ORDER, DEVELOP2, OVER = range(8)
PHASES = ("chance", "distribute", "start", "develop", "commit", "order", "develop2", "over")
#: ``winner`` of a drawn game (the turn limit reached)
DRAW = 2
#: what became of a Character put on the Battlefield (``State.played``)
FAILED, PAID, UNPAID, DEFENDED = range(4)


class IllegalActionError(ValueError):
    """An action that is not legal for that player now."""


@dataclass(frozen=True, slots=True)
class PlayerResult:
    seat: int
    palaces: int
    honor: int
    winner: bool


class State:
    """A game in progress.  Public: ``phase``, ``attacker``, ``turn``, ``res``, ``supply``,
    ``promoted``, ``line``, ``kingdom``, ``palaces``; hidden: the order of ``upgrade_deck``
    and ``special_deck`` (the top is the end of the list)."""

    def __init__(self, game: Game, seed: int, *, log_events: bool = True) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        n_res = 4
        self.phase = CHANCE
        self.attacker = 0
        self.first_attacker = -1
        self.turn = 0
        self.res = [[0] * n_res, [0] * n_res]
        self.supply = [game.chips] * n_res
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
        self.history: list[tuple] = []
        self.events: list[tuple] | None = [] if log_events else None
        # counters for the simulation (always kept: cheap)
        self.bought: list[int] = []  # Upgrade card indices obtained, in order
        self.offered: list[int] = []  # Upgrade card indices put in the line, in order
        self.promotions = 0
        #: Characters put on the Battlefield: (seat, number, special, outcome), outcome one of
        #: FAILED, PAID, UNPAID (the Attacker's) or DEFENDED (the Defender's)
        self.played: list[tuple[int, int, bool, int]] = []

    # --- OpenSpiel-style queries ---------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 2

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Rock-Scissors-Paper between the two players: each seat wins with probability 1/2
        (ties are replayed, so they do not change the odds)."""
        return [(0, 0.5), (1, 0.5)] if self.phase == CHANCE else []

    def sample_chance(self) -> int:
        """An outcome of the chance node drawn with the state's own generator."""
        return 0 if self.rng.random() < 0.5 else 1

    def acting_players(self) -> list[int]:
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

    def legal_actions(self, player: int) -> list[int]:
        """The legal actions of ``player`` now, sorted (empty when they do not act)."""
        if player not in self.acting_players():
            return []
        ph, g = self.phase, self.game
        if ph == DISTRIBUTE:
            return [CHOOSE + r for r in CHOOSABLE_IX if r not in self.distributed]
        if ph == START:
            return [CHOOSE + r for r in CHOOSABLE_IX if self.supply[r] > 0]
        if ph == COMMIT_PHASE:
            return [COMMIT + k for k in range(len(g.combos))]
        if ph == ORDER:
            return [RESOLVE + n for n in sorted(self.pending)]
        return self._develop_actions(player)

    def _develop_actions(self, p: int) -> list[int]:
        g, have = self.game, self.res[p]
        out = [PASS]
        for k, card in enumerate(self.line):
            if card >= 0 and _covers(have, g.upgrades[card].cost):
                out.append(OBTAIN + k)
        if self.palace_pile > 0 and _covers(have, g.upgrades[g.palace].cost):
            out.append(PALACE)
        if self.special_deck:
            size = self.promotion_size(p)
            for j, pay in enumerate(g.payments):
                if len(pay) == size and _covers(have, _count(pay)):
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

    # --- applying -------------------------------------------------------------------------------
    def apply_chance(self, outcome: int) -> None:
        """Resolve Rock-Scissors-Paper: seat ``outcome`` is the first Attacker."""
        if self.phase != CHANCE or outcome not in (0, 1):
            raise IllegalActionError(f"no chance outcome {outcome} now")
        self.history.append(("c", outcome))
        self.attacker = self.first_attacker = outcome
        self._log("first_attacker", outcome)
        self.phase = DISTRIBUTE

    def apply_actions(self, actions: list[int | None] | tuple, *, check: bool = True) -> None:
        """Apply one action per acting player (``None`` for the others)."""
        acting = self.acting_players()
        if check:
            if len(actions) != 2:
                raise IllegalActionError("give one entry per seat (None when not acting)")
            for p in range(2):
                a = actions[p]
                if (a is None) != (p not in acting):
                    must = "must" if p in acting else "cannot"
                    raise IllegalActionError(f"P{p + 1} {must} act now ({PHASES[self.phase]})")
                if a is not None and a not in self.legal_actions(p):
                    raise IllegalActionError(
                        f"P{p + 1}: {describe(a, self.game)} ({a}) is not legal in the "
                        f"{PHASES[self.phase]} phase"
                    )
        self.history.append(("p", actions[0], actions[1]))
        ph = self.phase
        if ph == DISTRIBUTE:
            p = acting[0]
            r = actions[p] - CHOOSE
            self.distributed.append(r)
            self._gain(p, _unit(r), "distribute")
            if len(self.distributed) == 3:
                self._start_turn()
        elif ph == START:
            r = actions[self.attacker] - CHOOSE
            self._gain(self.attacker, _unit(r), "start")
            self.phase = DEVELOP
        elif ph in (DEVELOP, DEVELOP2):
            self._develop(actions[self.attacker])
        elif ph == COMMIT_PHASE:
            for p in acting:
                self.commits[p] = self.game.combos[actions[p] - COMMIT]
            if all(c is not None for c in self.commits):
                self._battle()
        elif ph == ORDER:
            self._resolve(actions[self.attacker] - RESOLVE)
            self._after_success()

    # --- the turn -------------------------------------------------------------------------------
    def _start_turn(self) -> None:
        g, p = self.game, self.attacker
        self.turn += 1
        self._log("turn", self.turn, p)
        for u in self.kingdom[p]:
            up = g.upgrades[u]
            if up.start != ZERO:
                self._gain(p, up.start, f"start:{up.card_id}")
            if up.block != ZERO and self.last_failed:
                k = self.last_failed
                self._gain(p, tuple(k * x for x in up.block), f"block:{up.card_id}")  # type: ignore[arg-type]
        for k in range(len(self.line)):
            if self.line[k] < 0 and self.upgrade_deck:
                self.line[k] = self.upgrade_deck.pop()
                self.offered.append(self.line[k])
                self._log("refill", k, g.upgrades[self.line[k]].card_id)
        if any(self.supply[r] > 0 for r in CHOOSABLE_IX):
            self.phase = START
        else:
            self._log("no_choice", p)
            self.phase = DEVELOP

    def _develop(self, a: int) -> None:
        g, p = self.game, self.attacker
        if a == PASS:
            self._log("pass", p)
        elif OBTAIN <= a < PALACE:
            k = a - OBTAIN
            card = self.line[k]
            self.line[k] = -1
            self._pay(p, g.upgrades[card].cost)
            self.kingdom[p].append(card)
            self.bought.append(card)
            self._log("obtain", p, g.upgrades[card].card_id)
        elif a == PALACE:
            self._pay(p, g.upgrades[g.palace].cost)
            self.palace_pile -= 1
            self.kingdom[p].append(g.palace)
            self.bought.append(g.palace)
            self.palaces[p] += 1
            self._log("palace", p, self.palaces[p])
            if self.palaces[p] >= g.palaces_to_win:
                self.winner = p
                self.phase = OVER
                self._log("win", p, self.turn)
                return
        else:
            paid = _count(g.payments[a - PROMOTE])
            self._pay(p, paid)
            n = self.special_deck.pop()
            self.promoted[p][n - 1] = True
            self.promotions += 1
            self._log("promote", p, n, paid)
        if self.phase == DEVELOP:
            self.commits = [None, None]
            self.phase = COMMIT_PHASE
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self._log("end_turn", self.turn)
        if self.turn >= self.game.settings.turn_limit:
            self.winner = DRAW
            self.phase = OVER
            self._log("draw", self.turn)
            return
        self.attacker = 1 - self.attacker
        self._start_turn()

    # --- the battle -----------------------------------------------------------------------------
    def _battle(self) -> None:
        att, dfd = self.attacker, self.defender
        mine, theirs = self.commits[att], self.commits[dfd]
        self._log("reveal", att, mine, theirs)
        failed = [n for n in mine if n in theirs]
        for n in theirs:
            self.played.append((dfd, n, self.promoted[dfd][n - 1], DEFENDED))
        self.pending = [n for n in mine if n not in theirs]
        for n in failed:
            ch = self.character(att, n)
            paid = self._pay_partial(att, ch.cost)
            self.played.append((att, n, ch.special, FAILED))
            self._log("failed", att, n, paid)
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
            self._log("battle_end", self.attacker)
            self.phase = DEVELOP2

    def _resolve(self, n: int) -> None:
        att = self.attacker
        self.pending.remove(n)
        ch = self.character(att, n)
        have = self.res[att]
        if _covers(have, ch.cost):
            self._pay(att, ch.cost)
            self._log("success", att, n, ch.cost, ch.income)
            self._gain(att, ch.income, "income")
            for u in self.kingdom[att]:
                up = self.game.upgrades[u]
                if n in up.bonus:
                    self._gain(att, up.bonus[n], f"bonus:{up.card_id}")
            self.played.append((att, n, ch.special, PAID))
        else:
            paid = self._pay_partial(att, ch.cost)
            self.played.append((att, n, ch.special, UNPAID))
            self._log("unpaid", att, n, paid)

    # --- Resources ------------------------------------------------------------------------------
    def _gain(self, p: int, amounts: Vec, why: str) -> Vec:
        """Move ``amounts`` from the Resource Area to ``p``'s Kingdom, as far as the piles go
        (``settings.supply_shortfall``); returns what was taken."""
        partial = self.game.settings.supply_shortfall == "partial"
        got = []
        for r, want in enumerate(amounts):
            have = self.supply[r]
            take = min(want, have) if partial else (want if have >= want else 0)
            self.supply[r] -= take
            self.res[p][r] += take
            got.append(take)
        out: Vec = tuple(got)  # type: ignore[assignment]
        if out != amounts:
            self._log("short", p, amounts, out)
        self._log("gain", p, out, why)
        return out

    def _pay(self, p: int, amounts: Vec) -> None:
        for r, n in enumerate(amounts):
            self.res[p][r] -= n
            self.supply[r] += n

    def _pay_partial(self, p: int, amounts: Vec) -> Vec:
        paid: Vec = tuple(min(n, self.res[p][r]) for r, n in enumerate(amounts))  # type: ignore[assignment]
        self._pay(p, paid)
        return paid

    def _log(self, *event) -> None:
        if self.events is not None:
            self.events.append(event)

    # --- results, copies, hashes ----------------------------------------------------------------
    def returns(self) -> list[float]:
        """1 for the winner, 0 for the loser, 0.5 each in a draw (or while unfinished)."""
        if self.winner in (0, 1):
            return [1.0 if p == self.winner else 0.0 for p in range(2)]
        return [0.5, 0.5]

    def results(self) -> list[PlayerResult]:
        return [
            PlayerResult(p, self.palaces[p], self.res[p][0], self.winner == p) for p in range(2)
        ]

    def clone(self) -> State:
        """An independent copy (its generator in the same state)."""
        new = copy.copy(self)  # the scalars and the game; the lists are copied below
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        for name in ("res", "promoted", "kingdom"):
            setattr(new, name, [list(x) for x in getattr(self, name)])
        for name in ("supply", "upgrade_deck", "special_deck", "line", "palaces", "distributed",
                     "commits", "pending", "history", "bought", "offered", "played"):  # fmt: skip
            setattr(new, name, list(getattr(self, name)))
        new.events = None if self.events is None else list(self.events)
        return new

    def determinise(self, player: int, rng: random.Random) -> State:
        """A copy in which what ``player`` cannot see (the order of the Upgrade and Special
        Worker decks) is reshuffled, with a generator reseeded from ``rng``."""
        new = self.clone()
        rng.shuffle(new.upgrade_deck)
        rng.shuffle(new.special_deck)
        new.rng = random.Random(rng.getrandbits(64))
        new.events = None
        return new

    def public_key(self) -> tuple:
        """Everything a state's future depends on, for hashing."""
        return (
            self.phase, self.attacker, self.first_attacker, self.turn, self.res, self.supply,
            self.promoted, self.upgrade_deck, self.special_deck, self.line, self.palace_pile,
            self.kingdom, self.palaces, self.distributed, self.commits, self.pending, self.winner,
            self.last_failed,
        )  # fmt: skip

    def state_hash(self) -> str:
        """A SHA-256 of the state and its history."""
        return hashlib.sha256(repr((self.public_key(), self.history)).encode()).hexdigest()

    def observation(self, player: int) -> dict:
        """What ``player`` may see: everything but the decks' order (their sizes and the
        Special Workers left are public) and the other player's commit before the reveal
        (under ``defender_reveals_after`` the Defender sees the Attacker's)."""
        g = self.game
        # face down until the reveal (the other reading lets the Defender see the Attacker's)
        hidden_commit = self.phase == COMMIT_PHASE and not g.settings.defender_reveals_after
        return {
            "phase": PHASES[self.phase],
            "turn": self.turn,
            "attacker": self.attacker,
            "resources": [list(r) for r in self.res],
            "supply": list(self.supply),
            "promoted": [[n for n in g.numbers if pr[n - 1]] for pr in self.promoted],
            "line": [g.upgrades[c].card_id if c >= 0 else None for c in self.line],
            "upgrade_deck": len(self.upgrade_deck),
            "special_deck_left": sorted(self.special_deck),
            "palace_pile": self.palace_pile,
            "kingdom": [[g.upgrades[u].card_id for u in k] for k in self.kingdom],
            "commits": [
                None if c is None or (hidden_commit and p != player) else list(c)
                for p, c in enumerate(self.commits)
            ],
            "pending": sorted(self.pending),
        }


def _covers(have: list[int], cost: Vec) -> bool:
    return all(h >= c for h, c in zip(have, cost, strict=True))


def _count(pay: tuple[int, ...]) -> Vec:
    out = [0, 0, 0, 0]
    for r in pay:
        out[r] += 1
    return tuple(out)  # type: ignore[return-value]


def _unit(r: int) -> Vec:
    out = [0, 0, 0, 0]
    out[r] = 1
    return tuple(out)  # type: ignore[return-value]
