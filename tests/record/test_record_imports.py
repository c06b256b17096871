"""The record layer's modules import each other at module top, in one direction (a DAG).

The formats (``textio``, ``jsonio``) and the replay of a file's decisions (``reading``) build a tree of
nodes from the start that the headers describe (``headers.start_position``); ``Game.from_headers`` makes
the record around it. So the formats need not know ``Game``, and ``game`` imports its formats at module
top. What is left inside functions are the display hooks that draw with the render layer, which stands
above the record (``Game._repr_svg_`` and ``Game.to_html``), as python-chess imports its SVG lazily.
"""
from __future__ import annotations

from ..importgraph import first_loop, graph, imports, modules

#: the only imports of polis_nb modules allowed inside functions: render, from a display hook
LAZY_RENDER_HOOKS = {"_repr_svg_", "_repr_html_", "to_html"}
#: the formats and the replay: they read and write nodes and headers, never the Game
FORMATS = ("textio", "jsonio", "reading")


def test_record_imports_inside_functions_only_render_from_display_hooks():
    inside = [f"record/{path.name}:{line} imports {mod} in {fn}()" for path in modules("record").values()
              for line, mod, fn in imports(path, "record")
              if fn and not (mod.split(".")[:2] == ["polis_nb", "render"] and fn in LAZY_RENDER_HOOKS)]
    assert not inside, "imports inside functions in record/:\n" + "\n".join(inside)


def test_record_module_imports_form_no_loop():
    loop = first_loop(graph("record"))  # imports inside functions count too
    assert loop is None, "import loop in record/: " + " → ".join(loop)


def test_record_formats_do_not_import_the_game():
    g = graph("record")

    def reach(m: str, seen: set[str]) -> set[str]:
        for n in g[m] - seen:
            seen.add(n)
            reach(n, seen)
        return seen

    for fmt in FORMATS:
        assert "game" not in reach(fmt, set()), f"record/{fmt}.py reaches record/game.py"
