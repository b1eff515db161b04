"""The package's structure in figures: imports of its own modules made inside functions, the
largest import cycle, and the sizes of the two hubs (``Pack`` and ``Engine``).

    python benchmarks/structure.py            # this checkout
    python benchmarks/structure.py --json     # the same as JSON
    python benchmarks/structure.py --list     # and every function-level import, by file

Counted from the source (``ast``), nothing imported:

* **function-level imports**: ``import``/``from … import`` statements of ``cardgen`` modules
  inside a function or method body (not those under ``if TYPE_CHECKING:``; a statement naming
  several modules counts once), with how many of them sit in a function that also imports a
  heavy third-party library (:data:`HEAVY`), and each sorted by why it is not at module level:
  it *guards a heavy library* (the module it imports loads one at import time that the
  importing module does not; play code counts as one: the engine kit, a simulation, a
  game's engine, which load only for the commands that play), it is *at start-up*
  (:data:`START_UP`), it would *close an import cycle* (the module it imports imports the
  importing one at import time), or none;
* **largest import cycle**: the largest strongly connected component of the graph of
  imports that run when a module is imported (module level, ``TYPE_CHECKING`` excluded), in
  modules (a module runs the packages enclosing a module it imports, not its own: they began
  before it); and of the graph with the function-level imports added (every import that may run);
* **Pack** and **Engine**: the methods and class attributes each class defines itself.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardgen"
#: third-party libraries costly to import: a function importing one of them is a boundary
HEAVY = (
    "reportlab",
    "PIL",
    "pypdfium2",
    "pikepdf",
    "numpy",
    "svglib",
    "pydantic",
    "jinja2",
    "markdown_it",
    "starlette",
    "uvicorn",
    "watchfiles",
    "python_calamine",
    "xlsxwriter",
    "ruamel",
    "yaml",
    "rich",
    "typer",
    "dask",
    "distributed",
    "isal",
)
#: a pack's modules of play code (cardgen.packs.<pack>.<one of these>)
PLAY_MODULES = ("engine", "odds", "simulation")
#: where the command line starts, whose imports of the library wait for the command that needs
#: them: ``import cardgen`` loads nothing but itself, ``cardgen --help`` only the command modules
START_UP = ("cardgen", "cardgen.cli")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


class _Imports(ast.NodeVisitor):
    """Every import of a module: (target, at module level?, line, the function's heavy flag)."""

    def __init__(self, module: str, is_package: bool, modules: set[str]) -> None:
        self.module, self.is_package, self.modules = module, is_package, modules
        self.found: list[tuple[str, bool, int, ast.AST | None]] = []
        self.functions: list[ast.AST] = []

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def _function(self, node: ast.AST) -> None:
        self.functions.append(node)
        self.generic_visit(node)
        self.functions.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def _add(self, target: str, line: int) -> None:
        fn = self.functions[0] if self.functions else None
        self.found.append((target, fn is None, line, fn))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.module.split(".")
            if not self.is_package:
                base = base[:-1]
            base = base[: len(base) - (node.level - 1)]
            source = ".".join([*base, *([node.module] if node.module else [])])
        else:
            source = node.module or ""
        for alias in node.names:
            sub = f"{source}.{alias.name}"
            self._add(sub if sub in self.modules else source, node.lineno)


def _heavy(fn: ast.AST | None) -> bool:
    if fn is None:
        return False
    for node in ast.walk(fn):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        if any(n.split(".")[0] in HEAVY for n in names):
            return True
    return False


def scan() -> dict:
    files = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p): p for p in files}
    names = set(modules)
    static: dict[str, set[str]] = defaultdict(set)
    everything: dict[str, set[str]] = defaultdict(set)
    local: list[tuple[str, int, str, bool]] = []
    heavy_here: dict[str, set[str]] = defaultdict(set)
    sources: list[str] = []
    for name, path in modules.items():
        v = _Imports(name, path.name == "__init__.py", names)
        v.visit(ast.parse(path.read_text(encoding="utf-8")))
        for target, top, line, fn in v.found:
            if target.split(".")[0] != "cardgen":
                if top and target.split(".")[0] in HEAVY:
                    heavy_here[name].add(target.split(".")[0])
                continue
            while target not in names and "." in target:
                target = target.rsplit(".", 1)[0]
            if target == name:
                continue
            everything[name].add(target)
            # importing a.b.c runs a and a.b first
            if top:
                static[name].add(target)
            else:
                local.append((str(path.relative_to(ROOT)), line, target, _heavy(fn)))
                sources.append(name)
    # importing a.b.c runs a and a.b first: at import time (not in the graph of every import,
    # where, as in grimp's, an edge is an import statement); a package enclosing the importing
    # module has begun to run before it (its __init__ importing the module is no circle)
    for name in list(static):
        for target in list(static[name]):
            parts = target.split(".")
            for k in range(1, len(parts)):
                parent = ".".join(parts[:k])
                if parent in names and not (name + ".").startswith(parent + "."):
                    static[name].add(parent)
    reach = _closures(static, names)
    for name in names:  # the kit, a game's rules, simulations: only the commands that play
        if _plays(name):
            heavy_here[name].add("an engine")
    heavy = {m: set().union(*(heavy_here[r] for r in reach[m])) for m in names}
    kinds = []
    for source, (path, line, target, _beside) in zip(sources, local, strict=True):
        brings = sorted(heavy[target] - heavy[source])
        start = source in START_UP or source.startswith("cardgen.cli.")
        kind = (
            "heavy"
            if brings
            else "start-up"
            if start
            else "cycle"
            if source in reach[target]
            else "plain"
        )
        kinds.append((path, line, target, kind, brings))
    return {
        "modules": len(names),
        "function_level_imports": len({(f, n) for f, n, *_ in local}),
        "function_level_beside_heavy": len({(f, n) for f, n, _, h in local if h}),
        "function_level_guarding_heavy": len({(f, n) for f, n, _, k, _ in kinds if k == "heavy"}),
        "function_level_at_start_up": len({(f, n) for f, n, _, k, _ in kinds if k == "start-up"}),
        "function_level_in_a_cycle": len({(f, n) for f, n, _, k, _ in kinds if k == "cycle"}),
        "largest_cycle": _largest_scc(static, names),
        "largest_cycle_with_function_imports": _largest_scc(everything, names),
        "pack": _class_size(PACKAGE / "pack.py", "Pack"),
        "engine": _engine_size(PACKAGE / "engine" / "definition.py"),
        "local": kinds,
    }


def _plays(module: str) -> bool:
    """Whether ``module`` is play code: the engine kit, a simulation, or a game's engine or
    odds (what lint-imports' contracts keep out of catalogue and print code)."""
    parts = module.split(".")
    if parts[:2] in (["cardgen", "engine"], ["cardgen", "simulate"]):
        return True
    return parts[:2] == ["cardgen", "packs"] and len(parts) > 3 and parts[3] in PLAY_MODULES


def _closures(graph: dict[str, set[str]], nodes: set[str]) -> dict[str, set[str]]:
    """Each module's import-time closure: the modules importing it runs (itself included)."""
    out: dict[str, set[str]] = {}
    for root in nodes:
        seen, todo = {root}, [root]
        while todo:
            for child in graph.get(todo.pop(), ()):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        out[root] = seen
    return out


def _largest_scc(graph: dict[str, set[str]], nodes: set[str]) -> list[str]:
    """The largest strongly connected component (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    best: list[str] = []
    counter = 0
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == node:
                        break
                if len(comp) > len(best):
                    best = sorted(comp)
    return best if len(best) > 1 else []


def _class_size(path: Path, cls: str) -> dict[str, int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    methods = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    attrs = [n for n in node.body if isinstance(n, ast.AnnAssign | ast.Assign)]
    return {"methods": len(methods), "attributes": len(attrs)}


def _engine_size(path: Path) -> dict[str, int]:
    """``Engine``'s hooks: its own and, when it gathers groups of hooks (its base classes
    defined beside it), theirs, by group."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    size = _class_size(path, "Engine")
    seen, todo = set(), list(classes["Engine"].bases)
    while todo:
        base = todo.pop(0)
        name = base.value.id if isinstance(base, ast.Subscript) else getattr(base, "id", "")
        if name in classes and name not in seen:
            seen.add(name)
            group = _class_size(path, name)
            if group["methods"]:
                size[name] = group["methods"]
            size["methods"] += group["methods"]
            size["attributes"] += group["attributes"]
            todo += classes[name].bases
    return size


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--list", action="store_true", help="every function-level import")
    args = ap.parse_args()
    figures = scan()
    local = figures.pop("local")
    if args.json:
        json.dump(figures, sys.stdout, indent=1)
        print()
    else:
        print(f"modules: {figures['modules']}")
        print(
            f"function-level imports of cardgen modules: {figures['function_level_imports']} "
            f"({figures['function_level_beside_heavy']} in a function importing a heavy library)"
        )
        plain = figures["function_level_imports"] - sum(
            figures[f"function_level_{k}"] for k in ("guarding_heavy", "at_start_up", "in_a_cycle")
        )
        print(
            f"  guarding a heavy library (at module level it would load one): "
            f"{figures['function_level_guarding_heavy']}; at start-up (import cardgen, the "
            f"command modules): {figures['function_level_at_start_up']}; closing an import "
            f"cycle: {figures['function_level_in_a_cycle']}; none of these: {plain}"
        )
        for key in ("largest_cycle", "largest_cycle_with_function_imports"):
            cyc = figures[key]
            print(f"{key.replace('_', ' ')}: {len(cyc)} modules")
            for m in cyc:
                print(f"  {m}")
        for key in ("pack", "engine"):
            size = dict(figures[key])
            methods, attrs = size.pop("methods"), size.pop("attributes")
            groups = ", ".join(f"{k} {v}" for k, v in size.items())
            print(
                f"{key.title()}: {methods} methods, {attrs} attributes"
                + (f" (methods by group: {groups})" if groups else "")
            )
    if args.list:
        for path, line, target, kind, brings in local:
            why = {
                "heavy": f"  (guards {', '.join(brings)})",
                "start-up": "  (at start-up)",
                "cycle": "  (closes a cycle)",
            }
            print(f"{path}:{line}: {target}{why.get(kind, '')}")


if __name__ == "__main__":
    main()
