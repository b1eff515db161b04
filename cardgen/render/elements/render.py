"""The generic renderer: draws the elements of a layout for any pack's card or back.

The pack supplies its card model, computed fields (:class:`Computed`), colours (the layout's
``colours:``) and icons; this module draws.  Text sizes are fitted once per card and element
and reused by every document and by the preflight.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from cardgen.catalogue.icon_tokens import ICON_FOLDER, TOKEN
from cardgen.catalogue.loader import display_path
from cardgen.catalogue.text_checks import describe
from cardgen.diagnostics import Diagnostic
from cardgen.render import text as rich
from cardgen.render.art import ArtProblem, draw_image_cover, draw_placeholder, draw_sun
from cardgen.render.colours import darken, lighten
from cardgen.render.document import Document, binary_streams
from cardgen.render.elements.fields import Computed, Values, as_text, holds, is_set
from cardgen.render.elements.layout import FIELD, ElementLayout, element_fields
from cardgen.render.elements.schema import (
    KINDS,
    BadgeEl,
    BoxSpec,
    Colour,
    ColourRef,
    Element,
    IconEl,
    IconRowEl,
    ImageEl,
    Lettering,
    PatternEl,
    PillEl,
    Radius,
    RichTextEl,
    ShapeEl,
    StatRowEl,
    Stroked,
    TextEl,
    TogglesEl,
    ValueMap,
    resolve_box,
)
from cardgen.render.fonts import string_width, undrawable
from cardgen.render.geometry import Box
from cardgen.render.painters import BackPainter, FacePainter, FitProblem
from cardgen.render.units import mm

if TYPE_CHECKING:
    from cardgen.pack import BackDesign, Pack
    from cardgen.render.painters import BackPainter, FacePainter
    from cardgen.render.theme import Theme

#: ``case:`` of a text
CASES: dict[str, Callable[[str], str]] = {
    "none": str,
    "upper": str.upper,
    "lower": str.lower,
    "title": str.title,
}


@dataclass(frozen=True)
class Fitted:
    """A one-line text as it will be drawn: its text, size and whether it fits."""

    text: str
    size: float
    fits: bool


def label_of(name: str, el: Element) -> str:
    return el.label or name.replace("_", " ")


def map_key(value: Any) -> str:
    """A field's value as the key of a ``map:`` (``1``, ``moon``, ``true``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return as_text(value)


def _turned(el: Element, card: Any) -> Element:
    """``el`` as laid out before it is turned: at 90 or 270 degrees in its box turned about its
    centre (the width and height swapped), else in its box."""
    x, y, w, h = resolve_box(el.box, card.width, card.height)
    if el.rotate % 180 == 90:
        x, y, w, h = x + (w - h) / 2, y + (h - w) / 2, h, w
    elif el.box == "card" or (isinstance(el.box, tuple) and all(type(n) is float for n in el.box)):
        return el
    return el.model_copy(update={"box": (float(x), float(y), float(w), float(h))})


def turned_extent(el: Element, card: Any) -> tuple[float, float, float, float]:
    """The part of the card (mm) ``el`` covers: its box, or the box around it once turned."""
    x, y, w, h = resolve_box(el.box, card.width, card.height)
    if el.rotate % 90 == 0:
        return (x, y, w, h)
    a = math.radians(el.rotate)
    ew = abs(w * math.cos(a)) + abs(h * math.sin(a))
    eh = abs(w * math.sin(a)) + abs(h * math.cos(a))
    return (x + (w - ew) / 2, y + (h - eh) / 2, ew, eh)


class ElementPainter:
    """Draws the elements of one section (``face`` or ``back``) of an element layout."""

    def __init__(self, theme: Theme, section: str, computed: dict[str, Computed]):
        self.theme = theme
        self.L: ElementLayout = theme.layout
        self.section = section
        self.elements = self.L.section(section)
        self.computed = computed
        self._fits: dict[tuple[str, str], Any] = {}
        self._drawers = {k: getattr(type(self), f"_draw_{k.__name__}") for k in KINDS.values()}
        #: rotated elements as drawn: in their box turned about its centre (90, 270: the box's
        #: width and height swapped), the canvas turned back by ``rotate``
        self._items = [(n, _turned(el, self.L.card)) for n, el in self.elements.items()]
        #: the elements the preflight looks at: texts and icons
        self._checked = [
            (n, el) for n, el in self._items if type(el) in (*_ONE_LINE, RichTextEl, *_WITH_ICONS)
        ]
        self._values: dict[str, Values] = {}

    # --- values -----------------------------------------------------------------------------
    def _record_values(self, record: Any, rid: str) -> Values:
        return self.values(record, rid if self.section == "face" else f"back:{record.key}")

    def values(self, record: Any, key: str) -> Values:
        v = self._values.get(key)
        if v is None or v.record is not record:
            v = self._values[key] = Values(record, self.theme.rules, self.computed)
        return v

    def colour(self, spec: Colour, v: Values) -> str:
        if isinstance(spec, ColourRef):
            if spec.map is not None:
                picked = spec.map.get(map_key(v.get(spec.field or "")), spec.default)
                base = self.colour(picked or "ink", v)
            elif spec.field:
                base = v.get(spec.field)
                if not is_set(base):  # a field no card of this one sets: the ink
                    base = self.colour("ink", v)
            else:
                base = self.colour(spec.colour or "", v)
            base = str(base)
            if spec.lighten:
                base = lighten(base, spec.lighten)
            if spec.darken:
                base = darken(base, spec.darken)
            return base
        return spec if spec.startswith("#") else self.theme.colour(spec)

    def paint(self, spec: Colour | None, v: Values) -> str | None:
        """The colour an area is painted for a card; None when there is none: no ``spec``, or a
        ``{field: ...}`` colour whose field the card does not set (the area is not painted)."""
        if spec is None:
            return None
        if (
            isinstance(spec, ColourRef)
            and spec.field
            and spec.map is None
            and not is_set(v.get(spec.field))
        ):
            return None
        return self.colour(spec, v)

    def box(self, spec: BoxSpec) -> Box:
        if type(spec) is tuple and all(type(n) is float for n in spec):
            return self.L.box(cast("tuple[float, float, float, float]", spec))
        return self.L.box(resolve_box(spec, self.L.card.width, self.L.card.height))

    def pick(self, value: str | ValueMap | None, v: Values) -> str | None:
        """A template, or the template a :class:`ValueMap` chooses, filled in for a card
        (None: the map has nothing for the card's value)."""
        if isinstance(value, ValueMap):
            value = value.map.get(map_key(v.get(value.field)), value.default)
        return None if value is None else v.format(value)

    def visible(self, v: Values) -> list[tuple[str, Element]]:
        """The elements drawn for a card, in drawing order."""
        return [(n, el) for n, el in self._items if el.when is None or holds(el.when, v)]

    # --- fitting ----------------------------------------------------------------------------
    def _value_text(self, el: TextEl | BadgeEl, v: Values) -> str | None:
        if el.text is not None:
            text = self.pick(el.text, v)
            if text is None:
                return None
        elif el.field is not None:
            value = v.get(el.field)
            if not is_set(value):
                return None
            text = as_text(value)
        else:
            return None
        return rich.typeset(CASES[el.case](text))

    def fit_line(self, name: str, text: str, style: Lettering, width: float) -> Fitted:
        """The largest size from ``style.size`` down to its ``min_size`` at which ``text``
        fits ``width`` points (cached per text)."""
        key = (name, text)
        res = self._fits.get(key)
        if res is None:
            font = self.theme.font(style.font)
            size = style.size
            res = None
            for size in _sizes(style.size, style.min_size or style.size):
                if string_width(text, font, size) <= width + 1e-6:
                    res = Fitted(text, size, True)
                    break
            res = res or Fitted(text, size, False)
            self._fits[key] = res
        return res

    def paragraphs(self, el: RichTextEl, v: Values) -> list[rich.Para]:
        body = v.get(el.field)
        parts = body.split("\n") if isinstance(body, str) else list(body or ())
        paras = [rich.Para(p, self.theme.font(el.font)) for p in parts if p and p.strip()]
        if el.flavour is not None:
            flavour = v.get(el.flavour)
            if is_set(flavour):
                paras.append(
                    rich.Para(str(flavour), self.theme.font(el.flavour_font), el.flavour_scale)
                )
        return paras

    def fit_rich(self, name: str, el: RichTextEl, v: Values) -> rich.TextLayout:
        """The rich text of ``el`` for a card, fitted to its box (once per card)."""
        lay = v.cache.get(f"\0fit:{name}")
        if lay is None:
            paras = self.paragraphs(el, v)
            area = self.box(el.box).inset(mm(el.padding))
            extent = getattr(self.theme.icons, "extent", None) or rich.full_width
            lay = rich.fit(paras, area.w, area.h, el.style(), extent)
            v.cache[f"\0fit:{name}"] = lay
        return lay

    def problems(self, v: Values) -> Iterator[tuple[str, str, str, str | None, str]]:
        """(element name, field, message, hint, code) for each text that does not fit and each
        icon the pack does not have (E401), and each character no font draws (E408)."""
        icons = self.theme.icons
        for name, el in self._checked:
            if el.when is not None and not holds(el.when, v):
                continue
            if isinstance(el, _ONE_LINE):
                text, width = self._line_of(el, v)
                if text is None:
                    continue
                fit = self.fit_line(name, text, el, width)
                if not fit.fits:
                    label, field = label_of(name, el), _first_field(el)
                    yield (
                        name,
                        v.source(field) if field else name,
                        f"{label} {text!r} is too wide for its box even at {fit.size:g} pt",
                        f"shorten the {v.source(field)}" if field else None,
                        "E401",
                    )
            elif type(el) is RichTextEl and not self.fit_rich(name, el, v).fits:
                yield (
                    name,
                    v.source(el.field),
                    f"{label_of(name, el)} does not fit its box even at {el.min_size:g} pt",
                    None,
                    "E401",
                )
            if type(el) is ImageEl:
                yield from self.image_problems(name, el, v)
            if type(el) in _WITH_ICONS:
                for icon in self.icon_names(el, v):
                    if icon not in icons:
                        where = self.L.where(self.section, name)
                        msg = f"{label_of(name, el)}: no icon named {icon!r} (layout {where})"
                        folder = display_path(self.theme.art.cards_dir / ICON_FOLDER)
                        yield name, name, msg, f"add {folder}/{icon}.svg", "E401"
            if type(el) is not ImageEl:
                yield from self.glyph_problems(name, el, v)

    def image_problems(
        self, name: str, el: ImageEl, v: Values
    ) -> Iterator[tuple[str, str, str, str | None, str]]:
        """(element name, field, message, hint, code) for an image file that is missing or not
        an image (E402, E403); a card's own ``art`` is the preflight's already."""
        if el.src is None and el.field == "art":
            return
        art = v.format(el.src) if el.src is not None else v.get(el.field)
        if not art:
            return
        found = self.theme.art.find(str(art))
        if isinstance(found, ArtProblem):
            where = self.L.where(self.section, name, "src" if el.src is not None else "field")
            yield (
                name,
                el.field if el.src is None else "id",
                f"{label_of(name, el)}: {found.message} (the image {where} names)",
                "give a path relative to the folder of rules.yaml",
                found.code,
            )

    def glyph_problems(
        self, name: str, el: Element, v: Values
    ) -> Iterator[tuple[str, str, str, str | None, str]]:
        """(element name, field, message, hint, E408) for each character of a text element that its
        font cannot draw (an empty box on the card otherwise); icon tokens are not text."""
        if isinstance(el, (TextEl, BadgeEl)):
            texts = [(_first_field(el), self._value_text(el, v), el.font)]
        elif isinstance(el, PillEl):
            value = v.get(el.field)
            texts = [(el.field, as_text(value) if is_set(value) else None, el.font)]
        elif type(el) is RichTextEl:
            body = v.get(el.field)
            body = body if isinstance(body, str) else "\n".join(map(str, body or ()))
            texts = [(el.field, body, el.font)]
            if el.flavour is not None and is_set(v.get(el.flavour)):
                texts.append((el.flavour, str(v.get(el.flavour)), el.flavour_font))
        else:
            return
        for field, text, role in texts:
            if not text:
                continue
            font = self.theme.font(role)
            for ch, why in undrawable(TOKEN.sub("", text), font):
                source = v.source(field) if field else name
                yield (
                    name,
                    source,
                    f"{source}: {describe(ch)} {why}",
                    GLYPH_HINT,
                    "E408",
                )

    def _line_of(self, el: TextEl | BadgeEl | PillEl, v: Values) -> tuple[str | None, float]:
        """The one-line text of an element and the width it has (points)."""
        if isinstance(el, PillEl):
            value = v.get(el.field)
            if value is None or value == el.dash_value:
                return None, 0.0
            return as_text(value), self._pill_rest(el, self.box(el.box))[1].w - 2 * mm(el.padding)
        return self._value_text(el, v), self.box(el.box).w - 2 * mm(el.padding)

    def _pill_rest(self, el: PillEl, box: Box) -> tuple[float, Box]:
        """The icon's x and the part of the capsule beside it, where the value goes."""
        isz, inset = mm(el.icon_size), mm(el.icon_inset)
        if el.icon_side == "left":
            ix = box.x + inset
            return ix, Box(ix + isz, box.y, box.x2 - ix - isz, box.h)
        ix = box.x2 - inset - isz
        return ix, Box(box.x, box.y, ix - box.x, box.h)

    def icon_names(self, el: Element, v: Values) -> list[str]:
        if type(el) not in _WITH_ICONS:
            return []
        if isinstance(el, IconEl | PillEl) or (isinstance(el, BadgeEl) and el.icon):
            icon = self.pick(el.icon, v)
            return [icon] if icon else []
        if isinstance(el, IconRowEl):
            return [as_text(i) for i in v.get(el.field) or ()]
        if isinstance(el, StatRowEl):
            return [str(s["icon"]) for s in v.get(el.field) or () if s.get("icon")]
        if isinstance(el, ImageEl) and el.placeholder is not None:
            art = v.format(el.src) if el.src is not None else v.get(el.field)
            icon = None if art else self.pick(el.placeholder.icon, v)
            return [icon] if icon else []
        return []

    # --- drawing ----------------------------------------------------------------------------
    def draw_record(self, doc: Document, v: Values) -> None:
        """Draw every visible element; a run of elements with the same ``form`` is one form."""
        for name, el, form in self.runs(v):
            if form is None:
                self._draw_one(doc, name, el, v)
            else:
                self._draw_run(doc, el, form, v)

    def runs(self, v: Values) -> Iterator[tuple[str, Any, str | None]]:
        """The visible elements in drawing order: ``(name, element, None)`` for one drawn on
        its own, ``(first name, [(name, element), ...], form name)`` for a run of a form."""
        run: list[tuple[str, Element]] = []
        run_form: str | None = None
        for name, el in self.visible(v):
            form = None if el.form is None else v.format(el.form)
            if run and form != run_form:
                yield run[0][0], run, run_form
                run = []
            if form is None:
                yield name, el, None
            else:
                run.append((name, el))
                run_form = form
        if run:
            yield run[0][0], run, run_form

    def form_problems(self, records: list[tuple[str, Any]]) -> list[Diagnostic]:
        """E416 for each form name whose elements differ between two records: a form is drawn
        once per PDF, so the first card drawn would decide what the others show (a ``when:``
        hiding an element of a form must depend only on the fields its name holds)."""
        seen: dict[str, tuple[list[str] | None, str]] = {}
        out = []
        for rid, rec in records:
            for _first, run, form in self.runs(self._record_values(rec, rid)):
                if form is None:
                    continue
                names = [n for n, _ in run]
                kept, first_id = seen.setdefault(form, (names, rid))
                if kept is None or kept == names:
                    continue
                seen[form] = (None, rid)  # reported: once per form
                odd = next(n for n in [*kept, *names] if (n in kept) != (n in names))
                on, off = (first_id, rid) if odd in kept else (rid, first_id)
                out.append(
                    Diagnostic(
                        "E416",
                        f"{self.section}.{odd}: drawn in form {form!r} on {on} but not on {off}: "
                        "a form is drawn once per PDF, so every card of it would show what the "
                        "first card drawn shows",
                        self.L.where(self.section, odd),
                        rid,
                        hint="give the element no `form:`, or a `when:` that depends only on "
                        "the fields the form's name holds",
                    )
                )
        return out

    def outline_problems(self, records: list[tuple[str, Any]]) -> list[Diagnostic]:
        """E406 for each one-line text whose letters, as fitted and aligned, run over the
        outline of a stroked shape drawn before it (a frame, a panel's edge) or come within
        :data:`CLEARANCE` of it: a title set edge to edge inside its frame. One per text,
        naming the first record."""
        out = []
        reported: set[str] = set()
        order = [n for n, _ in self._items]
        for rid, rec in records:
            v = self._record_values(rec, rid)
            shown = self.visible(v)
            for name, el in shown:
                if type(el) is not TextEl or el.rotate or name in reported:
                    continue
                ink = self._text_extent(name, el, v)
                if ink is None:
                    continue
                for other, shape in shown:
                    if (
                        order.index(other) >= order.index(name)
                        or not isinstance(shape, ShapeEl)
                        or not _outlined(shape)
                    ):
                        continue
                    if _crosses(
                        ink.inset(-mm(CLEARANCE)), self.box(shape.box), shape.line_width / 2
                    ):
                        reported.add(name)
                        out.append(
                            Diagnostic(
                                "E406",
                                f"{self.section}.{name}: its text runs over the outline of "
                                f"{self.section}.{other}, or within {CLEARANCE:g} mm of it, "
                                f"on {rid}",
                                self.L.where(self.section, name, "box"),
                                rid,
                                hint="narrow its box (or give it padding) to keep the text "
                                "clear of the outline",
                            )
                        )
                        break
        return out

    def content_problems(self, records: list[tuple[str, Any]]) -> list[Diagnostic]:
        """E417 for each icon row whose content exceeds its box on some card: more icons than
        its box holds, icons wider than it, or an icon's ink out of the capsule it draws under
        them (past its rounded ends). One per element, naming the first such card."""
        out = []
        for name, el in self._items:
            if type(el) is not IconRowEl:
                continue
            for rid, rec in records:
                v = self._record_values(rec, rid)
                why = self._row_overflow(el, v) if holds(el.when, v) else None
                if why is not None:
                    out.append(
                        Diagnostic(
                            "E417",
                            f"{self.section}.{name}: {why} on {rid}",
                            self.L.where(self.section, name, "box"),
                            rid,
                            hint="give the row a box (and capsule) that holds its icons, or "
                            "fewer or smaller icons",
                        )
                    )
                    break
        return out

    def _row_overflow(self, el: IconRowEl, v: Values) -> str | None:
        """Why an icon row's icons exceed its box on a card (as :meth:`_draw_IconRowEl` lays
        them out), or None."""
        icons = [as_text(i) for i in v.get(el.field) or ()]
        if not icons:
            return None
        box, tol = self.box(el.box), mm(0.05)
        icon, gap, n = mm(el.icon_size), mm(el.gap), len(icons)
        length = n * icon + (n + 1) * gap
        down = el.direction == "down"
        along, across = (box.h, box.w) if down else (box.w, box.h)
        icons_n = f"{n} icon" + ("s" if n > 1 else "")
        if length > along + tol:
            return f"its {icons_n} need {length / mm(1):.1f} mm, its box {along / mm(1):.1f} mm"
        if icon > across + tol:
            wide = across / mm(1)
            return f"its icons ({el.icon_size:g} mm) are wider than its box ({wide:.1f} mm)"
        if self.paint(el.fill, v) is None and self.paint(el.stroke, v) is None:
            return None
        bounds = getattr(self.theme.icons, "bounds", None)
        r = across / 2  # the capsule: a spine along the row's middle, r round it
        for i, icon_name in enumerate(icons):
            left, bottom, right, top = bounds(icon_name) if bounds else (0.0, 0.0, 1.0, 1.0)
            start, side = gap + i * (icon + gap), (across - icon) / 2
            if down:  # along: from the top down; across: from the left
                us, ws = (start + (1 - top) * icon, start + (1 - bottom) * icon), (left, right)
            else:
                us, ws = (start + left * icon, start + right * icon), (bottom, top)
            for u in us:
                for w in (side + ws[0] * icon, side + ws[1] * icon):
                    spine = min(max(u, r), max(r, length - r))
                    if math.hypot(u - spine, w - r) > r + tol:
                        return (
                            f"icon {{{icon_name}}} runs out of the capsule under its {icons_n} "
                            f"({length / mm(1):.1f} x {across / mm(1):.1f} mm, round ends)"
                        )
        return None

    def _text_extent(self, name: str, el: TextEl, v: Values) -> Box | None:
        """The box (points) a one-line text's letters cover as drawn: its fitted width where
        its alignment puts it, from a descender to a capital's height."""
        text = self._value_text(el, v)
        if not text:
            return None
        box, pad = self.box(el.box), mm(el.padding)
        fit = self.fit_line(name, text, el, box.w - 2 * pad)
        width = string_width(text, self.theme.font(el.font), fit.size)
        if el.align == "center":
            x = box.x + (box.w - width) / 2
        elif el.align == "right":
            x = box.x2 - pad - width
        else:
            x = box.x + pad
        y = self._baseline(el, box, fit.size)
        return Box(x, y - 0.2 * fit.size, width, 0.92 * fit.size)

    def _draw_one(self, doc: Document, name: str, el: Element, v: Values) -> None:
        doc.element = name
        if not el.rotate:
            self._drawers[type(el)](self, doc, name, el, v)
            return
        box, c = self.box(el.box), doc.c
        c.saveState()
        c.translate(box.x + box.w / 2, box.y + box.h / 2)
        c.rotate(-el.rotate)  # clockwise, as in a drawing program
        c.translate(-(box.x + box.w / 2), -(box.y + box.h / 2))
        self._drawers[type(el)](self, doc, name, el, v)
        c.restoreState()

    def _draw_run(
        self, doc: Document, run: list[tuple[str, Element]], form: str, v: Values
    ) -> None:
        def draw(d: Document) -> None:
            for name, el in run:
                self._draw_one(d, name, el, v)

        doc.c.doForm(doc.form(self.form_name(form), self.box("card"), draw))

    def form_name(self, name: str) -> str:
        """A shared form's name in a PDF (apart from the faces' ``face-<id>`` and icons)."""
        return f"{self.section}.{name}"

    def _radius(self, radius: Radius, box: Box) -> float:
        return min(box.w, box.h) / 2 if radius == "full" else mm(radius)

    def _shape(
        self, doc: Document, shape: str, box: Box, radius: float, look: Stroked, v: Values
    ) -> None:
        fill_colour, stroke_colour = self.paint(look.fill, v), self.paint(look.stroke, v)
        fill, stroke = fill_colour is not None, stroke_colour is not None
        if not (fill or stroke) or shape == "none":
            return
        c = doc.c
        if fill_colour is not None:
            doc.fill(fill_colour)
        if stroke_colour is not None:
            doc.stroke(stroke_colour)
            c.setLineWidth(look.line_width)
        if shape == "circle":
            c.circle(box.x + box.w / 2, box.y + box.h / 2, min(box.w, box.h) / 2, stroke, fill)
        elif shape == "rounded" and radius > 0:
            c.roundRect(box.x, box.y, box.w, box.h, radius, stroke=stroke, fill=fill)
        else:
            c.rect(box.x, box.y, box.w, box.h, stroke=stroke, fill=fill)

    def _draw_ShapeEl(self, doc: Document, name: str, el: ShapeEl, v: Values) -> None:
        box = self.box(el.box)
        if el.shape != "edges":
            self._shape(doc, el.shape, box, self._radius(el.radius, box), el, v)
            return
        colour = self.paint(el.stroke or "line", v)
        if colour is None:
            return
        doc.stroke(colour)
        doc.c.setLineWidth(el.line_width)
        ends = {
            "top": (box.x, box.y2, box.x2, box.y2),
            "bottom": (box.x, box.y, box.x2, box.y),
            "left": (box.x, box.y, box.x, box.y2),
            "right": (box.x2, box.y, box.x2, box.y2),
        }
        for edge in el.edges:
            doc.c.line(*ends[edge])

    def _baseline(self, style: Lettering, box: Box, size: float) -> float:
        if style.baseline == "middle":
            return box.y + box.h / 2 - size * style.rise
        return box.y + box.h * style.baseline

    def _letter(
        self,
        doc: Document,
        name: str,
        text: str,
        style: Lettering,
        box: Box,
        pad: float,
        align: str,
        v: Values,
    ) -> None:
        fit = self.fit_line(name, text, style, box.w - 2 * pad)
        doc.text_fill(self.colour(style.colour, v))
        doc.c.setFont(self.theme.font(style.font), fit.size)
        y = self._baseline(style, box, fit.size)
        if align == "center":
            doc.drawCentredString(box.x + box.w / 2, y, text)
        elif align == "right":
            doc.drawRightString(box.x2 - pad, y, text)
        else:
            doc.drawString(box.x + pad, y, text)

    def _draw_TextEl(self, doc: Document, name: str, el: TextEl, v: Values) -> None:
        text = self._value_text(el, v)
        if text:
            self._letter(doc, name, text, el, self.box(el.box), mm(el.padding), el.align, v)

    def _draw_RichTextEl(self, doc: Document, name: str, el: RichTextEl, v: Values) -> None:
        area = self.box(el.box).inset(mm(el.padding))
        lay = self.fit_rich(name, el, v)
        top = area.y2
        if el.valign == "middle":
            top -= max(0.0, (area.h - lay.height) / 2)
        doc.text_fill(self.colour(el.colour, v))
        rich.draw(doc, lay, area.x, top, area.w, el.style(), doc.icon)

    def _tint(self, spec: Colour | None, v: Values) -> str | None:
        return None if spec is None else self.colour(spec, v)

    def _draw_IconEl(self, doc: Document, name: str, el: IconEl, v: Values) -> None:
        icon = self.pick(el.icon, v)
        if not icon:
            return
        box = self.box(el.box)
        s = min(box.w, box.h)
        x, y = box.x + (box.w - s) / 2, box.y + (box.h - s) / 2
        doc.icon(icon, x, y, s, faded=el.faded, tint=self._tint(el.colour, v))

    def _draw_IconRowEl(self, doc: Document, name: str, el: IconRowEl, v: Values) -> None:
        icons = [as_text(i) for i in v.get(el.field) or ()]
        if not icons:
            return
        box = self.box(el.box)
        icon, gap, n = mm(el.icon_size), mm(el.gap), len(icons)
        length = n * icon + (n + 1) * gap
        if el.align == "center":  # the row's box shrunk to the row, around its middle
            if el.direction == "down":
                box = Box(box.x, box.y + (box.h - length) / 2, box.w, length)
            else:
                box = Box(box.x + (box.w - length) / 2, box.y, length, box.h)
        tint = self._tint(el.icon_colour, v)
        if el.direction == "down":
            back = Box(box.x, box.y2 - length, box.w, length)
            self._shape(doc, "rounded", back, box.w / 2, el, v)
            x = box.x + (box.w - icon) / 2
            for i, name_ in enumerate(icons):
                doc.icon(name_, x, box.y2 - (i + 1) * (icon + gap), icon, tint=tint)
        else:
            back = Box(box.x, box.y, length, box.h)
            self._shape(doc, "rounded", back, box.h / 2, el, v)
            y = box.y + (box.h - icon) / 2
            for i, name_ in enumerate(icons):
                doc.icon(name_, box.x + gap + i * (icon + gap), y, icon, tint=tint)

    def _draw_BadgeEl(self, doc: Document, name: str, el: BadgeEl, v: Values) -> None:
        text = self._value_text(el, v)
        if text is None and (el.field is not None or el.text is not None):
            return  # a badge of an unset value is not drawn
        box = self.box(el.box)
        self._shape(doc, el.shape, box, self._radius(el.radius, box), el, v)
        icon = self.pick(el.icon, v) if el.icon else None
        if icon:
            s = min(box.w, box.h) * el.icon_scale
            x, y = box.x + (box.w - s) / 2, box.y + (box.h - s) / 2
            doc.icon(icon, x, y, s, tint=self._tint(el.icon_colour, v))
        if text:
            self._letter(doc, name, text, el, box, mm(el.padding), "center", v)

    def _draw_PillEl(self, doc: Document, name: str, el: PillEl, v: Values) -> None:
        value = v.get(el.field)
        if value is None:
            return
        box = self.box(el.box)
        self._shape(doc, "rounded", box, box.h / 2, el, v)
        icon = self.pick(el.icon, v) or ""
        tint = self._tint(el.icon_colour, v)
        isz = mm(el.icon_size)
        iy = box.y + (box.h - isz) / 2
        ix, rest = self._pill_rest(el, box)
        if value == el.dash_value:  # no value: a faded icon and a bar, clearly not the digit 0
            if icon:
                doc.icon(icon, ix, iy, isz, faded=True, tint=tint)
            bw, bh = mm(el.dash[0]), mm(el.dash[1])
            doc.text_fill(self.colour(el.colour, v))
            cx = rest.x + rest.w / 2
            doc.value_bar(cx - bw / 2, box.y + box.h / 2 - bh / 2, bw, bh)
            return
        if icon:
            doc.icon(icon, ix, iy, isz, tint=tint)
        self._letter(doc, name, as_text(value), el, rest, mm(el.padding), "center", v)

    def _draw_StatRowEl(self, doc: Document, name: str, el: StatRowEl, v: Values) -> None:
        items = list(v.get(el.field) or ())
        if not items:
            return
        box = self.box(el.box)
        slot, icon = box.w / len(items), mm(el.icon_size)
        font, size = self.theme.font(el.font), el.size
        for i, item in enumerate(items):
            cx, cy = box.x + slot * (i + 0.5), box.y + box.h / 2
            doc.text_fill(self.colour(el.colour, v))
            doc.c.setFont(font, size)
            y = cy - size * el.rise
            if item.get("icon"):
                doc.icon(str(item["icon"]), cx - icon - mm(0.5), cy - icon / 2, icon)
                doc.drawString(cx + mm(0.5), y, as_text(item.get("value")))
            else:
                doc.drawCentredString(
                    cx, y, f"{item.get('label', '')} {as_text(item.get('value'))}"
                )

    def _draw_ImageEl(self, doc: Document, name: str, el: ImageEl, v: Values) -> None:
        box = self.box(el.box)
        art = v.format(el.src) if el.src is not None else v.get(el.field)
        if art:
            with binary_streams():
                draw_image_cover(doc.c, self.theme.art.image(str(v.get("id")), str(art)), box)
            return
        ph = el.placeholder
        if ph is None:  # no art and no placeholder asked for: nothing
            return
        seed, tint = v.format(ph.seed), self.colour(ph.tint, v)
        if ph.shared:
            form = doc.form(
                self.form_name(f"{name}-{seed}"),
                box,
                lambda d: draw_placeholder(d.c, d.ink, box, seed, tint, ph.scene),
            )
            doc.c.doForm(form)
        else:
            draw_placeholder(doc.c, doc.ink, box, seed, tint, ph.scene)
        if ph.sun:
            draw_sun(doc.c, doc.ink, box, str(v.get("id")))
        icon = self.pick(ph.icon, v)
        if icon:
            s = box.h * ph.icon_size
            x, y = box.x + (box.w - s) / 2, box.y + (box.h - s) / 2
            doc.icon(icon, x, y, s, tint=self._tint(ph.icon_colour, v))

    def _draw_PatternEl(self, doc: Document, name: str, el: PatternEl, v: Values) -> None:
        colour = self.paint(el.colour, v)
        if colour is None:
            return
        box = self.box(el.box)
        step, size, c = mm(el.spacing), mm(el.size), doc.c
        c.saveState()
        doc.stroke(colour)
        p = c.beginPath()
        if el.pattern == "dots":  # dashed lines of zero-length dashes with round caps
            c.setLineWidth(2 * size)
            c.setLineCap(1)
            c.setDash([0, step])
            for j in range(int(box.h / step) + 2):
                x0 = box.x + (step / 2 if j % 2 else 0)
                p.moveTo(x0, box.y + j * step)
                p.lineTo(box.x2 + step, box.y + j * step)
        else:
            c.setLineWidth(size * 1.4)
            for i in range(int((box.w + box.h) / step) + 2):
                x = box.x - box.h + i * step
                p.moveTo(x, box.y)
                p.lineTo(x + box.h, box.y2)
        clip = c.beginPath()
        clip.rect(box.x, box.y, box.w, box.h)
        c.clipPath(clip, stroke=0, fill=0)
        c.drawPath(p, stroke=1, fill=0)
        c.restoreState()

    def _draw_TogglesEl(self, doc: Document, name: str, el: TogglesEl, v: Values) -> None:
        have = v.get(el.field) or ()
        on = tuple(i for i, value in enumerate(el.values) if value in have)
        box = self.box(el.box)
        key = "-".join(str(el.values[i]) for i in on)
        form = doc.form(
            self.form_name(f"{name}-{key}"), box, lambda d: self._toggles(d, el, box, on, v)
        )
        doc.c.doForm(form)

    def _toggles(self, doc: Document, el: TogglesEl, box: Box, on: tuple, v: Values) -> None:
        s, n = mm(el.size), len(el.values)
        gap = (box.w - n * s) / (n - 1) if n > 1 else 0.0
        doc.c.setFont(self.theme.font(el.font), el.text_size)
        doc.c.setLineWidth(el.line_width)
        for i, label in enumerate(el.labels):
            x, y = box.x + i * (s + gap), box.y + (box.h - s) / 2
            look = el.active if i in on else el.inactive
            doc.stroke(self.colour(el.stroke, v))
            doc.fill(self.colour(look.fill, v))
            doc.c.roundRect(x, y, s, s, s * el.radius, stroke=1, fill=1)
            doc.text_fill(self.colour(look.text, v))
            doc.drawCentredString(x + s / 2, y + s / 2 - el.text_size * 0.36, label)

    # --- safe zone and type size ----------------------------------------------------------
    def outside_safe(self, el: Element) -> float:
        """How far (mm) ``el``'s box reaches past the safe zone (:func:`safe_margin` inside the
        trim); 0 when inside, or for background and art that may bleed."""
        if el.bleed and isinstance(el, BACKGROUND_KINDS):
            return 0.0
        card = self.L.card
        x, y, w, h = turned_extent(el, card)
        s = safe_margin(card.safe)
        if isinstance(el, Stroked) and el.stroke is not None and getattr(el, "shape", "") != "none":
            # a stroke straddles the box's edge: half of it lies outside
            half = el.line_width * 25.4 / 72 / 2
            x, y, w, h = x - half, y - half, w + 2 * half, h + 2 * half
        return max(0.0, s - x, s - y, x + w - (card.width - s), y + h - (card.height - s))

    def outline_in_margin(self, el: Element) -> float:
        """How deep (mm) an edge a background shape or pattern draws lies in the margin between
        the trim and the safe zone: a frame or panel edge there is what a drifting cut makes
        lopsided or cuts off.  0 when every edge it draws runs on into the bleed or lies inside
        the safe zone; art (an image) may reach the trim anywhere."""
        if not isinstance(el, ShapeEl | PatternEl):
            return 0.0
        if isinstance(el, ShapeEl) and (
            el.shape == "none" or (el.fill is None and el.stroke is None)
        ):
            return 0.0
        card, s = self.L.card, safe_margin(self.L.card.safe)
        x, y, w, h = turned_extent(el, card)
        gaps = {"left": x, "top": y, "right": card.width - x - w, "bottom": card.height - y - h}
        drawn = list(gaps)
        half = 0.0
        if isinstance(el, ShapeEl):
            if el.stroke is not None:
                half = el.line_width * 25.4 / 72 / 2  # a stroke straddles its edge
            if el.shape == "edges" and el.rotate % 360 == 0:  # turned: any side may be drawn
                drawn = list(el.edges)
        deepest = 0.0
        for side in drawn:
            gap = gaps[side]
            if gap <= 0.01:  # on the trim: runs on into the bleed
                continue
            deepest = max(deepest, s - (gap - half))
        return max(0.0, deepest)

    def zone_problems(self, records: list[tuple[str, Any]]) -> list[Diagnostic]:
        """One diagnostic per element that reaches past the safe zone on some card or back
        drawing it, naming the element (layout file and line) and the first such card: an
        error (E406) for text, icons and every other element that is not background or art
        (``bleed: true`` does not excuse them) and for a background whose outline (a frame, a
        panel's edge) lies between the trim and the safe zone, a warning (W401) for background
        and art not marked ``bleed: true``."""
        out = []
        margin = safe_margin(self.L.card.safe)
        for name, el in self.elements.items():
            over, outline = self.outside_safe(el), self.outline_in_margin(el)
            if not (over or outline):
                continue
            ids = [rid for rid, rec in records if holds(el.when, self._record_values(rec, rid))]
            if not ids:
                continue
            more = f" and {len(ids) - 1} more" if len(ids) > 1 else ""
            where = f"({margin:g} mm inside the trim) on {ids[0]}{more}"
            if outline:
                out.append(
                    Diagnostic(
                        "E406",
                        f"{self.section}.{name}: its outline lies {outline:.2f} mm inside the "
                        f"safe zone {where}, where a drifting cut makes it lopsided",
                        self.L.where(self.section, name, "box"),
                        ids[0],
                        hint="run its edges on into the bleed (to the trim) or move them inside "
                        "the safe zone",
                    )
                )
                continue
            if isinstance(el, BACKGROUND_KINDS):
                code, hint = "W401", "move it inside the safe zone, or mark it `bleed: true`"
            else:
                code, hint = "E406", "only background and art may reach the margin: move it in"
            out.append(
                Diagnostic(
                    code,
                    f"{self.section}.{name}: box runs {over:.2f} mm past the safe zone {where}",
                    self.L.where(self.section, name, "box"),
                    ids[0],
                    hint=hint,
                )
            )
        return out

    def type_problems(self, records: list[tuple[str, Any]]) -> list[Diagnostic]:
        """One E407 per element that may set type smaller than :data:`MIN_TYPE` points (its
        smallest size: ``min_size``, a flavour's scaled size, a toggle's label size)."""
        out = []
        for name, el in self.elements.items():
            for key, smallest in smallest_type(el):
                if smallest >= MIN_TYPE - 1e-9:
                    continue
                ids = [rid for rid, rec in records if holds(el.when, self._record_values(rec, rid))]
                if not ids:
                    continue
                out.append(
                    Diagnostic(
                        "E407",
                        f"{self.section}.{name}: type as small as {smallest:g} pt "
                        f"(nothing under {MIN_TYPE:g} pt is printed), on {ids[0]}",
                        self.L.where(self.section, name, key),
                        ids[0],
                        hint=f"set {key} to {MIN_TYPE:g} or more",
                    )
                )
        return out

    def draws(self, el: Element, v: Values) -> bool:
        """Whether ``el`` draws anything for a card: its condition holds and the value it shows
        (a text, an icon, a list, a colour read from a field) is set."""
        if el.when is not None and not holds(el.when, v):
            return False
        if isinstance(el, BadgeEl):
            if el.field is None and el.text is None:
                return True
            return bool(self._value_text(el, v))
        if isinstance(el, TextEl):
            return bool(self._value_text(el, v))
        if isinstance(el, RichTextEl):
            return bool(self.paragraphs(el, v))
        if isinstance(el, IconEl):
            return bool(self.pick(el.icon, v))
        if isinstance(el, IconRowEl | StatRowEl):
            return bool(v.get(el.field))
        if isinstance(el, PillEl):
            return v.get(el.field) is not None
        if isinstance(el, ImageEl):
            art = v.format(el.src) if el.src is not None else v.get(el.field)
            return bool(art) or el.placeholder is not None
        if isinstance(el, ShapeEl):
            if el.shape == "edges":
                return self.paint(el.stroke or "line", v) is not None
            return el.shape != "none" and (
                self.paint(el.fill, v) is not None or self.paint(el.stroke, v) is not None
            )
        if isinstance(el, PatternEl):
            return self.paint(el.colour, v) is not None
        return True

    def unused_problems(self, records: list[tuple[str, Any]]) -> list[Diagnostic]:
        """A warning (W402) for each element that draws on no card because it reads a field no
        card sets (a field declared in rules.yaml but not filled in, a computed field that is
        empty): the layout would print every card without it, silently."""
        if not records:
            return []
        values = [self._record_values(rec, rid) for rid, rec in records]
        out = []
        for name, el in self.elements.items():
            shown = [v for v in values if el.when is None or holds(el.when, v)]
            if not shown or any(self.draws(el, v) for v in shown):
                continue  # drawn, or left out by its condition (a choice of the designer's)
            read = (f for keys, f in element_fields(el) if keys[0] not in ("when", "form"))
            unset = [f for f in dict.fromkeys(read) if not any(_given(v.get(f)) for v in shown)]
            if not unset:
                continue
            what = "card" if self.section == "face" else "back"
            names = ", ".join(dict.fromkeys(f"`{shown[0].source(f)}`" for f in unset))
            out.append(
                Diagnostic(
                    "W402",
                    f"{self.section}.{name} draws on no {what}: no {what} sets {names}",
                    self.L.where(self.section, name),
                    hint=(
                        f"give the cards {names} (a column of the sheet, a key of the card files)"
                        if what == "card"
                        else f"give the backs of rules.yaml {names}"
                    )
                    + ", or remove the element",
                )
            )
        return out


def _given(value: Any) -> bool:
    """Whether a field's value is given (``false`` and ``0`` are given; null and empty not)."""
    return value is False or is_set(value)


#: background and art: the only kinds that may reach the margin between the safe zone and the
#: trim (and run into the bleed with ``bleed: true``)
BACKGROUND_KINDS = (ShapeEl, ImageEl, PatternEl)
#: the narrowest safe zone of any layout, mm: 1/8 in inside the trim, the print services' safe
#: area; a layout's ``card.safe`` may ask for more, never for less
MIN_SAFE = 3.175
#: the room (mm) a one-line text's letters keep from a frame's or panel's outline
CLEARANCE = 0.5
#: the smallest type any element sets, points
MIN_TYPE = 6.0


def safe_margin(safe: float) -> float:
    """The safe zone (mm inside the trim) of a layout whose ``card.safe`` is ``safe``."""
    return max(safe, MIN_SAFE)


def smallest_type(el: Element) -> list[tuple[str, float]]:
    """The smallest type sizes ``el`` may set, as ``(layout key, points)`` pairs."""
    if isinstance(el, RichTextEl):
        # flavour is scaled from the body size but never set below ``min_size`` (text.para_size)
        return [("min_size", el.min_size)]
    if isinstance(el, TogglesEl):
        return [("text_size", el.text_size)]
    if isinstance(el, Lettering):
        if isinstance(el, BadgeEl) and el.field is None and el.text is None:
            return []  # a badge without a value sets no type
        smallest = el.min_size if el.min_size is not None else el.size
        return [("min_size" if el.min_size is not None else "size", smallest)]
    return []


@lru_cache(maxsize=256)
def _sizes(size: float, min_size: float) -> tuple[float, ...]:
    """The sizes a one-line text tries, largest first (:func:`cardgen.render.text.sizes`)."""
    return tuple(rich.sizes(rich.TextStyle(size, min_size)))


_ONE_LINE = (TextEl, BadgeEl, PillEl)
#: the hint of a diagnostic about a character the fonts cannot draw (the preflight's E408)
GLYPH_HINT = "use characters of the card fonts (Latin, Greek, Cyrillic); no emoji or CJK"
_WITH_ICONS = (IconEl, PillEl, BadgeEl, IconRowEl, StatRowEl, ImageEl)


def _outlined(el: Element) -> bool:
    """Whether ``el`` is a shape drawing an outline all round (a frame, a panel)."""
    return (
        isinstance(el, ShapeEl)
        and el.stroke is not None
        and el.shape in ("rect", "rounded")
        and el.line_width > 0
        and not el.rotate
    )


def _crosses(ink: Box, outline: Box, half: float) -> bool:
    """Whether the ``ink`` box meets one of the four edges of ``outline`` (each a band
    ``half`` points either side of it)."""

    def overlap(a1: float, a2: float, b1: float, b2: float) -> bool:
        return a1 < b2 and b1 < a2

    across = overlap(ink.y, ink.y2, outline.y - half, outline.y2 + half)
    along = overlap(ink.x, ink.x2, outline.x - half, outline.x2 + half)
    return (
        across and any(overlap(ink.x, ink.x2, e - half, e + half) for e in (outline.x, outline.x2))
    ) or (
        along and any(overlap(ink.y, ink.y2, e - half, e + half) for e in (outline.y, outline.y2))
    )


def _first_field(el: TextEl | BadgeEl | PillEl) -> str | None:
    if el.field is not None:
        return el.field
    text = getattr(el, "text", None)
    if isinstance(text, ValueMap):
        return text.field
    m = FIELD.search(text or "")
    return m.group(1) if m else None


class LayoutFaces(FacePainter):
    """Card faces drawn from the ``face`` elements of the layout (any pack)."""

    def __init__(self, theme: Theme):
        super().__init__(theme)
        self.painter = ElementPainter(theme, "face", theme.pack.print.layout_fields())

    def draw(self, doc: Document, card: Any) -> None:
        self.painter.draw_record(doc, self.painter.values(card, card.id))

    def fit_problems(self, card: Any) -> list[FitProblem]:
        v = self.painter.values(card, card.id)
        return [FitProblem(*problem[1:]) for problem in self.painter.problems(v)]

    def layout_problems(self, cards: list[Any]) -> list[Diagnostic]:
        records = [(c.id, c) for c in cards]
        painter = self.painter
        return (
            painter.zone_problems(records)
            + painter.type_problems(records)
            + painter.unused_problems(records)
            + painter.form_problems(records)
            + painter.outline_problems(records)
            + painter.content_problems(records)
        )


class LayoutBacks(BackPainter):
    """Card backs drawn from the ``back`` elements of the layout; a back design's fields are
    ``key``, ``pile`` and ``name``, plus the pack's ``back_fields``."""

    def __init__(self, theme: Theme):
        super().__init__(theme)
        self.painter = ElementPainter(theme, "back", theme.pack.print.back_fields())

    def draw(self, doc: Document, back: BackDesign) -> None:
        self.painter.draw_record(doc, self._values(back))

    def _values(self, back: BackDesign) -> Values:
        return self.painter.values(back, f"back:{back.key}")

    def layout_problems(self, cards: list[Any]) -> list[Diagnostic]:
        """Texts of a back that do not fit (E401, naming the first card with that back) and
        back elements past the safe zone (E406, W401) or setting type too small (E407)."""
        backs: dict[str, tuple[BackDesign, str]] = {}
        for card in cards:
            back = self.theme.pack.print.printed_back(card, self.theme.rules)
            backs.setdefault(back.key, (back, card.id))
        out = []
        for back, card_id in backs.values():
            for name, _field, msg, hint, code in self.painter.problems(self._values(back)):
                where = self.L.where("back", name)
                out.append(Diagnostic(code, f"back {back.key!r}: {msg}", where, card_id, hint))
        records = [(card_id, back) for back, card_id in backs.values()]
        painter = self.painter
        return (
            out
            + painter.zone_problems(records)
            + painter.type_problems(records)
            + painter.unused_problems(records)
            + painter.form_problems(records)
            + painter.outline_problems(records)
            + painter.content_problems(records)
        )


def face_painter(pack: Pack, theme: Theme) -> FacePainter:
    """The painter of ``pack``'s faces: its own (:meth:`~cardgen.pack.Pack.face_painter`),
    else the layout's ``face:`` elements."""
    return pack.print.face_painter(theme) or LayoutFaces(theme)


def back_painter(pack: Pack, theme: Theme) -> BackPainter:
    """The painter of ``pack``'s backs: its own, else the layout's ``back:`` elements."""
    return pack.print.back_painter(theme) or LayoutBacks(theme)
