"""Component data of Polis: frozen dataclasses, the packaged edition files and their loader."""
from __future__ import annotations

from .loader import PACKAGED, ComponentError, default_components, load_components, packaged_components
from .types import (
    PLAYERS,
    PROVENANCES,
    Area,
    CardSide,
    CombatCard,
    Components,
    Effect,
    EventCard,
    Market,
    Offer,
    PlayerSetup,
    Polis,
    Project,
    Provenance,
    RoundSpec,
    TributeRow,
)

__all__ = [
    "PACKAGED",
    "PLAYERS",
    "PROVENANCES",
    "Area",
    "CardSide",
    "CombatCard",
    "ComponentError",
    "Components",
    "Effect",
    "EventCard",
    "Market",
    "Offer",
    "PlayerSetup",
    "Polis",
    "Project",
    "Provenance",
    "RoundSpec",
    "TributeRow",
    "default_components",
    "load_components",
    "packaged_components",
]
