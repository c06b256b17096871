"""The ``.polis`` text format: PGN-like, human-writable, exact round trip.

    [Edition "ed1"]
    [Seed "3"]
    [Components "ed1-default"]

    {A game comment.}
    ~draw skene; ~draw phidias; ~draw demeter; ~event xerxes
    3.S1. hoplites
      ("plan B" project; tile demeter; polis sparta; pay)
    ; to arkadia; from lakedaimon ! {Into Arkadia. [%arrow lakedaimon arkadia red]}; end

Decisions are separated by ``;`` or new lines. ``~`` marks a chance outcome drawn from the seed
(replaying checks it); a chance outcome without ``~`` was chosen by the author. Glyphs (``! ? !! ??
!? ?!``) follow their decision; ``{...}`` holds a comment (escape ``{ } \\`` and a literal ``[%``
with a backslash) with board marks ``[%arrow a b colour]`` and ``[%hl x colour]`` and the engine's
evaluation of the position (``[%eval 0.713 playouts=400 best="trade +metal"]``, ``[%eval 0.0
proven=loss]``: Athens' expected result from 0 to 1, then any of ``proven=win|loss|shared``,
``playouts=<n>`` and ``best="<action>"``, see :class:`~polis_nb.record.node.Evaluation`) and a question
of a guess-the-move lesson (``[%quiz]`` or ``[%quiz hint="..."]``, the hint escaping ``\\ " { }`` with a
backslash, see :class:`~polis_nb.record.node.Quiz`) and a side's resignation at the node's position
(``[%resign athens]``, see :attr:`~polis_nb.record.node.Node.resigned`); ``( ... )`` is a
variation, optionally opened by a quoted name and a comment. A quoted name (even ``""``) before a
decision on a line names it and lets a comment before it follow (a promoted variation keeps its
name). Labels like ``3.S1.`` (round 3, Sparta's first turn) are for reading only and are ignored by
the reader. Header values escape ``"`` and ``\\`` with a backslash and write a line break as ``\\n``.
A carriage return in a comment, name or header value is written ``\\r``, so the file holds none: the
reader takes CRLF and lone CR line ends exactly like LF (git autocrlf, Windows editors), and a record
converted to CRLF and back reads the same. Header names are ASCII letters, digits, ``-`` and ``_``
(see :mod:`polis_nb.record.headers`).
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from ..i18n import message
from ..rules import topology_of
from .headers import KNOWN_HEADERS, start_position
from .node import GLYPHS, PROVEN, Evaluation, Mark, Node, Quiz, RecordError, check_mark, quiz_problem, resign_problem
from .reading import line_col, play_recorded, replace_surrogates, unix_lines
from .turns import turn_start

_LABEL = re.compile(r"^(\d+[ab]?|[a-z]+)\.[AS]\d+\.$")  # round label (3, 5a, alpha), side, turn
_MARK = re.compile(r"\[%(arrow|hl)\s+([^\]]*)\]")
_EVAL = re.compile(r"\[%eval\b([^\]]*)\]")
_EVAL_VALUE = re.compile(r"\s+(\d{1,3}(?:\.\d{1,17})?)(?=\s|$)")
_EVAL_FIELD = re.compile(r'\s+([a-z]+)=("[^"]*"|[^\s"]*)(?=\s|$)')
_QUIZ = re.compile(r"\[%quiz(?=[\s\]])")
_RESIGN = re.compile(r"\[%resign(?=[\s\]])([^\]]*)\]")
_WORD = re.compile(r"[A-Za-z0-9\-.:,+_/]+")

#: what the reader says of a file it cannot read (in any language: RecordError.words)
COMMENT_OPEN = message("record-error.comment-open", "comment is not closed with {char}")
NAME_OPEN = message("record-error.name-open", "variation name is not closed with '\"'")
UNEXPECTED = message("record-error.unexpected", "unexpected character {char}")
UNKNOWN_HEADER = message("record-error.unknown-header", "unknown header {keyword} (own headers start with {text})")
UNKNOWN_GLYPH = message("record-error.unknown-glyph", "unknown glyph {text}")
MARKS_BEFORE = message("record-error.marks-before", "board marks belong in the comment after a decision, not before it")
EVAL_BEFORE = message("record-error.evaluation-before", "an evaluation belongs in the comment after a decision (or of "
                                                      "the game), not before a decision")
QUIZ_BEFORE = message("record-error.quiz-before", "a question belongs in the comment after the decision it asks for, "
                                                  "not before a decision")
RESIGN_BEFORE = message("record-error.resignation-before", "a resignation belongs in the comment after the decision "
                                                           "where the side resigned, not before a decision")
VARIATION_FIRST = message("record-error.variation-first", "a variation needs a decision before it to replace")
UNMATCHED_CLOSE = message("record-error.unmatched-close", "')' without a matching '('")
HEADERS_LATE = message("record-error.headers-late", "headers belong at the top of the file")
VARIATION_OPEN = message("record-error.variation-open", "variation not closed with ')'")
BAD_HEADER = message("record-error.bad-header", "malformed header {text}; expected [Name \"value\"]")


# --- writing --------------------------------------------------------------------------------------

def _esc(text: str) -> str:
    # ``[%`` too: in a comment it would open a board mark; a carriage return as \r (the file holds none)
    return (text.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}").replace("[%", "\\[%")
            .replace("\r", "\\r"))


def _comment(text: str, marks: list[Mark], evaluation: Evaluation | None = None, quiz: Quiz | None = None,
             resigned: str | None = None) -> str:
    body = " ".join(([_esc(text)] if text else []) + [str(m) for m in marks]
                    + ([str(evaluation)] if evaluation is not None else []) + ([str(quiz)] if quiz is not None else [])
                    + ([f"[%resign {resigned}]"] if resigned is not None else []))
    return "{" + body + "}"


def _annotated(node: Node) -> bool:
    return bool(node.comment or node.marks or node.evaluation is not None or node.quiz is not None
                or node.resigned is not None)


def _label(node: Node, counts: dict) -> str | None:
    """``3.A2.`` where ``node`` opens a turn (see :mod:`.turns`, which the Viewer's numbering shares)."""
    if not turn_start(node):
        return None
    parent = node.before
    p = parent.pending.player
    key = (parent.round, p)
    counts[key] = counts.get(key, 0) + 1
    rl = topology_of(parent).comp.rounds[parent.round].label
    return f"{rl}.{'AS'[p]}{counts[key]}."


def _decision(node: Node) -> str:
    out = ("~" if node.auto else "") + str(node.action)
    for g in node.glyphs:
        out += " " + g
    if _annotated(node):
        out += " " + _comment(node.comment, node.marks, node.evaluation, node.quiz, node.resigned)
    return out


def write(headers: Mapping[str, str], root: Node) -> str:
    """The ``.polis`` text of a record: its headers and the tree below ``root``."""
    lines = [_header(k, v) for k, v in headers.items()]
    lines.append("")
    body: list[str] = []
    if _annotated(root):
        body.append(_comment(root.comment, root.marks, root.evaluation, root.quiz, root.resigned))
    _write_line(root, body, {}, 0)
    text = "\n".join(lines) + "\n" + _join(body).strip() + "\n"
    return text


def _join(parts: list[str]) -> str:
    """Parts joined by a space, except before a part that starts a new line (comments are left alone)."""
    out: list[str] = []
    for p in parts:
        if out and not p.startswith("\n"):
            out.append(" ")
        out.append(p)
    return "".join(out)


def _hesc(v: str) -> str:
    return v.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "\\r")


def _header(k: str, v: str) -> str:
    # a header is one line: a line break in its value is written as \n
    value = _hesc(v).replace("\n", "\\n")
    return f'[{k} "{value}"]'


def _name(v: str) -> str:
    # a line break in a name is escaped like a quote (the reader takes any character after '\\')
    return '"' + _hesc(v).replace("\n", "\\\n") + '"'


def _opening(node: Node, *, in_variation: bool) -> list[str]:
    """The name and the comment before ``node``'s decision. Inside '(' they need no introduction; on a
    main line (a promoted variation keeps its name) the name, even empty, says a comment before follows."""
    out = []
    if node.name or (node.starting_comment and not in_variation):
        out.append(_name(node.name))
    if node.starting_comment:
        out.append(_comment(node.starting_comment, []))
    return out


def _write_line(start: Node, out: list[str], counts: dict, depth: int) -> None:
    """Write the main continuation from ``start``; variations recurse (their nesting only)."""
    node = start
    first = True
    while node.variations:
        main = node.variations[0]
        before = dict(counts)  # a variation replaces ``main``, so it numbers its turn from here
        lab = _label(main, counts)
        if lab is not None:
            out.append("\n" + "  " * depth + lab)
        elif not first:
            out[-1] += ";"
        out.extend(_opening(main, in_variation=False))
        out.append(_decision(main))
        for var in node.variations[1:]:
            out.append("\n" + "  " * (depth + 1) + "(")
            out.extend(_opening(var, in_variation=True))
            vcounts = dict(before)
            vl = _label(var, vcounts)
            if vl is not None:
                out.append(vl)
            out.append(_decision(var))
            sub: list[str] = []
            _write_line(var, sub, vcounts, depth + 1)
            if sub and not sub[0].startswith("\n"):
                out[-1] += ";"
            out.extend(sub)
            out.append(")")
        first = False
        node = main


# --- reading --------------------------------------------------------------------------------------

class _Tokens:
    """Tokens with 1-based line and column: header, comment, open, close, sep, glyph, name, word."""

    def __init__(self, text: str):
        self.text = text
        self.toks: list[tuple[str, str, int, int]] = []
        self.errors: list[RecordError] = []
        self._scan()

    def _scan(self) -> None:
        t = self.text
        i, line, col = 0, 1, 1
        n = len(t)

        def adv(k: int) -> None:
            nonlocal i, line, col
            for ch in t[i:i + k]:
                if ch == "\n":
                    line, col = line + 1, 1
                else:
                    col += 1
            i += k

        while i < n:
            ch = t[i]
            if ch == "\n":
                self.toks.append(("sep", "\n", line, col))
                adv(1)
            elif ch in " \t\r\ufeff":
                adv(1)
            elif ch == ";":
                self.toks.append(("sep", ";", line, col))
                adv(1)
            elif ch in "()":
                self.toks.append(("open" if ch == "(" else "close", ch, line, col))
                adv(1)
            elif ch == "{":
                # the raw body, escapes kept: an escaped '[%' is text, not a mark (see _split_marks)
                j, l0, c0 = _scan_escaped(t, i + 1, "}"), line, col
                if j >= n:
                    self.errors.append(RecordError(COMMENT_OPEN, l0, c0, char="'}'"))
                self.toks.append(("comment", t[i + 1:min(j, n)], l0, c0))
                adv(min(j + 1, n) - i)
            elif ch == "[" and t.startswith("[%", i) is False and col == 1:
                j = t.find("\n", i)
                j = n if j < 0 else j
                self.toks.append(("header", t[i:j].rstrip(), line, col))
                adv(j - i)
            elif ch == '"':
                j, l0, c0 = _scan_escaped(t, i + 1, '"\n'), line, col
                if j >= n or t[j] != '"':
                    self.errors.append(RecordError(NAME_OPEN, l0, c0))
                self.toks.append(("name", _unescape(t[i + 1:j]), l0, c0))
                adv(min(j + 1, n) - i)
            else:
                m = _WORD.match(t, i)
                if ch == "~":
                    m2 = _WORD.match(t, i + 1)
                    k = 1 + (len(m2.group()) if m2 else 0)
                    self.toks.append(("word", t[i:i + k], line, col))
                    adv(k)
                    continue
                if ch in "!?":
                    k = 2 if t[i:i + 2] in GLYPHS else 1
                    self.toks.append(("glyph", t[i:i + k], line, col))
                    adv(k)
                elif m:
                    self.toks.append(("word", m.group(), line, col))
                    adv(len(m.group()))
                else:
                    self.errors.append(RecordError(UNEXPECTED, line, col, char=repr(ch)))
                    self.toks.append(("bad", ch, line, col))
                    adv(1)


def _scan_escaped(t: str, j: int, stops: str) -> int:
    """Index of the first of ``stops`` at or after ``j`` that no backslash escapes (len(t) if none)."""
    n = len(t)
    while j < n and t[j] not in stops:
        j += 2 if t[j] == "\\" and j + 1 < n else 1
    return min(j, n)


_ESCAPED = re.compile(r"\\(.)", re.S)
_CR = {"r": "\r"}  # \r is a carriage return (the writer puts none in the file); \x is x otherwise
_CR_LF = {"r": "\r", "n": "\n"}  # in a header value, \n is a line break too


def _unescape(text: str, table: dict[str, str] = _CR) -> str:
    return _ESCAPED.sub(lambda e: table.get(e.group(1), e.group(1)), text) if "\\" in text else text


def _parse_header(tok: str, line: int) -> tuple[str, str]:
    m = re.fullmatch(r'\[([A-Za-z][A-Za-z0-9_-]*)\s+"((?:[^"\\]|\\.)*)"\]', tok)
    if not m:
        raise RecordError(BAD_HEADER, line, 1, text=repr(tok))
    return m.group(1), _unescape(m.group(2), _CR_LF)


def _split_marks(raw: str, state, line: int, col: int, errors: list, at: Node | None = None
                 ) -> tuple[str, list[Mark], Evaluation | None, Quiz | None, str | None]:
    """A comment body's text (escapes undone), its board marks, its evaluation, its question and the
    side that resigned (the last one if it holds several). The writer puts one space before each
    mark, the evaluation, the question and the resignation (after the text); that space goes with
    them, so the text comes back exactly. ``at`` is the node the comment follows (its position checks
    the evaluation's best choice and whether a question can be asked or a side resign there); an
    evaluation, a question or a resignation anywhere else (``at`` None) is for the caller to refuse."""
    text: list[str] = []
    marks: list[Mark] = []
    evaluation: Evaluation | None = None
    quiz: Quiz | None = None
    resigned: str | None = None
    i, n = 0, len(raw)
    while i < n:
        m = e = q = r = None
        if raw.startswith("[%", i):
            q = _QUIZ.match(raw, i)
            r = _RESIGN.match(raw, i) if q is None else None
            m = _MARK.match(raw, i) if q is None and r is None else None
            e = _EVAL.match(raw, i) if q is None and r is None and m is None else None
        if m is None and e is None and q is None and r is None:
            if raw[i] == "\\" and i + 1 < n:
                text.append(_CR.get(raw[i + 1], raw[i + 1]))
                i += 2
            else:
                text.append(raw[i])
                i += 1
            continue
        if text and text[-1] == " ":
            text.pop()
        start = i
        if q is not None:
            found, end, problem, at_ = _parse_quiz(raw, i)
            i = end + (1 if not text and raw.startswith(" ", end) else 0)
            if problem is not None:
                errors.append(RecordError(problem, *_inner(raw, at_, line, col)))
                continue
            bad = quiz_problem(at) if at is not None else None
            if bad is not None:
                errors.append(RecordError(bad, *_inner(raw, start, line, col)))
                continue
            quiz = found
            continue
        if r is not None:
            i = r.end() + (1 if not text and raw.startswith(" ", r.end()) else 0)
            side = r.group(1).strip()
            bad = resign_problem(at, side) if at is not None else None
            if bad is not None:
                errors.append(RecordError(bad, *_inner(raw, start, line, col)))
                continue
            resigned = side
            continue
        hit = m or e
        assert hit is not None
        i = hit.end() + (1 if not text and raw.startswith(" ", hit.end()) else 0)
        if e is not None:
            where = _inner(raw, start, line, col)
            try:
                ev = _parse_eval(e.group(1))
                evaluation = ev.checked(at.state) if at is not None else ev
            except RecordError as err:
                errors.append(RecordError(err.message, *where))
            except Exception as err:  # the kernel on a position from a Position header: the file's fault
                errors.append(RecordError(f"the evaluation cannot be checked here ({type(err).__name__}: {err})",
                                          *where))
            continue
        assert m is not None
        parts = m.group(2).split()
        kind = "arrow" if m.group(1) == "arrow" else "highlight"
        try:
            if kind == "arrow" and len(parts) in (2, 3):
                mk = Mark.arrow(parts[0], parts[1], *(parts[2:] or ["green"]))
            elif kind == "highlight" and len(parts) in (1, 2):
                mk = Mark.highlight(parts[0], *(parts[1:] or ["yellow"]))
            else:
                raise RecordError(f"malformed mark {m.group(0)!r}")
            check_mark(state, mk)
            marks.append(mk)
        except RecordError as err:
            errors.append(RecordError(err.message, line, col))
    return "".join(text), marks, evaluation, quiz, resigned


_QUIZ_FORM = 'a question reads [%quiz] or [%quiz hint="..."]'


def _parse_quiz(raw: str, i: int) -> tuple[Quiz | None, int, str | None, int]:
    """The question annotation at ``raw[i:]`` (it starts with ``[%quiz``): ``(question, index after it,
    None, 0)``, or ``(None, index after the broken annotation, what is wrong, offset of the fault)``.
    In the hint a backslash escapes the next character (``\\r`` is a carriage return)."""
    n = len(raw)
    j = i + len("[%quiz")
    while j < n and raw[j] in " \t\n":
        j += 1
    if j < n and raw[j] == "]":
        return Quiz(""), j + 1, None, 0
    if raw.startswith('hint="', j):
        k = j + len('hint="')
        chars: list[str] = []
        while k < n and raw[k] != '"':
            if raw[k] == "\\" and k + 1 < n:
                chars.append(_CR.get(raw[k + 1], raw[k + 1]))
                k += 2
            else:
                chars.append(raw[k])
                k += 1
        if k >= n:
            return None, n, "the hint of a question is not closed with '\"'", j
        k += 1
        while k < n and raw[k] in " \t\n":
            k += 1
        if k < n and raw[k] == "]":
            return Quiz("".join(chars)), k + 1, None, 0
        close = raw.find("]", k)
        return None, (close + 1 if close >= 0 else n), f"{_QUIZ_FORM}: ']' expected after the hint", k
    close = raw.find("]", j)
    word = re.match(r"[A-Za-z_]+", raw[j:j + 40])
    if word and word.group() == "hint":
        problem = f'{_QUIZ_FORM}: the hint is quoted, hint="..."'
    elif word and raw.startswith("=", j + word.end()):
        problem = f"unknown field {word.group()!r} in a question (known: hint); {_QUIZ_FORM}"
    else:
        problem = f"{_QUIZ_FORM}, with the hint quoted"
    return None, (close + 1 if close >= 0 else n), problem, j


def _inner(raw: str, k: int, line: int, col: int) -> tuple[int, int]:
    """Line and column of offset ``k`` of a comment body whose '{' stands at ``line``, ``col``."""
    breaks = raw.count("\n", 0, k)
    return (line, col + 1 + k) if not breaks else (line + breaks, k - raw.rfind("\n", 0, k))


def _parse_eval(body: str) -> Evaluation:
    """The evaluation of ``[%eval <body>]``: a value from 0 to 1, then ``key=value`` fields."""
    v = _EVAL_VALUE.match(body)
    if v is None:
        raise RecordError("an evaluation reads [%eval <Athens' expected result from 0 to 1> ...], e.g. "
                          "[%eval 0.62 playouts=400]")
    fields: dict[str, str] = {}
    i = v.end()
    while i < len(body) and not body[i:].isspace():
        f = _EVAL_FIELD.match(body, i)
        if f is None:
            raise RecordError(f"cannot read {body[i:].strip()[:30]!r} in an evaluation; its fields read "
                              'proven=win|loss|shared, playouts=<n> and best="<action>"')
        key, value = f.group(1), f.group(2)
        if key not in ("proven", "playouts", "best"):
            raise RecordError(f"unknown field {key!r} in an evaluation (known: proven, playouts, best)")
        if key in fields:
            raise RecordError(f"the field {key!r} appears twice in an evaluation")
        fields[key] = value
        i = f.end()
    proven = fields.get("proven")
    if proven is not None and proven not in PROVEN:
        raise RecordError(f"proven={proven} in an evaluation: use one of {', '.join(PROVEN)}")
    playouts = fields.get("playouts", "0")
    if not playouts.isascii() or not playouts.isdigit() or len(playouts) > 16:
        raise RecordError(f"playouts={playouts[:20]} in an evaluation: use a whole number")
    best = fields.get("best")
    if best is not None:
        if len(best) < 2 or not best.startswith('"') or not best.endswith('"'):
            raise RecordError('the best choice in an evaluation is quoted: best="trade +metal"')
        best = best[1:-1]
    return Evaluation(float(v.group(1)), proven, best, int(playouts))


def read(text: str) -> tuple[dict[str, str], Node | None, list[RecordError]]:
    """Read ``.polis`` text leniently: (the headers, the root of the tree holding the valid part, the
    problems in the order of the file). The root is None when the headers describe no game (the first
    problem says why). CRLF and CR line ends read as LF; a lone surrogate (only a str can hold one) is
    reported and replaced by U+FFFD, so what is read can be saved."""
    # a byte order mark (some editors write one) is no column
    text, bad = replace_surrogates(unix_lines(text.removeprefix("\ufeff")))
    tk = _Tokens(text)
    errors = list(tk.errors)
    errors += [RecordError("a lone surrogate cannot be saved as UTF-8 (it was replaced by U+FFFD)", *line_col(text, i))
               for i in bad]
    toks = tk.toks
    headers: dict[str, str] = {}
    header_at: dict[str, tuple[int, int]] = {}
    k = 0
    while k < len(toks) and toks[k][0] in ("header", "sep"):
        kind, val, line, col = toks[k]
        if kind == "header":
            try:
                key, v = _parse_header(val, line)
                if key not in KNOWN_HEADERS and not key.startswith("X-"):
                    errors.append(RecordError(UNKNOWN_HEADER, line, col, keyword=repr(key), text="'X-'"))
                headers[key] = v
                header_at[key] = (line, col)
            except RecordError as e:
                errors.append(e)
        k += 1
    try:
        start = start_position(headers)
    except RecordError as e:
        line, col = header_at.get(getattr(e, "header", ""), (1, 1))
        return headers, None, [RecordError(e.message, line, col)] + errors  # the reason nothing could be read first
    guarded = "Position" in headers  # a start read from the file: the kernel's failures on it are the file's
    root = Node(None, None, start)
    # per open '(': the reader's state to return to, and where the '(' stands
    stack: list[list] = []
    cur, skipping = root, False
    words: list[tuple[str, int, int]] = []
    var_start: Node | None = None  # parent of a variation whose first decision is still to come
    pending_name, pending_comment = "", ""
    broken = False  # the decision being read holds a character the tokenizer reported

    def flush() -> None:
        nonlocal cur, skipping, var_start, pending_name, pending_comment, broken
        if broken and words:
            skipping = True  # its error is reported; what follows on the line depends on it
        broken = False
        if not words:
            return
        text_ = " ".join(w for w, _, _ in words)
        line, col = words[0][1], words[0][2]
        words.clear()
        if skipping:
            return
        auto = text_.startswith("~")
        if auto:
            text_ = text_[1:].lstrip()
        base = var_start if var_start is not None else cur
        node, _, problems = play_recorded(base, text_, auto, marker="'~'", guarded=guarded)
        errors.extend(RecordError(msg, line, col) for _, msg in problems)
        if node is None:
            skipping = True
            return
        if var_start is not None:
            node.name = node.name or pending_name
            node.starting_comment = node.starting_comment or pending_comment
            var_start, pending_name, pending_comment = None, "", ""
        cur = node

    for kind, val, line, col in toks[k:]:
        if kind == "word":
            if not words and _LABEL.match(val):
                continue
            words.append((val, line, col))
            continue
        if kind == "bad":
            broken = True  # part of the decision around it, which is dropped at its end
            continue
        flush()
        if kind == "glyph":
            if val not in GLYPHS:
                errors.append(RecordError(UNKNOWN_GLYPH, line, col, text=repr(val)))
            elif not skipping and cur is not root and val not in cur.glyphs:
                cur.glyphs.append(val)
        elif kind == "comment":
            if skipping:
                continue
            txt, marks, ev, qz, rs = _split_marks(val, root.state, line, col, errors,
                                              at=None if var_start is not None else cur)
            if var_start is not None:
                pending_comment = txt
                if marks:
                    errors.append(RecordError(MARKS_BEFORE, line, col))
                if ev is not None:
                    errors.append(RecordError(EVAL_BEFORE, line, col))
                if qz is not None:
                    errors.append(RecordError(QUIZ_BEFORE, line, col))
                if rs is not None:
                    errors.append(RecordError(RESIGN_BEFORE, line, col))
            else:
                cur.comment = txt
                cur.marks.extend(m for m in marks if m not in cur.marks)
                if ev is not None:
                    cur.evaluation = ev
                if qz is not None:
                    cur.quiz = qz
                if rs is not None:
                    cur.resigned = rs
        elif kind == "name":
            if var_start is None and not skipping:  # a named decision on a line (a promoted variation)
                var_start = cur
            pending_name = val
        elif kind == "open":
            stack.append([cur, skipping, var_start, pending_name, pending_comment, line, col])
            if cur is root or cur.parent is None:
                errors.append(RecordError(VARIATION_FIRST, line, col))
                skipping = True
            var_start = cur.parent
            pending_name, pending_comment = "", ""
        elif kind == "close":
            if not stack:
                errors.append(RecordError(UNMATCHED_CLOSE, line, col))
                continue
            cur, skipping, var_start, pending_name, pending_comment, _, _ = stack.pop()
        elif kind == "header":
            errors.append(RecordError(HEADERS_LATE, line, col))
    flush()
    for *_, line, col in stack:  # each '(' still open
        errors.append(RecordError(VARIATION_OPEN, line, col))
    errors.sort(key=lambda e: (e.line or 0, e.column or 0))
    return headers, root, errors
