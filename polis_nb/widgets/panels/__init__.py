"""The widgets' panels: one feature each, its intents as data, its handler, its slice of the view and
its browser half (``widgets/panels/<name>.js``). See :mod:`.panel` and ``widgets/README.md``."""
from .panel import STATES, Intent, Panel, scripts

__all__ = ["STATES", "Intent", "Panel", "scripts"]
