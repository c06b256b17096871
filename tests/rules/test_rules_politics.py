"""Per-rule tests for the political actions: trade (i), moving the proxenos (j), ransoming it (k) and
civil war (l). Each test names the rule id it covers; docstrings cite the Ed1 rulebook section."""
from __future__ import annotations

from fractions import Fraction

import pytest

import polis_nb as pn
from polis_nb.rules.topology import topology_of

from .helpers import play, refused, rule_ids

# seed 1 draws "No Event" in the first round, so positions start without event side effects
SEED = 1
METAL, WOOD, WINE, OIL, SILVER, WHEAT = range(6)


def pos(**kw) -> pn.State:
    kw.setdefault("round", "4")
    kw.setdefault("to_move", "athens")
    return pn.position(seed=SEED, **kw)


def idx(s: pn.State):
    b = topology_of(s)
    return b.polis_index, b.area_index, b.offer_index, b.comp.market_goods


def _with_event(event: str, seed: int = SEED) -> pn.State:
    """A first round whose event card is forced to ``event`` (projects drawn in pile order)."""
    s = pn.new_game(seed=seed)
    while s.pending.kind == "draw-project":
        s = pn.apply(s, pn.legal_actions(s)[0])
    return pn.apply(s, f"event {event}")


# --- i. trade -----------------------------------------------------------------------------------


def test_trade_route():
    """Ed1 · Aktionen › i. Handel treiben: Athens sails from its port in the Kyklades through the
    Noties Sporades to Persis; no sea on the way is held by Sparta, so the trade goes through."""
    s = pos(round="3")
    s2 = play(s, "trade", "offer persis.0 exchange")
    assert "trade.route" in rule_ids(s2)
    assert "Kyklades" in s2.log[0].text and "Noties" in s2.log[0].text


def test_trade_route__refused_when_a_sea_on_the_way_is_controlled():
    """Ed1 · Aktionen › i. Handel treiben: once Sparta outnumbers Athens in the Noties Sporades the
    way to Persis is blocked, while markets reached through other seas stay open."""
    s = pos(round="3", units={"noties": (1, 2)})
    s1 = play(s, "trade")
    e = refused(s1, "offer persis.0 exchange")
    assert "trade.route" in e.rule_ids
    assert pn.explain(s1, "offer thrake.0 exchange").legal


def test_trade_route__tie_does_not_block():
    """Ed1 · Aktionen › i. Handel treiben: a sea with as many Spartan as Athenian galleys is not
    controlled by Sparta, so the route through it stays free."""
    s = pos(round="3", units={"noties": (2, 2)})
    s2 = play(s, "trade", "offer persis.0 exchange")
    assert "trade.route" in rule_ids(s2)


def test_trade_route__through_the_diolkos():
    """Ed1 · Aktionen › i. Handel treiben: with the Myrtoon Pelagos held by Athens, Sparta reaches Persis
    only if it owns Korinthos, whose diolkos links the Ionion Pelagos with the Kyklades."""
    units = {"myrtoon": (3, 2), "kyklades": (0, 0), "noties": (0, 0)}
    s = pos(round="3", to_move="sparta", units=units, goods={"sparta": {"wine": 4}})
    s1 = play(s, "trade")
    assert "trade.route" in refused(s1, "offer persis.0 exchange").rule_ids
    s = pos(round="3", to_move="sparta", units=units, poleis={"korinthos": ("sparta", 4)},
            goods={"sparta": {"wine": 4}})
    s2 = play(s, "trade", "offer persis.0 exchange")
    assert "trade.route" in rule_ids(s2)
    assert "Ionion" in s2.log[0].text and "Kyklades" in s2.log[0].text


def test_trade_route__refused_when_the_home_sea_is_blocked():
    """Ed1 · Aktionen › i. Handel treiben: if Sparta holds the Kyklades, Athens' ships cannot leave
    port at all, so the trade action itself is refused."""
    s = pos(round="3", units={"kyklades": (1, 2)})
    e = refused(s, "trade")
    assert "trade.route" in e.rule_ids


def test_trade_trade_city():
    """Ed1 · Aktionen › i. Handel treiben: Sparta trades through its loyal trade city and sends a
    ship from its port; the ship leaves the port and takes the offer."""
    s = pos(round="3", to_move="sparta", goods={"sparta": {"wood": 4}})
    pi, ai, oi, _ = idx(s)
    s2 = play(s, "trade", "offer aigyptos.0 exchange")
    assert "trade.offer" in rule_ids(s2)
    assert s2.ships_port[1] == s.ships_port[1] - 1
    assert s2.offers[oi["aigyptos.0"]] == 1


def test_trade_trade_city__refused_without_loyal_city():
    """Ed1 · Aktionen › i. Handel treiben: a Sparta that has lost both Pylos and Gytheion owns no
    trade city loyal to it and cannot trade at all."""
    s = pos(round="3", to_move="sparta", poleis={"pylos": "neutral", "gytheion": "neutral"})
    e = refused(s, "trade")
    assert "trade.trade-city" in e.rule_ids


def test_trade_trade_city__refused_in_a_city_loyal_to_the_other_side():
    """Ed1 · Aktionen › i. Handel treiben: Athens holding Pylos does not make Pylos a trade city
    for Sparta's rival; Sparta, still owning Gytheion, keeps trading."""
    s = pos(round="3", to_move="sparta", poleis={"pylos": ("athens", 2), "gytheion": "neutral"})
    e = refused(s, "trade")
    assert "trade.trade-city" in e.rule_ids
    s = pos(round="3", to_move="sparta", poleis={"pylos": ("athens", 2)}, goods={"sparta": {"wood": 4}})
    assert pn.explain(s, "trade").legal


def test_trade_trade_city__refused_without_ship_in_port():
    """Ed1 · Aktionen › i. Handel treiben: with every trade ship away (none in port) no trade can
    be made."""
    s = pos(round="3", ships_port={"athens": 0})
    e = refused(s, "trade")
    assert "trade.trade-city" in e.rule_ids


def test_trade_offer():
    """Ed1 · Aktionen › i. Handel treiben: the chosen offer now holds Athens' ship for the rest of
    the round and the ship is no longer in port."""
    s = pos(round="3")
    _, _, oi, _ = idx(s)
    s2 = play(s, "trade", "offer persis.0 exchange")
    assert "trade.offer" in rule_ids(s2)
    assert s2.offers[oi["persis.0"]] == 0
    assert s2.ships_port[0] == s.ships_port[0] - 1


def test_trade_offer__refused_load_not_yet_available():
    """Ed1 · Aktionen › i. Handel treiben: in the first round only loads of three are on offer, so
    Persis' four-wheat load is refused; in the second round it is allowed."""
    s = pos(round="3", goods={"athens": {"oil": 9}})
    s1 = play(s, "trade")
    e = refused(s1, "offer persis.1 exchange")
    assert "trade.offer" in e.rule_ids
    s = pos(round="4", goods={"athens": {"oil": 9}})
    assert "trade.offer" in rule_ids(play(s, "trade", "offer persis.1 exchange"))


def test_trade_offer__refused_when_taken():
    """Ed1 · Aktionen › i. Handel treiben: an offer already holding a ship this round cannot take a
    second one, even from the same player acting alone."""
    s = pos(round="3", passed=["sparta"], ships_port={"athens": 2}, goods={"athens": {"wine": 9, "metal": 9}})
    s = play(s, "trade +metal", "offer persis.0 exchange", "roll 1", "trade +metal")
    e = refused(s, "offer persis.0 exchange")
    assert "trade.offer" in e.rule_ids


def test_trade_offer__refused_when_nothing_can_be_paid():
    """Ed1 · Aktionen › i. Handel treiben: a ship cannot be sent just to block an offer; a player who
    can pay for no reachable offer cannot trade."""
    s = pos(round="3", goods={"athens": {"metal": 0, "wood": 0, "wine": 0, "oil": 0, "silver": 0}})
    e = refused(s, "trade")
    assert "trade.offer" in e.rule_ids


def test_trade_exchange():
    """Ed1 · Aktionen › i. Handel treiben: the wine handed over is read from the value table at the
    wine marker and the load size (here 4 wine for 3 wheat at the start)."""
    s = pos(round="3")
    pi, ai, oi, mg = idx(s)
    table = topology_of(s).comp.market_table
    cost = table[3][s.markers[mg.index("wine")]]
    s2 = play(s, "trade", "offer persis.0 exchange")
    assert "trade.exchange" in rule_ids(s2)
    assert s2.goods[0][WINE] == s.goods[0][WINE] - cost
    assert s2.goods[0][WHEAT] == s.goods[0][WHEAT] + 3


def test_trade_exchange__price_follows_marker():
    """Ed1 · Aktionen › i. Handel treiben: with the oil marker further right the same load costs
    more oil (the table's entry for that column)."""
    s = pos(round="4", markers={"oil": 3}, goods={"athens": {"oil": 9}})
    table = topology_of(s).comp.market_table
    s2 = play(s, "trade", "offer persis.1 exchange")
    assert s2.goods[0][OIL] == 9 - table[4][3]
    assert s2.goods[0][WHEAT] == s.goods[0][WHEAT] + 4


def test_trade_exchange__refused_without_enough_goods():
    """Ed1 · Aktionen › i. Handel treiben: holding fewer of the demanded good than the table asks
    makes the exchange illegal."""
    s = pos(round="3", goods={"athens": {"wine": 2, "silver": 0}})
    s1 = play(s, "trade")
    e = refused(s1, "offer persis.0 exchange")
    assert "trade.exchange" in e.rule_ids


def test_trade_buy_wheat():
    """Ed1 · Aktionen › i. Handel treiben: a wheat load may instead be bought, one silver per wheat,
    whatever the marker says."""
    s = pos(round="4", goods={"athens": {"silver": 4, "oil": 0}}, markers={"oil": 7})
    s2 = play(s, "trade", "offer persis.1 buy")
    assert "trade.buy-wheat" in rule_ids(s2)
    assert s2.goods[0][SILVER] == 0
    assert s2.goods[0][WHEAT] == s.goods[0][WHEAT] + 4
    assert s2.goods[0][OIL] == 0


def test_trade_buy_wheat__refused_for_silver_load():
    """Ed1 · Aktionen › i. Handel treiben: a silver load must always be exchanged; buying it with
    silver is refused."""
    s = pos(round="5a", goods={"athens": {"silver": 9, "wine": 20}})
    s1 = play(s, "trade")
    e = refused(s1, "offer persis.2 buy")
    assert "trade.buy-wheat" in e.rule_ids
    assert pn.explain(s1, "offer persis.2 exchange").legal


def test_trade_buy_wheat__refused_without_silver():
    """Ed1 · Aktionen › i. Handel treiben: buying three wheat needs three silver."""
    s = pos(round="3", goods={"athens": {"silver": 2}})
    s1 = play(s, "trade")
    e = refused(s1, "offer persis.0 buy")
    assert "trade.buy-wheat" in e.rule_ids


def test_trade_market_value__after_exchange():
    """Ed1 · Aktionen › i. Handel treiben: after an exchange one four-sided die moves the handed-over
    good's marker right by its roll (each roll equally likely)."""
    s = pos(round="3")
    _, _, _, mg = idx(s)
    s1 = play(s, "trade", "offer persis.0 exchange")
    assert s1.current_player == "chance"
    assert dict((str(a), p) for a, p in pn.chance_outcomes(s1)) == {f"roll {k}": Fraction(1, 4) for k in (1, 2, 3, 4)}
    s2 = play(s1, "roll 3")
    assert "trade.market-value" in rule_ids(s2)
    assert s2.markers[mg.index("wine")] == s.markers[mg.index("wine")] + 3
    assert s2.pending.kind == "turn" and s2.current_player == "athens"


def test_trade_market_value__clamped_right():
    """Ed1 · Aktionen › i. Handel treiben: the marker moves only as far as the track goes."""
    s = pos(round="3", markers={"wine": 8}, goods={"athens": {"wine": 9}})
    _, _, _, mg = idx(s)
    s2 = play(s, "trade", "offer persis.0 exchange", "roll 4")
    assert s2.markers[mg.index("wine")] == len(topology_of(s).comp.market_table[3]) - 1 == 10


def test_trade_market_value__after_buying():
    """Ed1 · Aktionen › i. Handel treiben: after buying wheat the demanded good's marker moves left by
    the higher of two dice (1/16, 3/16, 5/16, 7/16), and no further than the track's start."""
    s = pos(round="3", markers={"wine": 2}, goods={"athens": {"silver": 3}})
    _, _, _, mg = idx(s)
    s1 = play(s, "trade", "offer persis.0 buy")
    probs = dict((str(a), p) for a, p in pn.chance_outcomes(s1))
    assert probs == {"roll 1": Fraction(1, 16), "roll 2": Fraction(3, 16), "roll 3": Fraction(5, 16),
                     "roll 4": Fraction(7, 16)}
    assert play(s1, "roll 1").markers[mg.index("wine")] == 1
    s2 = play(s1, "roll 4")
    assert "trade.market-value" in rule_ids(s2)
    assert s2.markers[mg.index("wine")] == 0


def test_trade_land_route():
    """Ed1 · Aktionen › i. Handel treiben: the owner of Epidamnos trades with Illyria overland even
    while Sparta blocks every sea out of the Kyklades."""
    s = pos(round="3", poleis={"epidamnos": ("athens", 1)}, units={"kyklades": (0, 1)})
    s1 = play(s, "trade")
    assert [str(a) for a in pn.legal_actions(s1)] == ["offer illyria.0 exchange"]
    s2 = play(s1, "offer illyria.0 exchange")
    ids = rule_ids(s2)
    assert {"trade.land-route", "trade.exchange"} <= ids
    assert "overland" in s2.log[0].text
    assert s2.goods[0][WHEAT] == s.goods[0][WHEAT] + 3


def test_trade_land_route__refused_without_the_polis():
    """Ed1 · Aktionen › i. Handel treiben: without Epidamnos, Illyria can only be reached by sea, and
    a blocked Kyklades then leaves Athens no trade."""
    s = pos(round="3", units={"kyklades": (0, 1)})
    e = refused(s, "trade")
    assert "trade.route" in e.rule_ids


def test_trade_land_route__still_needs_a_trade_city():
    """Ed1 · Aktionen › i. Handel treiben: a Sparta owning Abdera but neither Pylos nor Gytheion has
    no trade city and so cannot use the overland route to Thrake."""
    s = pos(round="3", to_move="sparta", poleis={"abdera": ("sparta", 1), "pylos": "neutral", "gytheion": "neutral"})
    e = refused(s, "trade")
    assert "trade.trade-city" in e.rule_ids


def test_trade_market_closed():
    """Ed1 · Rundenanfang › 2. Ereigniskarte ausführen: with Xerxes assassinated, Persis takes no trade
    this round; other markets are unaffected."""
    s = _with_event("xerxes")
    assert "persis" in s.closed
    s = pn.edit(s, to_move="athens")
    s1 = play(s, "trade")
    e = refused(s1, "offer persis.0 exchange")
    assert "trade.market-closed" in e.rule_ids
    assert pn.explain(s1, "offer thrake.0 exchange").legal


# --- j. proxenos ----------------------------------------------------------------------------------


def _naupaktos(**kw) -> pn.State:
    """The rulebook's example: Athens' proxenos in Naupaktos, Spartan hoplites in Thessalia and
    Makedonia, one Spartan galley in the Myrtoon Pelagos."""
    kw.setdefault("goods", {"athens": {"silver": 5}})
    return pos(proxenos={"athens": "naupaktos"},
               units={"thessalia": (0, 2), "makedonia": (0, 2), "ionion": (0, 0), "myrtoon": (0, 1)}, **kw)


def test_proxenos_route():
    """Ed1 · Aktionen › j. Proxenos bewegen: the proxenos walks from Athenai to Thebai by land and
    now stands there."""
    s = pos()
    pi, *_ = idx(s)
    s2 = play(s, "proxenos", "polis thebai by land")
    assert "proxenos.route" in rule_ids(s2)
    assert s2.proxenos[0] == pi["thebai"]


def test_proxenos_route__ignores_blockades():
    """Ed1 · Aktionen › j. Proxenos bewegen: areas held by the enemy do not stop the proxenos (it
    bribes its way through instead)."""
    s = _naupaktos()
    pi, *_ = idx(s)
    s2 = play(s, "proxenos", "polis poteidaia by land")
    assert s2.proxenos[0] == pi["poteidaia"]
    assert "proxenos.route" in rule_ids(s2)


def test_proxenos_route__refused_without_port_or_land():
    """Ed1 · Aktionen › j. Proxenos bewegen: Thebai has no port, so it cannot be reached by sea;
    Epidamnos has no land, so not by land; and the proxenos must go somewhere else."""
    s1 = play(pos(), "proxenos")
    assert "proxenos.route" in refused(s1, "polis thebai by sea").rule_ids
    assert "proxenos.route" in refused(s1, "polis epidamnos by land").rule_ids
    assert "proxenos.route" in refused(s1, "polis athenai by land").rule_ids


def test_proxenos_bribe():
    """Ed1 · Aktionen › j. Proxenos bewegen: the rulebook's example: from Naupaktos to Poteidaia the
    land way past four Spartan hoplites costs 4 silver, the sea way past one galley only 1; the
    silver goes to the supply, not to Sparta."""
    s = _naupaktos()
    land = play(s, "proxenos", "polis poteidaia by land")
    sea = play(s, "proxenos", "polis poteidaia by sea")
    assert "proxenos.bribe" in rule_ids(land) and "proxenos.bribe" in rule_ids(sea)
    assert land.goods[0][SILVER] == 1
    assert sea.goods[0][SILVER] == 4
    assert land.goods[1] == s.goods[1] == sea.goods[1]


def test_proxenos_bribe__counts_start_and_end():
    """Ed1 · Aktionen › j. Proxenos bewegen: enemy units in the start and destination areas are bribed
    too (a walk inside Attika past two Spartan hoplites costs 2)."""
    s = pos(units={"attika": (3, 2)}, goods={"athens": {"silver": 2}})
    s2 = play(s, "proxenos", "polis chalkis by land")
    assert s2.goods[0][SILVER] == 0


def test_proxenos_bribe__refused_when_unaffordable():
    """Ed1 · Aktionen › j. Proxenos bewegen: with 3 silver the 4-silver land way is refused, the
    1-silver sea way still allowed."""
    s1 = play(_naupaktos(goods={"athens": {"silver": 3}}), "proxenos")
    assert "proxenos.bribe" in refused(s1, "polis poteidaia by land").rule_ids
    assert pn.explain(s1, "polis poteidaia by sea").legal


def test_proxenos_one_per_polis():
    """Ed1 · Aktionen › j. Proxenos bewegen: only one proxenos fits in a polis; Athens cannot end in
    Thebai while Sparta's proxenos is there."""
    s = pos(proxenos={"sparta": "thebai"})
    s1 = play(s, "proxenos")
    assert "proxenos.one-per-polis" in refused(s1, "polis thebai by land").rule_ids
    assert pn.explain(s1, "polis korinthos by land").legal


def test_proxenos_captured():
    """Ed1 · Aktionen › k. Proxenos auslösen: a captured proxenos can neither travel nor stir up a civil
    war until it is ransomed."""
    s = pos(proxenos={"athens": None}, goods={"athens": {"silver": 20}})
    assert "proxenos.captured" in refused(s, "proxenos").rule_ids
    assert "proxenos.captured" in refused(s, "civilwar").rule_ids


def test_proxenos_ransom():
    """Ed1 · Aktionen › k. Proxenos auslösen: ransoming hands two silver to Sparta and puts Athens'
    proxenos back in Athenai, free to act."""
    s = pos(proxenos={"athens": None}, goods={"athens": {"silver": 3}})
    pi, *_ = idx(s)
    s2 = play(s, "ransom")
    assert "proxenos.ransom" in rule_ids(s2)
    assert s2.proxenos[0] == pi["athenai"]
    assert s2.goods[0][SILVER] == 1
    assert s2.goods[1][SILVER] == s.goods[1][SILVER] + 2
    assert pn.explain(s2, "proxenos").legal


def test_proxenos_ransom__refused():
    """Ed1 · Aktionen › k. Proxenos auslösen: a free proxenos needs no ransom, and a captured one needs
    the full two silver."""
    s = pos(goods={"athens": {"silver": 5}})
    assert "proxenos.ransom" in refused(s, "ransom").rule_ids
    s = pos(proxenos={"athens": None}, goods={"athens": {"silver": 1}})
    assert "proxenos.ransom" in refused(s, "ransom").rule_ids


def _ransom_beside(edition: str, rnd: str) -> tuple[pn.State, pn.State]:
    """Sparta's proxenos walks into Athenai while Athens' is a prisoner; then Athens ransoms it."""
    s = pn.position(edition, SEED, round=rnd, to_move="sparta", turn_actions=["train"], proxenos={"athens": None},
                    goods={"athens": {"silver": 3}, "sparta": {"silver": 12}})
    s = play(s, "proxenos", "polis athenai by land")  # Sparta's second action ends its turn
    assert s.current_player == "athens"
    return s, play(s, "ransom")


def _assert_ransom_beside(edition: str, rnd: str) -> None:
    pi, *_ = idx(pn.position(edition, SEED))
    before, s = _ransom_beside(edition, rnd)
    assert before.proxenos == (-1, pi["athenai"])
    assert s.proxenos == (pi["athenai"], pi["athenai"])
    assert "proxenos.ransom-shared-capital" in rule_ids(s)
    home = topology_of(s).comp.poleis[pi["athenai"]].name  # Athenai (Ed1), Athinae (Ed2)
    assert any(e.text.endswith(f"returns to {home}, where Sparta's proxenos also stands") for e in s.log)
    # the position saves: notation and dict both give it back
    assert pn.State.from_notation(s.to_notation()) == s
    assert pn.State.from_dict(s.to_dict()) == s
    # Athens' proxenos may leave again, and the position it leaves saves as well
    s1 = play(s, "proxenos", "polis chalkis by land")
    assert s1.proxenos == (pi["chalkis"], pi["athenai"])
    assert pn.State.from_notation(s1.to_notation()) == s1
    # the checker still refuses two proxenoi in a polis that is no capital
    no_capital = r"both proxenoi stand in Th[ei]ba[ei], which is no capital.*proxenos\.one-per-polis"
    with pytest.raises(pn.PositionError, match=no_capital):
        pn.position(edition, SEED, round=rnd, proxenos={"athens": "thebai", "sparta": "thebai"})


def test_proxenos_ransom_shared_capital():
    """Ed1 · Aktionen › k. Proxenos auslösen sends a ransomed proxenos to its capital; › j. Proxenos
    bewegen allows one proxenos per polis and refuses a move ending beside the other. The books do not
    say what happens when the capital is occupied: the ruling is that the return is no move, so both
    proxenoi stand in Athenai, and the position saves and reloads."""
    _assert_ransom_beside("ed1", "4")


def test_proxenos_ransom_shared_capital__ed2():
    """Ed2 · Akcje › 7. Oblężenie Polis (the captor must place the freed proxenos in its owner's capital)
    and › 10. Ruch Proxenos (one proxenos per polis, so no move into an occupied one): the same ruling
    in the second edition, where the ransom is no action."""
    _assert_ransom_beside("ed2", "epsilon")


# --- l. civil war ---------------------------------------------------------------------------------


def test_civilwar_target():
    """Ed1 · Aktionen › l. Bürgerkrieg anzetteln: a proxenos in a neutral polis can raise a civil war
    there."""
    s = pos(proxenos={"athens": "thebai"}, goods={"athens": {"silver": 6}})
    s2 = play(s, "civilwar")
    assert "civilwar.effect" in rule_ids(s2)


def test_civilwar_target__refused_in_own_polis():
    """Ed1 · Aktionen › l. Bürgerkrieg anzetteln: a proxenos at home (an own polis) has nobody to turn."""
    s = pos(goods={"athens": {"silver": 30}})
    assert "civilwar.target" in refused(s, "civilwar").rule_ids


def test_civilwar_target__refused_in_enemy_capital():
    """Ed1 · Aktionen › l. Bürgerkrieg anzetteln: the enemy capital can never be turned by a civil war."""
    s = pos(proxenos={"athens": "sparta", "sparta": "thebai"}, goods={"athens": {"silver": 30}})
    assert "civilwar.target" in refused(s, "civilwar").rule_ids


def test_civilwar_cost__neutral():
    """Ed1 · Aktionen › l. Bürgerkrieg anzetteln: a neutral polis costs twice its base population in
    silver (Thebai, base 3: 6 silver), paid to the supply."""
    s = pos(proxenos={"athens": "thebai"}, goods={"athens": {"silver": 7}})
    s2 = play(s, "civilwar")
    assert "civilwar.cost" in rule_ids(s2)
    assert s2.goods[0][SILVER] == 1
    assert s2.goods[1] == s.goods[1]


def test_civilwar_cost__enemy():
    """Ed1 · Aktionen › l. Bürgerkrieg anzetteln: an enemy polis costs three times its current cubes
    (Pylos with 3 cubes: 9 silver), and Sparta receives none of it."""
    s = pos(proxenos={"athens": "pylos"}, poleis={"pylos": ("sparta", 3)}, goods={"athens": {"silver": 9}})
    s2 = play(s, "civilwar")
    assert "civilwar.cost" in rule_ids(s2)
    assert s2.goods[0][SILVER] == 0
    assert s2.goods[1][SILVER] == s.goods[1][SILVER]


def test_civilwar_cost__refused_without_silver():
    """Ed1 · Aktionen › l. Bürgerkrieg anzetteln: one silver short of the bribe and the civil war is
    refused."""
    s = pos(proxenos={"athens": "thebai"}, goods={"athens": {"silver": 5}})
    assert "civilwar.cost" in refused(s, "civilwar").rule_ids


def test_civilwar_cost__refused_without_supply_cubes():
    """Ed1 · Aktionen › l. Bürgerkrieg anzetteln: the instigator needs enough cubes in supply to
    populate the polis; with only two left, Thebai (base 3) cannot be taken."""
    units = {"boiotia": (4, 0), "megaris": (4, 0), "arkadia": (4, 0), "thessalia": (4, 0), "makedonia": (4, 0)}
    s = pos(proxenos={"athens": "thebai"}, goods={"athens": {"silver": 30}}, units=units)
    assert topology_of(s).supply(s, 0) == 2
    e = refused(s, "civilwar")
    assert "civilwar.cost" in e.rule_ids and "game.limited-material" in e.rule_ids


def test_civilwar_effect__neutral():
    """Ed1 · Aktionen › l. Bürgerkrieg anzetteln: a neutral polis joins with its base population of the
    instigator's cubes, and the instigator gains that many prestige."""
    s = pos(proxenos={"athens": "thebai"}, goods={"athens": {"silver": 6}})
    pi, *_ = idx(s)
    s2 = play(s, "civilwar")
    i = pi["thebai"]
    assert (s2.owner[i], s2.pop[i]) == (0, 3)
    assert s2.prestige[0] == s.prestige[0] + 3
    assert "civilwar.effect" in rule_ids(s2)


def test_civilwar_effect__enemy_keeps_population_and_projects():
    """Ed1 · Aktionen › l. Bürgerkrieg anzetteln: an enemy polis changes sides with the same number of
    cubes and its projects; prestige equals the cubes bribed, not the silver paid."""
    s = pos(proxenos={"athens": "pylos"}, poleis={"pylos": ("sparta", 3)}, goods={"athens": {"silver": 9}})
    pi, *_ = idx(s)
    i = pi["pylos"]
    s = s.evolve(done=(("efebos", i),))
    s2 = play(s, "civilwar")
    assert (s2.owner[i], s2.pop[i]) == (0, 3)
    assert s2.prestige[0] == s.prestige[0] + 3
    assert ("efebos", i) in s2.done
    assert "civilwar.effect" in rule_ids(s2)


def test_trade_market_value__words_at_the_end_of_the_track():
    """Ed1 · Aktionen › i. Handel treiben: a marker the die would push past the end of its track moves
    only to the end, and one already there stays; the log says so (never "from 0 to 0")."""
    s = pos(round="3", markers={"wine": 2}, goods={"athens": {"silver": 3}})
    words = [e.text for e in play(s, "trade", "offer persis.0 buy", "roll 4").log]
    assert ("Market value of wine: the higher of two dice shows 4; the marker moves left (cheaper) from 2 to 0, "
            "as far as the track goes") in words
    s = pos(round="3", markers={"wine": 0}, goods={"athens": {"silver": 3}})
    words = [e.text for e in play(s, "trade", "offer persis.0 buy", "roll 1").log]
    assert ("Market value of wine: the higher of two dice shows 1; the marker stays at 0, the cheapest end of "
            "its track") in words
    s = pos(round="3", markers={"wine": 2}, goods={"athens": {"silver": 3}})
    words = [e.text for e in play(s, "trade", "offer persis.0 buy", "roll 1").log]
    assert "Market value of wine: the higher of two dice shows 1; the marker moves left (cheaper) from 2 to 1" in words
