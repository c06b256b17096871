"""Choices that differ only in how they are paid.

Acting alone, every action is listed once per good that could pay for it (``trade +metal``,
``trade +wood``, ...); a hoplite is paid with metal or silver, a galley with wood or silver, a
project's goods in kind or partly in silver. :func:`paid_with` tells such a choice apart into *what*
it chooses and *how* it pays, so that an analysis can show one row per choice and a Board one
button with a "pay with" picker.
"""
from __future__ import annotations

from .actions import Action
from .state import State

_PAY_DECISIONS = ("train-pay", "ships-pay", "galley-pay", "project-pay")


def paid_with(s: State, a: Action) -> tuple[str, str] | None:
    """(what is chosen, how it is paid) if ``a`` is one of several ways to pay for the same choice
    at ``s``'s decision, else None. Both parts are notation (e.g. ``("trade", "+metal")``,
    ``("pay myrtoon", "wood")``); choices with the same first part differ only in the payment."""
    kind = s.pending.kind
    if kind == "turn":
        if len(a.args) == 1 and a.args[0].startswith("+"):
            return a.kind, a.args[0]
        return None
    if kind in _PAY_DECISIONS and a.kind == "pay":
        if kind == "galley-pay" and len(a.args) == 2:
            return f"pay {a.args[1]}", a.args[0]
        if kind == "project-pay":
            return "pay", " ".join(a.args) or "in kind"
        return "pay", " ".join(a.args)
    return None
