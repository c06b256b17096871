"""Where the browser files are: the top-level ``widgets/`` folder in a source checkout, shipped in the
wheel as ``polis_nb/widgets/static`` (``pyproject.toml`` force-includes the one as the other). The
widgets' modules (:mod:`polis_nb.widgets._assets`) and the exported page (:mod:`.htmlgame`) read
them through :func:`asset`. The lookup sits in this layer because the exported page does and render
may not import the widgets. A missing file fails fast and names the places searched."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]
PLACES = (_PACKAGE / "widgets" / "static", _PACKAGE.parent / "widgets")  # the wheel's, the checkout's


def asset(name: str) -> Path:
    """The path of the browser file ``name`` (``"core.js"``, ``"htmlgame.css"``, ...)."""
    for place in PLACES:
        p = place / name
        if p.is_file():
            return p
    raise FileNotFoundError(f"widget file {name!r} not found in {', '.join(map(str, PLACES))}; "
                            "reinstall polis_nb")


def asset_text(name: str) -> str:
    """The text of the browser file ``name`` (UTF-8)."""
    return asset(name).read_text(encoding="utf-8")
