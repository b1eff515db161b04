"""The rules engine of Attack the Tower: complete games by the seed's rules, OpenSpiel style.

::

    from cardgen.packs.attack_the_tower.engine import Game, GreedyBot, play_game
    game = Game(catalogue, ["red", "blue"], seed=7)
    state = game.new_initial_state()
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(bots[p].step(state, p))
    state.returns()          # [1, 0], [0, 1], or [0.5, 0.5] for a stalemate

* ``State.legal_actions()``: ints (:mod:`.actions`); ``observation(p)``: what ``p`` may see
  (its own hand only, pile sizes); ``clone()``; ``determinise(p, rng)``; ``state_hash()``;
  ``events`` (None with ``Game(log_events=False)``); ``history`` ((seat, action) per step).
* For `cardgen play` (:class:`cardgen.engine_api.EngineModule`): ``sides``, ``player_range``,
  ``play_with_bots``, ``to_text_log``, ``to_json_log``, ``to_view_log``, ``replay_log``.
* Readings of garbled or silent rules follow ``rules.settings`` (the rules reference).
"""

from cardgen.packs.attack_the_tower.engine.bots import (
    BOTS,
    GreedyBot,
    RandomBot,
    greedy_action,
    make_bot,
    play_game,
)
from cardgen.packs.attack_the_tower.engine.game import SIDES, Compiled, Game, GameSetupError
from cardgen.packs.attack_the_tower.engine.log import (
    ReplayError,
    play_with_bots,
    player_range,
    replay_log,
    sides,
    to_json_log,
    to_text_log,
    to_view_log,
)
from cardgen.packs.attack_the_tower.engine.state import IllegalActionError, State

__all__ = [
    "BOTS",
    "SIDES",
    "Compiled",
    "Game",
    "GameSetupError",
    "GreedyBot",
    "IllegalActionError",
    "RandomBot",
    "ReplayError",
    "State",
    "greedy_action",
    "make_bot",
    "play_game",
    "play_with_bots",
    "player_range",
    "replay_log",
    "sides",
    "to_json_log",
    "to_text_log",
    "to_view_log",
]
