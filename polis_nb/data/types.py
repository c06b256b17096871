"""Frozen dataclasses for the component data of one edition.

The kernel reads only these types; the loader (:mod:`polis_nb.data.loader`) builds them from a
JSON component file and validates it. Every entity carries its provenance: ``stated`` (a rulebook
gives it), ``derived`` (follows from a worked example), ``prototype`` (taken from the public
implementation of the designer's 2010–11 prototype, ``polis-data`` source J; it agrees with every
published value it overlaps) or ``reconstructed`` (no source gives it; chosen so every worked example
holds). ``Components.provenance_of`` answers per field.
"""
from __future__ import annotations

import copyreg
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Callable, Mapping

PLAYERS = ("athens", "sparta")
PROVENANCES = ("stated", "derived", "prototype", "reconstructed")
# the rule id a log entry or explanation cites when a value of this provenance decides something
# (values a rulebook states or its examples imply need no warning)
PROVENANCE_RULES: Mapping[str, str] = MappingProxyType({"prototype": "data.prototype",
                                                        "reconstructed": "data.reconstructed"})
# the words a component set may rename (``Components.terms``), with the first edition's wording; the
# longer phrases come first so that Components.words replaces them before their parts
DEFAULT_TERMS: Mapping[str, str] = MappingProxyType({
    "build-ships": "build trade ships", "builds-ship": "builds a trade ship", "ships": "trade ships",
    "ship": "trade ship"})


@dataclass(frozen=True, slots=True)
class Provenance:
    kind: str  # stated | derived | prototype | reconstructed
    source: str  # e.g. "Ed1 · Aktionen › h. Tribut einfordern"
    basis: str = ""  # one line: why this value (required for reconstructed)

    @property
    def reconstructed(self) -> bool:
        return self.kind == "reconstructed"

    @property
    def prototype(self) -> bool:
        """Taken from the designer's prototype (source J), not from a printed rulebook."""
        return self.kind == "prototype"

    @property
    def rule(self) -> str:
        """The rule id to cite where this value decides something ("data.prototype",
        "data.reconstructed"), or "" for a value a rulebook gives or implies."""
        return PROVENANCE_RULES.get(self.kind, "")


@dataclass(frozen=True, slots=True)
class Area:
    id: str
    name: str
    index: int  # position in Components.areas (territories first, then seas)
    kind: str  # "land" | "sea"
    neighbours: tuple[str, ...]  # land-land for territories, sea-sea for seas (no diolkos)
    coasts: tuple[str, ...]  # territory: seas it touches; sea: territories it touches
    poleis: tuple[str, ...]  # poleis in this territory (empty for seas and Achaia)
    home_of: str | None  # "athens" | "sparta" | None


@dataclass(frozen=True, slots=True)
class Polis:
    id: str
    name: str
    index: int
    territory: str | None  # None for Epidamnos and Abdera (no enterable land)
    base: int  # base population = fortification
    growth: int  # max growth per round
    max_pop: int
    ports: tuple[str, ...]  # seas its arrow(s) point to; () for Sparta and Thebai
    capital_of: str | None
    trade_city_of: str | None  # loyal side of a trade city, else None
    project_types: tuple[str, ...]  # project types that may be started here


@dataclass(frozen=True, slots=True)
class Offer:
    id: str  # e.g. "persis.1"
    market: str
    slot: int  # 0-based position on the market, left to right
    load: int  # 3 | 4 | 5
    receive: str  # "wheat" | "silver"
    demand: tuple[str, ...]  # goods that may pay (Ed1: exactly one; Ed2: one or more)


@dataclass(frozen=True, slots=True)
class Market:
    id: str
    name: str
    seas: tuple[str, ...]  # the sea(s) from which a route reaches the market
    land_route_from: str | None  # polis id whose owner may trade here overland
    offers: tuple[Offer, ...]
    enterable: bool = False  # markets are never entered by units


@dataclass(frozen=True, slots=True)
class TributeRow:
    good: str
    amounts: tuple[int, ...]  # amounts[k-1] = goods for k hoplites in this row


@dataclass(frozen=True, slots=True)
class Project:
    id: str
    name: str
    type: str  # philosopher | artist | temple | theatre | statue | festival | games
    cost: tuple[tuple[str, int], ...]  # (good, amount), goods in GOODS order
    prestige: int  # round-end prestige (ignored when prestige_rule is set)
    end_prestige: int  # bracketed prestige scored at game end
    prestige_rule: str | None = None  # "half-capital-pop-up" for Phidias


@dataclass(frozen=True, slots=True)
class Effect:
    """One step of an event card, from a small vocabulary.

    op and args (the kernel's rule id in brackets):

    - gain | lose (good or "prestige", amount); place (unit "hoplite"|"galley", area);
      remove-own-unit (count) [event.effects]
    - close-market (market); close-offer (offer id): no trade there this round [trade.market-closed]
    - start-player (side): that side starts the round, whatever the prestige [event.start-player]
    - cede-polis (population): the player gives one own polis of that population, never the capital
      nor a polis it received from this card, to the rival, who picks it [event.betrayal]
    - send-abroad (unit, market, required, prestige each): before the round the player may send own
      units of that kind off the board to the market, gaining the prestige for each; for each of the
      ``required`` units it cannot send it loses 1 prestige [event.units-abroad]
    - return-abroad (share "all" | "half-up"): at round end that share of the units sent abroad
      comes back, placed one at a time by their owners in turn where the stacking limit allows
      [event.units-abroad]; "half-up" rounds in the player's favour, one of the two stated
      exceptions to rounding against the player [event.egypt-rounding]
    - sell-prestige (silver each): the player may give any number of prestige for that much silver
      each [event.treasury]
    - blockade-penalty (market, market, prestige, galleys, sea, sea): ``when`` end-of-turn; a player
      whose control leaves the rival no free route to one of the markets (or both) loses the prestige
      once, unless it has that many galleys in the two seas together [event.free-trade]
    - double-battle-prestige (): once this round the player may double the prestige it won in one
      battle [event.great-commanders]
    - hire-units (silver each): hoplites and galleys may be paid with that much silver each, the cube
      coming from the supply instead of the polis [event.mercenaries]
    - quell-pacifists (prestige each): tribute in the own home region offers a row on which hoplites,
      up to the capital's population, earn that much prestige each [event.pacifism]
    - battle-threshold (units): battles start at that many units in an area [event.alcibiades]
    - landing (territory, losses): the side with more hoplites there loses up to that many (both on a
      tie); with no hoplites left, the territory pays no tribute this round [event.carthage]
    - tribute-cap (territory, hoplites): at most that many hoplites collect tribute there [event.etna]
    - replay-tied-exchanges (): a battle exchange whose cards tie (each attacking card matched by the
      card answering it, of equal value, so an attacking Salpinx never ties) is fought again by the same attacker
      instead of the roles changing, if the battle goes on [event.superstition]

    player: "athens" | "sparta" | "both"; when: "now" | "end-of-turn" | "end-of-round"
    """

    op: str
    player: str
    args: tuple[str | int, ...]
    when: str = "now"


@dataclass(frozen=True, slots=True)
class EventCard:
    """An event card. ``effect_unknown`` marks a card whose name is known but whose effect no source
    states: it has no effects, and texts show it as "effect unknown" (never an invented effect).
    ``text`` is our one-line paraphrase of the card for display; ``note`` what is known about it
    (e.g. only its theme); ``timing`` the moment its effects act when a source fixes it
    (Hermenfrevel: "end-of-turn")."""

    id: str
    name: str
    deck: str  # round label, e.g. "3", "4", "5a", "5b" (Ed1); "alpha", "epsilon", "omega" (Ed2)
    copies: int
    effects: tuple[Effect, ...]
    effect_unknown: bool = False
    text: str = ""
    note: str = ""
    timing: str = ""  # "" or one of "now", "end-of-turn", "end-of-round"


def default_name(ident: str) -> str:
    """The display name an id stands for when a file gives none: "elite-trireme" -> "Elite trireme"."""
    return ident.replace("-", " ").capitalize()


@dataclass(frozen=True, slots=True)
class CardSide:
    formation: str  # id, e.g. "phalanx", "mercenaries", "salpinx" (the same ids in every edition)
    manoeuvre: str  # id, e.g. "othismos"
    value: int  # 2 | 1 | 0 | -1
    formation_name: str = ""  # display name, e.g. "Cavalry" (Ed1) / "Ippiko" (Ed2); "" = default_name(id)
    manoeuvre_name: str = ""  # display name, e.g. "Hold position" (Ed1) / "Antistasi" (Ed2)

    @property
    def formation_label(self) -> str:
        """The formation's display name (the file's, else derived from the id)."""
        return self.formation_name or default_name(self.formation)

    @property
    def manoeuvre_label(self) -> str:
        """The manoeuvre's display name (the file's, else derived from the id)."""
        return self.manoeuvre_name or default_name(self.manoeuvre)


@dataclass(frozen=True, slots=True)
class CombatCard:
    id: int  # 0..23
    land: CardSide
    sea: CardSide


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    poleis: Mapping[str, int]  # polis id -> cubes
    hoplites: Mapping[str, int]  # territory id -> count
    galleys: Mapping[str, int]  # sea id -> count
    ships_in_port: int
    proxenos: str  # polis id
    goods: Mapping[str, int]  # good -> amount
    prestige: int


@dataclass(frozen=True, slots=True)
class RoundSpec:
    label: str  # "3" | "4" | "5a" | "5b" (Ed1); "alpha" | "epsilon" | "omega" (Ed2)
    name: str  # display, e.g. "5α", "Omega (Ω)"
    stacking: int
    max_load: int  # largest market load available this round (unless Components.market_covers)


@dataclass(frozen=True)
class Components:
    name: str  # component set name, e.g. "ed1-default", "ed2-default"
    edition: str  # "ed1" | "ed2"
    goods: tuple[str, ...]  # in display order
    market_goods: tuple[str, ...]  # goods with a market-value marker
    perishable: tuple[str, ...]
    rounds: tuple[RoundSpec, ...]
    areas: tuple[Area, ...]  # territories (index 0..11) then seas (12..16)
    poleis: tuple[Polis, ...]
    markets: tuple[Market, ...]
    trade_ports: Mapping[str, tuple[str, ...]]  # player -> seas a ship may start in
    diolkos: tuple[str, str, str]  # (polis that grants it, sea, sea)
    tribute: Mapping[str, tuple[TributeRow, ...]]  # territory id -> rows
    market_table: Mapping[int, tuple[int, ...]]  # load -> amount per marker position
    market_start: Mapping[str, int]  # market good -> starting marker position
    projects: tuple[Project, ...]
    events: tuple[EventCard, ...]
    combat_cards: tuple[CombatCard, ...]
    setup: Mapping[str, PlayerSetup]  # player -> setup
    cubes_per_player: int = 45
    ships_per_player: int = 8
    battle_threshold: int = 8
    train_good: str = "metal"  # the good that pays for a hoplite besides silver (Ed2: "iron")
    discs_per_player: int | None = None  # control/tribute/siege discs; None = not a limit (Ed1)
    market_covers: bool = False  # Ed2: black cubes cover the 4- and 5-load offers at setup, one
    # removed per market at each round end (topmost first); False: RoundSpec.max_load decides
    terms: Mapping[str, str] = field(default_factory=dict)  # words the texts use, see term()
    provenance: Mapping[str, Provenance] = field(default_factory=dict)
    # provenance keys: "<section>" or "<section>.<id>" or "<section>.<id>.<field>",
    # e.g. "tribute.sikelia", "projects.sokrates.cost", "market_table"

    def term(self, key: str) -> str:
        """A word of this edition's texts, e.g. term("ships") -> "trade ships" (Ed1) / "merchants" (Ed2)."""
        return self.terms.get(key) or DEFAULT_TERMS[key]

    def words(self, text: str) -> str:
        """``text`` written with the first edition's words, in this set's terms (e.g. "Build trade
        ships" -> "Hire merchants" in the second edition); unchanged where no term is renamed."""
        if not self.terms or "trade ship" not in text:
            return text
        for key, old in DEFAULT_TERMS.items():
            new = self.term(key)
            if new != old:
                text = text.replace(old, new).replace(old.capitalize(), new.capitalize())
        return text

    def data_rules(self, *paths: tuple[str, ...]) -> tuple[str, ...]:
        """The rule ids to cite because values at these provenance paths come from no rulebook:
        ("data.prototype",) for prototype values, ("data.reconstructed",) for reconstructed ones,
        both (in that order) when both kinds decide, () when every value is stated or derived."""
        kinds = {self.provenance_of(*p).kind for p in paths}
        return tuple(rule for kind, rule in PROVENANCE_RULES.items() if kind in kinds)

    def provenance_of(self, *path: str) -> Provenance:
        """Most specific provenance recorded for a dotted path, e.g. ("tribute", "attika")."""
        for n in range(len(path), 0, -1):
            p = self.provenance.get(".".join(path[:n]))
            if p is not None:
                return p
        raise KeyError(".".join(path))


def picklable(*classes: type) -> None:
    """Pickle and copy instances of these frozen dataclasses by their fields, as ``cls(*values)``.

    The compiled kernel needs it: mypyc's own pickling of a compiled class calls ``__init__`` without
    arguments or sets the frozen fields one by one, and both fail. Registered for the pure kernel too, so
    that both pickle alike (``analysis.workers`` and Dask send States and Actions to other processes)."""
    for cls in classes:
        copyreg.pickle(cls, _by_fields(cls))


def _by_fields(cls: type) -> Callable[[Any], tuple[type, tuple]]:
    names = tuple(f.name for f in fields(cls))

    def reduce(obj: Any) -> tuple[type, tuple]:
        return cls, tuple(getattr(obj, name) for name in names)
    return reduce


picklable(Provenance, Area, Polis, Offer, Market, TributeRow, Project, Effect, EventCard, CardSide, CombatCard,
          PlayerSetup, RoundSpec, Components)
