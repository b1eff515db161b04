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
from typing import Any

from cardgen.build.steps import BuildContext, Output, Step, Unavailable, provider
from cardgen.util.hashing import code_digest, digest_data, digest_paths
from cardgen.util.resources import data_path

FONTS = data_path("cardgen.assets", "fonts")
CARD_CODE = ("render", "catalogue", "pack.py", "build/products.py")
Card = Any  # a card of the catalogue's pack

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


def _card_inputs(ctx: BuildContext) -> list[Path]:
    """The files the card images depend on besides the card data: the pack's print code and
    layout (or the catalogue's own ``layout.yaml``), the product settings and the fonts."""
    from cardgen.render.theme import pack_layout_file

    pack = ctx.catalogue.pack
    files = [*pack.print_inputs(), pack_layout_file(pack, ctx.catalogue.root)]
    return [*files, data_path("cardgen.render", "products.yaml"), FONTS]


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
    cat = ctx.catalogue
    steps: list[Step] = []

    def render_step(step_id: str, title: str, cards: list[Card], options, describe) -> Step:
        options = replace(options, jobs=ctx.jobs)  # not in the key: same files for any jobs

        def run(out: Path) -> list[Output]:
            written = Renderer(_sub_catalogue(ctx, cards)).render(out / "cards", options)
            return [describe(p.relative_to(out).as_posix(), p) for p in written]

        key = _key(ctx, step_id, _cards_data(ctx, cards), _card_inputs(ctx), CARD_CODE)
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
    pack = cat.pack
    piles: dict[str, list[Card]] = {}
    backs: dict[str, list[Card]] = {}
    for card in cat:
        back = pack.back_of(card)
        piles.setdefault(back.pile, []).append(card)
        backs.setdefault(back.key, []).append(card)
    for deck, cards in piles.items():
        n = sum(c.copies for c in cards)

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
        m = re.fullmatch(r"cards/tts/(.+)\.png", rel)
        if m and m.group(1) in backs:
            cards = backs[m.group(1)]
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
COMPONENT_CODE = ("components", "render", "pack.py", "build/products.py")


@provider("components")
def component_steps(ctx: BuildContext) -> list[Step]:
    """The pack's components: large ones on A3 and tiled over the paper, the others on the paper."""
    pack = ctx.catalogue.pack
    steps = []
    for spec in pack.components():
        if spec.large:
            runs = [
                ("a3", "a3", f"{spec.id}-a3", "one A3 sheet each", ""),
                (
                    ctx.paper,
                    f"tiled-{ctx.paper}",
                    f"{spec.id}-tiled-{ctx.paper}",
                    f"tiled over {ctx.paper.upper()} to glue",
                    " tiles",
                ),
            ]
        else:
            runs = [(ctx.paper, ctx.paper, f"{spec.id}-{ctx.paper}", None, "")]
        for paper, variant, stem, how, tiles in runs:
            rel = f"components/{stem}.pdf"
            description = spec.describe(ctx.rules, how)

            def run(out: Path, rel=rel, spec=spec, paper=paper, desc=description, v=variant):
                f = spec.write(out / rel, ctx.rules, paper)
                return [Output(rel, desc, f.pages, f.contains, v)]

            files = [*spec.inputs, *pack.print_inputs(), FONTS]
            key = _key(ctx, f"components/{stem}", None, files, COMPONENT_CODE)
            title = f"{spec.id.replace('-', ' ').capitalize()} ({paper.upper()}{tiles})"
            steps.append(Step(f"components/{stem}", "components", title, key, run))
    return steps


# --- appendices -------------------------------------------------------------------------------
APPENDIX_CODE = ("docs", "catalogue", "render", "pack.py", "build/products.py")


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
    """The rulebook appendices (every pack has them), and, when the pack or the catalogue has a
    rulebook source, the rulebook followed by them (the kit's rulebook component), in every
    format the appendix library offers."""
    pack = ctx.catalogue.pack
    try:
        from cardgen.docs.gather import build_appendix
        from cardgen.docs.writer import FORMATS, write_appendix, write_rulebook
    except ImportError as exc:  # pragma: no cover - the appendix writer ships with cardgen
        raise Unavailable(f"appendix writer not available ({exc})") from None
    import importlib.util

    # the templates, the pack (its vocabulary, clarifications, layout, rulebook source), fonts
    files = [data_path("cardgen.docs", "templates"), pack.data, FONTS]
    source = rulebook_source(pack, ctx.catalogue.root)

    formats = [f for f in FORMATS if f != "pdf" or importlib.util.find_spec("cardgen.docs.pdf")]
    listed = ", ".join(formats)
    contents: list[str] = []  # what the appendix holds, once it is built

    def write_appendices(out: Path) -> list[Path]:
        appendix = build_appendix(ctx.catalogue)
        contents[:] = appendix.contents
        return write_appendix(appendix, out / "appendix", formats)

    steps = [
        _document_step(
            ctx,
            "appendix/appendices",
            f"Appendices ({listed})",
            files,
            write_appendices,
            lambda p: f"rulebook appendices ({p.suffix[1:]}): {', '.join(contents)}",
            "appendix",
        )
    ]
    if source.is_file():
        # the rulebook PDF is a component when the game's component list counts rulebooks
        counted = "rulebooks" in pack.component_counts(ctx.catalogue)
        steps.append(
            _document_step(
                ctx,
                "appendix/rulebook",
                f"Rulebook ({listed})",
                [*files, source],
                lambda out: write_rulebook(ctx.catalogue, out / "rulebook", formats, source),
                lambda p: RULEBOOK_DESCRIPTIONS[p.suffix[1:]],
                "rulebook",
                component="rulebooks" if counted else None,
            )
        )
    return steps


def rulebook_source(pack, catalogue_root: Path) -> Path:
    """The rulebook the kit prints: a ``rulebook.md`` beside the catalogue, else the pack's."""
    own = Path(catalogue_root) / "rulebook.md"
    return own if own.is_file() else pack.data / "rulebook.md"


RULEBOOK_DESCRIPTIONS = {
    "pdf": "the printed rulebook (A4 pages, A5 as a booklet), followed by the appendices",
    "html": "the rulebook followed by the appendices, one web page",
    "md": "the rulebook with the rules model's numbers filled in, then the appendices (markdown)",
}
