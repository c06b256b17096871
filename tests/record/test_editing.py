"""Editing a record: play / undo / redo / goto / step, branches and what-ifs, reordering variations,
the turn index and replay()."""
from __future__ import annotations

import pytest

import polis_nb as pn
from polis_nb.rules.topology import topology_of

from .builders import ALT_FIRST_ACTION, SPARTA_INTO_ARKADIA, besieged, game_until


def count(g: pn.Game) -> int:
    return sum(1 for _ in g.root.walk())


# --- play --------------------------------------------------------------------------------------------

def test_new_game_settles_the_opening_draws_from_the_seed():
    g = pn.Game(edition="ed1", seed=3)
    opening = g.line()[1:]
    assert [n.action.kind for n in opening] == ["draw", "draw", "draw", "event"]
    assert all(n.auto for n in opening)
    assert g.node is opening[-1] and g.state.current_player == "sparta"
    assert pn.Game(edition="ed1", seed=3).same_record(g)  # the same seed draws the same
    assert g.replay() == []


def test_play_one_decision_several_and_actions():
    g = pn.Game(edition="ed1", seed=3)
    start = g.node
    n1 = g.play("hoplites")
    assert n1.parent is start and str(n1.action) == "hoplites" and not n1.auto
    g.play("to arkadia;from lakedaimon\nfrom lakedaimon")  # ';' or new lines separate decisions
    g.play(pn.Action("from", ("lakedaimon",)))
    assert [str(n.action) for n in g.line()[5:]] == SPARTA_INTO_ARKADIA.split("; ")
    b = topology_of(g.state)
    assert g.state.units[b.area_index["lakedaimon"]] == (0, 0) and g.state.units[b.area_index["arkadia"]] == (0, 3)
    assert g.replay() == []


def test_play_follows_an_existing_decision_instead_of_duplicating_it():
    g = pn.Game(edition="ed1", seed=3)
    first = g.play(SPARTA_INTO_ARKADIA)
    size = count(g)
    g.goto(g.root.end().path()[3])
    assert g.play(SPARTA_INTO_ARKADIA) is first
    assert count(g) == size


def test_play_settles_chance_with_the_seed_and_can_leave_it_open():
    g, die = besieged()
    s = die.parent.state
    assert s.is_chance and die.action == pn.sample_chance(s, pn.chance_rng(s))
    h = pn.Game(edition="ed1", seed=3)
    h.play(SPARTA_INTO_ARKADIA)
    n = h.play("siege; polis argos", settle=False)
    assert n.state.is_chance and not n.variations
    h.play("die 1")  # the author forces an outcome: not marked as drawn from the seed
    assert not h.node.auto and h.node.action == pn.Action("die", ("1",))


def test_play_illegal_sequence_adds_nothing_and_names_the_decision():
    g = pn.Game(edition="ed1", seed=3)
    g.play("hoplites")
    size, here = count(g), g.node
    with pytest.raises(pn.IllegalActionError) as err:
        g.play("to arkadia; from lakedaimon; from attika")  # Sparta has no hoplites in Attika
    assert count(g) == size and g.node is here and g.node.variations == []
    notes = " ".join(getattr(err.value, "__notes__", []))
    assert "decision 3 of 3" in notes and "from attika" in notes and "nothing was played" in notes
    assert err.value.explanation.rule_ids  # the kernel's explanation cites its rules
    with pytest.raises(pn.InvalidActionError) as bad:
        g.play("to arkadia; to thess<alia")
    assert "decision 2 of 2" in " ".join(bad.value.__notes__) and bad.value.column is not None
    assert count(g) == size and g.node is here


# --- undo / redo / goto / step ------------------------------------------------------------------------

def test_undo_goes_back_over_seeded_chance_to_before_the_last_player_decision():
    g, die = besieged()
    polis = die.parent  # "polis argos": the player decision the die followed
    assert str(polis.action) == "polis argos"
    back = g.undo()
    assert back is polis.parent and str(back.action) == "siege"
    assert back.state.pending.kind != "chance" and back.state.current_player == "sparta"
    assert g.redo() is die  # the decision and the seeded roll after it
    assert g.undo(2).action == pn.Action("from", ("lakedaimon",))
    assert die in list(g.root.walk())  # undo moves, it never deletes


def test_undo_at_the_start_has_nothing_to_undo():
    g = pn.Game(edition="ed1", seed=3)
    first = g.node
    assert g.undo() is first and g.undo(5) is first


def test_undo_over_the_draws_of_a_new_round():
    """The decision that ends a round is followed by the next round's seeded draws: undo takes them
    all back with it, redo brings them again."""
    g, event = game_until(lambda n: n.action.kind == "event" and n.ply > 10)
    end = g.node
    assert event in end.path() or event is end
    last_decision = next(n for n in reversed(end.path()) if not n.auto)
    assert last_decision.ply < event.ply
    assert g.undo() is last_decision.parent
    assert g.redo() is end


def test_redo_without_undo_follows_the_main_line():
    g, die = besieged()
    g.goto(g.root)
    draws = list(g.root.mainline())[:4]
    assert g.redo() is draws[-1]  # the seeded draws go in one step, to the first player decision
    g.goto(die.parent.parent)  # "siege"
    assert g.redo() is die
    assert g.redo() is die  # nothing further on the main line


def test_goto_node_and_ply_and_errors():
    g, die = besieged()
    assert g.goto(5).ply == 5 and g.state.ply == 5
    assert g.goto(die) is die
    with pytest.raises(pn.RecordError, match="ply 999"):
        g.goto(999)
    other = pn.Game(edition="ed1", seed=3)
    with pytest.raises(pn.RecordError, match="another record"):
        g.goto(other.node)


def test_step_forward_and_back_along_the_main_line():
    g, die = besieged()
    g.goto(g.root)
    assert g.step(3).ply == 3
    assert g.step(-2).ply == 1
    assert g.step(1000) is die  # stops at the end
    assert g.step(-1000) is g.root
    assert [n.ply for n in g] == list(range(1, die.ply + 1))  # iterating walks the current line


# --- branches and what-ifs ------------------------------------------------------------------------------

def test_branch_names_the_variation_the_next_decision_starts():
    g, die = besieged()
    turn_start = g.turn("3", "sparta", 1)
    g.goto(turn_start.parent)
    g.branch("plan B").play(ALT_FIRST_ACTION)
    alt = turn_start.parent.variations[1]
    assert alt.name == "plan B" and str(alt.action) == "project" and alt.starts_variation()
    assert turn_start.parent.variations[0] is turn_start and not turn_start.name  # main line unchanged
    assert g.root.end() is die
    g.goto(turn_start.parent)
    g.play("hoplites")  # the main continuation: followed, no new variation
    assert len(turn_start.parent.variations) == 2


def test_what_if_siege_die_creates_a_named_branch_at_the_roll():
    g, die = besieged()
    seeded = int(die.action.args[0])
    other = 1 if seeded >= 3 else 4
    g.goto(die)
    alt = g.what_if(die=other)
    assert alt.parent is die.parent and alt.action == pn.Action("die", (str(other),))
    assert alt.name == f"what if die {other}" and not alt.auto and g.node is alt
    assert die.parent.variations[0] is die  # the seeded roll stays the main line
    argos = topology_of(alt.state).polis_index["argos"]
    assert (alt.state.owner[argos] == 1) == (other >= 3)
    # from later in the line, the what-if still finds the most recent chance decision
    g.goto(die)
    g.play("pass")
    again = g.what_if(die=other)
    assert again is alt
    with pytest.raises(pn.RecordError, match="possible: die 1, die 2, die 3, die 4"):
        g.what_if(die=7)
    with pytest.raises(pn.RecordError):
        g.what_if()


def test_what_if_market_roll_by_notation():
    g, _ = besieged()
    g.play("trade")
    g.play(pn.legal_actions(g.state)[0])  # a market offer of round 3; its roll is drawn from the seed
    roll = g.node
    assert roll.auto and roll.action.kind == "roll"
    other = next(f"roll {k}" for k in "1234" if f"roll {k}" != str(roll.action))
    alt = g.what_if(other, name="market slides")
    assert alt.parent is roll.parent and str(alt.action) == other and alt.name == "market slides"


def test_what_if_card_draw_in_a_battle():
    g, card = game_until(lambda n: n.action.kind == "card")
    s = card.parent.state
    others = [a for a, _ in pn.chance_outcomes(s) if a != card.action]
    assert others, "the deck holds another card type"
    g.goto(card)
    alt = g.what_if(card=others[0].args[0])
    assert alt.parent is card.parent and alt.action == others[0]
    assert alt.name == f"what if {others[0]}"
    assert g.replay() == []


def test_what_if_event_at_the_start_and_nowhere_to_go_at_the_root():
    g = pn.Game(edition="ed1", seed=3)
    event = g.node
    s = event.parent.state
    other = next(a for a, _ in pn.chance_outcomes(s) if a != event.action)
    alt = g.what_if(event=other.args[0])
    assert alt.parent is event.parent and alt.action == other
    g.goto(g.root)  # the root's own chance decision is the first project draw: no die there
    with pytest.raises(pn.RecordError, match="not possible at ply 0; possible: draw "):
        g.what_if(die=1)
    pos = pn.Game.from_state(pn.position(seed=3))  # a record starting at a player decision
    with pytest.raises(pn.RecordError, match="no chance decision"):
        pos.what_if(die=1)


def test_what_if_on_a_played_chance_node_branches_there():
    g = pn.Game(edition="ed1", seed=3)
    g.play(SPARTA_INTO_ARKADIA)
    g.play("siege; polis argos")
    roll = g.node.path()[-1] if str(g.node.action).startswith("die") else next(
        n for n in reversed(g.node.path()) if str(n.action).startswith("die"))
    g.goto(roll.parent)  # standing on the node whose chance decision was already played
    other = next(a for a, _ in pn.chance_outcomes(roll.parent.state) if a != roll.action)
    alt = g.what_if(die=int(other.args[0]))
    assert alt.parent is roll.parent and alt.action == other and alt.name == f"what if {other}"


def test_what_if_resolves_a_chance_decision_left_open():
    g = pn.Game(edition="ed1", seed=3)
    g.play(SPARTA_INTO_ARKADIA)
    polis = g.play("siege; polis argos", settle=False)
    assert polis.state.is_chance
    roll = g.what_if(die=2)
    assert roll.parent is polis and roll.action == pn.Action("die", ("2",)) and not roll.auto
    assert roll.name == ""  # the only continuation: no variation to name
    assert g.node is roll and not g.state.is_chance


def test_branch_name_applies_here_only():
    g, die = besieged()
    start = g.turn("3", "sparta", 1)
    g.goto(start.parent)
    g.branch("forgotten")
    g.goto(die)  # moving away forgets the name
    g.play("pass")
    assert g.node.name == ""
    g.goto(die)
    g.branch("argos holds")
    alt = g.what_if(die=1 if die.action.args[0] != "1" else 2)  # a what-if takes the name
    assert alt.name == "argos holds"
    g.play("pass")
    assert g.node.name == ""


# --- reordering and removing variations --------------------------------------------------------------

def three_rolls() -> tuple[pn.Game, pn.Node, list[pn.Node]]:
    g, die = besieged()
    g.goto(die)
    alts = [g.what_if(die=k) for k in (1, 2, 3, 4) if str(k) != die.action.args[0]]
    return g, die.parent, [die] + alts


def test_promote_demote_reorder_siblings():
    g, parent, (main, a, b, c) = three_rolls()
    assert parent.variations == [main, a, b, c]
    c.promote()
    assert parent.variations == [main, a, c, b]
    main.promote()  # already first: nothing happens
    main.demote()
    assert parent.variations == [a, main, c, b]
    b.demote()  # already last
    assert parent.variations == [a, main, c, b]
    g.root.promote()  # the root has no siblings
    assert g.replay() == []


def test_promote_to_main_makes_a_deep_line_the_main_line():
    g, parent, (main, a, *_) = three_rolls()
    g.goto(a)
    g.play("pass")
    deep = g.node
    g.goto(g.turn("3", "sparta", 1).parent)
    g.branch("other opening").play(ALT_FIRST_ACTION)
    top = g.root.end()
    assert top is not deep
    deep.promote_to_main()
    assert g.root.end() is deep and deep.is_main_line() and a.is_main_line() and not main.is_main_line()
    assert a.name == f"what if {a.action}"  # names stay with their node
    back = pn.Game.from_text(g.to_text(), strict=True)  # and with it in the file
    assert back.same_record(g) and back.root.end().path()[a.depth() - 1].name == a.name


def test_remove_a_variation_and_everything_below():
    g, parent, (main, a, b, c) = three_rolls()
    g.goto(a)
    g.play("pass")
    size = count(g)
    below = sum(1 for _ in a.walk())
    a.remove()
    assert parent.variations == [main, b, c] and count(g) == size - below
    with pytest.raises(pn.RecordError):
        g.root.remove()
    assert pn.Game.from_text(g.to_text(), strict=True).same_record(g)


# --- the turn index ------------------------------------------------------------------------------------

def test_turns_index_and_turn_lookup():
    g, _ = game_until(lambda n: n.state.round >= 1 and n.state.pending.kind == "turn", seeds=[3])
    g.goto(g.root.end())
    turns = g.turns()
    assert turns[0].round == "3" and turns[0].player == "sparta" and turns[0].number == 1
    for t in turns:
        ps = t.node.parent.state
        assert ps.pending.kind == "turn" and not ps.turn_actions  # a turn's first decision
        assert ["athens", "sparta"][ps.pending.player] == t.player
    numbers = {}
    for t in turns:  # numbered per round and player, from 1
        numbers[(t.round, t.player)] = numbers.get((t.round, t.player), 0) + 1
        assert t.number == numbers[(t.round, t.player)]
    node = g.turn("3", "sparta", 2)
    assert g.node is node and node in [t.node for t in turns]
    assert str(next(t for t in turns if t.node is node)) == "Round 3 · Sparta, turn 2"
    assert g.turn(1, "sparta", 2) is node  # round by its number
    with pytest.raises(pn.RecordError, match="no turn 99 of sparta in round 3"):
        g.turn("3", "sparta", 99)


def test_turns_follow_the_line_through_a_node():
    g, die = besieged()
    g.goto(g.turn("3", "sparta", 1).parent)
    g.branch("build first").play(ALT_FIRST_ACTION)
    alt_line = g.turns()
    assert [str(t) for t in alt_line] == ["Round 3 · Sparta, turn 1"]
    assert alt_line[0].node.name == "build first"
    assert [str(t) for t in g.turns(die)] == ["Round 3 · Sparta, turn 1"]
    assert g.turns(die)[0].node is not alt_line[0].node


# --- replay ----------------------------------------------------------------------------------------------

def test_replay_reports_a_seeded_outcome_the_seed_does_not_give():
    g, die = besieged()
    g.goto(die)
    forced = g.what_if(die=1 if die.action.args[0] != "1" else 2)
    assert g.replay() == []
    forced.auto = True  # claim the forced roll came from the seed
    problems = g.replay()
    assert len(problems) == 1
    assert f"ply {die.parent.ply}" in str(problems[0]) and "seed 3" in str(problems[0])
    assert str(die.action) in str(problems[0])  # what the seed gives instead


def test_replay_reports_an_illegal_decision_and_a_stale_position():
    g, die = besieged()
    polis = die.parent
    g.goto(die)
    forced = g.what_if(die=1 if die.action.args[0] != "1" else 2)
    forced.state  # cached
    forced.action = pn.Action("die", ("3",))  # legal, but the cached position is of the other roll
    problems = g.replay()
    assert [str(p) for p in problems] == [f"ply {polis.ply}: the cached position differs from the replay"]
    polis.action = pn.Action("polis", ("sparta",))  # a capital is never besieged
    problems = g.replay()
    assert len(problems) == 1 and str(problems[0]).startswith(f"ply {polis.parent.ply}: ")
    assert "sparta" in str(problems[0]).lower()


# --- annotation checks -------------------------------------------------------------------------------------

def test_headers_cannot_contradict_the_game():
    with pytest.raises(pn.RecordError, match="Seed"):
        pn.Game(edition="ed1", seed=3, headers={"Seed": "4"})
    with pytest.raises(pn.RecordError, match="Edition"):
        pn.Game(edition="ed1", seed=3, headers={"Edition": "ed2"})
    g = pn.Game(edition="ed1", seed=3, headers={"Seed": "3", "Athens": "Ada"})
    assert g.headers["Seed"] == "3" and g.headers["Athens"] == "Ada"


def test_comment_glyph_and_mark_checks():
    g, die = besieged()
    with pytest.raises(pn.RecordError, match="opens a variation"):
        g.comment("before", before=True, node=die)
    g.comment("the whole game", node=g.root)
    assert g.root.comment == "the whole game"
    with pytest.raises(pn.RecordError, match="unknown glyph"):
        g.glyph("!!!")
    with pytest.raises(pn.RecordError, match="start of the game"):
        g.glyph("!", node=g.root)
    g.glyph("!?")
    g.glyph("!?")  # once only
    assert die.glyphs == ["!?"]
    with pytest.raises(pn.RecordError, match="unknown area"):
        g.arrow("attika", "atlantis")
    with pytest.raises(pn.RecordError, match="unknown colour"):
        g.highlight("thebai", "purple")
    with pytest.raises(TypeError, match="comment must be text"):
        g.comment(42)
    g.arrow("lakedaimon", "arkadia", "red")
    g.highlight("argos")
    assert die.marks == [pn.Mark.arrow("lakedaimon", "arkadia", "red"), pn.Mark.highlight("argos")]
