"""Imports flow one way: data → rules → record → analysis → puzzles → render → lessons → widgets
(ARCHITECTURE §1; ``puzzles`` is part of the analysis layer, built on its proofs, and sits just above it;
``lessons`` holds the tutorials' exercises and helpers, used by notebooks, and never by the layers below)."""
import ast
import pathlib

import pytest

LAYERS = ["data", "rules", "record", "analysis", "puzzles", "render", "lessons", "widgets"]
PRESENTATION = {"anywidget", "ipywidgets", "traitlets", "IPython"}
ROOT = pathlib.Path(__file__).resolve().parents[1] / "polis_nb"


# Display hooks may import the render layer lazily, inside the function, as python-chess does:
# ``State._repr_svg_`` draws the board for Jupyter without rules depending on render at import time;
# ``Game.to_html`` writes the exported page the same way.
LAZY_RENDER_HOOKS = {"_repr_svg_", "_repr_html_", "to_html"}


def _imports(path: pathlib.Path, source: str | None = None):
    """(line, module, enclosing function name or None) for every import in a module."""
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    pkg = path.relative_to(ROOT.parent).with_suffix("").parts

    def visit(node, func):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield from visit(child, child.name)
                continue
            if isinstance(child, ast.Import):
                for a in child.names:
                    yield child.lineno, a.name, func
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = list(pkg[: len(pkg) - child.level])
                    yield child.lineno, ".".join(base + ([child.module] if child.module else [])), func
                else:
                    yield child.lineno, child.module or "", func
            yield from visit(child, func)

    yield from visit(tree, None)


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] == "polis_nb" and len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return None


def _violations(path: pathlib.Path, here: int, source: str | None = None) -> list[str]:
    bad = []
    for line, mod, func in _imports(path, source):
        target = _layer(mod)
        lazy_hook = target == LAYERS.index("render") and func in LAZY_RENDER_HOOKS
        if target is not None and target > here and not lazy_hook:
            bad.append(f"{path.relative_to(ROOT.parent)}:{line} imports {mod}")
        if here <= LAYERS.index("puzzles") and mod.split(".")[0] in PRESENTATION:
            bad.append(f"{path.relative_to(ROOT.parent)}:{line} imports {mod} (presentation)")
    return bad


@pytest.mark.parametrize("layer", LAYERS)
def test_layering_imports_flow_one_way(layer):
    bad = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        bad += _violations(path, LAYERS.index(layer))
    assert not bad, "lower layer imports a higher one:\n" + "\n".join(bad)


def test_layering_lazy_render_import_only_in_display_hooks():
    path = ROOT / "rules" / "example.py"
    rules = LAYERS.index("rules")
    allowed = (
        "class S:\n"
        "    def _repr_svg_(self):\n        from ..render import svg\n        return svg(self)\n"
        "    def _repr_html_(self):\n        import polis_nb.render.svg\n"
    )
    assert _violations(path, rules, allowed) == []
    rejected = {
        "module level": "from ..render import svg\n",
        "other function": "def draw(s):\n    from ..render import svg\n",
        "nested in a hook": "def _repr_svg_(self):\n    def inner():\n        from ..render import svg\n",
        "widgets from a hook": "def _repr_html_(self):\n    from ..widgets import Board\n",
        "presentation from a hook": "def _repr_html_(self):\n    import IPython\n",
    }
    for what, src in rejected.items():
        assert _violations(path, rules, src), what


def test_layering_every_layer_folder_exists():
    for layer in LAYERS:
        assert (ROOT / layer / "__init__.py").exists(), layer
