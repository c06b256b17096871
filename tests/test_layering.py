"""Imports flow one way: data → i18n → rules → record → analysis → puzzles → render → lessons → widgets
(ARCHITECTURE §1; ``i18n`` is the language layer, which the kernel's words need, so it sits below the rules;
``puzzles`` is part of the analysis layer, built on its proofs, and sits just above it; ``lessons`` holds the
tutorials' exercises and helpers, used by notebooks, and never by the layers below)."""
import ast
import pathlib

import pytest

LAYERS = ["data", "i18n", "rules", "record", "analysis", "puzzles", "render", "lessons", "widgets"]
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


# --- one face for the kernel -------------------------------------------------------------------------
# The layers above the kernel import the rules only through ``polis_nb.rules`` itself: the names of its
# ``__all__``, never its modules (``polis_nb.rules.topology``) or private names. A name they need is added
# to ``polis_nb/rules/__init__.py``, under a public name.
FACE_LAYERS = ("record", "analysis", "puzzles", "render", "lessons", "widgets")


def _rules_face_violations(path: pathlib.Path, source: str | None = None) -> list[str]:
    """Every import in a module that reaches past the rules' face."""
    import polis_nb.rules

    face = set(polis_nb.rules.__all__)
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    pkg = path.relative_to(ROOT.parent).with_suffix("").parts
    where = path.relative_to(ROOT.parent)
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bad += [f"{where}:{node.lineno} imports {a.name}" for a in node.names
                    if a.name.startswith("polis_nb.rules.")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                mod = ".".join(list(pkg[: len(pkg) - node.level]) + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod.startswith("polis_nb.rules."):
                bad.append(f"{where}:{node.lineno} imports {mod}")
            elif mod == "polis_nb.rules":
                bad += [f"{where}:{node.lineno} imports polis_nb.rules.{a.name}, which is not in its __all__"
                        for a in node.names if a.name not in face]
    return bad


@pytest.mark.parametrize("layer", FACE_LAYERS)
def test_layering_outer_layers_import_the_rules_face_only(layer):
    bad = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        bad += _rules_face_violations(path)
    assert not bad, ("import the rules from polis_nb.rules (add the name to its __all__), not its modules:\n"
                     + "\n".join(bad))


def test_layering_rules_face_check_tells_face_from_modules():
    path = ROOT / "render" / "example.py"
    allowed = ("from ..rules import State, board, view as visible_state\n"
               "import polis_nb.rules\nfrom polis_nb.rules import PLAYERS\nfrom polis_nb import rules\n"
               "def f():\n    from ..rules import describe_pending\n")
    assert _rules_face_violations(path, allowed) == []
    rejected = {
        "a module": "from ..rules.board import board\n",
        "a module, absolute": "from polis_nb.rules.state import PLAYERS\n",
        "a module, imported": "import polis_nb.rules.engine\n",
        "a module by name": "from ..rules import engine\n",
        "a private name": "from ..rules import _build\n",
        "inside a function": "def f():\n    from ..rules.engine import describe_pending\n",
    }
    for what, src in rejected.items():
        assert _rules_face_violations(path, src), what


def test_layering_rules_face_names_exist():
    import polis_nb.rules

    names = polis_nb.rules.__all__
    assert len(names) == len(set(names)), "a name twice in polis_nb.rules.__all__"
    assert [n for n in names if not hasattr(polis_nb.rules, n)] == []
    assert [n for n in names if n.startswith("_")] == []
