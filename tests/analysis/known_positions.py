"""Positions whose outcome the rulebooks decide, for testing the analysis engine.

Each builder returns a State at a decision late in the game. Its docstring argues the outcome of
the choices from the rules (in our own words) and cites the rulebook section.

The positions are built from an empty board (:func:`bare`): no units, no goods, no projects on
display, both proxenoi held captive (none can move, and nobody has the silver to ransom one unless a
position gives it), so only what a position states matters and the game tree below it stays small.
The acting-alone rule (Ed1 · Aktionen; Ed2 · Przygotowanie do gry › tury) keeps it small too: once
the opponent has passed, every action costs one good, so a side holding one spare good can act once.
"""
from __future__ import annotations

from typing import Any

import polis_nb as pn
from polis_nb.rules.topology import topology_of

SIDES = ("athens", "sparta")


def bare(edition: str, round: str, *, units: dict | None = None, goods: dict | None = None,
         poleis: dict | None = None, **changes: Any) -> pn.State:
    """A position of ``edition`` in ``round`` with only what is stated on the board.

    Every area is empty unless ``units`` names it; each side holds no goods unless ``goods`` says
    so; the small starting poleis (Chalkis, Chios; Gytheion, Pylos) turn neutral unless ``poleis``
    keeps them, and the capitals keep their starting population unless ``poleis`` sets it; no project
    is on display and both proxenoi are captive unless stated. Other keywords go to
    :func:`polis_nb.position` unchanged (a new round also means no event card in force).
    """
    b = topology_of(pn.position(edition, 0))
    all_units = {a: (0, 0) for a in b.area_ids}
    all_units.update(units or {})
    all_goods = {p: {g: 0 for g in b.comp.goods} for p in SIDES}
    for p, got in (goods or {}).items():
        all_goods[p].update(got)
    all_poleis: dict = {pid: None for pid in ("chalkis", "chios", "gytheion", "pylos")}
    all_poleis.update(poleis or {})
    changes.setdefault("display", [])
    changes.setdefault("proxenos", {"athens": None, "sparta": None})
    return pn.position(edition, 0, round=round, units=all_units, goods=all_goods, poleis=all_poleis, **changes)


# --- first edition (Ed1: rounds 3, 4, 5α, 5β) ----------------------------------------------------


def ed1_capital_unfed_after_paying_with_wheat() -> pn.State:
    """Ed1, round 5β (the last); Sparta has passed and Athens acts alone.

    Athens owns only Athenai (5 cubes) and holds exactly 5 wheat, 1 wood and 1 prestige, with a
    hoplite in Boiotia. Sparta owns Sparta (4 cubes, 4 wheat to feed them), 1 prestige and 2 metal:
    5 points, and 2 goods left over at the end.

    Acting alone, every action first costs one good of Athens' choice (Ed1 · Aktionen). Moving the
    hoplite is a military action and costs 1 prestige as well (Ed1 · II. Militärische Aktionen).

    * ``pass``: at the round end Athens feeds its 5 cubes with 5 wheat (Ed1 · Rundenende › 2.
      Versorgung) and scores 5 cubes + 1 prestige = 6 against 5 (Ed1 · Spielende): a win.
    * ``hoplites +wheat``: 4 wheat and no prestige are left for 5 cubes, and Athens owns no other
      polis to give up. A side that cannot feed its capital loses at once (Ed1 · Spielende,
      end.capital-unfed): a loss, decided by Athenai.
    * ``hoplites +wood``: Athens ends on 0 prestige, 5 points against 5, and the tie goes to the side
      with more goods left, Sparta with 2 against none (Ed1 · Spielende): a loss (and a loss too if a
      side without prestige after the last round counted as ostracised).
    * ``galleys +wheat``, ``ships +wheat``: the wood pays for the galley or trade ship, which takes a
      cube out of Athenai (Ed1 · Aktionen › b., c.); 4 wheat feed the 4 left, but 4 cubes + 1 prestige
      only tie at 5 and Sparta has the goods: a loss.

    Only ``pass`` wins.
    """
    return bare("ed1", "5b", to_move="athens", passed=["sparta"],
                poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4)}, units={"boiotia": (1, 0)},
                goods={"athens": {"wheat": 5, "wood": 1}, "sparta": {"wheat": 4, "metal": 2}},
                prestige={"athens": 1, "sparta": 1})


def ed1_tribute_for_wheat_before_passing() -> pn.State:
    """Ed1, round 5β (the last); Athens has passed and Sparta acts alone.

    Sparta owns Sparta (4 cubes) and Pylos (2 cubes, in Messenia) but holds no wheat, only 1 metal
    and 2 prestige; three of its hoplites stand in Messenia. Its trade ships are all out and
    Lakedaimon has already paid its tribute this round (Ed1 · Aktionen › h.: once per round). Athens
    scores 6 (Athenai 5 cubes, fed, + 1 prestige).

    * ``pass``: the round end asks for 6 wheat; Sparta has none and only 2 prestige, so it must give
      up Pylos (whole poleis only, Ed1 · Rundenende › 2. Versorgung), and 2 prestige still cannot feed
      Sparta's 4 cubes: Sparta loses at once (Ed1 · Spielende, end.capital-unfed).
    * ``tribute +metal``: the metal pays for acting alone; tribute outside the home region costs
      1 prestige (Ed1 · Aktionen › h. Tribut einfordern). All three hoplites go on Messenia's rows;
      three on the wheat row bring 6 wheat (``rows wheat:3``), enough for all 6 cubes. Sparta then
      scores 6 cubes + 1 prestige = 7 against 6: a win. Any other split brings at most 3 wheat.
    * ``hoplites +metal``: moving costs the metal and a prestige and brings no food: a loss as for
      passing.
    """
    return bare("ed1", "5b", to_move="sparta", passed=["athens"],
                poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4), "pylos": ("sparta", 2)},
                units={"messenia": (0, 3)}, ships_port={"sparta": 0}, tribute_done=["lakedaimon"],
                goods={"athens": {"wheat": 5}, "sparta": {"metal": 1}}, prestige={"athens": 1, "sparta": 2})


def ed1_siege_in_the_last_round() -> pn.State:
    """Ed1, round 5β (the last); Athens has passed and Sparta acts alone.

    Athens: Athenai 10 cubes and Chalkis 2 cubes (both at their maximum), 12 wheat to feed them,
    1 prestige. Sparta: Sparta 8 cubes (its maximum), no wheat, 12 prestige, 1 metal, and one hoplite
    in Attika, where Athens has none, so Sparta controls Attika (Ed1 · Aktionen › e.).

    Sparta feeds with prestige, one per cube (Ed1 · Rundenende › 2. Versorgung); Megalopolis gives
    1 prestige per polis above its base population (Ed1 · Rundenende › 4. Megalopolis).

    * ``pass``: Sparta pays 8 prestige for its cubes and scores 8 + 4 + 1 (Megalopolis) = 13;
      Athens 12 + 1 + 2 = 15 (Ed1 · Spielende): a loss.
    * ``siege +metal`` then ``polis chalkis``: Sparta controls Attika with at least Chalkis'
      fortification 1 in hoplites, and a fortification of 1 needs no roll (Ed1 · Aktionen › g. Polis
      belagern): the siege surely succeeds. It costs 1 prestige and gains 1 (the fortification), and
      Chalkis changes hands with its 2 cubes. Sparta feeds 10 cubes with 10 prestige and scores
      10 + 2 + 2 (Sparta and Chalkis above base) = 14; Athens drops to 10 + 1 + 1 = 12 (its leftover
      wheat cannot grow Athenai, already at its maximum): a win.
    * ``hoplites +metal``: a prestige spent for nothing: 12 against 15, a loss.
    """
    return bare("ed1", "5b", to_move="sparta", passed=["athens"],
                poleis={"athenai": ("athens", 10), "chalkis": ("athens", 2), "sparta": ("sparta", 8)},
                units={"attika": (0, 1)}, goods={"athens": {"wheat": 12}, "sparta": {"metal": 1}},
                prestige={"athens": 1, "sparta": 12})


def ed1_siege_before_athens_passes() -> pn.State:
    """The position of :func:`ed1_siege_in_the_last_round` a turn earlier: Athens has not passed.

    Nobody acting alone, no action costs the extra good (Ed1 · Aktionen), so Sparta may act as long
    as it can pay; Athens holds only the wheat its cubes eat, no unit and no good that pays for an
    action of its own, so its only choice is to pass. The choices of Sparta:

    * ``siege`` then ``polis chalkis``: as in the last-round position, a fortification of 1 needs no
      roll (Ed1 · Aktionen › g. Polis belagern); Chalkis changes hands and Sparta scores 14 against
      12 (Ed1 · Spielende): a win.
    * ``pass``: Athens passes too; Sparta feeds its 8 cubes with 8 prestige and scores 13 against 15:
      a loss.
    * ``train`` (paid with the metal) and ``hoplites`` (a military action, 1 prestige, Ed1 · II.
      Militärische Aktionen): whether the siege is still to be had afterwards decides them; the
      oracle's values (``train`` a win, ``hoplites`` a loss) are what the engine must prove.

    Its tree is small (some 2,800 positions) but the position is not one the search used to hand to
    the solver: nobody has passed and no round end is under way.
    """
    return bare("ed1", "5b", to_move="sparta",
                poleis={"athenai": ("athens", 10), "chalkis": ("athens", 2), "sparta": ("sparta", 8)},
                units={"attika": (0, 1)}, goods={"athens": {"wheat": 12}, "sparta": {"metal": 1}},
                prestige={"athens": 1, "sparta": 12})


def ed1_growth_into_megalopolis() -> pn.State:
    """Ed1, the round end of 5β (the last round), Athens to let its poleis grow.

    Athens passed first, so it goes first in every step (Ed1 · Rundenende). It has fed its 7 cubes
    (Athenai 6, Chalkis 1) and kept 1 wheat and 1 metal; it has 2 prestige. Sparta (Sparta 4,
    Gytheion 1, Pylos 2, all at base) has fed its cubes with its last wheat and has 5 prestige: 12
    points and no goods.

    One wheat adds one cube to a polis (Ed1 · Rundenende › 3. Wachstum); then each polis above its
    base population gives 1 prestige (› 4. Megalopolis), and after that step the game is scored
    (Ed1 · Spielende). Athenai (base 5) is above base already; Chalkis (base 1) is not.

    * ``end``: 7 cubes + 2 + 1 (Athenai) = 10 against 12: a loss.
    * ``grow athenai``: one cube more, no new Megalopolis: 11 against 12, a loss.
    * ``grow chalkis``: one cube and Chalkis' Megalopolis prestige: 12 against 12, and on equal
      scores more goods left wins (Ed1 · Spielende): Athens' metal against nothing, a win.
    """
    s = bare("ed1", "5b", to_move="sparta", passed=["athens"],
             poleis={"athenai": ("athens", 6), "chalkis": ("athens", 1), "sparta": ("sparta", 4),
                     "gytheion": ("sparta", 1), "pylos": ("sparta", 2)},
             goods={"athens": {"wheat": 8, "metal": 1}, "sparta": {"wheat": 7}}, prestige={"athens": 2, "sparta": 5})
    return pn.apply(s, "pass")


def ed1_all_in_phoros() -> pn.State:
    """Ed1, the round end of 5α (not the last round), Athens to take Phoros.

    Both sides have fed their capitals with wheat; Athens (passed first, so first in every step) has
    3 prestige, Sparta 2. At Phoros a side may turn any number of prestige into silver, one for one
    (Ed1 · Rundenende › 6. Phoros); a side left without prestige after Phoros is ostracised and loses
    at once (Ed1 · Spielende, end.ostracism).

    * ``phoros 3``: Athens ends on 0 prestige. Sparta decides after it: keeping any prestige leaves
      Athens alone ostracised (Sparta wins); selling all of it too would only share the result. So
      selling everything loses.
    * ``phoros 0``, ``1``, ``2``: Athens keeps prestige and the game goes on to round 5β.
    """
    s = bare("ed1", "5a", to_move="sparta", passed=["athens"],
             poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4)},
             goods={"athens": {"wheat": 5}, "sparta": {"wheat": 4}}, prestige={"athens": 3, "sparta": 2})
    return pn.apply(s, "pass")


def ed1_feeding_with_the_last_prestige() -> pn.State:
    """Ed1, the round end of 5α (not the last round), Athens to cover a food shortfall.

    Athens (passed first, so it feeds first) owns Athenai 5 and Chalkis 1 but has only 5 wheat and
    1 prestige; Sparta has fed Sparta (4) with its wheat and keeps 2 prestige. A shortfall is paid
    with prestige one for one, or whole poleis are given up (Ed1 · Rundenende › 2. Versorgung).

    * ``feed prestige``: Athens pays its last prestige. Nothing gives it any back before Phoros (no
      project completes, no polis is above base for Megalopolis), with no prestige it has none to turn
      into silver, and a side without prestige after Phoros is ostracised (Ed1 · Spielende,
      end.ostracism). Sparta keeps prestige rather than share the result: a loss.
    * ``release chalkis``: the 5 cubes of Athenai eat the 5 wheat, Athens keeps its prestige and the
      game goes on to round 5β.
    """
    s = bare("ed1", "5a", to_move="sparta", passed=["athens"],
             poleis={"athenai": ("athens", 5), "chalkis": ("athens", 1), "sparta": ("sparta", 4)},
             goods={"athens": {"wheat": 5}, "sparta": {"wheat": 4}}, prestige={"athens": 1, "sparta": 2})
    return pn.apply(s, "pass")


def ed1_both_ostracised() -> pn.State:
    """Ed1, the round end of 5α, Sparta at Phoros after Athens fed with its last prestige.

    This is :func:`ed1_feeding_with_the_last_prestige` after ``feed prestige``. Athens has no
    prestige, so it takes no Phoros; Sparta has 2 (Ed1 · Rundenende › 6. Phoros). After Phoros a side
    without prestige loses (Ed1 · Spielende, end.ostracism); when both have none, neither wins.

    * ``phoros 0``, ``phoros 1``: Sparta keeps prestige, Athens alone is ostracised: a win.
    * ``phoros 2``: both sides end without prestige and both are ostracised: a shared result.
    """
    return pn.apply(ed1_feeding_with_the_last_prestige(), "feed prestige")


def ed1_retreat_from_a_battle() -> pn.State:
    """Ed1, round 5β (the last): both have passed and the land battle in Boiotia (4 hoplites a
    side) has been dealt; Sparta, first attacker on land, may retreat before the first exchange.

    Sparta leads 10 to 7 (Sparta 4 cubes + 6 prestige; Athenai 5 + 2; both fed). Sparta's hand is
    weak (two Peltasts, Cavalry and Archers, all worth 0); Athens holds three Phalanx Othismos (2
    each) and a Phalanx Advance. Battles of the final turn are fought after both passed, and a
    player may retreat before the first exchange by paying the opponent 1 prestige; the battle then
    ends (Ed1 · Schlachten). Units are not points; prestige is (Ed1 · Spielende).

    * ``retreat``: Sparta pays Athens 1 prestige: 9 against 8, and the game ends with no more
      decisions: a win.
    * ``fight``: every Othismos that Sparta cannot answer with a Phalanx wins Athens 2 prestige
      (Ed1 · Schlachten); Athens' hand is hidden from Sparta, so fighting risks the lead and cannot be
      better than the certain win. (Hidden cards below it: no exact value is claimed for it.)
    """
    s = bare("ed1", "5b", to_move="sparta", passed=["athens"],
             poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4)}, units={"boiotia": (4, 4)},
             goods={"athens": {"wheat": 5}, "sparta": {"wheat": 4}}, prestige={"athens": 2, "sparta": 6})
    s = pn.apply(s, "pass")  # the battle: Sparta's four cards are dealt first, then Athens' four
    for card in ("peltasts:hold", "peltasts:hold", "cavalry:hold", "archers:shoot",
                 "phalanx:othismos", "phalanx:othismos", "phalanx:othismos", "phalanx:advance"):
        s = pn.apply(s, "card " + card)
    return s


def ed1_military_action_without_prestige() -> pn.State:
    """Ed1, round 5α (not the last); Athens has passed and Sparta acts alone.

    Sparta owns only Sparta (4 cubes, 4 wheat), has 1 prestige and 1 metal, and a hoplite at home
    in Lakedaimon. Athens has fed Athenai and keeps 3 prestige. Every action costs a good when acting
    alone (Ed1 · Aktionen); a military action costs 1 prestige (Ed1 · II. Militärische Aktionen).

    * ``hoplites +metal``: Sparta is left with no prestige and no goods, so it can only pass. Nothing
      at the round end gives prestige back (no project, Sparta not above base for Megalopolis), so
      after Phoros Sparta is ostracised (Ed1 · Spielende, end.ostracism); Athens keeps its prestige
      rather than share the result: a loss.
    * ``hoplites +wheat``: no prestige and 3 wheat for 4 cubes: Sparta cannot feed its capital and
      loses at once (Ed1 · Spielende, end.capital-unfed).
    * ``pass`` and the other actions (tribute at home costs no prestige, Ed1 · Aktionen › h.) keep
      Sparta in the game into round 5β.
    """
    return bare("ed1", "5a", to_move="sparta", passed=["athens"],
                poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4)}, units={"lakedaimon": (0, 1)},
                goods={"athens": {"wheat": 5}, "sparta": {"wheat": 4, "metal": 1}}, prestige={"athens": 3, "sparta": 1})


def ed1_trade_for_wheat_to_grow() -> pn.State:
    """Ed1, round 5β (the last); Sparta has passed and Athens acts alone.

    Athens owns Athenai (5 cubes, base 5) with 5 wheat for them, 3 wine, 1 oil, 1 prestige and a
    trade ship in port. Sparta scores 9 (Sparta 4 + 5 prestige) and keeps 2 metal.

    Persis offers 3 wheat for wine; at the starting market value a load of 3 costs 3 wine (Ed1 ·
    Aktionen › i. Handel treiben). Wheat left after feeding grows poleis, one cube per wheat, up to
    the polis' growth (3 for Athenai) (Ed1 · Rundenende › 3. Wachstum), and a polis above base gives
    1 prestige (› 4. Megalopolis).

    * ``trade +oil`` (paying the oil to act alone), then ``offer persis.0 exchange``: 8 wheat, 3 left
      after feeding, Athenai grows to 8: 8 cubes + 1 + 1 = 10 against 9, a win. The market die that
      follows the exchange changes nothing of this.
    * ``trade +wheat``: only 2 wheat are left to grow: 7 + 1 + 1 = 9 against 9, and Sparta has more
      goods (2 metal against 1 oil) (Ed1 · Spielende): a loss.
    * ``pass``: 5 + 1 = 6 against 9, a loss.
    """
    return bare("ed1", "5b", to_move="athens", passed=["sparta"],
                poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4)},
                goods={"athens": {"wheat": 5, "wine": 3, "oil": 1}, "sparta": {"wheat": 4, "metal": 2}},
                prestige={"athens": 1, "sparta": 5})


def ed1_project_completes() -> pn.State:
    """Ed1, round 5β (the last); Athens has passed and Sparta acts alone.

    The Festival of Dionysus is on display: it costs 3 wine and 1 oil and gives 2 prestige when it
    completes, and Sparta allows festivals. Sparta holds exactly 3 wine and 1 oil, 1 wood, 4 wheat
    for its 4 cubes, and 2 prestige. Athens scores 7 (Athenai 5 + 2) and keeps 2 metal.

    A project started this round completes at the round end, before feeding, and its owner gains its
    prestige (Ed1 · Rundenende › 1. Projekte); a project is paid in its goods or silver (Ed1 ·
    Aktionen › d.), and acting alone costs one more good (Ed1 · Aktionen).

    * ``project +wood``: the festival completes: 4 cubes + 4 prestige = 8 against 7, a win.
    * ``project +wheat``: one cube is fed with prestige: 4 + 3 = 7 against 7, and Athens has more
      goods left (2 metal against 1 wood) (Ed1 · Spielende): a loss.
    * ``pass``: 6 against 7, a loss. (Paying with wine or oil would leave the festival unaffordable,
      so those choices are not offered.)
    """
    return bare("ed1", "5b", to_move="sparta", passed=["athens"], display=["dionysia"],
                poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4)},
                goods={"athens": {"wheat": 5, "metal": 2}, "sparta": {"wheat": 4, "wine": 3, "oil": 1, "wood": 1}},
                prestige={"athens": 2, "sparta": 2})


# --- second edition (Ed2: rounds Alpha, Epsilon, Omega) -----------------------------------------


def ed2_growth_win_shared_or_loss() -> pn.State:
    """Ed2, the round end of Omega (the last round), Athens to let its poleis grow.

    Athens (passed first) has fed its 7 cubes (Athinae 6, Chalkis 1) and kept 1 wheat and 1 iron;
    it has 2 prestige. Sparta (Sparti 4, Gythion 1, Pylos 2, all at base) has fed its cubes, keeps
    1 wine and has 4 prestige: 11 points.

    Growth costs 1 wheat a cube (Ed2 · Koniec rundy › 3. Przyrost Populacji), then each polis above
    its starting population gives 1 prestige (› 4. Megalopolis) and the game is scored: on equal
    scores more resources left wins, and if those are equal too both share the win (Ed2 · Koniec gry
    › Określenie Zwycięzcy).

    * ``end``: 7 + 2 + 1 (Athinae above base) = 10 against 11: a loss.
    * ``grow athenai``: 11 against 11, and 1 resource each (iron, wine): a shared result.
    * ``grow chalkis``: one cube and Chalkis' Megalopolis prestige: 12 against 11, a win.
    """
    s = bare("ed2", "omega", to_move="sparta", passed=["athens"],
             poleis={"athenai": ("athens", 6), "chalkis": ("athens", 1), "sparta": ("sparta", 4),
                     "gytheion": ("sparta", 1), "pylos": ("sparta", 2)},
             goods={"athens": {"wheat": 8, "iron": 1}, "sparta": {"wheat": 7, "wine": 1}},
             prestige={"athens": 2, "sparta": 4})
    return pn.apply(s, "pass")


def ed2_siege_with_discs() -> pn.State:
    """Ed2, round Omega (the last); Sparta has passed and Athens acts alone.

    Athens has 3 hoplites in Boiotia, where two earlier sieges of Thibae (fortification 3) failed this
    round and left two Athenian siege discs, and 3 hoplites in Arcadia by Argos (fortification 3, no
    disc). Athens owns Athinae (5 cubes) but has no wheat: it will feed with prestige, of which it
    has 9; its one spare good is 1 wood. Sparta scores 10 (Sparti 4 + 6 prestige).

    A siege succeeds when the die plus 1 for each own siege disc in the territory reaches the
    fortification; it gains that much prestige and the polis with its starting population; it costs
    1 prestige, and a failure costs a hoplite (Ed2 · Akcje › 7. Oblężenie Polis). Shortfalls at
    feeding are paid in prestige (Ed2 · Koniec rundy › 2. Żywienie).

    * ``pass``: Athens pays 5 prestige for Athinae: 5 + 4 = 9 against 10, a loss.
    * ``siege +wood``, then ``polis thebai``: any roll plus 2 reaches 3, so the siege surely
      succeeds: 11 prestige and 3 more cubes; feeding 8 cubes leaves 3: 8 + 3 = 11 against 10, a win.
      ``polis argos`` instead succeeds only on a 3 or 4: a win or a loss with even chances (1/2).
    * ``hoplites +wood``: a prestige spent for nothing: 8 against 10, a loss.
    """
    return bare("ed2", "omega", to_move="athens", passed=["sparta"],
                poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4)},
                units={"boiotia": (3, 0), "arkadia": (3, 0)}, siege_discs={"thebai": ["athens", "athens"]},
                goods={"athens": {"wood": 1}, "sparta": {"wheat": 4}}, prestige={"athens": 9, "sparta": 6})


def ed2_choosing_the_siege() -> pn.State:
    """:func:`ed2_siege_with_discs` after ``siege +wood``: Athens chooses the polis to besiege.

    ``polis thebai`` wins surely (two siege discs make any roll enough); ``polis argos`` wins exactly
    half the time (a 3 or a 4 on the die; Ed2 · Akcje › 7. Oblężenie Polis). A chance of 1/2 is a
    coin toss, not a shared result.
    """
    return pn.apply(ed2_siege_with_discs(), "siege +wood")


def ed2_phoros_for_three_silver() -> pn.State:
    """Ed2, the round end of Epsilon (not the last round), Sparta at Phoros.

    Athens (passed first) owns only Athinae, so it takes no Phoros: the second edition asks for a
    polis besides the capital (Ed2 · Koniec rundy › 6. Phoros). Sparta owns Sparti and Gythion and
    has 2 prestige: it may give 1 prestige for 1 silver or 2 for 3 silver. A side left without
    prestige after the round-end steps loses at once (Ed2 · Koniec gry, end.ostracism-ed2).

    * ``phoros 2``: three silver, but no prestige left while Athens keeps 3: a loss.
    * ``phoros 0``, ``phoros 1``: Sparta keeps prestige and the game goes on to round Omega.
    """
    s = bare("ed2", "epsilon", to_move="sparta", passed=["athens"],
             poleis={"athenai": ("athens", 5), "sparta": ("sparta", 4), "gytheion": ("sparta", 1)},
             goods={"athens": {"wheat": 5}, "sparta": {"wheat": 5}}, prestige={"athens": 3, "sparta": 2})
    return pn.apply(s, "pass")


def ed2_capital_unfed_after_paying_with_wheat() -> pn.State:
    """Ed2, round Omega (the last); Athens has passed and Sparta acts alone.

    Sparta owns only Sparti (4 cubes) with exactly 4 wheat, 1 iron, 1 prestige and a hoplite in
    Arcadia. Athens scores 4 (Athinae 3 + 1) and keeps 1 iron after feeding.

    Acting alone costs one resource per action (Ed2 · Przygotowanie do gry › tury); moving hoplites
    costs 1 prestige (Ed2 · Akcje › 5. Ruch Hoplity); a side owning only its capital that cannot feed
    it with wheat and prestige loses at once (Ed2 · Koniec gry, end.capital-unfed-ed2).

    * ``pass``: 4 wheat feed Sparti: 4 + 1 = 5 against 4, a win.
    * ``hoplites +wheat``: 3 wheat and no prestige for 4 cubes: Sparti cannot be fed, a loss at once.
    * ``hoplites +iron``: 4 + 0 = 4 against 4, and Athens has the resource left: a loss (whether or
      not a side without prestige after the last round counts as ostracised).
    * ``train +wheat``: the iron pays for a hoplite that takes a cube out of Sparti (Ed2 · Akcje ›
      1. Tworzenie Hoplity); 3 wheat feed the 3 left, but 3 + 1 = 4 only ties and Athens has the
      resource: a loss.
    """
    return bare("ed2", "omega", to_move="sparta", passed=["athens"],
                poleis={"athenai": ("athens", 3), "sparta": ("sparta", 4)}, units={"arkadia": (0, 1)},
                goods={"athens": {"wheat": 3, "iron": 1}, "sparta": {"wheat": 4, "iron": 1}},
                prestige={"athens": 1, "sparta": 1})


def ed2_civil_war_in_the_last_round() -> pn.State:
    """Ed2, round Omega (the last); Sparta has passed and Athens acts alone.

    Athens' proxenos stands in neutral Thibae (starting population 3), where one Spartan hoplite
    stands too. Athens has 6 silver, 1 wine, 1 wheat and 4 prestige; Athinae is down to its last cube
    (which can never leave to become a unit or a merchant, Ed2 · Akcje › 1.–3.) and all Athenian
    merchants are at sea. Sparta scores 7 (Sparti 4 + 3 prestige) and keeps 2 iron.

    A civil war in a neutral polis costs twice its starting population in silver; the polis joins
    with that many cubes and its instigator gains as much prestige (Ed2 · Akcje › 11. Wywołaj wojnę
    domową). A proxenos pays 1 silver for every enemy unit where it travels, starting area included
    (Ed2 · Akcje › 10. Ruch Proxenos), so after any journey at most 5 silver are left.

    * ``civilwar +wine``: Thibae joins with 3 cubes and 3 prestige (7); 4 cubes eat 1 wheat and
      3 prestige: 4 + 4 = 8 against 7, a win.
    * ``civilwar +wheat``: all 4 cubes are fed with prestige: 4 + 3 = 7 against 7, and Sparta has
      more resources left (2 iron against 1 wine) (Ed2 · Koniec gry › Określenie Zwycięzcy): a loss.
    * ``pass``: 1 + 4 = 5 against 7, a loss. Moving the proxenos first (a resource, then at least a
      silver) leaves at most 5 silver: a civil war in a polis of starting population 2 (4 silver)
      brings 2 cubes and 2 prestige, 6 points at best: a loss too.
    """
    return bare("ed2", "omega", to_move="athens", passed=["sparta"], ships_port={"athens": 0},
                poleis={"athenai": ("athens", 1), "sparta": ("sparta", 4)},
                proxenos={"athens": "thebai", "sparta": None}, units={"boiotia": (0, 1)},
                goods={"athens": {"wheat": 1, "silver": 6, "wine": 1}, "sparta": {"wheat": 4, "iron": 2}},
                prestige={"athens": 4, "sparta": 3})


def ed2_ransom_gives_the_tie_break_away() -> pn.State:
    """Ed2, round Omega (the last); Sparta has passed and Athens acts alone.

    Athens' proxenos is Sparta's captive. Athens: Athinae down to 1 cube (nothing can be built from
    its last cube), 1 wheat for it, 2 silver, 1 wood, 6 prestige: 7 points and 3 resources left.
    Sparta: Sparti 4 and Gythion 1, fed, 2 prestige and 1 iron: 7 points and 1 resource.

    In the second edition a captive proxenos may be ransomed at any moment of one's turn, for 2
    silver paid to the captor, and that is no action (Ed2 · Akcje › 7. Oblężenie Polis), so it costs
    no extra resource even when acting alone. Equal scores go to the side with more resources left
    (Ed2 · Koniec gry › Określenie Zwycięzcy).

    * ``pass``: 7 against 7, 3 resources against 1: a win.
    * ``ransom``: the 2 silver go to Sparta: 1 resource against 3, a loss (nothing after it can win
      resources back).
    """
    return bare("ed2", "omega", to_move="athens", passed=["sparta"],
                poleis={"athenai": ("athens", 1), "sparta": ("sparta", 4), "gytheion": ("sparta", 1)},
                goods={"athens": {"wheat": 1, "silver": 2, "wood": 1}, "sparta": {"wheat": 5, "iron": 1}},
                prestige={"athens": 6, "sparta": 2})


POSITIONS = {f.__name__: f for f in (
    ed1_capital_unfed_after_paying_with_wheat, ed1_tribute_for_wheat_before_passing, ed1_siege_in_the_last_round,
    ed1_siege_before_athens_passes, ed1_growth_into_megalopolis, ed1_all_in_phoros,
    ed1_feeding_with_the_last_prestige, ed1_both_ostracised,
    ed1_retreat_from_a_battle, ed1_military_action_without_prestige, ed1_trade_for_wheat_to_grow,
    ed1_project_completes, ed2_growth_win_shared_or_loss, ed2_siege_with_discs, ed2_choosing_the_siege,
    ed2_phoros_for_three_silver, ed2_capital_unfed_after_paying_with_wheat, ed2_civil_war_in_the_last_round,
    ed2_ransom_gives_the_tie_break_away)}


# the right choice(s) of each position, as argued in its docstring (the tests check them one by one)
RIGHT = {
    "ed1_capital_unfed_after_paying_with_wheat": ("pass",),
    "ed1_tribute_for_wheat_before_passing": ("tribute +metal",),
    "ed1_siege_in_the_last_round": ("siege +metal",),
    "ed1_siege_before_athens_passes": ("siege", "train"),
    "ed1_growth_into_megalopolis": ("grow chalkis",),
    "ed1_all_in_phoros": ("phoros 0", "phoros 1", "phoros 2"),
    "ed1_feeding_with_the_last_prestige": ("release chalkis",),
    "ed1_both_ostracised": ("phoros 0", "phoros 1"),
    "ed1_retreat_from_a_battle": ("retreat",),
    "ed1_military_action_without_prestige": ("siege +metal", "tribute +metal", "train +wheat", "siege +wheat",
                                             "tribute +wheat", "pass"),
    "ed1_trade_for_wheat_to_grow": ("trade +oil",),
    "ed1_project_completes": ("project +wood",),
    "ed2_growth_win_shared_or_loss": ("grow chalkis",),
    "ed2_siege_with_discs": ("siege +wood",),
    "ed2_choosing_the_siege": ("polis thebai",),
    "ed2_phoros_for_three_silver": ("phoros 0", "phoros 1"),
    "ed2_capital_unfed_after_paying_with_wheat": ("pass",),
    "ed2_civil_war_in_the_last_round": ("civilwar +wine",),
    "ed2_ransom_gives_the_tie_break_away": ("pass",),
}
