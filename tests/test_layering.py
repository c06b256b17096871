"""Imports flow one way: data → rules → record → analysis → render → widgets (ARCHITECTURE §1)."""
import ast
import pathlib

import pytest

LAYERS = ["data", "rules", "record", "analysis", "render", "widgets"]
PRESENTATION = {"anywidget", "ipywidgets", "traitlets", "IPython"}
ROOT = pathlib.Path(__file__).resolve().parents[1] / "polis_nb"


def _imports(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = path.relative_to(ROOT.parent).with_suffix("").parts
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(pkg[: len(pkg) - node.level])
                yield node.lineno, ".".join(base + ([node.module] if node.module else []))
            else:
                yield node.lineno, node.module or ""


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] == "polis_nb" and len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return None


@pytest.mark.parametrize("layer", LAYERS)
def test_layering_imports_flow_one_way(layer):
    bad = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        here = LAYERS.index(layer)
        for line, mod in _imports(path):
            target = _layer(mod)
            if target is not None and target > here:
                bad.append(f"{path.relative_to(ROOT.parent)}:{line} imports {mod}")
            if here <= LAYERS.index("analysis") and mod.split(".")[0] in PRESENTATION:
                bad.append(f"{path.relative_to(ROOT.parent)}:{line} imports {mod} (presentation)")
    assert not bad, "lower layer imports a higher one:\n" + "\n".join(bad)


def test_layering_every_layer_folder_exists():
    for layer in LAYERS:
        assert (ROOT / layer / "__init__.py").exists(), layer
