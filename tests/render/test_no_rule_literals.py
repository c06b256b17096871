"""Views word, rules answer (issue 25): no prestige or good amount of the game is written as a literal in
the words of ``render/``, ``polis_nb/widgets/`` or ``widgets/*.js``; the numbers come from the rules
(``retreat_cost()``, ``SALPINX_COST``, ``ALONE_COST``, ``ActionSpec.prestige_cost`` ...).

Scanned: every string the code builds (Python string literals and f-strings, with ``{}`` for what is
interpolated; JavaScript strings and template literals). Not scanned: docstrings and comments, whose
examples ("for 3 wood") describe what the words look like and are not shown to a player. No other
exception."""
from __future__ import annotations

import ast
import pathlib
import re

import pytest

from polis_nb.rules import EDITIONS, components_named

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOODS = sorted({g for e in EDITIONS.values() for g in components_named(e.component_set).goods})
# an amount of prestige or of a good, a cost or a gain with a number ("1 prestige", "pay 1 {}", "owes 2")
AMOUNT = re.compile(rf"\b\d+ (?:prestige|{'|'.join(GOODS)}|goods?)\b"
                    r"|\b(?:pay|pays|paying|paid|costs?|owes?|gains?|loses?)\s+\d+\b")
JS_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`|//[^\n]*|/\*.*?\*/', re.S)


def python_strings(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string a module builds, docstrings left out; an f-string with ``{}`` for
    each value it interpolates."""
    tree = ast.parse(source)
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
            out.append((node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            out.append((node.lineno, node.value))
    return out


def js_strings(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string and template literal of a script, comments left out."""
    return [(source.count("\n", 0, m.start()) + 1, m.group(0)) for m in JS_TOKEN.finditer(source)
            if not m.group(0).startswith("/")]


def amounts(path: pathlib.Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    strings = js_strings(text) if path.suffix == ".js" else python_strings(text)
    return [f"{path.relative_to(ROOT)}:{line}: {s!r}" for line, s in strings if AMOUNT.search(s)]


def scanned() -> list[pathlib.Path]:
    return (sorted((ROOT / "polis_nb" / "render").rglob("*.py")) + sorted((ROOT / "polis_nb" / "widgets").rglob("*.py"))
            + sorted((ROOT / "widgets").rglob("*.js")))


def test_no_prestige_or_good_amount_is_written_in_the_views():
    files = scanned()
    assert len(files) > 20 and any(f.suffix == ".js" for f in files)
    panels = {*(ROOT / "polis_nb" / "widgets" / "panels").glob("*.py"), *(ROOT / "widgets" / "panels").glob("*.js")}
    assert len(panels) > 20 and panels <= set(files)  # every panel, both halves, a panel added later too
    found = [hit for f in files for hit in amounts(f)]
    assert found == [], "amounts of the game written in the views (take them from the rules):\n" + "\n".join(found)


@pytest.mark.parametrize("source, hits", [
    ('x = f"{who}: fight on or retreat (1 prestige)?"', 1),
    ('label = f"{title} (pay 1 {good})"', 1),
    ('def f():\n    """Retreat (1 prestige): an example."""\n    return "Retreat"  # costs 1 prestige', 0),
    ('x = f"Retreat ({cost} prestige)"; y = "3 wheat for 4 wine"', 1),
])
def test_the_scan_finds_python_literals_and_skips_docstrings_and_comments(source, hits):
    assert sum(bool(AMOUNT.search(s)) for _, s in python_strings(source)) == hits


@pytest.mark.parametrize("source, hits", [
    ('h("button", "pc-retreat", {}, "Retreat (1 prestige)");', 1),
    ('el.setAttribute("aria-label", `Retreat, paying ${n} prestige`); // costs 1 prestige', 0),
    ('const t = `${who} pays 2 silver`; /* 1 prestige */ const u = \'owes 1\';', 2),
])
def test_the_scan_finds_js_literals_and_skips_comments(source, hits):
    assert sum(bool(AMOUNT.search(s)) for _, s in js_strings(source)) == hits
