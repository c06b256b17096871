"""The exercise registry: an id, the task, the rules practised, a starting position and a judge.

A judge is a function ``judge(answer, start) -> Verdict``: ``answer`` is what the reader handed in
(decisions as text, a State, a Game, a widget...), ``start`` the State the exercise starts from. It
computes what counts as solved from the kernel, and words a hint for every way of falling short that
names the rule to look at, never the answer itself.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..i18n import Phrase, message
from ..record import Game, Node
from ..record.words import english, say
from ..render.text import cite_sections, plain
from ..rules import PolisError, State, apply

CORRECT, NOT_YET = "Correct — ", "Not yet: "  # how a verdict starts in English
CORRECT_SAID = message("lesson.correct", "Correct — {text}")
NOT_YET_SAID = message("lesson.not-yet", "Not yet: {text}")
DOES_NOT_WORK = message("lesson.does-not-work", "that does not work here: {reason}")
UNREADABLE = message("lesson.unreadable", "it cannot be read as a decision ({problem})")
REFUSED = message("lesson.refused", "{reason}.")
REFUSED_SEE = message("lesson.refused-see", "{reason} (see {section}).")
EXERCISE = message("lesson.exercise", "{id}: {task}")
EXERCISE_SEE = message("lesson.exercise-see", "{id}: {task} (rulebook: {section})")
#: rules of the kernel's own bookkeeping (the decision asked for), which no rulebook section states
KERNEL_RULES = ("decision.",)


@dataclass(frozen=True)
class Verdict:
    """A checker's judgement: ``solved``, and the sentence shown to the reader (it starts with
    "Correct — " when solved, "Not yet: " otherwise)."""

    solved: bool
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Verdict({self.text!r})"


def correct(text: str) -> Verdict:
    return Verdict(True, say(CORRECT_SAID, {"text": text}))


def not_yet(text: str) -> Verdict:
    return Verdict(False, say(NOT_YET_SAID, {"text": text}))


@dataclass(frozen=True)
class Exercise:
    """One exercise of a tutorial. ``make_start`` builds a fresh starting position (a State or a
    Game); it is None where the position comes from the notebook's own record (pass ``start=``)."""

    id: str
    task: str
    rules: tuple[str, ...]
    make_start: Callable[[], State | Game] | None
    judge: Judge

    def __str__(self) -> str:
        """The exercise in words: its id, its task and where the rulebook states the rules it practises
        (their ids are in ``rules``)."""
        where = cite_sections(self.rules, _edition(self.rules))[0]
        return say(EXERCISE_SEE if where else EXERCISE, {"id": self.id, "task": self.task, "section": where})


class NotAnAnswer(TypeError):
    """What was handed in is no answer at all (neither decisions nor a position)."""


EXERCISES: dict[str, Exercise] = {}


Judge = Callable[[Any, State], Verdict]  # (the answer, the exercise's start) -> the verdict


def exercise(id: str, *, task: str, rules: tuple[str, ...],
             start: Callable[[], State | Game] | None) -> Callable[[Judge], Judge]:
    """Register the decorated function as the judge of exercise ``id``."""

    def register(judge: Judge) -> Judge:
        if id in EXERCISES:
            raise ValueError(f"exercise {id!r} is registered twice")
        EXERCISES[id] = Exercise(id, task, tuple(rules), start, judge)
        return judge

    return register


def _get(exercise_id: str) -> Exercise:
    try:
        return EXERCISES[exercise_id]
    except KeyError:
        raise KeyError(f"no exercise {exercise_id!r}; the exercises are {', '.join(EXERCISES)}") from None


def start(exercise_id: str) -> State | Game:
    """A fresh copy of the exercise's starting position: a ``State``, or a ``Game`` where the exercise
    is played in a record."""
    return _start(_get(exercise_id))


def _start(ex: Exercise) -> State | Game:
    exercise_id = ex.id
    if ex.make_start is None:
        raise ValueError(f"exercise {exercise_id!r} starts from a position of the notebook's own game; "
                         f"pass it as check({exercise_id!r}, answer, start=...)")
    return ex.make_start()


def state_of(thing: Any) -> State | None:
    """The position held by a State, Game, Node or widget (anything with ``.state``); None otherwise."""
    if isinstance(thing, State):
        return thing
    if isinstance(thing, (Game, Node)):
        return thing.state
    s = getattr(thing, "state", None)
    return s if isinstance(s, State) else None


def decisions(text: str) -> list[str]:
    """Decisions written as for ``Game.play``: separated by ';' (or new lines), blanks dropped."""
    return [d.strip() for d in text.replace("\n", ";").split(";") if d.strip()]


def position(answer: Any, begin: State) -> State | None:
    """The position an answer stands for: decisions as text are played from ``begin``; empty text (or
    the unchanged start) is None, "nothing decided yet". Raises ``PolisError`` for a refused decision
    and ``NotAnAnswer`` for something that is no answer at all."""
    if isinstance(answer, str):
        s = begin
        for d in decisions(answer):
            s = apply(s, d)
        return None if s is begin else s
    given = state_of(answer)
    if given is None:
        raise NotAnAnswer(f"an answer is decisions as text, a State, a Game or a widget, not {type(answer).__name__}")
    return None if given == begin else given


def verdict(exercise_id: str, answer: Any, *, start: Any = None) -> Verdict:
    """Judge ``answer`` to exercise ``exercise_id`` (from ``start`` if given, else the exercise's own
    starting position)."""
    ex = _get(exercise_id)
    begin = state_of(start if start is not None else _start(ex))
    if begin is None:
        raise TypeError("start must be a State, a Game, a Node or a widget")
    try:
        return ex.judge(answer, begin)
    except PolisError as err:  # a malformed or refused decision: the kernel's explanation is the hint
        return not_yet(say(DOES_NOT_WORK, {"reason": refusal_words(err, begin)}))
    except NotAnAnswer as err:
        return not_yet(str(err))


def refusal_words(err: PolisError, s: State) -> str:
    """Why the kernel refused a decision, for a checker's text: its explanation with the cards named as
    cards and the rulebook sections of its rules instead of their ids ("... silver replaces a kind of
    good only in full, never in part (see Ed1 · Actions › d. Starting a new project)")."""
    ex = getattr(err, "explanation", None)
    if ex is None:
        problem = getattr(err, "problem", None)
        if not english() and hasattr(err, "words"):
            phrase = getattr(err, "params", {}).get("problem", problem)
            said = say(phrase) if isinstance(phrase, Phrase) else phrase
            return say(UNREADABLE, {"problem": said}) if said else err.words()
        return say(UNREADABLE, {"problem": problem}) if problem else str(err)
    text = (plain(ex.text, s.components) if english() or ex.msg is None else ex.words()).rstrip(".")
    where = cite_sections([r for r in ex.rule_ids if not r.startswith(KERNEL_RULES)], s.edition)[0]
    return say(REFUSED_SEE if where else REFUSED, {"reason": text, "section": where})


def _edition(rules: tuple[str, ...]) -> str:
    """The edition whose rulebook an exercise's rules come from (the second if any rule is its own)."""
    return "ed2" if any(r.endswith("-ed2") for r in rules) else "ed1"


def check(exercise_id: str, answer: Any, *, start: Any = None) -> None:
    """Print the judgement of ``answer``: "Correct — ..." when the exercise is solved, otherwise
    "Not yet: ..." with what falls short and a hint."""
    print(verdict(exercise_id, answer, start=start).text)
