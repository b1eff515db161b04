"""Information-set Monte Carlo tree search (ISMCTS): a search bot for any game.

The bot knows no game: it searches any :class:`~cardgen.engine.protocol.State` through its
engine's hooks (:func:`search_bot`: the engine's ``search_actions``, ``policy`` and
``evaluate``), from one player's point of view:

* every iteration starts from a **determinisation** of the root: a copy of the state in which
  whatever the searching player cannot see (hands, face-down piles, the shuffle) is resampled
  (the engine's ``search_world``: by default the state's ``determinise``), so the search
  never uses hidden information;
* one tree is grown from the searching player's point of view (single-observer ISMCTS,
  Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree Search"): at a node each
  deciding player picks by UCB1 over the actions *available in this determinisation* (the
  subset-armed bandit), maximising its own result; players deciding at once (a draft) pick
  independently (decoupled UCB), and the child is keyed by their joint action;
* with ``opponents="policy"`` only the searching player's decisions are searched and the other
  players play the engine's fast ``policy`` instead — a search against that opponent model;
* a new node ends the descent; a rollout with the ``policy`` runs to the end of the game (or
  ``rollout_depth`` steps, or to a state the ``horizon`` option marks: scored by the engine's
  ``evaluate``) and every node on the path learns each player's result;
* the bot plays its most visited root action.

With ``root="halving"`` the searching player's root actions are chosen by sequential halving
instead of UCB1 (Karnin, Koren & Somekh 2013: a better use of a small budget when only the
final choice counts): the budget is split into ``ceil(log2(actions))`` rounds; in each, every
action still in the race is tried in the *same* fresh determinisations (common random numbers:
the world is drawn with a seeded ``random.Random`` per world, so the comparison between
actions is not drowned by the luck of the deal), and the better half by mean value goes on.
Below the root the search is the same tree.

The search is a pure function of the state, the bot's seed and the number of iterations (no
clock), so games with search bots replay exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardgen.engine.chance import settle
from cardgen.engine.definition import AI

__all__ = ["ISMCTSBot", "search_bot"]


class _Node:
    """A node: per deciding player, per action, visits / summed value / availability; its
    children keyed by the tree players' joint action."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[tuple[tuple[int, int], ...], _Node] = {}
        self.stats: dict[int, dict[int, list[float]]] = {}


class ISMCTSBot:
    """Single-observer ISMCTS (see the module docstring).

    ``iterations`` determinisations per decision; ``exploration`` the UCB1 constant;
    ``opponents``: ``"tree"`` (every player's decisions are searched, each maximising its own
    result — decoupled UCB for simultaneous choices) or ``"policy"`` (the other players play the
    engine's policy: search against that opponent model); ``rollout_depth`` cuts rollouts after
    that many steps and scores them with the engine's ``evaluate(state, player)`` (a win chance
    in [0, 1]); ``None`` plays them to the end; ``horizon(root, state)``, if given, ends the
    look-ahead (tree and rollout) at every ``state`` it holds for, searched from ``root``
    (e.g. the end of the round), scored by ``evaluate`` too.
    """

    name = "ismcts"

    def __init__(
        self,
        engine: AI[Any],
        *,
        iterations: int = 200,
        exploration: float = 0.7,
        opponents: str = "tree",
        rollout_depth: int | None = None,
        root: str = "ucb",
        horizon: Callable[[Any, Any], bool] | None = None,
        seed: int = 0,
    ) -> None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if opponents not in ("tree", "policy"):
            raise ValueError(f"opponents must be 'tree' or 'policy', not {opponents!r}")
        if root not in ("ucb", "halving"):
            raise ValueError(f"root must be 'ucb' or 'halving', not {root!r}")
        ops = _EngineOps(engine, horizon)
        if (rollout_depth is not None or horizon is not None) and not ops.evaluates:
            raise ValueError("a rollout_depth or horizon needs an engine that writes evaluate")
        self.adapter = ops
        self.iterations = iterations
        self.exploration = exploration
        self.opponents = opponents
        self.rollout_depth = rollout_depth
        self.root = root
        self.rng = random.Random(seed)

    def choose(self, state: Any, player: int) -> int:
        """The action ``player`` takes in ``state`` (which is not changed)."""
        legal = list(self.adapter.legal(state, player))
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        if self.root == "halving":
            return self._halving(root, state, player, legal)
        for _ in range(self.iterations):
            self._iterate(root, state, player)
        mine = root.stats.get(player, {})
        return max(legal, key=lambda a: _rank(mine.get(a)))

    def _halving(self, root: _Node, state: Any, me: int, legal: list[int]) -> int:
        """Sequential halving over ``me``'s root actions, each round on common worlds."""
        alive = list(legal)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        budget = self.iterations
        for r in range(rounds):
            worlds = max(1, budget // (len(alive) * (rounds - r)))
            for _ in range(worlds):
                seed = self.rng.getrandbits(64)
                for a in alive:
                    det = self.adapter.determinise(state, me, random.Random(seed))
                    self._iterate(root, state, me, det=det, forced=a)
                    budget -= 1
            mine = root.stats[me]
            alive.sort(key=lambda a: (-mine[a][1] / mine[a][0], legal.index(a)))
            alive = alive[: max(1, math.ceil(len(alive) / 2))]
        return alive[0]

    def step(self, state: Any, player: int) -> int:
        """:meth:`choose` (the name the packs' older game drivers call)."""
        return self.choose(state, player)

    def _iterate(
        self, root: _Node, state: Any, me: int, *, det: Any = None, forced: int | None = None
    ) -> None:
        """One iteration from a determinisation of ``state`` (``det``: this one); ``forced``
        is ``me``'s action at the root (halving), else the tree selects it."""
        ad, rng = self.adapter, self.rng
        if det is None:
            det = ad.determinise(state, me, rng)
        node = root
        path: list[tuple[_Node, dict[int, int]]] = []
        expanded = False
        while not expanded:
            if not self._advance(det, me):
                break
            movers = ad.movers(det)
            joint: dict[int, int] = {}
            for p in movers:
                if self.opponents == "policy" and p != me:
                    joint[p] = ad.policy(det, p, rng)
                    continue
                if forced is not None and p == me and node is root:
                    action, new = forced, not node.stats.get(p, {}).get(forced, (0,))[0]
                    node.stats.setdefault(p, {}).setdefault(forced, [0, 0.0, 0])[2] += 1
                else:
                    action, new = self._select(node, p, ad.legal(det, p))
                joint[p] = action
                expanded |= new
            searched = {p: a for p, a in joint.items() if p in node.stats}
            ad.apply(det, joint)
            path.append((node, searched))
            key = tuple(sorted(searched.items()))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                expanded = True
            node = child
        values = self._rollout(det, me, {p for _, joint in path for p in joint})
        for n, joint in path:
            for p, a in joint.items():
                s = n.stats[p][a]
                s[0] += 1
                s[1] += values[p]

    def _select(self, node: _Node, player: int, legal: Sequence[int]) -> tuple[int, bool]:
        """``player``'s action at ``node`` among ``legal``: an untried one at random, else the
        best UCB1 score; and whether it was untried."""
        stats = node.stats.setdefault(player, {})
        untried = []
        for a in legal:
            s = stats.get(a)
            if s is None or s[0] == 0:
                untried.append(a)
            else:
                s[2] += 1
        if untried:
            action = untried[int(self.rng.random() * len(untried))]
            s = stats.setdefault(action, [0, 0.0, 0])
            s[2] += 1
            return action, True
        c = self.exploration

        def ucb(a: int) -> float:
            n, total, avail = stats[a]
            return total / n + c * math.sqrt(math.log(avail) / n)

        return max(legal, key=ucb), False

    def _advance(self, det: Any, me: int) -> bool:
        """In ``"policy"`` mode, let the other players move until ``me`` decides; False if the
        game ends first (in ``"tree"`` mode: only whether the game goes on)."""
        ad, rng = self.adapter, self.rng
        while not ad.is_terminal(det):
            movers = ad.movers(det)
            if self.opponents == "tree" or me in movers:
                return True
            ad.apply(det, {p: ad.policy(det, p, rng) for p in movers})
        return False

    def _rollout(self, det: Any, me: int, players: set[int]) -> dict[int, float]:
        """Play the policy to the end (or ``rollout_depth`` steps): the value of each of
        ``players`` (and ``me``)."""
        ad, rng = self.adapter, self.rng
        steps = 0
        who = players | {me}
        while not ad.is_terminal(det):
            if self.rollout_depth is not None and steps >= self.rollout_depth:
                break
            ad.apply(det, {p: ad.policy(det, p, rng) for p in ad.movers(det)})
            steps += 1
        if ad.horizon is not None or not det.is_terminal():
            # cut after rollout_depth steps; with a horizon every end of the look-ahead (the
            # horizon's or the game's) is valued on the one scale, evaluate's
            return {p: ad.evaluate(det, p) for p in who}
        result = ad.returns(det)
        return {p: float(result[p]) for p in who}


def _rank(stats: list[float] | None) -> tuple[float, float]:
    """A root action's rank: visits, then mean value (unvisited actions last)."""
    if not stats or stats[0] == 0:
        return (-1, 0.0)
    return (stats[0], stats[1] / stats[0])


class _EngineOps:
    """The search's view of a game: the protocol's state methods and the engine's hooks
    (``horizon``: the bot's option, see :class:`ISMCTSBot`)."""

    def __init__(self, engine: AI[Any], horizon: Callable[[Any, Any], bool] | None) -> None:
        self.engine = engine
        self.evaluates = type(engine).evaluate is not AI.evaluate
        self.horizon = horizon
        self.root: Any = None  # the state searched (the horizon's reference)

    def movers(self, state: Any) -> Sequence[int]:
        return state.movers()

    def legal(self, state: Any, player: int) -> Sequence[int]:
        return self.engine.search_actions(state, player)

    def apply(self, state: Any, actions: Mapping[int, int]) -> None:
        # the search's actions are legal (the engine's search actions or policy): applied
        # unchecked where the state can (ChosenState)
        getattr(state, "apply_chosen", state.apply)(actions)
        if not state.movers():
            settle(state)

    def is_terminal(self, state: Any) -> bool:
        """Whether the look-ahead ends: the game's end, or the horizon's."""
        if state.is_terminal():
            return True
        return self.horizon is not None and self.horizon(self.root, state)

    def returns(self, state: Any) -> Sequence[float]:
        return state.returns()

    def evaluate(self, state: Any, player: int) -> float:
        return float(self.engine.evaluate(state, player))  # type: ignore[arg-type]

    def determinise(self, state: Any, player: int, rng: random.Random) -> Any:
        self.root = state
        return self.engine.search_world(state, player, rng)

    def policy(self, state: Any, player: int, rng: random.Random) -> int:
        return self.engine.policy(state, player, rng)


def search_bot(engine: AI[Any], seed: int = 0, **options: Any) -> ISMCTSBot:
    """The ISMCTS bot over ``engine``'s game: rollouts play the engine's ``policy``; when the
    engine writes ``evaluate``, rollouts stop after ``rollout_depth`` steps (default 8, unless
    a ``horizon`` is given) and are scored by it.  ``options`` are :class:`ISMCTSBot`'s."""
    if type(engine).evaluate is not AI.evaluate and options.get("horizon") is None:
        options.setdefault("rollout_depth", 8)
    bot = ISMCTSBot(engine, seed=seed, **options)
    bot.name = "search"
    return bot
