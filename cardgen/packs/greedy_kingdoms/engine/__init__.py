"""The rules engine of Greedy Kingdoms: complete games by the rule manual, OpenSpiel style.

::

    from cardgen.packs.greedy_kingdoms.engine import Game, make_bot, play_game
    game = Game(catalogue)                      # settings=... for another reading
    state = game.new_initial_state(seed=7)      # decks shuffled; at the RSP chance node
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_chance(state.sample_chance())
        else:
            state.apply_actions([a0 or None, a1 or None])   # one per acting player
    state.returns()                              # [1, 0], [0, 1] or [0.5, 0.5] (turn limit)

``legal_actions(p)``, ``acting_players()``, ``observation(p)``, ``clone()``,
``determinise(p, rng)``, ``state_hash()``; :mod:`.actions` numbers the actions;
:mod:`.log` writes and replays logs (``cardgen play``).
"""

from cardgen.packs.greedy_kingdoms.engine.bots import (
    BOTS,
    GreedyBot,
    RandomBot,
    make_bot,
    play_game,
    position_value,
)
from cardgen.packs.greedy_kingdoms.engine.game import Game, GameSetupError
from cardgen.packs.greedy_kingdoms.engine.log import (
    ReplayError,
    play_with_bots,
    player_range,
    replay_log,
    sides,
    to_json_log,
    to_text_log,
    to_view_log,
)
from cardgen.packs.greedy_kingdoms.engine.state import DRAW, IllegalActionError, State

__all__ = [
    "BOTS",
    "DRAW",
    "Game",
    "GameSetupError",
    "GreedyBot",
    "IllegalActionError",
    "RandomBot",
    "ReplayError",
    "State",
    "make_bot",
    "play_game",
    "play_with_bots",
    "player_range",
    "position_value",
    "replay_log",
    "sides",
    "to_json_log",
    "to_text_log",
    "to_view_log",
]
