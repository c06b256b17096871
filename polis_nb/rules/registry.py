"""The decision and action tables under their former names; they live in :mod:`.decisions`."""
from .decisions import ACTION_ORDER, ACTIONS, ActionSpec, Opens, action, decision, with_listing
from .decisions import DECISIONS as HANDLERS
from .decisions import Decision as Handler

__all__ = ["ACTION_ORDER", "ACTIONS", "ActionSpec", "HANDLERS", "Handler", "Opens", "action", "decision",
           "with_listing"]
