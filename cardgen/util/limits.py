"""The bounds of what cardgen reads, checked before any work starts (docs/cli.md, "Limits").

An input past one is refused with a diagnostic naming its file (and line, cell or element),
never read on until memory or time runs out.  Packs add their own (a simulation's samples, a
game's turn limit) in their rules models.
"""

from __future__ import annotations

MiB = 2**20

# --- icons (SVG files) ----------------------------------------------------------------------
#: bytes of an icon file
MAX_SVG_BYTES = 1 * MiB
#: elements of an icon file
MAX_SVG_ELEMENTS = 1_000
#: elements drawn once every ``<use>`` is expanded (nested ``<use>`` multiply)
MAX_SVG_DRAWN = 2_000
#: the largest coordinate, size or scale in an icon's drawing (its square is 0..100)
MAX_ICON_NUMBER = 100_000.0

# --- fonts and art ----------------------------------------------------------------------------
#: bytes of a font file (the largest CJK fonts are about 20 MB)
MAX_FONT_BYTES = 32 * MiB
#: bytes of an art file
MAX_ART_BYTES = 64 * MiB
#: pixels of an art image (a tarot card with its bleed at 1200 dpi has 15 million)
MAX_ART_PIXELS = 50_000_000

# --- card layouts -----------------------------------------------------------------------------
#: a card's width or height, mm (a card must also fit on the print-and-play papers)
MAX_CARD_MM = 300.0
#: a card's bleed, mm (print services ask for 3 to 3.175)
MAX_BLEED_MM = 12.7
#: any other number of a layout: a box's position or size (mm), a line width (pt)
MAX_LAYOUT_NUMBER = 1_000.0
#: a font size, pt
MAX_FONT_PT = 200.0
#: the smallest step a text shrinks by while fitting, pt
MIN_FIT_STEP = 0.05
#: the smallest distance between the dots or stripes of a pattern, mm
MIN_PATTERN_SPACING = 0.5

# --- spreadsheets (`cardgen import`) ----------------------------------------------------------
#: bytes of a sheet file
MAX_SHEET_BYTES = 20 * MiB
#: bytes a workbook (a zip) unpacks to, all its parts together
MAX_SHEET_UNPACKED = 64 * MiB
#: parts of a workbook
MAX_SHEET_MEMBERS = 10_000
#: cells of a sheet's grid: its last row times its last column (the reader allocates it whole)
MAX_SHEET_CELLS = 1_000_000

# --- a game's own card fields (`fields:` of rules.yaml) ----------------------------------------
#: fields a rules.yaml declares
MAX_FIELDS = 100
#: choices of a `choice` field
MAX_FIELD_CHOICES = 200
#: characters of one choice
MAX_CHOICE_CHARS = 40
#: items of a `list` field's value (a card's or the default)
MAX_LIST_ITEMS = 50
#: the size of a number field's `min` and `max` (either sign)
MAX_FIELD_BOUND = 1e12
