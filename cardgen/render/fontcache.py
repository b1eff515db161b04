"""TrueType fonts read once per machine and embedded without repeated work.

What reportlab's ``extractInfo`` reads from a font (character map, widths, glyph positions,
names) is kept in a cache file, and the font programs and character maps a document embeds
are compressed once per process (the PDFs of one render embed the same subsets).

Reading the metrics of a large font takes reportlab 10–15 ms, every run, for every font; the
cache file is read in a third of that.  An entry is keyed by the font's bytes, the reportlab
version and :data:`VERSION`, so a changed font or reportlab reads the font again; a missing,
damaged or unwritable cache only costs that reading.  The folder is ``$CARDGEN_CACHE_DIR/fonts``,
else ``cardgen/fonts`` in the user's cache folder.

:class:`CachedTTFont` is reportlab's ``TTFont`` with such a face; it builds the font object as
``TTFont.__init__`` does (``tests/test_render_fontcache.py`` checks the two stay alike).
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import os
import zlib
from fnmatch import fnmatch
from functools import lru_cache
from pathlib import Path
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, ttfonts
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from cardgen.util.cache_dirs import cache_dir as shared_cache_dir

#: Bump when what an entry holds changes.
VERSION = 2
_PLAIN = (int, float, bool, str, bytes, type(None))


def cache_dir() -> Path:
    """Where font metrics are kept."""
    return shared_cache_dir("fonts")


def _key(data: bytes, char_info: int) -> str:
    h = hashlib.sha256(data)
    h.update(f"|{reportlab.Version}|{VERSION}|{char_info}".encode())
    return h.hexdigest()


def _marshallable(value: object) -> bool:
    """True if ``value`` is made of plain values only (marshal would silently change others)."""
    kind = type(value)
    if kind in _PLAIN:
        return True
    if kind in (list, tuple):
        return all(_marshallable(v) for v in value)
    if kind is dict:
        return all(_marshallable(k) and _marshallable(v) for k, v in value.items())
    return False


def _scale(units_per_em: int):
    """The glyph-unit → 1/1000 scale, as ``extractInfo`` makes it."""
    if units_per_em == 1000:
        return lambda x: x
    mult = 1000 / units_per_em
    return lambda x: x * mult


class CachedFace(TTFontFace):
    """A TrueType face whose metrics come from the cache when this font was read before.

    ``glyphToChar`` (used by reportlab only while it reads a font, and for shaping) is kept as
    glyph, character pairs and made into its dictionary when first asked for.
    """

    def __getattr__(self, name: str):
        pairs = self.__dict__.get("_glyph_chars")
        if name != "glyphToChar" or pairs is None:
            raise AttributeError(name)
        glyph_to_char: dict[int, list[int]] = {}
        for i in range(0, len(pairs), 2):
            glyph_to_char.setdefault(pairs[i], []).append(pairs[i + 1])
        self.glyphToChar = glyph_to_char
        del self._glyph_chars
        return glyph_to_char

    def extractInfo(self, charInfo=1):
        path = cache_dir() / f"{_key(self._ttf_data, charInfo)}.marshal"
        entry = _read(path)
        if entry is not None:
            self.__dict__.update(entry)
            self._pdfScale = _scale(self.unitsPerEm)
            return
        before = dict(self.__dict__)
        super().extractInfo(charInfo)
        found = {
            k: v
            for k, v in self.__dict__.items()
            if k != "_pdfScale" and (k not in before or v is not before[k])
        }
        names = {k: bytes(v) for k, v in found.items() if type(v) is TTFNameBytes}
        values = {k: v for k, v in found.items() if k not in names}
        if "glyphToChar" in values:
            chars = values.pop("glyphToChar")
            values["_glyph_chars"] = [n for g, cs in chars.items() for c in cs for n in (g, c)]
        if _marshallable(values):
            _write(path, marshal.dumps((names, values)))


def _read(path: Path) -> dict | None:
    """The attributes kept in ``path``, or None if there is no sound entry."""
    try:
        names, values = marshal.loads(path.read_bytes())
        if type(names) is not dict or type(values) is not dict or "unitsPerEm" not in values:
            return None
        return {**values, **{k: TTFNameBytes(raw) for k, raw in names.items()}}
    except (OSError, ValueError, EOFError, TypeError, AttributeError):
        return None


def _write(path: Path, data: bytes) -> None:
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)


class CachedTTFont(TTFont):
    """``TTFont(name, filename)`` whose face is a :class:`CachedFace`."""

    def __init__(self, name: str, filename: str):
        # what TTFont.__init__ does (validate=0, subfontIndex=0, defaults), with our face
        self.fontName = name
        self.face = CachedFace(filename)
        self.encoding = TTEncoding()
        self.state = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        unshaped = getattr(ttfonts, "unShapedFontGlob", ())
        self.shapable = not any(fnmatch(name, g) for g in unshaped)

    def addObjects(self, doc) -> None:
        """Add the font's subsets to ``doc`` (reportlab's objects), their streams compressed
        through :class:`_SharedStream`."""
        before = set(doc.idToObject)
        super().addObjects(doc)
        for name in doc.idToObject.keys() - before:
            obj = doc.idToObject[name]
            if type(obj) is PDFStream and obj.filters == [pdfdoc.PDFZCompress]:
                obj.__class__ = _SharedStream


@lru_cache(maxsize=128)
def _deflate(content: bytes | str) -> bytes:
    """``content`` compressed as reportlab's Flate filter compresses it."""
    return zlib.compress(content.encode("utf8") if isinstance(content, str) else content)


class _SharedStream(PDFStream):
    """A font stream whose compressed bytes are shared by every document embedding it."""

    def format(self, document) -> bytes:
        if "Filter" in self.dictionary.dict or self.filters != [pdfdoc.PDFZCompress]:
            return super().format(document)
        head = PDFDictionary(self.dictionary.dict.copy())
        head["Filter"] = PDFArray([PDFName(pdfdoc.PDFZCompress.pdfname)])
        return PDFStream(head, _deflate(self.content)).format(document)
