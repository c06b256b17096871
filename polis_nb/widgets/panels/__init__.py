"""The widgets' panels: one feature each, its intents as data, its handler, its slice of the view and
its browser half (``widgets/panels/<name>.js``). See :mod:`.panel` and ``widgets/README.md``.

A panel says which widgets it belongs to, and where (:attr:`Panel.widgets`: widget name → place, lower
first); a widget is the panels of this package's modules that name it (:func:`composition`), so adding
a panel to a widget is adding its module (and its JS file), nothing else."""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from .panel import STATES, Intent, Panel, scripts

__all__ = ["STATES", "Intent", "Panel", "composition", "scripts"]


def composition(widget: str) -> tuple[type[Panel[Any]], ...]:
    """The panels of ``widget`` ("board", "viewer", "combat", "puzzle"), in their order: every Panel class
    defined in this package's modules whose own ``widgets`` names it, by its place there. Two panels at
    one place of a widget fail here, so the order never depends on how the files are listed."""
    found: list[tuple[int, type[Panel[Any]]]] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for obj in vars(module).values():
            if (isinstance(obj, type) and issubclass(obj, Panel) and obj.__module__ == module.__name__
                    and widget in obj.__dict__.get("widgets", {})):
                found.append((obj.__dict__["widgets"][widget], obj))
    found.sort(key=lambda x: x[0])
    for (a, p), (b, q) in zip(found, found[1:]):
        if a == b:
            raise TypeError(f"the panels {p.__name__} and {q.__name__} both take place {a} of the {widget}")
    if not found:
        raise LookupError(f"no panel belongs to a widget named {widget!r}")
    return tuple(p for _, p in found)
