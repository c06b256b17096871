"""Odds for the chance steps of Polis: sieges, market dice and battles.

    >>> from polis_nb.analysis.odds import siege_odds, market_move_odds
    >>> siege_odds(3).p_success
    Fraction(1, 2)
    >>> dict(market_move_odds("buy").distribution)
    {1: Fraction(1, 16), 2: Fraction(3, 16), 3: Fraction(5, 16), 4: Fraction(7, 16)}

Sieges and market dice are exact (``fractions.Fraction``). Battles live in :mod:`.battle_odds` and
are re-exported here: :func:`battle_odds` (from a position with a battle in progress) and
:func:`battle_odds_setup` (from units, prestige and hands).

Rules: Ed1 · Aktionen › g. Polis belagern [siege.fortification, siege.success, siege.failure];
Ed1 · Aktionen › i. Handel treiben [trade.market-value]; Ed2 dice as the fact sheet lists them
(polis-data.md §6, §14: exchange the lower of 2d4 right; purchase 1d4 left for each good that could
have paid; siege discs add to later siege rolls).
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from fractions import Fraction

from ..rules import ACTIONS, State, topology_of, siege_bonus, siege_refusal
from .battle_odds import (BattleOdds, BattleOutcome, Estimate, battle_odds, battle_odds_setup, setup_state,
                          wilson)

__all__ = ["SiegeOdds", "siege_odds", "siege_odds_for", "MarketOdds", "market_move_odds", "market_value_after",
           "BattleOdds", "BattleOutcome", "Estimate", "battle_odds", "battle_odds_setup", "setup_state", "wilson"]

SIEGE_ACTION_COST = ACTIONS["siege"].prestige_cost  # prestige paid when the siege is chosen [action.military-cost]
DIE = 4


# --- sieges -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SiegeOdds:
    """Exact odds of one siege roll.

    ``needed`` is the lowest die face that wins (None when no roll is made: fortification 1).
    ``expected_prestige`` is net of the action's 1 prestige: success gains the fortification,
    failure nothing (and costs a hoplite: ``expected_hoplites_lost``).
    """

    fortification: int
    modifier: int
    p_success: Fraction
    needed: int | None
    expected_prestige: Fraction
    expected_hoplites_lost: Fraction
    polis: str | None = None
    refusal: str | None = None  # why the siege is not legal in the position asked about, if it is not
    rules: tuple[str, ...] = ("siege.fortification", "siege.success", "siege.failure")

    @property
    def p_failure(self) -> Fraction:
        return 1 - self.p_success

    def to_table(self) -> str:
        what = f"Siege of {self.polis}" if self.polis else "Siege"
        roll = ("no roll (fortification 1)" if self.needed is None else
                f"d4 + {self.modifier} >= {self.fortification}: a roll of {self.needed} or more" if self.needed <= DIE
                else f"d4 + {self.modifier} >= {self.fortification}: impossible")
        rows = [f"{what}: fortification {self.fortification}, modifier {self.modifier:+d}",
                f"  success      {_frac(self.p_success)}   ({roll})",
                f"  failure      {_frac(self.p_failure)}",
                f"  expected prestige, net of the action's 1: {_frac(self.expected_prestige, signed=True)}",
                f"  expected hoplites lost: {_frac(self.expected_hoplites_lost)}"]
        if self.refusal:
            rows.append(f"  not legal here: {self.refusal}")
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.to_table()

    def _repr_html_(self) -> str:
        lines = self.to_table().split("\n")
        return ("<div class='polis-odds'><b>" + html.escape(lines[0]) + "</b><br>"
                + "<br>".join(html.escape(x.strip()) for x in lines[1:]) + "</div>")


def _frac(x: Fraction, signed: bool = False) -> str:
    s = f"{x.numerator}/{x.denominator}" if x.denominator != 1 else f"{x.numerator}"
    if signed and x >= 0:
        s = "+" + s
    return f"{s} ({float(x):{'+' if signed else ''}.3f})"


def _siege(fort: int, modifier: int, polis: str | None = None, refusal: str | None = None) -> SiegeOdds:
    if not isinstance(fort, int) or isinstance(fort, bool) or fort < 1:
        raise ValueError(f"fortification must be a positive int, not {fort!r}")
    if not isinstance(modifier, int) or isinstance(modifier, bool):
        raise ValueError(f"modifier must be an int, not {modifier!r}")
    if fort <= 1:
        p, needed = Fraction(1), None
    else:
        needed = max(1, fort - modifier)
        p = Fraction(max(0, DIE - needed + 1), DIE)
    return SiegeOdds(fortification=fort, modifier=modifier, p_success=p, needed=needed,
                     expected_prestige=p * fort - SIEGE_ACTION_COST, expected_hoplites_lost=1 - p, polis=polis,
                     refusal=refusal)


def siege_odds(state_or_fortification: State | int, *, modifier: int = 0) -> SiegeOdds:
    """Exact odds of a siege: from a fortification value, or from a position waiting for the siege
    die (``siege-die``). ``modifier`` is added to the roll; from a position the besieger's siege discs
    in that territory (second edition, +1 each) are counted too. Fortification 1 needs no roll and
    always succeeds."""
    x = state_or_fortification
    if isinstance(x, State):
        if x.pending.kind != "siege-die":
            raise ValueError("this position is not waiting for a siege roll; use siege_odds_for(state, polis) "
                             "or siege_odds(fortification)")
        b = topology_of(x)
        p, i = x.pending.data
        pol = b.comp.poleis[i]
        return _siege(pol.base, modifier + siege_bonus(x, p, i), pol.name)
    return _siege(x, modifier)


def siege_odds_for(state: State, polis_id: str, *, player: str | None = None, modifier: int = 0) -> SiegeOdds:
    """Odds of besieging ``polis_id`` in ``state`` (its fortification from the components); says in
    ``refusal`` why the siege is not legal for ``player`` (default: the player to move), if it is not.
    The player's siege discs in that territory (second edition) add to ``modifier``."""
    b = topology_of(state)
    if polis_id not in b.polis_index:
        raise ValueError(f"unknown polis {polis_id!r}; known: {', '.join(b.polis_ids)}")
    i = b.polis_index[polis_id]
    pol = b.comp.poleis[i]
    if player is None:
        p = state.pending.player
    elif player in ("athens", "sparta"):
        p = ("athens", "sparta").index(player)
    else:
        raise ValueError(f"player must be 'athens' or 'sparta', not {player!r}")
    refusal = None
    if p in (0, 1):
        e = siege_refusal(state, p, i)
        refusal = e.text if e is not None else None
        modifier += siege_bonus(state, p, i)
    return _siege(pol.base, modifier, pol.name, refusal)


# --- market dice --------------------------------------------------------------------------------------

_DICE = {
    ("ed1", "exchange"): ("one d4", "right", [Fraction(1, 4)] * 4),
    ("ed1", "buy"): ("the higher of two d4", "left", [Fraction(2 * k - 1, 16) for k in range(1, 5)]),
    ("ed2", "exchange"): ("the lower of two d4", "right", [Fraction(9 - 2 * k, 16) for k in range(1, 5)]),
    ("ed2", "buy"): ("one d4 for each good that could have paid", "left", [Fraction(1, 4)] * 4),
}


@dataclass(frozen=True)
class MarketOdds:
    """Exact distribution of a market marker's move (``distribution``: steps -> probability) or, with a
    position, of where the marker ends (``positions``: track index -> probability, clamped at the ends)."""

    mode: str
    edition: str
    dice: str
    direction: str  # "right" (dearer) or "left" (cheaper)
    distribution: dict[int, Fraction]
    good: str | None = None
    start: int | None = None
    positions: dict[int, Fraction] = field(default_factory=dict)
    prices: dict[int, dict[int, Fraction]] = field(default_factory=dict)  # load -> goods to hand over -> P
    rules: tuple[str, ...] = ("trade.market-value",)

    @property
    def expected_steps(self) -> Fraction:
        return sum((k * p for k, p in self.distribution.items()), Fraction(0))

    @property
    def expected_position(self) -> Fraction | None:
        if not self.positions:
            return None
        return sum((k * p for k, p in self.positions.items()), Fraction(0))

    def to_table(self) -> str:
        head = f"Market {self.mode} ({self.edition}): {self.dice}, marker moves {self.direction}"
        if self.edition == "ed2" and self.mode == "buy":
            head += " (each good rolls on its own)"
        rows = [head, "  steps   P"] + [f"  {k:>5}   {_frac(p)}" for k, p in self.distribution.items()]
        if self.positions:
            rows += ["", f"  {self.good}: marker at {self.start} ->", "  position   P"]
            rows += [f"  {k:>8}   {_frac(p)}" for k, p in self.positions.items()]
            for load, d in self.prices.items():
                rows.append(f"  price of a {load}-load afterwards: "
                            + ", ".join(f"{n} ({_frac(p)})" for n, p in d.items()))
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.to_table()

    def _repr_html_(self) -> str:
        return "<pre class='polis-odds'>" + html.escape(self.to_table()) + "</pre>"


def market_move_odds(mode: str, edition: str = "ed1") -> MarketOdds:
    """Exact distribution of the market marker's move after a trade: ``mode`` "exchange" (goods
    handed over: the good gets dearer) or "buy" (wheat bought with silver: the demanded good gets
    cheaper). Ed1: exchange 1d4 right, buy the higher of 2d4 left. Ed2: exchange the lower of 2d4
    right, buy 1d4 left for each good that could have paid."""
    if (edition, mode) not in _DICE:
        if edition not in ("ed1", "ed2"):
            raise ValueError(f"unknown edition {edition!r}; use 'ed1' or 'ed2'")
        raise ValueError(f"unknown mode {mode!r}; use 'exchange' or 'buy'")
    dice, way, ps = _DICE[edition, mode]
    return MarketOdds(mode=mode, edition=edition, dice=dice, direction=way,
                      distribution={k: p for k, p in enumerate(ps, start=1)})


def market_value_after(state: State, good: str, mode: str) -> MarketOdds:
    """Where ``good``'s marker ends after a trade of ``mode`` in ``state`` (clamped at the track's ends),
    with the price of each load size at the new position."""
    b = topology_of(state)
    comp = b.comp
    if good not in comp.market_goods:
        raise ValueError(f"{good!r} has no market marker; market goods: {', '.join(comp.market_goods)}")
    m = market_move_odds(mode, state.edition)
    start = state.markers[comp.market_goods.index(good)]
    top = len(comp.market_table[3]) - 1
    sign = 1 if m.direction == "right" else -1
    pos: dict[int, Fraction] = {}
    for k, p in m.distribution.items():
        x = min(top, max(0, start + sign * k))
        pos[x] = pos.get(x, Fraction(0)) + p
    pos = dict(sorted(pos.items()))
    prices: dict[int, dict[int, Fraction]] = {}
    for load, row in sorted(comp.market_table.items()):
        d: dict[int, Fraction] = {}
        for x, p in pos.items():
            d[row[x]] = d.get(row[x], Fraction(0)) + p
        prices[load] = dict(sorted(d.items()))
    return MarketOdds(mode=mode, edition=state.edition, dice=m.dice, direction=m.direction,
                      distribution=m.distribution, good=good, start=start, positions=pos, prices=prices)
