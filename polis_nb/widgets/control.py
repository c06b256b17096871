"""Turning a checked intent into a decision: shared by the Board and the Viewer's play mode."""
from __future__ import annotations

from ..record import Game
from ..rules import Explanation, IllegalActionError, InvalidActionError, State, apply, explain, parse_action, settle
from ..render.viewmodel import target_of, why_action
from ..rules import legal_actions


class Controller:
    """Owns the position a widget plays on: a Game (decisions go into the record) or a State."""

    def __init__(self, source: Game | State, viewer: str | None):
        if viewer not in (None, "athens", "sparta"):
            raise ValueError(f"viewer must be 'athens', 'sparta' or None, not {viewer!r}")
        if not isinstance(source, (Game, State)):
            raise TypeError(f"expected a Game or a State, not {type(source).__name__}")
        self.game = source if isinstance(source, Game) else None
        self._state = None if self.game is not None else settle(source)
        self.viewer = viewer

    @property
    def state(self) -> State:
        return self.game.state if self.game is not None else self._state  # type: ignore[return-value]

    def marks(self):
        return tuple(self.game.node.marks) if self.game is not None else ()

    def act(self, intent: dict) -> tuple[Explanation | None, str]:
        """Handle a checked choose/click/why intent; returns (explanation to show, note)."""
        s = self.state
        if self.viewer is not None and s.current_player != self.viewer and intent["kind"] != "why":
            return None, f"Refused: it is not {self.viewer.capitalize()}'s decision"
        if intent["kind"] == "why":
            a = why_action(s, intent["target"])
            if a is None:
                return None, f"Nothing to explain: {intent['target']} is not a choice of this decision"
            return explain(s, a), ""
        if intent["kind"] == "click":
            here = [a for a in legal_actions(s) if target_of(a, s.pending.kind) == intent["target"]]
            if len(here) != 1:
                if here:
                    return None, "Several choices there: " + ", ".join(str(a) for a in here)
                a = why_action(s, intent["target"])
                return (explain(s, a), "") if a else (None, f"{intent['target']} is not a choice now")
            text = str(here[0])
        else:
            text = intent["action"]
        return self.play(text)

    def play(self, text: str) -> tuple[Explanation | None, str]:
        s = self.state
        try:
            a = parse_action(s, text)
        except IllegalActionError as e:
            return e.explanation, ""
        except InvalidActionError as e:
            return None, f"Refused: {e.problem}"
        if self.game is not None:
            self.game.play(a)
        else:
            self._state = settle(apply(s, a))
        return None, ""
