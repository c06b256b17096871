"""What the two printed editions decide differently, in one place.

The kernel's handlers are shared; where an edition changes a rule they ask :func:`edition_of` for
its parameters here instead of testing the edition name. Component data (goods, rounds, names,
offers, projects, cards) lives in the component files; this module holds the procedures.

Each edition's ``variants`` (:attr:`Edition.variants`) map a first-edition rule id to the id of the rule that replaces it in another
edition, so log entries and explanations produced by shared code cite the rule of the edition
being played (the engine rewrites them in one pass).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..data.types import picklable
from .state import State


@dataclass(frozen=True)
class Edition:
    id: str
    title: str
    component_set: str
    free_actions: tuple[str, ...]  # actions taken at no action cost in one's own turn (Ed2: ransom)
    siege_discs: bool  # a failed siege leaves a disc worth +1 on later rolls there
    tribute_all_hoplites: bool  # Ed1 (yucata): every hoplite goes on a row; Ed2: the player picks how many
    exchange_dice: str  # "one": 1d4 right | "lower-of-two": 2d4, the lower, right
    buy_dice: str  # "higher-of-two": 2d4, the higher, left | "one-each": 1d4 per good that could pay, left
    phoros: Mapping[int, int]  # prestige paid -> silver gained; empty means any number 1 : 1
    phoros_needs_other_polis: bool
    project_draws: tuple[int, ...]  # tiles put on display at the start of each round
    project_removal: bool  # the player with less prestige removes one of the drawn tiles (not round 1)
    projects_face_down: bool  # started tiles lie face down until the round end turns them
    retreat_pays_opponent: bool  # Ed1: the retreater pays 1 prestige to the opponent; Ed2: loses 1, the other gains 1
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    variants: Mapping[str, str] = field(default_factory=dict)

    def rule(self, rid: str) -> str:
        """The id this edition cites for the first-edition rule ``rid``."""
        return self.variants.get(rid, rid)


ED1 = Edition(
    id="ed1", title="First edition (Asylum Games 2012; yucata.de rules)", component_set="ed1-default",
    free_actions=(), siege_discs=False, tribute_all_hoplites=True, exchange_dice="one",
    buy_dice="higher-of-two", phoros={}, phoros_needs_other_polis=False, project_draws=(3, 3, 3, 3),
    project_removal=False, projects_face_down=False, retreat_pays_opponent=True,
    options={"spoilage": ("yucata", "printed-de")},
)

ED2 = Edition(
    id="ed2", title="Second edition (Devir 2020)", component_set="ed2-default",
    free_actions=("ransom",), siege_discs=True, tribute_all_hoplites=False, exchange_dice="lower-of-two",
    buy_dice="one-each", phoros={1: 1, 2: 3}, phoros_needs_other_polis=True, project_draws=(3, 5, 6),
    project_removal=True, projects_face_down=True, retreat_pays_opponent=False, options={},
    variants={
        "game.rounds": "game.rounds-ed2",
        "round.projects": "round.projects-ed2",
        "round.event": "round.event-ed2",
        "proxenos.ransom": "proxenos.ransom-ed2",
        "tribute.rows": "tribute.rows-ed2",
        "trade.offer": "trade.offer-ed2",
        "trade.exchange": "trade.exchange-ed2",
        "trade.market-value": "trade.market-value-ed2",
        "battle.retreat": "battle.retreat-ed2",
        "battle.salpinx-unpayable": "end.prestige-owed",
        "roundend.order": "roundend.order-ed2",
        "roundend.spoilage": "roundend.spoilage-ed2",
        "roundend.phoros": "roundend.phoros-ed2",
        "roundend.preparation": "roundend.preparation-ed2",
        "end.capital-unfed": "end.capital-unfed-ed2",
        "end.ostracism": "end.ostracism-ed2",
        "end.tie-break": "end.tie-break-ed2",
    },
)

EDITIONS: dict[str, Edition] = {"ed1": ED1, "ed2": ED2}
picklable(Edition)


def edition_of(s: State | str) -> Edition:
    """The edition rules of a state (or of an edition id)."""
    return EDITIONS[s if isinstance(s, str) else s.edition]


def cite(s: State | str, *rules: str) -> tuple[str, ...]:
    """Rule ids as the edition of ``s`` cites them (first-edition ids replaced by their variants)."""
    ed = edition_of(s)
    out: list[str] = []
    for r in rules:
        r = ed.rule(r)
        if r not in out:
            out.append(r)
    return tuple(out)
