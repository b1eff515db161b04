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

from cardgen.build.steps import (
    BuildContext,
    Output,
    Step,
    Unavailable,
    keyed_step,
    options_digest,
    provider,
)
from cardgen.catalogue.extra_checks import beside_cards
from cardgen.catalogue.icon_tokens import ICON_FOLDER
from cardgen.render.sizes import size_groups, size_key
from cardgen.util.hashing import code_digest, digest_data, digest_paths
from cardgen.util.resources import data_path

FONTS = data_path("cardgen.assets", "fonts")
CARD_CODE = ("render", "catalogue", "pack.py", "build/products.py")
Card = Any  # a card of the catalogue's pack
# the catalogue's and the renderer's modules are imported where a step is planned: listing the
# product groups (`build --only`) loads none of them

_PAGE = re.compile(rb"/Type\s*/Page(?![A-Za-z])")


def pdf_pages(path: Path) -> int:
    """Pages of a reportlab PDF (page objects are never compressed into object streams)."""
    return len(_PAGE.findall(path.read_bytes()))


def _rules_digest(ctx: BuildContext) -> str:
    if "rules" not in ctx.memo:
        ctx.memo["rules"] = digest_data(ctx.rules.model_dump(mode="json"))
    return ctx.memo["rules"]


def card_digests(ctx: BuildContext) -> dict[str, str]:
    """Each card's digest: its data, and its art file's content (computed once per build)."""
    if "cards" not in ctx.memo:
        out = {}
        for card in ctx.catalogue.cards:
            d = card.model_dump(mode="json")
            if card.art:
                art = ctx.catalogue.root / card.art
                d["_art"] = digest_paths([art]) if art.is_file() else None
            out[card.id] = digest_data(d)
        ctx.memo["cards"] = out
    return ctx.memo["cards"]


def step_inputs(
    ctx: BuildContext, cards: list[Card] | None, files: Iterable[Path], code
) -> dict[str, str]:
    """The named digests a step's files depend on: rules, files, code and each of ``cards``
    (the files' digest computed once per build: many steps read the same files)."""
    files = tuple(files)
    memo = ctx.memo.setdefault("files", {})
    if files not in memo:
        memo[files] = digest_paths(files)
    inputs = {"rules": _rules_digest(ctx), "files": memo[files], "code": code_digest(*code)}
    if cards is not None:
        per = card_digests(ctx)
        inputs |= {f"card {c.id}": per[c.id] for c in cards}
        inputs["card order"] = digest_data([c.id for c in cards])
    return inputs


def card_inputs(ctx: BuildContext) -> list[Path]:
    """The files the card images depend on besides the card data: the pack's print code and
    layout (or the catalogue's own ``layout.yaml``), the catalogue's own icons, the product
    settings and the fonts."""
    from cardgen.render.theme import pack_layout_file

    pack, root = ctx.catalogue.pack, ctx.catalogue.root
    files = [*pack.print.print_inputs(), pack_layout_file(pack, root), root / ICON_FOLDER]
    return [*files, data_path("cardgen.render", "products.yaml"), FONTS]


def _sub_catalogue(ctx: BuildContext, cards: list[Card]):
    return replace(ctx.catalogue, cards=cards)


RASTER_FOLDER = "rasters"
#: the card products drawn as vectors (PDF), which read nothing of the raster store
VECTOR_PRODUCTS = {"pnp", "print", "dtc"}


def raster_cache(ctx: BuildContext):
    """The build's store of rasterised designs, keyed by everything a design's pixels depend on:
    the card (or back design), the rules, the print files and code."""
    from cardgen.render.api import RasterCache
    from cardgen.render.products.raster_store import RasterStore

    base = digest_data(step_inputs(ctx, None, card_inputs(ctx), CARD_CODE))
    cards = card_digests(ctx)

    def key(sprite) -> str:
        if sprite.card is not None:
            return digest_data([base, "face", cards[sprite.card.id]])
        b = sprite.back
        # an unmarked back is the same design in every pile: rasterised once
        pile = b.pile if b.marked else ""
        return digest_data([base, "back", b.key, pile, b.name, b.marked])

    return RasterCache(RasterStore(ctx.private_dir / RASTER_FOLDER), key)


# --- cards ------------------------------------------------------------------------------------
@provider("cards")
def card_steps(ctx: BuildContext) -> list[Step]:
    """Print-and-play sheets, print-service PDFs per pile, a TTS sheet per back design, the TTS
    index and the contact sheet (and a print service's files with ``--service``).

    Card designs are rasterised into the build's raster store, straight at the size of the
    game's TTS cells (full size too for a print service's images), so after one card changes
    only that design is rasterised again, and only its TTS sheet and the contact sheet are
    remade from the store.  The 300 dpi card PNGs are a print service's files (``--service
    tgc``, ``mpc``), not the home kit's: drawing and encoding them was two thirds of a fresh
    kit's time (docs/build.md)."""
    try:
        from cardgen.render.api import Renderer, RenderOptions
        from cardgen.render.products.base import load_product_settings
        from cardgen.render.products.tts import per_sheet
    except ImportError as exc:  # pragma: no cover - the renderer ships with cardgen
        raise Unavailable(f"card renderer not available ({exc})") from None

    cat = ctx.catalogue
    steps: list[Step] = []
    rasters = raster_cache(ctx)
    files = card_inputs(ctx)
    # the print options `cardgen render` takes (papers, duplex, bleed, CMYK, ICC, TTS address)
    base = ctx.card_options or RenderOptions()

    def render_step(
        step_id: str, title: str, cards: list[Card], options, describe, after=None
    ) -> Step:
        options = replace(options, jobs=ctx.jobs)  # not in the key: same files for any jobs
        inputs = {**step_inputs(ctx, cards, files, CARD_CODE), "options": options_digest(options)}
        # vector products draw the cards themselves, never from the raster store: they may
        # run beside the steps that fill and read it
        vector = set(options.products) <= VECTOR_PRODUCTS

        def run(out: Path) -> list[Output]:
            renderer = Renderer(_sub_catalogue(ctx, cards), rasters=rasters, progress=ctx.progress)
            written = renderer.render(out / "cards", options, check=False)  # validated
            if after:
                after(renderer)
            return [describe(p.relative_to(out).as_posix(), p) for p in written]

        return keyed_step(step_id, "cards", title, inputs, run, aside=vector and after is None)

    pack = cat.pack
    piles: dict[str, list[Card]] = {}
    backs: dict[str, list[Card]] = {}
    for card in cat:
        back = pack.print.printed_back(card, cat.rules)
        piles.setdefault(back.pile, []).append(card)
        backs.setdefault(back.slug, []).append(card)
    cell = _tts_cell(ctx, [sum(c.copies for c in cards) for cards in backs.values()])
    # the full-size images only for a print service's files
    full = ctx.service in ("tgc", "mpc")

    def fill(out: Path) -> list[Output]:
        renderer = Renderer(cat, rasters=rasters, progress=ctx.progress)
        renderer.fill_raster_cache(ctx.jobs, full=full, cell=cell)
        return []  # the designs go to the build's raster store, not the kit

    # every design missing from the store, in one pool of workers; the image steps after it
    # cut and paste from the store
    inputs = {**step_inputs(ctx, cat.cards, files, CARD_CODE), "cell": digest_data([cell, full])}
    steps.append(keyed_step("cards/rasters", "cards", "Cards: rasterise designs", inputs, fill))
    groups = size_groups(cat)
    sizes = {(size_key(s) if len(groups) > 1 else ""): cards for s, cards in groups.items()}

    def of_size(rel: str) -> tuple[str, list[Card]]:
        """The size a file of every card holds (``pnp-a4-mini.pdf``: mini) and its cards."""
        stem = Path(rel).stem
        key = next((k for k in sizes if k and stem.endswith(f"-{k}")), "")
        return (f", {key} cards" if key else ""), sizes.get(key, cat.cards)

    def pnp(rel: str, path: Path) -> Output:
        which, cards = of_size(rel)
        paper = Path(rel).stem.removeprefix("pnp-").split("-")[0]  # pnp-a4-mini: a4
        sides = "single-sided" if base.duplex.value == "none" else "for duplex"
        return Output(
            rel,
            f"print-and-play card sheets, {paper.upper()}, fronts and backs {sides}{which}",
            pdf_pages(path),
            {"cards": sum(c.copies for c in cards)},
            f"pnp-{paper}",
            tuple(c.id for c in cards),
        )

    for paper in base.papers:
        steps.append(
            render_step(
                f"cards/pnp-{paper}",
                f"Cards: print-and-play {paper.upper()}",
                cat.cards,
                replace(base, products=("pnp",), papers=(paper,)),
                pnp,
            )
        )
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

        steps.append(
            render_step(
                f"cards/print-{deck}",
                f"Cards: print PDFs, {deck}",
                cards,
                replace(base, products=("print",)),
                printed,
            )
        )

    if ctx.service != "home":
        steps += _service_steps(ctx, base, backs, render_step)

    def sheet(rel: str, path: Path) -> Output:
        stem = Path(rel).stem
        if stem.endswith("-back"):
            return Output(rel, "Tabletop Simulator back", None, {}, "tts")
        slug, _, k = stem.partition(".")  # a deck's second sheet is <slug>.2.png
        n = per_sheet(load_product_settings().tts)
        start = (int(k or 1) - 1) * n
        cards = [c for c in backs[slug] for _ in range(c.copies)][start : start + n]
        ids = tuple(dict.fromkeys(c.id for c in cards))
        return Output(rel, "Tabletop Simulator deck sheet", None, {"cards": len(cards)}, "tts", ids)

    for key, cards in backs.items():
        steps.append(
            render_step(
                f"cards/tts-{key}",
                f"Cards: TTS sheets, {key}",
                cards,
                replace(base, products=("tts",), tts_parts=("sheets",), tts_cell=cell),
                sheet,
            )
        )
    steps.append(
        render_step(
            "cards/tts-index",
            "Cards: Tabletop Simulator saved object",
            cat.cards,
            replace(base, products=("tts",), tts_parts=("index",), tts_cell=cell),
            lambda rel, path: Output(rel, "Tabletop Simulator saved object", None, {}, "tts"),
        )
    )

    def contact(rel: str, path: Path) -> Output:
        which, cards = of_size(rel)
        ids = tuple(c.id for c in cards)
        n = sum(c.copies for c in cards)
        what = f"contact sheet of every card{which}"
        return Output(rel, what, None, {"cards": n}, "contact", ids)

    def retain(renderer) -> None:
        """The contact sheet holds every design: after it, the store keeps only those."""
        from cardgen.render.products.raster import sprites

        drawn = sprites(renderer.context())
        # the full-size images too (a print service's, the studio's): those of current designs
        keep = [k for s in drawn for k in (rasters.key(s), rasters.cell_key(s, cell))]
        rasters.store.retain(keep)

    steps.append(
        render_step(
            "cards/contact",
            "Cards: contact sheet",
            cat.cards,
            replace(base, products=("contact",), tts_cell=cell),
            contact,
            after=retain,
        )
    )
    return steps


def _tts_cell(ctx: BuildContext, counts: list[int]) -> tuple[int, int]:
    """The one size of every card on the game's Tabletop Simulator sheets (each deck's sheets
    are rendered on their own, so the build gives them the whole game's)."""
    from cardgen.render.elements.layout import layout_model
    from cardgen.render.layout import load_layout
    from cardgen.render.products.base import load_product_settings
    from cardgen.render.products.tts import game_cell, master_size
    from cardgen.render.theme import pack_layout_file

    pack = ctx.catalogue.pack
    layout = load_layout(pack_layout_file(pack, ctx.catalogue.root), layout_model(pack))
    settings = load_product_settings()
    return game_cell(settings.tts, master_size(layout.size, settings), counts)


def _service_steps(
    ctx: BuildContext, base: Any, decks: dict[str, list[Card]], render_step
) -> list[Step]:
    """A step per deck (a pile's cards with one back) writing the print service's folder for
    it: its faces named with their quantity, its back and list (and order), or its PDF."""
    from cardgen.render.services import service

    svc = service(ctx.service)
    steps = []
    for slug, cards in decks.items():
        n = sum(c.copies for c in cards)
        # the faces by their path in the kit (``cards/tgc/<deck>/faces/…``)
        faces = {f"cards/{svc.file('face', slug, c)}": c for c in cards if "face" in svc.files}

        def service_file(rel: str, path: Path, slug=slug, cards=cards, n=n, faces=faces):
            ids = tuple(c.id for c in cards)
            if rel.endswith(".pdf"):  # one PDF/X per deck: each card's back, then front
                what = f"{slug} deck for {svc.name}, each card's back then front (PDF/X-1a)"
                return Output(rel, what, pdf_pages(path), {"cards": n}, svc.id, ids)
            card = faces.get(rel)
            if card is not None:
                what = f"{card.name} ×{card.copies} for {svc.name}"
                return Output(rel, what, None, {"cards": card.copies}, svc.id, (card.id,))
            if rel.endswith(".xml"):
                return Output(rel, f"{slug} deck: MPC Autofill order", None, {}, svc.id, ids)
            if rel.endswith(".csv"):
                return Output(rel, f"{slug} deck: files and quantities", None, {}, svc.id, ids)
            return Output(rel, f"{slug} deck back for {svc.name}", None, {}, svc.id)

        steps.append(
            render_step(
                f"cards/{svc.id}-{slug}",
                f"Cards: {svc.name}, {slug}",
                cards,
                replace(base, products=svc.products),
                service_file,
            )
        )
    return steps


# --- components -------------------------------------------------------------------------------
COMPONENT_CODE = ("components", "render", "pack.py", "build/products.py")


@provider("components")
def component_steps(ctx: BuildContext) -> list[Step]:
    """The pack's components: large ones on the paper's large sheet (A3, Tabloid) and tiled over
    the paper, the others on the paper."""
    from cardgen.components.data import component_specs
    from cardgen.components.tiling import LARGE_SHEETS, PAPER_NAMES
    from cardgen.render.theme import pack_layout_file

    pack = ctx.catalogue.pack
    steps = []
    specs = pack.components.specs()
    # components as data (components.yaml) are drawn with the game's own icons and fonts
    own = (
        []
        if specs
        else [ctx.catalogue.root / ICON_FOLDER, pack_layout_file(pack, ctx.catalogue.root)]
    )
    for spec in specs or component_specs(ctx.catalogue):
        if spec.large:
            large = LARGE_SHEETS[ctx.paper]  # A3 with A4, Tabloid with Letter
            runs: list[tuple[str, str, str, str | None, str]] = [
                (large, large, f"{spec.id}-{large}", f"one {PAPER_NAMES[large]} sheet each", ""),
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

            files = [*spec.inputs, *pack.print.print_inputs(), *own, FONTS]
            inputs = step_inputs(ctx, None, files, COMPONENT_CODE)
            title = f"{spec.id.replace('-', ' ').capitalize()} ({paper.upper()}{tiles})"
            steps.append(keyed_step(f"components/{stem}", "components", title, inputs, run))
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
        from cardgen.docs.pdf_chunks import page_count  # its pages are in object streams

        return [
            Output(
                p.relative_to(out).as_posix(),
                describe(p),
                page_count(p) if p.suffix == ".pdf" else None,
                {component: 1} if component and p.suffix == ".pdf" else {},
                variant,
                cards,
            )
            for p in write(out)
        ]

    inputs = step_inputs(ctx, ctx.catalogue.cards, files, APPENDIX_CODE)
    # the documents need nothing the card steps make: they may run beside them
    return keyed_step(step_id, "appendix", title, inputs, run, aside=True)


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

    from cardgen.catalogue.components_file import kit_counts

    # the templates, the pack (its vocabulary, clarifications, layout, rulebook source, icons),
    # the catalogue's own icons, fonts
    icons = ctx.catalogue.root / ICON_FOLDER
    files = [data_path("cardgen.docs", "templates"), pack.data, icons, FONTS]
    source = rulebook_source(pack, ctx.catalogue.root)

    formats = [f for f in FORMATS if f != "pdf" or importlib.util.find_spec("cardgen.docs.pdf")]
    listed = ", ".join(formats)
    contents: list[str] = []  # what the appendix holds, once it is built

    def appendix():  # gathered once for the appendices and the rulebook
        if "appendix" not in ctx.memo:
            ctx.memo["appendix"] = build_appendix(ctx.catalogue)
        return ctx.memo["appendix"]

    # the PDFs' chunks are kept by their content and all the documents read besides the cards
    # (cardgen.docs.pdf_chunks): after a card edit only the chunks that show it are drawn
    # the chunk cache serves every catalogue: its key names all the catalogue folder holds
    # besides the cards (its own layout, icons, art) and the pack's code wherever it is
    import sys

    pack_code = Path(sys.modules[pack.module].__file__ or pack.data).parent
    chunks = digest_data(
        {
            **step_inputs(ctx, None, files, ()),
            "code": code_digest(""),
            "beside cards": beside_cards(ctx.catalogue.root),
            "pack code": digest_paths([pack_code]),
        }
    )

    def write_appendices(out: Path) -> list[Path]:
        from cardgen.docs.pdf_chunks import kept

        contents[:] = appendix().contents
        with kept(chunks):
            return write_appendix(appendix(), out / "appendix", formats)

    def write_rulebook_after(out: Path) -> list[Path]:
        from cardgen.docs.pdf_chunks import kept

        with kept(chunks):
            return write_rulebook(ctx.catalogue, out / "rulebook", formats, source, appendix())

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
        counted = "rulebooks" in kit_counts(ctx.catalogue)
        steps.append(
            _document_step(
                ctx,
                "appendix/rulebook",
                f"Rulebook ({listed})",
                [*files, source],
                write_rulebook_after,
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
