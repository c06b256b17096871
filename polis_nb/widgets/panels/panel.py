"""A panel: one feature of a widget across both halves (issue 25, REDESIGN R6).

A panel declares the intents it answers as data (:class:`Intent`: kind, the text fields it needs, the
states of the widget that refuse it, whether it drops an open question), handles those only (one
``on_<kind>`` method each, ``-`` written ``_``), gives its slice of the view model (:meth:`Panel.view`)
and names its browser half (:attr:`Panel.js`, the factory in ``widgets/panels/<name>.js``). A widget
is a list of panels (:class:`polis_nb.widgets.base.PanelWidget`): its router sends each intent to the
panel that declares it, and its one merge joins the slices. A kind declared twice, or declared
without its handler, fails when the class is defined, not when a user clicks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

if TYPE_CHECKING:
    from ..base import PanelWidget

W = TypeVar("W", bound="PanelWidget")

#: The states of a widget an intent may be refused in (:attr:`Intent.refused_while`).
STATES = ("thinking", "resigned", "lesson")


@dataclass(frozen=True)
class Intent:
    """One kind of intent a panel answers.

    ``fields``: the text fields it needs (checked by :func:`polis_nb.widgets.intents.check_intent`);
    ``refused_while``: the widget's states (:data:`STATES`) in which it is refused, changing nothing
    ("thinking": the bot is working out its reply, the position is about to change; "resigned": a side
    has resigned at the position shown; "lesson": the Viewer asks the questions of a lesson, and the
    intent would change the record or give an answer away); ``drops_question``: it leaves an open question (about a
    losing choice, or "Resign?") unanswered, so the question goes."""

    kind: str
    fields: tuple[str, ...] = ()
    refused_while: tuple[str, ...] = ()
    drops_question: bool = False

    def __post_init__(self) -> None:
        if not self.kind or not isinstance(self.kind, str):
            raise ValueError(f"an intent kind is a non-empty text, not {self.kind!r}")
        bad = [w for w in self.refused_while if w not in STATES]
        if bad:
            raise ValueError(f"intent {self.kind!r}: unknown state(s) {bad} in refused_while; known: {STATES}")

    @property
    def handler(self) -> str:
        """The name of the panel's method that answers it: ``on_<kind>``."""
        return "on_" + self.kind.replace("-", "_")


class Panel(Generic[W]):
    """One feature of a widget ``W``: see the module's docstring. Subclasses set :attr:`name`,
    :attr:`intents` and :attr:`js`, and define ``on_<kind>(ctx, intent) -> (explanation, note)`` for
    each intent they declare."""

    name: ClassVar[str] = ""
    intents: ClassVar[tuple[Intent, ...]] = ()
    js: ClassVar[str | None] = None  # its factory in widgets/panels/<name>.js (None: nothing of its own)
    #: the widgets it belongs to, each with its place among that widget's panels (lower first)
    widgets: ClassVar[dict[str, int]] = {}
    #: why its intents are refused in a state (:data:`STATES`), in words, where the panel that knows the
    #: state leaves the words to the intent's own panel (the lesson: "lesson")
    refusals: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        seen: set[str] = set()
        for spec in cls.intents:
            if not isinstance(spec, Intent):
                raise TypeError(f"panel {cls.__name__}: intents holds {spec!r}, which is no Intent")
            if spec.kind in seen:
                raise TypeError(f"panel {cls.__name__} declares the intent {spec.kind!r} twice")
            seen.add(spec.kind)
            if not callable(getattr(cls, spec.handler, None)):
                raise TypeError(f"panel {cls.__name__} declares the intent {spec.kind!r} but has no "
                                f"{spec.handler}(ctx, intent) to answer it")

    def act(self, ctx: W, intent: dict) -> tuple[Any, str]:
        """Answer ``intent`` (checked, of a kind this panel declares): ``(explanation, note)``."""
        return getattr(self, "on_" + intent["kind"].replace("-", "_"))(ctx, intent)

    def start(self, ctx: W) -> None:
        """Called once when the widget is made, before its first redraw."""

    def refuses(self, ctx: W, spec: Intent) -> str | None:
        """Why the widget refuses an intent of ``spec`` now (a state of :attr:`Intent.refused_while`
        this panel knows), or None."""
        return None

    def holds(self, ctx: W, state: str) -> bool:
        """Whether the widget is in ``state`` (one of :data:`STATES`) as far as this panel knows."""
        return False

    def before(self, ctx: W, spec: Intent) -> None:
        """Called for every intent the widget accepts, before its panel acts (e.g. an open question goes)."""

    def prepare(self, ctx: W) -> None:
        """Called once before each redraw, before any panel's :meth:`marks` or :meth:`view`."""

    def marks(self, ctx: W) -> tuple[Any, ...]:
        """Marks this panel puts on the map."""
        return ()

    def view(self, ctx: W) -> dict[str, Any]:
        """This panel's slice of the view model (its keys are its own: the merge refuses a key twice)."""
        return {}

    def played(self, ctx: W) -> None:
        """The user's decision changed the position shown."""

    def replied(self, ctx: W) -> None:
        """The bot (the Board's opponent) has played its reply."""

    def reset(self, ctx: W) -> None:
        """A new game starts (rematch): forget what belonged to the old one."""


def scripts(panels: tuple[type[Panel[Any]], ...]) -> tuple[str, ...]:
    """The browser halves of ``panels`` (``widgets/panels/<name>.js``), in order: those that have one."""
    return tuple(p.name for p in panels if p.js is not None)
