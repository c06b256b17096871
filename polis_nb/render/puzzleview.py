"""The Puzzle widget's view model (``PuzzleBoard``): one proven puzzle at a time, as plain JSON.

Pure Python; no widget library. The widget (:mod:`polis_nb.widgets.puzzle`) keeps the learner's
progress and calls :func:`puzzle_view` to draw it; :func:`verdict_words` turns a
:func:`polis_nb.puzzles.check` verdict into the words shown. Nothing here decides a rule or a
puzzle's answer: the legal choices come from the kernel, the verdicts from the proven puzzle file.

**Nothing gives the answer away before it is found.** While a puzzle is open the view holds the
position, the prompt and the legal choices, every choice alike (same fields, no value, no share, no
order by merit: the kernel's order); the solution, the explanation and the themes of the puzzle
are added only once it is solved or shown. A wrong try adds that choice's proven value in words.
"""
from __future__ import annotations

import re
from typing import Any

from ..puzzles import THEMES, Puzzle, Verdict, position_at
from ..rules import Action, IllegalActionError, InvalidActionError, State, chance_outcomes, parse_action
from .choiceview import choice_groups
from ..i18n import message
from .say import say, side_name
from .text import action_words, cite_sections
from .viewmodel import board_view, prompt as decision_prompt

STATUSES = ("open", "solved", "shown")
_RULE_IDS = re.compile(r"\s*\[[A-Za-z0-9 .,_-]+\]")  # "[end.score, end.tie-break]" after a reason
_EDITION_WORDS = {"ed1": message("puzzle.edition.ed1", "first edition"),
                  "ed2": message("puzzle.edition.ed2", "second edition")}
CHANCE = message("puzzle.chance", "Chance")
RIGHT = message("puzzle.view.right", "Right — {why} The line: {line}.")
WRONG = message("puzzle.view.wrong", "Not this one — {why}")
STEP = message("puzzle.step", "{who}: {text}")
LINE_SEP = message("puzzle.line-sep", "; ")
TITLE = message("puzzle.title", "Puzzle {number} of {count} · {edition} · difficulty {difficulty}")
PROMPT = message("puzzle.prompt", "{side} to play: find the best choice")
SOLUTION = message("puzzle.solution", "The solution: {why}.")
IT = message("puzzle.it", "It {verdict}.")
VERDICTS = {"win": message("puzzle.verdict.win", "wins by force"),
            "shared": message("puzzle.verdict.shared", "is the only choice that does not lose: it forces a shared result")}
CHANCE_VERDICT = message("puzzle.verdict.chance", "wins with probability {p} (the best chance there is)")


def reason_words(reason: str) -> str:
    """A proven reason without its rule ids: "wins by force: Athens has the higher score at the
    final scoring, 7–6 (Athens–Sparta)"."""
    return _RULE_IDS.sub("", reason).strip().rstrip(".")


def step_action(s: State, text: str) -> Action:
    """The action ``text`` names at ``s`` (a chance outcome when chance decides)."""
    if s.is_chance:
        for a, _ in chance_outcomes(s):
            if str(a) == text:
                return a
    return parse_action(s, text)


def solution_words(p: Puzzle) -> list[dict]:
    """The solution line in words, one step after the other: ``[{who, text}]`` ("Athens", "Move
    the proxenos (pay 1 silver)")."""
    out = []
    for i, st in enumerate(p.solution):
        s = position_at(p, i)
        who = say(CHANCE) if st.who == "chance" else side_name(st.who)
        try:
            text = action_words(s, step_action(s, st.action))
        except (IllegalActionError, InvalidActionError, ValueError, KeyError):
            text = st.action
        out.append({"who": who, "text": text})
    return out


def choice_words(p: Puzzle, action: str) -> str:
    """One legal choice of the puzzle's position in words."""
    s = p.state()
    try:
        return action_words(s, Action.from_text(action))
    except (ValueError, KeyError, IndexError, TypeError):
        return action


def verdict_words(p: Puzzle, v: Verdict) -> dict:
    """What a try says: ``{right, text, cite, cite_original, choice}`` — "Right — " with the proven
    reason and the solution line, or "Not this one — " with the proven value of that choice, in
    words: the puzzle's reasons name the choice and the rules in words already (no notation, no rule
    ids; the rulebook sections are in ``cite`` too)."""
    words = choice_words(p, v.action)
    why = reason_words(v.reason).rstrip(".") + "."
    cite, original = cite_sections(v.rules, p.edition)
    if v.right:
        text = say(RIGHT, why=why, line=line_text(solution_words(p)))
    else:
        text = say(WRONG, why=why)
    return {"right": v.right, "text": text, "cite": cite, "cite_original": original, "choice": words}


def score_rows(score: dict[str, tuple[int, int]]) -> list[dict]:
    """The per-theme score as rows in the order of THEMES: ``[{theme, solved, tried}]`` (tried themes only)."""
    return [{"theme": t, "solved": score[t][0], "tried": score[t][1]} for t in THEMES if t in score]


def puzzle_view(p: Puzzle, *, rev: int = 0, number: int = 1, count: int = 1, status: str = "open",
                tries: int = 0, hinted: bool = False, hint: str | None = None, feedback: dict | None = None,
                streak: int = 0, best: int = 0, score: dict[str, tuple[int, int]] | None = None, note: str = "",
                explanation: Any = None) -> dict:
    """The view model of one puzzle: ``{rev, number, count, title, prompt, decision, status, board,
    choices, tries, feedback, hint, can_hint, can_show, can_next, solution, streak, best, score, note}``.

    ``board`` is the map (``svg_attrs``, ``svg_layers``, ``targets``, ``tips``, ``explanation``, and for
    the keyboard ``places``, ``neighbours``, ``map_keys``: :mod:`.placeview`): the position with the
    legal places outlined (and in the choices group) while the puzzle is open. ``choices`` are the
    choices that name no place, payment variants joined into one entry with a "pay with" picker
    (:func:`polis_nb.render.choiceview.choice_groups`). ``solution`` is None until the puzzle is
    ``solved`` or ``shown``; then it holds the verdict, the line in words, the themes and the
    rulebook sections that decide it."""
    if status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
    s = p.state()
    is_open = status == "open"
    # once the puzzle is done nothing is a choice: drawn for the other side, no place is outlined
    other = "sparta" if p.player == "athens" else "athens"
    b = board_view(s, rev=rev, explanation=explanation, viewer=None if is_open else other)
    board = {"rev": rev, "svg_attrs": b["svg_attrs"], "svg_layers": b["svg_layers"],
             "targets": b["targets"] if is_open else {}, "tips": b["tips"], "explanation": b["explanation"],
             "map_box": b["map_box"], "band_box": b["band_box"], "player": b["player"], "decision": b["decision"],
             "places": b["places"] if is_open else [], "neighbours": b["neighbours"], "map_keys": b["map_keys"],
             "map_words": b["map_words"]}
    out = {
        "rev": rev,
        "number": number,
        "count": count,
        "edition": p.edition,
        "title": say(TITLE, number=number, count=count, difficulty=p.difficulty,
                     edition=say(_EDITION_WORDS[p.edition]) if p.edition in _EDITION_WORDS else p.edition),
        "prompt": say(PROMPT, side=p.player),
        "decision": decision_prompt(s),
        "side": p.player,
        "status": status,
        "board": board,
        "choices": choice_groups(s, b["buttons"]) if is_open else [],
        "tries": tries,
        "hinted": hinted,
        "feedback": feedback,
        "hint": hint,
        "can_hint": is_open and not hinted,
        "can_show": is_open and (tries > 0 or hinted),
        "can_next": number < count,
        "solution": None,
        "streak": streak,
        "best": best,
        "score": score_rows(score or {}),
        "note": note,
    }
    if not is_open:
        cite, original = cite_sections(p.rules, p.edition)
        line = solution_words(p)
        answer = choice_words(p, p.accepted[0])
        out["solution"] = {
            "answer": answer,
            "verdict": p.verdict,
            "text": (say(SOLUTION, why=reason_words(p.choice(p.accepted[0]).reason).rstrip('.')) if status == "shown"
                     else say(IT, verdict=_verdict_words(p))),
            "line": line,
            "line_text": line_text(line),
            "themes": list(p.themes),
            "cite": cite,
            "cite_original": original,
        }
    return out


def _verdict_words(p: Puzzle) -> str:
    if p.verdict in VERDICTS:
        return say(VERDICTS[p.verdict])
    return say(CHANCE_VERDICT, p=p.value)


def line_text(line: list[dict]) -> str:
    """A solution line (:func:`solution_words`) in one text: "Athens: …; Sparta: …"."""
    return say(LINE_SEP).join(say(STEP, who=x["who"], text=x["text"]) for x in line)
