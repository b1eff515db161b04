"""Attack Right's own search bot: the kit's ISMCTS (:mod:`cardgen.engine.search`) over an
adapter that remembers what its player has seen and searches to the end of the round.  It
replaces the kit's generic ``search`` (the engine's hooks alone), which measured weaker here:
5 of 8 two-player games against greedy and 11 of 24 against lookahead, where this bot wins at
least 6 and 15 (tests/test_simulate_bots.py).

:class:`AttackRightAdapter` is the :class:`~cardgen.engine.search.SearchAdapter`:

* ``movers``/``legal``/``apply`` are the engine's simultaneous moves; ``legal`` offers the
  search a shortlist: the best ``picks`` cards of a draft pack and, in the Play Phase, the best
  ``plays`` plays by the greedy heuristic and the end of the turn that saves the best card;
* ``determinise`` re-deals every card the player has not seen (now or at an earlier decision of
  this bot: :meth:`State.determinise` with the bot's memory, so peeked hands and seen packs stay
  where they are);
* ``policy`` is the greedy bot (rollouts and, with ``opponents="policy"``, the other seats);
* the search looks ``horizon`` rounds ahead (to the end of this round by default): a
  determinisation counts as ended once that many more rounds are over (or the game is), and
  ``returns`` scores it with :func:`~..engine.ai.win_chances`, a win chance from each player's
  :func:`standing_scores` (the final glory if nobody played another card: the tableaus as they
  stand fight, earn and age through the rounds left, by the engine's own battle, income and age)
  plus :data:`COIN_WORTH` for coins still to spend: a softmax, so the margin of a lead counts,
  not only who leads.

:class:`SearchBot` is the simulation bot (``search``): intercepts and moves take the greedy
choice (like ``lookahead``), every other decision is searched with a budget of iterations that
grows with the number of choices (and shrinks with the number of players), its root actions by
sequential halving on common determinisations (``root="halving"``) and the searching player's
later decisions in the tree, against greedy opponents (``opponents="policy"``).  Measured
strength and speed: ``benchmarks/bench_search.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cardgen.engine.chance import settle
from cardgen.engine.search import ISMCTSBot
from cardgen.packs.attack_right.engine.ai.greedy import GreedyBot, card_value
from cardgen.packs.attack_right.engine.ai.lookahead import play_score
from cardgen.packs.attack_right.engine.state import DRAFT, State


class AttackRightAdapter:
    """The search adapter of one bot (it remembers what its player has seen)."""

    def __init__(self, *, plays: int = 6, picks: int = 6, horizon: int = 1) -> None:
        self.plays = plays
        self.picks = picks
        self.horizon = horizon
        self.seen: set[int] = set()
        self.greedy = GreedyBot(0)
        self._until = 0  # the determinisation in search ends once this many rounds are done

    # ------------------------------------------------------------------ the protocol
    def movers(self, st: State) -> Sequence[int]:
        return () if self.is_terminal(st) else st.movers()

    def legal(self, st: State, player: int) -> Sequence[int]:
        legal = st.legal_actions(player)
        if st.phase == DRAFT:
            if len(legal) <= self.picks:
                return legal
            return sorted(legal, key=lambda i: (-card_value(st, player, i), i))[: self.picks]
        if st.sub or len(legal) <= self.plays + 1:
            return legal
        return self.shortlist(st, player, legal)

    def shortlist(self, st: State, p: int, legal: list[int]) -> list[int]:
        """The best plays by the greedy heuristic and the best end of the turn."""
        plays = [a for a in legal if a >= 0]
        ends = [a for a in legal if a < 0]
        end = max(ends, key=lambda a: (_save_value(st, p, a), a))
        ranked = sorted(plays, key=lambda a: (-play_score(st, p, a), a))
        return [*ranked[: self.plays], end]

    def apply(self, st: State, actions: Mapping[int, int]) -> None:
        st.apply_chosen(actions)
        settle(st)

    def is_terminal(self, st: State) -> bool:
        return st.is_terminal() or st.rounds_done >= self._until

    def determinise(self, st: State, player: int, rng: random.Random) -> State:
        self._until = st.rounds_done + self.horizon
        return st.determinise(player, rng, self.seen)

    def policy(self, st: State, player: int, rng: random.Random) -> int:
        return self.greedy.choose(st, player, st.legal_actions(player))

    def returns(self, st: State) -> list[float]:
        """Each player's win chance (see :meth:`evaluate`)."""
        return self.win_chances(st)

    def evaluate(self, st: State, player: int) -> float:
        """``player``'s win chance: a softmax of every player's worth (:meth:`worths`)."""
        return self.win_chances(st)[player]

    def win_chances(self, st: State) -> list[float]:
        """Each player's win chance (:func:`~cardgen.packs.attack_right.engine.ai.win_chances`)."""
        from cardgen.packs.attack_right.engine.ai import win_chances

        return win_chances(st)

    # ------------------------------------------------------------------ memory
    def observe(self, st: State, player: int) -> None:
        """Remember every card ``player`` sees now."""
        self.seen.update(st.visible_cards(player))


def _save_value(st: State, p: int, action: int) -> float:
    return 0.0 if action == -1 else card_value(st, p, st.decode_action(action).save)


class SearchBot:
    """ISMCTS over :class:`AttackRightAdapter` (see the module docstring).

    ``iterations`` per choice on offer, between ``least`` and ``most`` per decision, in a
    2-player game; with ``n`` players each of the three is scaled by ``2 / n`` (an iteration
    plays every seat's rollout moves, so a decision costs about the same CPU time at any count).
    """

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 6,
        least: int = 12,
        most: int = 48,
        plays: int = 6,
        picks: int = 6,
        horizon: int = 1,
        opponents: str = "policy",
        exploration: float = 0.7,
        root: str = "halving",
    ) -> None:
        self.adapter = AttackRightAdapter(plays=plays, picks=picks, horizon=horizon)
        self.search = ISMCTSBot(
            self.adapter,
            iterations=1,
            seed=seed,
            opponents=opponents,
            exploration=exploration,
            root=root,
        )
        self.per_choice, self.least, self.most = iterations, least, most

    def choose(self, st: State, player: int, legal: list[int]) -> int:
        ad = self.adapter
        ad.observe(st, player)
        if st.sub:  # an intercept or move: the greedy choice (a world would re-deal it)
            return ad.greedy.choose(st, player, legal)
        options = ad.legal(st, player)
        if len(options) == 1:
            return options[0]
        scale = 2 / st.n
        budget = min(self.most, self.per_choice * len(options))
        self.search.iterations = max(1, round(scale * max(self.least, budget)))
        return self.search.choose(st, player)
