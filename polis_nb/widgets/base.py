"""What every polis_nb widget shares: the synced view model, the revision number, the checked path from
an intent to a redraw, and the static picture a notebook keeps for readers without a kernel. Each
widget's browser half (``_esm``, ``_css``) is its own: see ``_assets.py``."""
from __future__ import annotations

import contextlib
import functools
import logging
import traceback
from typing import TYPE_CHECKING, Any, Callable, ClassVar, ContextManager, TypeVar

import anywidget
import traitlets

from ..i18n import get_language, language as in_language, message, resolve
from ..render.combatsvg import combat_svg
from ..render.say import say
from ..render.viewmodel import view_svg
from .intents import REFUSED, IntentError, check_intent, plain_note, shown
from .panels.key import KeyPanel
from .panels.panel import Intent, Panel

if TYPE_CHECKING:
    from ..record import Game, Node
    from ..rules import State
    from .control import Controller

log = logging.getLogger("polis_nb.widgets")
P = TypeVar("P", bound=Panel[Any])
F = TypeVar("F", bound=Callable[..., Any])
BUG = message("widget.bug", "Refused: something went wrong inside polis_nb ({error}: {why}). This is a bug; please "
                            "report it. The widget shows the position as it is now.")
UNDRAWN = message("widget.undrawn", "Refused: the view could not be drawn ({error}); this is a bug, please report it")
#: what a widget says, said in its own language: its making, its redraws, its answers to intents, the words
#: it sends once (``_words``), its description and the work it starts (the bot's reply: ``play_against``);
#: wrapped so in every subclass that defines them
SPOKEN = ("__init__", "handle_intent", "_refresh", "_words", "describe", "play_against")


def refusal_words(e: Exception) -> str:
    """A refused intent's reason in the current language: an error that can say itself in a language
    (``words()``: the kernel's, the record's) says so; English is ``str(e)``, as it always was."""
    said = getattr(e, "words", None)
    return said() if callable(said) and get_language() != "en" else str(e)


def in_own_language(method: F) -> F:
    """``method`` of a widget run in the widget's language (its ``language``; while it is being made, the
    ``language=`` given, checked, else the current one): the view is drawn in it, whichever thread or
    language block the call comes from."""
    making = method.__name__ == "__init__"

    @functools.wraps(method)
    def said(self: IntentWidget, *args: Any, **kwargs: Any) -> Any:
        with in_language(resolve(kwargs.get("language")) if making else self.language):
            return method(self, *args, **kwargs)
    return said  # type: ignore[return-value]


class IntentWidget(anywidget.AnyWidget):
    """An anywidget whose browser half sends intents and draws ``view``. Subclasses set their browser
    half (``_esm, _css = esm("board"), css("board")``: ``widgets/core.js`` + ``widgets/board.js``, see
    ``widgets/README.md``) and ``KINDS`` (intent kind → required text fields), implement
    ``_act(intent) -> (explanation, note)`` and ``_refresh(explanation=None, note="")``, which must bump
    ``self._rev``.

    **Language**: ``language=`` (``"en"``, ``"de"``, ``"pl"``; by default the current language when the
    widget is made, :func:`polis_nb.set_language`) is the language of its words, whatever the notebook's
    language later is and whichever thread draws it (:data:`SPOKEN`). Setting ``widget.language`` redraws
    it in the new one (a note shown is dropped: it was said in the old one)."""

    view = traitlets.Dict().tag(sync=True)
    language = traitlets.Unicode("en").tag(sync=True)  # the language of its words (see the class's docstring)
    KINDS: dict[str, tuple[str, ...]] = {}
    REFUSED: tuple[type[Exception], ...] = (IntentError,)  # errors shown as a refusal, changing nothing
    _lock: ContextManager[Any] = contextlib.nullcontext()  # held by redraws (the Board's: an RLock)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in SPOKEN:
            if name in vars(cls):
                setattr(cls, name, in_own_language(vars(cls)[name]))

    def __init__(self, *, language: str | None = None, **kwargs: Any) -> None:
        super().__init__(language=resolve(language), **kwargs)
        self._rev = 0
        self._last_bug: tuple[Exception, str] | None = None  # the last unexpected error and its traceback
        self.on_msg(self._on_msg)

    @property
    def rev(self) -> int:
        """Revision of the view; every redraw bumps it, so stale intents can be told apart."""
        return self._rev

    @traitlets.validate("language")
    def _known_language(self, proposal: Any) -> str:
        return resolve(proposal["value"])  # ValueError naming the languages polis_nb speaks

    @traitlets.observe("language")
    def _language_changed(self, _change: Any) -> None:
        if getattr(self, "_rev", 0):  # (while it is being made, its constructor draws it)
            with self._lock:
                self._words()
                self._show(explanation=getattr(self, "drawing", (None, ""))[0])

    def _words(self) -> None:
        """Set the words the widget sends once, apart from its view (they do not change with it): when
        it is made and again when its language changes."""

    def static_svg(self) -> str:
        """What the widget shows now as one standalone SVG document: the board (Board, Viewer) or the
        battle (Combat). Deterministic: the same view gives the same bytes."""
        return static_svg(getattr(self, "_kind", "board"), self.view)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget plus a static fallback in one output: ``text/plain`` (the repr) and
        ``image/svg+xml`` (:meth:`static_svg`, taken when the cell ran).

        Each front end draws one type of a bundle. JupyterLab ranks the widget view first (its
        renderer is registered above every standard one), so it shows the live widget and never the
        picture beside it; nbconvert's HTML exporter (and GitHub and nbviewer, which use it) skips
        the widget view when the notebook holds no widget state and takes the next type in its
        priority, the SVG (the bundle has no text/html or markdown that would come first)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "image/svg+xml": self.static_svg()}, metadata

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle_intent(content)

    @in_own_language
    def handle_intent(self, content: Any) -> None:
        """Act on one intent as the browser sends it (tests call this directly). Never raises: a
        malformed, unknown, stale or illegal intent is refused in the view's note and changes nothing;
        an unexpected error (a bug in polis_nb) is shown there too, logged, and kept in ``_last_bug``
        (the fuzz tests check it), so the widget stays usable instead of failing silently in the comm."""
        try:
            intent = check_intent(content, self.KINDS, self._rev)
            explanation, note = self._act(intent)
        except self.REFUSED as e:
            self._show(note=say(REFUSED, why=refusal_words(e)))
            return
        except Exception as e:  # a bug: say so in the widget rather than lose it in the comm's log
            self._bug(e, content)
            self._show(note=say(BUG, error=type(e).__name__, why=shown(str(e), 200)))
            return
        self._show(explanation=explanation, note=note)

    def _bug(self, e: Exception, content: Any) -> None:
        self._last_bug = (e, "".join(traceback.format_exception(e)))
        log.error("polis_nb widget %s: intent %s failed", type(self).__name__, shown(content, 200), exc_info=e)

    def _show(self, explanation: Any = None, note: str = "") -> None:
        """Redraw with ``note``; if the redraw itself fails (a bug), keep the last view with the note."""
        try:
            self._refresh(explanation=explanation, note=plain_note(note))
        except Exception as e:
            self._bug(e, None)
            self._rev += 1
            note = plain_note(say(UNDRAWN, error=type(e).__name__))
            view = dict(self.view, rev=self._rev, note=note)
            if isinstance(view.get("board"), dict):
                view["board"] = dict(view["board"], rev=self._rev, note=note)
            self.view = view

    def _act(self, intent: dict) -> tuple[Any, str]:
        raise NotImplementedError

    def _refresh(self, explanation: Any = None, note: str = "") -> None:
        raise NotImplementedError


class PanelWidget(IntentWidget):
    """A widget made of panels (:mod:`.panels`): ``PANELS`` lists their classes, in drawing order.
    The one router (:meth:`_act`) sends each intent to the panel declaring its kind; ``KINDS`` is
    derived from the declarations, so an undeclared kind is refused visibly by ``check_intent``. The
    one merge (:meth:`_refresh`) joins the panels' view slices. A kind declared by two panels fails
    when the class is defined."""

    PANELS: ClassVar[tuple[type[Panel[Any]], ...]] = ()
    ROUTES: ClassVar[dict[str, tuple[int, Intent]]] = {}  # intent kind -> (index of its panel, its spec)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        routes: dict[str, tuple[int, Intent]] = {}
        for i, panel in enumerate(cls.PANELS):
            for spec in panel.intents:
                if spec.kind in routes:
                    other = cls.PANELS[routes[spec.kind][0]].__name__
                    raise TypeError(f"{cls.__name__}: the intent {spec.kind!r} is declared by both {other} and "
                                    f"{panel.__name__}")
                routes[spec.kind] = (i, spec)
        cls.ROUTES = routes
        cls.KINDS = {kind: spec.fields for kind, (_, spec) in routes.items()}

    def __init__(self, **kwargs: Any) -> None:
        self.panels: list[Panel[Any]] = [p() for p in self.PANELS]
        self.drawing: tuple[Any, str] = (None, "")  # (explanation, note) of the redraw under way
        super().__init__(**kwargs)

    def panel(self, kind: type[P]) -> P:
        """This widget's panel of class ``kind`` (or of a subclass of it)."""
        found = self.find(kind)
        if found is None:
            raise LookupError(f"{type(self).__name__} has no {kind.__name__}")
        return found

    def find(self, kind: type[P]) -> P | None:
        """This widget's panel of class ``kind`` (or of a subclass of it), or None if it has none."""
        return next((p for p in self.panels if isinstance(p, kind)), None)

    def holds(self, state: str) -> bool:
        """Whether the widget is in ``state`` (:data:`.panels.panel.STATES`): one of its panels says so."""
        return any(p.holds(self, state) for p in self.panels)

    def owner(self, kind: str) -> Panel[Any]:
        """The panel that declares the intent ``kind``."""
        return self.panels[self.ROUTES[kind][0]]

    def _act(self, intent: dict) -> tuple[Any, str]:
        i, spec = self.ROUTES[intent["kind"]]
        for p in self.panels:
            why = p.refuses(self, spec)
            if why is not None:
                raise IntentError(why)
        for p in self.panels:
            p.before(self, spec)
        return self.panels[i].act(self, intent)

    def _refresh(self, explanation: Any = None, note: str = "") -> None:
        self._rev += 1
        self.drawing = (explanation, note)
        for p in self.panels:
            p.prepare(self)
        view: dict[str, Any] = {}
        for p in self.panels:
            part = p.view(self)
            twice = view.keys() & part.keys()
            if twice:
                raise RuntimeError(f"{type(p).__name__} gives view key(s) {sorted(twice)} another panel gave")
            view.update(part)
        self.view = view

    def broadcast(self, hook: str) -> None:
        """Call ``hook`` (``played``, ``replied``, ``reset``) on every panel, in order."""
        for p in self.panels:
            getattr(p, hook)(self)


class MapWidget(PanelWidget):
    """A widget of panels on one position of a record or a free-standing State, held by its
    :class:`~polis_nb.widgets.control.Controller` (``_ctl``): the Board and the Viewer. The panels both
    share (play, engine, review) are typed against this."""

    _ctl: Controller
    key: traitlets.List[Any] = traitlets.List().tag(sync=True)  # the key to the map's symbols (render/key.py), sent once

    @property
    def game(self) -> Game | None:
        """The record shown (None on a State)."""
        return self._ctl.game

    @property
    def state(self) -> State:
        """The position shown."""
        return self._ctl.state

    @property
    def node(self) -> Node | None:
        """The record's node shown (None on a State)."""
        return self._ctl.node

    @property
    def thinking(self) -> bool:
        """Whether a bot is working out its reply (in the background); only the Board has one."""
        return False

    def _words(self) -> None:
        key = self.find(KeyPanel)
        if key is not None:
            key.start(self)  # the key to the map's symbols


def static_svg(kind: str, view: dict) -> str:
    """The picture of a widget's view model: ``kind`` is the widget's ``_kind`` (board, viewer, combat)."""
    if kind == "combat":
        return combat_svg(view)
    return view_svg(view["board"] if kind == "viewer" else view)
