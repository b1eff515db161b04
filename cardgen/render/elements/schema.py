"""The layout-element schema: what a card face (or back) is made of, in data.

A layout lists its elements under ``face:``, one per key; they are drawn in file order (later
ones on top).  Every element has a ``kind``, a ``box`` (``[x, y, w, h]`` in mm from the card's
top-left corner, or ``card`` for the whole card), an optional condition ``when`` and an
optional ``bleed: true`` (it may run past the safe zone: art, frames, backgrounds).  Values come
from the card: ``field: name`` (a card field or a pack's computed field) or ``text: "{name}"``
(a template).  Colours are a colour role of the layout's ``colours:``, ``"#RRGGBB"``, or
``{field: name, lighten: 0.1}``.  Font sizes and line widths are in points.
"""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, field_validator, model_validator

from cardgen.render.text import TextStyle
from cardgen.util.limits import MAX_FONT_PT, MAX_LAYOUT_NUMBER, MIN_FIT_STEP, MIN_PATTERN_SPACING

BoxSpec = tuple[float, float, float, float] | Literal["card"]
Scalar = str | int | float | bool


#: a font size, points
FontSize = Annotated[float, Field(gt=0, le=MAX_FONT_PT)]


class Part(BaseModel):
    """A frozen, strict part of a layout (unknown keys are errors; numbers finite and within
    :data:`~cardgen.util.limits.MAX_LAYOUT_NUMBER`)."""

    model_config = ConfigDict(
        extra="forbid", frozen=True, defer_build=True, populate_by_name=True, allow_inf_nan=False
    )

    @field_validator("*", mode="after")
    @classmethod
    def _bounded(cls, value: Any) -> Any:
        for number in value if isinstance(value, tuple | list) else (value,):
            if type(number) in (int, float) and abs(number) > MAX_LAYOUT_NUMBER:
                raise ValueError(f"{number:g} is beyond ±{MAX_LAYOUT_NUMBER:g}")
        return value


class ColourRef(Part):
    """A colour taken from a card field or a role, optionally lightened or darkened."""

    field: str | None = None
    colour: str | None = None
    lighten: float = Field(0.0, ge=0, le=1)
    darken: float = Field(0.0, ge=0, le=1)

    @model_validator(mode="after")
    def _one_source(self) -> "ColourRef":
        if (self.field is None) == (self.colour is None):
            raise ValueError("give exactly one of `field` or `colour`")
        return self


#: a colour role (``ink``), ``"#RRGGBB"`` or a :class:`ColourRef`
Colour = str | ColourRef


class Condition(Part):
    """A condition on one field: exactly one of ``equals``, ``not``, ``in``, ``contains``, ``set``.

    ``set: true`` holds when the value is set (not null, false, empty); ``set: false`` when not.
    """

    field: str
    equals: Scalar | None = None
    not_: Scalar | None = Field(None, alias="not")
    in_: list[Scalar] | None = Field(None, alias="in")
    contains: Scalar | None = None
    set: bool | None = None

    @model_validator(mode="after")
    def _one_test(self) -> "Condition":
        given = [self.equals, self.not_, self.in_, self.contains, self.set]
        if sum(v is not None for v in given) != 1:
            raise ValueError("give exactly one of equals, not, in, contains, set")
        return self


#: ``when: star`` (the field is set) or ``when: {field: x, equals: 1}``, or a list (all hold)
When = str | Condition | list[str | Condition]


class Element(Part):
    """What every element has."""

    box: BoxSpec
    when: When | None = None
    #: may run past the safe zone (art, frames, backgrounds, decorations)
    bleed: bool = False
    #: the element's name in diagnostics (default: its key, underscores as spaces)
    label: str | None = None
    #: a template naming a shared drawing (``"chrome-{deck}"``): consecutive elements with the
    #: same name are drawn once per PDF and reused by every card whose name is the same, so
    #: they may depend only on the fields the name holds
    form: str | None = None


class Stroked(Part):
    """The fill and outline of a shape."""

    fill: Colour | None = None
    stroke: Colour | None = None
    line_width: float = Field(0.6, ge=0, description="points")


class Lettering(Part):
    """How a text value is set: font role, size (shrunk down to ``min_size`` to fit), colour."""

    font: str = "regular"
    size: FontSize = 9.0
    min_size: FontSize | None = None
    colour: Colour = "ink"
    #: ``middle`` centres the capitals vertically; a number puts the baseline at that fraction
    #: of the box height from its bottom
    baseline: Literal["middle"] | float = "middle"
    #: with ``baseline: middle``, the baseline sits this many font sizes below the box's middle
    rise: float = 0.35
    case: Literal["none", "upper", "lower", "title"] = "none"


class Bound(Part):
    """An element showing a value: a card field, or a template of fields."""

    field: str | None = None
    text: str | None = None

    @model_validator(mode="after")
    def _one_value(self) -> "Bound":
        if self.field is not None and self.text is not None:
            raise ValueError("give `field` or `text`, not both")
        return self


Radius = float | Literal["full"]


class ShapeEl(Element, Stroked):
    """A rectangle, rounded rectangle, circle (inscribed in the box) or some edges of the box."""

    kind: Literal["shape"]
    shape: Literal["rect", "rounded", "circle", "edges"] = "rect"
    radius: Radius = Field(0.0, description="mm, or `full` for half the shorter side")
    edges: list[Literal["top", "bottom", "left", "right"]] = Field(default_factory=list)


class TextEl(Element, Bound, Lettering):
    """One line of text, shrunk to fit the box width less ``padding`` on each side."""

    kind: Literal["text"]
    align: Literal["left", "center", "right"] = "left"
    padding: float = Field(0.0, ge=0, description="mm")


class RichTextEl(Element):
    """Paragraphs with inline ``{icon}`` tokens and an optional flavour paragraph, shrunk until
    they fit (never below ``min_size``)."""

    kind: Literal["rich_text"]
    field: str
    flavour: str | None = None
    padding: float = 0.0
    font: str = "regular"
    flavour_font: str = "italic"
    colour: Colour = "ink"
    size: FontSize = 9.5
    min_size: FontSize = 6.0
    step: float = Field(0.25, ge=MIN_FIT_STEP, le=MAX_FONT_PT)
    leading: PositiveFloat = 1.18
    paragraph_gap: float = 0.3
    flavour_scale: PositiveFloat = 0.9
    icon_scale: PositiveFloat = 1.05
    align: Literal["left", "center"] = "center"
    valign: Literal["top", "middle"] = "middle"

    def style(self) -> TextStyle:
        """The text-fitting style of this element."""
        return TextStyle(
            **{k: getattr(self, k) for k in ("size", "min_size", "step", "leading", "align")},
            paragraph_gap=self.paragraph_gap,
            icon_scale=self.icon_scale,
        )


class IconEl(Element):
    """One icon (a name or a template such as ``"{type}"``) in the box, square and centred."""

    kind: Literal["icon"]
    icon: str
    faded: bool = False


class IconRowEl(Element, Stroked):
    """The icons named by a list field, in a row or column from the box's top or left, on a
    capsule (``fill``/``stroke``) that grows with the count; nothing when the list is empty."""

    kind: Literal["icon_row"]
    field: str
    icon_size: PositiveFloat = Field(description="mm")
    gap: float = Field(0.8, ge=0, description="mm")
    direction: Literal["down", "right"] = "right"
    #: where the row sits along its direction: from the box's top or left, or centred
    align: Literal["start", "center"] = "start"


class BadgeEl(Element, Stroked, Bound, Lettering):
    """A value on a shape or an icon: a cost in a coin, a deck emblem on a disc."""

    kind: Literal["badge"]
    shape: Literal["circle", "rounded", "rect", "none"] = "circle"
    radius: Radius = 0.0
    icon: str | None = None
    icon_scale: PositiveFloat = 1.0
    padding: float = Field(0.0, ge=0, description="mm each side of the value")


class PillEl(Element, Stroked, Lettering):
    """A stat: an icon at one end of a capsule and the value centred in the rest.  The value
    ``dash`` (default ``"-"``, "none") is a faded icon and a bar, never mistaken for 0."""

    kind: Literal["pill"]
    field: str
    icon: str
    icon_side: Literal["left", "right"] = "left"
    icon_size: PositiveFloat = Field(description="mm")
    icon_inset: float = Field(0.8, description="mm from the capsule's end")
    padding: float = Field(0.0, ge=0, description="mm each side of the value")
    dash: tuple[float, float] = Field((3.6, 1.1), description="the bar's width and height, mm")
    dash_value: Scalar = "-"


class StatRowEl(Element, Lettering):
    """Stats from a list field of ``{icon, label, value}`` in equal slots: the icon and value,
    or ``label value`` for a stat without an icon."""

    kind: Literal["stat_row"]
    field: str
    icon_size: PositiveFloat = Field(description="mm")


class Placeholder(Part):
    """What stands in for missing art: a landscape tinted ``tint``, the same for one ``seed``."""

    seed: str = "{id}"
    tint: Colour = "paper"
    #: draw it once per seed and reuse it (cards with the same seed share the picture)
    shared: bool = False
    #: a sun placed by the card's id, so cards sharing a landscape still differ
    sun: bool = False


class ImageEl(Element):
    """Art from a field (a path relative to the catalogue folder) covering the box, or the
    placeholder when the card has none."""

    kind: Literal["image"]
    field: str = "art"
    placeholder: Placeholder = Placeholder()


class PatternEl(Element):
    """A texture over the box: rows of ``dots`` or diagonal ``stripes``, ``spacing`` mm apart."""

    kind: Literal["pattern"]
    pattern: Literal["dots", "stripes"]
    spacing: float = Field(ge=MIN_PATTERN_SPACING, description="mm")
    size: PositiveFloat = Field(description="mm: a dot's radius, or 0.7 × a stripe's width")
    colour: Colour


class ToggleLook(Part):
    fill: Colour
    text: Colour


class TogglesEl(Element):
    """A row of labelled squares, one per value; those the list field contains are ``active``."""

    kind: Literal["toggles"]
    field: str
    values: list[Scalar] = Field(min_length=1)
    labels: list[str]
    size: PositiveFloat = Field(description="mm")
    radius: float = Field(0.18, description="corner radius as a fraction of the size")
    font: str = "bold"
    text_size: FontSize = 6.5
    stroke: Colour = "line"
    line_width: float = 0.7
    active: ToggleLook
    inactive: ToggleLook

    @model_validator(mode="after")
    def _labels(self) -> "TogglesEl":
        if len(self.labels) != len(self.values):
            raise ValueError("give one label per value")
        return self


AnyElement = Annotated[
    ShapeEl
    | TextEl
    | RichTextEl
    | IconEl
    | IconRowEl
    | BadgeEl
    | PillEl
    | StatRowEl
    | ImageEl
    | PatternEl
    | TogglesEl,
    Field(discriminator="kind"),
]

KINDS: dict[str, type[Element]] = {
    "shape": ShapeEl,
    "text": TextEl,
    "rich_text": RichTextEl,
    "icon": IconEl,
    "icon_row": IconRowEl,
    "badge": BadgeEl,
    "pill": PillEl,
    "stat_row": StatRowEl,
    "image": ImageEl,
    "pattern": PatternEl,
    "toggles": TogglesEl,
}
