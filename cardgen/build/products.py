"""The built-in product providers: cards (render library), components, appendices and rulebook.

Every step's key hashes exactly what its files depend on: the card data of the cards it holds,
the rules model, the templates and fonts it reads and the code that draws it.  So after one card
changes, only the steps holding that card run again.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from cardgen.build.steps import BuildContext, Output, Step, Unavailable, provider
from cardgen.catalogue.card import Card
from cardgen.util.hashing import code_digest, digest_data, digest_paths

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
FONTS = ROOT / "fonts"
RULEBOOK_SOURCE = ROOT / "docs" / "rulebook.md"  # the rulebook the kit prints

CARD_TEMPLATES = [TEMPLATES / n for n in ("card.yaml", "icons.yaml", "products.yaml")]
CARD_CODE = ("render", "catalogue", "rules/model.py", "build/products.py")

_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")


def pdf_pages(path: Path) -> int:
    """Pages of a reportlab PDF (page objects are never compressed into object streams)."""
    return len(_PAGE.findall(path.read_bytes()))


def _key(ctx: BuildContext, step_id: str, data: object, files: Iterable[Path], code) -> str:
    return digest_data(
        {
            "step": step_id,
            "rules": ctx.rules.model_dump(mode="json"),
            "data": data,
            "files": digest_paths(files),
            "code": code_digest(*code),
        }
    )


def _cards_data(ctx: BuildContext, cards: list[Card]) -> list:
    """The card data a card product depends on, art file contents included."""
    out = []
    for card in cards:
        d = card.model_dump(mode="json")
        if card.art:
            art = ctx.catalogue.root / card.art
            d["_art"] = digest_paths([art]) if art.is_file() else None
        out.append(d)
    return out


def _sub_catalogue(ctx: BuildContext, cards: list[Card]):
    return replace(ctx.catalogue, cards=cards)


# --- cards ------------------------------------------------------------------------------------
@provider("cards")
def card_steps(ctx: BuildContext) -> list[Step]:
    """Print-and-play sheets, print-service PDFs per deck, PNGs per deck, TTS and contact."""
    try:
        from cardgen.render.api import Renderer, RenderOptions
    except ImportError as exc:  # pragma: no cover - the renderer ships with cardgen
        raise Unavailable(f"card renderer not available ({exc})") from None
    cat, rules = ctx.catalogue, ctx.rules
    steps: list[Step] = []

    def render_step(step_id: str, title: str, cards: list[Card], options, describe) -> Step:
        options = replace(options, jobs=ctx.jobs)  # not in the key: same files for any jobs

        def run(out: Path) -> list[Output]:
            written = Renderer(_sub_catalogue(ctx, cards)).render(out / "cards", options)
            return [describe(p.relative_to(out).as_posix(), p) for p in written]

        key = _key(ctx, step_id, _cards_data(ctx, cards), [*CARD_TEMPLATES, FONTS], CARD_CODE)
        return Step(step_id, "cards", title, key, run)

    physical = cat.count()
    by_id = cat.by_id

    def pnp(rel: str, path: Path) -> Output:
        return Output(
            rel,
            f"print-and-play card sheets, {ctx.paper.upper()}, fronts and backs for duplex",
            pdf_pages(path),
            {"cards": physical},
            f"pnp-{ctx.paper}",
            tuple(c.id for c in cat),
        )

    options = RenderOptions(products=("pnp",), papers=(ctx.paper,))
    steps.append(
        render_step(
            f"cards/pnp-{ctx.paper}",
            f"Cards: print-and-play {ctx.paper.upper()}",
            cat.cards,
            options,
            pnp,
        )
    )
    for deck in rules.deck_ids:
        cards = cat.select(deck=deck)
        if not cards:
            continue
        n = cat.count(deck=deck)

        def printed(rel: str, path: Path, deck=deck, cards=cards, n=n) -> Output:
            if rel.endswith("-backs.pdf"):
                return Output(
                    rel, f"{deck} deck card backs with bleed", pdf_pages(path), {}, "print"
                )
            return Output(
                rel,
                f"{deck} deck, one page per card with bleed (print service)",
                pdf_pages(path),
                {"cards": n},
                "print",
                tuple(c.id for c in cards),
            )

        def png(rel: str, path: Path, deck=deck) -> Output:
            stem = Path(rel).stem
            variant = rel.split("/")[1]
            card = by_id.get(stem)
            if card is None:
                return Output(rel, f"{deck} deck back, {stem[5:]}", None, {}, variant)
            return Output(
                rel, f"{card.name} ×{card.copies}", None, {"cards": card.copies}, variant, (stem,)
            )

        steps.append(
            render_step(
                f"cards/print-{deck}",
                f"Cards: print PDFs, {deck}",
                cards,
                RenderOptions(products=("print",)),
                printed,
            )
        )
        steps.append(
            render_step(
                f"cards/png-{deck}",
                f"Cards: PNGs, {deck}",
                cards,
                RenderOptions(products=("png",)),
                png,
            )
        )

    def sheets(rel: str, path: Path) -> Output:
        if rel == "cards/contact.png":
            return Output(
                rel,
                "contact sheet of every card",
                None,
                {"cards": physical},
                "contact",
                tuple(c.id for c in cat),
            )
        m = re.fullmatch(r"cards/tts/([a-z0-9_]+)-([a-z0-9_]+)\.png", rel)
        if m and m.group(2) in rules.season_ids:
            cards = cat.select(m.group(1), m.group(2))
            n = sum(c.copies for c in cards)
            return Output(
                rel,
                "Tabletop Simulator deck sheet",
                None,
                {"cards": n},
                "tts",
                tuple(c.id for c in cards),
            )
        return Output(rel, "Tabletop Simulator back or deck list", None, {}, "tts")

    steps.append(
        render_step(
            "cards/tts-contact",
            "Cards: TTS and contact sheets",
            cat.cards,
            RenderOptions(products=("tts", "contact")),
            sheets,
        )
    )
    return steps


# --- components -------------------------------------------------------------------------------
COMPONENT_FILES = [TEMPLATES / "components.yaml", TEMPLATES / "card.yaml", TEMPLATES / "icons.yaml"]
COMPONENT_CODE = ("components", "render", "rules/model.py", "build/products.py")


@provider("components")
def component_steps(ctx: BuildContext) -> list[Step]:
    """Player boards and scoreboard on A3 and tiled over the paper; token sheets on the paper."""
    from cardgen.components.kit import write_player_boards, write_scoreboard, write_tokens
    from cardgen.components.layout import load_layout

    layout = load_layout()
    players = ", ".join(f"{p.name} ({p.letter})" for p in ctx.rules.players.colours)
    jobs: list[tuple[str, str, Callable, str, str]] = []
    for paper, variant in (("a3", "a3"), (ctx.paper, f"tiled-{ctx.paper}")):
        how = "one A3 sheet each" if paper == "a3" else f"tiled over {ctx.paper.upper()} to glue"
        boards = f"player boards {players}: tableau guide, phases, reminders; {how}"
        jobs.append(("player-boards", boards, write_player_boards, paper, variant))
        score = f"scoreboard: glory track, round track, phase order; {how}"
        jobs.append(("scoreboard", score, write_scoreboard, paper, variant))
    tokens = "punch-out tokens (coins, age, score, round), fronts then mirrored backs for duplex"
    jobs.append(("tokens", tokens, write_tokens, ctx.paper, ctx.paper))
    steps = []
    for name, description, write, paper, variant in jobs:
        stem = f"{name}-{paper}" if paper == "a3" or name == "tokens" else f"{name}-tiled-{paper}"
        rel = f"components/{stem}.pdf"

        def run(
            out: Path, rel=rel, write=write, paper=paper, description=description, variant=variant
        ):
            f = write(out / rel, ctx.rules, layout, paper)
            return [Output(rel, description, f.pages, f.contains, variant)]

        key = _key(
            ctx,
            f"components/{stem}",
            layout.model_dump(mode="json"),
            [*COMPONENT_FILES, FONTS],
            COMPONENT_CODE,
        )
        tiles = "" if paper == "a3" or name == "tokens" else " tiles"
        title = f"{name.replace('-', ' ').capitalize()} ({paper.upper()}{tiles})"
        steps.append(Step(f"components/{stem}", "components", title, key, run))
    return steps


# --- appendices -------------------------------------------------------------------------------
APPENDIX_CODE = (
    "appendix",
    "catalogue",
    "rules/model.py",
    "rules/clarifications.py",
    "rules/clarifications.yaml",
    "render",
    "build/products.py",
)

APPENDIX_FILES = [TEMPLATES / "appendix", TEMPLATES / "card.yaml", TEMPLATES / "icons.yaml", FONTS]


def _document_step(
    ctx: BuildContext,
    step_id: str,
    title: str,
    files: list[Path],
    write: Callable[[Path], list[Path]],
    describe: Callable[[Path], str],
    variant: str,
    component: str | None = None,
) -> Step:
    """A step writing documents that depend on every card: ``component`` counts its PDF."""
    cards = tuple(c.id for c in ctx.catalogue)

    def run(out: Path) -> list[Output]:
        return [
            Output(
                p.relative_to(out).as_posix(),
                describe(p),
                pdf_pages(p) if p.suffix == ".pdf" else None,
                {component: 1} if component and p.suffix == ".pdf" else {},
                variant,
                cards,
            )
            for p in write(out)
        ]

    key = _key(ctx, title, _cards_data(ctx, ctx.catalogue.cards), files, APPENDIX_CODE)
    return Step(step_id, "appendix", title, key, run)


@provider("appendix")
def appendix_steps(ctx: BuildContext) -> list[Step]:
    """The rulebook appendices, and the rulebook followed by them (the kit's rulebook
    component), in every format the appendix library offers."""
    try:
        from cardgen.appendix.writer import FORMATS, write_appendices, write_rulebook
    except ImportError as exc:  # pragma: no cover - the appendix writer ships with cardgen
        raise Unavailable(f"appendix writer not available ({exc})") from None
    import importlib.util

    formats = [f for f in FORMATS if f != "pdf" or importlib.util.find_spec("cardgen.appendix.pdf")]
    listed = ", ".join(formats)

    return [
        _document_step(
            ctx,
            "appendix/appendices",
            f"Appendices ({listed})",
            APPENDIX_FILES,
            lambda out: write_appendices(ctx.catalogue, out / "appendix", formats),
            lambda p: (
                f"rulebook appendices ({p.suffix[1:]}): card reference, glossary, "
                "clarifications, components, deck statistics"
            ),
            "appendix",
        ),
        _document_step(
            ctx,
            "appendix/rulebook",
            f"Rulebook ({listed})",
            [RULEBOOK_SOURCE, *APPENDIX_FILES],
            lambda out: write_rulebook(ctx.catalogue, out / "rulebook", formats, RULEBOOK_SOURCE),
            lambda p: RULEBOOK_DESCRIPTIONS[p.suffix[1:]],
            "rulebook",
            component="rulebooks",
        ),
    ]


RULEBOOK_DESCRIPTIONS = {
    "pdf": "the printed rulebook (A4 pages, A5 as a booklet), followed by the appendices",
    "html": "the rulebook followed by the appendices, one web page",
    "md": "the rulebook with the rules model's numbers filled in, then the appendices (markdown)",
}
