"""Per-rule tests: the development actions (a. train hoplites, b. build galleys, c. build trade ships,
d. begin a project), the last cube of a polis and the stacking limit.

Each test checks the legal case (state change, the log cites the rule) and the refused case (apply
raises IllegalActionError citing the rule, the state is unchanged, pn.explain agrees).
"""
import polis_nb as pn
from polis_nb.rules.topology import topology_of

from .helpers import play, refused_for, rule_ids

SEED = 1  # round 3 draws "No Event": the setup stays as printed


def pos(**changes) -> pn.State:
    return pn.position(seed=SEED, **changes)


def legal(s: pn.State) -> set[str]:
    return {str(a) for a in pn.legal_actions(s)}


def area(s: pn.State, a: str) -> tuple[int, int]:
    return s.units[topology_of(s).area_index[a]]


def pop(s: pn.State, polis: str) -> int:
    return s.pop[topology_of(s).polis_index[polis]]


def good(s: pn.State, p: int, g: str) -> int:
    return s.goods[p][topology_of(s).good_index[g]]


# --- a. train hoplites ---------------------------------------------------------------------------


def test_train_polis():
    """Ed1 · Aktionen › a. Hopliten ausbilden: an action trains in one owned polis only; its hoplites
    stand in that polis' territory."""
    s = pos(round="4", to_move="sparta", units={"messenia": (0, 0), "lakedaimon": (0, 0)},
            poleis={"pylos": ("sparta", 3)})
    s1 = play(s, "train")
    assert legal(s1) == {"polis sparta", "polis pylos"}
    s2 = play(s1, "polis pylos", "pay metal")
    assert area(s2, "messenia") == (0, 1) and pop(s2, "pylos") == 2 and pop(s2, "sparta") == 4
    assert legal(s2) == {"pay metal", "pay silver", "end"}  # still Pylos, never Sparta in the same action
    refused_for(s1, "polis athenai", "train.polis")  # not Sparta's


def test_train_polis__epidamnos():
    """Ed1 · Aktionen › a. Hopliten ausbilden: Epidamnos and Abdera lie outside every territory and
    never train hoplites."""
    s = pos(round="4", to_move="athens", poleis={"epidamnos": ("athens", 3), "abdera": ("athens", 3)})
    s1 = play(s, "train")
    assert "polis epidamnos" not in legal(s1) and "polis abdera" not in legal(s1)
    refused_for(s1, "polis epidamnos", "train.polis")
    refused_for(s1, "polis abdera", "train.polis")
    assert play(s1, "polis athenai", "pay metal").units[topology_of(s).area_index["attika"]][0] == 4


def test_train_cost():
    """Ed1 · Aktionen › a. Hopliten ausbilden: each hoplite is paid with one metal or one silver, and
    one cube of the polis becomes the hoplite."""
    s = pos(round="5a", to_move="sparta", units={"lakedaimon": (0, 0)}, goods={"sparta": {"metal": 1, "silver": 1}})
    s1 = play(s, "train", "polis sparta")
    s2 = play(s1, "pay metal")
    assert "train.cost" in rule_ids(s2)
    assert good(s2, 1, "metal") == 0 and pop(s2, "sparta") == 3 and area(s2, "lakedaimon") == (0, 1)
    refused_for(s2, "pay metal", "train.cost")  # none left
    refused_for(s2, "pay wine", "train.cost")
    s3 = play(s2, "pay silver")
    assert good(s3, 1, "silver") == 0 and area(s3, "lakedaimon") == (0, 2)
    assert s3.pending.kind == "turn"  # nothing left to pay with: the action ended by itself


def test_train_cost__nothing_to_pay():
    """Ed1 · Aktionen › a. Hopliten ausbilden: without metal or silver no hoplite can be trained."""
    s = pos(round="4", to_move="sparta", units={"lakedaimon": (0, 0)}, goods={"sparta": {"metal": 0, "silver": 0}})
    refused_for(s, "train", "train.cost")


def test_polis_last_cube():
    """Ed1 · Aktionen › a. Hopliten ausbilden: the last cube of a polis always stays; a polis of two
    cubes trains one hoplite and the action ends by itself."""
    s = pos(round="4", to_move="sparta", units={"messenia": (0, 0)}, poleis={"pylos": ("sparta", 2),
                                                                          "gytheion": ("sparta", 1)})
    s1 = play(s, "train")
    s2 = play(s1, "polis pylos", "pay metal")
    assert pop(s2, "pylos") == 1 and area(s2, "messenia") == (0, 1) and s2.pending.kind == "turn"
    e = refused_for(s1, "polis gytheion", "polis.last-cube")
    assert "last cube" in e.text


def test_polis_last_cube__galleys():
    """Ed1 · Aktionen › b. Galeeren bauen: the last cube never becomes a galley either."""
    s = pos(round="4", to_move="sparta", units={"myrtoon": (0, 0), "ionion": (0, 0)},
            poleis={"gytheion": ("sparta", 1), "pylos": ("sparta", 2)})
    s1 = play(s, "galleys")
    refused_for(s1, "polis gytheion", "polis.last-cube")
    s2 = play(s1, "polis pylos", "pay wood ionion")
    assert pop(s2, "pylos") == 1 and s2.pending.kind == "turn"


def test_polis_last_cube__ships():
    """Ed1 · Aktionen › c. Handelsschiffe bauen: the last cube never becomes a ship's crew."""
    s = pos(to_move="sparta", poleis={"gytheion": ("sparta", 1), "pylos": ("sparta", 2)})
    s1 = play(s, "ships")
    refused_for(s1, "polis gytheion", "polis.last-cube")
    s2 = play(s1, "polis pylos", "pay wood")
    assert pop(s2, "pylos") == 1 and s2.pending.kind == "turn"


def test_stack_limit():
    """Ed1 · Spielablauf › Allgemeines: training stops at the round's limit of own units per area."""
    s = pos(round="3", to_move="sparta", units={"lakedaimon": (0, 1)}, goods={"sparta": {"metal": 9}})
    s1 = play(s, "train", "polis sparta", "pay metal", "pay metal")
    assert area(s1, "lakedaimon") == (0, 3) and s1.pending.kind == "turn"  # ended at the limit
    full = pos(round="3", to_move="sparta", units={"lakedaimon": (0, 3), "messenia": (0, 0)})
    refused_for(play(full, "train"), "polis sparta", "stack.limit")
    refused_for(pos(round="3", to_move="sparta", units={"lakedaimon": (0, 3), "messenia": (0, 3)}), "train",
                "stack.limit")


def test_stack_limit__galleys():
    """Ed1 · Aktionen › b. Galeeren bauen: a sea at the limit takes no new galley of that side."""
    s = pos(round="4", to_move="athens", poleis={"korinthos": ("athens", 6)},
            units={"kyklades": (4, 0), "ionion": (3, 0)}, goods={"athens": {"wood": 5}})
    s1 = play(s, "galleys", "polis korinthos")
    assert legal(s1) == {"pay wood ionion"}
    refused_for(s1, "pay wood kyklades", "stack.limit")
    s2 = pn.apply(s1, "pay wood ionion")
    assert area(s2, "ionion") == (4, 0) and s2.pending.kind == "turn"


# --- b. build galleys ----------------------------------------------------------------------------


def test_galley_polis():
    """Ed1 · Aktionen › b. Galeeren bauen: galleys are built in one owned polis with a port; Sparta and
    Thebai have none, Korinthos has two."""
    s = pos(round="4", to_move="athens", poleis={"korinthos": ("athens", 6), "thebai": ("athens", 4)},
            units={"kyklades": (0, 0), "ionion": (0, 0)}, goods={"athens": {"wood": 5}})
    s1 = play(s, "galleys")
    assert "polis thebai" not in legal(s1) and "polis korinthos" in legal(s1)
    refused_for(s1, "polis thebai", "galley.polis")
    s2 = play(s1, "polis korinthos")
    assert legal(s2) == {"pay wood ionion", "pay wood kyklades"}
    s3 = play(s2, "pay wood ionion", "pay wood kyklades", "end")
    assert area(s3, "ionion") == (1, 0) and area(s3, "kyklades") == (1, 0) and pop(s3, "korinthos") == 4
    sp = play(pos(to_move="sparta", units={"myrtoon": (0, 0)}), "galleys")
    refused_for(sp, "polis sparta", "galley.polis")


def test_galley_cost():
    """Ed1 · Aktionen › b. Galeeren bauen: each galley costs one wood or one silver; a cube of the polis
    enters a sea its arrow points to."""
    s = pos(round="4", to_move="athens", units={"kyklades": (0, 0)}, goods={"athens": {"wood": 1, "silver": 0}})
    s1 = play(s, "galleys", "polis athenai")
    assert legal(s1) == {"pay wood kyklades"}
    refused_for(s1, "pay wood myrtoon", "galley.cost")  # Athenai's arrow points to Kyklades only
    refused_for(s1, "pay metal kyklades", "galley.cost")
    s2 = pn.apply(s1, "pay wood kyklades")
    assert "galley.cost" in rule_ids(s2)
    assert area(s2, "kyklades") == (1, 0) and pop(s2, "athenai") == 4 and good(s2, 0, "wood") == 0
    assert s2.pending.kind == "turn"
    refused_for(pn.edit(s, goods={"athens": {"wood": 0, "silver": 0}}), "galleys", "galley.cost")


# --- c. build trade ships ------------------------------------------------------------------------


def test_ships_trade_city():
    """Ed1 · Aktionen › c. Handelsschiffe bauen: only a trade city loyal to the builder and owned by them
    builds trade ships; Athens holding Pylos cannot build there."""
    s = pos(to_move="athens", poleis={"pylos": ("athens", 3)})
    s1 = play(s, "ships")
    assert legal(s1) == {"polis athenai"}
    refused_for(s1, "polis pylos", "ships.trade-city")
    s2 = play(s1, "polis athenai", "pay wood")
    assert s2.ships_port[0] == 2
    lost = pos(to_move="sparta", poleis={"pylos": "neutral", "gytheion": ("athens", 2)})
    refused_for(lost, "ships", "ships.trade-city")


def test_ships_cost():
    """Ed1 · Aktionen › c. Handelsschiffe bauen: a ship costs one wood or one silver; the polis' crew cube
    goes back to supply and the ship waits in the trade port."""
    s = pos(to_move="sparta", poleis={"sparta": ("sparta", 8)}, goods={"sparta": {"wood": 1, "silver": 1}})
    b = topology_of(s)
    supply = b.supply(s, 1)
    s1 = play(s, "ships", "polis pylos")
    refused_for(s1, "pay metal", "ships.cost")
    s2 = pn.apply(s1, "pay wood")
    assert "ships.cost" in rule_ids(s2)
    assert s2.ships_port[1] == 2 and pop(s2, "pylos") == 1 and good(s2, 1, "wood") == 0
    assert b.supply(s2, 1) == supply + 1
    s3 = play(pos(to_move="sparta", poleis={"pylos": ("sparta", 3)}, goods={"sparta": {"wood": 0, "silver": 1}}),
              "ships", "polis pylos", "pay silver")
    assert good(s3, 1, "silver") == 0 and s3.ships_port[1] == 2 and s3.pending.kind == "turn"
    refused_for(pos(to_move="sparta", goods={"sparta": {"wood": 0, "silver": 0}}), "ships", "ships.cost")


def test_ships_limit():
    """Ed1 · Spielmaterial: each side owns eight trade ships; the eighth can be built, a ninth cannot."""
    s = play(pos(to_move="sparta", ships_port={"sparta": 7}, poleis={"pylos": ("sparta", 3)}),
             "ships", "polis pylos", "pay wood")
    assert s.ships_port[1] == 8 and s.pending.kind == "turn"  # no ship left: the action ended by itself
    e = refused_for(pos(to_move="sparta", ships_port={"sparta": 8}), "ships", "ships.limit")
    assert "8" in e.text


# --- d. begin a project --------------------------------------------------------------------------


def test_project_polis():
    """Ed1 · Aktionen › d. Neues Projekt beginnen: a project goes to an owned polis that allows its type,
    and a polis begins at most one project per round."""
    s = pos(to_move="sparta", passed=["athens"], display=["dionysia", "demeter", "koilon"],
            poleis={"poteidaia": ("sparta", 2)}, goods={"sparta": {"wine": 12, "wheat": 4}})
    s1 = play(s, "project +wood", "tile dionysia")
    assert legal(s1) == {"polis sparta", "polis poteidaia"}
    refused_for(s1, "polis pylos", "project.polis")  # no festivals in Pylos
    refused_for(s1, "polis athenai", "project.polis")  # not Sparta's
    s2 = play(s1, "polis sparta", "pay")
    assert ("dionysia", topology_of(s).polis_index["sparta"]) in s2.started
    s3 = play(s2, "project +wood", "tile demeter")
    refused_for(s3, "polis sparta", "project.polis")  # Sparta already began one this round
    s4 = play(s3, "polis poteidaia", "pay")
    assert len(s4.started) == 2
    # a tile no owned polis allows
    refused_for(play(s, "project +wood"), "tile koilon", "project.polis")


def test_project_cost():
    """Ed1 · Aktionen › d. Neues Projekt beginnen: the tile's cost is paid; silver may stand in for a whole
    kind of good, never for part of it."""
    s = pos(to_move="sparta", display=["dionysia", "demeter", "koilon"],
            goods={"sparta": {"wine": 3, "oil": 0, "silver": 2}})
    s1 = play(s, "project", "tile demeter", "polis sparta")  # demeter: 3 wine, 1 oil, 1 silver
    assert legal(s1) == {"pay silver-for:oil"}
    refused_for(s1, "pay", "project.cost")  # no oil
    refused_for(s1, "pay silver-for:metal", "project.cost")
    s2 = pn.apply(s1, "pay silver-for:oil")
    assert "project.cost" in rule_ids(s2)
    assert (good(s2, 1, "wine"), good(s2, 1, "oil"), good(s2, 1, "silver")) == (0, 0, 0)
    assert "demeter" not in s2.display
    # two wine and one silver cannot be mixed to pay the three wine
    poor = pn.edit(s, goods={"sparta": {"wine": 2, "oil": 1, "silver": 2}})
    refused_for(poor, "project", "project.cost")


def test_project_follows_polis():
    """Ed1 · Aktionen › d. Neues Projekt beginnen: a begun project stays with its polis when another side
    takes the polis; the new owner cannot begin a second one there this round."""
    s = pos(round="4", to_move="athens", display=["koilon", "skene", "sokrates"],
            poleis={"thebai": ("athens", 3)}, units={"boiotia": (0, 3)},
            goods={"athens": {"metal": 2, "wood": 4, "silver": 2}, "sparta": {"wood": 6, "silver": 4}})
    thebai = topology_of(s).polis_index["thebai"]
    s = play(s, "project", "tile koilon", "polis thebai", "pay", "pass")
    assert ("koilon", thebai) in s.started and s.current_player == "sparta"
    s2 = play(s, "siege +wood", "polis thebai", "die 4")
    assert s2.owner[thebai] == 1 and ("koilon", thebai) in s2.started
    assert "project.follows-polis" in rule_ids(s2)
    refused_for(s2, "project +wood", "project.polis")  # Skene would fit Thebai, but not this round


def test_data_prototype__project():
    """prototype-data.md §2.4: a project whose tile values come from the designer's prototype says so in
    the log; a tile the rulebook states (Sokrates) does not."""
    s = pos(to_move="athens", display=["sokrates", "koilon", "skene"],
            goods={"athens": {"silver": 8, "metal": 2, "wood": 4}})
    s1 = play(s, "project", "tile koilon", "polis athenai", "pay")
    assert "data.prototype" in rule_ids(s1) and "project.cost" in rule_ids(s1)
    s2 = play(s, "project", "tile sokrates", "polis athenai", "pay")
    assert not {"data.prototype", "data.reconstructed"} & rule_ids(s2) and "project.cost" in rule_ids(s2)
    assert topology_of(s).comp.provenance_of("projects", "koilon").prototype
