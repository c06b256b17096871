"""Edition diff: translating positions between the editions and the rules that decide them differently."""
import copy
import json

import pytest

import polis_nb as pn
from polis_nb.analysis import DiffItem, EditionDiff, TranslationError, edition_diff, translate, translation_losses
from polis_nb.rules.topology import topology_of
from polis_nb.rules import wheat_need


def phoros_position(edition, seed=3, **changes):
    """Both sides pass with exactly enough wheat to feed: the round end stops at Athens' Phoros."""
    s = pn.position(edition, seed, to_move="athens", prestige={"athens": 5, "sparta": 4}, **changes)
    s = pn.edit(s, goods={"athens": {"wheat": wheat_need(s, 0)}, "sparta": {"wheat": wheat_need(s, 1)}})
    s = pn.settle(pn.apply(pn.apply(s, "pass"), "pass"))
    assert s.pending.kind == "phoros" and s.pending.player == 0
    return s


def topics(d):
    return [i.topic for i in d.items]


def item(d, topic):
    found = [i for i in d.items if i.topic == topic]
    assert found, f"no {topic!r} item in {topics(d)}"
    return found[0]


# --- translation ---------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 3, 11])
def test_ed2_positions_round_trip_through_ed1(seed):
    s = pn.position("ed2", seed)
    t = translate(s, "ed1")
    assert t.edition == "ed1" and t.components == "ed1-default"
    assert translation_losses(s, "ed1") == ()
    assert translate(t, "ed2") == s


@pytest.mark.parametrize("round_, other", [("3", "alpha"), ("4", "epsilon"), ("5a", "omega")])
def test_lossless_ed1_position_round_trips_and_maps_the_round(round_, other):
    # seed 3 draws Xerxes (a card of both editions) and no tile without a counterpart
    s = pn.position("ed1", 3, round=round_, goods={"athens": {"oil": 0}, "sparta": {"oil": 0}},
                    units={"boiotia": (2, 1)}, poleis={"thebai": ("athens", 2)})
    assert translation_losses(s, "ed2") == ()
    t = translate(s, "ed2")
    assert topology_of(t).comp.rounds[t.round].label == other
    assert translate(t, "ed1") == s


def test_goods_map_metal_to_iron_and_black_cubes_follow_the_round():
    s = pn.position("ed1", 3, round="4", goods={"athens": {"metal": 7}})
    t = translate(s, "ed2")
    b = topology_of(t)
    assert t.goods[0][b.good_index["iron"]] == 7 and "oil" not in b.good_index
    assert sorted(b.offer_ids[i] for i in t.covered) == sorted(
        o.id for o in b.offers if o.load > 4)  # loads above round 4's limit stay covered


def test_oil_is_reported_as_a_loss_and_a_difference():
    s = pn.position("ed1", 3, goods={"athens": {"oil": 6}, "sparta": {"oil": 0}})
    losses = translation_losses(s, "ed2")
    assert any("6 oil" in x for x in losses)
    d = edition_diff(s)
    oil = item(d, "goods: oil")
    assert "Athens holds 6 oil" in oil.text and "no oil" in oil.text
    assert d.losses == losses


def test_round_5b_is_lossy_and_siege_discs_do_not_survive_ed1():
    s = pn.position("ed1", 3, round="5b")
    assert any("5β" in x for x in translation_losses(s, "ed2"))
    s2 = pn.position("ed2", 5, round="epsilon", units={"boiotia": (3, 0)}, siege_discs={"thebai": "athens"})
    assert translate(s2, "ed1").siege_discs == ()
    assert any("siege disc" in x for x in translation_losses(s2, "ed1"))


def test_translation_refuses_positions_without_counterpart():
    g = pn.Game(edition="ed1", seed=3)
    s = pn.position("ed1", 3)
    over = s.evolve(outcome=pn.Outcome("athens", (10, 9), "test", ("end.score",)), phase="over")
    with pytest.raises(TranslationError):
        translate(over, "ed2")
    with pytest.raises(ValueError):
        translate(s, "ed3")
    assert translate(s, "ed1") is s
    assert g.state.edition == "ed1"


# --- the diff --------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_captured_proxenos_lists_the_ransom_rules(edition):
    s = pn.position(edition, 3, to_move="sparta", proxenos={"sparta": None}, goods={"sparta": {"silver": 3}})
    d = edition_diff(s)
    ransom = item(d, "proxenos ransom")
    assert (ransom.ed1, ransom.ed2) == ("proxenos.ransom", "proxenos.ransom-ed2")
    assert "Sparta" in ransom.text and "3 silver" in ransom.text
    # ransoming takes a turn slot in ed1 only
    effect = [i for i in d.items if i.topic == "effect" and i.choices == ("ransom",)]
    assert effect and (effect[0].ed1, effect[0].ed2) == ("proxenos.ransom", "proxenos.ransom-ed2")


def test_free_ransom_when_acting_alone_is_a_choice_of_ed2_only():
    s = pn.position("ed2", 3, to_move="sparta", proxenos={"sparta": None}, goods={"sparta": {"silver": 3}},
                    passed=["athens"])
    d = edition_diff(s)
    assert "ransom" in d.only_here
    assert "ransom +wood" in d.only_there and "ransom" not in d.only_there
    pairs = {(i.ed1, i.ed2) for i in d.items if i.topic == "choice"}
    assert ("proxenos.ransom", "proxenos.ransom-ed2") in pairs


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_phoros_decision_lists_the_choices_of_one_edition(edition):
    s = phoros_position(edition)
    d = edition_diff(s)
    only_ed1 = d.only_here if edition == "ed1" else d.only_there
    only_ed2 = d.only_there if edition == "ed1" else d.only_here
    assert only_ed1 == ("phoros 3", "phoros 4", "phoros 5") and only_ed2 == ()
    choice = item(d, "choice")
    assert (choice.ed1, choice.ed2) == ("roundend.phoros", "roundend.phoros-ed2")
    assert choice.choices == ("phoros 3", "phoros 4", "phoros 5")
    effect = item(d, "effect")  # legal in both, but 2 prestige buy 3 silver in ed2
    assert effect.choices == ("phoros 2",) and (effect.ed1, effect.ed2) == ("roundend.phoros", "roundend.phoros-ed2")
    assert "Phoros" in topics(d)


def test_phoros_skipped_in_ed2_without_a_league_is_a_different_decision():
    s = pn.position("ed1", 3, to_move="athens", prestige={"athens": 5, "sparta": 4},
                    poleis={"chalkis": None, "chios": None})
    s = pn.edit(s, goods={"athens": {"wheat": wheat_need(s, 0)}, "sparta": {"wheat": wheat_need(s, 1)}})
    s = pn.settle(pn.apply(pn.apply(s, "pass"), "pass"))
    assert s.pending.kind == "phoros"
    d = edition_diff(s)
    assert not d.compared and "different decisions" in d.note
    dec = item(d, "decision")
    assert (dec.ed1, dec.ed2) == ("roundend.phoros", "roundend.phoros-ed2") and "collects none" in dec.text


def test_siege_disc_changes_the_odds_and_the_die():
    s = pn.position("ed2", 5, round="epsilon", to_move="athens", units={"boiotia": (3, 0)},
                    siege_discs={"thebai": "athens"})
    d = edition_diff(s)
    disc = item(d, "siege discs")
    assert (disc.ed1, disc.ed2) == ("siege.fortification", "siege.discs")
    assert "3/4" in disc.text and "1/2" in disc.text
    rolling = pn.apply(pn.apply(s, "siege"), "polis thebai")
    d2 = edition_diff(rolling)
    effects = [i for i in d2.items if i.topic == "effect"]
    assert [i.choices for i in effects] == [("die 2",)]  # a 2 takes Thibae only with the disc
    assert (effects[0].ed1, effects[0].ed2) == ("siege.fortification", "siege.discs")


def test_market_roll_odds_differ():
    s = pn.position("ed2", 3, round=1, to_move="athens", goods={"athens": {"silver": 6}})
    s = pn.apply(s, "trade")
    s = pn.apply(s, next(a for a in pn.legal_actions(s) if "exchange" in str(a)))
    assert s.pending.kind == "market-die"
    odds = item(edition_diff(s), "odds")
    assert (odds.ed1, odds.ed2) == ("trade.market-value", "trade.market-value-ed2")
    assert "roll 1: 1/4 in ed1, 7/16 in ed2" in odds.text


@pytest.mark.parametrize("edition", ["ed1", "ed2"])
def test_start_positions_of_either_edition(edition):
    for s in (pn.new_game(edition, 0), pn.position(edition, 0)):
        d = edition_diff(s)
        assert isinstance(d, EditionDiff) and d.edition == edition and d.other != edition
        assert topics(d)[topics(d).index("rounds")] == "rounds"
        rounds = item(d, "rounds")
        assert (rounds.ed1, rounds.ed2) == ("game.rounds", "game.rounds-ed2")
        assert all(i.ed1 is None or i.ed1 in pn.RULES for i in d.items)
        assert all(i.ed2 is None or i.ed2 in pn.RULES for i in d.items)
    drawn = edition_diff(pn.new_game(edition, 0))  # the first tile: Democritus exists in ed1 only, Myron in ed2
    ed1_only = drawn.only_here if edition == "ed1" else drawn.only_there
    assert ed1_only == ("draw democritus",)


def test_finished_game_is_not_compared_but_still_described():
    s = pn.position("ed1", 3)
    over = s.evolve(outcome=pn.Outcome("athens", (10, 9), "test", ("end.score",)), phase="over")
    d = edition_diff(over)
    assert not d.compared and "cannot be carried" in d.note and d.only_here == () == d.only_there


def test_text_html_and_dict():
    d = edition_diff(phoros_position("ed1"))
    text = str(d)
    assert text.startswith("Edition diff: ed1 position, compared with ed2")
    assert "phoros 3" in text and "roundend.phoros-ed2" in text
    data = d.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["items"][0]["ed2_summary"] == pn.RULES["roundend.phoros-ed2"].summary
    page = d._repr_html_()
    assert page.count("<tr>") == len(d.items) + 1 and "&#x27;phoros 2&#x27;" in page


def test_html_escapes_text():
    evil = DiffItem("<b>topic</b>", "proxenos.ransom", None, "a & b <script>alert(1)</script>")
    d = EditionDiff("ed1", "ed2", "Athens to <pass>", (evil,), ("x<y",), (), ("oil & more",), True)
    page = d._repr_html_()
    assert "<script>" not in page and "<b>topic" not in page and "<pass>" not in page
    assert "&lt;script&gt;" in page and "a &amp; b" in page and "x&lt;y" in page and "oil &amp; more" in page


def test_input_is_unchanged_and_result_deterministic():
    s = phoros_position("ed1")
    before, log = copy.deepcopy(s.to_dict()), s.log
    d1, d2 = edition_diff(s), edition_diff(s)
    assert s.to_dict() == before and s.log == log
    assert d1 == d2 and str(d1) == str(d2)
    with pytest.raises(AttributeError):
        d1.items = ()  # frozen
    with pytest.raises(TypeError):
        edition_diff("not a state")


def test_top_level_export():
    assert pn.edition_diff is edition_diff
    assert "edition_diff" in pn.__all__
