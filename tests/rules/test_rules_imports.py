"""The kernel's modules import each other at module top, in one direction (a DAG).

The transitions between the phases of a round are a table (``rules/phases.py``) that ``rules/flow.py``
fills, and the rules an event card puts in force are answered by ``rules/modifiers.py``, so battles,
events and the round end need not import the flow, or each other, inside their functions. What is left
inside functions are the State's own hooks (its text, its notation and its picture, which stand above
it), as python-chess imports its SVG lazily.
"""
from __future__ import annotations

from ..importgraph import first_loop, graph, imports, modules

MOST_FUNCTION_LEVEL = 5


def test_rules_import_little_inside_functions():
    inside = [f"rules/{path.name}:{line} imports {mod}" for path in modules("rules").values()
              for line, mod, fn in imports(path, "rules") if fn]
    assert len(inside) <= MOST_FUNCTION_LEVEL, "imports inside functions in rules/:\n" + "\n".join(inside)


def test_rules_module_imports_form_no_loop():
    loop = first_loop(graph("rules", module_level_only=True))
    assert loop is None, "module-level import loop in rules/: " + " → ".join(loop)


def test_the_phase_table_is_filled():
    """Every transition of a round is in the table once the kernel is imported."""
    from polis_nb.rules import phases

    assert set(phases._TABLE) == set(phases.TRANSITIONS)
