"""The table of decision handlers: one entry per kind of pending decision.

Each handler lists the legal options of its decision (`options`), applies one of them unchecked
(`apply`), and may explain why an option is refused (`why`). Actions (the twelve of the rulebook)
register how they start (`begin`) and whether they can be taken at all (`available`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .actions import Action, Explanation
from .state import State


@dataclass(frozen=True)
class Handler:
    options: Callable[[State], list[Action]]
    apply: Callable[[State, Action, list], State]
    why: Callable[[State, Action], Explanation | None] | None = None
    # decides one option without listing them all (must agree with ``options``; a test checks it)
    legal: Callable[[State, Action], bool] | None = None


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


def decision(kind: str, options, apply, why=None, legal=None) -> None:
    HANDLERS[kind] = Handler(options, apply, why, legal)


def action(spec: ActionSpec) -> None:
    ACTIONS[spec.kind] = spec
