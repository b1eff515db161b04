"""Attack odds for designers: for each attack strength, what an attack does against a Gate and
a Castle dealt from the catalogue's deck.

The attack is the engine's own (:func:`~.engine.resolve.attack`) on structures whose
cards are dealt lazily, when revealed, so the odds follow every rule and setting the engine
does.  **Exact** odds enumerate every sequence of revealed cards (cards with the same defence
values and effects are one class, drawn with probability count / cards left); when that takes
more than ``odds.exact_limit`` attacks, **seeded simulation** deals ``odds.samples`` random
structures and gives 95 % intervals (Wilson for shares, normal for the mean).

The attacking card is a plain card of the given strength (no effect) and the deck is the
whole catalogue's deck: the attacker's hand is not taken out of it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardgen.packs.castle_rampage.engine.resolve import Battlefield, attack
from cardgen.packs.castle_rampage.engine.state import Seat, deck_of
from cardgen.packs.castle_rampage.model import RampageCard, RampageRules

Z95 = 1.959963984540054


class _TooMany(Exception):
    """The exact enumeration went past its limit."""


class _Need(Exception):
    """A run revealed a card past its prefix: branch on it."""


@dataclass(frozen=True)
class Estimate:
    """A value and, for a simulated one, its 95 % interval."""

    value: float
    low: float | None = None
    high: float | None = None

    @property
    def interval(self) -> tuple[float, float]:
        return (
            self.value if self.low is None else self.low,
            self.value if self.high is None else self.high,
        )


@dataclass(frozen=True)
class OddsRow:
    """The outcome of an attack of ``strength`` in one situation."""

    strength: int
    exact: bool
    #: attacks enumerated (exact) or dealt (simulated)
    attacks: int
    break_gate: Estimate | None  # None: the situation has no Gate
    win: Estimate
    destroyed: Estimate
    #: share of attacks each card design stopped (its defence held or tied), by card id
    stopped_by: dict[str, float]


def _classes(cards: Sequence[RampageCard]) -> list[tuple[RampageCard, int, tuple]]:
    """Deck cards grouped by what matters to a defender (defences, colour, effects): each
    class's first card, its count and its designs with their copies."""
    groups: dict[tuple, list] = {}
    for card in cards:
        if card.pile != "deck":
            continue
        key = (card.gate, card.castle, card.colour, card.effects)
        group = groups.setdefault(key, [card, 0, []])
        group[1] += card.copies
        group[2].append((card.id, card.copies))
    return [(c, n, tuple(m)) for c, n, m in groups.values()]


def _attacker(strength: int) -> RampageCard:
    """A plain attacking card of ``strength`` (no colour, no effect; never on a card face)."""
    return RampageCard.model_construct(
        id="attacker", name="Attacker", attack=strength, placeholders={}
    )


def _run(rules, cards, gate: int, castle: int, strength: int | RampageCard, draw) -> tuple:
    """One attack on undealt structures: (broke gate, won, cards destroyed, the id of the card
    whose defence stopped it, if one did)."""
    side = Seat()
    side.place("gate", [None] * gate)
    side.place("castle", [None] * castle)
    board = Battlefield(0, side, [], [], cards, rules.settings, rules.is_purple, draw)
    attacker = strength if isinstance(strength, RampageCard) else _attacker(strength)
    result = attack(board, attacker)
    holder = None
    if _held(result) and not (result.won and _won_by_tie(result)):
        holder = next(e for e in reversed(result.events) if e[0] == "reveal")[1]
    return result.broke_gate, result.won, len(result.destroyed), holder


def _won_by_tie(result) -> bool:
    """Whether the equal value itself destroyed the last Castle card (not a later effect)."""
    kinds = [e for e in result.events if e[0] in ("destroy", "game_over")]
    end = next(i for i, e in enumerate(kinds) if e[0] == "game_over")
    return kinds[end - 1][3] == "equal"


def _held(result) -> bool:
    """Whether the attack ended on a comparison (a defence held or tied), not on an effect:
    the attack was *stopped by* that card unless the tie itself took the last Castle card."""
    compares = [e for e in result.events if e[0] == "compare"]
    return bool(compares) and compares[-1][3] in ("lower", "equal")


def exact_by_engine(
    rules: RampageRules, cards, gate: int, castle: int, strength: int, limit: int
) -> OddsRow:
    """Every sequence of revealed cards with its probability, each attack played by the engine
    (slow: the reference :func:`exact` is tested against); :class:`_TooMany` past ``limit``."""
    classes = _classes(cards)
    total = sum(n for _, n, _ in classes)
    need = gate + castle
    if total < need:
        raise ValueError(f"the deck has {total} cards, the structures {need}")
    p_break = p_win = e_destroyed = 0.0
    stopped = [0.0] * len(classes)
    index = {c.id: i for i, (c, _, _) in enumerate(classes)}
    by_id = {c.id: c for c, _, _ in classes}
    runs = 0
    stack: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    while stack:
        prefix, prob = stack.pop()
        runs += 1
        if runs > limit:
            raise _TooMany
        it = iter(prefix)

        def draw(it=it) -> str:
            i = next(it, None)
            if i is None:
                raise _Need
            return classes[i][0].id

        try:
            broke, won, destroyed, holder = _run(rules, by_id, gate, castle, strength, draw)
        except _Need:
            used = Counter(prefix)
            left = total - len(prefix)
            for i in range(len(classes) - 1, -1, -1):
                n = classes[i][1] - used[i]
                if n > 0:
                    stack.append(((*prefix, i), prob * n / left))
            continue
        p_break += prob * broke
        p_win += prob * won
        e_destroyed += prob * destroyed
        if holder is not None:
            stopped[index[holder]] += prob
    return OddsRow(
        strength,
        True,
        runs,
        Estimate(p_break) if gate else None,
        Estimate(p_win),
        Estimate(e_destroyed),
        _by_design(classes, stopped),
    )


def wilson(successes: int, n: int) -> Estimate:
    """The share and its 95 % Wilson interval."""
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high)


def simulate(
    rules: RampageRules, cards, gate: int, castle: int, strength: int, samples: int, seed: int
) -> OddsRow:
    """``samples`` seeded random deals; shares with Wilson intervals, the mean with a normal one."""
    deck = [c.id for c in deck_of(cards)]
    by_id = {c.id: c for c in cards}
    rng = random.Random(f"castle-rampage-odds:{seed}:{gate}:{castle}:{strength}")
    breaks = wins = 0
    total = total_sq = 0
    stopped: Counter[str] = Counter()
    attacker = _attacker(strength)
    for _ in range(samples):
        pool = list(deck)

        def draw(pool=pool) -> str:
            i = rng.randrange(len(pool))
            pool[i], pool[-1] = pool[-1], pool[i]
            return pool.pop()

        broke, won, destroyed, holder = _run(rules, by_id, gate, castle, attacker, draw)
        breaks += broke
        wins += won
        total += destroyed
        total_sq += destroyed * destroyed
        if holder is not None:
            stopped[holder] += 1
    mean = total / samples
    var = max(0.0, (total_sq - samples * mean * mean) / max(1, samples - 1))
    half = Z95 * math.sqrt(var / samples)
    return OddsRow(
        strength,
        False,
        samples,
        wilson(breaks, samples) if gate else None,
        wilson(wins, samples),
        Estimate(mean, max(0.0, mean - half), mean + half),
        {k: v / samples for k, v in sorted(stopped.items())},
    )


def strengths(rules: RampageRules, cards) -> list[int]:
    """The strengths of the table: ``odds.strengths``, else 1 to the highest attack."""
    if rules.odds.strengths:
        return sorted(set(rules.odds.strengths))
    top = max((c.attack for c in cards if c.attack is not None), default=1)
    return list(range(1, top + 1))


def odds_table(rules: RampageRules, cards, gate: int, castle: int) -> list[OddsRow]:
    """One row per strength of :func:`strengths`: exact while the chance states stay within
    ``odds.exact_limit`` (a stronger attack reaches more of them, so once a strength goes past
    it the stronger ones are simulated at once)."""
    rows = []
    simulate_rest = False
    for a in strengths(rules, cards):
        if not simulate_rest:
            try:
                rows.append(exact(rules, cards, gate, castle, a, rules.odds.exact_limit))
                continue
            except _TooMany:
                simulate_rest = True
        rows.append(simulate(rules, cards, gate, castle, a, rules.odds.samples, rules.odds.seed))
    return rows


class _Cascade:
    """The attack cascade as a forward pass over chance states: (cards left per class, Gate
    and Castle cards left, strength, attacked structure, whether the attack goes on, cards
    still to destroy unseen), each with its probability, level by level (every step reveals or
    destroys one card).  The same steps as :mod:`.engine.resolve` for a plain attacking card;
    the tests check it against :func:`exact_by_engine`."""

    def __init__(self, rules: RampageRules, classes: list[tuple[RampageCard, int, tuple]]):
        self.tie_effects = rules.settings.purple_on_tie == "apply"
        self.gate = [c.gate for c, _, _ in classes]
        self.castle = [c.castle for c, _, _ in classes]
        self.purple = [c.on_destroyed if rules.is_purple(c) else () for c, _, _ in classes]
        self.broke = self.won = self.destroyed = 0.0
        self.stopped = [0.0] * len(classes)
        self.states = 0

    def run(self, counts: tuple[int, ...], g: int, c: int, s: int, limit: int) -> None:
        """Spread the probability from the first reveal to every outcome."""
        level: dict[tuple, float] = {}
        self._next(level, 1.0, counts, g, c, s, "gate" if g else "castle", True, 0)
        while level:
            self.states += len(level)
            if self.states > limit:
                raise _TooMany
            following: dict[tuple, float] = {}
            for (counts, g, c, s, where, live, pending), mass in level.items():
                total = sum(counts)
                for k, n in enumerate(counts):
                    if n:
                        left = (*counts[:k], n - 1, *counts[k + 1 :])
                        p = mass * n / total
                        self._step(following, p, k, left, g, c, s, where, live, pending)
            level = following

    def _next(self, out, mass, counts, g, c, s, where, live, pending) -> None:
        """File the state that follows (or nothing, when the attack is over)."""
        if where == "gate" and not g:
            pending = 0  # destroy_next takes the next cards of its own structure only (R13)
        target = "gate" if where == "gate" and g else ("castle" if c else None)
        if target is None or not (live or pending):
            return
        key = (counts, g, c, s, target, live, pending)
        out[key] = out.get(key, 0.0) + mass

    def _step(self, out, mass, k, left, g, c, s, where, live, pending) -> None:
        if pending:  # destroyed unseen (destroy_next)
            self._destroyed(out, mass, k, left, g, c, s, where, live, pending - 1, True)
            return
        d = self.gate[k] if where == "gate" else self.castle[k]
        if s < d:
            self.stopped[k] += mass
        elif s == d:
            if not (where == "castle" and c == 1):
                self.stopped[k] += mass
            self._destroyed(out, mass, k, left, g, c, 0, where, False, 0, self.tie_effects)
        else:
            self._destroyed(out, mass, k, left, g, c, s - d, where, True, 0, True)

    def _destroyed(self, out, mass, k, left, g, c, s, where, live, pending, effects) -> None:
        """Class ``k`` is destroyed from ``where``: count it, its purple effects, what follows."""
        self.destroyed += mass
        if where == "gate":
            g -= 1
            if g == 0:
                self.broke += mass
        else:
            c -= 1
            if c == 0:
                self.won += mass
                return  # the game is over
        if effects:
            for effect in self.purple[k]:
                if effect.kind == "end_attack":
                    live = False
                elif effect.kind == "weaken" and live:
                    s -= effect.amount
                    live = s > 0
                elif effect.kind == "destroy_next":
                    pending += effect.count
        self._next(out, mass, left, g, c, s, where, live, pending)


def exact(rules: RampageRules, cards, gate: int, castle: int, strength: int, limit: int) -> OddsRow:
    """Exact odds by the forward pass; :class:`_TooMany` past ``limit`` chance states."""
    classes = _classes(cards)
    total = sum(n for _, n, _ in classes)
    if total < gate + castle:
        raise ValueError(f"the deck has {total} cards, the structures {gate + castle}")
    cascade = _Cascade(rules, classes)
    if gate or rules.settings.empty_gate == "castle":
        counts = tuple(n for _, n, _ in classes)
        cascade.run(counts, gate, castle, strength, limit)
    return OddsRow(
        strength,
        True,
        cascade.states,
        Estimate(cascade.broke) if gate else None,
        Estimate(cascade.won),
        Estimate(cascade.destroyed),
        _by_design(classes, cascade.stopped),
    )


def _by_design(classes, shares) -> dict[str, float]:
    """A class's share split over its designs by their copies (they are exchangeable)."""
    out: dict[str, float] = {}
    for (_, n, members), share in zip(classes, shares, strict=True):
        for design, copies in members:
            out[design] = out.get(design, 0.0) + share * copies / n
    return dict(sorted(out.items()))
