"""Simulation bots: ``choose(state, player, legal) -> action`` (the runner passes ``legal``).

* :class:`FastRandomBot` — uniform over ``legal`` (the same choices as the engine's
  ``RandomBot`` with the same seed, without computing the legal actions twice).
* :class:`EngineBot` — adapts an engine bot (``step(state, player)``), e.g. ``GreedyBot``.
* :class:`LookaheadBot` — determinised one-step lookahead: for each of a few candidate
  actions, play it in a few *worlds* where the cards this player has not seen are re-dealt at
  random (:meth:`State.clone`), let greedy play the rest of the round, and keep the action with
  the best mean evaluation.  Common worlds for every candidate reduce the noise.  "Seen" means
  observed by this bot at one of its own decisions: its packs, hand, kept and saved cards,
  face-up tableau cards and peeked hands; seen cards keep their true places in every world.
"""

from __future__ import annotations

import random
from typing import Protocol

from cardgen.rules.engine import GreedyBot, RandomBot, State
from cardgen.rules.engine.bots import card_value
from cardgen.rules.engine.compiled import ATTACK, DEFENCE
from cardgen.rules.engine.effects import total_power
from cardgen.rules.engine.state import DRAFT, PLAY


class SimBot(Protocol):
    name: str

    def choose(self, state: State, player: int, legal: list[int]) -> int: ...


class FastRandomBot:
    """Uniform over the legal actions given by the runner."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed).random

    def choose(self, state: State, player: int, legal: list[int]) -> int:
        return legal[int(self.random() * len(legal))]


class EngineBot:
    """An engine bot (``step(state, player)``) behind the ``choose`` interface."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.name = bot.name

    def choose(self, state: State, player: int, legal: list[int]) -> int:
        return self.bot.step(state, player)


def play_score(state: State, player: int, action: int) -> float:
    """The greedy bot's worth of a play action (value minus price, minus what it replaces)."""
    m1 = state.game.num_instances + 1
    rest, v = divmod(action, m1)
    inst, z = divmod(rest, 3)
    score = card_value(state, player, inst, z) - 0.35 * state.price(player, inst)
    if v:
        score -= card_value(state, player, v - 1, z) + 0.5
    return score


class LookaheadBot:
    """Determinised one-step lookahead over the greedy bot (see the module docstring)."""

    name = "lookahead"

    def __init__(self, seed: int = 0, *, candidates: int = 3, worlds: int = 2) -> None:
        self.rng = random.Random(seed)
        self.candidates = candidates
        self.worlds = worlds
        self.seen: set[int] = set()
        self.greedy = GreedyBot(0)

    # ------------------------------------------------------------------ information
    def observe(self, st: State, p: int) -> None:
        """Remember every card ``p`` can see now (own cards, visible tableaux, peeks)."""
        seen = self.seen
        seen.update(st.packs[p], st.hands[p], st.kept[p], st.saved[p])
        n, card, seq = st.n, st.card, st.seq
        fresh = st.gstep - st.step  # cards played after this are still face down if hidden
        for q in range(n):
            for i in st.tab[q]:
                if q == p or st.phase != PLAY or not card[i].hidden or seq[i] // n <= fresh:
                    seen.add(i)
        for viewer, _q, cards in st.peeks:
            if viewer == p:
                seen.update(cards)

    def determinise(self, st: State, p: int) -> State:
        """A copy of ``st`` where every card ``p`` has not seen is re-dealt among the hidden
        places (piles, other players' packs, kept, hand and saved cards)."""
        w = st.clone()
        w.rng = random.Random(self.rng.getrandbits(64))
        seen = self.seen
        places = list(w.piles)
        for q in range(w.n):
            if q != p:
                places += (w.packs[q], w.kept[q], w.hands[q], w.saved[q])
        slots = [(lst, j) for lst in places for j, i in enumerate(lst) if i not in seen]
        values = [lst[j] for lst, j in slots]
        self.rng.shuffle(values)
        for (lst, j), v in zip(slots, values, strict=True):
            lst[j] = v
        return w

    # ------------------------------------------------------------------ choice
    def choose(self, state: State, player: int, legal: list[int]) -> int:
        self.observe(state, player)
        cands = self.shortlist(state, player, legal)
        if len(cands) == 1:
            return cands[0]
        worlds = [self.determinise(state, player) for _ in range(self.worlds)]
        best, best_v = cands[0], float("-inf")
        for a in cands:
            v = sum(self.rollout(w.clone(), player, a) for w in worlds)
            if v > best_v:
                best, best_v = a, v
        return best

    def shortlist(self, st: State, p: int, legal: list[int]) -> list[int]:
        """The candidate actions: the best few by the greedy heuristic, plus ending the turn
        (saving the best card) in the Play Phase."""
        k = self.candidates
        if st.phase == DRAFT:
            ranked = sorted(legal, key=lambda i: (-card_value(st, p, i), i))
            return ranked[:k]
        plays = [a for a in legal if a >= 0]
        ends = [a for a in legal if a < 0]
        end = max(ends, key=lambda a: (card_value(st, p, -2 - a) if a != -1 else 0.0, a))
        if not plays:
            return [end]
        ranked = sorted(plays, key=lambda a: (-play_score(st, p, a), a))
        return [*ranked[: k - 1], end]

    def rollout(self, w: State, p: int, action: int) -> float:
        """Play ``action`` (others greedy), then greedy to the end of the round; evaluate."""
        greedy = self.greedy.step
        n, start = w.n, w.round
        acts: list[int | None] = [None] * n
        for q in w.acting_players():
            acts[q] = action if q == p else greedy(w, q)
        w.apply_actions(acts, check=False)
        while w.phase <= PLAY and w.round == start:
            acts = [None] * n
            for q in w.acting_players():
                acts[q] = greedy(w, q)
            w.apply_actions(acts, check=False)
        return evaluate(w, p)


def strength(st: State, q: int) -> float:
    """Glory plus what coins and the standing army are worth for the rounds still to come."""
    v = st.glory[q] + st.coins[q] / st.game.coins_per_glory
    if st.is_terminal():
        return v
    g = st.game
    left = (g.rounds - st.round + 1) / g.rounds
    atk = total_power(st, q, ATTACK, g.right[q])
    dfn = total_power(st, q, DEFENCE, g.left[q])
    return v + left * 0.5 * (atk + dfn)


def evaluate(st: State, p: int) -> float:
    """``p``'s strength minus the strongest opponent's."""
    return strength(st, p) - max(strength(st, q) for q in range(st.n) if q != p)


BOT_NAMES = ("random", "greedy", "lookahead")


def make_sim_bot(name: str, seed: int) -> SimBot:
    """A simulation bot by name (``random``, ``greedy`` or ``lookahead``)."""
    if name == "random":
        return FastRandomBot(seed)
    if name == "greedy":
        return EngineBot(GreedyBot(seed))
    if name == "lookahead":
        return LookaheadBot(seed)
    raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOT_NAMES)})")


__all__ = [
    "BOT_NAMES",
    "EngineBot",
    "FastRandomBot",
    "LookaheadBot",
    "RandomBot",
    "SimBot",
    "evaluate",
    "make_sim_bot",
]
