"""The safe reading and writing helpers every reader and writer of user files goes through."""
import os

import pytest

from polis_nb.data.safeio import (MAX_JSON_DEPTH, JSONDepthError, check_text, loads_json,
                                  write_text_atomic)


@pytest.mark.parametrize("text", ["[" * 100_000, "{\"a\":" * 5000 + "1" + "}" * 5000,
                                  "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)])
def test_deep_json_is_refused_with_its_place(text):
    with pytest.raises(JSONDepthError) as e:
        loads_json(text)
    assert e.value.line == 1 and e.value.column == (MAX_JSON_DEPTH + 1 if text[0] == "[" else 5 * MAX_JSON_DEPTH + 1)
    assert "deeper than" in str(e.value)


def test_json_at_the_limit_and_brackets_in_strings_are_read():
    assert loads_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is not None
    assert loads_json('{"a": "[[[[\\"[[", "b": [1, [2]]}') == {"a": '[[[["[[', "b": [1, [2]]}


def test_lone_surrogates_are_refused_by_name():
    with pytest.raises(ValueError, match="comment holds a lone surrogate .U\\+D800. at character 4"):
        check_text("abc\ud800", "comment")
    with pytest.raises(TypeError, match="comment must be text"):
        check_text(3, "comment")
    assert check_text("Ἀθῆναι 🏛", "comment") == "Ἀθῆναι 🏛"


def test_a_failed_write_keeps_the_old_file(tmp_path):
    p = tmp_path / "game.polis"
    write_text_atomic(p, "old record\n")
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(p, "new \ud800 record")
    assert p.read_text() == "old record\n"
    assert os.listdir(tmp_path) == ["game.polis"]  # no temporary file left behind
    write_text_atomic(p, "new record\n")
    assert p.read_text() == "new record\n"
