"""The Board's view for a keyboard and a screen reader (issue 28), without a browser: the places that are a
choice now as entries of the choices group with "a choice now" in their names, the map's adjacency for
the arrow keys (the rules' topology), and the announcements: a decision's result, then the bot's
reply, each once."""
import json

import pytest

import polis_nb as pn
from polis_nb.render.placeview import place_neighbours
from polis_nb.render.text import CHOICE_NOW
from polis_nb.rules import topology_of
from polis_nb.widgets import Board

from .helpers import send


@pytest.fixture
def board():
    return Board(pn.Game(seed=3))  # hot seat; Sparta to act


def test_board_places_that_are_choices_are_entries_of_the_choices_group(board):
    assert board.view["places"] == []  # choosing an action: buttons only
    send(board, kind="choose", action="hoplites")
    v = board.view
    assert [p["target"] for p in v["places"]] == list(v["targets"])  # every place choice, in the view's order
    arkadia = next(p for p in v["places"] if p["target"] == "area:arkadia")
    assert arkadia == {"target": "area:arkadia", "label": "To Arkadia", "name": f"{CHOICE_NOW}: To Arkadia"}
    json.dumps(v)


def test_board_place_with_several_choices_says_how_many():
    s = pn.position(seed=3, round="4", to_move="athens")
    b = Board(s)
    send(b, kind="choose", action="proxenos")
    several = [p for p in b.view["places"] if len(b.view["targets"][p["target"]]) > 1]
    assert [p["target"] for p in several] == ["polis:chalkis", "polis:korinthos", "polis:poteidaia", "polis:pydna"]
    for p in several:
        labels = [c["label"] for c in b.view["targets"][p["target"]]]
        assert p["label"] == f"{b.view['tips'][p['target']]['title']}: {len(labels)} choices" and p["name"] == f"{CHOICE_NOW}: " + "; ".join(labels)


def test_board_sends_the_map_adjacency_of_the_rules(board):
    v = board.view
    near = v["neighbours"]
    b = topology_of(board.state)
    areas = [f"area:{x}" for x in b.area_ids]
    # every place the browser can focus has its neighbours, and every neighbour is such a place
    places = set(areas) | {f"polis:{x}" for x in b.polis_ids} | {f"offer:{x}" for x in b.offer_ids}
    assert set(near) == places
    assert all(set(n) <= places and t not in n for t, n in near.items())
    # a territory: its bordering territories and coasts (the rules' borders), then its poleis
    attika = b.area_index["attika"]
    assert near["area:attika"] == [areas[k] for k in b.land_nb[attika] + b.coasts[attika]] + ["polis:athenai",
                                                                                              "polis:chalkis"]
    # borders go both ways
    for i in range(len(areas)):
        for k in (b.sea_nb[i] if b.is_sea[i] else b.land_nb[i]) + b.coasts[i]:
            assert areas[i] in near[areas[k]]
    assert "polis:athenai" in near["area:attika"] and "area:attika" in near["polis:athenai"]
    assert "offer:illyria.0" in near["polis:epidamnos"]  # Illyria's land route
    assert v["map_keys"] and place_neighbours(pn.new_game(edition="ed2", seed=3))  # every edition


def test_board_announces_each_decision_once(board):
    assert board.view["announce"] == []  # nothing happened yet
    send(board, kind="choose", action="hoplites")
    first = board.view["announce"]
    assert [x["kind"] for x in first] == ["move"] and first[0]["text"] == "Sparta chooses Move hoplites (−1 prestige)."
    send(board, kind="why", target="area:attika")  # a redraw without a decision: the same items, the same ids
    assert board.view["announce"] == first
    send(board, kind="click", target="area:arkadia")
    second = board.view["announce"]
    assert [x["kind"] for x in second] == ["move"] and second[0]["id"] > first[0]["id"]
    assert "Arkadia" in second[0]["text"]
    send(board, kind="click", target="area:ionia")  # refused: nothing new is said
    assert board.view["announce"] == second


def test_board_announces_your_move_then_the_bots_reply():
    b = Board(pn.Game(seed=3), opponent="sensible", side="athens")
    start = b.view["announce"]  # the bot moved first
    assert [x["kind"] for x in start] == ["reply"] and start[0]["text"].startswith("Sparta's reply: ")
    send(b, kind="choose", action="pass")
    items = b.view["announce"]
    assert [x["kind"] for x in items] == ["move", "reply"]
    assert items[0]["text"] == "Your move: Athens passes and takes no more actions this round."
    assert items[1]["text"].startswith("Sparta's reply: Sparta ") and items[0]["id"] < items[1]["id"]
    assert start[0]["id"] < items[0]["id"]
    assert items[1]["text"] == f"{b.view['reply']['title']}: " + " ".join(x["text"] for x in b.view["reply"]["sentences"])
    # undo says so in the note, and announces no move
    send(b, kind="undo")
    assert b.view["announce"] == items and b.view["note"]


def test_board_announces_a_decision_that_does_not_end_the_turn_without_the_old_reply():
    b = Board(pn.Game(seed=3), opponent="sensible", side="athens")
    send(b, kind="choose", action="hoplites")
    items = b.view["announce"]
    assert [x["kind"] for x in items] == ["move"]  # the bot's previous reply is not read again
    assert items[0]["text"].startswith("Your move: Athens chooses Move hoplites")


def test_viewer_play_mode_offers_places_and_announces_each_decision():
    from polis_nb.widgets import Viewer

    v = Viewer(pn.Game(seed=3))
    assert v.view["board"]["places"] == [] and v.view["announce"] == []  # stepping through: nothing to choose
    send(v, kind="mode", mode="play")
    send(v, kind="choose", action="hoplites")
    b = v.view["board"]
    assert [p["target"] for p in b["places"]] == list(b["targets"]) and b["neighbours"]["area:attika"]
    assert [x["text"] for x in v.view["announce"]] == ["Sparta chooses Move hoplites (−1 prestige)."]
    first = v.view["announce"]
    send(v, kind="nav", dir="back")  # stepping announces nothing
    assert v.view["announce"] == first
    send(v, kind="mode", mode="view")
    assert v.view["board"]["places"] == []


def test_puzzle_offers_its_places_only_while_open():
    from polis_nb.widgets import PuzzleBoard

    p = next(x for x in pn.puzzles() if x.id == "ed1-030576a9")  # grow: four poleis
    w = PuzzleBoard([p])
    b = w.view["board"]
    assert [e["target"] for e in b["places"]] == list(b["targets"]) and len(b["places"]) == 4
    assert all(e["name"].startswith(CHOICE_NOW) for e in b["places"]) and b["neighbours"] and b["map_keys"]
    send(w, kind="choose", action="grow athenai")  # a wrong try: still open
    assert w.view["status"] == "open" and len(w.view["board"]["places"]) == 4
    send(w, kind="solution")
    assert w.view["status"] == "shown" and w.view["board"]["places"] == []
