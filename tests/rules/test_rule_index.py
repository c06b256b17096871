"""The rule index is complete and used consistently (ARCHITECTURE §3)."""
import ast
import pathlib
import re

import polis_nb as pn

ROOT = pathlib.Path(__file__).resolve().parents[2]
ID = re.compile(r"^[a-z]+\.[a-z0-9]+(-[a-z0-9]+)*$")
FAMILIES = {r.split(".")[0] for r in pn.RULES}


def _message_ids(tree: ast.AST) -> set[int]:
    """The nodes that are message ids, the first argument of ``message(...)`` or ``plural(...)`` (see
    polis_nb.i18n): ids of sentences, not of rules."""
    return {id(node.args[0]) for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args
            and isinstance(node.func, ast.Name) and node.func.id in ("message", "plural")}


def _rule_like_strings(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    messages = _message_ids(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and ID.match(node.value):
            if node.value.split(".")[0] in FAMILIES and id(node) not in messages:
                yield node.lineno, node.value


def test_rule_index_entries_are_well_formed():
    for rid, ref in pn.RULES.items():
        assert ref.id == rid and ID.match(rid), rid
        assert ref.editions and ref.source and ref.summary, rid
        assert len(ref.summary) < 200, rid


def test_rule_index_every_cited_id_exists():
    unknown = []
    for path in sorted((ROOT / "polis_nb").rglob("*.py")):
        for line, rid in _rule_like_strings(path):
            if rid not in pn.RULES and not path.name.startswith("index"):
                unknown.append(f"{path.relative_to(ROOT)}:{line} {rid}")
    assert not unknown, "rule ids used but not in the index:\n" + "\n".join(unknown)


def test_rule_index_every_rule_has_a_test_named_after_it():
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    missing = []
    for rid in pn.RULES:
        stem = "test_" + rid.replace(".", "_").replace("-", "_")
        if not any(n == stem or n.startswith(stem + "__") for n in names):
            missing.append(rid)
    assert not missing, "rules without a test named after them: " + ", ".join(missing)
