"""Who imports whom inside one package of polis_nb, read from the source (for the import tests of
rules/ and record/): every import of a polis_nb module with its line and enclosing function, the
graph between a package's modules, and the first import loop in it."""
from __future__ import annotations

import ast
import pathlib

import polis_nb

ROOT = pathlib.Path(polis_nb.__file__).parent


def modules(package: str) -> dict[str, pathlib.Path]:
    """The modules of ``polis_nb.<package>`` by name (``__init__`` included)."""
    return {p.stem: p for p in sorted((ROOT / package).glob("*.py"))}


def imports(path: pathlib.Path, package: str):
    """(line, imported module, enclosing function name or None) for every import of a polis_nb module
    in ``path``, a module of ``polis_nb.<package>`` (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = ["polis_nb", package]

    def visit(node, func):
        for child in ast.iter_child_nodes(node):
            here = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else func
            if isinstance(child, ast.Import):
                for a in child.names:
                    if a.name.split(".")[0] == "polis_nb":
                        yield child.lineno, a.name, func
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = pkg[: len(pkg) - child.level + 1]
                    if child.module:
                        yield child.lineno, ".".join(base + [child.module]), func
                    else:  # from . import x: x is a module of the package
                        for a in child.names:
                            yield child.lineno, ".".join(base + [a.name]), func
                elif (child.module or "").split(".")[0] == "polis_nb":
                    yield child.lineno, child.module, func
            yield from visit(child, here)

    yield from visit(tree, None)


def graph(package: str, *, module_level_only: bool = False) -> dict[str, set[str]]:
    """Which module of ``polis_nb.<package>`` imports which other (imports inside functions too,
    unless ``module_level_only``)."""
    mods = modules(package)
    out: dict[str, set[str]] = {name: set() for name in mods}
    for name, path in mods.items():
        for _, mod, fn in imports(path, package):
            parts = mod.split(".")
            if fn and module_level_only:
                continue
            if parts[:2] == ["polis_nb", package] and len(parts) > 2 and parts[2] in mods and parts[2] != name:
                out[name].add(parts[2])
    return out


def first_loop(g: dict[str, set[str]]) -> list[str] | None:
    """An import loop of ``g`` (a depth-first search for a back edge), as the modules along it, or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(g[m]):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                loop = visit(n)
                if loop:
                    return loop
        path.pop()
        state[m] = 2
        return None

    for m in sorted(g):
        if m not in state:
            loop = visit(m)
            if loop:
                return loop
    return None
