"""Everything an Attack the Tower scenario names, checked against the game before it runs: seats,
slots, card ids (bases on the board, special troops on the palace), settings and their values,
phases, event kinds and every step's words.

A misspelt event in ``no_events`` or a card that is not a base on the board would make an
expectation that cannot fail or a set-up that is not the one written; each is an error naming
the file, line and column, with the nearest known name
(``scenarios/x.yaml:14:5: unknown event 'troop-kiled' (did you mean 'troop-killed'?)``).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from cardgen.catalogue.yaml_source import SourceMap
from cardgen.packs.attack_the_tower.engine.game import Compiled
from cardgen.packs.attack_the_tower.engine.state import EVENTS, PHASES
from cardgen.packs.attack_the_tower.model import Settings
from cardgen.packs.attack_the_tower.scenario.words import Malformed, read, suggest

Path = tuple[Any, ...]


class _Names:
    def __init__(self, table: Compiled, smap: SourceMap | None):
        self.table = table
        self.smap = smap
        self.problems: list[tuple[int, int, str]] = []

    def bad(self, path: Path, message: str, *, key: bool = False) -> None:
        if self.smap is None:  # built in code: no file to point at
            self.problems.append((0, 0, message))
            return
        pos = self.smap.at(path, key=key)
        self.problems.append((pos.line or 0, pos.column or 0, f"{pos}: {message}"))

    def card(self, path: Path, value: str, *, pile: str = "", special: bool = False) -> None:
        designs = [
            d
            for d in self.table.designs
            if (not pile or d.pile == pile) and (not special or d.is_special)
        ]
        if value not in [d.id for d in designs]:
            what = "special troop card" if special else f"{pile} card" if pile else "card"
            if value in self.table.by_id:
                self.bad(path, f"{value!r} is not a {what}")
            else:
                self.bad(path, f"unknown {what} {value!r}{suggest(value, [d.id for d in designs])}")

    def seats(self, path: Path, players: list) -> None:
        if len(players) > 2:
            self.bad((*path, 2), f"{len(players)} players: the game has seats 0 and 1")

    def player(self, path: Path, spec, *, setup: bool = False) -> None:
        t = self.table
        if setup:
            for slot in spec.troops:
                if 0 <= slot < t.board_size and spec.board.get(slot) is None:
                    self.bad((*path, "troops", slot), f"troops on slot {slot}, which has no base")
        for slot, card in spec.board.items():
            if not 0 <= slot < t.board_size:
                self.bad((*path, "board", slot), self._slot(slot), key=True)
            elif card is not None:
                self.card((*path, "board", slot), card, pile="base")
        for slot, n in spec.troops.items():
            if not 0 <= slot < t.board_size:
                self.bad((*path, "troops", slot), self._slot(slot), key=True)
            elif not 0 <= n <= t.max_troops:
                self.bad((*path, "troops", slot), f"{n} troops: a base holds 0 to {t.max_troops}")
        for i, card in enumerate(spec.hand or ()):
            self.card((*path, "hand", i), card)
        for i, card in enumerate(spec.specials or ()):
            self.card((*path, "specials", i), card, special=True)

    def _slot(self, slot: int) -> str:
        return f"slot {slot}: the board has slots 0 to {self.table.board_size - 1}"

    def settings(self, settings: dict[str, Any]) -> None:
        fields = Settings.model_fields
        for name in settings:
            if name not in fields:
                self.bad(
                    ("settings", name),
                    f"unknown setting {name!r}{suggest(name, fields)}",
                    key=True,
                )
        try:
            Settings.model_validate({k: v for k, v in settings.items() if k in fields})
        except ValidationError as exc:
            for err in exc.errors():
                where = ("settings", *err["loc"][:1])
                self.bad(where, f"setting {err['loc'][0]}: {err['msg']} (got {err['input']!r})")

    def words(self, path: Path, text: str) -> None:
        try:
            read(self.table, text)
        except Malformed as exc:
            self.bad(path, f"step {text!r}: {exc}")


def check_names(sc, table: Compiled) -> list[str]:
    """Every name in scenario ``sc`` the game does not know, as ``file:line:col: message``
    lines in file order."""
    names = _Names(table, sc._source)
    names.settings(sc.settings)
    names.seats(("setup", "players"), sc.setup.players)
    for p, spec in enumerate(sc.setup.players):
        names.player(("setup", "players", p), spec, setup=True)
    for i, step in enumerate(sc.steps):
        path = ("steps", i) if isinstance(step, str) else ("steps", i, "do")
        names.words(path, step if isinstance(step, str) else step.do)
    exp = sc.expect
    names.seats(("expect", "players"), exp.players or [])
    for p, spec in enumerate(exp.players or ()):
        names.player(("expect", "players", p), spec)
    if exp.dealt is not None and len(exp.dealt) != 2:
        names.bad(("expect", "dealt"), f"dealt: one number per seat (2), not {len(exp.dealt)}")
    if "winner" in exp.model_fields_set and exp.winner not in (None, 0, 1):
        names.bad(("expect", "winner"), f"winner {exp.winner!r}: 0, 1 or null (no winner)")
    if exp.phase is not None and exp.phase not in PHASES:
        names.bad(("expect", "phase"), f"unknown phase {exp.phase!r}{suggest(exp.phase, PHASES)}")
    for key in ("events", "no_events"):
        for i, event in enumerate(getattr(exp, key)):
            if event not in EVENTS:
                names.bad(("expect", key, i), f"unknown event {event!r}{suggest(event, EVENTS)}")
    return [message for *_pos, message in sorted(names.problems)]
