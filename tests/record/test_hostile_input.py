"""Regression tests of issue 12 for game records: each case an audit found, one test per case."""
from __future__ import annotations

import errno
import json
import pathlib

import pytest

import polis_nb as pn
from polis_nb.data import safeio
from polis_nb.record.node import MAX_PLAYOUTS

from .builders import SPARTA_INTO_ARKADIA, besieged

CORPUS = pathlib.Path(__file__).parent / "corpus"
BASE = (CORPUS / "base.polis").read_text(encoding="utf-8")


def base() -> pn.Game:
    return pn.Game.from_text(BASE, strict=True)


def where(e: pn.RecordError) -> tuple:
    return e.line, e.column


# --- saving never destroys the old file -----------------------------------------------------------

@pytest.mark.parametrize("suffix", [".polis", ".json"])
def test_save_of_a_lone_surrogate_names_the_field_and_keeps_the_old_file(tmp_path, suffix):
    g = base()
    path = tmp_path / f"game{suffix}"
    g.save(path)
    before = path.read_bytes()
    node = g.root.end().parent
    node.comment = "half \ud83c of an emoji"  # set on the node directly, past Game.comment's check
    with pytest.raises(ValueError, match=r"comment of the decision .* lone surrogate \(U\+D83C\)"):
        g.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left behind


@pytest.mark.parametrize("suffix", [".polis", ".json"])
def test_save_on_a_full_disk_keeps_the_old_file(tmp_path, suffix, monkeypatch):
    g = base()
    path = tmp_path / f"game{suffix}"
    g.save(path)
    before = path.read_bytes()
    g.comment("a long comment that no longer fits " * 100)

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safeio.os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        g.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_save_of_a_comment_that_is_not_text_is_a_type_error_naming_it(tmp_path):
    g = base()
    g.root.end().name = 42
    with pytest.raises(TypeError, match="variation name of the decision .* must be text"):
        g.save(tmp_path / "g.polis")
    assert not (tmp_path / "g.polis").exists()


def test_lone_surrogates_are_refused_at_every_entry_and_nothing_changes():
    g, die = besieged()
    forced = g.what_if(die=1 if die.action.args[0] != "1" else 2)
    record = g.to_json()
    bad = "x\udc80y"
    calls = {
        "the comment": lambda: g.comment(bad),
        "the comment before a decision": lambda: g.comment(bad, before=True, node=forced),
        "the branch name": lambda: g.branch(bad),
        "the branch name ": lambda: g.what_if(die=3, name=bad),
        "the header Title": lambda: g.headers.__setitem__("Title", bad),
        "the header Athens": lambda: g.headers.update({"Sparta": "ok", "Athens": bad}),
    }
    for field, call in calls.items():
        with pytest.raises(ValueError, match=f"{field.strip()} holds a lone surrogate") as err:
            call()
        assert "U+DC80" in str(err.value)
        assert g.to_json() == record, f"{field}: nothing changes"
    with pytest.raises(ValueError, match="the header Title holds a lone surrogate"):
        pn.Game(seed=3, headers={"Title": bad})
    with pytest.raises(ValueError, match="the header X-Note holds a lone surrogate"):
        g.headers = {"X-Note": bad}
    assert g.to_json() == record


def test_lone_surrogates_in_text_given_to_the_readers_are_reported_and_replaced():
    text = BASE.replace("Into Arkadia.", "Into \ud800Arkadia.")
    g = pn.Game.from_text(text)
    (e,) = g.errors
    assert "lone surrogate" in e.message and text.split("\n")[e.line - 1][e.column - 1] == "\ud800"
    assert g.root.end().path()[8].comment == "Into \ufffdArkadia."
    with pytest.raises(pn.RecordError, match="lone surrogate"):
        pn.Game.from_text(text, strict=True)
    data = json.dumps(base().to_json(), indent=1).replace("Into Arkadia.", "Into \\ud800Arkadia.")
    g = pn.Game.from_json(data)
    (e,) = g.errors
    assert "node 9: comment holds a lone surrogate" in e.message
    assert data.split("\n")[e.line - 1].strip().startswith('"comment": "Into \\ud800')


# --- deeply nested JSON ----------------------------------------------------------------------------

def test_deeply_nested_json_is_a_record_error_with_line_and_column(tmp_path):
    for text in ("[" * 100_000, "{\"a\":" * 100_000):
        with pytest.raises(pn.RecordError, match="nested deeper than 64 levels") as err:
            pn.Game.from_json(text)
        assert where(err.value) == (1, 65 if text[0] == "[" else 1 + 5 * 64)
    record = json.dumps(base().to_json(), indent=1)
    text = record.replace('"Seed": "3"', '"Seed": ' + "[" * 1000 + "]" * 1000)
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")
    for strict in (False, True):
        with pytest.raises(pn.RecordError, match="nested deeper") as err:
            pn.Game.load(path, strict=strict)
        assert where(err.value) == (5, 11 + 62)


def test_deeply_nested_values_in_a_json_dict_are_reported_not_recursed_into():
    d = base().to_json()
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    d["nodes"][9]["comment"] = deep
    d["headers"]["X-Deep"] = deep
    g = pn.Game.from_json(d)
    msgs = [e.message for e in g.errors]
    assert any(m.startswith("the header X-Deep must be text") for m in msgs)
    assert any(m.startswith("node 9: comment must be text") for m in msgs)
    assert max(len(m) for m in msgs) < 200


# --- lenient readers: corrupted Position, '~' / auto on a player's decision, contradicting headers ---

def position_record() -> str:
    g, _ = besieged()
    start = pn.Game.from_state(g.state, headers={"Athens": "Ada"})
    start.play("pass")
    return start.to_text()


@pytest.mark.parametrize("damage", [
    lambda v: v[: len(v) // 2],  # truncated
    lambda v: v.replace("prestige=[", "prestige=[[", 1),  # a field that is not JSON
    lambda v: v.replace("poleis=", "poleis=x", 1),
    lambda v: v.replace("pending=", "pending=7", 1),
    lambda v: v.replace("units=", "units=attika:x/", 1),
    lambda v: v.replace("polis/1", "polis/2", 1),
    lambda v: v.replace(" round=", " round=99 x=", 1),
    lambda v: "",
])
def test_corrupted_position_header_is_a_record_error_at_the_header(damage):
    text = position_record()
    lines = text.split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith("[Position "))
    value = pn.Game.from_text(text, strict=True).headers["Position"]
    lines[k] = '[Position "' + damage(value).replace("\\", "\\\\").replace('"', '\\"') + '"]'
    for strict in (False, True):
        with pytest.raises(pn.RecordError, match="Position header") as err:
            pn.Game.from_text("\n".join(lines), strict=strict)
        assert where(err.value) == (k + 1, 1)


def test_a_position_the_kernel_fails_on_is_reported_and_the_prefix_kept(monkeypatch):
    """A Position header comes from a file: if the kernel fails on the game it starts (a position the
    notation reader accepts but the rules cannot go on from), the reader reports it at the decision."""
    from polis_nb.record import reading

    text = position_record()
    real = reading.parse_action

    def failing(s, t):
        if t == "pass":
            raise IndexError("tuple index out of range")
        return real(s, t)

    monkeypatch.setattr(reading, "parse_action", failing)
    g = pn.Game.from_text(text)
    (e,) = g.errors
    assert "cannot go on" in e.message and "IndexError" in e.message
    assert text.split("\n")[e.line - 1][e.column - 1:].startswith("pass")
    assert g.root.end() is g.root
    with pytest.raises(IndexError):  # a record from a new game: the kernel is trusted, a failure is a bug
        pn.Game.from_text(BASE)


def test_tilde_before_a_player_decision_is_reported_and_the_decision_kept():
    text = BASE.replace("3.S1. hoplites", "3.S1. ~hoplites")
    g = pn.Game.from_text(text)
    (e,) = g.errors
    assert where(e) == (9, 7)
    assert "'hoplites' is marked with '~'" in e.message and "decision of Sparta" in e.message
    assert g.same_record(base()), "the decision is read as Sparta's; nothing else changes"
    with pytest.raises(pn.RecordError) as err:
        pn.Game.from_text(text, strict=True)
    assert where(err.value) == (9, 7)


def test_json_auto_true_on_a_player_decision_is_reported_at_its_line_and_column():
    ref = base()
    d = ref.to_json()
    d["nodes"][5]["auto"] = True  # hoplites
    text = json.dumps(d, indent=1)
    g = pn.Game.from_json(text)
    (e,) = g.errors
    assert e.message.startswith("node 5: 'hoplites' is marked with \"auto\": true")
    assert text.split("\n")[e.line - 1][e.column - 1:] == '"auto": true'
    assert g.same_record(ref)
    with pytest.raises(pn.RecordError, match="node 5"):
        pn.Game.from_json(text, strict=True)
    (e,) = pn.Game.from_json(d).errors  # from a dict: the node, no line
    assert e.line is None and "node 5" in str(e)
    d["nodes"][5]["auto"] = "yes"
    (e,) = pn.Game.from_json(d).errors
    assert e.message == "node 5: auto must be true or false, not 'yes'"


@pytest.mark.parametrize("headers, line, words", [
    ({"Components": "ed2-default"}, 3, "'ed2-default' is for ed2, but the Edition header says ed1"),
    ({"Edition": "ed2"}, 3, "'ed1-default' is for ed1, but the Edition header says ed2"),
    ({"Options": "spoilage=printed-de", "Edition": "ed2", "Components": "ed2-default"}, 4,
     "unknown option 'spoilage=printed-de' for ed2"),
    ({"Options": "spoilage=sometimes"}, 4, "unknown option 'spoilage=sometimes' for ed1"),
])
def test_contradicting_headers_are_a_record_error_at_the_header(headers, line, words):
    text = BASE
    for k, v in headers.items():
        text = text.replace(f'[{k} "{base().headers[k]}"]', f'[{k} "{v}"]')
    for strict in (False, True):
        with pytest.raises(pn.RecordError) as err:
            pn.Game.from_text(text, strict=strict)
        assert words in err.value.message and where(err.value) == (line, 1)
    data = json.dumps({**base().to_json(), "headers": {**base().headers, **headers}}, indent=1)
    with pytest.raises(pn.RecordError) as err:
        pn.Game.from_json(data)
    assert words in err.value.message and err.value.line is not None


# --- line ends --------------------------------------------------------------------------------------

def annotated() -> pn.Game:
    """Two what-if branches at the siege die, named with line breaks; comments with CRLF and CR."""
    g, die = besieged()
    rolled = die.action.args[0]
    g.what_if(die=1 if rolled != "1" else 2, name="two\nlines \\ and a \"quote\"")
    g.play("pass")
    g.comment("Windows\r\nline, old Mac\rline, \\r is no CR")
    g.goto(die)
    g.what_if(die=3 if rolled != "3" else 4, name="x\r\ny")
    g.comment("before\r\n\r", before=True)
    g.headers["Title"] = "a\r\nb\rc\nd \\r"
    return g


@pytest.mark.parametrize("end", ["\r\n", "\r"])
def test_crlf_and_cr_line_ends_keep_variation_names_with_line_breaks(end):
    g = annotated()
    text = g.to_text()
    assert "\r" not in text, "a carriage return is written as \\r: the file holds none"
    converted = text.replace("\n", end)
    back = pn.Game.from_text(converted, strict=True)
    assert back.same_record(g)
    names = {n.name for n in back.root.walk()} - {""}
    assert names == {"two\nlines \\ and a \"quote\"", "x\r\ny"}
    assert back.to_text() == text
    # and back from CRLF to LF, the way git does it on commit
    assert pn.Game.from_text(converted.replace("\r\n", "\n"), strict=True).same_record(g)


def test_crlf_json_and_file_errors_count_lines_like_lf(tmp_path):
    g = annotated()
    data = json.dumps(g.to_json(), indent=1).replace("\n", "\r\n")
    assert pn.Game.from_json(data, strict=True).same_record(g)
    broken = data.replace('"pass"', '"pass!"', 1)
    (e,) = pn.Game.from_json(broken).errors
    assert broken.split("\r\n")[e.line - 1][e.column - 1:].startswith('"action": "pass!"')
    damaged = BASE.replace("Into", "In\xffto").encode("latin-1")  # a byte that is not UTF-8
    (tmp_path / "lf.polis").write_bytes(damaged)
    (tmp_path / "cr.polis").write_bytes(damaged.replace(b"\n", b"\r"))
    (tmp_path / "crlf.polis").write_bytes(damaged.replace(b"\n", b"\r\n"))
    (e,) = pn.Game.load(tmp_path / "lf.polis").errors
    assert "not valid UTF-8" in e.message and BASE.split("\n")[e.line - 1][e.column - 3:].startswith("Into")
    for name in ("cr.polis", "crlf.polis"):
        assert [(*where(x), x.message) for x in pn.Game.load(tmp_path / name).errors] == [(*where(e), e.message)]


# --- header names ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name, why", [
    ("X-a b", "' '"), ("X-Ärger", "'Ä'"), ("X-\"q\"", "'\"'"), ("X-a]", "']'"), ("X-a\n", "'\\n'"),
    ("", "empty"), ("1st", "start with a letter"), ("-x", "start with a letter"),
])
def test_header_names_the_polis_format_cannot_carry_are_refused(name, why):
    g = base()
    before = dict(g.headers)
    with pytest.raises(ValueError, match="cannot be written in a .polis file") as err:
        g.headers[name] = "x"
    assert why in str(err.value)
    with pytest.raises(ValueError, match="cannot be written"):
        pn.Game(seed=3, headers={name: "x"})
    with pytest.raises(ValueError, match="cannot be written"):
        g.headers.update({"X-fine": "ok", name: "x"})
    assert g.headers == before, "a refused update sets nothing"


def test_header_names_and_values_round_trip_exactly_through_both_formats():
    g = base()
    values = ['"', "\\", "\\n", "a\nb", "a\r\nb", "\r", "]", '"]', "[x \"y\"]", " lead and trail ", "\t", "",
              "\x00\x0b\x0c\x85\u2028", "Ἀθῆναι 🏛", "<script>"]
    for k, v in enumerate(values):
        g.headers[f"X-{k}_{'ab-'[k % 3]}"] = v
    g.headers["Title"] = "\\\"\n"
    for back in (pn.Game.from_text(g.to_text(), strict=True), pn.Game.from_json(json.dumps(g.to_json()), strict=True)):
        assert back.same_record(g) and list(back.headers.items()) == list(g.headers.items())


def test_unknown_header_names_and_wrong_types_are_refused_when_set():
    g = base()
    with pytest.raises(ValueError, match="unknown header 'Foo': own headers start with 'X-'"):
        g.headers["Foo"] = "x"
    with pytest.raises(TypeError, match="the header Title must be text"):
        g.headers["Title"] = 3
    with pytest.raises(TypeError, match="header name must be text"):
        g.headers[3] = "x"
    with pytest.raises(TypeError, match="headers must be Mapping"):
        pn.Game(seed=3, headers=[("Title", "x")])


def test_headers_of_the_game_start_cannot_change_or_go():
    g = base()
    with pytest.raises(pn.RecordError, match="the header Seed '4' contradicts the game"):
        g.headers["Seed"] = "4"
    for remove in (lambda: g.headers.pop("Edition"), lambda: g.headers.__delitem__("Components"), g.headers.clear):
        with pytest.raises(pn.RecordError, match="describes the start of the game"):
            remove()
    g.headers["Seed"] = "3"  # the same value is fine
    g.headers = {"Title": "new"}
    assert dict(g.headers) == {"Edition": "ed1", "Seed": "3", "Components": "ed1-default", "Options": "",
                               "Title": "new"}
    del g.headers["Title"]
    assert pn.Game.from_text(g.to_text(), strict=True).same_record(g)


def test_json_header_names_the_format_cannot_carry_are_reported_with_line_and_column():
    d = base().to_json()
    d["headers"]["a b"] = "x"
    d["headers"]["X-n"] = 5
    text = json.dumps(d, indent=1)
    g = pn.Game.from_json(text)
    assert [e.message.split(":")[0] for e in g.errors] == ["header name 'a b' cannot be written in a .polis file",
                                                           "the header X-n must be text, not 5"]
    assert [text.split("\n")[e.line - 1][e.column - 1:].split(":")[0] for e in g.errors] == ['"a b"', '"X-n"']
    assert "a b" not in g.headers and "X-n" not in g.headers
    assert pn.Game.from_text(g.to_text(), strict=True).same_record(g)


# --- argument types ---------------------------------------------------------------------------------

@pytest.mark.parametrize("call, words", [
    (lambda g: pn.Game.from_text(b"[Edition \"ed1\"]"), "from_text needs text (str), not bytes"),
    (lambda g: pn.Game.from_text(None), "from_text(text) must be str, not NoneType"),
    (lambda g: pn.Game.from_text(["x"]), "must be str, not list"),
    (lambda g: pn.Game.from_json(42), "from_json(data) must be dict or str, not int"),
    (lambda g: pn.Game.from_json(b"{}"), "must be dict or str, not bytes"),
    (lambda g: pn.Game.load(42), "load(path) needs a file path (str or pathlib.Path), not int"),
    (lambda g: pn.Game.load(None), "not NoneType"),
    (lambda g: g.save(None), "save(path) needs a file path"),
    (lambda g: g.save(3.5), "not float"),
    (lambda g: g.play(42), "play(decisions) must be str or Action or list or tuple, not int"),
    (lambda g: g.play(None), "not NoneType"),
    (lambda g: g.play(["pass", 3]), "decision 2 of play() must be str or Action, not int"),
    (lambda g: g.play({"kind": "pass"}), "not dict"),
    (lambda g: g.comment(None), "the comment must be text (str), not NoneType"),
    (lambda g: g.comment(b"x"), "not bytes"),
    (lambda g: g.comment("x", node="root"), "node must be Node, not str"),
    (lambda g: g.glyph(["!"]), "the glyph must be str, not list"),
    (lambda g: g.arrow("attika", ["boiotia"]), "the arrow's area must be str, not list"),
    (lambda g: g.highlight("thebai", None), "the highlight's colour must be str, not NoneType"),
    (lambda g: g.branch(7), "the branch name must be text (str), not int"),
    (lambda g: g.what_if(4), "what_if(outcome) must be str, not int"),
    (lambda g: g.what_if(die=[4]), "what_if(die=...) must be int or str, not list"),
    (lambda g: g.goto("root"), "goto(target) must be Node or int, not str"),
    (lambda g: g.goto(None), "not NoneType"),
    (lambda g: g.step("1"), "step(n) must be int, not str"),
    (lambda g: g.undo(1.0), "undo(n) must be int, not float"),
    (lambda g: g.same_record(g.to_json()), "same_record(other) must be Game, not dict"),
    (lambda g: setattr(g, "headers", "Title"), "headers must be Mapping, not str"),
])
def test_wrong_argument_types_raise_a_type_error_saying_which(call, words):
    g, _ = besieged()
    record, node = g.to_json(), g.node
    with pytest.raises(TypeError) as err:
        call(g)
    assert words in str(err.value)
    assert g.to_json() == record and g.node is node


def test_a_node_of_another_record_is_refused():
    g, _ = besieged()
    other = pn.Game(seed=3)
    other.play(SPARTA_INTO_ARKADIA)
    for call in (lambda: g.comment("x", node=other.node), lambda: g.glyph("!", node=other.node),
                 lambda: g.arrow("attika", "boiotia", node=other.node), lambda: g.goto(other.node)):
        with pytest.raises(pn.RecordError, match="belongs to another record"):
            call()
    assert other.node.comment == "" and other.node.glyphs == [] and other.node.marks == []


def test_a_seed_beyond_64_bits_is_a_record_error_with_its_line():
    """Regression (fuzzing): a ``Seed`` header beyond 64 bits raised a bare ValueError from the kernel."""
    text = pn.Game(seed=3).to_text()
    for seed in ("9" * 25, str(2**64), str(-2**63 - 1), "1e5", "٣"):
        bad = text.replace('[Seed "3"]', f'[Seed "{seed}"]')
        with pytest.raises(pn.RecordError, match="Seed must be a whole number of at most 64 bits") as e:
            pn.Game.from_text(bad)
        assert e.value.line == 2
    assert pn.Game.from_text(text.replace('[Seed "3"]', f'[Seed "{2**64 - 1}"]')).headers["Seed"] == str(2**64 - 1)


def test_a_seed_of_5000_digits_is_a_record_error_in_the_text_and_json_forms():
    """Regression (issue 27): a JSON record whose Seed header is a whole number of more than 4,300 digits
    raised Python's integer-conversion ValueError while the message about it was written. Every form of
    a 5,000-digit Seed is a RecordError saying what is wrong and where, in both reading modes."""
    digits = "9" * 5000
    text = pn.Game(seed=3).to_text()
    data = pn.Game(seed=3).to_json()
    as_json = json.dumps(data, indent=1)
    seed_line = next(i for i, ln in enumerate(as_json.splitlines(), 1) if '"Seed"' in ln)
    for strict in (False, True):
        # text: the header's value is text
        with pytest.raises(pn.RecordError, match="Seed must be a whole number of at most 64 bits") as e:
            pn.Game.from_text(text.replace('[Seed "3"]', f'[Seed "{digits}"]'), strict=strict)
        assert e.value.line == 2
        # JSON text: a string, and a bare number
        with pytest.raises(pn.RecordError, match="Seed must be a whole number of at most 64 bits") as e:
            pn.Game.from_json(as_json.replace('"Seed": "3"', f'"Seed": "{digits}"'), strict=strict)
        assert e.value.line == seed_line
        with pytest.raises(pn.RecordError, match="a number with more than 40 digits") as e:
            pn.Game.from_json(as_json.replace('"Seed": "3"', f'"Seed": {digits}'), strict=strict)
        assert e.value.line == seed_line
        # the JSON form as a dict: a Python whole number Python will not write out
        huge = {**data, "headers": {**data["headers"], "Seed": 10**4999}}
        with pytest.raises(pn.RecordError, match=r"^the header Seed must be text, not \(about 5000 digits\)$"):
            pn.Game.from_json(huge, strict=strict)
    with pytest.raises(TypeError, match="the header Seed must be text"):
        pn.Game.from_headers({"Edition": "ed1", "Seed": 10**4999})


def test_whole_numbers_python_will_not_write_are_reported_by_their_size():
    """Regression (issue 27): an evaluation or mark holding a whole number of thousands of digits is
    reported (the node stays), not a ValueError or OverflowError from writing or comparing it."""
    d = base().to_json()
    d["nodes"][1]["eval"] = {"athens": 10**4999}
    d["nodes"][2]["eval"] = {"athens": 0.5, "playouts": -10**4999}
    d["nodes"][3]["marks"] = [{"kind": 10**4999}]
    g = pn.Game.from_json(d)
    msgs = [e.message for e in g.errors]
    assert msgs == ["node 1: eval athens must be Athens' expected result, a number from 0 to 1, not "
                    "(about 5000 digits)",
                    f"node 2: eval playouts must be a whole number from 0 to {MAX_PLAYOUTS}, not -(about 5000 digits)",
                    "node 3: bad mark {'kind': (about 5000 digits)}: kind and colour must be text"]


def test_a_json_number_of_thousands_of_digits_is_a_record_error_with_its_place():
    """Regression (fuzzing): a JSON number of more than 4,300 digits raised Python's integer-conversion
    error; any integer longer than a record could hold is refused with its line and column."""
    import json

    data = pn.Game(seed=3).to_json()
    text = json.dumps(data, indent=1).replace('"format"', '"x": ' + "9" * 5000 + ', "format"', 1)
    with pytest.raises(pn.RecordError, match="more than 40 digits") as e:
        pn.Game.from_json(text)
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "9" * 50 in ln)
    assert (e.value.line, e.value.column) == (line, text.splitlines()[line - 1].index("9" * 50) + 1)
    data["headers"]["Seed"] = "9" * 5000
    with pytest.raises(pn.RecordError, match="Seed must be a whole number of at most 64 bits"):
        pn.Game.from_json(data)
