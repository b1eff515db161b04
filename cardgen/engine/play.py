"""The play loop every game shares: seat bots, ask the movers, apply, until the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardgen.engine.bots import make_bot
from cardgen.engine.chance import CHANCE, at_chance, sample_chance
from cardgen.engine.definition import Engine
from cardgen.engine.errors import EngineError, IllegalAction
from cardgen.engine.grammar import closest, normalise
from cardgen.engine.protocol import Action, Bot, Game, Setup, State

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue


def bot_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in a game with seed ``seed``."""
    return seed * 100 + seat + 1


@dataclass
class PlayedGame:
    """A game played to its end (or to where it stopped): how it was set up, who played it,
    every step (``{seat: action}``, and the action strings when recorded) and its final state."""

    engine: Engine
    catalogue: Catalogue
    game: Game
    seed: int
    bots: tuple[str, ...]
    state: State
    steps: list[dict[int, Action]] = field(default_factory=list)
    strings: list[dict[int, str]] = field(default_factory=list)

    @property
    def setup(self) -> Setup:
        return self.game.setup

    @property
    def warnings(self) -> list[str]:
        """The game's set-up warnings (a game may name some: too few cards of a kind …)."""
        return list(getattr(self.game, "warnings", None) or ())


def step(state: State, bots: Sequence[Bot]) -> dict[int, Action]:
    """Ask every mover's bot (all from the same state: none sees another's choice) and apply
    their actions; returns them."""
    joint = {p: bots[p].choose(state, p) for p in state.movers()}
    state.apply(joint)
    return joint


def play(
    engine: Engine,
    catalogue: Catalogue,
    setup: Setup,
    bots: Sequence[str],
    seed: int,
    *,
    game: Game | None = None,
    record: bool = True,
    bot_seeds: Sequence[int] | None = None,
) -> PlayedGame:
    """Play one game of ``setup`` with the named bots (one per seat), seeded.  With
    ``record`` the action strings of every step are kept (the game log needs them)."""
    if len(bots) != setup.players:
        raise EngineError(f"{setup.players} players need {setup.players} bots, got {len(bots)}")
    game = game or engine.new_game(catalogue, setup)
    seeds = bot_seeds or [bot_seed(seed, p) for p in range(setup.players)]
    seated = [make_bot(engine, game, name, s) for name, s in zip(bots, seeds, strict=True)]
    state = game.new_initial_state(seed)
    played = PlayedGame(engine, catalogue, game, seed, tuple(bots), state)
    limit = engine.info.max_length
    while not state.is_terminal():
        if len(played.steps) >= limit:
            raise EngineError(f"the game did not end within {limit} steps{engine.length_note()}")
        if at_chance(state):
            outcome = sample_chance(state)
            if record:
                played.strings.append({CHANCE: state.chance_to_string(outcome)})
            state.apply_chance(outcome)
            played.steps.append({CHANCE: outcome})
            continue
        movers = state.movers()
        joint = {p: seated[p].choose(state, p) for p in movers}
        if record:
            played.strings.append({p: state.action_to_string(p, a) for p, a in joint.items()})
        state.apply(joint)
        played.steps.append(joint)
    return played


def apply_strings(state: State, texts: Mapping[int, str]) -> dict[int, Action]:
    """Apply one action string per mover (as a log or a scenario writes them); raises
    :class:`IllegalAction` naming the seat, the string and the closest legal ones; a chance
    outcome is ``{CHANCE: its string}``."""
    if CHANCE in texts:
        return {CHANCE: apply_chance_string(state, texts[CHANCE])}
    movers = list(state.movers())
    if sorted(texts) != sorted(movers):
        want = ", ".join(f"P{p + 1}" for p in movers) or "nobody (the game has ended)"
        got = ", ".join(f"P{p + 1}" for p in sorted(texts))
        raise IllegalAction(f"the seats to move are {want}, the step gives {got}")
    joint = {}
    for p, text in texts.items():
        joint[p] = find_action(state, p, text)
    state.apply(joint)
    return joint


def apply_chance_string(state: State, text: str) -> Action:
    """Resolve the chance node with the outcome written ``text`` (a log's or a scenario's).
    The state's generator draws as when the seed decides, so what follows (a shuffle) is the
    same as in the game played: a replay reaches the same state."""
    node = state if at_chance(state) else None
    if node is None:
        raise IllegalAction(f"the game stands at no chance node (chance {text!r} given)")
    outcomes = {normalise(node.chance_to_string(o)): o for o, _ in node.chance_outcomes()}
    want = normalise(text)
    if want not in outcomes:
        raise IllegalAction(
            f"no chance outcome {want!r}{closest(want, outcomes)}; the outcomes: "
            + ", ".join(sorted(outcomes))
        )
    sample_chance(node)  # the draw the played game made, its outcome fixed by ``text``
    node.apply_chance(outcomes[want])
    return outcomes[want]


def find_action(state: State, seat: int, text: str) -> Action:
    """The legal action of ``seat`` written ``text``; :class:`IllegalAction` otherwise."""
    want = normalise(text)
    legal = {normalise(state.action_to_string(seat, a)): a for a in state.legal_actions(seat)}
    if want in legal:
        return legal[want]
    raise IllegalAction(
        f"P{seat + 1} cannot {want!r} now{closest(want, legal)}"
        + (f"; legal: {', '.join(sorted(legal)[:12])}" if legal else "")
        + (" …" if len(legal) > 12 else "")
    )
