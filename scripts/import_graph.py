#!/usr/bin/env python3
"""The import graph of `game/`: its size, its layers, and every import that breaks them.

Every module's imports are read with `ast` (module level, inside functions, under
`if TYPE_CHECKING:`: an import a reader or a type checker follows is an import), resolved
to the modules of `game/` they load (`from game.client import text` is game.client.text),
and checked against two rules (docs/DEVELOPING.md, "Layers"):

- each module belongs to one layer (LAYERS, bottom first) and imports only its own layer
  and the layers below it;
- no import circle anywhere: the strongly connected components of the graph are single
  modules;
- below the client, no pygame or pymunk (the rules engines, bots, records and the phone
  server run headless, in tournaments, workers and the engine protocol).

A known circle that another change is breaking may be listed in KNOWN_CIRCLES (temporarily,
with who removes it); any other circle, or that one growing, fails. tests/test_layers.py
runs the same checks. Usage:

    .venv/bin/python scripts/import_graph.py            # figures, layers, problems (exit 1 on any)
    .venv/bin/python scripts/import_graph.py --edges    # also every edge that crosses a layer
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "game"

# (layer, what it holds, module prefixes): bottom first. A module belongs to the layer of the
# longest prefix that names it or one of its packages ("x*": any module whose name starts with
# x, so game.coinland.solver* holds solver_tables too); a layer may import itself and below.
LAYERS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("foundation", "the package, checked input, wording, shipped data",
     ("game", "game.safeio", "game.wording", "game.resources")),
    ("rules", "the rules engines: no pygame, no search",
     ("game.hexgrid", "game.ranges", "game.coinland", "game.bitcoin")),
    ("bots", "computer players, the solver, level generation, tournaments, the engine protocol",
     ("game.coinland.ai", "game.coinland.solver*", "game.coinland.bounds*", "game.coinland.generator",
      "game.coinland.daily", "game.coinland.design*", "game.coinland.curation", "game.coinland.lucky*",
      "game.coinland.board_*", "game.coinland.never_stop",
      "game.coinland.protocol",
      "game.bitcoin.agents", "game.bitcoin.ai", "game.bitcoin.simulate", "game.bitcoin.tournament")),
    ("records", "game records and their review",
     ("game.records", "game.review")),
    ("phones", "the phone server: beside the client, never importing it",
     ("game.phones",)),
    ("client core", "the window, the stage, widgets, text, sound, storage: no game's scenes",
     ("game.client",)),
    ("client scenes", "each game's scenes; they open one another by name",
     ("game.client.coinland", "game.client.satoshi", "game.client.review", "game.client.title",
      "game.client.game_select", "game.client.games", "game.client.settings_menu")),
    ("client app", "the App that registers every scene, and the scripted tours",
     ("game.client.app", "game.client.tour", "game.client.idle_tour", "game.client.coinland.tour_campaign",
      "game.client.coinland.tour_editor", "game.client.satoshi.tour", "game.client.review.tour")),
    ("command line", "the coinland command and python -m game",
     ("game.cli", "game.__main__")),
    ("doors", "the door inventory: it drives every reader and writer of every layer (issue 32)",
     ("game.doors",)),
)

# Circles another change is breaking, each as its exact set of modules, with who removes it.
KNOWN_CIRCLES: dict[frozenset[str], str] = {
}


DRAWING = ("pygame", "pymunk")  # what only the client imports
FIRST_DRAWING_LAYER = "client core"


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    line: int


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(path, package): path for path in sorted(package.rglob("*.py"))}


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The module of `game/` that importing `name` loads (the longest known prefix), or None."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, path: Path, known: dict[str, Path]) -> Iterator[Import]:
    """Every import in the module, at any depth (functions, classes, `if TYPE_CHECKING:`)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            # `from pkg import mod` loads pkg.mod; `from mod import name` loads mod
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            found = _resolve(target, known)
            if found is not None and found != name:
                yield Import(name, found, node.lineno)


def drawing_imports(package: Path = PACKAGE) -> list[Import]:
    """Imports of pygame or pymunk by modules below the client."""
    first = [name for name, _, _ in LAYERS].index(FIRST_DRAWING_LAYER)
    found = []
    for name, path in modules(package).items():
        if layer_of(name) >= first:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            found += [Import(name, top, node.lineno) for top in {n.partition(".")[0] for n in names} & set(DRAWING)]
    return found


def graph(package: Path = PACKAGE) -> dict[str, list[Import]]:
    """Each module of the package and its imports of other modules of the package."""
    known = modules(package)
    return {name: list(imports_of(name, path, known)) for name, path in known.items()}


def layer_of(module: str) -> int:
    """Index into LAYERS of the layer holding `module` (longest matching prefix)."""
    best, length = -1, -1
    for index, (_, _, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            stem = prefix.removesuffix("*")
            named = module.startswith(stem) if prefix.endswith("*") else (
                module == prefix or module.startswith(prefix + "."))
            if named and len(stem) > length:
                best, length = index, len(stem)
    if best < 0:
        raise ValueError(f"{module}: in no layer of scripts/import_graph.py LAYERS")
    return best


def upward(edges: dict[str, list[Import]]) -> list[Import]:
    """Imports of a higher layer than the importing module's own."""
    return [imp for imps in edges.values() for imp in imps if layer_of(imp.target) > layer_of(imp.source)]


def circles(edges: dict[str, list[Import]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    succ = {name: sorted({imp.target for imp in imps}) for name, imps in edges.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(succ):
        if root in index:
            continue
        work = [(root, iter(succ[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(succ[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def cycle_path(component: Iterable[str], edges: dict[str, list[Import]]) -> list[Import]:
    """One closed walk through a circle, as the imports that make it (for the failure message)."""
    members = set(component)
    start = min(members)
    # breadth-first from start back to start, inside the component
    back: dict[str, Import] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for imp in edges[node]:
                if imp.target not in members:
                    continue
                if imp.target == start:
                    walk = [imp]
                    while walk[0].source != start:
                        walk.insert(0, back[walk[0].source])
                    return walk
                if imp.target not in back:
                    back[imp.target] = imp
                    following.append(imp.target)
        frontier = following
    return []


def describe_circle(component: list[str], edges: dict[str, list[Import]]) -> str:
    walk = " -> ".join([imp.source for imp in cycle_path(component, edges)] + [min(component)])
    return f"circle of {len(component)} modules: {', '.join(component)}\n    for example: {walk}"


def problems(edges: dict[str, list[Import]]) -> list[str]:
    """Every broken rule, one readable paragraph each (empty when the graph keeps the layers)."""
    found = []
    for imp in upward(edges):
        found.append(f"{imp.source} (line {imp.line}, layer {LAYERS[layer_of(imp.source)][0]}) imports "
                     f"{imp.target} (layer {LAYERS[layer_of(imp.target)][0]}), a higher layer")
    loops = circles(edges)
    for component in loops:
        if frozenset(component) not in KNOWN_CIRCLES:
            found.append(describe_circle(component, edges))
    for known, note in KNOWN_CIRCLES.items():
        if sorted(known) not in loops:
            found.append(f"the known circle {', '.join(sorted(known))} is gone (or changed): remove it from "
                         f"KNOWN_CIRCLES in scripts/import_graph.py ({note})")
    for imp in drawing_imports():
        found.append(f"{imp.source} (line {imp.line}, layer {LAYERS[layer_of(imp.source)][0]}) imports {imp.target}: "
                     f"only the client draws")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="Exit status 1 when an import breaks the layers or closes a circle.")
    parser.add_argument("--edges", action="store_true", help="also list every import that crosses a layer")
    args = parser.parse_args(argv)
    edges = graph()
    count = sum(len({imp.target for imp in imps}) for imps in edges.values())
    loops = circles(edges)
    print(f"{len(edges)} modules, {count} import edges (module to module), {len(loops)} circles")
    for index, (name, what, _) in enumerate(LAYERS):
        members = sorted(module for module in edges if layer_of(module) == index)
        print(f"  {index}. {name:<14} {len(members):>3} modules  {what}")
    for component in loops:
        note = KNOWN_CIRCLES.get(frozenset(component))
        print(("known " if note else "") + describe_circle(component, edges) + (f"\n    ({note})" if note else ""))
    if args.edges:
        for source, imps in sorted(edges.items()):
            for target in sorted({imp.target for imp in imps if layer_of(imp.target) != layer_of(source)}):
                print(f"  {source} -> {target}")
    found = problems(edges)
    for problem in found:
        print("problem: " + problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
