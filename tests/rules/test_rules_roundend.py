"""Per-rule tests for the round end (Ed1 · Rundenende), completed projects (project.complete,
project.phidias) and the end of the game (Ed1 · Spielende)."""
from __future__ import annotations

import polis_nb as pn
from polis_nb.rules.topology import topology_of

from .helpers import play, play_ids, refused, rule_ids
from .test_rules_events import overlay_components, revealed

SEED = 1  # first-round event: No Event
ATHENS, SPARTA = 0, 1
METAL, WOOD, WINE, OIL, SILVER, WHEAT = range(6)
# starting poleis: Athens athenai 5, chalkis 1, chios 2 (8 cubes); Sparta sparta 4, gytheion 1, pylos 2 (7)
FED = {"athens": {"wheat": 8}, "sparta": {"wheat": 7}}  # exactly enough wheat, none left to grow


def pos(**kw) -> pn.State:
    kw.setdefault("round", "4")
    return pn.position(seed=SEED, **kw)


def goods(extra=None):
    g = {p: dict(v) for p, v in FED.items()}
    for p, v in (extra or {}).items():
        g.setdefault(p, {}).update(v)
    return g


def round_end(first: str = "athens", round: str = "4", extra_goods=None, **kw) -> pn.State:
    """Both players pass (``first`` first): the round end begins (3 prestige each unless given)."""
    kw.setdefault("prestige", {"athens": 3, "sparta": 3})
    second = "sparta" if first == "athens" else "athens"
    s = pos(round=round, to_move=second, passed=[first], goods=goods(extra_goods), **kw)
    return play(s, "pass")


def finish(s: pn.State) -> tuple[pn.State, set[str]]:
    """Answer the remaining round-end decisions plainly (feed with prestige or else release the first
    polis offered, no growth, no Phoros)
    until the next round's first decision or the game's end; return every rule id logged."""
    ids = rule_ids(s)
    while not s.is_terminal and s.phase == "roundend":
        k = s.pending.kind
        text = {"feed": "feed prestige", "grow": "end", "phoros": "phoros 0"}[k]
        legal = [str(a) for a in pn.legal_actions(s)]
        s = pn.apply(s, text if text in legal else legal[0])
        ids |= rule_ids(s)
    return s, ids


def pidx(s, name):
    return topology_of(s).polis_index[name]


# --- roundend.order -------------------------------------------------------------------------------


def test_roundend_order():
    """Ed1 · Rundenende: the player who passed first (Athens) does every step first: it feeds first and is
    asked about growth before Sparta."""
    s = round_end("athens", extra_goods={"athens": {"wheat": 9}, "sparta": {"wheat": 8}})
    assert "roundend.order" in rule_ids(s)
    feeds = [e.player for e in s.log if "roundend.feeding" in e.rules]
    assert feeds == ["athens", "sparta"]
    assert s.pending == pn.Pending("grow", ATHENS)
    s = play(s, "end")
    assert s.pending == pn.Pending("grow", SPARTA)


def test_roundend_order__sparta_first():
    """Ed1 · Rundenende: when Sparta passed first, Sparta goes first in every step."""
    s = round_end("sparta", extra_goods={"athens": {"wine": 5}, "sparta": {"wine": 5}})
    feeds = [e.player for e in s.log if "roundend.feeding" in e.rules]
    assert feeds == ["sparta", "athens"]
    spoils = [e.player for e in s.log if "roundend.spoilage" in e.rules]
    assert spoils == ["sparta", "athens"]
    assert s.pending == pn.Pending("phoros", SPARTA)
    s = play(s, "phoros 0")
    assert s.pending == pn.Pending("phoros", ATHENS)


# --- roundend.feeding -----------------------------------------------------------------------------


def test_roundend_feeding():
    """Ed1 · Rundenende › 2. Versorgung: each cube in one's poleis eats one wheat."""
    s = round_end(extra_goods={"athens": {"wheat": 10}})
    assert "roundend.feeding" in rule_ids(s)
    assert s.goods[ATHENS][WHEAT] == 2
    assert s.goods[SPARTA][WHEAT] == 0


def test_roundend_feeding__shortfall_paid_with_prestige():
    """Ed1 · Rundenende › 2. Versorgung: three wheat short, Athens pays the rest one prestige per cube."""
    s = round_end(extra_goods={"athens": {"wheat": 5}}, prestige={"athens": 5, "sparta": 3})
    assert s.pending == pn.Pending("feed", ATHENS)
    assert {str(a) for a in pn.legal_actions(s)} == {"feed prestige", "release chalkis", "release chios"}
    s2 = play(s, "feed prestige")
    assert "roundend.feeding" in rule_ids(s2)
    assert s2.goods[ATHENS][WHEAT] == 0
    assert s2.prestige[ATHENS] == 2


def test_roundend_feeding__refused_when_prestige_is_short():
    """Ed1 · Rundenende › 2. Versorgung: wheat and prestige together must cover the cubes; otherwise
    whole poleis have to be released until they do."""
    s = round_end(extra_goods={"athens": {"wheat": 2}}, prestige={"athens": 3, "sparta": 3})
    assert "roundend.feeding" in refused(s, "feed prestige").rule_ids
    s = play(s, "release chios")  # 6 cubes left, 2 wheat + 3 prestige still short
    assert s.pending == pn.Pending("feed", ATHENS)
    assert "roundend.feeding" in refused(s, "feed prestige").rule_ids
    s = play(s, "release chalkis")  # 5 cubes: 2 wheat + 3 prestige
    s = play(s, "feed prestige")
    assert s.prestige[ATHENS] == 0 and s.goods[ATHENS][WHEAT] == 0


def test_roundend_feeding__refused_release_capital():
    """Ed1 · Rundenende › 2. / Spielende: the capital is never released to save food."""
    s = round_end(extra_goods={"athens": {"wheat": 2}})
    e = refused(s, "release athenai")
    assert "roundend.feeding" in e.rule_ids


# --- roundend.no-single-cubes ---------------------------------------------------------------------


def test_roundend_no_single_cubes():
    """Ed1 · Rundenende › 2. Versorgung: a released polis goes neutral with all its cubes and its
    projects; single cubes cannot be given up."""
    s = round_end(extra_goods={"athens": {"wheat": 5}}, prestige={"athens": 0, "sparta": 3})
    chios = pidx(s, "chios")
    s = s.evolve(done=(("efebos", chios),))
    assert all(a.kind == "release" for a in pn.legal_actions(s))
    s2 = play(s, "release chios")
    assert "roundend.no-single-cubes" in rule_ids(s2)
    assert (s2.owner[chios], s2.pop[chios]) == (-1, 0)
    assert ("efebos", chios) in s2.done
    # 6 cubes remain; 5 wheat and no prestige still fall short, so another whole polis must go
    assert {str(a) for a in pn.legal_actions(s2)} == {"release chalkis"}
    s3 = play(s2, "release chalkis")
    assert s3.goods[ATHENS][WHEAT] == 0 and s3.pop[pidx(s, "athenai")] == 5
    texts = [e.text for e in s3.log]
    assert "Athens releases Chalkis (1 cube), which turns neutral with its projects" in texts  # never "1 cubes"
    assert "Athens feeds 5 cubes with 5 wheat" in texts


# --- roundend.growth ------------------------------------------------------------------------------


def test_roundend_growth():
    """Ed1 · Rundenende › 3. Wachstum: one wheat adds one cube; Sparta may add up to three cubes to Sparta
    in one round."""
    s = round_end("sparta", extra_goods={"sparta": {"wheat": 12}})
    assert s.pending == pn.Pending("grow", SPARTA)
    sp = pidx(s, "sparta")
    s, ids = play_ids(s, "grow sparta", "grow sparta", "grow sparta")
    assert "roundend.growth" in ids
    assert s.pop[sp] == 7 and s.goods[SPARTA][WHEAT] == 2
    assert "roundend.growth" in refused(s, "grow sparta").rule_ids
    s = play(s, "grow pylos")
    assert s.pop[pidx(s, "pylos")] == 3


def test_roundend_growth__refused_above_maximum():
    """Ed1 · Rundenende › 3. Wachstum: Chalkis, already at its maximum of 2, cannot grow."""
    s = round_end(poleis={"chalkis": ("athens", 2)}, extra_goods={"athens": {"wheat": 12}})
    assert s.pending == pn.Pending("grow", ATHENS)
    assert "roundend.growth" in refused(s, "grow chalkis").rule_ids
    s = play(s, "grow athenai")
    assert s.pop[pidx(s, "athenai")] == 6


def test_roundend_growth__refused_beyond_maximum_in_steps():
    """Ed1 · Rundenende › 3. Wachstum: Sparta at 7 of 8 cubes grows by one only, though its rate is 3."""
    s = round_end("sparta", poleis={"sparta": ("sparta", 7)}, extra_goods={"sparta": {"wheat": 14}})
    s = play(s, "grow sparta")
    assert s.pop[pidx(s, "sparta")] == 8
    assert "roundend.growth" in refused(s, "grow sparta").rule_ids


def test_roundend_growth__needs_wheat():
    """Ed1 · Rundenende › 3. Wachstum: with no wheat left after feeding nobody is asked to grow."""
    s = round_end()
    assert s.pending.kind == "phoros"


# --- roundend.megalopolis -------------------------------------------------------------------------


def test_roundend_megalopolis():
    """Ed1 · Rundenende › 4. Megalopolis: each own polis above its base population gives 1 prestige
    (Athenai 6 of 5, Chios 3 of 2); a polis at its base gives nothing."""
    s = round_end(poleis={"athenai": ("athens", 6), "chios": ("athens", 3)},
                  extra_goods={"athens": {"wheat": 10}}, prestige={"athens": 3, "sparta": 3})
    assert "roundend.megalopolis" in rule_ids(s)
    assert s.prestige == (5, 3)
    assert not any("Megalopolis" in e.text and e.player == "sparta" for e in s.log)


# --- roundend.spoilage ----------------------------------------------------------------------------


def test_roundend_spoilage():
    """Ed1 · Rundenende › 5. Lagerhaltung (yucata): wine, oil and wheat keep half their stock rounded up
    (5 → 3); metal, wood and silver keep everything."""
    s = round_end(extra_goods={"athens": {"wine": 5, "oil": 1, "wheat": 8, "metal": 7},
                               "sparta": {"wine": 4, "wheat": 10}})
    s, ids = finish(s)
    assert "roundend.spoilage" in ids and "roundend.spoilage-printed" not in ids
    assert s.goods[ATHENS][WINE] == 3 and s.goods[ATHENS][OIL] == 1 and s.goods[ATHENS][METAL] == 7
    assert s.goods[SPARTA][WINE] == 2 and s.goods[SPARTA][WHEAT] == 2  # 3 left after feeding → 2


def test_roundend_spoilage_printed():
    """Ed1 · Rundenende › 5. Lagerhaltung, option spoilage='printed-de': the printed German text keeps
    half rounded down (5 → 2)."""
    s = pn.settle(pn.new_game(seed=SEED, spoilage="printed-de"))
    s = pn.edit(s, round="4", to_move="sparta", passed=["athens"],
                goods=goods({"athens": {"wine": 5, "oil": 1}, "sparta": {"wine": 4}}))
    s, ids = finish(play(s, "pass"))
    assert "roundend.spoilage-printed" in ids
    assert s.goods[ATHENS][WINE] == 2 and s.goods[ATHENS][OIL] == 0
    assert s.goods[SPARTA][WINE] == 2


# --- roundend.phoros ------------------------------------------------------------------------------


def test_roundend_phoros():
    """Ed1 · Rundenende › 6. Phoros: Athens turns 2 of its 3 prestige into 2 silver."""
    s = round_end()
    assert s.pending == pn.Pending("phoros", ATHENS)
    assert {str(a) for a in pn.legal_actions(s)} == {"phoros 0", "phoros 1", "phoros 2", "phoros 3"}
    s2 = play(s, "phoros 2")
    assert "roundend.phoros" in rule_ids(s2)
    assert s2.prestige[ATHENS] == 1
    assert s2.goods[ATHENS][SILVER] == s.goods[ATHENS][SILVER] + 2
    assert s2.pending == pn.Pending("phoros", SPARTA)


def test_roundend_phoros__refused_beyond_prestige():
    """Ed1 · Rundenende › 6. Phoros: no more prestige can be turned into silver than one has."""
    s = round_end()
    assert "roundend.phoros" in refused(s, "phoros 4").rule_ids


# --- roundend.preparation -------------------------------------------------------------------------


def test_roundend_preparation():
    """Ed1 · Rundenende › Vorbereitung: the next round begins; tribute discs come back, trade ships at the
    markets sail home, leftover project tiles leave the game and three new tiles are drawn."""
    s = pos(to_move="athens", passed=["sparta"], tribute_done=["attika"], display=["sokrates", "skene"],
            goods=goods({"athens": {"wine": 9}}))
    s = play(s, "trade +metal", "offer persis.0 exchange", "roll 1")
    assert s.ships_port[ATHENS] == 0
    s, ids = finish(play(s, "pass"))
    assert "roundend.preparation" in ids
    assert s.round == 2 and s.pending.kind == "draw-project"
    assert s.tribute_done == () and s.ships_port[ATHENS] == 1
    assert all(o == -1 for o in s.offers)
    assert s.display == () and "sokrates" not in s.pile and "skene" not in s.pile
    assert s.passed == ()
    s = pn.settle(s)
    assert len(s.display) == 3


def test_roundend_preparation__ships_return_without_trade_city():
    """Ed1 · Rundenende › Vorbereitung: Sparta's ships come home even when it owns neither Pylos nor
    Gytheion."""
    s = pos(to_move="sparta", passed=["athens"], ships_port={"sparta": 0},
            poleis={"pylos": "neutral", "gytheion": "neutral"}, goods={"athens": {"wheat": 8}, "sparta": {"wheat": 4}})
    # a Spartan ship away at a market (taken before the cities were lost)
    s = s.evolve(offers=(1,) + s.offers[1:])
    s, _ = finish(play(s, "pass"))
    assert s.ships_port[SPARTA] == 1


def test_roundend_preparation__event_expires():
    """Ed1 · Rundenanfang › 2. / Rundenende: Persis, closed by Xerxes' assassination, opens again the next
    round."""
    s = revealed("xerxes")
    assert s.closed == ("persis",)
    s = pn.edit(s, goods=FED)
    s = play(s, "pass", "pass")
    s, ids = finish(s)
    assert "roundend.preparation" in ids
    assert s.closed == () and s.event is None


# --- roundend.last-round --------------------------------------------------------------------------


def test_roundend_last_round():
    """Ed1 · Rundenende › 4. / Spielende: after the last round (5β) the game ends right after Megalopolis;
    storage and Phoros are skipped."""
    s = round_end(round="5b", extra_goods={"athens": {"wine": 5}})
    assert "roundend.last-round" in rule_ids(s)
    assert s.is_terminal
    assert s.goods[ATHENS][WINE] == 5
    assert not any("roundend.spoilage" in e.rules or "roundend.phoros" in e.rules for e in s.log)
    assert "end.score" in pn.outcome(s).rules


def test_roundend_last_round__not_before():
    """Ed1 · Rundenende: the round before the last (5α) goes on through storage and Phoros."""
    s = round_end(round="5a")
    assert not s.is_terminal and s.pending.kind == "phoros"


# --- project.complete / project.phidias -----------------------------------------------------------


def test_project_complete():
    """Ed1 · Rundenende › 1. Projekte: Sokrates, started in Athenai this round, completes at round end and
    gives Athens its 4 prestige (the bracketed value waits for the game's end)."""
    s = pos(to_move="athens", passed=["sparta"], display=["sokrates"], goods=goods({"athens": {"silver": 7}}))
    s = play(s, "project +metal", "tile sokrates", "polis athenai", "pay")
    assert s.started == (("sokrates", pidx(s, "athenai")),)
    p0 = s.prestige[ATHENS]
    s = play(s, "pass")
    assert "project.complete" in rule_ids(s)
    assert s.prestige[ATHENS] == p0 + 4
    assert s.started == () and ("sokrates", pidx(s, "athenai")) in s.done


def test_project_complete__in_neutral_polis_is_wasted():
    """Ed1 · Rundenende › 1. Projekte: a project in a polis that is neutral at round end completes, but
    nobody gains its prestige."""
    s = pos(to_move="sparta", passed=["athens"], goods=FED)
    thebai = pidx(s, "thebai")
    s = s.evolve(started=(("skene", thebai),))
    s2 = play(s, "pass")
    assert "project.complete" in rule_ids(s2)
    assert ("skene", thebai) in s2.done
    assert any("lost" in e.text for e in s2.log if "project.complete" in e.rules)
    assert s2.prestige == s.prestige


def test_project_complete__goes_to_owner_at_round_end():
    """Ed1 · Rundenende › 1. Projekte: the prestige goes to whoever owns the polis when the round ends:
    Athens starts a theatre in Korinthos, Sparta takes Korinthos by civil war and collects it."""
    s = pos(to_move="athens", poleis={"korinthos": ("athens", 4)}, display=["koilon"],
            proxenos={"sparta": "korinthos"}, goods=goods({"athens": {"silver": 1}, "sparta": {"silver": 12}}))
    s = play(s, "project", "tile koilon", "polis korinthos", "pay", "pass")
    s = play(s, "civilwar +metal")
    p_sparta = s.prestige[SPARTA]
    s = play(s, "pass")
    ends = [e for e in s.log if "project.complete" in e.rules]
    assert ends and ends[0].player == "sparta"
    assert s.prestige[SPARTA] >= p_sparta + topology_of(s).project_index["koilon"].prestige > p_sparta


def test_project_phidias():
    """Ed1 · Aktionen › d. / Rundenende › 1.: Phidias gives half of Athenai's cubes, rounded up: 3 for 5."""
    s = pos(to_move="athens", passed=["sparta"], display=["phidias"], goods=goods({"athens": {"silver": 5}}))
    s = play(s, "project +metal", "tile phidias", "polis athenai", "pay")
    p0 = s.prestige[ATHENS]
    s = play(s, "pass")
    assert {"project.complete", "project.phidias"} <= rule_ids(s)
    assert s.prestige[ATHENS] == p0 + 3


def test_project_phidias__even_population():
    """Ed1 · Aktionen › d.: with 6 cubes in Athenai Phidias gives exactly 3."""
    s = pos(to_move="athens", passed=["sparta"], display=["phidias"], poleis={"athenai": ("athens", 6)},
            goods=goods({"athens": {"silver": 5, "wheat": 9}}))
    s = play(s, "project +metal", "tile phidias", "polis athenai", "pay")
    p0 = s.prestige[ATHENS]
    s = play(s, "pass")
    assert "project.phidias" in rule_ids(s)
    # 3 for Phidias, 1 for Megalopolis (Athenai 6 > 5) once the round end reaches that step
    assert any("gains 3 prestige" in e.text for e in s.log if "project.phidias" in e.rules)
    assert s.prestige[ATHENS] >= p0 + 3


# --- end.* ----------------------------------------------------------------------------------------


def test_end_capital_unfed():
    """Ed1 · Spielende: Athens, down to Athenai alone (5 cubes) with 1 wheat and 3 prestige, cannot feed
    its capital and loses at once."""
    s = round_end("athens", poleis={"chalkis": "neutral", "chios": "neutral"},
                  extra_goods={"athens": {"wheat": 1}}, prestige={"athens": 3, "sparta": 3})
    assert "end.capital-unfed" in rule_ids(s)
    assert s.is_terminal
    o = pn.outcome(s)
    assert o.winner == "sparta" and "end.capital-unfed" in o.rules


def test_end_capital_unfed__after_releasing():
    """Ed1 · Spielende: releasing every other polis does not help when the capital alone still cannot be fed."""
    s = round_end("athens", poleis={"chalkis": "neutral"}, extra_goods={"athens": {"wheat": 0}},
                  prestige={"athens": 3, "sparta": 3})
    assert [str(a) for a in pn.legal_actions(s)] == ["release chios"]
    s2 = play(s, "release chios")
    assert "end.capital-unfed" in rule_ids(s2)
    assert pn.outcome(s2).winner == "sparta"


def test_end_capital_unfed__not_when_prestige_covers():
    """Ed1 · Spielende: wheat plus prestige enough for the capital: the player pays and plays on."""
    s = round_end("athens", poleis={"chalkis": "neutral", "chios": "neutral"},
                  extra_goods={"athens": {"wheat": 2}}, prestige={"athens": 3, "sparta": 3})
    assert not s.is_terminal
    assert [str(a) for a in pn.legal_actions(s)] == ["feed prestige"]


def test_end_ostracism():
    """Ed1 · Spielende: Sparta ends the round without prestige after Phoros and loses."""
    s = round_end("athens", prestige={"athens": 3, "sparta": 0})
    s2 = play(s, "phoros 0")
    assert "end.ostracism" in rule_ids(s2)
    o = pn.outcome(s2)
    assert o.winner == "athens" and "end.ostracism" in o.rules


def test_end_ostracism__by_phoros():
    """Ed1 · Spielende: turning all one's prestige into silver is allowed, but ostracises the player."""
    s = round_end("athens")
    s2 = play(s, "phoros 3", "phoros 0")
    assert "end.ostracism" in rule_ids(s2)
    assert pn.outcome(s2).winner == "sparta"


def test_end_ostracism__saved_by_megalopolis():
    """Ed1 · Spielende: the check comes after Phoros, so prestige won at Megalopolis saves a player."""
    s = round_end("athens", prestige={"athens": 3, "sparta": 0}, poleis={"sparta": ("sparta", 5)},
                  extra_goods={"sparta": {"wheat": 8}})
    s, ids = finish(s)
    assert "end.ostracism" not in ids and not s.is_terminal


def test_end_ostracism__both():
    """Ed1 · Spielende: if both players end without prestige, both are ostracised and nobody wins."""
    s = round_end("athens", prestige={"athens": 0, "sparta": 0})
    assert "end.ostracism" in rule_ids(s)
    o = pn.outcome(s)
    assert o.winner is None and "end.ostracism" in o.rules


def test_end_prestige_owed():
    """Ed1 · Spielende: a player forced by an event to pay prestige it lacks loses at once."""
    s = revealed("test-shame", components=overlay_components())
    assert "end.prestige-owed" in rule_ids(s)
    o = pn.outcome(s)
    assert s.is_terminal and o.winner == "athens" and "end.prestige-owed" in o.rules


def test_end_prestige_owed__at_end_of_turn():
    """Ed1 · Spielende / Rundenanfang › 2.: an end-of-turn loss of prestige that Athens can no longer pay
    ends the game too."""
    s = revealed("test-hermen", components=overlay_components(), prestige=(1, 3))
    assert s.current_player == "athens"  # less prestige starts
    s = play(s, "pass")
    assert s.prestige[ATHENS] == 0 and not s.is_terminal
    s = play(s, "pass")
    assert "end.prestige-owed" in rule_ids(s)
    assert pn.outcome(s).winner == "sparta"


def test_end_score():
    """Ed1 · Spielende: after 5β the score is cubes in own poleis + prestige + the bracketed prestige of
    completed projects in own poleis (Sokrates: 4 now, 2 at the end)."""
    s = pos(round="5b", to_move="athens", passed=["sparta"], display=["sokrates"],
            goods=goods({"athens": {"silver": 6}}), prestige={"athens": 3, "sparta": 3})
    s = play(s, "project +metal", "tile sokrates", "polis athenai", "pay", "pass")
    assert s.is_terminal
    o = pn.outcome(s)
    assert "end.score" in o.rules
    assert o.scores == (8 + (3 + 4) + 2, 7 + 3)
    assert (pn.score(s, 0), pn.score(s, 1)) == o.scores
    assert o.winner == "athens"


def test_end_score__only_own_poleis():
    """Ed1 · Spielende: a completed project in a polis one no longer owns scores nothing for its builder."""
    s = pos(round="5b", to_move="athens", passed=["sparta"], goods=FED, prestige={"athens": 3, "sparta": 3})
    s = s.evolve(done=(("skene", pidx(s, "thebai")), ("aphrodite", pidx(s, "chalkis"))))
    s = play(s, "pass")
    assert pn.outcome(s).scores == (8 + 3 + 1, 7 + 3)


def test_end_tie_break():
    """Ed1 · Spielende: on equal scores (11 each) the player with more goods left (Sparta) wins."""
    s = round_end(round="5b", prestige={"athens": 3, "sparta": 4})
    o = pn.outcome(s)
    assert o.scores == (11, 11)
    assert o.winner == "sparta" and "end.tie-break" in o.rules


def test_end_tie_break__shared():
    """Ed1 · Spielende: equal scores and equal goods leave the result shared."""
    s = round_end(round="5b", prestige={"athens": 3, "sparta": 4}, extra_goods={"athens": {"silver": 4}})
    o = pn.outcome(s)
    assert o.scores == (11, 11) and o.winner is None
    assert "end.tie-break" in o.rules
