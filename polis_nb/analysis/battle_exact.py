"""Exact battle odds: enumeration over card types with memoisation.

The deck and both hands are count vectors over at most nine card types; a draw of k cards is a
multiset with its hypergeometric probability (:func:`.battle_model.multisets`), so the search
branches over card *types*, never over individual cards. Nodes are memoised on (attacker, hands,
deck, units, clipped prestige, horizon) before each attack and after each exchange, and every
subtree returns its distribution of outcome codes relative to that node (an exchange's losses and
prestige are added as one integer shift, see :func:`.battle_model.shift`).

What stays tractable: single exchanges from known hands, the next exchange against an unknown hand,
and battles late in their course (a few cards left in the deck); a whole battle from a fresh deal is
far beyond any node budget (the bench prints the limits).
"""
from __future__ import annotations

from typing import Callable

from ..rules import SALPINX_COST, retreat_cost
from .battle_model import (BROKEN, CONTINUES, EXHAUSTED, RETREAT, SALPINX, BattlePosition, Cards, Hand, Pair, Policy,
                           leaf, multisets, played_pair, shift, sub, vadd, vsub)

Hands = tuple[Hand, Hand]
Two = tuple[int, int]  # units or clipped prestige, (Athens, Sparta)
Dist = dict[int, float]  # outcome code -> probability

class BudgetExceeded(Exception):
    pass


class Exact:
    """Exact outcome distribution by enumeration over card types with memoisation.

    Prestige enters the rules only through "at least what it costs" (a retreat, ``rules.retreat_cost()``;
    a Salpinx, ``rules.SALPINX_COST``), and within a battle it can drop only through the Salpinx cost
    (once per Salpinx card) or a retreat (which ends the battle), so it is kept clipped at the larger
    cost plus what every Salpinx card could take, in the memo keys.
    """

    def __init__(self, cards: Cards, pols: tuple[Policy, Policy], horizon: int | None, budget: int,
                 tick: Callable[[int], None] | None = None):
        self.c = cards
        self.pols = pols
        self.horizon = horizon
        self.budget = budget
        self.nodes = 0
        self.memo: dict[tuple, Dist] = {}
        self.retreat = retreat_cost()  # read from the rules for this search, as the kernel does
        self.cap = max(self.retreat, SALPINX_COST) + SALPINX_COST * cards.n_salpinx
        self.tick = tick

    def clip(self, p: int) -> int:
        return p if p < self.cap else self.cap

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise BudgetExceeded
        if self.tick is not None and not self.nodes & 1023:
            self.tick(self.nodes)

    def solve(self, node: BattlePosition) -> dict[int, float]:
        nd = node
        hz = self.horizon if self.horizon is not None else -1
        pres = (self.clip(nd.prestige[0]), self.clip(nd.prestige[1]))
        units = (nd.units[0], nd.units[1])
        hands = (tuple(nd.hands[0]), tuple(nd.hands[1]))
        if nd.stage == "draw":
            nxt = "window" if nd.exchanges == 0 else "attack"
            return self.draw(nd.attacker, hands, nd.deck, units, pres, tuple(nd.draws), nxt, hz)
        if nd.stage == "window":
            return self.window(nd.attacker, hands, nd.deck, units, pres, nd.after, nd.last_losses, hz, nd.asked)
        if nd.stage == "attack":
            return self.attack(nd.attacker, hands, nd.deck, units, pres, hz)
        return self.defend(nd.attacker, hands, nd.deck, units, pres, played_pair(nd.played), hz)

    def draw(self, att: int, hands: Hands, deck: Hand, units: Two, pres: Two, draws: tuple[int, ...], nxt: str,
             hz: int) -> Dist:
        need = [draws.count(0), draws.count(1)]
        # draws are exchangeable: deal each side's cards as a multiset, in the kernel's order
        order: list[int] = []
        for p in draws:
            if p not in order:
                order.append(p)
        acc: dict[int, float] = {}
        self._deal(att, list(hands), deck, units, pres, order, need, nxt, hz, 1.0, acc)
        return acc

    def _deal(self, att: int, hands: list[Hand], deck: Hand, units: Two, pres: Two, order: list[int], need: list[int],
              nxt: str, hz: int, w: float, acc: Dist) -> None:
        if not order:
            hs = (hands[0], hands[1])
            if nxt == "window":
                child = self.window(att, hs, deck, units, pres, "attack", 0, hz, ())
            else:
                child = self.attack(att, hs, deck, units, pres, hz)
            for k, v in child.items():
                acc[k] = acc.get(k, 0.0) + w * v
            return
        p = order[0]
        for m, q in multisets(deck, need[p]):
            h2 = list(hands)
            h2[p] = vadd(hands[p], m)
            self._deal(att, h2, vsub(deck, m), units, pres, order[1:], need, nxt, hz, w * q, acc)

    def window(self, att: int, hands: Hands, deck: Hand, units: Two, pres: Two, after: str, last: int, hz: int,
               asked: tuple[int, ...]) -> Dist:
        for p in (att, 1 - att):
            if p in asked or pres[p] < self.retreat:
                continue
            if self.pols[p].retreats(units[p], units[1 - p]):
                dp = [0, 0]
                dp[p], dp[1 - p] = -self.retreat, self.retreat
                return {leaf(RETREAT, p) + shift((0, 0), (dp[0], dp[1])): 1.0}
        if after == "refill":
            key = ("refill", att, hands, deck, units, pres, last, hz)
            got = self.memo.get(key)
            if got is None:
                self._count()
                old_att, old_def = 1 - att, att
                draws = (old_att, old_att) + (old_def,) * (2 - last)
                got = self.memo[key] = self.draw(att, hands, deck, units, pres, draws, "attack", hz)
            return got
        return self.attack(att, hands, deck, units, pres, hz)

    def attack(self, att: int, hands: Hands, deck: Hand, units: Two, pres: Two, hz: int) -> Dist:
        key = (att, hands, deck, units, pres, hz)
        got = self.memo.get(key)
        if got is not None:
            return got
        self._count()
        c = self.c
        if sum(hands[att]) < 2:
            out = {leaf(EXHAUSTED, -1): 1.0}
        else:
            opts = c.attack_options(hands[att], pres[att] < SALPINX_COST)
            pol = self.pols[att]
            if pol.uniform:
                choices = [(o, 1.0 / len(opts)) for o in opts]
            else:
                choices = [(pol.best_attack(opts, hands[1 - att], deck, units[1 - att]), 1.0)]
            out = {}
            for played, w in choices:
                h = list(hands)
                h[att] = sub(hands[att], *played)
                child = self.defend(att, (h[0], h[1]), deck, units, pres, played, hz)
                for k, v in child.items():
                    out[k] = out.get(k, 0.0) + w * v
        self.memo[key] = out
        return out

    def defend(self, att: int, hands: Hands, deck: Hand, units: Two, pres: Two, played: Pair, hz: int) -> Dist:
        c = self.c
        dfn = 1 - att
        hand = hands[dfn]
        opts = c.defend_options(hand, played[0] == played[1])
        pol = self.pols[dfn]
        if pol.uniform:
            choices = [(o, 1.0 / len(opts)) for o in opts]
        else:
            choices = [(pol.best_answer(played, hand)[1], 1.0)]
        out: dict[int, float] = {}
        for ans, w in choices:
            self._count()
            loss, gain, salp = c.result(played, ans)
            dp = [0, 0]
            dp[att] = gain
            pa = pres[att] + gain
            if salp:
                if pa < SALPINX_COST:
                    k = leaf(SALPINX, att) + shift((0, 0), (dp[0], dp[1]))
                    out[k] = out.get(k, 0.0) + w
                    continue
                pa -= SALPINX_COST
                dp[att] -= SALPINX_COST
            lost = min(loss, units[dfn])
            u = list(units)
            u[dfn] -= lost
            ls = [0, 0]
            ls[dfn] = lost
            off = shift((ls[0], ls[1]), (dp[0], dp[1]))
            if u[dfn] < 2:
                child = {leaf(BROKEN, dfn): 1.0}
            elif sum(deck) < 4 - lost:
                child = {leaf(EXHAUSTED, -1): 1.0}
            elif hz == 1:
                child = {leaf(CONTINUES, -1): 1.0}
            else:
                p2 = list(pres)
                p2[att] = self.clip(pa)
                h = list(hands)
                h[dfn] = sub(hand, *ans)
                child = self.window(dfn, (h[0], h[1]), deck, (u[0], u[1]), (p2[0], p2[1]), "refill", lost,
                                    hz - 1 if hz > 0 else hz, ())
            for k, v in child.items():
                k2 = k + off
                out[k2] = out.get(k2, 0.0) + w * v
        return out
