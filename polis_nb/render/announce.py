"""What a screen reader hears after a decision (issue 28): the result of the decision just taken and,
against a bot, the bot's reply, each one sentence run for the live region of the Board, the Viewer and
Combat. The words come from the kernel's log (what the decision and the chance steps right after it
did) and from the reply as the Board names it (:func:`.playview.reply_view`); in a battle, the deal
says how many cards each side drew, never which (the kernel's log names no drawn card either).
Pure Python; nothing here decides a rule."""
from __future__ import annotations

from ..i18n import message, plural
from ..rules import PLAYERS, Action, State
from .say import say
from .viewmodel import log_json

Step = tuple[State, Action, State]

#: how the user's own move is introduced against a bot (the bot's reply has its own title)
YOUR_MOVE = message("announce.your-move", "Your move: {text}")
_TITLED = message("announce.titled", "{title}: {text}")
_REPLY = message("announce.reply", "{side:gen} reply")
_DEALT = message("announce.dealt", "Cards dealt: {dealt}.")
_DEALT_TO = message("announce.dealt-to", "{n} to {side}")
_HIDDEN = message("announce.hand-hidden", "{side:gen} hand is hidden.")
_SHOWN = plural("announce.hand-shown", "{side:gen} hand is on screen: {n} card.", "{side:gen} hand is on screen: {n} "
                                                                                  "cards.")


def _sentences(texts: list[str]) -> str:
    return " ".join(t.rstrip(".") + "." for t in texts if t)


def move_words(steps: list[Step], *, own: bool = False) -> str:
    """What a decision did, with the chance steps drawn right after it: the kernel's sentences, e.g.
    "Sparta moves a hoplite from Lakedaimon to Boiotia by land via Arkadia, Megaris." (hot seat) or
    "Your move: …" (``own``: against a bot, the user's decision). Empty when nothing was logged."""
    text = _sentences([e["text"] for _, _, t in steps for e in log_json(t.log, t)])
    return say(YOUR_MOVE, text=text) if own and text else text


def reply_words(reply: dict | None) -> str:
    """The bot's reply as the Board names it above the map (``reply_view``), as one text: "Sparta's
    reply: Sparta moved 3 hoplites from Lakedaimon to Arkadia." The dice that resolved the user's
    own action (its ``before``) belong to the user's move and are not repeated."""
    if not reply:
        return ""
    return say(_TITLED, title=reply["title"], text=_sentences([x["text"] for x in reply["sentences"]]))


# --- a battle (Combat) ----------------------------------------------------------------------------

def deal_words(steps: list[Step]) -> str:
    """The cards dealt in a run of chance steps of a battle, by side and never by name: "Cards dealt:
    2 to Sparta, 1 to Athens." Chance steps that deal no card (outside the battle) say what the
    kernel logged."""
    count: dict[int, int] = {}
    other: list[str] = []
    for before, _, after in steps:
        bt = before.battle
        if before.pending.kind == "draw-card" and bt is not None and bt.draws:
            count[bt.draws[0]] = count.get(bt.draws[0], 0) + 1
        else:
            other += [e["text"] for e in log_json(after.log, after)]
    dealt = ", ".join(say(_DEALT_TO, n=n, side=PLAYERS[p]) for p, n in count.items())
    return " ".join(x for x in (say(_DEALT, dealt=dealt) if dealt else "", _sentences(other)) if x)


def battle_items(steps: list[Step], *, bot: str | None = None, own: bool = False) -> list[tuple[str, str]]:
    """What a battle decision did, as the live region reads it, in order (``kind``, ``text``): the
    decision's result ("move": the kernel's sentences, "Your move: …" when ``own``), the deal that
    followed ("chance": :func:`deal_words`) and the decisions of the bot playing ``bot`` ("reply":
    "Sparta's reply: …"), each run of steps of one of them one item; runs that logged nothing say
    nothing."""
    runs: list[tuple[str, list[Step]]] = []
    for step in steps:
        before = step[0]
        kind = "chance" if before.is_chance else "reply" if bot is not None and before.current_player == bot else "move"
        if runs and runs[-1][0] == kind:
            runs[-1][1].append(step)
        else:
            runs.append((kind, [step]))
    title = say(_REPLY, side=bot) if bot is not None else ""
    out = []
    for kind, run in runs:
        if kind == "chance":
            text = deal_words(run)
        elif kind == "reply":
            said = [{"text": e["text"]} for _, _, t in run for e in log_json(t.log, t)]
            text = reply_words({"title": title, "sentences": said}) if said else ""
        else:
            text = move_words(run, own=own)
        if text:
            out.append((kind, text))
    return out


def hand_words(side: str, shown: bool, cards: int = 0) -> str:
    """A hand put on screen or hidden again (Combat's hot seat), without its cards: "Sparta's hand is
    on screen: 4 cards." / "Sparta's hand is hidden." """
    if not shown:
        return say(_HIDDEN, side=side)
    return say(_SHOWN, side=side, n=cards)
