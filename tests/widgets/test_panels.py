"""The panel framework (issue 25, R6): intents declared as data, one router, one merge of the views.
A kind declared twice or without its handler fails when the class is defined, not at a click."""
from __future__ import annotations

import pytest

import polis_nb as pn
from polis_nb.widgets import Board
from polis_nb.widgets.base import PanelWidget
from polis_nb.widgets.panels import Intent, Panel

from .helpers import send


def test_a_kind_declared_twice_in_a_panel_fails_at_class_definition():
    with pytest.raises(TypeError, match="declares the intent 'go' twice"):
        class Twice(Panel):  # noqa: F841
            intents = (Intent("go"), Intent("go"))

            def on_go(self, ctx, intent):
                return None, ""


def test_a_kind_without_its_handler_fails_at_class_definition():
    with pytest.raises(TypeError, match=r"declares the intent 'review-end' but has no on_review_end"):
        class Missing(Panel):  # noqa: F841
            intents = (Intent("review-end"),)


def test_an_intent_spec_names_known_states_only():
    with pytest.raises(ValueError, match="unknown state"):
        Intent("go", refused_while=("sleeping",))


class Go(Panel):
    intents = (Intent("go", ("action",)),)

    def on_go(self, ctx, intent):
        return None, f"went {intent['action']}"

    def view(self, ctx):
        return {"go": ctx.rev}


class GoToo(Panel):
    intents = (Intent("go"),)

    def on_go(self, ctx, intent):
        return None, ""


def test_a_kind_declared_by_two_panels_of_a_widget_fails_at_class_definition():
    with pytest.raises(TypeError, match="'go' is declared by both Go and GoToo"):
        class Both(PanelWidget):  # noqa: F841
            PANELS = (Go, GoToo)


class Note(Panel):
    def view(self, ctx):
        return {"note": ctx.drawing[1]}


class Small(PanelWidget):
    PANELS = (Go, Note)


def test_the_router_sends_declared_kinds_and_refuses_the_rest_visibly():
    w = Small()
    w._refresh()
    assert Small.KINDS == {"go": ("action",)}
    send(w, kind="go", action="north")
    assert w.view == {"go": 2, "note": "went north"}
    send(w, kind="fly")
    assert w.view["note"] == "Refused: unknown intent kind 'fly'; expected one of go"
    send(w, kind="go")
    assert w.view["note"] == "Refused: intent 'go' needs a text field 'action'"
    assert w._last_bug is None


class NoteToo(Panel):
    def view(self, ctx):
        return {"note": "again"}


def test_the_merge_refuses_a_view_key_given_by_two_panels():
    class Clash(PanelWidget):
        PANELS = (Go, Note, NoteToo)

    w = Clash()
    with pytest.raises(RuntimeError, match=r"NoteToo gives view key\(s\) \['note'\] another panel gave"):
        w._refresh()


BEFORE = {"choose": ("action",), "click": ("target",), "why": ("target",), "analyse": (), "opponent": ("bot", "side"),
          "undo": (), "cancel": (), "review": (), "save": (), "rematch": (), "chart": ("node",), "review-end": (),
          "confirm": ("action",), "decline": (), "resign": (), "resign-confirm": (), "review-cancel": ()}


def test_the_board_declares_what_its_frozensets_said():
    """The Board's intents and their policies, as KINDS and the frozensets of board.py said them before the
    panels (a panel added since adds its own kinds: these stay as they were)."""
    assert {k: v for k, v in Board.KINDS.items() if k in BEFORE} == BEFORE
    specs = {kind: spec for kind, (_, spec) in Board.ROUTES.items() if kind in BEFORE}
    thinking = {k for k, s in specs.items() if "thinking" in s.refused_while}
    resigned = {k for k, s in specs.items() if "resigned" in s.refused_while}
    assert thinking == {"choose", "click", "why", "analyse", "review", "chart", "review-end", "confirm", "resign",
                        "resign-confirm"}
    assert resigned == {"choose", "click", "confirm", "resign"}
    assert {k for k, s in specs.items() if s.drops_question} == {
        "choose", "click", "opponent", "undo", "rematch", "chart", "review-end", "decline", "resign",
        "resign-confirm"}
    owner = {kind: Board.PANELS[i].name for kind, (i, _) in Board.ROUTES.items()}
    assert owner["analyse"] == "engine" and owner["cancel"] == "opponent" and owner["chart"] == "review"
    assert owner["confirm"] == "question" and owner["resign"] == "game_over" and owner["why"] == "play"


def test_the_board_view_is_the_merge_of_its_panels_slices():
    b = Board(pn.Game(seed=2))
    keys = set(b.view)
    assert {"engine", "opponent", "reply", "can_undo", "thinking", "review", "game_over", "resign", "confirm",
            "prompt", "targets", "choices"} <= keys
    assert b.view["engine"] is None and b.view["thinking"] is None and b.view["confirm"] is None


def test_each_panel_names_a_factory_its_browser_file_declares():
    from polis_nb.render.assets import asset_text

    for p in Board.PANELS:
        if p.js is not None:
            assert f"function {p.js}(" in asset_text(f"panels/{p.name}.js"), (p.name, p.js)
    assert "panels/engine.js" in Board._esm and "panels/play.js" not in Board._esm  # play has no file of its own


def test_each_widget_is_the_panels_that_name_it_in_their_order(capsys):
    """A widget's composition comes from the panels' own declarations (panels/*.py: ``widgets``, a place
    per widget), in the order of their places; printed here so that a reader sees each composition. A
    panel added since joins its widget: these stay, in this order, among its panels."""
    from polis_nb.widgets import Combat, PuzzleBoard, Viewer
    from polis_nb.widgets.panels import composition

    known = {Board: ["play", "engine", "opponent", "review", "game_over", "question", "key"],
             Viewer: ["navigate", "play", "engine", "review", "annotate", "lesson", "key"],
             Combat: ["battle", "hand", "replay", "odds"], PuzzleBoard: ["play", "puzzle"]}
    for widget, names in known.items():
        key = widget._kind.default_value
        assert widget.PANELS == composition(key)
        places = [p.__dict__["widgets"][key] for p in widget.PANELS]
        assert places == sorted(places) and len(set(places)) == len(places)
        print(f"{widget.__name__} = " + " + ".join(p.name for p in widget.PANELS))
        assert [p.name for p in widget.PANELS if p.name in names] == names
    out = capsys.readouterr().out
    assert out.startswith("Board = play + ") and "\nViewer = navigate + play + " in out


def test_two_panels_at_one_place_fail(monkeypatch):
    from polis_nb.widgets.panels import composition
    from polis_nb.widgets.panels.engine import EnginePanel

    monkeypatch.setattr(EnginePanel, "widgets", {"board": 10, "viewer": 30})  # where the play panel is
    with pytest.raises(TypeError, match="both take place 10 of the board"):
        composition("board")
