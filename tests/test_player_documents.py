"""Every game's rulebook and appendices read as players read them: no word of the engine, the
tools or the card files, no bound of the simulator printed as a rule, and the rules a table
needs (who begins, the set-up of every component, the variants) each said."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardgen.catalogue.loader import load_catalogue
from cardgen.docs.gather import build_appendix
from cardgen.docs.writer import write_appendix, write_rulebook

ROOT = Path(__file__).resolve().parents[1]
GAMES = {
    "attack-right": ROOT / "cards",
    "attack-the-tower": ROOT / "games" / "attack-the-tower" / "cards",
    "authority": ROOT / "games" / "authority" / "cards",
    "castle-rampage": ROOT / "games" / "castle-rampage" / "cards",
    "greedy-kingdoms": ROOT / "games" / "greedy-kingdoms" / "cards",
}

#: what a player must never read: the rules model's paths, unrendered icon tokens, commands and
#: their options, the effects' notation, the card files' markers, settings, empty icon gaps and
#: the simulator's turn bounds
ENGINE_WORDS = {
    "a rules-model setting": r"\bsettings\.[a-z_]",
    "an odds setting": r"\bodds\.[a-z_]",
    "an icon token": r"\{[a-z_-]+\}",
    "a command": r"\bcardgen [a-z]",
    "a command option": r"(?<![\w-])--[a-z]",
    "an effect's notation": r"\bkind=",
    "a card file's notation": r"\b[a-z_]+=[0-9a-z]",
    "the placeholders of a card file": r"Placeholders:",
    "the card files' notation": r"written \{?name\}? in the card files",
    "a setting line": r"Setting:",
    "the rules file": r"rules\.yaml",
    "an icon lost from a quote": r"\(\s*\)",
    "a turn bound": r"after \d[\d,]* turns",
    "a build instruction": r"[Dd]o not edit by hand",
    "the build's check column": r"\bCount \|? ?Built\b",
    "the engine": r"\b[Tt]he engine(?!er)\b|\bengine's\b",
    "a name of the card files or settings": r"`[a-z]+_[a-z_]+`|\b[a-z]+_[a-z]+_[a-z_]+\b",
    "a field of the card files": r"`(?:target|zone|neighbours?|per|trigger|kind)\b",
}

#: rules the seeds or the rules references hold that a table needs, and the rulebook says
MUST_SAY = {
    "attack-right": (
        "Lay the scoreboard in the middle of the table",
        "the score token of the same colour",
        "Put the round token on the first space of the round track",
        "Each player takes a player board",
        "An eye (the Spy deck).",  # printed on every Spy card's face and back
    ),
    "attack-the-tower": (
        "Toss a coin: its winner is the first player.",
        "You may declare several attacks in a turn, if you have the troops for them",
        "may attack once this turn (reading T12)",
        "the players may also play abilities at will",
        "Special troops may be used in combat normally, even for attacking",
        "A tower (the back of the base cards).",
    ),
    "authority": (
        "VARIANT: 2 VS. 2",
        "Decide by lot who is the first player (reading R26)",
        "in two teams of two",
        "Take a defence mat and lay it before you",
        "Take an HP tracker and a marker",
        "Lay the market mat",
        "HP trackers",
        "A crown (the Royal Soldiers).",
    ),
    "castle-rampage": (
        "Decide by lot who begins",
        "a player aid for each player",
        "red, blue, green and grey cards have no effect",
        "R17. Who begins",
        "R18. Red, blue, green and grey cards",
        "Deck and discard mat",
    ),
    "greedy-kingdoms": (
        "Lay the play mat between you",
        "the Attacker first, then the Defender, who does not see the Attacker's",
    ),
}


class _Text(HTMLParser):
    """The text of an HTML page, without its style sheet and scripts; an icon is ``[icon]``."""

    SKIP = frozenset({"style", "script", "svg"})

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "svg" and not self.depth:
            self.parts.append("[icon]")
        elif tag in ("td", "th", "li", "p", "br", "div"):
            self.parts.append(" ")
        self.depth += tag in self.SKIP

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag in self.SKIP

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.parts.append(data)


def _html_text(path: Path) -> str:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    return "".join(parser.parts)


def documents(game: str, out: Path) -> dict[str, str]:
    """The rulebook and the appendices of ``game``, markdown and HTML, as players read them
    (markdown: its link anchors and link targets dropped, its escapes undone)."""
    cat = load_catalogue(GAMES[game])
    appendix = build_appendix(cat)
    written = [
        *write_appendix(appendix, out / game / "appendix", ["md", "html"]),
        *write_rulebook(cat, out / game / "rulebook", ["md", "html"], appendix=appendix),
    ]
    texts = {}
    for path in written:
        if path.suffix == ".html":
            text = _html_text(path)
        else:
            text = path.read_text(encoding="utf-8")
            text = re.sub(r'<a id="[^"]*"></a>|\]\(#[^)]*\)|\\(?=[_*\[\]()#])', "", text)
        texts[f"{path.parent.name}/{path.name}"] = " ".join(text.replace("**", "").split())
    return texts


def _hits(text: str, pattern: str) -> list[str]:
    return [text[max(m.start() - 40, 0) : m.end() + 40] for m in re.finditer(pattern, text)]


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_player_documents_have_no_engine_words_and_say_the_rules(game, tmp_path):
    """One build a game (Castle Rampage's odds take the most): the engine words looked for in
    the four documents, the rules a table needs in the rulebook's markdown and HTML."""
    docs = documents(game, tmp_path)
    assert len(docs) == 4
    found = {
        (name, what): _hits(text, pattern)[:3]
        for name, text in docs.items()
        for what, pattern in ENGINE_WORDS.items()
        if re.search(pattern, text)
    }
    assert found == {}
    for name in ("rulebook/rulebook.md", "rulebook/rulebook.html"):
        assert [w for w in MUST_SAY[game] if w not in docs[name]] == [], name


def test_the_patterns_catch_what_they_are_for():
    """Each pattern finds the words the issue quoted, so a clean run means something."""
    quoted = {
        "a rules-model setting": "Setting: settings.defender_wins_ties (now true)",
        "an icon token": "a counter per {resource} you produce",
        "a command": "cardgen simulate plays the decks",
        "a command option": "unless told otherwise (--decks, --all-matchups)",
        "an effect's notation": "Effects: kind=strike troops=heavy-infantry",
        "a card file's notation": "Cost: gold=1 food=2",
        "the placeholders of a card file": "Placeholders: name, copies",
        "the card files' notation": "The icons card text may use, written {name} in the card files",
        "an odds setting": "stays within odds.exact_limit",
        "an icon lost from a quote": "Deck 4 () is only recommended",
        "a turn bound": "A game still going after 200 turns is a stalemate.",
        "the build's check column": "| Component | Count | Built |",
        "the engine": "The engine follows the second one and the worked example",
        "a name of the card files or settings": "a card with the effect `targets_castle`",
        "a field of the card files": "`target: self` changes this card's own printed power",
    }
    for what, text in quoted.items():
        assert re.search(ENGINE_WORDS[what], text), what
    for fine in ("Deck 4 ... is only", "the 2nd Royal Palace", "HP trackers", "well-built"):
        assert not any(re.search(p, fine) for p in ENGINE_WORDS.values()), fine
