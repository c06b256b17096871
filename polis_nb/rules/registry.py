"""The table of decision handlers: one entry per kind of pending decision.

Each handler lists the legal options of its decision (`options`), applies one of them unchecked
(`apply`), and may explain why an option is refused (`why`). Actions (the twelve of the rulebook)
register how they start (`begin`) and whether they can be taken at all (`available`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .actions import Action, Explanation
from .state import Pending, State, keep_legal


@dataclass(frozen=True)
class Handler:
    options: Callable[[State], list[Action]]
    apply: Callable[[State, Action, list], State]
    why: Callable[[State, Action], Explanation | None] | None = None


@dataclass(frozen=True)
class ActionSpec:
    kind: str
    military: bool
    available: Callable[[State, int], bool]
    begin: Callable[[State, int, list], State]
    why: Callable[[State, int], Explanation | None]  # why the action cannot be chosen now
    rules: tuple[str, ...]
    title: str
    spends: frozenset[str] | None = None  # goods the action may spend (None: any good)


@dataclass(frozen=True)
class Opens:
    """An action's ``begin`` that only opens the action's first decision, ``Pending(kind, player,
    data)``. Being data, the turn decision can set it in the same copy of the State as the action's
    costs."""

    kind: str
    data: tuple = ()

    def __call__(self, s: State, p: int, log: list) -> State:
        return s.evolve(pending=Pending(self.kind, p, self.data))


def with_listing(s: State, options: list[Action]) -> State:
    """``s`` keeping ``options`` as its legal choices: for a handler that has just listed the
    options of the decision ``s`` waits for (``HANDLERS[s.pending.kind].options(s)``), so that
    :func:`~polis_nb.rules.engine.legal_actions` need not list them again."""
    keep_legal(s, tuple(options))
    return s


HANDLERS: dict[str, Handler] = {}
ACTIONS: dict[str, ActionSpec] = {}
ACTION_ORDER = ("train", "galleys", "ships", "project", "hoplites", "fleet", "siege", "tribute",
                "trade", "proxenos", "ransom", "civilwar")


def handler(kind: str, why=None):
    def deco(opts):
        def register(apply):
            HANDLERS[kind] = Handler(opts, apply, why)
            return apply

        return register

    return deco


def decision(kind: str, options, apply, why=None) -> None:
    HANDLERS[kind] = Handler(options, apply, why)


def action(spec: ActionSpec) -> None:
    ACTIONS[spec.kind] = spec
