"""The package's import graph stays a set of layers (docs/architecture.md "Layers"):

- no import cycle among the modules of game/engine, game/ai and game/ui, counting imports
  inside functions (a lazy import that dodges a cycle is still a cycle);
- a layer imports only its own and lower layers: hexgrid <- data <- tiled <- ecs <- rules <-
  engine <- ai <- ui <- cli;
- no module imports another module's underscore names (`from x import _y`, `x._y`): what a
  module shares is public and named for what it does.

Every module of game/ is parsed with `ast`, so the imports of every depth count, and relative
imports are resolved against the importing module's package.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import networkx as nx

GAME = Path(__file__).resolve().parent.parent / "game"

# The layers, lowest first. A module's layer is that of the longest prefix listed. The
# shared utilities (errors, paths, files, the argument checks, png output, the rules
# reference pages) sit at the bottom with the hex grid: they import nothing of the game's.
# The save slots (game.saves) read saves with the engine; the balance report's numbers sit
# with the computer games they count (game.ai.games reads game.balance.stats), its images
# with the window's drawing, its subcommand with the command line.
LAYERS = (
    ("hexgrid", ("game", "game.hexgrid", "game.errors", "game.paths", "game.files",
                 "game.cliargs", "game.outputs", "game.rules_reference", "game.rulebooks")),
    ("data", ("game.data",)),
    ("tiled", ("game.tiled",)),
    ("ecs", ("game.ecs",)),
    ("rules", ("game.rules",)),
    ("engine", ("game.engine", "game.saves")),
    ("ai", ("game.ai", "game.balance")),
    ("ui", ("game.ui", "game.balance.plots")),
    ("cli", ("game.cli", "game.__main__", "game.actions", "game.report",
             "game.balance.command")),
)
ACYCLIC = ("game.engine", "game.ai", "game.ui")


@dataclass(frozen=True)
class Import:
    source: str         # the importing module
    target: str         # the module imported (a module of game/)
    names: tuple        # the names taken from it by `from target import ...`
    line: int

    def where(self) -> str:
        return f"{module_path(self.source).relative_to(GAME.parent)}:{self.line}"


def module_name(path: Path) -> str:
    parts = path.relative_to(GAME.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@lru_cache(maxsize=None)
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def module_path(name: str) -> Path:
    return modules()[name]


def is_package(name: str) -> bool:
    return module_path(name).name == "__init__.py"


def resolve(source: str, node: ast.ImportFrom) -> str:
    """The absolute name of `from <node.module> import ...` written in `source`."""
    if not node.level:
        return node.module or ""
    base = source.split(".")
    if not is_package(source):
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def owning_module(name: str) -> str | None:
    """The longest prefix of dotted `name` that is a module of game/."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in modules():
            return ".".join(parts[:n])
    return None


@lru_cache(maxsize=None)
def parsed(source: str) -> tuple[ast.AST, tuple[ast.AST, ...]]:
    """The module's syntax tree and every node in it (walked once: the tests read each
    module's nodes several times)."""
    tree = ast.parse(module_path(source).read_text(encoding="utf-8"))
    return tree, tuple(ast.walk(tree))


@lru_cache(maxsize=None)
def imports_of(source: str) -> tuple[Import, ...]:
    """Every import of `source` into game/, at any depth. `from pkg import mod` imports the
    module `pkg.mod`; `from mod import name` takes `name` from `mod`."""
    found = []
    for node in parsed(source)[1]:
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = owning_module(alias.name)
                if target:
                    found.append(Import(source, target, (), node.lineno))
        elif isinstance(node, ast.ImportFrom):
            base = resolve(source, node)
            if owning_module(base) is None:
                continue
            taken = []
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in modules():
                    found.append(Import(source, sub, (), node.lineno))
                else:
                    taken.append(alias.name)
            if taken:
                found.append(Import(source, owning_module(base), tuple(taken), node.lineno))
    return tuple(found)


def packages_run(source: str, target: str) -> list[str]:
    """The packages whose __init__ importing `target` runs first, outside `source`'s own."""
    parts = target.split(".")
    outer = [".".join(parts[:n]) for n in range(2, len(parts))]
    return [p for p in outer if not (source == p or source.startswith(p + "."))]


@lru_cache(maxsize=None)
def graph() -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_nodes_from(modules())
    for source in modules():
        for imp in imports_of(source):
            for target in [imp.target] + packages_run(source, imp.target):
                if target != source and not g.has_edge(source, target):
                    g.add_edge(source, target, where=imp.where())
    return g


def layer(name: str) -> int:
    best = (-1, -1)
    for rank, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best[0]:
                best = (len(prefix), rank)
    assert best[1] >= 0, f"{name} is in no layer: add it to LAYERS"
    return best[1]


def in_acyclic_packages(name: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in ACYCLIC)


def module_aliases(tree: ast.AST, source: str) -> dict[str, str]:
    """The local names bound to modules of game/ by imports (`import a.b as x`, `from a
    import b`); a bare `import a.b.c` binds the dotted name itself."""
    bound = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules():
                    bound[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom):
            base = resolve(source, node)
            for alias in node.names:
                if f"{base}.{alias.name}" in modules():
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
    return bound


def module_getters(tree: ast.AST, source: str) -> dict[str, str]:
    """Functions that import a module and return it (`def _h(): from x import y; return y`):
    `_h()._name` reads the module's underscore name as surely as `y._name`. One walk: each
    import and each `return NAME` is noted for every function around it."""
    imports: dict[ast.FunctionDef, list[ast.AST]] = {}
    returned: dict[ast.FunctionDef, list[str]] = {}

    def visit(node: ast.AST, around: tuple) -> None:
        if isinstance(node, ast.FunctionDef):
            around = around + (node,)
            imports[node], returned[node] = [], []
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for function in around:
                imports[function].append(node)
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Name):
            for function in around:
                returned[function].append(node.value.id)
        for child in ast.iter_child_nodes(node):
            visit(child, around)

    visit(tree, ())
    found = {}
    for function, names in returned.items():
        bound = module_aliases(ast.Module(body=imports[function], type_ignores=[]), source)
        for name in names:
            if name in bound:
                found[function.name] = bound[name]
    return found


def dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return f"{inner}.{node.attr}" if inner else None
    return None


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(source: str) -> list[str]:
    """`from x import _y` and `x._y` on an imported module x, other than `source` itself."""
    tree, nodes = parsed(source)
    where = f"{module_path(source).relative_to(GAME.parent)}"
    found = [f"{where}:{imp.line} from {imp.target} import {name}"
             for imp in imports_of(source) if imp.target != source
             for name in imp.names if private(name)]
    found += [f"{where}:{imp.line} import {imp.target}"
              for imp in imports_of(source) if private(imp.target.rsplit(".", 1)[-1])
              and not imp.target.startswith(source + ".")]
    bound = module_aliases(tree, source)
    returns = module_getters(tree, source)
    for node in nodes:
        if isinstance(node, ast.Attribute) and private(node.attr):
            name = dotted(node.value)
            target = bound.get(name) if name else None
            if isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name):
                name = f"{node.value.func.id}()"
                target = returns.get(node.value.func.id)
            if target and target != source:
                found.append(f"{where}:{node.lineno} {name}.{node.attr} ({target})")
    return found


def test_no_import_cycle_in_the_engine_the_computer_player_or_the_window():
    g = graph().subgraph(n for n in modules() if in_acyclic_packages(n))
    circles = [sorted(c) for c in nx.strongly_connected_components(g) if len(c) > 1]
    report = []
    for circle in sorted(circles, key=len, reverse=True):
        cycle = nx.find_cycle(g.subgraph(circle))
        steps = [f"  {a} -> {b} ({g.edges[a, b]['where']})" for a, b in cycle]
        report.append(f"{len(circle)} modules import each other: {', '.join(circle)}\n"
                      "one cycle:\n" + "\n".join(steps))
    assert not report, "import cycles:\n" + "\n".join(report)


def test_a_layer_imports_only_its_own_and_lower_layers():
    g = graph()
    up = [f"{data['where']} {a} ({LAYERS[layer(a)][0]}) imports {b} ({LAYERS[layer(b)][0]})"
          for a, b, data in g.edges(data=True) if layer(b) > layer(a)]
    assert not up, "imports of a higher layer:\n" + "\n".join(sorted(up))


def test_no_module_imports_another_modules_underscore_names():
    found = [use for source in modules() for use in private_uses(source)]
    assert not found, "underscore names used from another module:\n" + "\n".join(found)


def test_the_graph_sees_imports_inside_functions_and_relative_ones():
    g = graph()
    assert g.has_edge("game.data", "game.data.model")          # from .model import ...
    assert g.has_edge("game.cli", "game.tiled.validate")       # inside a function
    assert all(layer(m) >= 0 for m in modules())
