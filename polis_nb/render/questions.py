"""The questions of a guess-the-move lesson (:meth:`polis_nb.Game.quiz`) in words, for everything that
asks them: the lesson Viewer, the worksheet and its answer key.

What a question may say before it is answered is what the position says: whose decision it is, what
is being decided, where its choices are (places on the map, or choices offered as buttons). What the
record says after the position (the decision, its comment's review paragraph, the engine's line) is
the answer's, and only :func:`answer_words` and the answer key give it.
"""
from __future__ import annotations

from ..analysis.review import _strip_review
from ..record import Game, Node
from ..rules import Action, State, legal_actions, target_of
from ..i18n import message
from .say import say, side_name
from .text import action_words

CHANCE = message("question.chance", "Chance")
FIND_BOTH = message("question.find-both", "Find it on the map or among the choices below.")
FIND_MAP = message("question.find-map", "Find it on the map.")
FIND_BUTTONS = message("question.find-buttons", "Pick it among the choices below.")
ANSWER_BOTH = message("question.answer-both", "Answer with a highlighted place on the map, or with one of: {choices}.")
ANSWER_MAP = message("question.answer-map", "Answer with a highlighted place on the map.")
ANSWER_BUTTONS = message("question.answer-buttons", "Answer with one of: {choices}.")


def questions(game: Game) -> list[Node]:
    """The questions of ``game``'s main line, in order: what a worksheet asks (a lesson asks the
    questions of the line it is on)."""
    return [n for n in game.root.mainline() if n.quiz is not None]


def asker(q: Node) -> str:
    """The side that takes the decision asked at ``q`` ("Athens", "Sparta")."""
    s = q.before
    return side_name(("athens", "sparta")[s.pending.player]) if s.pending.player in (0, 1) else say(CHANCE)


def choice_places(s: State) -> tuple[list[Action], list[Action]]:
    """The legal choices at ``s`` split by where a player picks them: (places on the map, choices
    offered as buttons)."""
    on_map: list[Action] = []
    buttons: list[Action] = []
    for a in legal_actions(s):
        (buttons if target_of(a, s.pending.kind) is None else on_map).append(a)
    return on_map, buttons


def find_words(s) -> str:
    """Where the lesson Viewer's student looks for the answer at ``s``: on the map, among the
    choices below it, or both (by where the choices are, so the words give nothing away)."""
    on_map, buttons = choice_places(s)
    if on_map and buttons:
        return say(FIND_BOTH)
    return say(FIND_MAP) if on_map else say(FIND_BUTTONS)


def answer_room_words(s) -> str:
    """How a worksheet's question is answered at ``s``: "Answer with a highlighted place on the map",
    the button choices named in words, or both."""
    on_map, buttons = choice_places(s)
    named = list(dict.fromkeys(action_words(s, a) for a in buttons))
    if on_map and named:
        return say(ANSWER_BOTH, choices="; ".join(named))
    if on_map:
        return say(ANSWER_MAP)
    return say(ANSWER_BUTTONS, choices="; ".join(named))


def highlights(s) -> list[str]:
    """The map places that are choices at ``s`` (ids, for the board picture's highlight)."""
    return list(dict.fromkeys(t.split(":", 1)[1] for a in choice_places(s)[0]
                              if (t := target_of(a, s.pending.kind)) is not None))


def answer_words(q: Node) -> str:
    """The decision asked at ``q`` in words, as the widgets word it ("To Arkadia")."""
    return action_words(q.before, q.decision)


def own_comment(n: Node) -> str:
    """The comment of ``n`` without the paragraph a game review added (the author's own words)."""
    return _strip_review(n.comment)[0].strip()
