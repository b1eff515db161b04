"""Checks of every text a catalogue file gives, before any model sees it.

A text that prints wrongly or misleads a reader is refused at its file and line:

* control characters (NUL, escape …; a line break is allowed), format characters that
  reorder or hide text (right-to-left override, zero-width space and joiner, soft hyphen,
  byte-order mark), unassigned and private-use code points, and other characters that draw
  nothing (E113);
* a text that is only whitespace (E114);
* in card files, braces that are not an icon token: ``{Coin}``, ``{coin``, ``{}`` and a stray
  ``}`` (E115), which would otherwise be printed literally.

Whether the fonts can draw each character is the print preflight's check (E408), which knows
the font of every field.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

from cardgen.catalogue.icon_tokens import TOKEN
from cardgen.catalogue.yaml_source import SourceMap
from cardgen.diagnostics import Diagnostic

#: Unicode categories of characters that draw nothing or change how the rest is drawn
_BAD_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
#: spaces a typesetter may want besides U+0020: no-break and narrow no-break space
_SPACES = {"\u00a0", "\u202f"}
#: letters and marks that draw nothing (fillers, blank patterns, joiners, variation selectors)
_INVISIBLE = {
    "\u034f",  # combining grapheme joiner
    "\u115f",  # hangul choseong filler
    "\u1160",  # hangul jungseong filler
    "\u17b4",  # khmer vowel inherent aq
    "\u17b5",  # khmer vowel inherent aa
    "\u2800",  # braille pattern blank
    "\u3164",  # hangul filler
    "\uffa0",  # halfwidth hangul filler
    *(chr(c) for c in range(0xFE00, 0xFE10)),  # variation selectors
}
_NAMES = {
    "\n": None,
    "\x00": "NUL",
    "\t": "tab",
    "\r": "carriage return",
    "\x1b": "escape",
    "\x7f": "delete",
    "\u200b": "zero-width space",
    "\u202e": "right-to-left override",
}


def bad_character(ch: str) -> str | None:
    """Why ``ch`` may not appear in a catalogue text, or None if it may."""
    if ch in _NAMES and _NAMES[ch] is None:
        return None
    cat = unicodedata.category(ch)
    if cat in _BAD_CATEGORIES or ch in _INVISIBLE or (cat == "Zs" and ch not in {" ", *_SPACES}):
        name = _NAMES.get(ch) or unicodedata.name(ch, "").lower() or "unnamed"
        kind = "control" if cat == "Cc" else "invisible or formatting"
        return f"{kind} character U+{ord(ch):04X} ({name})"
    return None


def describe(ch: str) -> str:
    """A character as a diagnostic names it: ``'é' (U+00E9 latin small letter e with acute)``."""
    return f"{ch!r} (U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed').lower()})"


_BRACE = re.compile(r"[{}]")


def token_problems(text: str) -> Iterator[str]:
    """What is wrong with the braces of ``text``: each ``{`` must open an icon token
    ``{name}`` (lowercase letters, digits and ``-``), each ``}`` close one."""
    pos = 0
    while (m := _BRACE.search(text, pos)) is not None:
        at = m.start()
        if m.group() == "}":
            yield f"stray '}}' at character {at + 1} (an icon token is written {{name}})"
            pos = at + 1
            continue
        token = TOKEN.match(text, at)
        if token is not None:
            pos = token.end()
            continue
        close = text.find("}", at + 1)
        nxt = text.find("{", at + 1)
        if close < 0 or 0 <= nxt < close:
            yield f"'{{' at character {at + 1} is never closed (an icon token is written {{name}})"
            pos = at + 1
            continue
        inner = text[at + 1 : close]
        if not inner:
            yield "'{}' names no icon"
        else:
            lower = inner.strip().lower().replace(" ", "-").replace("_", "-")
            hint = f"; did you mean {{{lower}}}?" if TOKEN.fullmatch(f"{{{lower}}}") else ""
            yield (
                f"{{{inner}}} is not an icon token: names are lowercase letters, digits and '-'"
                f"{hint}"
            )
        pos = close + 1


def strings_of(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, str, bool]]:
    """Every string of a parsed YAML value: (path, text, whether it is a mapping key)."""
    if isinstance(value, str):
        yield path, value, False
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                yield (*path, key), key, True
            yield from strings_of(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings_of(item, (*path, i))


def _card_of(data: Any, path: tuple) -> str | None:
    """The id of the card ``path`` lies in (a card file's ``cards``), if it has one."""
    if len(path) >= 2 and path[0] == "cards" and isinstance(data, dict):
        cards = data.get("cards")
        if isinstance(cards, list) and isinstance(path[1], int) and path[1] < len(cards):
            card = cards[path[1]]
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                return card["id"]
    return None


def _field(path: tuple) -> str:
    rel = path[2:] if len(path) >= 2 and path[0] == "cards" else path
    return ".".join(str(p) for p in rel) or "document"


def text_problems(data: Any, smap: SourceMap, *, tokens: bool = False) -> list[Diagnostic]:
    """A diagnostic for each text of ``data`` (parsed from the file ``smap`` maps) holding a
    refused character or only whitespace, and with ``tokens`` (card files) each malformed
    icon token."""
    out = []
    for path, text, is_key in strings_of(data):
        card = _card_of(data, path)
        where = smap.at(path, key=is_key)
        field = _field(path)
        for ch in dict.fromkeys(text):
            why = bad_character(ch)
            if why is not None:
                at = text.index(ch) + 1
                out.append(Diagnostic("E113", f"{field}: {why} at character {at}", where, card))
        if text and not text.strip():
            out.append(Diagnostic("E114", f"{field}: the text is only whitespace", where, card))
        if tokens and not is_key:
            for problem in token_problems(text):
                out.append(Diagnostic("E115", f"{field}: {problem}", where, card))
    return out
