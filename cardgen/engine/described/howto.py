"""The rulebook's "How to play", generated from a rules description.

What the description says as structure is written as sentences: the components (each zone
filled from the catalogue, with its count), where the cards lie and who sees them, the set-up
steps that are plain (shuffle, deal, reveal), each phase (everyone at once, or in turn) and its
actions in the words they are written, and how the winner is found.  What it says in
expressions is written by the designer in players' words (``text:`` of an action, a phase,
the result; ``rulebook:`` ``summary``, ``setup``, ``end``).  No expression, engine word or
simulator bound reaches the page.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cardgen.engine.described.compiler import Program

if TYPE_CHECKING:
    from cardgen.catalogue.loader import Catalogue


def how_to_play(program: Program, catalogue: Catalogue, *, level: int = 2) -> str:
    """The markdown of the How to play (its headings from ``level``)."""
    d = program.desc
    h = "#" * level
    out: list[str] = [f"{h} How to play", ""]
    lo, hi = _players(d.game.players)
    who = f"{lo} players" if lo == hi else f"{lo} to {hi} players"
    out += [f"{_md(d.game.name)} is a game for {who}." + _sentence(d.rulebook.summary), ""]
    decks = [z for z in program.zones if z.cards]
    if decks:
        out += [f"{h}# Components", ""]
        for z in decks:
            out.append(f"- {_md(_title(_zone_name(d, z.name)))}: {len(z.cards)} cards")
        out.append("")
    out += [f"{h}# Where the cards are", ""]
    for z in program.zones:
        out.append(f"- {_md(_where(d, z.name, z.per_seat, z.see))}")
    out.append("")
    setup = d.rulebook.setup or " ".join(_setup_sentences(d, d.setup))
    if setup:
        out += [f"{h}# Setting up", "", _md(setup.strip()), ""]
    out += [f"{h}# Playing", ""]
    several = len(program.phases) > 1
    for ph, spec in zip(program.phases, d.phases.values(), strict=True):
        if ph.movers is None:
            line = "All players choose at the same time; the choices are revealed together."
        else:
            line = "The players take turns, one at a time."
        head = f"**{_md(_title(ph.name))}.** " if several else ""
        out += [head + line + _sentence(spec.text), ""]
        for a in ph.actions:
            spec_a = d.actions[a.name]
            text = f": {_md(spec_a.text.strip())}" if spec_a.text else ""
            out.append(f"- **{_md(_says(d, spec_a))}**{text}")
        out.append("")
    if d.rulebook.end:
        out += [f"{h}# The end", "", _md(d.rulebook.end.strip()), ""]
    out += [f"{h}# Winning", "", _md(_winning(d)), ""]
    return "\n".join(out).rstrip() + "\n"


def _players(p: Any) -> tuple[int, int]:
    return (p, p) if isinstance(p, int) else (p[0], p[-1])


def _sentence(text: str) -> str:
    return f" {_md(text.strip())}" if text.strip() else ""


#: the characters markdown (and raw HTML) gives a meaning: a designer's words print as written
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#|!&~])")


def _md(text: str) -> str:
    """A designer's words as markdown text: its special characters escaped, one line."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _title(text: str) -> str:
    text = text.replace("_", " ")
    return text[:1].upper() + text[1:]


def _zone_name(d: Any, name: str) -> str:
    spec = d.zones.get(name)
    return spec.name if spec is not None and spec.name else name.replace("_", " ")


def _where(d: Any, name: str, per_seat: bool, see: str) -> str:
    shown = _zone_name(d, name)
    if per_seat:
        what = {
            "everyone": "face up, seen by all",
            "owner": "seen only by its owner",
            "nobody": "face down, seen by nobody",
            "top": "in a pile, its top card face up",
        }[see]
        return f"Each player's {shown}: {what}."
    what = {
        "everyone": "face up, seen by all",
        "owner": "face up, seen by all",
        "nobody": "face down",
        "top": "in a pile, only its top card face up",
    }[see]
    return f"The {shown}: {what}."


def _zone_words(d: Any, text: Any) -> str:
    """A zone expression in players' words: ``hand[me]`` is "your hand", ``dock`` "the dock"."""
    if not isinstance(text, str):
        return "a pile"
    m = re.fullmatch(r"\s*([a-z_]\w*)\s*(\[\s*(\w+)\s*\])?\s*", text)
    if not m:
        return "a pile"
    name = _zone_name(d, m.group(1))
    seat = m.group(3)
    if seat is None:
        return f"the {name}"
    if seat == "me":
        return f"your {name}"
    if re.fullmatch(r"P[1-9]", seat):
        return f"player {seat[1:]}'s {name}"
    return f"a player's {name}"


def _says(d: Any, a: Any) -> str:
    """An action as a player reads it: ``bid {card}`` is "bid a card from your hand"."""
    words = a.says
    if a.card is not None:
        words = words.replace("{card}", f"a card from {_zone_words(d, a.card.from_)}")
    elif a.choice is not None:
        words = words.replace("{choice}", " or ".join(a.choice))
    elif a.number is not None:
        lo, hi = a.number.min, a.number.max
        if isinstance(lo, int) and isinstance(hi, int):
            words = words.replace("{number}", f"a number from {lo} to {hi}")
        elif (
            isinstance(lo, int) and isinstance(hi, str) and "size(hand[me])" in hi.replace(" ", "")
        ):
            words = words.replace("{number}", f"a number from {lo} to the cards in your hand")
        else:
            words = words.replace("{number}", "a number")
    return words


def _setup_sentences(d: Any, items: Any) -> list[str]:
    """The plain steps of the set-up in words: shuffles, deals, cards revealed."""
    out: list[str] = []
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        if "shuffle" in item:
            out.append(f"Shuffle {_zone_words(d, item['shuffle'])}.")
        elif "deal" in item and isinstance(item["deal"], int):
            n = item["deal"]
            to = _zone_name(d, str(item.get("to", "")))
            out.append(
                f"Deal {n} card{'s' if n != 1 else ''} from {_zone_words(d, item.get('from'))} "
                f"to each player's {to}."
            )
        elif "move" in item and item["move"] in ("top", 1):
            out.append(
                f"Put the top card of {_zone_words(d, item.get('from'))} "
                f"into {_zone_words(d, item.get('to'))}."
            )
    return out


def _winning(d: Any) -> str:
    if d.result.text:
        return d.result.text.strip()
    names = [_rank_words(r) for r in d.result.rank]
    first = names[0] or "score"
    line = f"When the game ends, the player with the highest {first} wins."
    rest = [n for n in names[1:] if n]
    if rest:
        line += " Of players tied, the one with the highest " + ", then ".join(rest) + " wins."
    return line + " Players still tied share the win."


def _rank_words(expr: Any) -> str:
    m = re.fullmatch(r"\s*([a-z_]\w*)\s*(\[\s*s\s*\]|\(\s*s\s*\))\s*", str(expr))
    return m.group(1).replace("_", " ") if m else ""
