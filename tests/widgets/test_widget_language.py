"""Each widget speaks its own language (issue 26): ``language=`` when it is made (by default the current
language then), checked with a clear error; the ``language`` trait redraws it when it changes; and its view
is drawn in it whichever thread or language block draws it: the constructor, an intent, the Board's bot
reply landing from a thread or from the event loop, a switch.

Which language a redraw ran in is seen by a spy on one of the widget's panels (the language current while
it gives its slice of the view). The words themselves become German and Polish as the render layer's
messages land."""
from __future__ import annotations

import asyncio
import threading

import pytest

import polis_nb as pn
from polis_nb import i18n
from polis_nb.widgets import Board, Combat, PuzzleBoard, Viewer
from polis_nb.widgets.panels import key as key_panel

from .helpers import send
from .test_bot_reply import held, scripted
from .test_no_threads import no_threads, quick_search, until  # noqa: F401 - no_threads is a fixture

WIDGETS = {  # a widget of each kind, made with the keyword arguments given
    "board": lambda **kw: Board(pn.Game(seed=3), **kw),
    "viewer": lambda **kw: Viewer(pn.Game(seed=3), **kw),
    "combat": lambda **kw: Combat.setup("land", seed=1, **kw),
    "puzzle": lambda **kw: PuzzleBoard(**kw),
}
CLASSES = {"board": Board, "viewer": Viewer, "combat": Combat, "puzzle": PuzzleBoard}


@pytest.fixture(autouse=True)
def english_notebook():
    """The notebook speaks English (and does so again after the test)."""
    before = pn.get_language()
    pn.set_language("en")
    yield
    pn.set_language(before)


@pytest.fixture
def spoken(monkeypatch):
    """Every widget's first panel adds ``spoken`` to the view: the language current while it drew."""
    for cls in CLASSES.values():
        panel = cls.PANELS[0]
        original = panel.view

        def view(self, ctx, original=original):
            return {**original(self, ctx), "spoken": pn.get_language()}

        monkeypatch.setattr(panel, "view", view)


def spoken_in(w) -> str:
    return w.view["spoken"]


@pytest.mark.parametrize("kind", sorted(WIDGETS))
def test_a_widget_is_drawn_in_the_language_it_was_made_in(spoken, kind):
    w = WIDGETS[kind](language="de")
    assert w.language == "de" and spoken_in(w) == "de"  # the notebook speaks English
    w.refresh() if hasattr(w, "refresh") else w._refresh()
    assert spoken_in(w) == "de"
    with pn.language("pl"):  # a block elsewhere does not change it
        w.refresh() if hasattr(w, "refresh") else w._refresh()
    assert spoken_in(w) == "de"


@pytest.mark.parametrize("kind", sorted(WIDGETS))
def test_by_default_a_widget_takes_the_language_current_when_it_is_made(spoken, kind):
    with pn.language("pl"):
        w = WIDGETS[kind]()
    assert w.language == "pl" and spoken_in(w) == "pl"
    pn.set_language("de")
    assert WIDGETS[kind]().language == "de"
    assert w.language == "pl"  # setting the notebook's language later leaves a widget made before alone


@pytest.mark.parametrize("kind", sorted(WIDGETS))
def test_a_bad_language_is_refused_naming_the_languages(kind):
    with pytest.raises(ValueError, match=r"no words in language 'fr'; polis_nb speaks en, de, pl"):
        WIDGETS[kind](language="fr")
    w = WIDGETS[kind](language="de")
    rev, view = w.rev, w.view
    with pytest.raises(ValueError, match=r"no words in language 'klingon'; polis_nb speaks en, de, pl"):
        w.language = "klingon"
    assert w.language == "de" and w.rev == rev and w.view == view  # nothing changed


def test_language_is_in_every_widgets_signature():
    import inspect

    for cls in CLASSES.values():
        p = inspect.signature(cls).parameters["language"]
        assert p.kind is p.KEYWORD_ONLY and p.default is None, cls.__name__


def test_switching_the_language_redraws_the_board_in_it(spoken):
    b = Board(pn.Game(seed=3), language="de")
    send(b, kind="why", target="area:attika")
    explanation, rev = b.view["explanation"], b.rev
    b.language = "pl"
    assert b.rev == rev + 1 and spoken_in(b) == "pl"
    assert b.view["explanation"] == explanation  # what was shown stays shown, now said in Polish
    b.language = "pl"  # no change, no redraw
    assert b.rev == rev + 1
    send(b, kind="choose", action="pass")  # the next intent is answered in Polish too
    assert spoken_in(b) == "pl" and b.view["note"] == ""


@pytest.mark.parametrize("kind", ["viewer", "combat"])
def test_switching_resends_the_words_sent_once(monkeypatch, kind):
    """The words of a Viewer's or a Combat's controls (``words``) and the map's key (``key``) are sent
    apart from the view: they are made again in the new language."""
    module = {"viewer": "polis_nb.widgets.viewer.viewer_words", "combat": "polis_nb.widgets.combat.combat_words"}
    monkeypatch.setattr(module[kind], lambda *_: {"lang": pn.get_language()})
    monkeypatch.setattr(key_panel, "symbol_key", lambda _comp: [pn.get_language()])
    w = WIDGETS[kind](language="de")
    assert w.words == {"lang": "de"}
    w.language = "pl"
    assert w.words == {"lang": "pl"}
    if kind == "viewer":
        assert w.key == ["pl"]


def test_the_board_key_follows_its_language(monkeypatch):
    monkeypatch.setattr(key_panel, "symbol_key", lambda _comp: [pn.get_language()])
    b = Board(pn.Game(seed=3), language="pl")
    assert b.key == ["pl"]
    b.language = "de"
    assert b.key == ["de"]


def test_the_bots_reply_from_a_thread_is_drawn_in_the_boards_language(spoken):
    """The reply is worked out in a thread and lands from it: both in the Board's language, while the
    notebook speaks English and another block speaks Polish."""
    gate = threading.Event()
    opp = held(scripted(), gate)
    thought: list[str] = []
    plan_of = opp.plan

    def plan(s, cancel=None, limit=2000):
        thought.append(pn.get_language())
        return plan_of(s, cancel, limit)

    opp.plan = plan  # type: ignore[method-assign]
    b = Board(pn.Game(seed=3), opponent=opp, threaded=True, language="de")  # Sparta, the bot, starts
    job = b._opp_panel.job
    assert job is not None and job.thread is not None
    with pn.language("pl"):
        gate.set()
        assert b.wait(30)
    assert not b.thinking and thought and set(thought) == {"de"} and spoken_in(b) == "de"
    assert b.state.current_player == "athens" and b._last_bug is None


def test_the_bots_reply_on_the_event_loop_is_drawn_in_the_boards_language(spoken, no_threads):
    """Without threads the reply runs in slices on the loop, as a task: in the Board's language, though
    the coroutine that waits for it says everything in German meanwhile."""
    async def game():
        b = Board(pn.Game(seed=3), opponent=quick_search(), language="pl")
        assert b.thinking and b._opp_panel.job.runner.way == "loop"
        with pn.language("de"):
            await until(lambda: not b.thinking)
        return b

    b = asyncio.run(game())
    assert spoken_in(b) == "pl" and b.state.current_player == "athens" and b._last_bug is None


def test_a_language_block_in_one_thread_leaves_another_alone():
    """The current language is a context variable: a block in a thread is that thread's; a thread starts
    in the language set for the process (pn.set_language), outside every block."""
    inside, outside = threading.Event(), threading.Event()
    seen: list[str] = []

    def other():
        with pn.language("pl"):
            inside.set()
            outside.wait(10)
            seen.append(pn.get_language())

    t = threading.Thread(target=other)
    with pn.language("de"):
        t.start()
        inside.wait(10)
        seen.append(pn.get_language())  # the other thread is inside its Polish block now
        outside.set()
        t.join(10)
    assert seen == ["de", "pl"] and pn.get_language() == "en"
    result: list[str] = []
    with pn.language("de"):
        t = threading.Thread(target=lambda: result.append(pn.get_language()))
        t.start()
        t.join(10)
    assert result == ["en"]
    assert i18n.resolve(None) == "en"


def test_a_german_board_shows_the_kernels_words_in_german():
    g = pn.Game(seed=3)
    english = Board(g, language="en").view
    german = Board(g, language="de").view
    assert [e["text"] for e in german["log"]] != [e["text"] for e in english["log"]]
    assert german["prompt"] != english["prompt"]
    assert g.state.log[0].words("de").split(":")[0] in german["log"][0]["text"]
