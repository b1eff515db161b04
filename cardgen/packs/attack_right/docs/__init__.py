"""Attack Right's documents: its appendix sections (card reference by deck and season, card
indexes, glossary of effects, triggers and icons, clarifications, components, deck
statistics), its rulebook's context, icons and figures, and the rules reference.

The writers are the core's (:mod:`cardgen.docs`); ``templates/`` holds Attack Right's own
stylesheet and the rules reference template.
"""

from cardgen.packs.attack_right.docs.figures import rulebook_figures
from cardgen.packs.attack_right.docs.gather import appendix, appendix_sections
from cardgen.packs.attack_right.docs.reference import rules_reference
from cardgen.packs.attack_right.docs.rulebook import (
    RULEBOOK_FILE,
    rulebook_context,
    rulebook_icons,
    slot_phrase,
)

__all__ = [
    "RULEBOOK_FILE",
    "appendix",
    "appendix_sections",
    "rulebook_context",
    "rulebook_figures",
    "rulebook_icons",
    "rules_reference",
    "slot_phrase",
]
