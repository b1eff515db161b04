"""Attack Right's own search bot: the kit's ISMCTS (:func:`cardgen.engine.search.search_bot`)
over the engine's search hooks, remembering what its player has seen and searching to the end
of the round.  It replaces the kit's generic ``search`` (the default hooks and rollout), which
measured weaker here: 5 of 8 two-player games against greedy and 11 of 24 against lookahead,
where this bot wins at least 6 and 15 (tests/test_simulate_bots.py).

The hooks (:class:`SearchHooks`, the engine with one bot's memory):

* ``search_actions`` offers the search a shortlist (:func:`search_actions`): the best
  :data:`PICKS` cards of a draft pack and, in the Play Phase, the best :data:`PLAYS` plays by
  the greedy heuristic and the end of the turn that saves the best card;
* ``search_world`` re-deals every card the player has not seen (now or at an earlier decision
  of this bot: :meth:`State.determinise` with the bot's memory, so peeked hands and seen packs
  stay where they are);
* ``policy`` is the greedy bot (rollouts and the other seats);
* the look-ahead ends at the end of the round (:func:`end_of_round`, the bot's ``horizon``)
  or of the game, each end scored by ``evaluate``: the win chance of
  :func:`~cardgen.packs.attack_right.engine.ai.win_chances` from each player's
  :func:`standing_scores` (the final glory if nobody played another card: the tableaus as they
  stand fight, earn and age through the rounds left, by the engine's own battle, income and
  age) plus :data:`COIN_WORTH` for coins still to spend: a softmax, so the margin of a lead
  counts, not only who leads.

:class:`SearchBot` is the simulation bot (``search``): intercepts and moves take the greedy
choice (like ``lookahead``), every other decision is searched with a budget of iterations that
grows with the number of choices (and shrinks with the number of players), its root actions by
sequential halving on common determinisations (``root="halving"``) and the searching player's
later decisions in the tree, against greedy opponents (``opponents="policy"``).  Measured
strength and speed: ``benchmarks/bench_search.py``.
"""

from __future__ import annotations

from typing import Any

from cardgen.engine.search import search_bot
from cardgen.packs.attack_right.engine.ai.greedy import GreedyBot, card_value
from cardgen.packs.attack_right.engine.ai.lookahead import play_score
from cardgen.packs.attack_right.engine.state import DRAFT, State

#: the draft picks the search considers (the best by card value)
PICKS = 6
#: the plays the search considers (the best by the greedy heuristic), beside the best end
PLAYS = 6
#: the search bot's options (:func:`~cardgen.engine.search.search_bot`); ``horizon`` is added
#: by :class:`SearchBot`
OPTIONS: dict[str, Any] = {
    "opponents": "policy",
    "root": "halving",
    "exploration": 0.7,
    "rollout_depth": None,
}


def search_actions(st: State, player: int) -> list[int]:
    """The actions the search considers: every legal one of a look, intercept or move and of
    a short list; else the :data:`PICKS` best picks, or the :data:`PLAYS` best plays and the
    best end of the turn (:func:`shortlist`)."""
    legal = st.legal_actions(player)
    if st.phase == DRAFT:
        if len(legal) <= PICKS:
            return legal
        return sorted(legal, key=lambda i: (-card_value(st, player, i), i))[:PICKS]
    if st.sub or len(legal) <= PLAYS + 1:
        return legal
    return shortlist(st, player, legal)


def shortlist(st: State, p: int, legal: list[int]) -> list[int]:
    """The best plays by the greedy heuristic and the best end of the turn."""
    plays = [a for a in legal if a >= 0]
    ends = [a for a in legal if a < 0]
    end = max(ends, key=lambda a: (_save_value(st, p, a), a))
    ranked = sorted(plays, key=lambda a: (-play_score(st, p, a), a))
    return [*ranked[:PLAYS], end]


def _save_value(st: State, p: int, action: int) -> float:
    return 0.0 if action == -1 else card_value(st, p, st.decode_action(action).save)


def end_of_round(horizon: int = 1) -> Any:
    """The search's ``horizon``: the look-ahead ends once ``horizon`` more rounds are over."""

    def over(root: State, st: State) -> bool:
        return st.rounds_done >= root.rounds_done + horizon

    return over


class SearchBot:
    """The kit's search bot over :class:`SearchHooks` (see the module docstring).

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
        horizon: int = 1,
        **options: Any,
    ) -> None:
        from cardgen.packs.attack_right.engine.definition import SearchHooks

        self.hooks = SearchHooks()
        self.greedy = GreedyBot(0)
        opts = {**OPTIONS, **options, "horizon": end_of_round(horizon)}
        self.search = search_bot(self.hooks, seed, iterations=1, **opts)
        self.per_choice, self.least, self.most = iterations, least, most

    def choose(self, st: State, player: int, legal: list[int]) -> int:
        self.hooks.seen.update(st.visible_cards(player))
        if st.sub:  # an intercept or move: the greedy choice (a world would re-deal it)
            return self.greedy.choose(st, player, legal)
        options = search_actions(st, player)
        if len(options) == 1:
            return options[0]
        scale = 2 / st.n
        budget = min(self.most, self.per_choice * len(options))
        self.search.iterations = max(1, round(scale * max(self.least, budget)))
        return self.search.choose(st, player)
