"""Per-rule tests: game and turn structure, decisions, round start and the military cost.

Every test names a rule id of the index and checks both sides: the legal case (the state changes
and the log cites the rule) and the refused case (``pn.apply`` raises ``IllegalActionError`` whose
explanation cites the rule, the state is unchanged and ``pn.explain`` agrees).
"""
import pytest

import polis_nb as pn
from polis_nb.rules.topology import topology_of

from .helpers import play, refused_for, rule_ids

SEED = 1  # round 3 draws "No Event": the setup stays as printed
WHEAT = {"athens": {"wheat": 20}, "sparta": {"wheat": 20}}  # enough food to pass a round end without choices


def pos(**changes) -> pn.State:
    return pn.position(seed=SEED, **changes)


def legal(s: pn.State) -> set[str]:
    return {str(a) for a in pn.legal_actions(s)}


def finish_round(s: pn.State) -> pn.State:
    """Both players have passed: walk the round end with neutral choices up to the next chance decision."""
    for _ in range(100):
        if s.is_terminal or s.is_chance:
            return s
        opts = legal(s)
        s = pn.apply(s, "end" if "end" in opts else "phoros 0" if "phoros 0" in opts else sorted(opts)[0])
    raise AssertionError("round end did not finish")


def idx(s: pn.State, area: str) -> int:
    return topology_of(s).area_index[area]


# --- game ----------------------------------------------------------------------------------------


def test_game_rounds():
    """Ed1 · Spielablauf › Allgemeines: four rounds 3, 4, 5α, 5β; the round's number caps each side's
    units per area. The game opens with round 3 and the log says so."""
    s = pn.new_game("ed1", seed=SEED)
    assert "game.rounds" in rule_ids(s)
    rounds = topology_of(s).comp.rounds
    assert [r.name for r in rounds] == ["3", "4", "5α", "5β"]
    assert [r.stacking for r in rounds] == [3, 4, 5, 5]
    with pytest.raises(pn.PositionError):
        pos(round="6")


def test_game_rounds__limit_follows_round():
    """Ed1 · Spielablauf › Allgemeines: a fourth hoplite may enter an area in round 4 but not in round 3."""
    units = {"attika": (2, 0), "boiotia": (3, 0), "megaris": (0, 0), "kyklades": (0, 0)}
    s4 = play(pos(round="4", to_move="athens", units=units), "hoplites", "to boiotia", "from attika")
    assert s4.units[idx(s4, "boiotia")][0] == 4
    s3 = play(pos(round="3", to_move="athens", units=units), "hoplites")
    refused_for(s3, "to boiotia", "stack.limit", "game.rounds")


def test_game_limited_material():
    """Ed1 · Spielablauf › Zwei wichtige Hinweise: pieces are finite; with all eight trade ships in play
    no more can be built, and a siege needs supply cubes to fill the polis."""
    s = pos(to_move="sparta", ships_port={"sparta": 7}, goods={"sparta": {"wood": 3}})
    s = play(s, "ships", "polis pylos", "pay wood")  # the eighth ship; the action ends by itself
    assert s.ships_port[1] == 8 and s.pending.kind == "turn"
    refused_for(pos(to_move="sparta", ships_port={"sparta": 8}), "ships", "ships.limit", "game.limited-material")
    # a neutral Thebai needs three supply cubes; Athens has two left
    full = {"athenai": ("athens", 10), "chalkis": ("athens", 1), "samos": ("athens", 6),
            "syrakousai": ("athens", 7), "korinthos": ("athens", 6)}
    units = {"attika": (0, 0), "ionia": (0, 0), "kyklades": (0, 0), "noties": (0, 0), "boiotia": (3, 0),
             "thessalia": (1, 0)}
    s = pos(round="4", to_move="athens", poleis=full, units=units)
    assert topology_of(s).supply(s, 0) == 2
    refused_for(play(s, "siege"), "polis thebai", "siege.supply", "game.limited-material")


# --- decisions -----------------------------------------------------------------------------------


def test_decision_wrong_player():
    """polis_nb kernel: while chance is to decide (drawing project tiles), no player's choice is taken;
    chance's own outcome is."""
    s = pn.new_game("ed1", seed=SEED)
    assert s.current_player == "chance"
    e = refused_for(s, "pass", "decision.wrong-player")
    assert "chance" in e.text
    s2 = pn.apply(s, "draw sokrates")
    assert "sokrates" in s2.display and "round.projects" in rule_ids(s2)


def test_decision_wrong_player__siege_die():
    """polis_nb kernel: the siege die is rolled by chance; the besieger cannot answer it."""
    s = play(pos(round="4", to_move="athens", units={"boiotia": (3, 0)}), "siege", "polis thebai")
    assert s.current_player == "chance"
    refused_for(s, "train", "decision.wrong-player")
    assert pn.apply(s, "die 4").owner[topology_of(s).polis_index["thebai"]] == 0


def test_decision_wrong_kind():
    """polis_nb kernel: a choice that answers another decision (paying while an action is to be
    chosen) is refused; a fitting choice is taken."""
    s = pos(to_move="athens")
    refused_for(s, "pay metal", "decision.wrong-kind")
    s2 = play(s, "train")
    assert s2.pending.kind == "train-polis"
    refused_for(s2, "galleys", "decision.wrong-kind")
    with pytest.raises(pn.InvalidActionError):
        pn.apply(s, "train!")


def test_decision_game_over():
    """polis_nb kernel: after the last round the game is over and refuses every further choice."""
    s = play(pos(round="5b", to_move="athens", passed=["sparta"], goods=WHEAT), "pass")
    s = finish_round(s)
    assert s.is_terminal and s.current_player == "terminal"
    assert pn.legal_actions(s) == ()
    e = refused_for(s, "pass", "decision.game-over")
    assert "over" in e.text
    refused_for(s, "draw sokrates", "decision.game-over")


# --- round start ---------------------------------------------------------------------------------


def test_round_projects():
    """Ed1 · Rundenanfang › 1. Projektplättchen vorbereiten: a round opens by drawing three project
    tiles face up; only those can be started."""
    s = pn.new_game("ed1", seed=SEED)
    assert s.pending.kind == "draw-project" and len(s.pile) == 14
    for t in ("sokrates", "koilon", "dionysia"):
        s = pn.apply(s, f"draw {t}")
        assert "round.projects" in rule_ids(s)
    assert s.display == ("sokrates", "koilon", "dionysia") and len(s.pile) == 11
    assert s.pending.kind == "draw-event"
    # a tile that is not on display cannot be chosen
    s = pos(to_move="athens", display=["sokrates", "koilon", "dionysia"], goods={"athens": {"silver": 8}})
    refused_for(play(s, "project"), "tile protagoras", "round.projects")


def test_round_projects__empty_display():
    """Ed1 · Rundenanfang › 1. Projektplättchen vorbereiten: with no tile left on display no project
    can be begun."""
    s = pos(to_move="athens", display=[], goods={"athens": {"silver": 8}})
    refused_for(s, "project", "round.projects")


def test_round_event():
    """Ed1 · Rundenanfang › 2. Ereigniskarte ausführen: the side with more prestige (Athens when equal)
    reveals the round's card; its effects hold for this round only."""
    s = pn.new_game("ed1", seed=SEED)
    s = play(s, "draw sokrates", "draw koilon", "draw dionysia")
    assert s.prestige[0] == s.prestige[1]
    s2 = pn.apply(s, "event xerxes")
    assert s2.event == "xerxes" and "persis" in s2.closed
    assert "round.event" in rule_ids(s2)
    assert any(e.rules == ("round.event",) and e.player == "athens" for e in s2.log)
    # a card of another round's deck is not a possible outcome
    refused_for(s, "event no-event-4", "decision.wrong-player")
    # the effect ends with the round
    s3 = play(pn.edit(s2, to_move="athens", passed=["sparta"], goods=WHEAT), "pass")
    s3 = finish_round(s3)
    assert s3.round == 1 and s3.closed == () and s3.event is None


def test_round_event__reader_has_more_prestige():
    """Ed1 · Rundenanfang › 2. Ereigniskarte ausführen: with more prestige, Sparta reveals the card."""
    s = pos(to_move="athens", passed=["sparta"], prestige={"athens": 2, "sparta": 6}, goods=WHEAT)
    s = finish_round(play(s, "pass"))
    s = play(s, *[f"draw {t}" for t in s.pile[:3]])
    assert s.pending.kind == "draw-event" and s.prestige[1] > s.prestige[0]
    s = pn.apply(s, sorted(legal(s))[0])
    reveal = [e for e in s.log if "round.event" in e.rules]
    assert reveal and reveal[0].player == "sparta"


def test_round_start_player():
    """Ed1 · Rundenanfang › 3. Startspieler bestimmen: the side with less prestige starts; Sparta
    starts when both have the same."""
    s = pn.new_game("ed1", seed=SEED)
    s = play(s, "draw sokrates", "draw koilon", "draw dionysia", "event no-event")
    assert s.prestige[0] == s.prestige[1]
    assert s.current_player == "sparta" and "round.start-player" in rule_ids(s)
    # Athens, poorer in prestige, starts the next round; Sparta cannot act there first
    s = pos(to_move="athens", passed=["sparta"], prestige={"athens": 2, "sparta": 6}, goods=WHEAT)
    s = finish_round(play(s, "pass"))
    s = play(s, *[f"draw {t}" for t in s.pile[:3]])
    s = pn.apply(s, "event no-event-4")
    assert s.prestige[0] < s.prestige[1]
    assert s.current_player == "athens" and s.pending.kind == "turn"
    assert "round.start-player" in rule_ids(s)


# --- turns ---------------------------------------------------------------------------------------


def test_turn_two_different_actions():
    """Ed1 · Aktionen: a turn is two actions that must differ; then the opponent's turn begins."""
    s = pos(round="4", to_move="athens", goods={"athens": {"metal": 4, "wood": 4}})
    s = play(s, "train", "polis athenai", "pay metal")  # attika 3 → 4 hoplites, the action ends
    assert s.current_player == "athens" and s.turn_actions == ("train",)
    e = refused_for(s, "train", "turn.two-different-actions")
    assert "differ" in e.text
    assert "train" not in legal(s)
    s = play(s, "galleys", "polis athenai", "pay wood kyklades", "end")
    assert s.current_player == "sparta" and s.turn_actions == ()


def test_turn_pass():
    """Ed1 · Aktionen: giving up an action is passing; the passer acts no more this round and the
    opponent goes on; when both have passed the round ends."""
    s = pos(round="4", to_move="sparta")
    s = pn.apply(s, "pass")
    assert s.passed == (1,) and s.current_player == "athens"
    assert "turn.pass" in rule_ids(s)
    refused_for(s, "pass now", "turn.pass")
    with pytest.raises(pn.PositionError):
        pn.edit(s, to_move="sparta")  # the passer is never to move again this round
    # Athens acts alone twice and still keeps the turn, then passes: the round ends
    s = play(s, "train +wood", "polis athenai", "pay metal")
    assert s.current_player == "athens"
    s = pn.apply(s, "pass")
    assert s.passed == (1, 0) and s.phase == "roundend"


def test_turn_pass__after_one_action():
    """Ed1 · Aktionen: giving up the second action of a turn is a pass as well."""
    s = play(pos(round="4", to_move="athens"), "train", "polis athenai", "pay metal")
    assert s.turn_actions == ("train",)
    s = pn.apply(s, "pass")
    assert s.passed == (0,) and s.current_player == "sparta" and "turn.pass" in rule_ids(s)


def test_turn_alone():
    """Ed1 · Aktionen: after the opponent has passed, a player acts alone, may repeat an action and pays
    one good of choice before each action."""
    s = pos(round="4", to_move="athens", passed=["sparta"], goods={"athens": {"metal": 4, "wood": 4, "silver": 0}},
            units={"attika": (1, 0)})
    e = refused_for(s, "train", "turn.alone")
    assert "+" in e.text
    refused_for(s, "train +silver", "turn.alone")  # no silver to pay with
    s1 = play(s, "train +wood", "polis athenai", "pay metal", "end")
    assert "turn.alone" in rule_ids(play(s, "train +wood"))
    assert s1.goods[0][:2] == (3, 3) and s1.current_player == "athens"
    s2 = play(s1, "train +wood", "polis athenai", "pay metal", "end")  # the same action again
    assert s2.goods[0][:2] == (2, 2) and s2.units[idx(s2, "attika")][0] == 3
    assert s2.current_player == "athens"


def test_turn_alone__not_before_the_pass():
    """Ed1 · Aktionen: while both still play, an action is not bought with a good."""
    s = pos(to_move="athens")
    refused_for(s, "train +wood", "turn.alone")
    assert "train" in legal(s)


def test_action_military_cost():
    """Ed1 · II. Militärische Aktionen: moving hoplites or galleys and besieging cost one prestige when
    chosen; without prestige they cannot be chosen, while development actions stay free."""
    s = pos(round="4", to_move="athens", prestige={"athens": 2}, units={"boiotia": (3, 0)})
    for kind in ("hoplites", "fleet", "siege"):
        s2 = pn.apply(s, kind)
        assert s2.prestige[0] == 1 and "action.military-cost" in rule_ids(s2)
    broke = pn.edit(s, prestige={"athens": 0})
    for kind in ("hoplites", "fleet", "siege"):
        refused_for(broke, kind, "action.military-cost")
    s3 = pn.apply(broke, "train")
    assert s3.prestige[0] == 0


def test_action_military_cost__tribute():
    """Ed1 · II. Militärische Aktionen: tribute outside the home region costs a prestige when the
    territory is chosen; without prestige that territory is refused."""
    s = pos(round="4", to_move="athens", prestige={"athens": 1}, units={"boiotia": (2, 0)},
            poleis={"thebai": ("athens", 3)})
    s2 = play(s, "tribute", "area boiotia")
    assert s2.prestige[0] == 0 and "action.military-cost" in rule_ids(s2)
    refused_for(play(pn.edit(s, prestige={"athens": 0}), "tribute"), "area boiotia", "action.military-cost")
