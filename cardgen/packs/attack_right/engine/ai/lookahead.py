"""Attack Right's lookahead bot: determinised one-step lookahead over the greedy bot.

For each of a few candidate actions, play it in a few *worlds* where the cards this player has
not seen are re-dealt at random (:meth:`State.determinise`), let greedy play the rest of the
round, and keep the action with the best mean evaluation.  Common worlds for every candidate
reduce the noise.  "Seen" means observed by this bot at one of its own decisions: its packs,
hand, kept and saved cards, face-up tableau cards and peeked hands; seen cards keep their true
places in every world.
"""

from __future__ import annotations

import random

from cardgen.engine.chance import settle
from cardgen.packs.attack_right.engine.actions import END
from cardgen.packs.attack_right.engine.ai.greedy import GreedyBot, card_value
from cardgen.packs.attack_right.engine.state import DRAFT, State


def play_score(state: State, player: int, action: int) -> float:
    """The greedy bot's worth of a play action (value minus price, minus what it replaces)."""
    a = state.decode_action(action)
    score = card_value(state, player, a.card, a.zone) - 0.35 * state.price(player, a.card)
    if a.victim >= 0:
        score -= card_value(state, player, a.victim, a.zone) + 0.5
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
        self.seen.update(st.visible_cards(p))

    def determinise(self, st: State, p: int) -> State:
        """A copy of ``st`` where every card ``p`` has not seen is re-dealt among the hidden
        places (:meth:`State.determinise` with this bot's memory)."""
        return st.determinise(p, self.rng, self.seen)

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
        (saving the best card) in the Play Phase; the greedy choice alone for an intercept or
        a move."""
        k = self.candidates
        if st.sub:  # an intercept or move: the greedy choice (a world would have to re-deal
            return [self.greedy.choose(st, p, legal)]  # the cards the step has chosen)
        if st.phase == DRAFT:
            ranked = sorted(legal, key=lambda i: (-card_value(st, p, i), i))
            return ranked[:k]
        plays = [a for a in legal if st.action_card(a) >= 0]
        ends = [a for a in legal if st.action_card(a) < 0]
        end = max(ends, key=lambda a: (self._save_value(st, p, a), a))
        if not plays:
            return [end]
        ranked = sorted(plays, key=lambda a: (-play_score(st, p, a), a))
        return [*ranked[: k - 1], end]

    @staticmethod
    def _save_value(st: State, p: int, action: int) -> float:
        """The worth of the card an end-of-turn action saves (0 for saving none)."""
        return 0.0 if action == END else card_value(st, p, st.decode_action(action).save)

    def rollout(self, w: State, p: int, action: int) -> float:
        """Play ``action`` (others greedy), then greedy to the end of the round; evaluate."""
        greedy = self.greedy.step
        done = w.rounds_done
        w.apply_chosen({q: action if q == p else greedy(w, q) for q in w.movers()})
        settle(w)
        while w.rounds_done == done:
            w.apply_chosen({q: greedy(w, q) for q in w.movers()})
            settle(w)
        return evaluate(w, p)


def strength(st: State, q: int) -> float:
    """Glory plus what coins and the standing army are worth for the rounds still to come."""
    v = st.glory[q] + st.coins[q] / st.game.coins_per_glory
    if st.is_terminal():
        return v
    g = st.game
    left = (g.rounds - st.round + 1) / g.rounds
    return v + left * 0.5 * (st.attack_power(q) + st.defence_power(q))


def evaluate(st: State, p: int) -> float:
    """``p``'s strength minus the strongest opponent's."""
    return strength(st, p) - max(strength(st, q) for q in range(st.n) if q != p)
