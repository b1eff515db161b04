"""The rules engine of Attack Right: complete games by the rulebook, OpenSpiel style.

Public API (stable, used by the simulation tools)::

    from cardgen.packs.attack_right.engine import Game, GameOptions, RandomBot, GreedyBot, play_game
    game = Game(catalogue, ["battle", "resource"], seed=7)      # seats 0..N-1, clockwise
    state = game.new_initial_state()                               # piles shuffled, draft dealt
    while not state.is_terminal():
        acts = [bots[p].step(state, p) if p in state.acting_players() else None
                for p in range(state.num_players)]                 # simultaneous moves
        state.apply_actions(acts)
    state.results()   # PlayerResult(seat, glory, coins, cards, rank, winner) per seat
    state.returns()   # 1.0 per winner (shared wins included), else 0.0

* Many games of one setup: build the ``Game`` once (``GameOptions(log_events=False)``) and call
  ``game.new_initial_state(seed=k)`` per game; ``play_game(state, bots)`` plays it out
  (about 1,900 4-player random-bot games per second per core: ``benchmarks/bench_engine.py``).
* ``State.legal_actions(p)``: ints (see :mod:`.actions`); ``observation(p)``: what ``p`` may
  see; ``clone()``: cheap copy; ``events``: the structured event log (``None`` when
  ``GameOptions(log_events=False)``, the fast mode for simulation); ``state_hash()``.
* Fast-mode records for drivers: ``battle_glory``/``effect_glory``/``coin_glory`` (glory per
  seat by source), ``battles`` (:class:`BattleRecord` per battle), ``rounds_done`` (grows in the
  ``apply_actions`` call that ends a round); ``playable_cards(p)``, ``action_card(a)``,
  ``decode_action(a)``, ``attack_power(p)``/``defence_power(p)``; ``determinise(p, rng, seen)``
  and ``reseed(seed)`` for lookahead; ``card_value`` is the greedy bot's card heuristic.
* ``play_game(state, bots)`` plays to the end; :mod:`.log` writes/replays JSON game logs.
* For `cardgen play` (:class:`cardgen.engine_api.EngineModule`): ``sides``,
  ``play_with_bots``, ``to_text_log``, ``to_json_log``, ``to_view_log`` (one player's view:
  :mod:`.views`), ``replay_log`` (checks every event and the final state), ``ReplayError``.
* Interpretations of ambiguous rules follow ``rules.settings`` (see
  ``cardgen/packs/attack_right/clarifications.yaml``).
"""

from cardgen.packs.attack_right.engine.actions import (
    END,
    PlayAction,
    decode_play,
    play_action,
    save_action,
)
from cardgen.packs.attack_right.engine.bots import (
    BOTS,
    GreedyBot,
    RandomBot,
    card_value,
    make_bot,
    play_game,
)
from cardgen.packs.attack_right.engine.game import Game, GameOptions, GameSetupError
from cardgen.packs.attack_right.engine.log import (
    ReplayError,
    play_with_bots,
    player_range,
    replay_log,
    sides,
    to_json_log,
    to_text_log,
    to_view_log,
)
from cardgen.packs.attack_right.engine.phases import BattleRecord
from cardgen.packs.attack_right.engine.state import (
    DRAFT,
    PLAY,
    IllegalActionError,
    PlayerResult,
    State,
)

__all__ = [
    "BOTS",
    "DRAFT",
    "END",
    "PLAY",
    "BattleRecord",
    "Game",
    "GameOptions",
    "GameSetupError",
    "GreedyBot",
    "IllegalActionError",
    "PlayAction",
    "PlayerResult",
    "RandomBot",
    "ReplayError",
    "State",
    "card_value",
    "decode_play",
    "make_bot",
    "play_action",
    "play_game",
    "play_with_bots",
    "player_range",
    "replay_log",
    "save_action",
    "sides",
    "to_json_log",
    "to_text_log",
    "to_view_log",
]
