"""The card catalogue of any game pack: loading with positions, checks, schema and export.

``validate`` is imported at once; the loader and the models (YAML, pydantic) only when first
named, so replaying an unchanged catalogue's validation never imports them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardgen.catalogue.validate import ValidationResult, validate

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue, load_catalogue, read_catalogue
    from cardgen.catalogue.models import CardBase, RulesBase

__all__ = [
    "CardBase",
    "Catalogue",
    "RulesBase",
    "ValidationResult",
    "load_catalogue",
    "read_catalogue",
    "validate",
]

_LAZY = {
    "Catalogue": "loader",
    "load_catalogue": "loader",
    "read_catalogue": "loader",
    "CardBase": "models",
    "RulesBase": "models",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"cardgen.catalogue.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
