"""The rulebook as one HTML page: the rules, then the appendices (same icons and styles)."""

from __future__ import annotations

from dataclasses import replace

from cardgen.docs.charts import layout
from cardgen.docs.html import CHART_SIZE, symbols
from cardgen.docs.model import Appendix
from cardgen.docs.rulebook import Rulebook, grouped
from cardgen.docs.templating import render


def render_rulebook_html(rulebook: Rulebook, appendix: Appendix) -> str:
    """The rulebook followed by the appendices; icons and charts are inline SVG."""
    appendix = replace(appendix, icon_labels={**appendix.icon_labels, **rulebook.icon_labels})
    layouts = {ch.id: layout(ch, *CHART_SIZE) for st in appendix.stats for ch in st.charts}
    return render(
        "rulebook.html.j2",
        rb=rulebook,
        intro=grouped(rulebook.intro),
        body=grouped(rulebook.sections),
        a=appendix,
        labels=appendix.icon_labels,
        symbols=symbols(appendix),
        layouts=layouts,
    )
