"""The record layer's modules import each other at module top, in one direction (a DAG).

The formats (``textio``, ``jsonio``) and the replay of a file's decisions (``reading``) build a tree of
nodes from the start that the headers describe (``headers.start_position``); ``Game.from_headers`` makes
the record around it. So the formats need not know ``Game``, and ``game`` imports its formats at module
top. What is left inside functions are the display hooks that draw with the render layer, which stands
above the record (``Game._repr_svg_`` and ``Game.to_html``), as python-chess imports its SVG lazily.
"""
from __future__ import annotations

import ast
import pathlib

import polis_nb

RECORD_DIR = pathlib.Path(polis_nb.__file__).parent / "record"
#: the only imports of polis_nb modules allowed inside functions: render, from a display hook
LAZY_RENDER_HOOKS = {"_repr_svg_", "_repr_html_", "to_html"}
#: the formats and the replay: they read and write nodes and headers, never the Game
FORMATS = ("textio", "jsonio", "reading")


def _imports(path: pathlib.Path):
    """(line, imported module, enclosing function or None) for every import of a polis_nb module in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ["polis_nb", "record"]

    def visit(node, func):
        for child in ast.iter_child_nodes(node):
            here = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else func
            if isinstance(child, ast.Import):
                for a in child.names:
                    if a.name.split(".")[0] == "polis_nb":
                        yield child.lineno, a.name, func
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package[: len(package) - child.level + 1]
                    if child.module:
                        yield child.lineno, ".".join(base + [child.module]), func
                    else:  # from . import x: x is a module of the package
                        for a in child.names:
                            yield child.lineno, ".".join(base + [a.name]), func
                elif (child.module or "").split(".")[0] == "polis_nb":
                    yield child.lineno, child.module, func
            yield from visit(child, here)

    yield from visit(tree, None)


def _modules() -> dict[str, pathlib.Path]:
    return {p.stem: p for p in sorted(RECORD_DIR.glob("*.py")) if p.stem != "__init__"}


def _graph() -> dict[str, set[str]]:
    """Which record module imports which (anywhere in the module, functions included)."""
    mods = _modules()
    graph: dict[str, set[str]] = {name: set() for name in mods}
    for name, path in mods.items():
        for _, mod, _ in _imports(path):
            parts = mod.split(".")
            if parts[:2] == ["polis_nb", "record"] and len(parts) > 2 and parts[2] in mods and parts[2] != name:
                graph[name].add(parts[2])
    return graph


def test_record_imports_inside_functions_only_render_from_display_hooks():
    inside = [f"record/{path.name}:{line} imports {mod} in {fn}()" for path in _modules().values()
              for line, mod, fn in _imports(path)
              if fn and not (mod.split(".")[:2] == ["polis_nb", "render"] and fn in LAZY_RENDER_HOOKS)]
    assert not inside, "imports inside functions in record/:\n" + "\n".join(inside)


def test_record_module_imports_form_no_loop():
    graph = _graph()
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                loop = visit(n)
                if loop:
                    return loop
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            loop = visit(m)
            assert loop is None, "import loop in record/: " + " → ".join(loop)


def test_record_formats_do_not_import_the_game():
    graph = _graph()

    def reach(m: str, seen: set[str]) -> set[str]:
        for n in graph[m] - seen:
            seen.add(n)
            reach(n, seen)
        return seen

    for fmt in FORMATS:
        assert "game" not in reach(fmt, set()), f"record/{fmt}.py reaches record/game.py"
