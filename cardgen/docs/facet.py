"""What the documents ask a game pack (``pack.docs``): its rulebook's names, icons and figures,
its appendix, its rules reference.

A pack subclasses :class:`DocsFacet`; the defaults serve a pack with the core's appendix (card
reference, icons, components) and no rules reference.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue
    from cardgen.docs.content import Appendix, Section


class DocsFacet:
    """The documents' questions to a pack, with the core's answers."""

    def __init__(self, data: Path) -> None:
        #: the pack's data folder (its rulebook source ``rulebook.md``)
        self.data = data

    @property
    def has_rulebook(self) -> bool:
        """Whether the pack writes a rulebook (its data folder has ``rulebook.md``)."""
        return (self.data / "rulebook.md").is_file()

    def appendix_sections(self, catalogue: Catalogue) -> list[Section] | None:
        """The sections of the rulebook appendix (:mod:`cardgen.docs.content`), or None for the
        core's: the card reference (name, id, card text, sheet row, copies), the icons and the
        components.  A pack that adds sections starts from
        :func:`cardgen.docs.gather.default_sections`."""
        return None

    def appendix(self, catalogue: Catalogue) -> Appendix | None:
        """The whole appendix, or None for the core's: :meth:`appendix_sections` with the
        catalogue's totals, fonts and icons (:func:`cardgen.docs.gather.assemble`)."""
        return None

    def rulebook_context(self, rules: Any) -> dict[str, Any]:
        """The names the rulebook source's jinja expressions may use (``{{ rules.game }}``)."""
        return {"rules": rules}

    def rulebook_icons(self, rules: Any) -> dict[str, tuple[str, str]]:
        """Icon tokens the rulebook may use beyond the print facet's ``icon_tokens``: token ->
        (the icon drawn by its ``icons``, its label)."""
        return {}

    def rulebook_figures(self, catalogue: Catalogue) -> dict[str, Any]:
        """The figures the rulebook source may place with ``![caption](figure:name)``: name
        -> :class:`cardgen.docs.figures.Figure`, drawn from the catalogue (real cards)."""
        return {}

    def rules_reference(self) -> str | None:
        """The pack's rules reference (markdown, ``cardgen appendix --rules-reference``), or
        None."""
        return None
