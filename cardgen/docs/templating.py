"""The jinja2 environment of the document templates (``cardgen/docs/templates``).

A pack may bring its own template folder (:attr:`Appendix.templates`), searched first, so it
can replace a template (its ``appendix.css``) or add one.  HTML and SVG templates are
autoescaped; markdown templates escape through the ``md`` filter.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from cardgen.docs.inline import code_spans
from cardgen.docs.rulebook import glued
from cardgen.util.resources import data_path

TEMPLATE_DIR = data_path("cardgen.docs", "templates")

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")


def md_escape(text: object) -> str:
    """Escape markdown syntax (and raw HTML) in a piece of text."""
    return _MD_SPECIAL.sub(r"\\\1", str(text)).replace("&", "&amp;")


def md_code(text: str) -> str:
    """Markdown text with ```code``` spans kept as code and the rest escaped."""
    return "".join(f"`{run}`" if code else md_escape(run) for run, code in code_spans(text))


def html_code(text: str) -> Markup:
    """HTML for text with ```code``` spans: escaped, code spans in ``<code>``."""
    return Markup("").join(
        Markup("<code>{}</code>").format(run) if code else escape(run)
        for run, code in code_spans(text)
    )


def html_text(text: str) -> Markup:
    """Escaped HTML text; non-breaking spaces written ``&#160;`` so the source shows them."""
    return Markup(str(escape(text)).replace("\u00a0", "&#160;"))


@cache
def environment(extra: tuple[Path, ...] = ()) -> Environment:
    """The environment searching the folders ``extra``, then the core's templates."""
    env = Environment(
        loader=ChoiceLoader(
            [*(FileSystemLoader(p) for p in extra), FileSystemLoader(TEMPLATE_DIR)]
        ),
        autoescape=select_autoescape(["html", "svg", "html.j2", "svg.j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )

    env.filters.update(
        md=md_escape, md_code=md_code, html_code=html_code, html_text=html_text, glued=glued
    )
    return env


def render(name: str, templates: Sequence[Path] = (), **context: object) -> str:
    """Render template ``NAME`` (from ``templates``, else the core's) with ``context``."""
    return environment(tuple(templates)).get_template(name).render(**context)
