"""Turning a checked intent into a decision: shared by the Board, the Viewer's play mode and Combat.

A widget on a Game shows *its own* node of the record: the node it was created at, until the user
moves it in the widget (a click, a step) or Python asks it to (``widget.goto(node)``). Other cells
that play or step in the Game never move it, so a notebook run top to bottom leaves every widget
where it was made. When the user acts in the widget, the decision is played from the widget's node
and the Game's current node follows the widget, so the next cell sees what was clicked.
"""
from __future__ import annotations

from typing import Callable

from ..i18n import message
from ..record import Game, Mark, Node, RecordError
from ..render.choiceview import explanation_words
from ..render.say import say
from ..render.viewmodel import place_words, why_explanation, why_words
from ..rules import (Action, Explanation, IllegalActionError, InvalidActionError, State, apply, topology_of, chance_rng,
                     choices_at, click_target, parse_action, sample_chance, why_action)
from ..rules import settle as settle_state
from .intents import REFUSED, IntentError, shown

_PLACES = {"area": ("area_index", message("control.no-such.area", "there is no area {ident} on this map")),
           "polis": ("polis_index", message("control.no-such.polis", "there is no polis {ident} on this map")),
           "offer": ("offer_index", message("control.no-such.offer", "there is no market offer {ident} on this map"))}
NO_PLACE = message("control.no-place", "{target} is no place on the map (area:<id>, polis:<id> or offer:<id>)")
SEVERAL = message("control.several", "Several choices there: pick one of the buttons that name it")
REMOVED = message("control.removed", "The position shown was removed from the record; this is the game's current "
                                     "position.")
NOT_YOURS = message("control.not-yours", "Refused: it is not {side:gen} decision")
LIES_IN = message("control.lies-in", "{name} lies in {area}.")


def check_place(s: State, target: str) -> None:
    """Raise IntentError saying why ``target`` (``area:<id>``, ``polis:<id>``, ``offer:<id>``) is no
    place on the map of ``s``; nothing if it is one."""
    kind, _, ident = target.partition(":")
    if kind not in _PLACES:
        raise IntentError(say(NO_PLACE, target=shown(target)))
    index, what = _PLACES[kind]
    if ident not in getattr(topology_of(s), index):
        raise IntentError(say(what, ident=shown(ident)))


def attached(node: Node, root: Node) -> bool:
    """Whether ``node`` is still in the record whose root is ``root`` (not removed with a variation)."""
    n = node
    while n.parent is not None:
        if not any(v is n for v in n.parent.variations):
            return False
        n = n.parent
    return n is root


class Judge:
    """What a widget does with a legal choice before it is played: the play panel's ``judge`` hook
    (:class:`polis_nb.widgets.panels.play.PlayPanel`). The default plays every choice; the Board's
    guard-rail asks about a losing one first, the lesson and the puzzle judge the choice and play
    nothing."""

    #: whether the widget's ``viewer`` (the side it is drawn for) is the only side that may choose
    sides: bool = True

    def ready(self, s: State) -> None:
        """Raise IntentError when no choice can be tried at ``s`` now (a lesson with no question open)."""

    def several(self, s: State, here: list[Action]) -> Action | str:
        """A click on a place holding several choices ``here``: the one to take, or a note (nothing taken)."""
        return say(SEVERAL)

    def judge(self, s: State, a: Action) -> bool:
        """Look at the legal choice ``a`` at ``s``; True keeps it (not played)."""
        return False


class Controller:
    """Owns the position a widget plays on: a node of a Game (decisions go into the record) or a State.

    A State is settled at once (its chance steps drawn as :meth:`settle` draws them), unless
    ``settle=False``: then the widget calls :meth:`settle` itself when it wants those steps."""

    def __init__(self, source: Game | State, viewer: str | None, *, settle: bool = True):
        if viewer not in (None, "athens", "sparta"):
            raise ValueError(f"viewer must be 'athens', 'sparta' or None, not {viewer!r}")
        if not isinstance(source, (Game, State)):
            raise TypeError(f"expected a Game or a State, not {type(source).__name__}")
        self.game = source if isinstance(source, Game) else None
        self.node: Node | None = self.game.node if self.game is not None else None
        state = source if isinstance(source, State) else None
        self._state = settle_state(state) if state is not None and settle else state
        self.viewer = viewer
        self.last_steps: list[tuple[State, Action, State]] = []  # what the last play did, chance settled

    @property
    def state(self) -> State:
        return self.node.state if self.node is not None else self._state  # type: ignore[return-value]

    def marks(self) -> tuple[Mark, ...]:
        return tuple(self.node.marks) if self.node is not None else ()

    def check_node(self) -> str:
        """Re-pin to the Game's current node if the widget's node was removed from the record; returns
        a note saying so ("" when nothing changed)."""
        if self.game is None or self.node is None or attached(self.node, self.game.root):
            return ""
        self.node = self.game.node
        return say(REMOVED)

    def goto(self, node: Node) -> None:
        """Show ``node``; the Game's current node follows (the user moved the widget)."""
        if self.game is None:
            raise ValueError("a widget on a State has no record to move in")
        if not isinstance(node, Node) or not attached(node, self.game.root):
            raise RecordError("that node is not in this widget's record")
        self.node = node
        if self.game.node is not node:
            self.game.goto(node)

    def act(self, intent: dict, judge: Judge | None = None) -> tuple[Explanation | None, str]:
        """Handle a checked choose/click/why intent; returns (explanation to show, note).

        The one path from a click to a choice: a place that holds no choice is explained (why), one
        that holds several asks which (``judge.several``), an illegal choice is explained. ``judge``
        (the play panel's hook: the Board's guard-rail question, the lesson's and the puzzle's
        judging), if given, sees every legal choice before it is played and may keep it
        (:meth:`Judge.judge` True: not played, (None, "") returned)."""
        moved = self.check_node()
        if moved:
            return None, moved  # the intent was made on a position that is gone: show where we are
        s = self.state
        if intent["kind"] in ("click", "why"):
            check_place(s, intent["target"])
        if (self.viewer is not None and s.current_player != self.viewer and intent["kind"] != "why"
                and (judge is None or judge.sides)):
            return None, say(NOT_YOURS, side=self.viewer)
        if intent["kind"] == "why":
            return self.why(intent["target"])
        if judge is not None:
            judge.ready(s)
        if intent["kind"] == "click":
            here = choices_at(s, intent["target"])
            if not here:
                return self.why(intent["target"])
            picked = here[0] if len(here) == 1 else (judge or Judge()).several(s, here)
            if isinstance(picked, str):
                return None, picked
            text = str(picked)
        else:
            text = intent["action"]
        if judge is not None:
            try:
                a = parse_action(s, text)
            except (IllegalActionError, InvalidActionError):
                return self.play(text)  # play() says why (nothing is played)
            if judge.judge(s, a):
                return None, ""
        return self.play(text)

    def why(self, target: str) -> tuple[Explanation | None, str]:
        """Why a place is (or is not) a choice now, in plain words, with the rules where one decides."""
        s = self.state
        meant = click_target(s, target)
        a = why_action(s, meant)
        if a is None:
            return None, why_words(s, target, viewer=self.viewer)
        lead = ""
        if meant != target:
            name, area = place_words(s, target), place_words(s, meant)
            lead = say(LIES_IN, name=(name or '').split(' (')[0], area=(area or '').split(' (')[0])
        return explanation_words(s, why_explanation(s, a, lead)), ""

    def play(self, text: str) -> tuple[Explanation | None, str]:
        s = self.state
        try:
            a = parse_action(s, text)
        except IllegalActionError as e:
            return explanation_words(s, e.explanation), ""
        except InvalidActionError as e:
            return None, say(REFUSED, why=e.params.get("problem", e.problem))  # the problem in the language
        if self.game is not None:
            self.goto(self.node)  # type: ignore[arg-type]  # play from the widget's own node
            start = self.node
            self.node = self.game.play(a)
            path = self.node.path()
            k = next((i for i, n in enumerate(path) if n is start), -1)
            self.last_steps = [(n.parent.state, n.action, n.state) for n in path[k + 1:]]  # type: ignore[misc,union-attr]
        else:
            self._state = apply(s, a)
            self.last_steps = [(s, a, self._state), *self.settle()]
        return None, ""

    def settle(self, within: Callable[[State], bool] | None = None) -> list[tuple[State, Action, State]]:
        """Draw the chance steps from the position shown until a player decides (or the game ends), each
        from the position's own seed (``chance_rng``, as ``pn.settle`` does); ``within(state)``, if
        given, stops at the first position it rejects. On a Game the steps go into the record from the
        widget's node, which moves along. Returns the steps (before, outcome, after)."""
        steps = []
        while (s := self.state).is_chance and (within is None or within(s)):
            c = sample_chance(s, chance_rng(s))
            if self.game is not None:
                self.goto(self.node)  # type: ignore[arg-type]  # draw from the widget's own node
                self.node = self.game.play(c, settle=False)
            else:
                self._state = apply(s, c)
            steps.append((s, c, self.state))
        return steps
