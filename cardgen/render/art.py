"""Card art: resolve a card's ``art`` path safely, or draw a deterministic placeholder."""

from __future__ import annotations

import hashlib
import io
import math
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from PIL import Image
from reportlab.lib.utils import ImageReader

from cardgen.diagnostics import Diagnostic, DiagnosticError, Position
from cardgen.render.colours import darken, lighten, mix
from cardgen.render.geometry import Box
from cardgen.util.files import FileTooLarge, NotARegularFile, describe_os_error, read_input_file

#: the image formats art may be in (Pillow's names): raster images Pillow decodes itself
#: (EPS and PDF are refused: Pillow hands them to Ghostscript)
ART_FORMATS = ("PNG", "JPEG", "WEBP", "GIF", "TIFF", "BMP")
#: the largest art file read, in bytes
MAX_ART_BYTES = 64 * 2**20
#: the largest art image, in pixels (a tarot card with bleed at 1200 dpi is 15 million)
MAX_ART_PIXELS = 50_000_000


@dataclass(frozen=True)
class ArtProblem:
    """Why a card's art cannot be used: a diagnostic code and message."""

    code: str
    message: str


def _shown(art: str) -> str:
    """An art path as a message shows it (a long one cut short)."""
    return repr(art if len(art) <= 80 else art[:60] + "…")


def _art_path(cards_dir: Path, art: str, project: Path | None) -> Path | ArtProblem:
    """The file an ``art`` path names, inside the project, or the problem with it."""
    import errno

    if Path(art).is_absolute():
        return ArtProblem("E403", f"art path {_shown(art)} is absolute; give it relative to cards/")
    try:
        cards_dir = cards_dir.resolve()
        root = (project or cards_dir.parent).resolve()
        path = (cards_dir / art).resolve()
    except RuntimeError:  # Python 3.11 on a symlink loop
        return ArtProblem("E402", f"art file {_shown(art)} is a symlink loop")
    except (OSError, ValueError) as exc:
        why = "its path is too long" if getattr(exc, "errno", None) == errno.ENAMETOOLONG else exc
        return ArtProblem("E402", f"art file {_shown(art)} cannot be found: {why}")
    if not path.is_relative_to(root):
        return ArtProblem("E403", f"art {_shown(art)} points outside the project")
    return path


def open_art(path: Path) -> Image.Image:
    """The decoded image of an art file; raises ValueError saying why it cannot be printed
    (not a regular file, too large, not an image of :data:`ART_FORMATS`, past
    :data:`MAX_ART_PIXELS`, truncated or corrupt)."""
    from PIL import Image, UnidentifiedImageError

    try:
        data = read_input_file(path, max_bytes=MAX_ART_BYTES)
    except FileTooLarge as exc:
        raise ValueError(f"the file is {exc.size} bytes, over {MAX_ART_BYTES}") from None
    except NotARegularFile as exc:
        raise ValueError(str(exc)) from None
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise ValueError(describe_os_error(exc, path)) from None
    if data.lstrip()[:4] in (b"%!PS", b"\xc5\xd0\xd3\xc6"):
        raise ValueError("it is an EPS file: save it as PNG or JPEG")
    try:
        with warnings.catch_warnings():  # the pixel bound below is lower than Pillow's
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            im = Image.open(io.BytesIO(data), formats=ART_FORMATS)
    except Image.DecompressionBombError:
        raise ValueError(f"it has over {MAX_ART_PIXELS} pixels") from None
    except UnidentifiedImageError:
        raise ValueError(f"it is not an image of {', '.join(ART_FORMATS)}") from None
    except Exception as exc:  # Pillow raises many kinds for a broken header
        raise ValueError(f"a broken image ({type(exc).__name__})") from None
    w, h = im.size
    if w * h > MAX_ART_PIXELS:
        raise ValueError(f"{w}×{h} is {w * h} pixels, over {MAX_ART_PIXELS}")
    try:
        im.load()
    except Exception as exc:  # truncated or corrupt data
        raise ValueError(f"a broken image ({exc})") from None
    return im


def load_art(cards_dir: Path, art: str, project: Path | None = None) -> Image.Image | ArtProblem:
    """The decoded image of an ``art`` path (relative to ``cards_dir``), or the problem with it.

    The file must stay inside ``project`` (default: the parent of ``cards_dir``) and be an
    image :func:`open_art` decodes whole.
    """
    path = _art_path(cards_dir, art, project)
    if isinstance(path, ArtProblem):
        return path
    try:
        return open_art(path)
    except FileNotFoundError:
        return ArtProblem("E402", f"art file {_shown(art)} not found")
    except ValueError as exc:
        return ArtProblem("E402", f"art file {_shown(art)} is not a readable image: {exc}")


def resolve_art(cards_dir: Path, art: str, project: Path | None = None) -> Path | ArtProblem:
    """The file of an ``art`` path, or the problem with it (see :func:`load_art`)."""
    found = load_art(cards_dir, art, project)
    if isinstance(found, ArtProblem):
        return found
    found.close()
    return _art_path(cards_dir, art, project)


class ArtStore:
    """Resolved art images of a catalogue, each read once."""

    def __init__(
        self,
        cards_dir: Path,
        project: Path | None = None,
        cmyk: bool = False,
        separation: Any = None,
        fallback: Path | None = None,
    ):
        self.cards_dir = cards_dir
        self.project = project
        #: where a file not beside the game is looked for next (its pack's data folder)
        self.fallback = fallback
        self.cmyk = cmyk
        #: an ICC :class:`~cardgen.render.icc.Separation` the images go through to CMYK
        self.separation = separation
        self._images: dict[str, ImageReader] = {}

    def find(self, art: str) -> Path | ArtProblem:
        """The file of ``art``: relative to the catalogue folder, else to the pack's folder."""
        found = resolve_art(self.cards_dir, art, self.project)
        if isinstance(found, ArtProblem) and found.code == "E402" and self.fallback is not None:
            other = resolve_art(self.fallback, art, self.fallback)
            if not isinstance(other, ArtProblem) or "not found" not in other.message:
                return other
        return found

    def image(self, card_id: str, art: str) -> ImageReader:
        """The image for a card's art; raises DiagnosticError naming the card if unusable."""
        if art not in self._images:
            found = self.find(art)
            if isinstance(found, ArtProblem):
                raise DiagnosticError(
                    [Diagnostic(found.code, found.message, Position(str(self.cards_dir)), card_id)]
                )
            with open_art(found) as im:
                if self.separation is not None:
                    im = self.separation.image(im)
                else:
                    im = im.convert("CMYK" if self.cmyk else "RGB")
                im.load()
            self._images[art] = ImageReader(im)
        return self._images[art]


def draw_image_cover(c, img: ImageReader, box: Box) -> None:
    """Draw ``img`` filling ``box`` (cropped to the box, aspect kept, centred)."""
    iw, ih = img.getSize()
    scale = max(box.w / iw, box.h / ih)
    w, h = iw * scale, ih * scale
    c.saveState()
    p = c.beginPath()
    p.rect(box.x, box.y, box.w, box.h)
    c.clipPath(p, stroke=0, fill=0)
    c.drawImage(img, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)
    c.restoreState()


def _rand(seed: str):
    """A deterministic stream of floats in 0..1 from ``seed``."""
    counter = 0
    while True:
        digest = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(digest[i : i + 4], "big") / 2**32
        counter += 1


#: the backdrops a placeholder may draw (``scene:`` in a layout's placeholder)
Scene = Literal["hills", "wall", "waves", "fields", "rays", "tiles"]


def draw_placeholder(c, ink, box: Box, seed: str, colour: str, scene: Scene = "hills") -> None:
    """A backdrop tinted ``colour``, the same for the same ``seed``: ``hills`` under a sky, a
    battlemented ``wall``, ``waves`` of a sea, a patchwork of ``fields``, ``rays`` from a
    point or a lattice of ``tiles``; each a few dozen filled shapes at most."""
    r = _rand(seed)
    c.saveState()
    p = c.beginPath()
    p.rect(box.x, box.y, box.w, box.h)
    c.clipPath(p, stroke=0, fill=0)
    _SCENES[scene](c, ink, box, r, colour)
    c.restoreState()


def _sky(c, ink, box: Box, colour: str, bands: int = 6) -> None:
    sky_top, sky_low = lighten(colour, 0.55), lighten(colour, 0.8)
    for i in range(bands):
        c.setFillColor(ink(mix(sky_low, sky_top, i / (bands - 1))))
        c.rect(box.x, box.y + box.h * i / bands, box.w, box.h / bands + 0.5, stroke=0, fill=1)


def _hills(c, ink, box: Box, r: Iterator[float], colour: str) -> None:
    _sky(c, ink, box, colour)
    for layer in range(3):
        shade = darken(mix(colour, "#5E7F3A", 0.35), 0.1 + 0.22 * layer)
        base = box.y + box.h * (0.45 - 0.15 * layer)
        c.setFillColor(ink(shade))
        p = c.beginPath()
        p.moveTo(box.x, box.y)
        n = 4 + layer
        p.lineTo(box.x, base + box.h * 0.1 * next(r))
        for k in range(1, n + 1):
            x1 = box.x + box.w * (k - 0.5) / n
            x2 = box.x + box.w * k / n
            y1, y2, y3 = (
                box.h * (0.1 + 0.25 * next(r)),
                box.h * 0.2 * next(r),
                box.h * 0.12 * next(r),
            )
            p.curveTo(x1, base + y1, x1, base + y2, x2, base + y3)
        p.lineTo(box.x + box.w, box.y)
        p.close()
        c.drawPath(p, stroke=0, fill=1)


def _wall(c, ink, box: Box, r: Iterator[float], colour: str) -> None:
    """Courses of stones under battlements, against a sky."""
    _sky(c, ink, box, colour, bands=3)
    rows, top = 5, box.y + box.h * (0.62 + 0.1 * next(r))
    row = (top - box.y) / rows
    merlon = box.w / (7 + round(4 * next(r)))
    c.setFillColor(ink(darken(colour, 0.45)))  # the mortar: the wall's body and its merlons
    c.rect(box.x, box.y, box.w, top - box.y, stroke=0, fill=1)
    for k in range(0, int(box.w / merlon) + 1, 2):
        c.rect(box.x + k * merlon, top - 0.5, merlon, row * 0.9, stroke=0, fill=1)
    gap = min(row * 0.12, 1.2)
    for j in range(rows):
        y, x = box.y + j * row, box.x - (row * 0.9 if j % 2 else 0)
        while x < box.x2:
            w = row * (1.6 + 0.9 * next(r))
            c.setFillColor(ink(mix(darken(colour, 0.05), darken(colour, 0.3), next(r))))
            c.rect(x + gap / 2, y + gap / 2, w - gap, row - gap, stroke=0, fill=1)
            x += w


def _waves(c, ink, box: Box, r: Iterator[float], colour: str) -> None:
    """Rows of swells of a sea up to a high horizon, crests light and troughs dark."""
    _sky(c, ink, box, colour, bands=2)
    sea, rows = mix(colour, "#2F5F8F", 0.5), 7
    for layer in range(rows):
        base = box.y + box.h * (0.78 - 0.78 * (layer + 1) / rows)
        light = layer % 2 == 0
        c.setFillColor(ink(lighten(sea, 0.35) if light else darken(sea, 0.1 + 0.06 * layer)))
        n, phase = 5 + layer, next(r)
        step = box.w / n
        crest = box.h * 0.78 / rows * (0.9 if light else 0.6)
        p = c.beginPath()
        p.moveTo(box.x - step, box.y)
        p.lineTo(box.x - step, base)
        for k in range(n + 2):
            x0 = box.x - step * (1 - phase) + k * step
            p.curveTo(
                x0 + step * 0.25, base + crest, x0 + step * 0.5, base + crest, x0 + step, base
            )
        p.lineTo(box.x2 + step, box.y)
        p.close()
        c.drawPath(p, stroke=0, fill=1)


def _fields(c, ink, box: Box, r: Iterator[float], colour: str) -> None:
    """A patchwork of fields, some ploughed in furrows, below a sky."""
    _sky(c, ink, box, colour, bands=3)
    horizon = box.y + box.h * (0.62 + 0.1 * next(r))
    rows = 3
    shades = [mix(colour, "#D2B04C", 0.7), mix(colour, "#6E8B3D", 0.7), mix(colour, "#8A6A3A", 0.6)]
    c.setStrokeColor(ink(darken(mix(colour, "#4F6B2F", 0.6), 0.2)))  # the hedges
    y = horizon
    for j in range(rows):
        h = (horizon - box.y) * (0.22 + 0.12 * j) / 0.9
        x = box.x
        while x < box.x2:
            w = box.w * (0.18 + 0.22 * next(r))
            shade = shades[int(next(r) * len(shades)) % len(shades)]
            c.setFillColor(ink(shade))
            c.setLineWidth(1.2)
            c.rect(x, y - h, w, h, stroke=1, fill=1)
            if next(r) < 0.5:  # furrows
                c.saveState()
                c.setStrokeColor(ink(darken(shade, 0.25)))
                c.setLineWidth(0.6)
                for f in range(1, 4):
                    c.line(x + 1.5, y - h * f / 4, x + w - 1.5, y - h * f / 4)
                c.restoreState()
            x += w
        y -= h
    c.setFillColor(ink(darken(colour, 0.35)))
    c.rect(box.x, box.y, box.w, max(y - box.y, 0), stroke=0, fill=1)


def _rays(c, ink, box: Box, r: Iterator[float], colour: str) -> None:
    """Rays from a point, as on a herald's field."""
    c.setFillColor(ink(lighten(colour, 0.5)))
    c.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
    cx = box.x + box.w * (0.4 + 0.2 * next(r))
    cy = box.y + box.h * (0.4 + 0.2 * next(r))
    n, turn, reach = 16, next(r) * math.tau, box.w + box.h
    c.setFillColor(ink(lighten(colour, 0.3)))
    for k in range(0, n, 2):
        a, b = turn + math.tau * k / n, turn + math.tau * (k + 1) / n
        p = c.beginPath()
        p.moveTo(cx, cy)
        p.lineTo(cx + reach * math.cos(a), cy + reach * math.sin(a))
        p.lineTo(cx + reach * math.cos(b), cy + reach * math.sin(b))
        p.close()
        c.drawPath(p, stroke=0, fill=1)


def _tiles(c, ink, box: Box, r: Iterator[float], colour: str) -> None:
    """A lattice of lozenges in two shades, its size by the seed."""
    c.setFillColor(ink(lighten(colour, 0.55)))
    c.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
    step = box.h / (3 + round(2 * next(r)))
    c.setFillColor(ink(lighten(colour, 0.3)))
    for j in range(int(2 * box.h / step) + 2):
        for i in range(int(box.w / step) + 2):
            x = box.x + i * step + (step / 2 if j % 2 else 0)
            y = box.y + j * step / 2
            p = c.beginPath()
            p.moveTo(x, y - step / 4)
            p.lineTo(x + step / 4, y)
            p.lineTo(x, y + step / 4)
            p.lineTo(x - step / 4, y)
            p.close()
            c.drawPath(p, stroke=0, fill=1)


_SCENES: dict[str, Callable[..., None]] = {
    "hills": _hills,
    "wall": _wall,
    "waves": _waves,
    "fields": _fields,
    "rays": _rays,
    "tiles": _tiles,
}


def draw_sun(c, ink, box: Box, seed: str) -> None:
    """A sun placed by ``seed`` in the upper sky of a placeholder: every card's differs."""
    r = _rand(seed)
    x = box.x + box.w * (0.12 + 0.76 * next(r))
    y = box.y + box.h * (0.66 + 0.18 * next(r))
    c.setFillColor(ink(lighten("#F2C230", 0.3)))
    c.circle(x, y, box.h * (0.07 + 0.05 * next(r)), stroke=0, fill=1)
