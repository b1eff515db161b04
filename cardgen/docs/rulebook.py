"""The printed rulebook: a pack's ``rulebook.md`` rendered against the rules model and parsed.

The source is markdown with jinja2 expressions over the context the pack gives
(:meth:`cardgen.pack.Pack.rulebook_context`: the rules model and whatever helps to word it, so
every tunable number comes from ``rules.yaml``) and ``{icon}`` tokens drawn with the pack's
icons (its card text tokens and :meth:`cardgen.pack.Pack.rulebook_icons`).
:func:`build_rulebook` renders it and parses it (CommonMark, with markdown-it-py) into typed
blocks that the HTML and PDF writers lay out.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, StrictUndefined, TemplateError
from markupsafe import Markup

from cardgen.catalogue.icon_tokens import TOKEN, catalogue_icons, own_icons
from cardgen.engine.described import how_to_play_of
from cardgen.engine.errors import SetupError
from cardgen.pack import get_pack

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

    from cardgen.catalogue.loader import Catalogue
    from cardgen.pack import Pack

#: the name of a pack's rulebook source (in its data folder, or beside a catalogue)
RULEBOOK_NAME = "rulebook.md"

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class RulebookError(ValueError):
    """The rulebook source cannot be rendered or uses markdown or icons the writers lack;
    ``line`` is the line of the rendered markdown it is about, when known."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class Span:
    """A run of rulebook text: plain text, an icon (renderer name) or a line break."""

    text: str
    icon: str | None = None
    bold: bool = False
    italic: bool = False
    newline: bool = False


@dataclass(frozen=True)
class Block:
    """A heading (``level`` 1-3), paragraph, list item (``marker``) or aside (a boxed note)."""

    kind: str  # "heading" | "para" | "item" | "aside" | "figure" (its name in ``id``)
    spans: tuple[Span, ...]
    level: int = 0
    marker: str = ""
    id: str = ""

    @property
    def text(self) -> str:
        """The block's words without icons (line breaks as spaces)."""
        return "".join(" " if s.newline else s.text for s in self.spans if not s.icon).strip()


@dataclass(frozen=True)
class Items:
    """Consecutive list items, for writers that group them (``ordered``: ``1)`` markers)."""

    ordered: bool
    items: tuple[Block, ...]


def grouped(blocks: tuple[Block, ...] | list[Block]) -> list[Block | Items]:
    """Blocks with each run of list items of one kind gathered into :class:`Items`."""
    out: list[Block | Items] = []
    for b in blocks:
        if b.kind != "item":
            out.append(b)
            continue
        ordered = b.marker != "•"
        last = out[-1] if out else None
        if isinstance(last, Items) and last.ordered == ordered:
            out[-1] = Items(ordered, (*last.items, b))
        else:
            out.append(Items(ordered, (b,)))
    return out


@dataclass(frozen=True)
class Rulebook:
    """The rulebook in print order, with the rendered markdown it came from."""

    title: str
    blocks: tuple[Block, ...]
    markdown: str
    #: icon name (as drawn) -> label, for the icons the rulebook uses beyond the card tokens
    icon_labels: dict[str, str]

    @property
    def headings(self) -> tuple[Block, ...]:
        """The section (``##``) and subsection (``###``) headings."""
        return tuple(b for b in self.blocks if b.kind == "heading")

    @property
    def intro(self) -> tuple[Block, ...]:
        """The blocks before the first section (printed on the cover)."""
        first = next((i for i, b in enumerate(self.blocks) if b.kind == "heading"), 0)
        return self.blocks[:first]

    @property
    def sections(self) -> tuple[Block, ...]:
        """The blocks from the first section on."""
        return self.blocks[len(self.intro) :]


# --- jinja -------------------------------------------------------------------------------------
def plural(n: int, noun: str) -> str:
    """``1 coin``, ``3 coins``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def words(n: int) -> str:
    """A small number in words (``4`` -> ``four``); larger ones as digits."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th`` …"""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def icon_token(name: str) -> Markup:
    """``{{ token | icon }}``: the icon ``token`` drawn in the rulebook (``{token}``)."""
    return Markup("{" + str(name) + "}")


#: what a value printed into the rulebook escapes: every character its markdown (and raw HTML
#: in a markdown viewer) gives a meaning: ``Battle deck*`` must not start italics, a theme's
#: ``<script>`` or ``[link](javascript:…)`` must print as text
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#|!&~])")
#: what makes a list item of a value that starts a line: ``- x``, ``+ x``, ``1. x``, ``2) x``
_MD_LEADING = re.compile(r"^(\s*)([-+]|\d+[.)])")


def escape_value(value: Any) -> Any:
    """A value printed by a ``{{ expression }}`` of the rulebook source: text (a catalogue's
    names and themes) with its markdown escaped and its line breaks as spaces; a
    :class:`markupsafe.Markup` value (markdown a pack writes on purpose) and numbers as they
    are."""
    if isinstance(value, Markup) or not isinstance(value, str):
        return value
    text = _MD_SPECIAL.sub(r"\\\1", " ".join(value.splitlines()))
    return _MD_LEADING.sub(lambda m: f"{m.group(1)}{m.group(2)[:-1]}\\{m.group(2)[-1]}", text)


def _environment() -> Environment:
    env = Environment(
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        finalize=escape_value,
    )
    env.filters.update(plural=plural, words=words, ordinal=ordinal, icon=icon_token)
    return env


def pack_of(rules: Any) -> Pack:
    """The pack of a rules model."""

    return get_pack(rules.pack)


def default_source(rules: Any) -> Path:
    """The pack's own rulebook source (``rulebook.md`` in its data folder)."""
    return pack_of(rules).data / RULEBOOK_NAME


def catalogue_context(catalogue: Catalogue) -> dict[str, Any]:
    """The names every rulebook source may use, whatever its pack (``docs/packs.md``, "A
    rulebook for your game"): ``game``, ``rules``, ``cards`` (every design, in catalogue
    order: ``card.name``, ``card.copies``, its fields), ``card_count`` (physical cards),
    ``design_count``, ``piles`` (each pile's name -> its cards, as the print files group them),
    ``fields`` (the fields rules.yaml declares: ``fields.suit.choices``), ``icons`` (each
    ``{token}`` -> what it stands for), ``count(field, value)`` (physical cards whose
    ``field`` is ``value``) and ``how_to_play()`` (the How to play generated from rules
    described in data: docs/rules-as-data.md)."""

    pack, rules = catalogue.pack, catalogue.rules
    piles: dict[str, list[Any]] = {}
    for card in catalogue:
        name = pack.print.pile_name(rules, pack.print.back_of(card).pile)
        piles.setdefault(name, []).append(card)
    return {
        "game": rules.game,
        "rules": rules,
        "cards": list(catalogue),
        "card_count": catalogue.count(),
        "design_count": len(catalogue),
        "piles": piles,
        "fields": dict(getattr(rules, "fields", None) or {}),
        "icons": catalogue_icons(pack, rules, catalogue.root),
        "count": lambda field, value: sum(
            c.copies for c in catalogue if getattr(c, field, None) == value
        ),
        "how_to_play": lambda level=2: _how_to_play(catalogue, level),
    }


def _how_to_play(catalogue: Catalogue, level: int) -> Markup:
    """The How to play generated from the catalogue's rules described in data
    (docs/rules-as-data.md), or "" when its rules are not data."""

    try:
        return Markup(how_to_play_of(catalogue, level=level))  # markdown made on purpose
    except SetupError as exc:
        raise RulebookError(f"how_to_play(): the rules description has mistakes: {exc}") from None


def render_source(
    rules: Any,
    source: str | os.PathLike[str] | None = None,
    catalogue: Catalogue | None = None,
) -> str:
    """The rulebook markdown with every jinja expression evaluated against the pack's context
    for ``rules`` (the pack's own rulebook unless ``source`` is given), and with a
    ``catalogue``, :func:`catalogue_context` under it."""
    path = Path(source) if source is not None else default_source(rules)
    context = {
        **(catalogue_context(catalogue) if catalogue is not None else {}),
        **pack_of(rules).docs.rulebook_context(rules),
    }
    try:
        template = _environment().from_string(path.read_text(encoding="utf-8"))
        return template.render(**context)
    except TemplateError as exc:
        line = getattr(exc, "lineno", None) or _template_line(exc)
        where = f"{path}:{line}" if line else str(path)
        raise RulebookError(f"{where}: {exc.message or exc}") from None
    except (KeyError, OSError) as exc:
        raise RulebookError(f"{path}: {exc}") from None


def _template_line(exc: BaseException) -> int | None:
    """The source line of a jinja runtime error (jinja rewrites the traceback to the template)."""
    tb, line = exc.__traceback__, None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


# --- markdown ----------------------------------------------------------------------------------
_FIGURE = re.compile(r"!\[(.*)\]\(figure:([a-z0-9][a-z0-9+-]*)\)")
_ICON = re.compile(r"\{([a-z][a-z0-9-]*)\}")


@cache
def _markdown_it() -> MarkdownIt:
    """CommonMark, its escapes kept apart from the text so an unmatched ``*`` is known
    unescaped (imported on first use: only a rulebook build pays for it)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").disable("text_join")


#: the tokens :func:`parse` reads only through the ones they open or close
_SKIPPED = {"paragraph_open", "paragraph_close", "heading_open", "heading_close"}
_SKIPPED |= {"list_item_close", "bullet_list_open", "ordered_list_open"}


def _slug(text: str, taken: set[str]) -> str:
    base = "rules-" + (re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section")
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


def glued(spans: tuple[Span, ...]) -> list[tuple[Span, ...]]:
    """Spans grouped so an icon and the text touching it (no space between) never part."""
    out: list[list[Span]] = []
    for s in spans:
        last = out[-1] if out else None
        if s.icon:
            group: list[Span] = []
            prev = last[-1] if last and len(last) == 1 else None
            m = re.search(r"\S+$", prev.text) if prev and not (prev.icon or prev.newline) else None
            if prev is not None and m is not None:
                out.pop()
                if m.start():
                    out.append([replace(prev, text=prev.text[: m.start()])])
                group.append(replace(prev, text=m.group(0)))
            out.append([*group, s])
        elif last and last[-1].icon and not s.newline:
            m = re.match(r"\S+", s.text)
            if m is None:
                out.append([s])
                continue
            last.append(replace(s, text=m.group(0)))
            if s.text[m.end() :]:
                out.append([replace(s, text=s.text[m.end() :])])
        else:
            out.append([s])
    return [tuple(g) for g in out]


_NAMES = {"code_inline": "code", "code_block": "code", "fence": "code", "hr": "a rule"}
_NAMES |= {"html_block": "HTML", "html_inline": "HTML", "link": "a link", "image": "an image"}


def _unsupported(what: str, line: str) -> RulebookError:
    what = _NAMES.get(what, what)
    return RulebookError(f"markdown the rulebook writers do not support ({what}): {line[:80]}")


def _spans(inline: Token, icons: dict[str, str], labels: dict[str, str]) -> tuple[Span, ...]:
    """The spans of an inline token: bold, italic, ``{icon}`` tokens, escapes and breaks."""
    out: list[Span] = []
    bold = italic = False

    def add(text: str, icon: str | None = None, newline: bool = False) -> None:
        prev = out[-1] if out else None
        if icon or newline:
            out.append(Span(text, icon=icon, newline=newline))
        elif (
            prev and not (prev.icon or prev.newline) and (prev.bold, prev.italic) == (bold, italic)
        ):
            out[-1] = replace(prev, text=prev.text + text)
        elif text:
            out.append(Span(text, bold=bold, italic=italic))

    children = inline.children or []
    for i, t in enumerate(children):
        if t.type in ("strong_open", "strong_close"):
            bold = t.type == "strong_open"
        elif t.type in ("em_open", "em_close"):
            italic = t.type == "em_open"
        elif t.type == "softbreak":
            add(" ")
        elif t.type == "hardbreak":
            add("", newline=True)
        elif t.type == "text_special":  # a backslash escape or an entity: literal text
            add(t.content)
        elif t.type == "text":
            text = t.content.removesuffix("\\") if i == len(children) - 1 else t.content
            if "*" in text:
                raise RulebookError(f"unclosed ** or * in: {inline.content[:80]}")
            pos = 0
            for m in _ICON.finditer(text):
                add(text[pos : m.start()])
                if m.group(1) not in icons:
                    raise RulebookError(f"unknown icon {m.group(0)} in: {inline.content[:80]}")
                name = icons[m.group(1)]
                add(labels.get(name, name), icon=name)
                pos = m.end()
            add(text[pos:])
        else:
            raise _unsupported(t.type.removesuffix("_open"), inline.content)
    return tuple(out)


def parse(markdown: str, icons: dict[str, str], labels: dict[str, str]) -> tuple[Block, ...]:
    """The rendered rulebook markdown as blocks (headings to ``###``, paragraphs, ``-`` and
    numbered list items, ``>`` asides, figures); ``icons`` maps tokens to drawn icon names.
    A RulebookError names the line of ``markdown`` it is about (its ``line``)."""
    lines, tokens = markdown.splitlines(), _markdown_it().parse(markdown)
    taken: set[str] = set()
    blocks: list[Block] = []
    kind, marker, n = "para", "", 1

    def block(opener: Token, inline: Token) -> Block:
        assert opener.map is not None
        source = lines[opener.map[0] : opener.map[1]]
        if any(line.lstrip(" >").startswith("|") for line in source):
            raise _unsupported("a table", source[0])
        if opener.type == "heading_open":
            head = Block("heading", _spans(inline, icons, labels), level=int(opener.tag[1]))
            return replace(head, id=_slug(head.text, taken))
        children = inline.children or []
        if len(children) == 1 and children[0].type == "image":
            m = _FIGURE.fullmatch(inline.content)
            if m is None or kind != "para":
                raise _unsupported("an image that is not a figure:name", inline.content)
            return Block("figure", _spans(children[0], icons, labels), id=m.group(2))
        return Block(kind, _spans(inline, icons, labels), marker="" if kind != "item" else marker)

    for i, t in enumerate(tokens):
        n = t.map[0] + 1 if t.map else n
        try:
            if t.type in ("bullet_list_open", "ordered_list_open", "blockquote_open") and t.level:
                raise _unsupported("a list or quote inside another", lines[n - 1])
            if t.type == "list_item_open":
                kind, marker = "item", f"{t.info}{t.markup}" if t.info else "•"
            elif t.type == "blockquote_open":
                kind = "aside"
            elif t.type in ("bullet_list_close", "ordered_list_close", "blockquote_close"):
                kind = "para"
            elif t.type == "heading_open" and (t.tag not in ("h1", "h2", "h3") or t.level):
                raise _unsupported("a heading below ### or inside a list or quote", lines[n - 1])
            elif t.type == "inline":
                blocks.append(block(tokens[i - 1], t))
                kind = "para" if kind == "item" else kind  # an item's next paragraph
            elif t.type not in _SKIPPED:
                raise _unsupported(t.type.removesuffix("_open"), lines[n - 1])
        except RulebookError as exc:
            raise RulebookError(f"line {n}: {exc}", n) from None
    return tuple(blocks)


_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}")


def source_line(template: str, rendered: str) -> int | None:
    """The line of the jinja ``template`` that rendered as the line ``rendered``: the first
    whose literal text (outside ``{{ }}``, ``{% %}``, ``{# #}``) appears in it, in order."""
    for n, line in enumerate(template.splitlines(), 1):
        parts = [p.strip() for p in _JINJA.split(line) if p.strip()]
        if not parts:
            continue
        pos = 0
        for part in parts:
            pos = rendered.find(part, pos)
            if pos < 0:
                break
            pos += len(part)
        else:
            return n
    return None


def rulebook_icons(rules: Any, root: Path | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """Token -> drawn icon name, and the labels of the icons beyond the card tokens (the
    catalogue folder ``root``'s own icons among them)."""

    pack = pack_of(rules)
    tokens = {t: t for t in pack.print.icon_tokens(rules)}
    labels: dict[str, str] = {}
    if root is not None:
        for name, label in own_icons(root).items():
            if name not in tokens:
                tokens[name], labels[name] = name, label
    for token, (name, label) in pack.docs.rulebook_icons(rules).items():
        tokens[token] = name
        labels[name] = label
    return tokens, labels


def build_rulebook(
    rules: Any,
    source: str | os.PathLike[str] | None = None,
    catalogue: Catalogue | None = None,
) -> Rulebook:
    """Render ``source`` (the pack's own rulebook by default) against ``rules`` (and the
    ``catalogue``'s cards, counts and icons: :func:`catalogue_context`) and parse it; the first
    ``#`` heading is the title."""
    source = source if source is not None else default_source(rules)
    markdown = render_source(rules, source, catalogue)

    root = catalogue.root if catalogue is not None else None
    tokens, extra = rulebook_icons(rules, root)
    labels = {**catalogue_icons(pack_of(rules), rules, root), **extra}
    try:
        blocks = parse(markdown, tokens, labels)
    except RulebookError as exc:
        rendered = markdown.splitlines()[exc.line - 1] if exc.line else ""
        line = source_line(Path(source).read_text(encoding="utf-8"), rendered) if exc.line else None
        message = str(exc).removeprefix(f"line {exc.line}: ")
        where = f"{source}:{line}" if line else str(source)
        raise RulebookError(f"{where}: {message}") from None
    titles = [b for b in blocks if b.kind == "heading" and b.level == 1]
    if len(titles) != 1 or blocks[0] is not titles[0]:
        raise RulebookError(f"{source}: the rulebook must start with its one '# title'")
    return Rulebook(titles[0].text, blocks[1:], markdown, extra)


def plain_markdown(rulebook: Rulebook) -> str:
    """The rendered markdown with icons written ``[name]``, as in the markdown appendix, and
    each figure as its caption (the PDF and HTML rulebooks draw it)."""
    text = "\n".join(
        f"*Figure: {m.group(1)}*" if (m := _FIGURE.fullmatch(line.strip())) else line
        for line in rulebook.markdown.split("\n")
    )
    return TOKEN.sub(lambda m: f"[{m.group(1)}]", text)


def figures_of(rulebook: Rulebook, figures: Mapping[str, Any]) -> dict[str, Any]:
    """The figures ``rulebook`` places, by name; a :class:`RulebookError` naming a figure the
    pack does not draw."""
    out = {}
    for b in rulebook.blocks:
        if b.kind == "figure":
            try:
                out[b.id] = figures[b.id]
            except KeyError as exc:
                known = ", ".join(figures) or "none"
                why = f"{exc.args[0]}; " if exc.args and exc.args[0] != b.id else ""
                raise RulebookError(
                    f"unknown figure 'figure:{b.id}' ({why}the rulebook may place: {known})"
                ) from None
    return out
