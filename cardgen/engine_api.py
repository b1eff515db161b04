"""What `cardgen play` asks of a pack's rules engine: the :class:`EngineModule` protocol.

A pack's ``engine`` module (:attr:`cardgen.pack.Pack.engine`) is its OpenSpiel-style engine
(``Game``, ``State`` with ``legal_actions``, ``apply_actions``, ``clone``; bots).  To be
played from the command line it also offers the names below; :func:`load_engine` finds it
through a catalogue's pack, so the core imports no pack.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from cardgen.pack import PackError

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue


class EngineModule(Protocol):
    """The command-line face of a pack's engine module."""

    #: raised for a game that cannot be set up (too few cards, a bad side …)
    GameSetupError: type[Exception]
    #: raised for a game log that cannot be replayed
    ReplayError: type[Exception]

    #: the bots by name (`play --bots`)
    BOTS: Mapping[str, Any]

    def player_range(self, catalogue: Catalogue) -> tuple[int, int]:
        """The fewest and the most players a game of ``catalogue`` seats."""
        ...

    def sides(self, catalogue: Catalogue) -> Sequence[str]:
        """What a seat may play (the deck ids …); `play` seats the first ones by default."""
        ...

    def play_with_bots(
        self, catalogue: Catalogue, sides: Sequence[str], bots: Sequence[str], seed: int, **options
    ) -> Any:
        """Play one full game, seat ``p`` playing ``sides[p]`` with bot ``bots[p]``
        (``ValueError`` for an unknown bot): an object with the game's set-up ``warnings``,
        which the log writers below take."""
        ...

    def to_text_log(self, played: Any) -> str:
        """The readable log of a played game."""
        ...

    def to_json_log(self, played: Any, catalogue_label: str) -> str:
        """The JSON log of a played game (replayable, no timestamps)."""
        ...

    def replay_log(self, text: str, catalogue: Catalogue) -> Any:
        """Re-run a JSON log: an object with ``ok``, ``state`` (``state_hash()``,
        ``history``), ``expected_hash`` and optionally ``problem`` (what differs, as a
        sentence: e.g. the first event the replay does not reproduce)."""
        ...


class ViewingEngine(EngineModule, Protocol):
    """An engine that can also write one player's view of a game (`play --view N`)."""

    def to_view_log(self, played: Any, viewer: int, catalogue_label: str, *, as_json: bool) -> str:
        """What seat ``viewer`` (0-based) may see of the game: JSON or text."""
        ...


def catalogue_digest(catalogue: Catalogue) -> str:
    """A SHA-256 of the rules and cards a game depends on (a game log names it, so a replay
    on other cards is refused)."""
    data = {
        "rules": catalogue.rules.model_dump(mode="json"),
        "cards": [c.model_dump(mode="json") for c in catalogue.cards],
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def bot_seed(seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in a game with seed ``seed`` (every pack's `play`)."""
    return seed * 100 + seat + 1


@dataclass
class PlayedGame:
    """A finished game (an engine's final ``state``) with the names of the bots that played
    it: what :meth:`EngineModule.play_with_bots` returns and the log writers take."""

    state: Any
    bots: tuple[str, ...]

    @property
    def warnings(self) -> list[str]:
        """The game's set-up warnings (``state.game.warnings``; none if it has none)."""
        return list(getattr(getattr(self.state, "game", None), "warnings", None) or ())


def load_engine(catalogue: Catalogue) -> EngineModule:
    """The engine module of ``catalogue``'s pack; :class:`PackError` if the pack has none."""
    pack = catalogue.pack
    if pack.engine is None:
        raise PackError(f"the {pack.game_type.id} pack has no rules engine")
    return pack.module("engine")
