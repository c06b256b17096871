"""What the two record readers (``.polis`` text and JSON) share: putting a decision found in a file
onto the tree, leniently, and the text clean-ups both apply."""
from __future__ import annotations

import re

from ..rules import IllegalActionError, InvalidActionError, apply_unchecked, chance_rng, parse_action, sample_chance
from .node import Node

_SURROGATES = re.compile("[\ud800-\udfff]")


def unix_lines(text: str) -> str:
    """``text`` with CRLF and lone CR line ends turned into LF (what git autocrlf and Windows or
    old Mac editors write), so every reader sees the same lines and columns."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def replace_surrogates(text: str) -> tuple[str, list[int]]:
    """``text`` with each lone surrogate (it cannot be saved as UTF-8) replaced by U+FFFD, and the
    offsets where they stood."""
    found = [m.start() for m in _SURROGATES.finditer(text)]
    return (_SURROGATES.sub("\ufffd", text) if found else text), found


def line_col(text: str, pos: int) -> tuple[int, int]:
    """1-based line and column of offset ``pos`` in ``text`` (LF line ends)."""
    return text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos)


def play_recorded(base: Node, text: str, auto: bool, *, marker: str, guarded: bool
                  ) -> tuple[Node | None, bool, list[tuple[str, str]]]:
    """Follow or add the child of ``base`` for the decision ``text`` that a file holds.

    ``auto`` says the file marks it (with ``marker``) as a chance outcome drawn from the seed; a mark
    on a player's decision, or on an outcome the seed does not give, is dropped and reported: the
    decision is kept as chosen. Returns the node (None if the decision cannot be played: what hangs
    below it is to be skipped), whether it is new, and the problems as (field, message), field being
    "action" or "auto". ``guarded``: the start came from a file (a Position header), so a failure of
    the kernel on it is the file's fault and is reported instead of raised.
    """
    if not guarded:
        return _play(base, text, auto, marker)
    try:
        return _play(base, text, auto, marker)
    except Exception as e:  # an accepted start position the kernel cannot go on from
        return None, False, [("action", f"the game cannot go on here from the position of the Position header "
                                        f"({type(e).__name__}: {e})")]


def _play(base: Node, text: str, auto: bool, marker: str) -> tuple[Node | None, bool, list[tuple[str, str]]]:
    s = base.state
    try:
        a = parse_action(s, text)
    except (InvalidActionError, IllegalActionError) as e:
        msg = e.problem if isinstance(e, InvalidActionError) else str(e.explanation)
        return None, False, [("action", f"'{text}' cannot be played at ply {s.ply}: {msg}")]
    problems: list[tuple[str, str]] = []
    if auto and not s.is_chance:
        problems.append(("auto", f"'{a}' is marked with {marker} as a chance outcome drawn from the seed, but it is "
                                 f"a decision of {s.current_player.capitalize()}: it is read as theirs"))
        auto = False
    elif auto and sample_chance(s, chance_rng(s)) != a:
        problems.append(("auto", f"'{a}' is marked as drawn from the seed, but seed {s.seed} gives "
                                 f"'{sample_chance(s, chance_rng(s))}' here: the record was made with another seed or "
                                 "component set"))
        auto = False
    node = base.child(a)
    if node is not None:
        return node, False, problems
    node = Node(base, a, apply_unchecked(s, a), auto=auto)
    base.variations.append(node)
    return node, True, problems
