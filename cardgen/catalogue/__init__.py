"""The card catalogue of any game pack: loading with positions, checks, schema and export."""

from cardgen.catalogue.loader import Catalogue, load_catalogue, read_catalogue
from cardgen.catalogue.models import CardBase, RulesBase
from cardgen.catalogue.validate import ValidationResult, validate

__all__ = [
    "CardBase",
    "Catalogue",
    "RulesBase",
    "ValidationResult",
    "load_catalogue",
    "read_catalogue",
    "validate",
]
