"""Political actions: trade, move the proxenos, ransom the proxenos, start a civil war."""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ..data.types import Market, Offer
from .actions import Action, Explanation, shared, shared_each
from .topology import Topology, topology_of
from .common import Log, cubes, add_good, add_prestige, have, polis_name, say, poss, side
from .decisions import ActionSpec, Opens, action, decision
from .editions import edition_of
from .flow import after_action
from .military import take_polis
from .memo import answers
from .routes import proxenos_bribes, proxenos_can_travel, proxenos_route, trade_route
from .state import CHANCE, NEUTRAL, PLAYERS, Pending, State, other, tset

# --- i. trade ---------------------------------------------------------------------------------


def price(s: State, offer: Offer, good: str | None = None) -> int:
    """Goods to hand over for an exchange at the current market value of ``good`` (by default the
    offer's first demanded good)."""
    b = topology_of(s)
    g = good or offer.demand[0]
    pos = s.markers[b.comp.market_goods.index(g)]
    return b.comp.market_table[offer.load][pos]


def offer_covered(s: State, o: Offer) -> bool:
    """Whether a black cube still covers offer ``o`` (second edition)."""
    b = topology_of(s)
    return bool(b.comp.market_covers) and b.offer_index[o.id] in s.covered


def offer_status(s: State, market: Market, o: Offer) -> str:
    """The state of offer ``o`` of ``market`` now: "open", "athens" / "sparta" (taken by that side),
    "closed" (its market closed by the round's event), "covered" (under a black cube: second edition)
    or "later" (its load is not offered this round: first edition)."""
    b = topology_of(s)
    v = s.offers[b.offer_index[o.id]]
    if v in (0, 1):  # taken by that side
        return PLAYERS[v]
    if market.id in s.closed or v == 2:  # 2: closed by the round's event
        return "closed"
    if b.comp.market_covers:
        return "covered" if offer_covered(s, o) else "open"
    if o.load > b.comp.rounds[s.round].max_load:
        return "later"
    return "open"


def offer_open(s: State, o: Offer) -> bool:
    """Whether the round lets anyone take offer ``o``: no black cube on it (second edition), or its
    load allowed this round (first edition)."""
    b = topology_of(s)
    if b.comp.market_covers:
        return b.offer_index[o.id] not in s.covered
    return o.load <= b.comp.rounds[s.round].max_load


def payers(s: State, p: int, o: Offer) -> list[str]:
    """The demanded goods p holds enough of to exchange for offer ``o``."""
    return [g for g in o.demand if have(s, p, g) >= price(s, o, g)]


def _offer(s: State, oid: str) -> Offer:
    b = topology_of(s)
    m = b.comp.markets[b.market_index[oid.split(".")[0]]]
    return m.offers[int(oid.split(".")[1])]


def trade_refusal(s: State, p: int, oid: str, mode: str | None = None, good: str | None = None
                  ) -> Explanation | None:
    b = topology_of(s)
    if oid not in b.offer_index:
        return Explanation.of(False, f"{oid!r} is not an offer; offers are named market.slot, e.g. 'persis.0'.",
                              "trade.offer")
    o = _offer(s, oid)
    mname = b.comp.markets[b.market_index[o.market]].name
    if not any(s.owner[i] == p for i in b.trade_cities[p]):
        return Explanation.of(False, f"{side(p)} owns no trade city loyal to it.", "trade.trade-city")
    if s.ships_port[p] < 1:
        return Explanation.of(False, f"{side(p)} has no trade ship in port.", "trade.trade-city")
    if o.market in s.closed:
        return Explanation.of(False, f"{mname} is closed this round by the event.", "trade.market-closed")
    if not offer_open(s, o):
        if b.comp.market_covers:
            return Explanation.of(False, f"That offer of {o.load} in {mname} is still covered by a black cube.",
                                  "trade.offer", "trade.black-cubes")
        return Explanation.of(False, f"Loads of {o.load} are not offered in round {b.comp.rounds[s.round].name}.",
                              "trade.offer")
    if s.offers[b.offer_index[oid]] != NEUTRAL:
        return Explanation.of(False, f"That offer in {mname} already holds a ship this round.", "trade.offer")
    if trade_route(s, p, o.market) is None:
        return Explanation.of(False, f"Every sea route from {poss(p)} trade port to {mname} crosses a sea "
                              f"{side(other(p))} controls.", "trade.route", "control.majority")
    can_x = bool(payers(s, p, o))
    can_b = o.receive == "wheat" and have(s, p, "silver") >= o.load
    if mode == "exchange" and good is None and len(o.demand) > 1:
        return Explanation.of(False, f"That offer accepts {' or '.join(o.demand)}; name the good, e.g. "
                              f"'offer {oid} exchange {o.demand[0]}'.", "trade.exchange")
    if mode == "exchange" and good is not None and good not in o.demand:
        return Explanation.of(False, f"That offer accepts {' or '.join(o.demand)}, not {good}.", "trade.exchange")
    if mode == "exchange" and have(s, p, good or o.demand[0]) < price(s, o, good):
        g = good or o.demand[0]
        return Explanation.of(False, f"Exchanging needs {price(s, o, g)} {g}; {side(p)} has {have(s, p, g)}.",
                              "trade.exchange")
    if mode == "buy" and not can_b:
        if o.receive != "wheat":
            return Explanation.of(False, "Silver loads cannot be bought, only exchanged.", "trade.buy-wheat")
        return Explanation.of(False, f"Buying needs {o.load} silver.", "trade.buy-wheat")
    if mode is None and not (can_x or can_b):
        return Explanation.of(False, "The trade must really be made, and {side} can pay neither way.".format(
            side=side(p)), "trade.offer", "trade.exchange", "trade.buy-wheat")
    return None


def open_offers(s: State, p: int):
    """(offer, goods that can pay an exchange, can buy) for every offer p could take now; the fast
    twin of trade_refusal (a test checks they agree)."""
    mine = s.goods[p]
    gi = topology_of(s).good_index
    for o, prices, load in _reachable_offers(s, p):
        goods = [g for g, n in prices if mine[gi[g]] >= n]
        can_b = load is not None and mine[gi["silver"]] >= load
        if goods or can_b:
            yield o, goods, can_b


def _no_trade(goods: tuple[int, ...]) -> bool:
    return False


def _reachable_offers(s: State, p: int) -> tuple:
    """(offer, ((demanded good, price), ...), wheat load to buy or None) for every offer open and
    free this round that a trade ship of p can reach: what p may take, whatever goods it holds.
    Kept in the memo, so a player acting alone who asks again after paying a good finds it there."""
    key = ("offers", s.components, p, s.ships_port[p] >= 1, s.owner, s.closed, s.covered, s.round, s.offers,
           s.markers)
    memo = answers(s)
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple(_find_offers(s, p))
    return got


def _find_offers(s: State, p: int):
    b = topology_of(s)
    if s.ships_port[p] < 1 or not any(s.owner[i] == p for i in b.trade_cities[p]):
        return
    for m in b.comp.markets:
        if m.id in s.closed:
            continue
        free = [o for o in m.offers if offer_open(s, o) and s.offers[b.offer_index[o.id]] < 0]
        if not free or trade_route(s, p, m.id) is None:
            continue
        for o in free:
            yield o, tuple((g, price(s, o, g)) for g in o.demand), o.load if o.receive == "wheat" else None


def offer_options(s: State) -> list[Action]:
    out = []
    for o, goods, can_b in open_offers(s, s.pending.player):
        if len(o.demand) == 1:
            out += [shared("offer", (o.id, "exchange")) for _ in goods]
        else:
            out += [shared("offer", (o.id, "exchange", g)) for g in goods]
        if can_b:
            out.append(shared("offer", (o.id, "buy")))
    return out


def offer_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    b = topology_of(s)
    oid, mode = a.args[:2]
    o = _offer(s, oid)
    ed = edition_of(s)
    mname = b.comp.markets[b.market_index[o.market]].name
    route = trade_route(s, p, o.market)
    assert route is not None, "an offer is a choice only where a trade ship can reach its market"
    via = "overland" if route == () else "via " + ", ".join(b.comp.areas[b.area_index[x]].name for x in route)
    s = s.evolve(ships_port=tset(s.ships_port, p, s.ships_port[p] - 1),
                 offers=tset(s.offers, b.offer_index[oid], p))
    rules = ["trade.route", "trade.offer"]
    if route == ():
        rules.append("trade.land-route")
    offers_data = ("markets", o.market, "offers")
    die: tuple  # the market die's context: (player, good, how it is read, the goods of each die ...)
    if mode == "exchange":
        g = a.args[2] if len(a.args) > 2 else o.demand[0]
        n = price(s, o, g)
        s = add_good(add_good(s, p, g, -n), p, o.receive, o.load)
        rules.append("trade.exchange")
        rules += b.comp.data_rules(offers_data, ("market_table",))
        say(log, f"{side(p)} sails {via} to {mname} and exchanges {n} {g} for {o.load} {o.receive}",
            *rules, player=p)
        die = (p, g, "exchange") if ed.exchange_dice == "one" else (p, g, "exchange-low")
    else:
        s = add_good(add_good(s, p, "silver", -o.load), p, "wheat", o.load)
        rules.append("trade.buy-wheat")
        rules += b.comp.data_rules(offers_data)
        say(log, f"{side(p)} sails {via} to {mname} and buys {o.load} wheat for {o.load} silver", *rules, player=p)
        die = (p, o.demand[0], "buy") if ed.buy_dice == "higher-of-two" else (p, o.demand[0], "buy-each",
                                                                               *o.demand[1:])
    return s.evolve(pending=Pending("market-die", CHANCE, die))


def market_die_options(s: State) -> list[Action]:
    return [shared("roll", (k,)) for k in ("1", "2", "3", "4")]


# how each roll is made: (text, probability of k as (numerator, denominator), moves right)
_DICE = {
    "exchange": ("a die shows", lambda k: (1, 4), True),
    "exchange-low": ("the lower of two dice shows", lambda k: (9 - 2 * k, 16), True),
    "buy": ("the higher of two dice shows", lambda k: (2 * k - 1, 16), False),
    "buy-each": ("its own die shows", lambda k: (1, 4), False),
}


def market_die_weight(s: State, a: Action) -> tuple[int, int]:
    """The probability of roll ``a`` as (numerator, denominator)."""
    return _DICE[s.pending.data[2]][1](int(a.args[0]))


def market_die_probability(s: State, a: Action) -> Fraction:
    return Fraction(*market_die_weight(s, a))


def market_die_apply(s: State, a: Action, log: Log) -> State:
    p, good, mode, *rest = s.pending.data
    b = topology_of(s)
    k = int(a.args[0])
    gi = b.comp.market_goods.index(good)
    top = len(b.comp.market_table[3]) - 1
    old = s.markers[gi]
    how, _, right = _DICE[mode]
    new = min(top, old + k) if right else max(0, old - k)
    s = s.evolve(markers=tset(s.markers, gi, new))
    way = "right (dearer)" if right else "left (cheaper)"
    if new == old:  # already at the end of the track the die would push it past
        moves = f"the marker stays at {old}, the {'dearest' if right else 'cheapest'} end of its track"
    else:
        moves = f"the marker moves {way} from {old} to {new}" + (", as far as the track goes"
                                                                   if abs(new - old) < k else "")
    say(log, f"Market value of {good}: {how} {k}; {moves}", "trade.market-value")
    if rest:  # one die for each further good that could have paid
        return s.evolve(pending=Pending("market-die", CHANCE, (p, rest[0], mode, *rest[1:])))
    return after_action(s, p, log)


def _offer_why(s: State, a: Action) -> Explanation | None:
    if len(a.args) not in (2, 3) or a.args[1] not in ("exchange", "buy") or (
            len(a.args) == 3 and a.args[1] != "exchange"):
        return Explanation.of(False, "Write 'offer <market>.<slot> exchange', 'offer <market>.<slot> exchange <good>' "
                              "or '... buy'.", "decision.wrong-kind")
    if len(a.args) == 3 and a.args[0] in topology_of(s).offer_index and len(_offer(s, a.args[0]).demand) == 1:
        only = _offer(s, a.args[0]).demand[0]
        return Explanation.of(False, f"That offer accepts only {only}, so no good is named: write "
                              f"'offer {a.args[0]} exchange'.", "trade.exchange")
    return trade_refusal(s, s.pending.player, a.args[0], a.args[1], a.args[2] if len(a.args) == 3 else None)


def market_die_weights(s: State, acts) -> list[tuple[int, int]]:
    """The probability of each roll in ``acts`` as (numerator, denominator)."""
    return [market_die_weight(s, a) for a in acts]


def _market_die_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    ed = edition_of(s)
    modes = ("exchange" if ed.exchange_dice == "one" else "exchange-low",
             "buy" if ed.buy_dice == "higher-of-two" else "buy-each")
    if len(d) < 3 or d[0] not in (0, 1) or type(d[0]) is not int or d[2] not in modes:
        return f"expected [player, good, one of {', '.join(modes)}, ...]"
    goods = d[1:2] + d[3:]
    if d[2] != "buy-each" and len(d) > 3 or any(g not in b.comp.market_goods for g in goods) \
            or len(set(goods)) != len(goods):
        return "the goods whose market value moves are not market goods [trade.market-value]"
    return None


decision("trade-offer", "actions", offer_options, offer_apply, _offer_why, keywords=("offer",),
         prompt="choose an offer and how to pay", action="trade", target="offer", why_template="offer {} exchange")
decision("market-die", "actions", market_die_options, market_die_apply, keywords=("roll",),
         prompt="roll for the market value", action="trade", context=_market_die_context,
         weights=market_die_weights)


def trade_available(s: State, p: int) -> bool:
    return _trade_paying(s, p)(s.goods[p])


def _trade_paying(s: State, p: int) -> Callable[[tuple[int, ...]], bool]:
    """Whether p holding ``goods`` could take some offer in ``s`` (``open_offers`` not empty): the
    offers within reach are looked up once, then only the goods are asked."""
    if s.ships_port[p] < 1:  # no ship to sail (the quick case of _find_offers, before the memo's key is made)
        return _no_trade
    offers = _reachable_offers(s, p)
    gi = topology_of(s).good_index
    silver = gi["silver"]
    wants = [([(gi[g], n) for g, n in prices], load) for _, prices, load in offers]

    def can(goods: tuple[int, ...]) -> bool:
        for prices, load in wants:
            if load is not None and goods[silver] >= load:
                return True
            for i, n in prices:
                if goods[i] >= n:
                    return True
        return False
    return can


def _trade_why(s: State, p: int) -> Explanation:
    b = topology_of(s)
    for oid in b.offer_ids:
        e = trade_refusal(s, p, oid)
        if e is not None and e.rule_ids[0] in ("trade.trade-city",):
            return e
    return Explanation.of(False, f"No open offer can be reached and paid by {side(p)} now.", "trade.route",
                          "trade.offer", "trade.exchange")


action(ActionSpec("trade", False, trade_available, Opens("trade-offer"),
                  _trade_why, ("trade.route", "trade.offer"), "Trade", paying=_trade_paying))

# --- j. proxenos ------------------------------------------------------------------------------


def proxenos_refusal(s: State, p: int, dst: int, mode: str) -> Explanation | None:
    b = topology_of(s)
    src = s.proxenos[p]
    if src < 0:
        return Explanation.of(False, f"{poss(p)} proxenos is captured.", "proxenos.captured")
    if dst == src:
        return Explanation.of(False, "The proxenos must travel to another polis.", "proxenos.route")
    if s.proxenos[other(p)] == dst:
        return Explanation.of(False, f"{polis_name(b, dst)} already hosts {poss(other(p))} proxenos.",
                              "proxenos.one-per-polis")
    r = proxenos_route(s, p, src, dst, mode)
    if r is None:
        return Explanation.of(False, f"There is no {mode} route from {polis_name(b, src)} to {polis_name(b, dst)} "
                              "(Sparta and Thebai have no port; Epidamnos and Abdera no land).", "proxenos.route")
    if have(s, p, "silver") < r[0]:
        return Explanation.of(False, f"The cheapest {mode} route costs {r[0]} silver in bribes; {side(p)} has "
                              f"{have(s, p, 'silver')}.", "proxenos.bribe")
    return None


def proxenos_options(s: State) -> list[Action]:
    """Every (destination, land or sea) p's proxenos can afford: the fast twin of proxenos_refusal
    (a test checks they agree), from the cheapest bribe to every polis by each mode."""
    p = s.pending.player
    src = s.proxenos[p]
    if src < 0:
        return []
    b = topology_of(s)
    silver = have(s, p, "silver")
    theirs = s.proxenos[other(p)]
    by = [(proxenos_bribes(s, p, src, mode), shared_each("polis", b.polis_ids, ("by", mode))) for mode in ("land", "sea")]
    out = []
    for d in range(len(s.owner)):
        if d == src or d == theirs:
            continue
        for bribes, choices in by:
            bribe = bribes[d]
            if bribe is not None and bribe <= silver:
                out.append(choices[d])
    return out


def proxenos_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    b = topology_of(s)
    dst, mode = b.polis_index[a.args[0]], a.args[2]
    src = s.proxenos[p]
    trip = proxenos_route(s, p, src, dst, mode)
    assert trip is not None, "a destination is a choice only where the proxenos can travel"
    cost, path = trip
    s = add_good(s, p, "silver", -cost).evolve(proxenos=tset(s.proxenos, p, dst))
    say(log, f"{poss(p)} proxenos travels by {mode} from {polis_name(b, src)} to {polis_name(b, dst)} via "
        + ", ".join(b.name(x) for x in path) + f", bribing {cost} silver", "proxenos.route", "proxenos.bribe",
        player=p)
    return after_action(s, p, log)


def _proxenos_why(s: State, a: Action) -> Explanation | None:
    b = topology_of(s)
    if len(a.args) != 3 or a.args[0] not in b.polis_index or a.args[1] != "by" or a.args[2] not in ("land", "sea"):
        return Explanation.of(False, "Write 'polis <polis> by land' or 'polis <polis> by sea'.", "decision.wrong-kind")
    return proxenos_refusal(s, s.pending.player, b.polis_index[a.args[0]], a.args[2])


decision("proxenos-dest", "actions", proxenos_options, proxenos_apply, _proxenos_why, keywords=("polis",),
         prompt="choose the proxenos' destination and route", action="proxenos", target="polis",
         why_template="polis {} by land")


def _proxenos_avail(s: State, p: int) -> bool:
    """Whether p's proxenos can travel anywhere (proxenos_options would list something), by a
    search that stops at the first destination it can afford."""
    src = s.proxenos[p]
    return src >= 0 and proxenos_can_travel(s, p, src, have(s, p, "silver"), s.proxenos[other(p)])


def _proxenos_action_why(s: State, p: int) -> Explanation:
    if s.proxenos[p] < 0:
        return Explanation.of(False, f"{poss(p)} proxenos is captured; ransom it first.", "proxenos.captured")
    return Explanation.of(False, f"{side(p)} cannot pay the bribes of any route.", "proxenos.bribe")


action(ActionSpec("proxenos", False, _proxenos_avail,
                  Opens("proxenos-dest"), _proxenos_action_why,
                  ("proxenos.route", "proxenos.bribe"), "Move the proxenos",
                  frozenset({"silver"})))

# --- k. ransom --------------------------------------------------------------------------------


def _ransom_why(s: State, p: int) -> Explanation | None:
    if s.proxenos[p] >= 0:
        return Explanation.of(False, f"{poss(p)} proxenos is free.", "proxenos.ransom")
    if have(s, p, "silver") < 2:
        return Explanation.of(False, f"The ransom is 2 silver; {side(p)} has {have(s, p, 'silver')}.",
                              "proxenos.ransom")
    return None


def _ransom_begin(s: State, p: int, log: Log) -> State:
    b = topology_of(s)
    s = add_good(add_good(s, p, "silver", -2), other(p), "silver", 2)
    home = b.capital[p]
    s = s.evolve(proxenos=tset(s.proxenos, p, home))
    text = f"{side(p)} pays {side(other(p))} 2 silver; its proxenos returns to {polis_name(b, home)}"
    if s.proxenos[other(p)] == home:  # the one-per-polis rule limits moves, not this return
        say(log, f"{text}, where {poss(other(p))} proxenos also stands", "proxenos.ransom",
            "proxenos.ransom-shared-capital", player=p)
    else:
        say(log, text, "proxenos.ransom", player=p)
    return after_action(s, p, log)


def _ransom_ok(s: State, p: int) -> bool:
    """``_ransom_why(s, p) is None`` without building the explanation."""
    return s.proxenos[p] < 0 and have(s, p, "silver") >= 2


action(ActionSpec("ransom", False, _ransom_ok, _ransom_begin, _ransom_why,
                  ("proxenos.ransom",), "Ransom the proxenos",
                  frozenset({"silver"})))

# --- l. civil war -----------------------------------------------------------------------------


def civil_war_cost(s: State, i: int) -> tuple[int, int]:
    """(silver, population bribed) for a civil war in polis i."""
    b = topology_of(s)
    if s.owner[i] == NEUTRAL:
        n = b.comp.poleis[i].base
        return 2 * n, n
    return 3 * s.pop[i], s.pop[i]


def _civil_why(s: State, p: int) -> Explanation | None:
    b = topology_of(s)
    i = s.proxenos[p]
    if i < 0:
        return Explanation.of(False, f"{poss(p)} proxenos is captured.", "proxenos.captured")
    name = polis_name(b, i)
    if s.owner[i] == p:
        return Explanation.of(False, f"The proxenos stands in {name}, which {side(p)} already owns.", "civilwar.target")
    if b.capital[other(p)] == i:
        return Explanation.of(False, f"No civil war can be raised in the enemy capital {name}.", "civilwar.target")
    cost, n = civil_war_cost(s, i)
    if have(s, p, "silver") < cost:
        return Explanation.of(False, f"A civil war in {name} costs {cost} silver; {side(p)} has "
                              f"{have(s, p, 'silver')}.", "civilwar.cost")
    if b.supply(s, p) < n:
        return Explanation.of(False, f"{side(p)} lacks the {n} supply cubes to populate {name}.", "civilwar.cost",
                              "game.limited-material")
    if b.discs_free(s, p) == 0:
        return Explanation.of(False, f"{side(p)} has no disc left to mark {name}.", "game.discs-limit",
                              "game.limited-material")
    return None


def _civil_begin(s: State, p: int, log: Log) -> State:
    b = topology_of(s)
    i = s.proxenos[p]
    cost, n = civil_war_cost(s, i)
    prev = s.owner[i]
    s = add_good(s, p, "silver", -cost)
    s, n = take_polis(s, p, i)
    s = add_prestige(s, p, n)
    frm = "neutral" if prev == NEUTRAL else poss(prev)
    say(log, f"{side(p)} pays {cost} silver for a civil war in {frm} {polis_name(b, i)}: it joins with {cubes(n)} "
        f"and {side(p)} gains {n} prestige", "civilwar.cost", "civilwar.effect", player=p)
    return after_action(s, p, log)


def _civil_ok(s: State, p: int) -> bool:
    """``_civil_why(s, p) is None`` without building the explanation."""
    b = topology_of(s)
    i = s.proxenos[p]
    if i < 0 or s.owner[i] == p or b.capital[other(p)] == i:
        return False
    cost, n = civil_war_cost(s, i)
    return have(s, p, "silver") >= cost and b.supply(s, p) >= n and b.discs_free(s, p) != 0


action(ActionSpec("civilwar", False, _civil_ok, _civil_begin, _civil_why,
                  ("civilwar.target", "civilwar.cost"), "Start a civil war",
                  frozenset({"silver"})))
