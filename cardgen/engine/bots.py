"""The bots every game has, and the registry of a game's bots.

* ``random`` — a legal action uniformly at random;
* ``greedy`` — when the engine writes :meth:`~cardgen.engine.definition.Engine.evaluate`: the
  action whose result it values most, one action ahead (the other movers of a simultaneous
  choice play the engine's ``policy`` in that look-ahead);
* ``search`` — information-set MCTS (:mod:`cardgen.engine.search`) over the engine's hooks;
* and the game's own (:meth:`~cardgen.engine.definition.Engine.bots`), which may replace any
  of these by name.

Every bot is seeded: the same game with the same bots and seeds plays the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from cardgen.engine.chance import settle
from cardgen.engine.definition import Engine
from cardgen.engine.errors import SetupError
from cardgen.engine.protocol import Action, Bot, Game, State
from cardgen.engine.search import search_bot
from cardgen.engine.vocab import did_you_mean


class RandomBot:
    """A legal action uniformly at random."""

    name = "random"

    def __init__(self, engine: Engine, game: Game, seed: int = 0) -> None:
        self.random = random.Random(seed).random

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        return legal[int(self.random() * len(legal))]


class GreedyBot:
    """The action the engine's ``evaluate`` values most, one action ahead (ties: the first)."""

    name = "greedy"

    def __init__(self, engine: Engine, game: Game, seed: int = 0) -> None:
        self.engine = engine
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        others = [p for p in state.movers() if p != seat]
        best, best_value = legal[0], float("-inf")
        for a in legal:
            after = state.clone()
            joint = {p: self.engine.policy(after, p, self.rng) for p in others}
            joint[seat] = a
            after.apply(joint)
            settle(after)
            value = self.engine.evaluate(after, seat)
            if value is not None and value > best_value:
                best, best_value = a, value
        return best


def _search(engine: Engine, game: Game, seed: int = 0) -> Bot:
    return search_bot(engine, seed, **engine.search)


Factory = Callable[[Engine, Game, int], Bot]


def bot_factories(engine: Engine) -> dict[str, Factory]:
    """Every bot of ``engine``'s game by name: the kit's, then the game's own."""
    out: dict[str, Factory] = {"random": RandomBot}
    if type(engine).evaluate is not Engine.evaluate:
        out["greedy"] = GreedyBot
    out["search"] = _search
    out.update(engine.bots())
    return out


def bot_names(engine: Engine) -> list[str]:
    """The names ``--bots`` takes for ``engine``'s game."""
    return list(bot_factories(engine))


def make_bot(
    engine: Engine, game: Game, name: str, seed: int, factories: Mapping[str, Factory] | None = None
) -> Bot:
    """Bot ``name`` for ``game``, seeded; :class:`SetupError` naming the bots for an unknown one.
    ``factories``: :func:`bot_factories` of ``engine`` (a caller seating many games asks once)."""
    factories = factories or bot_factories(engine)
    factory = factories.get(name)
    if factory is None:
        raise SetupError(
            f"unknown bot {name!r}{did_you_mean(name, factories)}; "
            f"the bots of {engine.info.name}: {', '.join(factories)}"
        )
    bot = factory(engine, game, seed)
    if not getattr(bot, "name", None):
        bot.name = name
    return bot


def describe_bots(engine: Engine) -> Mapping[str, Any]:
    """Each bot's one-line description (its class docstring's first line)."""
    out = {}
    for name, f in bot_factories(engine).items():
        doc = (getattr(f, "__doc__", None) or "").strip().splitlines()
        out[name] = doc[0] if doc else name
    return out
