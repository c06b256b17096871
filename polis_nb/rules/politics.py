"""Political actions: trade, move the proxenos, ransom the proxenos, start a civil war."""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from ..data.types import Market, Offer
from ..i18n import Either, Phrase, message, plural
from .actions import Action, Explanation, shared, shared_each
from .topology import Topology, topology_of
from .common import Log, add_good, add_prestige, explained, have, say, side_id
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


NOT_AN_OFFER = message("trade.not-an-offer", "'{text}' is not an offer; offers are named market.slot, e.g. 'persis.0'.")
NO_LOYAL_CITY = message("trade.no-loyal-city", "{side} owns no trade city loyal to it.")
NO_SHIP_IN_PORT = message("trade.no-ship-in-port", "{side} has no trade ship in port.")
MARKET_CLOSED = message("trade.market-closed", "{market} is closed this round by the event.")
COVERED = message("trade.covered", "That offer of {n} in {market} is still covered by a black cube.")
NOT_THIS_ROUND = message("trade.not-this-round", "Loads of {n} are not offered in round {round}.")
TAKEN = message("trade.taken", "That offer in {market} already holds a ship this round.")
BLOCKED = message("trade.blocked", "Every sea route from {side:gen} trade port to {market} crosses a sea {side2} "
                  "controls.")
NAME_THE_GOOD = message("trade.name-the-good", "That offer accepts {goods}; name the good, e.g. '{example}'.")
NOT_THAT_GOOD = message("trade.not-that-good", "That offer accepts {goods}, not {good}.")
EXCHANGE_NEEDS = message("trade.exchange-needs", "Exchanging needs {n} {good}; {side} has {m}.")
SILVER_NOT_BOUGHT = message("trade.silver-not-bought", "Silver loads cannot be bought, only exchanged.")
BUYING_NEEDS = message("trade.buying-needs", "Buying needs {n} silver.")
PAYS_NEITHER = message("trade.pays-neither", "The trade must really be made, and {side} can pay neither way.")


def trade_refusal(s: State, p: int, oid: str, mode: str | None = None, good: str | None = None
                  ) -> Explanation | None:
    b = topology_of(s)
    if oid not in b.offer_index:
        return explained(s, False, NOT_AN_OFFER, "trade.offer", text=oid)
    o = _offer(s, oid)
    mname = o.market
    if not any(s.owner[i] == p for i in b.trade_cities[p]):
        return explained(s, False, NO_LOYAL_CITY, "trade.trade-city", side=side_id(p))
    if s.ships_port[p] < 1:
        return explained(s, False, NO_SHIP_IN_PORT, "trade.trade-city", side=side_id(p))
    if o.market in s.closed:
        return explained(s, False, MARKET_CLOSED, "trade.market-closed", market=mname)
    if not offer_open(s, o):
        if b.comp.market_covers:
            return explained(s, False, COVERED, "trade.offer", "trade.black-cubes", n=o.load, market=mname)
        return explained(s, False, NOT_THIS_ROUND, "trade.offer", n=o.load, round=b.comp.rounds[s.round].label)
    if s.offers[b.offer_index[oid]] != NEUTRAL:
        return explained(s, False, TAKEN, "trade.offer", market=mname)
    if trade_route(s, p, o.market) is None:
        return explained(s, False, BLOCKED, "trade.route", "control.majority", side=side_id(p), market=mname,
                         side2=side_id(other(p)))
    can_x = bool(payers(s, p, o))
    can_b = o.receive == "wheat" and have(s, p, "silver") >= o.load
    if mode == "exchange" and good is None and len(o.demand) > 1:
        return explained(s, False, NAME_THE_GOOD, "trade.exchange", goods=Either(o.demand),
                         example=f"offer {oid} exchange {o.demand[0]}")
    if mode == "exchange" and good is not None and good not in o.demand:
        return explained(s, False, NOT_THAT_GOOD, "trade.exchange", goods=Either(o.demand), good=good)
    if mode == "exchange" and have(s, p, good or o.demand[0]) < price(s, o, good):
        g = good or o.demand[0]
        return explained(s, False, EXCHANGE_NEEDS, "trade.exchange", n=price(s, o, g), good=g, side=side_id(p),
                         m=have(s, p, g))
    if mode == "buy" and not can_b:
        if o.receive != "wheat":
            return explained(s, False, SILVER_NOT_BOUGHT, "trade.buy-wheat")
        return explained(s, False, BUYING_NEEDS, "trade.buy-wheat", n=o.load)
    if mode is None and not (can_x or can_b):
        return explained(s, False, PAYS_NEITHER, "trade.offer", "trade.exchange", "trade.buy-wheat", side=side_id(p))
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


OVERLAND = message("trade.overland", "overland")
VIA = message("trade.via", "via {area_list}")
EXCHANGES = message("trade.exchanges", "{side} sails {route} to {market} and exchanges {n} {good} for {load} {good2}")
BUYS = message("trade.buys", "{side} sails {route} to {market} and buys {load} wheat for {n} silver")


def offer_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    b = topology_of(s)
    oid, mode = a.args[:2]
    o = _offer(s, oid)
    ed = edition_of(s)
    route = trade_route(s, p, o.market)
    assert route is not None, "an offer is a choice only where a trade ship can reach its market"
    via = Phrase(OVERLAND) if route == () else Phrase(VIA, {"area_list": tuple(route)})
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
        say(log, EXCHANGES, *rules, player=p, side=side_id(p), route=via, market=o.market, n=n, good=g, load=o.load,
            good2=o.receive)
        die = (p, g, "exchange") if ed.exchange_dice == "one" else (p, g, "exchange-low")
    else:
        s = add_good(add_good(s, p, "silver", -o.load), p, "wheat", o.load)
        rules.append("trade.buy-wheat")
        rules += b.comp.data_rules(offers_data)
        say(log, BUYS, *rules, player=p, side=side_id(p), route=via, market=o.market, load=o.load, n=o.load)
        die = (p, o.demand[0], "buy") if ed.buy_dice == "higher-of-two" else (p, o.demand[0], "buy-each",
                                                                               *o.demand[1:])
    return s.evolve(pending=Pending("market-die", CHANCE, die))


def market_die_options(s: State) -> list[Action]:
    return [shared("roll", (k,)) for k in ("1", "2", "3", "4")]


# how each roll is made: (text, probability of k as (numerator, denominator), moves right)
_DICE = {
    "exchange": (message("trade.die-one", "a die shows"), lambda k: (1, 4), True),
    "exchange-low": (message("trade.die-lower", "the lower of two dice shows"), lambda k: (9 - 2 * k, 16), True),
    "buy": (message("trade.die-higher", "the higher of two dice shows"), lambda k: (2 * k - 1, 16), False),
    "buy-each": (message("trade.die-own", "its own die shows"), lambda k: (1, 4), False),
}
MARKET_VALUE = message("trade.market-value", "Market value of {good}: {how} {k}; {moves}")
STAYS_RIGHT = message("trade.stays-dearest", "the marker stays at {n}, the dearest end of its track")
STAYS_LEFT = message("trade.stays-cheapest", "the marker stays at {n}, the cheapest end of its track")
MOVES_RIGHT = message("trade.moves-right", "the marker moves right (dearer) from {old} to {new}{end}")
MOVES_LEFT = message("trade.moves-left", "the marker moves left (cheaper) from {old} to {new}{end}")
TRACK_END = message("trade.track-end", ", as far as the track goes")
WRITE_OFFER = message("trade.write-offer", "Write 'offer <market>.<slot> exchange', 'offer <market>.<slot> exchange "
                      "<good>' or '... buy'.")
ONLY_ONE_GOOD = message("trade.only-one-good", "That offer accepts only {good}, so no good is named: write '{example}'.")
NONE_REACHABLE = message("trade.none-reachable", "No open offer can be reached and paid by {side} now.")


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
    if new == old:  # already at the end of the track the die would push it past
        moves = Phrase(STAYS_RIGHT if right else STAYS_LEFT, {"n": old})
    else:
        moves = Phrase(MOVES_RIGHT if right else MOVES_LEFT,
                       {"old": old, "new": new, "end": Phrase(TRACK_END) if abs(new - old) < k else ""})
    say(log, MARKET_VALUE, "trade.market-value", good=good, how=Phrase(how), k=k, moves=moves)
    if rest:  # one die for each further good that could have paid
        return s.evolve(pending=Pending("market-die", CHANCE, (p, rest[0], mode, *rest[1:])))
    return after_action(s, p, log)


def _offer_why(s: State, a: Action) -> Explanation | None:
    if len(a.args) not in (2, 3) or a.args[1] not in ("exchange", "buy") or (
            len(a.args) == 3 and a.args[1] != "exchange"):
        return explained(s, False, WRITE_OFFER, "decision.wrong-kind")
    if len(a.args) == 3 and a.args[0] in topology_of(s).offer_index and len(_offer(s, a.args[0]).demand) == 1:
        only = _offer(s, a.args[0]).demand[0]
        return explained(s, False, ONLY_ONE_GOOD, "trade.exchange", good=only, example=f"offer {a.args[0]} exchange")
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
         prompt=message("prompt.trade-offer", "choose an offer and how to pay"), action="trade", target="offer",
         why_template="offer {} exchange")
decision("market-die", "actions", market_die_options, market_die_apply, keywords=("roll",),
         prompt=message("prompt.market-die", "roll for the market value"), action="trade", context=_market_die_context,
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
    return explained(s, False, NONE_REACHABLE, "trade.route", "trade.offer", "trade.exchange", side=side_id(p))


action(ActionSpec("trade", False, trade_available, Opens("trade-offer"),
                  _trade_why, ("trade.route", "trade.offer"), message("action.trade", "Trade"),
                  paying=_trade_paying))

# --- j. proxenos ------------------------------------------------------------------------------


CAPTURED = message("proxenos.captured", "{side:gen} proxenos is captured.")
ANOTHER_POLIS = message("proxenos.another-polis", "The proxenos must travel to another polis.")
HOSTS = message("proxenos.hosts", "{polis} already hosts {side:gen} proxenos.")
NO_ROUTE = {"land": message("proxenos.no-land-route", "There is no land route from {polis_from} to {polis_to} (Sparta and "
                            "Thebai have no port; Epidamnos and Abdera no land)."),
            "sea": message("proxenos.no-sea-route", "There is no sea route from {polis_from} to {polis_to} (Sparta and "
                           "Thebai have no port; Epidamnos and Abdera no land).")}
BRIBES = {"land": message("proxenos.land-bribes", "The cheapest land route costs {n} silver in bribes; {side} has {m}."),
          "sea": message("proxenos.sea-bribes", "The cheapest sea route costs {n} silver in bribes; {side} has {m}.")}


def proxenos_refusal(s: State, p: int, dst: int, mode: str) -> Explanation | None:
    b = topology_of(s)
    src = s.proxenos[p]
    if src < 0:
        return explained(s, False, CAPTURED, "proxenos.captured", side=side_id(p))
    if dst == src:
        return explained(s, False, ANOTHER_POLIS, "proxenos.route")
    if s.proxenos[other(p)] == dst:
        return explained(s, False, HOSTS, "proxenos.one-per-polis", polis=b.polis_ids[dst], side=side_id(other(p)))
    r = proxenos_route(s, p, src, dst, mode)
    if r is None:
        return explained(s, False, NO_ROUTE[mode], "proxenos.route", polis_from=b.polis_ids[src], polis_to=b.polis_ids[dst])
    if have(s, p, "silver") < r[0]:
        return explained(s, False, BRIBES[mode], "proxenos.bribe", n=r[0], side=side_id(p), m=have(s, p, "silver"))
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


TRAVELS = {"land": message("proxenos.travels-land", "{side:gen} proxenos travels by land from {polis_from} to {polis_to} "
                            "via {area_list}, bribing {n} silver"),
           "sea": message("proxenos.travels-sea", "{side:gen} proxenos travels by sea from {polis_from} to {polis_to} via "
                           "{area_list}, bribing {n} silver")}
WRITE_PROXENOS = message("proxenos.write", "Write 'polis <polis> by land' or 'polis <polis> by sea'.")
CAPTURED_RANSOM = message("proxenos.captured-ransom", "{side:gen} proxenos is captured; ransom it first.")
NO_BRIBES = message("proxenos.no-bribes", "{side} cannot pay the bribes of any route.")


def proxenos_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    b = topology_of(s)
    dst, mode = b.polis_index[a.args[0]], a.args[2]
    src = s.proxenos[p]
    trip = proxenos_route(s, p, src, dst, mode)
    assert trip is not None, "a destination is a choice only where the proxenos can travel"
    cost, path = trip
    s = add_good(s, p, "silver", -cost).evolve(proxenos=tset(s.proxenos, p, dst))
    say(log, TRAVELS[mode], "proxenos.route", "proxenos.bribe", player=p, side=side_id(p), polis_from=b.polis_ids[src],
        polis_to=a.args[0], area_list=tuple(b.area_ids[x] for x in path), n=cost)
    return after_action(s, p, log)


def _proxenos_why(s: State, a: Action) -> Explanation | None:
    b = topology_of(s)
    if len(a.args) != 3 or a.args[0] not in b.polis_index or a.args[1] != "by" or a.args[2] not in ("land", "sea"):
        return explained(s, False, WRITE_PROXENOS, "decision.wrong-kind")
    return proxenos_refusal(s, s.pending.player, b.polis_index[a.args[0]], a.args[2])


decision("proxenos-dest", "actions", proxenos_options, proxenos_apply, _proxenos_why, keywords=("polis",),
         prompt=message("prompt.proxenos-dest", "choose the proxenos' destination and route"), action="proxenos",
         target="polis",
         why_template="polis {} by land")


def _proxenos_avail(s: State, p: int) -> bool:
    """Whether p's proxenos can travel anywhere (proxenos_options would list something), by a
    search that stops at the first destination it can afford."""
    src = s.proxenos[p]
    return src >= 0 and proxenos_can_travel(s, p, src, have(s, p, "silver"), s.proxenos[other(p)])


def _proxenos_action_why(s: State, p: int) -> Explanation:
    if s.proxenos[p] < 0:
        return explained(s, False, CAPTURED_RANSOM, "proxenos.captured", side=side_id(p))
    return explained(s, False, NO_BRIBES, "proxenos.bribe", side=side_id(p))


action(ActionSpec("proxenos", False, _proxenos_avail,
                  Opens("proxenos-dest"), _proxenos_action_why,
                  ("proxenos.route", "proxenos.bribe"), message("action.proxenos", "Move the proxenos"),
                  frozenset({"silver"})))

# --- k. ransom --------------------------------------------------------------------------------


IS_FREE = message("proxenos.is-free", "{side:gen} proxenos is free.")
RANSOM_IS = message("proxenos.ransom-is", "The ransom is 2 silver; {side} has {n}.")
RANSOMS = message("proxenos.ransoms", "{side} pays {side2} 2 silver; its proxenos returns to {polis}")
RANSOMS_SHARED = message("proxenos.ransoms-shared", "{side} pays {side2} 2 silver; its proxenos returns to {polis}, where "
                         "{side2:gen} proxenos also stands")


def _ransom_why(s: State, p: int) -> Explanation | None:
    if s.proxenos[p] >= 0:
        return explained(s, False, IS_FREE, "proxenos.ransom", side=side_id(p))
    if have(s, p, "silver") < 2:
        return explained(s, False, RANSOM_IS, "proxenos.ransom", side=side_id(p), n=have(s, p, "silver"))
    return None


def _ransom_begin(s: State, p: int, log: Log) -> State:
    b = topology_of(s)
    s = add_good(add_good(s, p, "silver", -2), other(p), "silver", 2)
    home = b.capital[p]
    s = s.evolve(proxenos=tset(s.proxenos, p, home))
    args = {"side": side_id(p), "side2": side_id(other(p)), "polis": b.polis_ids[home]}
    if s.proxenos[other(p)] == home:  # the one-per-polis rule limits moves, not this return
        say(log, RANSOMS_SHARED, "proxenos.ransom", "proxenos.ransom-shared-capital", player=p, **args)
    else:
        say(log, RANSOMS, "proxenos.ransom", player=p, **args)
    return after_action(s, p, log)


def _ransom_ok(s: State, p: int) -> bool:
    """``_ransom_why(s, p) is None`` without building the explanation."""
    return s.proxenos[p] < 0 and have(s, p, "silver") >= 2


action(ActionSpec("ransom", False, _ransom_ok, _ransom_begin, _ransom_why,
                  ("proxenos.ransom",), message("action.ransom", "Ransom the proxenos"),
                  frozenset({"silver"})))

# --- l. civil war -----------------------------------------------------------------------------


def civil_war_cost(s: State, i: int) -> tuple[int, int]:
    """(silver, population bribed) for a civil war in polis i."""
    b = topology_of(s)
    if s.owner[i] == NEUTRAL:
        n = b.comp.poleis[i].base
        return 2 * n, n
    return 3 * s.pop[i], s.pop[i]


OWNS_ALREADY = message("civilwar.owns-already", "The proxenos stands in {polis}, which {side} already owns.")
ENEMY_CAPITAL = message("civilwar.enemy-capital", "No civil war can be raised in the enemy capital {polis}.")
CIVIL_COSTS = message("civilwar.costs", "A civil war in {polis} costs {n} silver; {side} has {m}.")
LACKS_CUBES = message("civilwar.lacks-cubes", "{side} lacks the {n} supply cubes to populate {polis}.")
NO_DISC = message("civilwar.no-disc", "{side} has no disc left to mark {polis}.")
CIVIL_WAR_NEUTRAL = message("civilwar.in-neutral", "{side} pays {n} silver for a civil war in neutral {polis}: it joins "
                            "with {cubes} and {side} gains {m} prestige")
CIVIL_WAR_OWNED = message("civilwar.in-owned", "{side} pays {n} silver for a civil war in {side2:gen} {polis}: it joins "
                          "with {cubes} and {side} gains {m} prestige")
CUBES = plural("civilwar.cubes", "{n} cube", "{n} cubes")


def _civil_why(s: State, p: int) -> Explanation | None:
    b = topology_of(s)
    i = s.proxenos[p]
    if i < 0:
        return explained(s, False, CAPTURED, "proxenos.captured", side=side_id(p))
    name = b.polis_ids[i]
    if s.owner[i] == p:
        return explained(s, False, OWNS_ALREADY, "civilwar.target", polis=name, side=side_id(p))
    if b.capital[other(p)] == i:
        return explained(s, False, ENEMY_CAPITAL, "civilwar.target", polis=name)
    cost, n = civil_war_cost(s, i)
    if have(s, p, "silver") < cost:
        return explained(s, False, CIVIL_COSTS, "civilwar.cost", polis=name, n=cost, side=side_id(p),
                         m=have(s, p, "silver"))
    if b.supply(s, p) < n:
        return explained(s, False, LACKS_CUBES, "civilwar.cost", "game.limited-material", side=side_id(p), n=n,
                         polis=name)
    if b.discs_free(s, p) == 0:
        return explained(s, False, NO_DISC, "game.discs-limit", "game.limited-material", side=side_id(p), polis=name)
    return None


def _civil_begin(s: State, p: int, log: Log) -> State:
    b = topology_of(s)
    i = s.proxenos[p]
    cost, n = civil_war_cost(s, i)
    prev = s.owner[i]
    s = add_good(s, p, "silver", -cost)
    s, n = take_polis(s, p, i)
    s = add_prestige(s, p, n)
    args = {"side": side_id(p), "n": cost, "polis": b.polis_ids[i], "cubes": Phrase(CUBES, {"n": n}), "m": n}
    if prev == NEUTRAL:
        say(log, CIVIL_WAR_NEUTRAL, "civilwar.cost", "civilwar.effect", player=p, **args)
    else:
        say(log, CIVIL_WAR_OWNED, "civilwar.cost", "civilwar.effect", player=p, side2=side_id(prev), **args)
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
                  ("civilwar.target", "civilwar.cost"), message("action.civilwar", "Start a civil war"),
                  frozenset({"silver"})))
