"""The rulebook as one HTML page: the rules, then the appendices (same icons and styles)."""

from __future__ import annotations

from dataclasses import replace

from cardgen.docs.content import Appendix, for_format
from cardgen.docs.figures import figure_data_uri
from cardgen.docs.html import chart_svgs, symbols
from cardgen.docs.rulebook import Rulebook, figures_of, grouped
from cardgen.docs.templating import render


def render_rulebook_html(rulebook: Rulebook, appendix: Appendix) -> str:
    """The rulebook followed by the appendices; icons and charts are inline SVG."""
    a = for_format(appendix, "html")
    a = replace(a, icon_labels={**a.icon_labels, **rulebook.icon_labels})
    figures = figures_of(rulebook, appendix.figures)
    return render(
        "rulebook.html.j2",
        a.templates,
        rb=rulebook,
        intro=grouped(rulebook.intro),
        body=grouped(rulebook.sections),
        a=a,
        labels=a.icon_labels,
        symbols=symbols(a),
        chart_svgs=chart_svgs(a),
        figures={name: (figure_data_uri(f), f.alt) for name, f in figures.items()},
    )
