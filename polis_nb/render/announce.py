"""What a screen reader hears after a decision (issue 28): the result of the decision just taken and,
against a bot, the bot's reply, each one sentence run for the Board's live region. The words come
from the kernel's log (what the decision and the chance steps right after it did) and from the
reply as the Board names it (:func:`.playview.reply_view`). Pure Python; nothing here decides a rule."""
from __future__ import annotations

from ..rules import Action, State
from .viewmodel import log_json

Step = tuple[State, Action, State]

#: how the user's own move is introduced against a bot (the bot's reply has its own title)
YOUR_MOVE = "Your move"


def _sentences(texts: list[str]) -> str:
    return " ".join(t.rstrip(".") + "." for t in texts if t)


def move_words(steps: list[Step], *, own: bool = False) -> str:
    """What a decision did, with the chance steps drawn right after it: the kernel's sentences, e.g.
    "Sparta moves a hoplite from Lakedaimon to Boiotia by land via Arkadia, Megaris." (hot seat) or
    "Your move: …" (``own``: against a bot, the user's decision). Empty when nothing was logged."""
    text = _sentences([e["text"] for _, _, t in steps for e in log_json(t.log, t)])
    return f"{YOUR_MOVE}: {text}" if own and text else text


def reply_words(reply: dict | None) -> str:
    """The bot's reply as the Board names it above the map (``reply_view``), as one text: "Sparta's
    reply: Sparta moved 3 hoplites from Lakedaimon to Arkadia." The dice that resolved the user's
    own action (its ``before``) belong to the user's move and are not repeated."""
    if not reply:
        return ""
    return f"{reply['title']}: " + _sentences([x["text"] for x in reply["sentences"]])
