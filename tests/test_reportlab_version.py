"""reportlab's internals are used on tested releases only, and by one module only.

``cardgen/render/_rl_fast.py`` holds cardgen's one shortcut through reportlab's internals and
names the releases it was tested with (``TESTED``); ``pyproject.toml`` allows exactly those.
On any other reportlab, rendering goes through the public API only (the same pages, more
slowly) and the first test here fails, so that a new reportlab is checked
(``tests/check_reportlab_releases.py``) before it is trusted.
"""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache
from pathlib import Path

import reportlab
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from cardgen.render import _rl_fast

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardgen"
MODULE = "cardgen/render/_rl_fast.py"


def test_the_installed_reportlab_is_a_tested_release():
    assert _rl_fast.tested(), (
        f"reportlab {reportlab.Version} is installed, but cardgen's shortcut through reportlab's "
        f"internals ({MODULE}) was tested only with reportlab {_rl_fast.tested_range()}: on "
        f"this release cardgen renders through reportlab's public API only, more slowly.  "
        f"Install reportlab{_rl_fast.tested_range()}, or run `python "
        f"tests/check_reportlab_releases.py {reportlab.Version}` and, if it passes, widen TESTED "
        f"in {MODULE} and the reportlab bound in pyproject.toml to it."
    )


def test_pyproject_allows_the_tested_releases_only():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (req,) = [r for r in map(Requirement, project["dependencies"]) if r.name == "reportlab"]
    assert req.specifier == SpecifierSet(_rl_fast.tested_range()), (
        f"pyproject.toml asks for reportlab{req.specifier}, but {MODULE} was tested with "
        f"reportlab{_rl_fast.tested_range()} (TESTED): make them the same"
    )


# --- no module but _rl_fast.py touches reportlab's internals ---------------------------------

#: reportlab modules that are internals as far as cardgen is concerned …
INTERNAL_MODULES = (
    "reportlab.pdfbase.pdfdoc",
    "reportlab.pdfbase.pdfutils",
    "reportlab.pdfbase.ttfonts",
    "reportlab.pdfgen.textobject",
    "reportlab.lib.rl_accel",
    "_rl_accel",
)
#: … except these names of them, which reportlab's user guide documents
DOCUMENTED = {"reportlab.pdfbase.ttfonts.TTFont", "reportlab.pdfgen.textobject.PDFTextObject"}


@cache
def _reportlab_private_names() -> frozenset[str]:
    """Every ``_name`` reportlab defines or uses as an attribute (``c._code``, ``_doc`` …)."""
    names: set[str] = set()
    for path in Path(reportlab.__file__).parent.rglob("*.py"):
        text = path.read_text(encoding="utf-8", errors="replace")
        names.update(re.findall(r"(?:\.|def |class |['\"])(_[A-Za-z]\w*)", text))
    return frozenset(n for n in names if not n.endswith("__"))


@cache
def _cardgen_attributes() -> frozenset[str]:
    """The private attributes cardgen's own objects have: methods and class attributes of its
    classes, and every ``x._name = …`` it writes (the internals module aside)."""
    names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if path.relative_to(ROOT).as_posix() == MODULE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                        names.add(item.name)
                    elif isinstance(item, ast.AnnAssign | ast.Assign):
                        targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                        names |= {t.id for t in targets if isinstance(t, ast.Name)}
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return frozenset(n for n in names if n.startswith("_"))


def _internal(module: str) -> bool:
    return module not in DOCUMENTED and any(
        module == m or module.startswith(m + ".") for m in INTERNAL_MODULES
    )


def _reportlab_names(tree: ast.Module) -> set[str]:
    """The names ``tree`` imports from reportlab (modules and what they hold)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("reportlab"):
            names |= {a.asname or a.name for a in node.names}
        elif isinstance(node, ast.Import):
            names |= {
                a.asname or a.name.split(".")[0]
                for a in node.names
                if a.name.split(".")[0] in ("reportlab", "_rl_accel")
            }
    return names


def _own_names(cls: ast.ClassDef) -> set[str]:
    """What a class defines itself: its methods and attributes, and those it sets on self."""
    names = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _inherited_privates(
    tree: ast.Module, private: frozenset[str]
) -> list[tuple[ast.ClassDef, set[str]]]:
    """Each class of ``tree`` that subclasses a reportlab class, with the private names of
    reportlab it does not define itself (which ``self._name`` would reach)."""
    imported = _reportlab_names(tree)
    return [
        (node, set(private) - _own_names(node))
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any(ast.unparse(b).split(".")[0] in imported for b in node.bases)
    ]


def internals_used(
    source: str, private: frozenset[str], own: frozenset[str] = frozenset()
) -> list[str]:
    """Where ``source`` touches reportlab's internals: imports an internal module or a private
    name, reads or writes a private attribute reportlab has (``c._code``, also through
    ``getattr``; ``self._name`` in a subclass of a reportlab class, of what reportlab defines),
    or swaps an object's class or dictionary.  In a module that imports no reportlab, a private
    attribute that cardgen's own objects have too (``own``) is taken for theirs."""
    tree = ast.parse(source)
    uses_reportlab = bool(_reportlab_names(tree))
    if not uses_reportlab:
        private = private - own
    found = []
    for cls, names in _inherited_privates(tree, private):
        found += [
            f"line {node.lineno}: {ast.unparse(node)}"
            for node in ast.walk(cls)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and node.attr in names
        ]
    for node in ast.walk(tree):
        where = f"line {getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            found += [f"{where}: import {a.name}" for a in node.names if _internal(a.name)]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            ("reportlab", "_rl_accel")
        ):
            found += [
                f"{where}: from {node.module} import {a.name}"
                for a in node.names
                if _internal(f"{node.module}.{a.name}") or a.name.startswith("_")
            ]
        elif isinstance(node, ast.Attribute):
            owner = node.value
            mine = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
            swapped = uses_reportlab and (  # an engine's own copy: nothing of reportlab's
                node.attr == "__dict__"
                or (node.attr == "__class__" and isinstance(node.ctx, ast.Store))
            )
            if not mine and (node.attr in private or swapped):
                found.append(f"{where}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            args = node.args
            if node.func.id in ("getattr", "setattr", "hasattr", "delattr") and len(args) > 1:
                name = args[1]
                if isinstance(name, ast.Constant) and name.value in private:
                    found.append(f"{where}: {ast.unparse(node)}")
    return found


def test_the_internals_check_finds_what_it_looks_for():
    private, own = _reportlab_private_names(), frozenset({"_data"})
    examples = {
        "c._code.append('q')": True,
        "doc.c._doc.addForm(name, form)": True,
        "getattr(c, '_fontname')": True,
        "from reportlab.pdfbase.pdfdoc import PDFObject": True,
        "from reportlab.pdfbase import pdfdoc": True,
        "import reportlab.pdfbase.ttfonts": True,
        "from reportlab.pdfbase.ttfonts import TTFontFace": True,
        "from reportlab.pdfgen.canvas import Canvas\npage.__class__ = FastPage": True,
        "from reportlab.pdfgen import canvas\nnew.__dict__.update(c.__dict__)": True,
        "new.__dict__.update(self.__dict__)": False,  # a module with no reportlab: its own copy
        "bar._svgAttrs = {}": True,
        "from reportlab.graphics import renderSVG\n"
        "class C(renderSVG.SVGCanvas):\n    def f(self):\n        return self._strokeColor": True,
        "from reportlab.graphics import renderSVG\n"
        "class C(renderSVG.SVGCanvas):\n    def f(self):\n        return self.style": False,
        "class C:\n    def f(self):\n        return self._strokeColor": False,
        "from reportlab.pdfbase.ttfonts import TTFont": False,
        "from reportlab.pdfgen.canvas import Canvas\nc.drawString(1, 2, 'x')": False,
        "self._code = []": False,
        "pen._draw(path)": False,
        "os._exit(1)": False,
        "sc._data": False,  # cardgen's own attribute (``own``), in a module without reportlab
        "from reportlab.pdfgen.canvas import Canvas\nc._data": True,
    }
    # Document's own attribute; reportlab's canvas attribute is nothing cardgen sets
    assert "_capturing" in _cardgen_attributes() and "_code" not in _cardgen_attributes()
    for source, internal in examples.items():
        assert bool(internals_used(source, private, own)) is internal, source
    assert internals_used((ROOT / MODULE).read_text(encoding="utf-8"), private)


def test_only_the_internals_module_touches_reportlab_internals():
    private, own = _reportlab_private_names(), _cardgen_attributes()
    found = [
        f"{path.relative_to(ROOT)} {use}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(ROOT).as_posix() != MODULE
        for use in internals_used(path.read_text(encoding="utf-8"), private, own)
    ]
    assert not found, f"reportlab internals used outside {MODULE}: {found}"
