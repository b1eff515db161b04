"""Small text helpers shared by the gatherer and the writers: icon segments and code spans."""

from __future__ import annotations

import inspect
import re
from dataclasses import replace

from cardgen.catalogue.icon_tokens import TOKEN
from cardgen.docs.content import Segment

_CODE = re.compile(r"``?([^`]+)``?")


def segments(text: str, labels: dict[str, str]) -> tuple[Segment, ...]:
    """Split rules text into plain runs and ``{icon}`` tokens (labelled for screen readers)."""
    out: list[Segment] = []
    pos = 0
    for m in TOKEN.finditer(text):
        if m.start() > pos:
            out.append(Segment(text[pos : m.start()]))
        name = m.group(1)
        out.append(Segment(labels.get(name, name), icon=name))
        pos = m.end()
    if pos < len(text):
        out.append(Segment(text[pos:]))
    return tuple(out)


def inline(text: str, labels: dict[str, str] | None = None, **kw: object) -> tuple[Segment, ...]:
    """Text with ```code``` spans and ``{icon}`` tokens as segments; ``kw`` (``only``,
    ``style`` …) applies to every run."""
    out: list[Segment] = []
    for run, code in code_spans(text):
        if code:
            out.append(Segment(run, style="code", **kw))  # type: ignore[arg-type]
        else:
            out += [replace(s, **kw) for s in segments(run, labels or {})]  # type: ignore[arg-type]
    return tuple(out)


def plain(segs: tuple[Segment, ...]) -> str:
    """Rules text with every icon written as ``[name]`` (for plain-text formats)."""
    return "".join(f"[{s.icon}]" if s.icon else s.text for s in segs)


def docstring(obj: object) -> str:
    """An object's docstring as one paragraph, with ````code```` spans kept as ```code```."""
    doc = inspect.cleandoc(obj.__doc__ or "")
    return _CODE.sub(r"`\1`", " ".join(doc.split()))


def code_spans(text: str) -> list[tuple[str, bool]]:
    """Split text with ```code``` spans into ``(run, is_code)`` pairs."""
    parts = text.split("`")
    return [(p, i % 2 == 1) for i, p in enumerate(parts) if p]


def humanise(ident: str) -> str:
    """``gain_coins`` -> ``Gain coins``; ``score-token`` -> ``Score token``."""
    words = ident.replace("_", " ").replace("-", " ")
    return words[:1].upper() + words[1:]
