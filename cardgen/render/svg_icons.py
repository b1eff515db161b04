"""Icons drawn from SVG files: ``<name>.svg`` with viewBox ``0 0 100 100`` in a list of folders.

A designer draws an icon in Inkscape and saves it as plain SVG; the cards print it as vectors.
svglib converts the file into a reportlab drawing, and reportlab's ``renderPDF`` draws that
drawing onto a recording canvas: the calls it makes (paths, rectangles, colours, transforms)
are the icon's *program*, replayed onto the real canvas in every document that shows the icon.
Replaying re-inks as it goes: every colour goes through the output's
:class:`~cardgen.render.colours.Ink` (CMYK for print) and, for a faded icon, is first mixed
towards white.  Programs are kept in the cache store (:class:`cardgen.util.store.Store`)
keyed by the file's bytes, so a render whose icons did not change imports neither svglib nor
``reportlab.graphics`` (importing them costs about a third of a second, a quarter of a
160-card render).

Folders are searched in order: a catalogue's own ``icons/`` (designers' icons) before the
pack's.  A missing file (E404) or one that is not a usable icon (E405: not well-formed XML, not
``<svg>``, another viewBox, nothing drawn, text or images) is an :class:`IconProblem`;
:meth:`SvgIcons.paint` raises it as an :class:`IconError` (a
:class:`~cardgen.diagnostics.DiagnosticError`), and the print preflight reports it, with the
cards that print the icon, before anything is drawn.
"""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from cardgen.catalogue.icon_tokens import ICON_FOLDER
from cardgen.catalogue.loader import display_path
from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.render.colours import Ink, mix, rgb_hex
from cardgen.util.files import FileTooLarge, NotARegularFile, describe_os_error, read_input_file
from cardgen.util.hashing import digest_bytes
from cardgen.util.limits import (
    MAX_ICON_NUMBER,
    MAX_SVG_BYTES,
    MAX_SVG_DRAWN,
    MAX_SVG_ELEMENTS,
)
from cardgen.util.store import Store

if TYPE_CHECKING:
    from cardgen.pack import Pack

__all__ = [
    "ICON_FOLDER",
    "IconError",
    "IconProblem",
    "InvalidIcon",
    "SvgIcons",
    "compile_svg",
    "icon_folders",
]

#: the only viewBox an icon file may have: icons are drawn into a 0..100 square
VIEWBOX = (0.0, 0.0, 100.0, 100.0)
#: how a faded icon (a power printed as "-") is washed out: each colour this far to white
FADE = 0.62
#: bump when the program format changes (old cache entries are then never read)
FORMAT = 5
#: what ``currentColor`` is recorded as (the icon's ``color``, unless the file sets one): a
#: layout's icon colour replaces it, and black does when none is given, as SVG's default
CURRENT = "#FE01FD"

Op = list[Any]  # ["name", *args]: one recorded canvas call
DRAWING_OPS = frozenset({"path", "rect", "roundRect", "circle", "ellipse", "line"})
PATH_METHODS = frozenset(
    {"moveTo", "lineTo", "curveTo", "close", "arc", "arcTo", "rect", "ellipse", "circle"}
)
#: what an SVG may hold that the cards cannot print, by the canvas call that draws it
UNSUPPORTED = {
    "drawString": "text (convert it to a path: Inkscape's Path > Object to Path)",
    "drawInlineImage": "an embedded image (draw it as vector shapes)",
    "drawImage": "an embedded image (draw it as vector shapes)",
    "linearGradient": "a gradient (use flat colours)",
    "radialGradient": "a gradient (use flat colours)",
    "shade": "a gradient (use flat colours)",
}


@dataclass(frozen=True)
class IconProblem:
    """Why icon ``name`` cannot be drawn: E404 (no file) or E405 (the file is no icon)."""

    code: str
    name: str
    path: Path
    message: str
    line: int = 0
    column: int = 0

    def diagnostic(self, card: str | None = None, users: Sequence[str] = ()) -> Diagnostic:
        """The problem as a diagnostic at the SVG file, naming the cards that print the icon."""
        message = self.message
        if users:
            shown = ", ".join(users[:5])
            more = f" and {len(users) - 5} more" if len(users) > 5 else ""
            message += f"; printed by {shown}{more}"
        position = Position(display_path(self.path), self.line, self.column)
        return Diagnostic(self.code, message, position, card)


class IconError(DiagnosticError):
    """An icon that cannot be drawn, as the diagnostic of its :class:`IconProblem`."""

    def __init__(self, problem: IconProblem):
        self.problem = problem
        super().__init__([problem.diagnostic()])

    def __reduce__(self) -> Any:
        return (IconError, (self.problem,))


class InvalidIcon(ValueError):
    """An SVG file that is not a usable icon (why, and where in the file)."""

    def __init__(self, message: str, line: int = 0, column: int = 0):
        super().__init__(message)
        self.message, self.line, self.column = message, line, column


# --- compiling: SVG -> svglib drawing -> renderPDF's canvas calls --------------------------------
class _Unsupported(Exception):
    pass


class _PathRecorder:
    """Stands in for a canvas path object: keeps the segments."""

    def __init__(self) -> None:
        self.ops: list[Op] = []

    def __getattr__(self, name: str) -> Any:
        if name not in PATH_METHODS:
            raise _Unsupported(name)
        return lambda *args: self.ops.append([name, *args])


def _hex(colour: Any) -> str:
    return rgb_hex(tuple(colour.rgb()))


class _Recorder:
    """Stands in for a reportlab canvas while ``renderPDF`` draws a drawing: keeps the calls,
    with each colour as ``#RRGGBB`` and its alpha."""

    def __init__(self) -> None:
        self.__dict__.update(ops=[], _fontname="Helvetica", _fontsize=10)

    def _add(self, *op: Any) -> None:
        self.ops.append(list(op))

    def __getattr__(self, name: str) -> Any:
        raise _Unsupported(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "_fillMode":
            self._add("fillMode", value)
        else:
            self.__dict__[name] = value

    def saveState(self) -> None:
        self._add("q")

    def restoreState(self) -> None:
        self._add("Q")

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self._add("cm", a, b, c, d, e, f)

    def translate(self, dx: float, dy: float) -> None:
        self._add("cm", 1, 0, 0, 1, dx, dy)

    def setFillColor(self, colour: Any, alpha: float | None = None) -> None:
        self._add("fill", _hex(colour), alpha if alpha is not None else colour.alpha)

    def setStrokeColor(self, colour: Any, alpha: float | None = None) -> None:
        self._add("stroke", _hex(colour), alpha if alpha is not None else colour.alpha)

    def setFillAlpha(self, alpha: float) -> None:
        self._add("fillAlpha", alpha)

    def setStrokeAlpha(self, alpha: float) -> None:
        self._add("strokeAlpha", alpha)

    def setLineWidth(self, width: float) -> None:
        self._add("lineWidth", width)

    def setFont(self, name: str, size: float) -> None:
        pass  # renderPDF sets the default font; text itself is refused (drawString)

    def setFillOverprint(self, on: bool) -> None:
        if on:  # renderPDF sets every default; a PDF starts with overprint off
            self._add("fillOverprint", True)

    def setStrokeOverprint(self, on: bool) -> None:
        if on:
            self._add("strokeOverprint", True)

    def setOverprintMask(self, mask: int) -> None:
        if mask:
            self._add("overprintMask", mask)

    def setLineCap(self, cap: int) -> None:
        self._add("lineCap", cap)

    def setLineJoin(self, join: int) -> None:
        self._add("lineJoin", join)

    def setDash(self, array: Any = (), phase: float = 0) -> None:
        self._add("dash", list(array) if isinstance(array, list | tuple) else [array], phase)

    def beginPath(self) -> _PathRecorder:
        return _PathRecorder()

    def drawPath(self, path: _PathRecorder, stroke: int = 1, fill: int = 0, fillMode=None):
        self._add("path", path.ops, stroke, fill, fillMode)

    def clipPath(self, path: _PathRecorder, stroke: int = 1, fill: int = 0, fillMode=None):
        self._add("clip", path.ops, stroke, fill, fillMode)

    def rect(self, x, y, w, h, stroke: int = 1, fill: int = 0) -> None:
        self._add("rect", x, y, w, h, stroke, fill)

    def roundRect(self, x, y, w, h, radius, stroke: int = 1, fill: int = 0) -> None:
        self._add("roundRect", x, y, w, h, radius, stroke, fill)

    def circle(self, x, y, r, stroke: int = 1, fill: int = 0) -> None:
        self._add("circle", x, y, r, stroke, fill)

    def ellipse(self, x1, y1, x2, y2, stroke: int = 1, fill: int = 0) -> None:
        self._add("ellipse", x1, y1, x2, y2, stroke, fill)

    def line(self, x1, y1, x2, y2) -> None:
        self._add("line", x1, y1, x2, y2)


def _svg_root(data: bytes) -> Any:
    """The checked ``<svg>`` element of an icon file (no entities, no network)."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        line, column = exc.position
        why = re.sub(r",? line \d+, column \d+$", "", exc.msg or "")
        raise InvalidIcon(f"not well-formed XML: {why}", line, column) from None
    if etree.QName(root).localname != "svg":
        raise InvalidIcon(f"the root element is <{etree.QName(root).localname}>, not <svg>")
    box = root.get("viewBox")
    if box is None:
        raise InvalidIcon('no viewBox: an icon needs viewBox="0 0 100 100"', root.sourceline)
    try:
        values = tuple(float(v) for v in box.replace(",", " ").split())
    except ValueError:
        values = ()
    if values != VIEWBOX:
        raise InvalidIcon(f'viewBox is "{box}", not "0 0 100 100"', root.sourceline)
    elements = [el for el in root.iter() if isinstance(el.tag, str)]
    if len(elements) > MAX_SVG_ELEMENTS:
        raise InvalidIcon(f"it has {len(elements)} elements, over {MAX_SVG_ELEMENTS}")
    for el in elements:
        if etree.QName(el).localname == "image":
            raise InvalidIcon(f"it holds {UNSUPPORTED['drawImage']}", el.sourceline)
        for attr, value in el.attrib.items():
            if etree.QName(attr).localname == "href" and not value.startswith("#"):
                raise InvalidIcon(f"it links to another file ({value[:80]})", el.sourceline)
    drawn = _drawn_elements(root, elements)
    if drawn > MAX_SVG_DRAWN:
        raise InvalidIcon(
            f"its <use> elements expand to over {MAX_SVG_DRAWN} elements (nested <use>)"
        )
    return root


def _href(el: Any) -> str | None:
    """The ``#id`` a ``<use>`` refers to (``href`` or ``xlink:href``), without the ``#``."""
    for attr, value in el.attrib.items():
        if attr.rpartition("}")[2] == "href" and value.startswith("#"):
            return value[1:]
    return None


def _drawn_elements(root: Any, elements: list[Any]) -> int:
    """How many elements the drawing holds once every ``<use>`` is replaced by what it refers
    to (capped just past :data:`MAX_SVG_DRAWN`); raises :class:`InvalidIcon` for a ``<use>``
    inside what it refers to (svglib would expand it forever)."""
    ids = {el.get("id"): el for el in elements if el.get("id")}

    def parts(el: Any) -> list[Any]:
        out = [c for c in el if isinstance(c.tag, str)]
        target = ids.get(_href(el)) if el.tag.rpartition("}")[2] == "use" else None
        return [*out, target] if target is not None else out

    size: dict[Any, int] = {}
    open_: set[Any] = set()  # the elements being counted: those holding the current one
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:  # depth first, without recursion (a chain of <use> may be long)
        el, counted = stack.pop()
        if counted:
            open_.discard(el)
            size[el] = min(MAX_SVG_DRAWN + 1, 1 + sum(size[p] for p in parts(el)))
            continue
        if el in size:
            continue
        open_.add(el)
        stack.append((el, True))
        for part in parts(el):
            if part in open_:
                raise InvalidIcon("a <use> refers to an element holding it", el.sourceline)
            if part not in size:
                stack.append((part, False))
    return size[root]


def _bounded(ops: list[Op]) -> None:
    """Raise :class:`InvalidIcon` when a number of a drawing program is not finite or beyond
    :data:`MAX_ICON_NUMBER` (a PDF cannot hold it)."""
    import math

    todo: list[Any] = [ops]
    while todo:
        item = todo.pop()
        if isinstance(item, list | tuple):
            todo.extend(item)
        elif isinstance(item, float | int) and not (
            isinstance(item, bool) or (math.isfinite(item) and abs(item) <= MAX_ICON_NUMBER)
        ):
            raise InvalidIcon(
                f"a coordinate, size or scale of {item:g} is beyond ±{MAX_ICON_NUMBER:g}"
            )


def compile_svg(data: bytes) -> list[Op]:
    """The drawing program of an icon file's bytes: the canvas calls drawing it into the
    0..100 square.  Raises :class:`InvalidIcon`."""
    from lxml import etree

    root = _svg_root(data)
    for attr in ("width", "height"):  # the viewBox alone sizes the icon
        root.attrib.pop(attr, None)
    if root.get("color") is None:
        root.set("color", CURRENT)
    import logging  # only when compiling (importing it costs a render 10 ms)

    from reportlab.graphics import renderPDF
    from svglib.svglib import svg2rlg

    log = logging.getLogger("svglib")
    level = log.level
    log.setLevel(logging.CRITICAL)  # svglib's warnings are not the user's
    try:
        drawing = svg2rlg(io.BytesIO(etree.tostring(root)))
        if drawing is None or not drawing.width or not drawing.height:
            raise InvalidIcon("svglib could not read it")
        recorder = _Recorder()
        renderPDF.draw(drawing, recorder, 0, 0, showBoundary=False)
    except _Unsupported as exc:
        what = UNSUPPORTED.get(str(exc), f"something the cards cannot print ({exc})")
        raise InvalidIcon(f"it holds {what}") from None
    except InvalidIcon:
        raise
    except Exception as exc:  # svglib's own failures on odd input: a diagnostic, no traceback
        raise InvalidIcon(f"svglib could not convert it ({type(exc).__name__}: {exc})") from None
    finally:
        log.setLevel(level)
    if not any(_draws(op) for op in recorder.ops):
        raise InvalidIcon("nothing is drawn (no filled or stroked shape)")
    scale = [100 / drawing.width, 0, 0, 100 / drawing.height, 0, 0]
    ops = [["q"], ["cm", *scale], *recorder.ops, ["Q"]]
    _bounded(ops)
    return lean(ops)


#: the graphics-state setting each call changes (a colour sets its alpha too)
_SETS = {
    "fill": ("fill", "fillAlpha"),
    "stroke": ("stroke", "strokeAlpha"),
    **{k: (k,) for k in ("fillAlpha", "strokeAlpha", "lineWidth", "lineCap", "lineJoin", "dash")},
    **{k: (k,) for k in ("fillMode", "fillOverprint", "strokeOverprint", "overprintMask")},
}


def _effect(op: Op) -> dict[str, Any]:
    if op[0] in ("fill", "stroke"):
        return {op[0]: op[1], op[0] + "Alpha": 1 if op[2] is None else op[2]}
    return {op[0]: op[1] if len(op) == 2 else op[1:]}


def lean(ops: list[Op]) -> list[Op]:
    """``ops`` without what changes nothing: identity transforms, settings to the value the
    graphics state already has or that nothing draws with (renderPDF sets every one for every
    shape), ``q Q`` pairs around no change of state, transforms in a row made one."""
    before = None
    while ops != before:
        before = ops
        ops = _merged_transforms(_needed_saves(_live_settings(_changes(ops))))
    return ops


def _changes(ops: list[Op]) -> list[Op]:
    """Without identity transforms, settings to the current value, empty ``q Q``."""
    out: list[Op] = []
    state: dict[str, Any] = {}
    stack: list[dict[str, Any]] = []
    for op in ops:
        name = op[0]
        if name == "q":
            stack.append(dict(state))
        elif name == "Q":
            state = stack.pop()
            if out and out[-1] == ["q"]:
                out.pop()
                continue
        elif name == "cm" and op[1:] == [1, 0, 0, 1, 0, 0]:
            continue
        elif name in _SETS:
            effect = _effect(op)
            if all(state.get(k, _UNSET) == v for k, v in effect.items()):
                continue
            state.update(effect)
        out.append(op)
    return out


_UNSET = object()
_STATE_OPS = frozenset({*_SETS, "cm", "clip"})
_PAINTS = DRAWING_OPS | {"clip"}


_STROKE_KEYS = frozenset(
    {"stroke", "strokeAlpha", "lineWidth", "lineCap", "lineJoin", "dash", "strokeOverprint"}
)
_FILL_KEYS = frozenset({"fill", "fillAlpha", "fillMode", "fillOverprint"})


def _uses(op: Op) -> frozenset[str]:
    """The settings a painting call uses: the stroke's if it strokes, the fill's if it fills."""
    if op[0] == "clip":
        return _STROKE_KEYS | _FILL_KEYS | {"overprintMask"}
    if op[0] == "line":
        stroke, fill = True, False
    elif op[0] == "path":
        stroke, fill = bool(op[2]), bool(op[3])
    else:
        stroke, fill = bool(op[-2]), bool(op[-1])
    keys = (_STROKE_KEYS if stroke else frozenset()) | (_FILL_KEYS if fill else frozenset())
    return keys | {"overprintMask"}


def _live_settings(ops: list[Op]) -> list[Op]:
    """Without settings that no drawing uses: overwritten, or their ``Q`` reached, first."""

    def used(i: int) -> bool:
        keys = set(_effect(ops[i]))
        hidden = [False]  # per open scope: whether a later setting hides this one there
        for op in ops[i + 1 :]:
            if op[0] == "q":
                hidden.append(hidden[-1])
            elif op[0] == "Q":
                hidden.pop()
                if not hidden:
                    return False
            elif op[0] in _PAINTS and not hidden[-1] and keys & _uses(op):
                return True
            elif op[0] in _SETS and keys <= set(_effect(op)):
                if len(hidden) == 1:
                    return False
                hidden[-1] = True
        return False

    return [op for i, op in enumerate(ops) if op[0] not in _SETS or used(i)]


def _matches(ops: list[Op]) -> dict[int, int]:
    """The index of each ``q``'s ``Q``."""
    out, open_ = {}, []
    for i, op in enumerate(ops):
        if op[0] == "q":
            open_.append(i)
        elif op[0] == "Q":
            out[open_.pop()] = i
    return out


def _needed_saves(ops: list[Op]) -> list[Op]:
    """Without ``q Q`` pairs (but the outermost) that change no state directly inside."""
    matches, drop = _matches(ops), set()
    for i, j in matches.items():
        if i == 0:
            continue
        depth, changes = 0, False
        for op in ops[i + 1 : j]:
            if op[0] == "q":
                depth += 1
            elif op[0] == "Q":
                depth -= 1
            elif depth == 0 and op[0] in _STATE_OPS:
                changes = True
                break
        if not changes:
            drop |= {i, j}
    return [op for k, op in enumerate(ops) if k not in drop]


def _merged_transforms(ops: list[Op]) -> list[Op]:
    """Two ``cm`` in a row as one."""
    out: list[Op] = []
    for op in ops:
        if op[0] == "cm" and out and out[-1][0] == "cm":
            a1, b1, c1, d1, e1, f1 = out[-1][1:]
            a2, b2, c2, d2, e2, f2 = op[1:]
            out[-1] = [
                "cm",
                a2 * a1 + b2 * c1,
                a2 * b1 + b2 * d1,
                c2 * a1 + d2 * c1,
                c2 * b1 + d2 * d1,
                e2 * a1 + f2 * c1 + e1,
                e2 * b1 + f2 * d1 + f1,
            ]
        else:
            out.append(op)
    return out


def _draws(op: Op) -> bool:
    """Whether a recorded call paints anything (a line, or a filled or stroked shape)."""
    if op[0] == "line":
        return True
    if op[0] == "path":
        return bool(op[2] or op[3])
    return op[0] in DRAWING_OPS and bool(op[-1] or op[-2])


@cache
def _key_salt() -> bytes:
    """The program format and the installed svglib (its converter's size and time: finding the
    file imports nothing, asking its version would cost more than the render's icons)."""
    from importlib.util import find_spec

    spec = find_spec("svglib")
    where = Path(spec.origin).with_name("svglib.py") if spec and spec.origin else None
    st = where.stat() if where is not None and where.is_file() else None
    return f"{FORMAT} svglib {st and (st.st_size, st.st_mtime_ns)}\n".encode()


_PROGRAMS: dict[str, list[Op]] = {}  # parse once per process


def _well_formed(ops: Any) -> bool:
    return isinstance(ops, list) and all(isinstance(op, list) and op for op in ops)


def program(data: bytes) -> list[Op]:
    """The program of an icon file's bytes, from this process, the cache, or compiled."""
    key = digest_bytes(_key_salt() + data)
    ops = _PROGRAMS.get(key)
    if ops is not None:
        return ops
    # the same program as the cache holds (JSON)
    ops = Store("icons").keep(key, lambda: json.loads(json.dumps(compile_svg(data))), _well_formed)
    _PROGRAMS[key] = ops
    return ops


# --- the drawing's width -------------------------------------------------------------------------
Matrix = tuple[float, float, float, float, float, float]


def _then(t: Matrix, m: Matrix) -> Matrix:
    """The transform ``m`` applied inside ``t`` (PDF's ``cm``)."""
    a, b, c, d, e, f = t
    return (
        a * m[0] + c * m[1],
        b * m[0] + d * m[1],
        a * m[2] + c * m[3],
        b * m[2] + d * m[3],
        a * m[4] + c * m[5] + e,
        b * m[4] + d * m[5] + f,
    )


def _op_box(op: Op) -> tuple[float, float, float, float] | None:
    """The box ``(x1, y1, x2, y2)`` a drawing call covers in its own coordinates."""
    name, args = op[0], op[1:]
    if name == "path":
        pts = [v for seg in args[0] for v in seg[1:] if isinstance(v, int | float)]
        xs, ys = pts[0::2], pts[1::2]
        return (min(xs), min(ys), max(xs), max(ys)) if xs and ys else None
    if name in ("rect", "roundRect"):
        x, y, w, h = args[:4]
        return (min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h))
    if name == "circle":
        cx, cy, r = args[:3]
        return (cx - r, cy - r, cx + r, cy + r)
    if name in ("ellipse", "line"):
        x1, y1, x2, y2 = args[:4]
        return (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
    return None


def ink_extent(ops: list[Op]) -> tuple[float, float]:
    """The part of its square's width an icon's drawing covers, as fractions ``(left, right)``
    (strokes included); ``(0, 1)`` when it cannot tell."""
    left, _bottom, right, _top = ink_bounds(ops)
    return (left, right)


def ink_bounds(ops: list[Op]) -> tuple[float, float, float, float]:
    """The part of its square an icon's drawing covers, as fractions ``(left, bottom, right,
    top)`` of its side, y up (strokes included); the whole square when it cannot tell."""
    t: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    stack: list[tuple[Matrix, float]] = []
    width, lo, hi = 0.0, float("inf"), float("-inf")
    bottom, top = float("inf"), float("-inf")
    for op in ops:
        name = op[0]
        if name == "q":
            stack.append((t, width))
        elif name == "Q" and stack:
            t, width = stack.pop()
        elif name == "cm":
            t = _then(t, tuple(float(v) for v in op[1:7]))  # type: ignore[arg-type]
        elif name == "lineWidth":
            width = float(op[1])
        elif _draws(op):
            box = _op_box(op)
            if box is None:
                return (0.0, 0.0, 1.0, 1.0)
            x1, y1, x2, y2 = box
            half = width / 2 * abs(t[0] * t[3] - t[1] * t[2]) ** 0.5
            for x, y in ((x1, y1), (x1, y2), (x2, y1), (x2, y2)):
                px = t[0] * x + t[2] * y + t[4]
                py = t[1] * x + t[3] * y + t[5]
                lo, hi = min(lo, px - half), max(hi, px + half)
                bottom, top = min(bottom, py - half), max(top, py + half)
    if hi < lo:
        return (0.0, 0.0, 1.0, 1.0)
    return (max(0.0, lo / 100), max(0.0, bottom / 100), min(1.0, hi / 100), min(1.0, top / 100))


# --- replaying -----------------------------------------------------------------------------------
def _path(c: Canvas, segments: list[Op]) -> Any:
    p = c.beginPath()
    for name, *args in segments:
        getattr(p, name)(*args)
    return p


def uses_current(ops: Iterable[Op]) -> bool:
    """Whether a program draws anything in ``currentColor``."""
    return any(op[0] in ("fill", "stroke") and op[1] == CURRENT for op in ops)


def replay(
    c: Canvas, ops: Iterable[Op], ink: Ink, faded: bool = False, tint: str | None = None
) -> None:
    """Draw a program onto ``c``, every colour through ``ink`` as line art (an icon is small:
    its black is 100 % K in CMYK), and mixed to white if faded.  ``tint`` is its
    ``currentColor``; an icon that has none is drawn all in ``tint``."""
    ops = list(ops)
    whole = tint is not None and not uses_current(ops)

    def colour(hex_colour: str) -> Any:
        if whole or hex_colour == CURRENT:
            hex_colour = tint or "#000000"
        return ink.line(mix(hex_colour, "#FFFFFF", FADE) if faded else hex_colour)

    for name, *a in ops:
        if name == "q":
            c.saveState()
        elif name == "Q":
            c.restoreState()
        elif name == "cm":
            c.transform(*a)
        elif name in ("fill", "stroke"):
            (c.setFillColor if name == "fill" else c.setStrokeColor)(colour(a[0]))
            if a[1] is not None and a[1] != 1:
                (c.setFillAlpha if name == "fill" else c.setStrokeAlpha)(a[1])
        elif name == "fillAlpha":
            c.setFillAlpha(a[0])
        elif name == "strokeAlpha":
            c.setStrokeAlpha(a[0])
        elif name == "lineWidth":
            c.setLineWidth(a[0])
        elif name in ("fillOverprint", "strokeOverprint", "overprintMask"):
            getattr(c, "set" + name[0].upper() + name[1:])(a[0])
        elif name == "lineCap":
            c.setLineCap(a[0])
        elif name == "lineJoin":
            c.setLineJoin(a[0])
        elif name == "dash":
            c.setDash(a[0], a[1]) if a[0] else c.setDash()
        elif name == "fillMode":
            pass  # a path carries its own fill rule; a rect, circle or ellipse fills alike
        elif name in ("path", "clip"):
            draw = c.drawPath if name == "path" else c.clipPath
            draw(_path(c, a[0]), stroke=a[1], fill=a[2], fillMode=a[3])
        elif name == "line":
            c.line(*a)
        else:  # rect, roundRect, circle, ellipse: (*geometry, stroke, fill)
            getattr(c, name)(*a[:-2], stroke=a[-2], fill=a[-1])


# --- the icon set --------------------------------------------------------------------------------
def _read_icon(path: Path) -> bytes:
    """The bytes of an icon file: a regular file of at most :data:`MAX_SVG_BYTES`."""
    return read_input_file(path, max_bytes=MAX_SVG_BYTES)


def pack_icons(pack: Pack, rules: Any, bold_font: str, cards_dir: Path | None = None) -> Any:
    """The icon set of ``pack`` for a catalogue folder: the pack's own
    (:meth:`~cardgen.pack.Pack.icons`), else the SVG files of :func:`icon_folders`."""
    own = pack.print.icons(rules, bold_font, cards_dir)
    return own if own is not None else SvgIcons(icon_folders(pack.data, cards_dir))


def icon_folders(pack_data: Path, cards_dir: Path | None = None) -> list[Path]:
    """Where a catalogue's icons are looked for: its own ``icons/``, then the pack's."""
    own = [Path(cards_dir) / ICON_FOLDER] if cards_dir is not None else []
    return [*own, Path(pack_data) / ICON_FOLDER]


class SvgIcons:
    """The icons of a list of folders: ``name`` is the first ``<folder>/<name>.svg`` found."""

    def __init__(self, folders: Sequence[Path]):
        self.folders = tuple(Path(f) for f in folders)
        self._paths: dict[str, Path | None] = {}
        self._programs: dict[str, list[Op]] = {}
        self._extents: dict[str, tuple[float, float]] = {}

    def path(self, name: str) -> Path | None:
        """The file of icon ``name``, or None."""
        if name not in self._paths:  # the first that exists: a FIFO or folder there is E405
            found = (f / f"{name}.svg" for f in self.folders)
            self._paths[name] = next((p for p in found if os.path.lexists(p)), None)
        return self._paths[name]

    def __contains__(self, name: str) -> bool:
        return self.path(name) is not None

    def names(self) -> list[str]:
        """Every icon of the folders, by name."""
        folders = (f for f in self.folders if f.is_dir())
        return sorted({n[:-4] for f in folders for n in os.listdir(f) if n.endswith(".svg")})

    def missing(self, name: str) -> IconProblem:
        """The problem of icon ``name`` having no file."""
        where = " or ".join(display_path(f) + "/" for f in self.folders)
        first = self.folders[0] / f"{name}.svg" if self.folders else Path(f"{name}.svg")
        return IconProblem("E404", name, first, f"icon {{{name}}}: no {name}.svg in {where}")

    def problem(self, name: str) -> IconProblem | None:
        """Why icon ``name`` cannot be drawn, or None when it can."""
        try:
            self.program(name)
        except IconError as exc:
            return exc.problem
        return None

    def program(self, name: str) -> list[Op]:
        """The drawing program of icon ``name``; raises :class:`IconError` (E404, E405)."""
        if name in self._programs:
            return self._programs[name]
        path = self.path(name)
        if path is None:
            raise IconError(self.missing(name))
        try:
            self._programs[name] = program(_read_icon(path))
            return self._programs[name]
        except FileTooLarge as exc:
            why, line, column = f"the file is {exc.size} bytes, over {MAX_SVG_BYTES}", 0, 0
        except NotARegularFile as exc:
            why, line, column = str(exc), 0, 0
        except OSError as exc:
            why, line, column = f"unreadable ({describe_os_error(exc, path)})", 0, 0
        except InvalidIcon as exc:
            why, line, column = exc.message, exc.line, exc.column
        raise IconError(IconProblem("E405", name, path, f"icon {{{name}}}: {why}", line, column))

    def bounds(self, name: str) -> tuple[float, float, float, float]:
        """The part of its square icon ``name``'s drawing covers (:func:`ink_bounds`); the
        whole square for an icon that cannot be drawn."""
        try:
            return ink_bounds(self.program(name))
        except IconError:
            return (0.0, 0.0, 1.0, 1.0)

    def extent(self, name: str) -> tuple[float, float]:
        """The part of its square's width icon ``name``'s drawing covers (:func:`ink_extent`);
        the whole square for an icon that cannot be drawn.  Worked out once per icon: rich text
        asks for it at every size it tries."""
        found = self._extents.get(name)
        if found is None:
            try:
                found = ink_extent(self.program(name))
            except IconError:
                found = (0.0, 1.0)
            self._extents[name] = found
        return found

    def svg(self, name: str) -> bytes:
        """The SVG file of icon ``name``, byte for byte (for HTML); raises :class:`IconError`."""
        self.program(name)  # only a usable icon
        path = self.path(name)
        assert path is not None
        return _read_icon(path)

    def paint(
        self, c: Canvas, ink: Ink, name: str, faded: bool = False, tint: str | None = None
    ) -> None:
        """Draw icon ``name`` into the 0..100 square of the current transform.

        ``faded`` draws it washed out (every colour mixed towards white), without transparency;
        ``tint`` (``#RRGGBB``) is its ``currentColor``, or the colour of all of it when the
        file uses none.
        """
        replay(c, self.program(name), ink, faded, tint)
