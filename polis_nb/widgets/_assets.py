"""Locate the browser half of the widgets: ``polis_nb/widgets/static`` in a wheel, the top-level
``widgets/`` folder in a source checkout. Missing files fail fast with the places searched."""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent
_PLACES = (_HERE / "static", _HERE.parents[1] / "widgets")


def asset(name: str) -> Path:
    for place in _PLACES:
        p = place / name
        if p.is_file():
            return p
    raise FileNotFoundError(f"widget file {name!r} not found in {', '.join(map(str, _PLACES))}; "
                            "reinstall polis_nb")
