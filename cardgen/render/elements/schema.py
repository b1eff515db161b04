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

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PositiveFloat,
    Tag,
    field_validator,
    model_validator,
)

from cardgen.render.art import Scene
from cardgen.render.text import TextStyle
from cardgen.util.limits import MAX_FONT_PT, MAX_LAYOUT_NUMBER, MIN_FIT_STEP, MIN_PATTERN_SPACING

#: a length on the card: mm, or a percentage of the card's width (x, w) or height (y, h)
Length = Annotated[
    Annotated[float, Tag("mm")]
    | Annotated[str, Field(pattern=r"^-?[0-9]{1,4}(\.[0-9]+)?%$"), Tag("%")],
    Discriminator(lambda v: "%" if isinstance(v, str) else "mm"),
]
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


class Anchored(Part):
    """A box placed from the card's edges: two of ``left``, ``right``, ``w`` across and two of
    ``top``, ``bottom``, ``h`` down (mm or ``"%"`` of the card), so it keeps its place on a card
    of another size (``{right: 3.5, bottom: 3.5, w: 8, h: 12}``: the bottom-right corner)."""

    left: Length | None = None
    right: Length | None = None
    top: Length | None = None
    bottom: Length | None = None
    w: Length | None = None
    h: Length | None = None

    @model_validator(mode="after")
    def _two_each_way(self) -> "Anchored":
        across = [k for k in ("left", "right", "w") if getattr(self, k) is not None]
        down = [k for k in ("top", "bottom", "h") if getattr(self, k) is not None]
        if len(across) != 2 or len(down) != 2:
            raise ValueError(
                "give two of left, right, w and two of top, bottom, h "
                f"(given: {', '.join(across + down) or 'none'})"
            )
        return self


#: ``[x, y, w, h]`` (mm or ``"%"``) from the card's top-left corner, ``card``, or edges
BoxSpec = Annotated[
    Annotated[tuple[Length, Length, Length, Length], Tag("list")]
    | Annotated[Literal["card"], Tag("card")]
    | Annotated[Anchored, Tag("edges")],
    Discriminator(
        lambda v: (
            "edges" if isinstance(v, dict | Anchored) else "card" if isinstance(v, str) else "list"
        )
    ),
]


def length(value: Length, whole: float) -> float:
    """A :data:`Length` in mm on a card side of ``whole`` mm."""
    if isinstance(value, str):
        return float(value[:-1]) / 100 * whole
    return float(value)


def resolve_box(spec: BoxSpec, width: float, height: float) -> tuple[float, float, float, float]:
    """A box as ``(x, y, w, h)`` mm from the top-left corner of a ``width`` × ``height`` card."""
    if spec == "card":
        return (0.0, 0.0, width, height)
    if isinstance(spec, Anchored):
        x, w = _span(spec.left, spec.right, spec.w, width)
        y, h = _span(spec.top, spec.bottom, spec.h, height)
        return (x, y, w, h)
    x, y, w, h = spec
    return (length(x, width), length(y, height), length(w, width), length(h, height))


def _span(start: Length | None, end: Length | None, size: Length | None, whole: float):
    if start is not None and end is not None:
        a = length(start, whole)
        return a, whole - length(end, whole) - a
    if start is not None:
        return length(start, whole), length(size, whole)  # type: ignore[arg-type]
    s = length(size, whole)  # type: ignore[arg-type]
    return whole - length(end, whole) - s, s  # type: ignore[arg-type]


def _map_keys_as_text(cls: type, value: Any) -> Any:
    """A ``map``'s keys as text (a validator of the models with one)."""
    if isinstance(value, dict):  # `1: A` in YAML: the key of a whole-number field
        return {_key(k): v for k, v in value.items()}
    return value


class ValueMap(Part):
    """A value chosen by a field's value: ``{field: suit, map: {moon: "#2F4F7A", sun: gold},
    default: ink}``; a value the map lacks takes ``default`` (none: nothing is drawn).  The
    map's values are what the key would otherwise hold (a colour, an icon's name or a text
    template)."""

    field: str
    map: dict[str, str]
    default: str | None = None

    _keys_as_text = field_validator("map", mode="before")(_map_keys_as_text)


def _key(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class ColourRef(Part):
    """A colour taken from a card field, a role, or a field's value through a ``map`` (to roles
    or ``#RRGGBB``), optionally lightened or darkened."""

    field: str | None = None
    colour: str | None = None
    map: dict[str, str] | None = None
    default: str | None = None
    lighten: float = Field(0.0, ge=0, le=1)
    darken: float = Field(0.0, ge=0, le=1)

    _keys_as_text = field_validator("map", mode="before")(_map_keys_as_text)

    @model_validator(mode="after")
    def _one_source(self) -> "ColourRef":
        if (self.field is None) == (self.colour is None):
            raise ValueError("give exactly one of `field` or `colour`")
        if self.map is not None and self.field is None:
            raise ValueError("a `map` maps the values of a `field`")
        if self.default is not None and self.map is None:
            raise ValueError("`default` is the colour of a value the `map` lacks")
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
    #: degrees clockwise about the box's centre; at 90 or 270 the element is laid out in the
    #: box turned (its width the box's height), so it fills the box
    rotate: float = Field(0.0, ge=-360, le=360)


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
    """An element showing a value: a card field, a template of fields, or a template chosen by
    a field's value (``text: {field: rank, map: {1: A, 11: J}, default: "{rank}"}``)."""

    field: str | None = None
    text: str | ValueMap | None = None

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


#: an icon's name, a template (``"{suit}"``) or a name chosen by a field's value
IconName = str | ValueMap


class IconEl(Element):
    """One icon (a name, a template such as ``"{type}"`` or a map) in the box, square and
    centred, in its own colours or all in ``colour`` (an icon drawn with ``currentColor`` takes
    it where the file says so)."""

    kind: Literal["icon"]
    icon: IconName
    faded: bool = False
    colour: Colour | None = None


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
    icon_colour: Colour | None = None


class BadgeEl(Element, Stroked, Bound, Lettering):
    """A value on a shape or an icon: a cost in a coin, a deck emblem on a disc."""

    kind: Literal["badge"]
    shape: Literal["circle", "rounded", "rect", "none"] = "circle"
    radius: Radius = 0.0
    icon: IconName | None = None
    icon_colour: Colour | None = None
    icon_scale: PositiveFloat = 1.0
    padding: float = Field(0.0, ge=0, description="mm each side of the value")


class PillEl(Element, Stroked, Lettering):
    """A stat: an icon at one end of a capsule and the value centred in the rest.  The value
    ``dash`` (default ``"-"``, "none") is a faded icon and a bar, never mistaken for 0."""

    kind: Literal["pill"]
    field: str
    icon: IconName
    icon_colour: Colour | None = None
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
    """What stands in for missing art: a ``scene`` tinted ``tint``, the same for one ``seed``,
    with one of the pack's icons over it (a game's own motif)."""

    seed: str = "{id}"
    tint: Colour = "paper"
    scene: Scene = "hills"
    #: an icon of the pack (a name, a template such as ``"{suit}"`` or a map) drawn centred
    icon: IconName | None = None
    #: the icon all in this colour (a silhouette); none: in its own colours
    icon_colour: Colour | None = None
    icon_size: float = Field(0.6, gt=0, le=1, description="a fraction of the box's height")
    #: draw it once per seed and reuse it (cards with the same seed share the picture)
    shared: bool = False
    #: a sun placed by the card's id, so cards sharing a landscape still differ
    sun: bool = False


class ImageEl(Element):
    """Art covering the box: the file a field names (a path relative to the catalogue folder)
    or the file ``src`` names (a template: ``"art/{suit}.png"``); a card without art shows
    nothing, or the ``placeholder`` when one is asked for."""

    kind: Literal["image"]
    field: str = "art"
    src: str | None = None
    placeholder: Placeholder | None = None


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
