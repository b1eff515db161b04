"""The jinja2 environment of the appendix templates (``templates/appendix``).

HTML and SVG templates are autoescaped; markdown templates escape through the ``md`` filter.
"""

from __future__ import annotations

import re
from functools import cache

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from cardgen.docs.text import code_spans
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


@cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATE_DIR),
        autoescape=select_autoescape(["html", "svg", "html.j2", "svg.j2"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    from cardgen.docs.rulebook import glued

    env.filters.update(md=md_escape, md_code=md_code, html_code=html_code, glued=glued)
    return env


def render(name: str, **context: object) -> str:
    """Render ``templates/appendix/NAME`` with ``context``."""
    return environment().get_template(name).render(**context)
