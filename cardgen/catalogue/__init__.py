"""The card catalogue: schema, loading, checks, export and generated card text."""

from cardgen.catalogue.card import Card, DeckFile
from cardgen.catalogue.loader import Catalogue, load_catalogue, read_catalogue
from cardgen.catalogue.validate import ValidationResult, validate

__all__ = [
    "Card",
    "Catalogue",
    "DeckFile",
    "ValidationResult",
    "load_catalogue",
    "read_catalogue",
    "validate",
]
