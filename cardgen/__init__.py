"""cardgen: card games from data — validate a catalogue, print its kit, play and balance it
with rules engines, write its rulebook.

The Python API: each function is the library call a command of the same name makes, imported
only when called (``import cardgen`` loads nothing else)::

    import cardgen

    result = cardgen.validate("cards")            # every problem, as `cardgen validate`
    catalogue = cardgen.load("cards")              # or DiagnosticError with every error
    cardgen.render("cards", "output/cards")        # the print files, as `cardgen render`
    report = cardgen.build("cards", "output")      # the whole kit, as `cardgen build`
    game = cardgen.play(catalogue, bots="greedy", seed=3)   # one seeded game
    summary = cardgen.simulate(catalogue, games=200, bots="random")  # win rates, per design

Three of them are named as the subpackages that do the work are (:mod:`cardgen.render`,
:mod:`cardgen.build`, :mod:`cardgen.simulate`): ``cardgen.render`` stays the function when
its subpackage is imported, and gives that subpackage's attributes (``cardgen.render.api``),
so ``import cardgen.render.api`` and ``from cardgen.render import api`` work as before.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar

if TYPE_CHECKING:
    from pathlib import Path

    from cardgen.build.pipeline import BuildReport
    from cardgen.catalogue.loader import Catalogue
    from cardgen.catalogue.validate import ValidationResult
    from cardgen.engine.play import PlayedGame
    from cardgen.render.api import RenderOptions

__version__ = "0.1.0"

__all__ = ["__version__", "build", "load", "play", "render", "simulate", "validate"]

PathLike = str | os.PathLike[str]
P = ParamSpec("P")
R = TypeVar("R")


class _Subpackage(Generic[P, R]):
    """An API function named as a subpackage is: calling it runs the function; its other
    attributes are the subpackage's (imported when first asked for)."""

    def __init__(self, package: str, function: Callable[P, R]) -> None:
        functools.update_wrapper(self, function)
        self.__name__ = self.__qualname__ = package.rpartition(".")[2]
        self._package = package
        self._function = function

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return self._function(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(importlib.import_module(self._package), name)

    def __repr__(self) -> str:
        return f"<function cardgen.{self.__name__} (and package {self._package})>"


class _Package(types.ModuleType):
    """``cardgen``: keeps its API functions when a subpackage of the same name is imported
    (the import system sets the subpackage as the package's attribute)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and isinstance(self.__dict__.get(name), _Subpackage):
            return
        super().__setattr__(name, value)


def load(cards_dir: PathLike) -> Catalogue:
    """The catalogue of the folder ``cards_dir`` (its ``rules.yaml`` and card files), checked
    by its schema and rules model; raises :class:`cardgen.diagnostics.DiagnosticError` with
    every error (file, line, card) otherwise."""
    from cardgen.catalogue.loader import load_catalogue

    return load_catalogue(cards_dir)


def validate(cards_dir: PathLike, *, simulate: int = 0) -> ValidationResult:
    """Every problem of the catalogue folder ``cards_dir``, as `cardgen validate` finds them:
    schema, rules model, the pack's checks and the print preflight (with ``simulate`` > 0,
    also the pack's seeded-simulation check over that many games).  Never raises for a bad
    catalogue: ``result.ok``, ``result.errors``, ``result.warnings``."""
    from cardgen.catalogue.validate import validate as run
    from cardgen.checks import standard

    return run(cards_dir, extra_checks=standard(simulate))


def _render(cards_dir: PathLike, out: PathLike, options: RenderOptions | None = None) -> list[Path]:
    """The card print files of ``cards_dir`` written into ``out`` (``options``: a
    :class:`cardgen.render.api.RenderOptions`, default print-and-play on A4 and Letter), as
    `cardgen render` writes them; the files written.  Refuses an invalid catalogue with
    :class:`cardgen.diagnostics.DiagnosticError`."""
    from pathlib import Path

    from cardgen.checks import validated
    from cardgen.render.api import Renderer
    from cardgen.render.api import RenderOptions as Options

    catalogue, _ = validated(cards_dir)
    return Renderer(catalogue).render(Path(out), options or Options(), check=False)


def _build(cards_dir: PathLike, out_dir: PathLike, **options: Any) -> BuildReport:
    """The whole kit of ``cards_dir`` built into ``out_dir`` as `cardgen build` builds it
    (``options``: :func:`cardgen.build.pipeline.build`'s: ``paper``, ``only``, ``jobs``,
    ``service`` …); raises :class:`cardgen.build.pipeline.BuildError` on any problem."""
    from cardgen.build.pipeline import build as run

    return run(cards_dir, out_dir, **options)


def play(
    catalogue: Catalogue | PathLike,
    *,
    players: int | None = None,
    bots: str | Sequence[str] = "random",
    seed: int = 0,
    sides: Sequence[str] = (),
    settings: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    teams: Sequence[Sequence[int]] = (),
) -> PlayedGame:
    """One seeded game of the catalogue (or its folder) by its rules engine, as `cardgen play`
    plays it: ``bots`` one name for every seat or one per seat; ``players`` (default the
    fewest), ``sides``, the rules' ``settings``, the engine's ``options`` and ``teams``
    (tuples of 0-based seats) checked by the engine.  The game's steps, final state and
    returns are on the result; :mod:`cardgen.engine.log` writes its log.  Raises
    :class:`cardgen.engine.EngineError` (a game without an engine, a bad set-up)."""
    from cardgen.engine.play import play as run
    from cardgen.engine.registry import engine_of

    cat = _catalogue(catalogue)
    engine = engine_of(cat)
    setup = engine.setup(cat, players, sides, settings, options, teams)
    names = [bots] * setup.players if isinstance(bots, str) else list(bots)
    return run(engine, cat, setup, names, seed)


def _simulate(
    catalogue: Catalogue | PathLike,
    *,
    games: int = 100,
    players: int | None = None,
    bots: str = "random",
    seed: int = 0,
    settings: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
) -> dict[str, Any]:
    """``games`` seeded games of the catalogue (or its folder) by bots, summarised as
    `cardgen simulate -f json` writes them: win rates per seat, bot and side, game length,
    per card design drawn, played and win rate when played.  ``players`` defaults to the
    most the game seats, ``bots`` names one bot for every seat, one per seat joined by
    commas, or ``mixed``; the summary is the same for any number of ``workers``."""
    from cardgen.engine.registry import engine_of
    from cardgen.engine.simulation import run_simulation, summarise

    cat = _catalogue(catalogue)
    result = run_simulation(
        engine_of(cat),
        cat,
        games=games,
        players=players,
        bots=bots,
        seed=seed,
        settings=settings,
        options=options,
        workers=workers,
    )
    return summarise(result, cat)


def _catalogue(catalogue: Catalogue | PathLike) -> Catalogue:
    if isinstance(catalogue, str | os.PathLike):
        return load(catalogue)
    return catalogue


render = _Subpackage("cardgen.render", _render)
build = _Subpackage("cardgen.build", _build)
simulate = _Subpackage("cardgen.simulate", _simulate)
sys.modules[__name__].__class__ = _Package
