"""The rules engine of Authority, OpenSpiel style: one player acts at a time.

    from cardgen.packs.authority.engine import Game, GreedyBot, play_game
    game = Game(catalogue, ["bloodrunners", "golden-ox"], seed=7)
    state = game.new_initial_state()            # market and decks shuffled, hands drawn
    while not state.is_terminal():
        state.apply_action(bot.step(state, state.current))
    state.returns()                              # 1.0 for the winner (ties shared)

``legal_actions()`` are integers (:mod:`.actions`); ``observation(p)`` is what seat ``p`` may
see; ``determinise(p, rng)`` resamples what it may not; ``clone()``, ``state_hash()``.
Readings of the draft's open rules follow ``rules.settings`` (the rules reference).
"""

from cardgen.packs.authority.engine.actions import END, Act, decode, encode
from cardgen.packs.authority.engine.bots import (
    BOT_NAMES,
    BOTS,
    GreedyBot,
    RandomBot,
    greedy_choice,
    make_bot,
    play_game,
)
from cardgen.packs.authority.engine.game import Game, GameSetupError, UnitDef
from cardgen.packs.authority.engine.log import (
    PLAY_OPTIONS,
    ReplayError,
    play_with_bots,
    player_range,
    replay_log,
    sides,
    to_json_log,
    to_text_log,
    to_view_log,
)
from cardgen.packs.authority.engine.state import IllegalActionError, State

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "END",
    "PLAY_OPTIONS",
    "Act",
    "Game",
    "GameSetupError",
    "GreedyBot",
    "IllegalActionError",
    "RandomBot",
    "ReplayError",
    "State",
    "UnitDef",
    "decode",
    "encode",
    "greedy_choice",
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
