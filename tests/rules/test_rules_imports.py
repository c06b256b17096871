"""The kernel's modules import each other at module top, in one direction (a DAG).

The transitions between the phases of a round are a table (``rules/phases.py``) that ``rules/flow.py``
fills, and the rules an event card puts in force are answered by ``rules/modifiers.py``, so battles,
events and the round end need not import the flow, or each other, inside their functions. What is left
inside functions are the State's own hooks (its text, its notation and its picture, which stand above
it), as python-chess imports its SVG lazily.
"""
from __future__ import annotations

import ast
import pathlib

import polis_nb

RULES_DIR = pathlib.Path(polis_nb.__file__).parent / "rules"
MOST_FUNCTION_LEVEL = 5


def _imports(path: pathlib.Path):
    """(line, imported module, inside a function?) for every import of a polis_nb module in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ["polis_nb", "rules"]

    def visit(node, inside):
        for child in ast.iter_child_nodes(node):
            here = inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                for a in child.names:
                    if a.name.split(".")[0] == "polis_nb":
                        yield child.lineno, a.name, inside
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package[: len(package) - child.level + 1]
                    if child.module:
                        yield child.lineno, ".".join(base + [child.module]), inside
                    else:  # from . import x: x is a module of the package
                        for a in child.names:
                            yield child.lineno, ".".join(base + [a.name]), inside
                elif (child.module or "").split(".")[0] == "polis_nb":
                    yield child.lineno, child.module, inside
            yield from visit(child, here)

    yield from visit(tree, False)


def _modules() -> dict[str, pathlib.Path]:
    return {p.stem: p for p in sorted(RULES_DIR.glob("*.py"))}


def test_rules_import_little_inside_functions():
    inside = [f"rules/{path.name}:{line} imports {mod}" for path in _modules().values()
              for line, mod, fn in _imports(path) if fn]
    assert len(inside) <= MOST_FUNCTION_LEVEL, "imports inside functions in rules/:\n" + "\n".join(inside)


def test_rules_module_imports_form_no_loop():
    mods = _modules()
    graph = {name: set() for name in mods}
    for name, path in mods.items():
        for _, mod, fn in _imports(path):
            parts = mod.split(".")
            if not fn and parts[:2] == ["polis_nb", "rules"] and len(parts) > 2 and parts[2] in mods:
                if parts[2] != name:
                    graph[name].add(parts[2])
    # depth-first search for a back edge
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
            assert loop is None, "module-level import loop in rules/: " + " → ".join(loop)


def test_the_phase_table_is_filled():
    """Every transition of a round is in the table once the kernel is imported."""
    from polis_nb.rules import phases

    assert set(phases._TABLE) == set(phases.TRANSITIONS)
