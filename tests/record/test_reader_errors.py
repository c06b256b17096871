"""The lenient reader: a corpus of broken records, each with where its first error is and what of
the record survives. ``strict=True`` raises the same first error instead."""
from __future__ import annotations

import ast
import pathlib
import re

import pytest

import polis_nb as pn

CORPUS = pathlib.Path(__file__).parent / "corpus"


def base() -> pn.Game:
    return pn.Game.load(CORPUS / "base.polis", strict=True)


def main_line(g: pn.Game) -> list[str]:
    return [("~" if n.auto else "") + str(n.action) for n in g.root.mainline()]


def variation(g: pn.Game) -> list[str]:
    """The what-if branch of the base record (at the siege die), as decisions."""
    die = next((n for n in g.root.walk() if n.action is not None and n.action.kind == "die"), None)
    alts = die.parent.variations[1:] if die is not None else []
    return [str(n.action) for n in alts[0].walk()] if alts else []


def test_corpus_base_reads_cleanly():
    g = base()
    assert g.errors == [] and g.replay() == []
    assert g.headers["Athens"] == "Ada" and g.root.comment.startswith("Seed 3")
    assert variation(g) == ["die 1", "pass"]
    assert main_line(g)[-1] == "~event persian-king"
    assert (CORPUS / "base.polis").read_text(encoding="utf-8") == g.to_text()
    assert pn.Game.load(CORPUS / "base.json", strict=True).same_record(g)


# file, (line, column) of the first error, words in its message, then what is kept:
# the main line's last decision, and the what-if branch
CASES = [
    ("truncated_mid_decision.polis", (12, 14), "offer thrake", "trade", ["die 1", "pass"]),
    ("truncated_mid_comment.polis", (9, 79), "not closed with '}'", "from lakedaimon", []),
    ("wrong_notation.polis", (9, 25), "unexpected character '<'", "hoplites", []),
    ("illegal_in_main_line.polis", (12, 7), "'siege' cannot be played", "~die 4", ["die 1", "pass"]),
    ("illegal_in_variation.polis", (11, 9), "'siege' cannot be played", "~event persian-king", ["die 1"]),
    ("unknown_header.polis", (7, 1), "unknown header 'Foo'", "~event persian-king", ["die 1", "pass"]),
    ("unclosed_variation.polis", (10, 3), "variation not closed with ')'", "~die 4", ["die 1", "pass"]),
    ("unmatched_close.polis", (12, 53), "')' without a matching '('", "~event persian-king", ["die 1", "pass"]),
    ("bad_utf8_in_comment.polis", (9, 88), "not valid UTF-8", "~event persian-king", ["die 1", "pass"]),
    ("bad_utf8_in_decision.polis", (9, 143), "not valid UTF-8", "siege", []),
]


@pytest.mark.parametrize("name, where, words, last, branch", CASES, ids=[c[0] for c in CASES])
def test_lenient_reader_corpus_first_error_and_kept_prefix(name, where, words, last, branch):
    g = pn.Game.load(CORPUS / name)
    assert g.errors, "the reader reports the damage"
    first = g.errors[0]
    assert (first.line, first.column) == where, str(first)
    assert words in str(first) and str(first).startswith(f"line {where[0]}, column {where[1]}: ")
    assert [(e.line, e.column) for e in g.errors] == sorted((e.line, e.column) for e in g.errors)
    assert main_line(g)[-1] == last
    assert variation(g) == branch
    # what was kept is the base record's own beginning, position for position
    ref = {tuple(map(str, n.path())): n.state for n in base().root.walk()}
    for n in g.root.walk():
        assert ref[tuple(map(str, n.path()))] == n.state
    assert g.replay() == []
    with pytest.raises(pn.RecordError) as err:
        pn.Game.load(CORPUS / name, strict=True)
    assert (err.value.line, err.value.column) == where


def test_truncated_comment_keeps_what_was_written():
    g = pn.Game.load(CORPUS / "truncated_mid_comment.polis")
    assert g.root.end().comment == "Into Arkad"


def test_bad_utf8_byte_is_replaced_and_the_rest_read():
    g = pn.Game.load(CORPUS / "bad_utf8_in_comment.polis")
    assert len(g.errors) == 1
    arkadia = g.root.end().path()[8]  # the third "from lakedaimon"
    assert arkadia.comment == "Into Ark\ufffdadia." and arkadia.marks == [pn.Mark.arrow("lakedaimon", "arkadia", "red")]
    assert pn.Game.from_text(g.to_text(), strict=True).same_record(g)  # and it saves as valid UTF-8


def test_unknown_header_is_kept_and_own_headers_are_welcome():
    g = pn.Game.load(CORPUS / "unknown_header.polis")
    assert g.headers["Foo"] == "x" and len(g.errors) == 1
    text = (CORPUS / "base.polis").read_text(encoding="utf-8").replace("[Options", '[X-Club "Piraeus"]\n[Options')
    h = pn.Game.from_text(text, strict=True)
    assert h.headers["X-Club"] == "Piraeus"


@pytest.mark.parametrize("name, where, words", [
    ("unknown_edition.polis", (1, 1), ["edition 'ed3'", "known: ed1, ed2"]),
    ("unknown_components.polis", (3, 1), ["component set 'homebrew-v2'", "not loaded", "load_components"]),
])
def test_unknown_edition_or_component_set_says_so(name, where, words):
    for strict in (False, True):
        with pytest.raises(pn.RecordError) as err:
            pn.Game.load(CORPUS / name, strict=strict)
        assert (err.value.line, err.value.column) == where
        for w in words:
            assert w in str(err.value)


def test_unknown_edition_is_the_error_raised_even_after_other_problems():
    text = '[Foo "x"]\n[Edition "ed3"]\n\n~draw skene\n'
    with pytest.raises(pn.RecordError, match="edition 'ed3'") as err:
        pn.Game.from_text(text)
    assert (err.value.line, err.value.column) == (2, 1)


def test_record_read_with_another_seed_reports_where_the_outcomes_differ():
    g = pn.Game.load(CORPUS / "other_seed.polis")
    first = g.errors[0]
    assert (first.line, first.column) == (8, 46)
    assert "'draw skene'" in str(first) and "seed 4" in str(first) and "another seed" in str(first)
    assert all("seed 4" in str(e) for e in g.errors)
    # the decisions are all kept; the outcomes are kept as chosen by the author, not drawn
    ref = base()
    assert [str(n.action) for n in g.root.walk()] == [str(n.action) for n in ref.root.walk()]
    flagged = {(e.line, e.column) for e in g.errors}
    assert len(flagged) == sum(1 for a, b in zip(g.root.walk(), ref.root.walk()) if a.auto != b.auto)
    assert g.replay() == []
    # replay() of the seed-3 record under seed 4 finds the same mismatches
    relabelled = pn.Game.from_json({**ref.to_json(), "headers": {**ref.headers, "Seed": "4"}})
    assert len(relabelled.errors) == len(g.errors)
    assert all("node" in str(e) and "seed 4" in str(e) for e in relabelled.errors)
    with pytest.raises(pn.RecordError) as err:
        pn.Game.load(CORPUS / "other_seed.polis", strict=True)
    assert (err.value.line, err.value.column) == (8, 46)


def test_nested_unclosed_variation_points_at_its_own_parenthesis():
    lines = (CORPUS / "base.polis").read_text(encoding="utf-8").split("\n")
    assert lines[10] == "  3.A1. pass )"
    lines[10:11] = ["  3.A1. pass", '    ( "inner" trade; offer thrake.0 exchange )']  # the outer ')' is lost
    g = pn.Game.from_text("\n".join(lines))
    unclosed = [(e.line, e.column) for e in g.errors if "not closed with ')'" in str(e)]
    assert unclosed == [(10, 3)]  # not the inner '(' of line 12, which is closed
    assert variation(g) == ["die 1", "pass", "trade", "offer thrake.0 exchange"]


def test_invalid_json_says_line_and_column():
    for strict in (False, True):
        with pytest.raises(pn.RecordError) as err:
            pn.Game.load(CORPUS / "invalid.json", strict=strict)
        assert (err.value.line, err.value.column) == (14, 4) and "not valid JSON" in str(err.value)
    with pytest.raises(pn.RecordError, match="not a polis_nb record"):
        pn.Game.from_json({"format": "something else"})
    with pytest.raises(pn.RecordError, match="root"):
        pn.Game.from_json({"format": "polis_nb.record/1", "headers": {}, "nodes": ["x"]})


def test_json_with_an_illegal_node_keeps_the_rest_and_names_the_node():
    g = pn.Game.load(CORPUS / "illegal_node.json")
    assert len(g.errors) == 1
    msg = str(g.errors[0])
    assert "node 11" in msg and "'polis sparta'" in msg and "siege.no-capital" in msg
    assert main_line(g)[-1] == "siege"  # what hung below the illegal node is gone
    assert variation(g) == []
    with pytest.raises(pn.RecordError, match="node 11"):
        pn.Game.load(CORPUS / "illegal_node.json", strict=True)


def test_json_bad_fields_are_reported_not_trusted():
    d = base().to_json()
    nodes = d["nodes"]
    nodes[5]["glyphs"] = "!?"  # a string, not a list
    nodes[6]["marks"] = [{"kind": "arrow", "targets": ["attika", "atlantis"]}]
    nodes[7]["comment"] = ["not", "text"]
    nodes[8]["parent"] = 99
    g = pn.Game.from_json(d)
    msgs = [str(e) for e in g.errors]
    assert any("node 5" in m and "glyphs" in m for m in msgs)
    assert any("node 6" in m and "atlantis" in m for m in msgs)
    assert any("node 7" in m and "comment" in m for m in msgs)
    assert any("node 8" in m and "parent" in m for m in msgs)
    assert g.root.end().path()[4].glyphs == []


def test_strict_reader_raises_record_error_with_position_for_inline_text():
    text = (CORPUS / "base.polis").read_text(encoding="utf-8").replace("polis argos", "polis argos )", 1)
    with pytest.raises(pn.RecordError) as err:
        pn.Game.from_text(text, strict=True)
    assert err.value.line == 9 and err.value.column == 147 and isinstance(err.value, ValueError)
    assert len(pn.Game.from_text(text).errors) == 1


def test_reader_never_evaluates_record_text(tmp_path):
    """Decisions are parsed as notation; Python in a record is just a bad decision."""
    marker = tmp_path / "pwned"
    payload = f"__import__('os').system('touch {marker}')"
    text = (CORPUS / "base.polis").read_text(encoding="utf-8").replace("3.A1. trade;", f"3.A1. {payload};", 1)
    g = pn.Game.from_text(text)
    assert g.errors and not marker.exists()
    d = base().to_json()
    d["nodes"][5]["action"] = payload
    d["headers"]["Seed"] = payload
    with pytest.raises(pn.RecordError, match="Seed must be a whole number"):
        pn.Game.from_json(d)
    assert not marker.exists()
    files = sorted((pathlib.Path(pn.__file__).parent / "record").glob("*.py"))
    src = "\n".join(p.read_text(encoding="utf-8") for p in files)
    # the word "eval" is the format's own ([%eval ...], the engine's evaluation): no call of eval() or exec()
    assert not re.search(r"\b(exec|pickle|marshal|shelve)\b|\beval\s*\(|yaml\.load\(|__import__", src)
    for p in files:
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
                assert name not in ("eval", "exec", "__import__"), f"{p.name}:{node.lineno} calls {name}"


def test_the_format_example_in_the_textio_docstring_reads_cleanly():
    from polis_nb.record import textio

    headers, body = textio.__doc__.split("\n\n")[1:3]
    text = "\n".join(line[4:] for line in (headers + "\n\n" + body).splitlines())
    g = pn.Game.from_text(text, strict=True)
    turn = g.turn("3", "sparta", 1)
    assert [str(n.action) for n in turn.parent.variations] == ["hoplites", "project"]
    assert turn.parent.variations[1].name == "plan B"
    arkadia = g.root.end().parent
    assert arkadia.comment == "Into Arkadia." and arkadia.glyphs == ["!"]
    assert arkadia.marks == [pn.Mark.arrow("lakedaimon", "arkadia", "red")]
    assert g.root.comment == "A game comment."


def test_windows_line_ends_and_a_byte_order_mark_read_cleanly(tmp_path):
    g = base()
    text = (CORPUS / "base.polis").read_text(encoding="utf-8")
    for variant in (text.replace("\n", "\r\n"), "\ufeff" + text, "\ufeff" + text.replace("\n", "\r\n")):
        assert pn.Game.from_text(variant, strict=True).same_record(g)
    (tmp_path / "bom.polis").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert pn.Game.load(tmp_path / "bom.polis", strict=True).same_record(g)
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + (CORPUS / "base.json").read_bytes())
    assert pn.Game.load(tmp_path / "bom.json", strict=True).same_record(g)
    # columns on the first line do not count the mark
    broken = "\ufeff" + text.replace('[Edition "ed1"]', '[Edition "ed3"]')
    with pytest.raises(pn.RecordError) as err:
        pn.Game.from_text(broken)
    assert (err.value.line, err.value.column) == (1, 1)
