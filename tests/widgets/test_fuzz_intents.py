"""Fuzzing the widget intents (issue 12): Board, Viewer and Combat receive what a hostile or broken
browser could send — random JSON values, wrong types for every field, unknown kinds, stale and odd
revisions, huge numbers and strings, nested structures, lone surrogates and other odd unicode, node ids
in other scripts' digits — mixed with valid-looking intents taken from the view on screen, so the
widgets are also driven deep into games and battles.

Invariants after every intent: ``handle_intent`` returns (it never raises) and met no unexpected error
(a bug is shown in the widget and kept in ``_last_bug``: its traceback fails the test); the view is
redrawn (``rev`` grows) and stays a plain JSON dict that can be sent as UTF-8; a refused intent
(the note says "Refused", or an explanation says the choice is illegal) leaves the record, the widget's
node and its position exactly as they were; an intent that is malformed for sure is refused.

Seeded and bounded: hypothesis with ``derandomize=True``; ``POLIS_FUZZ_EXAMPLES=<n>`` runs n examples
per target instead of the few of the normal suite (``-s`` prints how many intents each target got).
"""
from __future__ import annotations

import collections
import functools
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import polis_nb as pn
from polis_nb.analysis import sensible_policy
from polis_nb.widgets import Board, Combat, Viewer
from polis_nb.widgets.panels.annotate import AnnotatePanel
from polis_nb.widgets.panels.hand import HandPanel

SCALE = int(os.environ.get("POLIS_FUZZ_EXAMPLES", "0"))
SENT: collections.Counter[str] = collections.Counter()  # intents sent per target (reported with -s)


def fuzz(default: int):
    """Settings of one fuzz target: ``default`` examples, or POLIS_FUZZ_EXAMPLES."""
    return settings(max_examples=SCALE or default, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck), print_blob=False)


@pytest.fixture(scope="module", autouse=True)
def report():
    yield
    if SCALE:
        print("\nintents sent per target:", dict(SENT))


# --- the widgets -------------------------------------------------------------------------------------

@functools.cache
def viewer_record() -> str:
    """A record with a variation, a comment, a glyph and a mark (the Viewer's playground)."""
    g = pn.Game(seed=3)
    g.play("hoplites; to arkadia; from lakedaimon; end")
    first = g.node
    g.play("train; polis sparta; pay metal")
    g.comment("main line")
    g.glyph("!")
    g.goto(first)
    g.branch("plan B")
    g.play("tribute; area lakedaimon; rows metal:2")
    g.arrow("attika", "boiotia")
    g.goto(g.root)
    return g.to_text()


@functools.cache
def battle_record() -> tuple[str, int]:
    """A record whose line runs into a battle, and the ply inside it."""
    for seed in range(2, 60):  # the first seeded game of sensible bots that reaches a battle
        g = pn.Game(seed=seed)
        rng = random.Random(seed)
        while g.state.battle is None and not g.state.is_terminal:
            g.play(sensible_policy(g.state, rng))
        if g.state.battle is not None:
            break
    ply = g.node.ply
    area = g.state.battle.area
    while g.state.battle is not None and g.state.battle.area == area:
        g.play(rng.choice(pn.legal_actions(g.state)))
    return g.to_text(), ply


def at_battle() -> pn.Game:
    text, ply = battle_record()
    g = pn.Game.from_text(text)
    g.goto(ply)
    return g


@functools.cache
def late_record() -> str:
    """A record played at random into the round end (Athens to choose its phoros)."""
    g = pn.Game(seed=1)
    rng = random.Random(1)
    while g.state.pending.kind != "phoros":
        assert not g.state.is_terminal
        g.play(rng.choice(pn.legal_actions(g.state)))
    return g.to_text()


def at_end(text: str) -> pn.Game:
    g = pn.Game.from_text(text)
    g.goto(g.root.end())
    return g


BOARDS = {
    "board-game": lambda: Board(pn.Game(seed=3)),
    "board-athens": lambda: Board(pn.Game(seed=5), viewer="athens"),
    "board-state": lambda: Board(pn.new_game(edition="ed2", seed=4)),
    "board-late": lambda: Board(at_end(late_record())),
}
VIEWERS = {
    "viewer-view": lambda: Viewer(pn.Game.from_text(viewer_record())),
    "viewer-play": lambda: Viewer(pn.Game.from_text(viewer_record()), mode="play"),
    "viewer-draw": lambda: Viewer(pn.Game.from_text(viewer_record()), mode="draw", viewer="sparta"),
}
COMBATS = {
    "combat-hotseat": lambda: Combat.setup(seed=8, odds=False),
    "combat-bot": lambda: Combat.setup(kind="sea", units=(3, 4), seed=5, mode="bot", side="sparta", odds=False),
    "combat-game": lambda: Combat(at_battle(), odds=True, odds_samples=3),
    "combat-replay": lambda: Combat(at_battle(), mode="replay", odds=False),
}


# --- what a hostile browser sends --------------------------------------------------------------------

class Stand:
    """Stands for a value filled in when the intent is sent: the widget's revision (now, one before,
    one after) or an int too long to print (hypothesis could not show it in a report)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


CURRENT, STALE, NEXT, HUGE, NEG_HUGE = map(Stand, ["CURRENT", "STALE", "NEXT", "HUGE", "NEG_HUGE"])


def resolve(value, rev: int):
    """``value`` with every :class:`Stand` replaced (inside lists and dicts too)."""
    if isinstance(value, Stand):
        return {"CURRENT": rev, "STALE": rev - 1, "NEXT": rev + 1, "HUGE": 10**5000, "NEG_HUGE": -10**5000}[value.name]
    if isinstance(value, list):
        return [resolve(v, rev) for v in value]
    if isinstance(value, dict):
        return {k: resolve(v, rev) for k, v in value.items()}
    return value

# "analyse" and "review" are left out: every valid one runs a search of a few seconds
# (tests/widgets/test_opponent_engine.py, test_bot_reply.py); "save" writes a file (test_bot_reply.py)
KINDS = ["choose", "click", "why", "goto", "nav", "comment", "glyph", "clear", "mode", "reveal", "hide", "opponent",
         "undo", "cancel", "chart", "review-end", "rematch"]
KIND_FIELDS = {"choose": ("action",), "click": ("target",), "why": ("target",), "goto": ("node",), "nav": ("dir",),
               "comment": ("node", "text", "before"), "glyph": ("node", "glyph"), "clear": ("node",),
               "mode": ("mode",), "reveal": ("side",), "hide": (), "opponent": ("bot", "side"), "undo": (),
               "cancel": (), "chart": ("node",), "review-end": (), "rematch": ()}
FIELDS = sorted({f for fs in KIND_FIELDS.values() for f in fs})
UNICODE = ["", " ", "x" * 501, "\ud800", "a\udfffb", "\x00", "\u202e", "\ufeff", "💥" * 30, "²", "٣", "\n", "\r\n"]
# per field: values of the right shape, near misses, and text a parser might choke on
ODD = {
    "node": ["n0", "n1", "n2", "n3", "n5", "n²", "n٣", "n¹", "n-1", "n 1", "n01", "n" + "9" * 9, "n" + "9" * 10,
             "n" + "9" * 5000, "N1", "n1.0", "n", "1", "n1\x00", "n\ud800", "n１"],
    "target": ["area:attika", "area:boiotia", "area:arkadia", "area:lakedaimon", "area:kyklades", "polis:thebai",
               "polis:athenai", "polis:sparta", "polis:argos", "offer:persis.0", "offer:persis.3", "offer:persis.99",
               "offer:persis.²", "offer:persis", "offer:.0", "market:persis", "area:", ":", "area:nowhere",
               "area:ATTIKA", "area:attika ", " area:attika", "area:at tika", "area:attika\x00", "polis:{x}",
               "area:x;y", "area:\ud800", "area:" + "a" * 64, "area:" + "a" * 65, "area:attika:boiotia",
               "polis:athenai.0", "area:٣", "area:-x", "area:_"],
    "action": ["hoplites", "train", "end", "pass", "to arkadia", "to nowhere", "to {x}", "to x;y", "polis sparta",
               "from lakedaimon", "pay metal", "pay", "rows metal:2", "rows metal:٣", "offer persis.0",
               "offer persis.²",
               "phoros 2", "phoros ²", "phoros 99999999999999999999", "die 4", "die ٤", "die 7", "fight", "retreat",
               "play phalanx othismos", "play phalanx:othismos cavalry:advance", "answer peltasts:hold archers:shoot",
               "play phalanx", "play <b>x</b> y", "hoplites; to arkadia", "~", "~hoplites", "auto"],
    "dir": ["back", "forward", "start", "end", "up", "down", "sideways", "BACK", "back "],
    "mode": ["view", "play", "draw", "fly", "View"],
    "glyph": ["!", "?", "!!", "??", "!?", "?!", "???", "!\x00", "‼"],
    "side": ["athens", "sparta", "persia", "chance", "Athens", "both"],
    # the search bot's name is left out: it thinks about a second a decision
    "bot": ["none", "random", "sensible", "greedy", "Sensible", "stockfish", "search ", "", "random\x00"],
    "text": ["", "a comment", "{", "}", "{\\}", "\"quoted\" ; [%arrow attika boiotia]", "x" * 10_000, "x" * 10_001,
             "\ud800", "line\r\nbreak", "\x00"],
    "before": [True, False, None, 0, 1, "true", [], {}],
}
ODD_INTS = [0, 1, -1, 2**31, 2**63, 10**100, HUGE, NEG_HUGE]
scalars = st.one_of(st.none(), st.booleans(), st.sampled_from(ODD_INTS), st.integers(),
                    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(UNICODE), st.text(max_size=12))
json_values = st.recursive(scalars, lambda c: st.one_of(st.lists(c, max_size=4),
                                                        st.dictionaries(st.text(max_size=4), c, max_size=4)),
                           max_leaves=12)
odd_text = st.one_of(st.sampled_from(UNICODE), *(st.sampled_from(v) for v in ODD.values()))
revs = st.one_of(st.just(CURRENT), st.just(CURRENT), st.just(CURRENT), st.sampled_from([STALE, NEXT]),
                 st.sampled_from([True, False, None, 1.0, "1", [1], {"rev": 1}, -1, HUGE]), st.integers())


@st.composite
def junk(draw):
    """Anything: a known or odd kind, any field names with any values, any revision; or no object."""
    if draw(st.integers(0, 4)) == 0:
        return draw(json_values)  # not even an object
    names = draw(st.lists(st.sampled_from(FIELDS + ["kind", "rev", "zzz", "\ud800", ""]), max_size=4))
    out = {n: draw(st.one_of(odd_text, json_values)) for n in names}
    out["kind"] = draw(st.one_of(st.sampled_from(KINDS), json_values))
    rev = draw(revs)
    if rev is not None or draw(st.booleans()):
        out["rev"] = rev
    return out


def near_miss(w, data) -> dict:
    """A well-formed intent (from the view, or of any kind with fields of the right shape), then zero to
    two faults: a field set to an odd value or to junk, a field dropped, an extra field, an odd revision."""
    if data.draw(st.booleans()):
        intent = from_view(w, data)
    else:
        kind = data.draw(st.sampled_from(KINDS))
        intent = {"kind": kind, "rev": CURRENT, **{f: data.draw(st.sampled_from(ODD[f])) for f in KIND_FIELDS[kind]}}
    for _ in range(data.draw(st.integers(0, 2))):
        kind = intent.get("kind")
        fields = list(KIND_FIELDS.get(kind, ()) if isinstance(kind, str) else ()) + ["kind"]
        f = data.draw(st.sampled_from(fields))
        fault = data.draw(st.sampled_from(["odd", "odd", "junk", "drop", "extra", "rev"]))
        if fault == "odd":
            intent[f] = data.draw(st.sampled_from(ODD.get(f, KINDS)))
        elif fault == "junk":
            intent[f] = data.draw(json_values)
        elif fault == "drop":
            intent.pop(f, None)
        elif fault == "extra":
            intent[data.draw(st.sampled_from(FIELDS + ["zzz", "\ud800"]))] = data.draw(st.one_of(odd_text, json_values))
        else:
            intent["rev"] = data.draw(revs)
    return intent


@st.composite
def sure_refusal(draw):
    """An intent that is malformed for sure (whatever the widget): no object, an unknown or unhashable
    kind, a wrong revision, or a field of the wrong type."""
    how = draw(st.sampled_from(["object", "kind", "rev", "field"]))
    if how == "object":
        return draw(st.one_of(scalars, st.lists(json_values, max_size=3)))
    if how == "kind":
        kind = draw(st.one_of(st.lists(scalars, max_size=3), st.dictionaries(st.text(max_size=3), scalars, max_size=3),
                              st.integers(), st.none(),
                              st.sampled_from(["", "teleport", "CHOOSE", "choose ", "\ud800"])))
        return {"kind": kind, "rev": CURRENT}
    if how == "rev":
        return {"kind": draw(st.sampled_from(KINDS)), "rev": draw(st.sampled_from([STALE, NEXT, True, 1.0, "1",
                                                                                  None, [1], HUGE]))}
    kind = draw(st.sampled_from(["choose", "click", "why", "goto", "glyph", "clear", "mode", "nav", "reveal"]))
    wrong = draw(st.one_of(st.integers(), st.booleans(), st.none(), st.lists(scalars, max_size=2),
                           st.dictionaries(st.text(max_size=2), scalars, max_size=2), st.just(""), st.just("x" * 501),
                           st.just("\ud800")))
    field = {"choose": "action", "click": "target", "why": "target", "goto": "node", "glyph": "glyph", "clear": "node",
             "mode": "mode", "nav": "dir", "reveal": "side"}[kind]
    return {"kind": kind, "rev": CURRENT, "node": "n1", "glyph": "!", field: wrong}


def from_view(w, data) -> dict:
    """A valid-looking intent built from what the widget shows now (a button, a place, a node, a step)."""
    v = w.view
    out: list[dict] = []
    bv = v.get("board", v)
    for b in bv.get("buttons") or []:
        out.append({"kind": "choose", "action": b["action"]})
    for t in bv.get("targets") or {}:
        out += [{"kind": "click", "target": t}, {"kind": "why", "target": t}]
    for r in v.get("rows") or []:
        if r.get("id"):
            out += [{"kind": "goto", "node": r["id"]}, {"kind": "glyph", "node": r["id"], "glyph": "!?"},
                    {"kind": "comment", "node": r["id"], "text": "a note {with} \"odd\" ; text",
                     "before": data.draw(st.booleans())}, {"kind": "clear", "node": r["id"]}]
    if isinstance(w, Viewer):
        out += [{"kind": "nav", "dir": d} for d in ("back", "forward", "start", "end", "up", "down")]
        out += [{"kind": "mode", "mode": m} for m in ("view", "play", "draw")]
        out += [{"kind": "click", "target": t}
                for t in ("area:attika", "area:boiotia", "polis:thebai", "offer:persis.0")]
    if isinstance(w, Combat):
        if v.get("gate"):
            out.append({"kind": "reveal", "side": v["gate"]["side"]})
        ch = v.get("choice") or {}
        out += [{"kind": "choose", "action": o["action"]} for o in ch.get("options") or []]
        out += [{"kind": "choose", "action": "fight"}, {"kind": "choose", "action": "retreat"}, {"kind": "hide"}]
        out += [{"kind": "nav", "dir": d} for d in ("back", "forward", "start", "end")]
    if not out:
        out.append({"kind": "why", "target": "area:attika"})
    return dict(data.draw(st.sampled_from(out)), rev=CURRENT)


# --- the invariants ----------------------------------------------------------------------------------

def note_of(w) -> str:
    return w.view.get("board", w.view)["note"]


def snapshot(w):
    """Everything a refused intent must leave as it was."""
    g = w.game
    extra = (w.mode, w.panel(AnnotatePanel).arrow_from) if isinstance(w, Viewer) else (w.panel(HandPanel).shown, w.pos) if isinstance(w, Combat) else ()
    return (g.to_text() if g is not None else None, g.node if g is not None else None, w.node,
            getattr(w, "state", None), extra)


def send(w, drawn, target: str) -> str:
    """Send one intent (its :class:`Stand` values filled in), check every invariant, return the note."""
    intent = resolve(drawn, w.rev)
    before, rev = snapshot(w), w.rev
    w.handle_intent(intent)  # must not raise
    SENT[target] += 1
    if w._last_bug is not None:
        raise AssertionError(f"intent {drawn!r} hit a bug:\n{w._last_bug[1]}")
    v = w.view
    assert isinstance(v, dict) and w.rev > rev and v["rev"] == w.rev
    json.dumps(v, ensure_ascii=False, allow_nan=False).encode("utf-8")  # what the comm sends
    note = note_of(w)
    assert isinstance(note, str) and len(note) <= 1001
    ex = v.get("board", v).get("explanation")
    if note.startswith("Refused") or (ex is not None and not ex["legal"]):
        after = snapshot(w)
        assert after[0] == before[0], f"a refused intent changed the record: {drawn!r} -> {note!r}"
        assert after[1:4] == before[1:4] and after[4] == before[4], f"a refused intent moved the widget: {drawn!r}"
    return note


def drive(make, target: str, data) -> None:
    """Build a widget and send it one to eight intents: valid ones from the view, near misses, junk."""
    w = make()
    assert w._last_bug is None
    for _ in range(data.draw(st.integers(1, 8), label="intents")):
        how = data.draw(st.sampled_from(["valid", "near miss", "near miss", "junk"]), label="how")
        intent = from_view(w, data) if how == "valid" else near_miss(w, data) if how == "near miss" else \
            data.draw(junk(), label="junk")
        send(w, intent, target)
    send(w, from_view(w, data), target)  # still usable: a valid intent is taken without a bug


@pytest.mark.parametrize("target", sorted(BOARDS))
@fuzz(default=12)
@given(data=st.data())
def test_fuzz_board_intents(target, data):
    drive(BOARDS[target], target, data)


@pytest.mark.parametrize("target", sorted(VIEWERS))
@fuzz(default=12)
@given(data=st.data())
def test_fuzz_viewer_intents(target, data):
    drive(VIEWERS[target], target, data)


@pytest.mark.parametrize("target", sorted(COMBATS))
@fuzz(default=10)
@given(data=st.data())
def test_fuzz_combat_intents(target, data):
    drive(COMBATS[target], target, data)


ALL = {**BOARDS, **VIEWERS, **COMBATS}


@pytest.mark.parametrize("target", ["board-game", "viewer-play", "combat-hotseat", "combat-replay"])
@fuzz(default=8)
@given(intents=st.lists(sure_refusal(), min_size=1, max_size=5))
def test_fuzz_malformed_intents_are_refused(target, intents):
    w = ALL[target]()
    for intent in intents:
        note = send(w, intent, target + " (malformed)")
        assert note.startswith("Refused"), (intent, note)


# --- the bugs the fuzzers found, one case each -------------------------------------------------------

def _hoplites(w):
    """Board: Sparta chooses to move hoplites (the decision then asks for an area)."""
    send(w, {"kind": "choose", "action": "hoplites", "rev": CURRENT}, "regression")


@pytest.mark.parametrize("target, prep, intent, words", [
    # an unhashable kind raised TypeError in `kind not in kinds`
    ("board-game", None, {"kind": ["x"], "rev": CURRENT}, "unknown intent kind a list"),
    ("viewer-view", None, {"kind": {"a": 1}, "rev": CURRENT}, "unknown intent kind a dict"),
    ("combat-hotseat", None, {"kind": [], "rev": CURRENT}, "unknown intent kind"),
    # a revision too long to print raised ValueError while the refusal was written
    ("board-game", None, {"kind": "why", "target": "area:attika", "rev": HUGE}, "a number of more than"),
    # str.isdigit takes other scripts' digits: int("²") raised, "n٣" silently went to node 3
    ("viewer-view", None, {"kind": "goto", "node": "n²", "rev": CURRENT}, "is not a node id"),
    ("viewer-view", None, {"kind": "goto", "node": "n٣", "rev": CURRENT}, "is not a node id"),
    ("viewer-view", None, {"kind": "goto", "node": "n" + "9" * 400, "rev": CURRENT}, "is not a node id"),
    ("viewer-view", None, {"kind": "goto", "node": "n" + "9" * 5000, "rev": CURRENT}, "longer than 500"),
    # a comment with a lone surrogate raised ValueError from Game.comment; a 'before' of any type was taken
    ("viewer-view", None, {"kind": "comment", "node": "n1", "text": "a\ud800", "rev": CURRENT}, "lone surrogate"),
    ("viewer-view", None, {"kind": "comment", "node": "n1", "text": "x", "before": {"a": 1}, "rev": CURRENT},
     "'before'"),
    # a place the notation cannot hold raised InvalidActionError (why / click while an area is asked for)
    ("board-game", _hoplites, {"kind": "click", "target": "area:x;y", "rev": CURRENT}, "is not a place"),
    ("board-game", _hoplites, {"kind": "why", "target": "area:{x}", "rev": CURRENT}, "is not a place"),
    ("board-game", _hoplites, {"kind": "why", "target": "area:\ud800", "rev": CURRENT}, "lone surrogate"),
    # an unknown place was answered with advice instead of a refusal
    ("board-game", _hoplites, {"kind": "why", "target": "area:nowhere", "rev": CURRENT}, "no area 'nowhere'"),
    ("viewer-play", None, {"kind": "click", "target": "offer:persis.99", "rev": CURRENT}, "no market offer"),
    # "phoros ²" reached the kernel, whose phoros check raised ValueError from int("²")
    ("board-late", None, {"kind": "choose", "action": "phoros ²", "rev": CURRENT}, "plain ASCII"),
    # draw mode remembered any first click as an arrow's start
    ("viewer-draw", None, {"kind": "click", "target": "area:nowhere", "rev": CURRENT}, "no area"),
    ("viewer-draw", None, {"kind": "click", "target": "offer:persis.0", "rev": CURRENT}, "not on one offer"),
    # a huge kind was copied whole into the note
    ("combat-replay", None, {"kind": "x" * 1_000_000, "rev": CURRENT}, "unknown intent kind 'xxx"),
])
def test_fuzz_found_cases_are_refused(target, prep, intent, words):
    w = ALL[target]()
    if prep is not None:
        prep(w)
    note = send(w, intent, "regression")
    assert note.startswith("Refused") and words in note, note


def test_a_bug_inside_an_intent_is_shown_logged_and_the_widget_stays_usable(monkeypatch, caplog):
    w = Board(pn.Game(seed=3))
    before = w.game.to_text()

    def broken(intent):
        raise KeyError("a bug")

    monkeypatch.setattr(w, "_act", broken)
    w.handle_intent({"kind": "choose", "action": "hoplites", "rev": w.rev})  # does not raise
    assert note_of(w).startswith("Refused: something went wrong inside polis_nb (KeyError")
    assert "bug" in note_of(w) and w.game.to_text() == before
    assert isinstance(w._last_bug[0], KeyError) and "broken" in w._last_bug[1]
    assert any(r.name == "polis_nb.widgets" and r.exc_info for r in caplog.records)
    monkeypatch.undo()
    w._last_bug = None
    send(w, {"kind": "choose", "action": "hoplites", "rev": CURRENT}, "regression")
    assert note_of(w) == "" and w.view["decision"] == "move-dest"


def test_a_view_that_cannot_be_drawn_keeps_the_last_one_with_a_note(monkeypatch):
    w = Viewer(pn.Game.from_text(viewer_record()))
    rev = w.rev

    def broken(**kw):
        raise ValueError("cannot draw")

    monkeypatch.setattr(w, "_refresh", broken)
    w.handle_intent({"kind": "nav", "dir": "forward", "rev": rev})
    assert w.rev == rev + 1 and w.view["rev"] == w.view["board"]["rev"] == w.rev
    assert note_of(w).startswith("Refused: the view could not be drawn (ValueError)")
    assert isinstance(w._last_bug[0], ValueError)
