"""Fuzzing the record readers (issue 12): valid ``.polis`` texts, JSON records and their bytes are
damaged — characters and bytes flipped, inserted or cut, lines deleted, doubled or swapped, line ends
turned into CRLF or CR, random unicode and control characters, deep nesting, values of the wrong type
in JSON — and every reader must answer with a record or a :class:`pn.RecordError`, nothing else.

Whatever a lenient reader keeps is a valid game (it replays), holds at least what the undamaged part
of the input holds, and saves and reloads to the same record through both formats; the strict reader
raises the first error the lenient one reports, or agrees with it.

Seeded and bounded: hypothesis with ``derandomize=True``; ``POLIS_FUZZ_EXAMPLES=<n>`` runs n examples
per target instead of the few of the normal suite.
"""
from __future__ import annotations

import functools
import json
import os
import pathlib
import random
import tempfile

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import polis_nb as pn
from polis_nb.record.node import Evaluation, Quiz

from .builders import TRICKY, play_out, random_record

CORPUS = pathlib.Path(__file__).parent / "corpus"
SCALE = int(os.environ.get("POLIS_FUZZ_EXAMPLES", "0"))


def fuzz(default: int):
    """Settings of one fuzz target: ``default`` examples, or POLIS_FUZZ_EXAMPLES."""
    return settings(max_examples=SCALE or default, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck), print_blob=False)


# --- the inputs before damage ------------------------------------------------------------------------

@functools.cache
def records() -> tuple[pn.Game, ...]:
    """Valid records: the corpus base and seeded games of both editions with variations, comments
    (full of the format's own delimiters), glyphs, marks, evaluations and questions of a lesson, plus
    games that start at a Position."""
    out = [pn.Game.load(CORPUS / "base.polis", strict=True)]
    names = ["plan\nB", 'say "x"', "a\r\nb"]
    for seed, edition in ((11, "ed1"), (12, "ed2"), (13, "ed1"), (14, "ed2")):
        out.append(random_record(seed, plies=25, variations=3, texts=list(TRICKY[seed % 4::4]), names=names,
                                 edition=edition))
    for seed, edition in ((21, "ed1"), (22, "ed2")):
        g = random_record(seed, plies=12, variations=0, edition=edition)
        start = pn.Game.from_state(g.root.end().state, headers={"X-From": f"seed {seed}"})
        play_out(start, random.Random(seed), 8)
        start.comment("from a position {\\}", node=start.root)
        out.append(start)
    for g in out[1:]:
        evaluate(g)
    return tuple(out)


def evaluate(g: pn.Game) -> None:
    """Engine evaluations (as a review writes them) on every third node and the root: values, proven
    results, best choices and playouts of every kind."""
    for k, n in enumerate(g.root.walk()):
        if k % 3:
            continue
        s = n.state
        best = None if s.is_terminal or s.is_chance else str(pn.legal_actions(s)[-1])
        proven = (None, "win", "loss", "shared")[k % 4]
        n.evaluation = Evaluation((k % 8) / 7, proven, best, (k * 37) % 500)
    # questions of a guess-the-move lesson, their hints full of the format's own delimiters
    for k, n in enumerate(g.root.walk()):
        if k % 4 == 1 and n.parent is not None and not n.parent.state.is_chance:
            n.quiz = Quiz("".join(TRICKY[k % 7::7]) if k % 8 == 1 else "")
    # resignations, by either side, on nodes where the game goes on
    for k, n in enumerate(g.root.walk()):
        if k % 9 == 4 and not n.state.is_terminal:
            n.resigned = ("athens", "sparta")[k % 2]


@functools.cache
def texts() -> tuple[str, ...]:
    """.polis texts: the corpus (broken files too) and the records above."""
    corpus = sorted(p.read_text(encoding="utf-8", errors="replace") for p in CORPUS.glob("*.polis"))
    return tuple(corpus + [g.to_text() for g in records()])


@functools.cache
def json_texts() -> tuple[str, ...]:
    corpus = sorted(p.read_text(encoding="utf-8") for p in CORPUS.glob("*.json"))
    return tuple(corpus + [json.dumps(g.to_json(), ensure_ascii=False, indent=1) for g in records()])


# --- damage ----------------------------------------------------------------------------------------

# characters that mean something to the formats, line ends, controls, odd unicode, a lone surrogate
SPECIAL = list('{}()[]";~!?\\%:,.-+ \t\n\r') + ["\r\n", "\x00", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\u2028",
                                               "\u2029", "\ufeff", "\ufffd", "\u202e", "é", "Ἀ", "٤", "²", "🏛",
                                               "\ud800", "\udfff", "[%arrow attika", "[%hl ", "[Seed \"1\"]\n",
                                               "(" * 300, "{" * 50, "~", "~hoplites", "\\r", "\\",
                                               "[%eval 0.5]", "[%eval ", " proven=win", " playouts=", ' best="',
                                               "[%eval 1 best=\"pass\"]", "=", "]", "[%quiz]", "[%quiz hint=\"",
                                               ' hint="a\\"b"]', "[%quiz hint=x]", "[%quiz nope=1]", "[%quiz ",
                                               "[%resign athens]", "[%resign sparta] ", "[%resign thebes]", "[%resign"]
chars = st.one_of(st.sampled_from(SPECIAL), st.text(max_size=3))
where = st.integers(min_value=0, max_value=2**31)
text_ops = st.one_of(
    st.tuples(st.just("set"), where, chars),
    st.tuples(st.just("insert"), where, chars),
    st.tuples(st.just("delete"), where, st.integers(1, 40)),
    st.tuples(st.just("truncate"), where),
    st.tuples(st.just("delete-line"), where),
    st.tuples(st.just("double-line"), where),
    st.tuples(st.just("swap-lines"), where, where),
    st.tuples(st.just("line-ends"), st.sampled_from(["\r\n", "\r"])),
    st.tuples(st.just("nest"), where, st.sampled_from(["(", "{", "[", "\""]), st.integers(1, 3000)),
)


def damage(text: str, ops) -> str:
    for op, *args in ops:
        n = len(text)
        lines = text.split("\n")
        if op == "set" and n:
            i = args[0] % n
            text = text[:i] + args[1] + text[i + 1:]
        elif op == "insert":
            i = args[0] % (n + 1)
            text = text[:i] + args[1] + text[i:]
        elif op == "delete" and n:
            i = args[0] % n
            text = text[:i] + text[i + args[1]:]
        elif op == "truncate":
            text = text[:args[0] % (n + 1)]
        elif op == "delete-line":
            del lines[args[0] % len(lines)]
            text = "\n".join(lines)
        elif op == "double-line":
            i = args[0] % len(lines)
            lines.insert(i, lines[i])
            text = "\n".join(lines)
        elif op == "swap-lines":
            i, j = args[0] % len(lines), args[1] % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif op == "line-ends":
            text = text.replace("\n", args[0])
        elif op == "nest":
            i = args[0] % (n + 1)
            text = text[:i] + args[1] * args[2] + text[i:]
    return text


byte_ops = st.one_of(
    st.tuples(st.just("flip"), where, st.integers(1, 255)),
    st.tuples(st.just("insert"), where, st.binary(min_size=1, max_size=4)),
    st.tuples(st.just("truncate"), where),
    st.tuples(st.just("delete"), where, st.integers(1, 20)),
)


def damage_bytes(raw: bytes, ops) -> bytes:
    b = bytearray(raw)
    for op, *args in ops:
        n = len(b)
        if op == "flip" and n:
            b[args[0] % n] ^= args[1]
        elif op == "insert":
            i = args[0] % (n + 1)
            b[i:i] = args[1]
        elif op == "truncate":
            del b[args[0] % (n + 1):]
        elif op == "delete" and n:
            i = args[0] % n
            del b[i:i + args[1]]
    return bytes(b)


def deep(depth: int, leaf=None):
    """A list nested ``depth`` deep, built without recursion."""
    v = leaf
    for _ in range(depth):
        v = [v]
    return v


# values of the wrong type (or the right type, wrong value) for any field of a JSON record
ODD_VALUES = [None, True, False, 0, -1, 1, 7, 10**30, 1.5, float("nan"), "", "x", "\ud800", "hoplites", "~",
              "!?", "polis/1", [], [1], ["!"], {}, {"kind": "arrow"}, {"kind": "arrow", "targets": ["attika"]},
              {"kind": "highlight", "targets": ["attika"], "colour": "red"}, "💥" * 50, {"athens": 0.5},
              {"athens": 2}, {"athens": 0.5, "best": "pass"}, {"athens": 1, "proven": "maybe"},
              {"athens": 0.25, "playouts": -3}, {"athens": float("inf")}, {"hint": "look"}, {"hint": 3},
              {"hint": "\ud800"}, {"hint": "x", "zzz": 1}, "athens", "sparta", "Athens"]
json_ops = st.one_of(
    st.tuples(st.just("set"), where, where, st.sampled_from(range(len(ODD_VALUES)))),
    st.tuples(st.just("drop-key"), where, where),
    st.tuples(st.just("add-key"), where, st.sampled_from(["auto", "comment", "name", "glyphs", "marks", "parent",
                                                          "action", "starting_comment", "eval", "quiz", "resigned",
                                                          "zzz"]),
              st.sampled_from(range(len(ODD_VALUES)))),
    st.tuples(st.just("parent"), where, where),
    st.tuples(st.just("auto"), where),
    st.tuples(st.just("swap"), where, where),
    st.tuples(st.just("drop-node"), where),
    st.tuples(st.just("deep"), where, st.sampled_from(["comment", "marks", "glyphs", "action", "eval", "quiz"]),
              st.integers(1, 5000)),
    st.tuples(st.just("header"), where, st.sampled_from(range(len(ODD_VALUES)))),
    st.tuples(st.just("header-name"), where, chars),
)


def damage_json(d: dict, ops) -> tuple[dict, set[int] | None]:
    """The damaged record and the indices of the nodes touched (None: the headers or the root were,
    so nothing need survive)."""
    nodes = [dict(n) if isinstance(n, dict) else n for n in d["nodes"]]
    headers = dict(d["headers"])
    touched: set[int] | None = set()
    n = len(nodes)
    for op, *args in ops:
        i = 1 + args[0] % max(n - 1, 1) if n > 1 else 0
        node = nodes[i]
        if op in ("header", "header-name"):
            touched = None
            keys = list(headers)
            if op == "header" and keys:
                headers[keys[args[1] % len(keys)]] = ODD_VALUES[args[1] % len(ODD_VALUES)]
            elif keys:
                k = keys[args[0] % len(keys)]
                headers[k + args[1]] = headers.pop(k)
            continue
        if op == "drop-node":
            del nodes[i]
            n -= 1
            if touched is not None:
                touched |= set(range(i, n + 1))
            continue
        if op == "swap":
            j = 1 + args[1] % max(n - 1, 1)
            nodes[i], nodes[j] = nodes[j], nodes[i]
            if touched is not None:
                touched |= {i, j}
            continue
        if touched is not None:
            touched.add(i)
        if not isinstance(node, dict):
            continue
        keys = sorted(node)
        if op == "set" and keys:
            node[keys[args[1] % len(keys)]] = ODD_VALUES[args[2]]
        elif op == "drop-key" and keys:
            node.pop(keys[args[1] % len(keys)])
        elif op == "add-key":
            node[args[1]] = ODD_VALUES[args[2]]
        elif op == "parent":
            node["parent"] = args[1] % (n + 2) - 1
        elif op == "auto":
            node["auto"] = not node.get("auto", False)
        elif op == "deep":
            node[args[1]] = deep(args[2], "x")
    return {"format": d["format"], "headers": headers, "nodes": nodes}, touched


# --- what must hold ---------------------------------------------------------------------------------

def paths(g: pn.Game) -> set[tuple[str, ...]]:
    """Every node of a record as the decisions leading to it."""
    out, stack = set(), [(g.root, ())]
    while stack:
        n, p = stack.pop()
        out.add(p)
        stack.extend((c, p + (str(c.action),)) for c in n.variations)
    return out


def errors(g: pn.Game) -> list[tuple]:
    return [(e.line, e.column, e.message) for e in g.errors]


def lenient(read, *args) -> pn.Game | None:
    """Run a lenient reader: a RecordError (nothing could be kept) is a documented answer, any other
    exception fails the test."""
    try:
        g = read(*args)
    except pn.RecordError:
        event("refused whole")
        return None
    assert all(isinstance(e, pn.RecordError) for e in g.errors)
    event("read with errors" if g.errors else "read cleanly")
    return g


def check_kept(g: pn.Game, *, placed: bool = True) -> None:
    """What a lenient reader kept is a valid game that saves and reloads to the same record through
    both formats (writing again changes nothing)."""
    if placed:
        assert all(e.line is not None and e.column is not None for e in g.errors), g.errors
    assert g.replay() == []
    text = g.to_text()
    data = json.dumps(g.to_json(), ensure_ascii=False)
    for back in (pn.Game.from_text(text), pn.Game.from_json(data)):
        assert back.same_record(g)
        assert all(e.message.startswith("unknown header") for e in back.errors), back.errors
    assert pn.Game.from_text(text).to_text() == text


def check_strict(read, arg, g: pn.Game | None) -> None:
    """The strict reader raises the lenient reader's first error, or reads the same record."""
    try:
        s = read(arg, strict=True)
    except pn.RecordError as e:
        assert g is None or (g.errors and (e.line, e.column, e.message) == errors(g)[0])
    else:
        assert g is not None and not g.errors and s.same_record(g)


def intact_prefix(original: str, damaged: str) -> str | None:
    """The lines of ``original`` before the first damaged one, if the damage is below the headers."""
    k = 0
    for a, b in zip(original, damaged):
        if a != b:
            break
        k += 1
    cut = original.rfind("\n", 0, k) + 1
    body = original.find("\n\n") + 2
    return original[:cut] if body >= 2 and cut > body else None


# --- the targets ------------------------------------------------------------------------------------

@fuzz(70)
@given(which=st.integers(0, 10**6), ops=st.lists(text_ops, min_size=1, max_size=4))
def test_fuzz_polis_text_reader_only_record_errors_escape(which, ops):
    original = texts()[which % len(texts())]
    text = damage(original, ops)
    g = lenient(pn.Game.from_text, text)
    check_strict(pn.Game.from_text, text, g)
    if "\r" not in text:  # CRLF and CR line ends read exactly like LF: same record, same errors
        for end in ("\r\n", "\r"):
            other = lenient(pn.Game.from_text, text.replace("\n", end))
            assert (other is None) == (g is None)
            if g is not None:
                assert other.same_record(g) and errors(other) == errors(g)
    if g is None:
        return
    check_kept(g)
    prefix = intact_prefix(original, text)
    if prefix is not None:
        before = lenient(pn.Game.from_text, prefix)
        if before is not None:
            assert paths(before) <= paths(g), "the undamaged beginning of the file is kept"


@fuzz(40)
@given(which=st.integers(0, 10**6), ops=st.lists(byte_ops, min_size=1, max_size=4),
       suffix=st.sampled_from([".polis", ".json"]))
def test_fuzz_record_files_only_record_errors_escape(which, ops, suffix):
    pool = texts() if suffix == ".polis" else json_texts()
    raw = damage_bytes(pool[which % len(pool)].encode("utf-8"), ops)
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / f"record{suffix}"
        path.write_bytes(raw)
        g = lenient(pn.Game.load, path)
        check_strict(pn.Game.load, path, g)
        if g is not None:
            check_kept(g)
            again = pathlib.Path(d) / f"again{suffix}"
            g.save(again)
            assert pn.Game.load(again).same_record(g)


@fuzz(50)
@given(which=st.integers(0, 10**6), ops=st.lists(text_ops, min_size=1, max_size=3))
def test_fuzz_json_text_reader_only_record_errors_escape(which, ops):
    text = damage(json_texts()[which % len(json_texts())], ops)
    g = lenient(pn.Game.from_json, text)
    check_strict(pn.Game.from_json, text, g)
    if g is not None:
        check_kept(g)


@fuzz(70)
@given(which=st.integers(0, 10**6), ops=st.lists(json_ops, min_size=1, max_size=4), as_text=st.booleans())
def test_fuzz_json_records_with_wrong_types_only_record_errors_escape(which, ops, as_text):
    rec = records()[which % len(records())]
    original = rec.to_json()
    data, touched = damage_json(original, ops)
    if as_text:
        try:
            arg = json.dumps(data, ensure_ascii=True)
        except (ValueError, RecursionError):  # what json itself cannot write is no record text
            return
    else:
        arg = data
    g = lenient(pn.Game.from_json, arg)
    check_strict(pn.Game.from_json, arg, g)
    if g is None:
        return
    check_kept(g, placed=as_text)
    if touched is not None:
        # every node none of whose ancestors (itself included) was touched is kept
        kept, path_of = paths(g), {0: ()}
        for i, d in enumerate(original["nodes"][1:], start=1):
            path_of[i] = path_of[d["parent"]] + (d["action"],)
        parent = {i: d["parent"] for i, d in enumerate(original["nodes"][1:], start=1)}
        for i, p in path_of.items():
            chain, j = {i}, i
            while j in parent:
                j = parent[j]
                chain.add(j)
            if not chain & touched:
                assert p in kept, f"node {i} was not touched and is lost"


@pytest.mark.parametrize("depth", [65, 1000, 100_000])
def test_fuzz_deep_nesting_everywhere_in_json_is_a_record_error(depth):
    base = json_texts()[0]
    for at in range(0, len(base), max(1, len(base) // 40)):
        for opener in "[{":
            with pytest.raises(pn.RecordError):
                pn.Game.from_json(base[:at] + opener * depth + base[at:])
