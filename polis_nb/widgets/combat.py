"""The Combat widget: one battle, card by card.

    Combat(game)                                  # hot seat: both sides at one screen
    Combat(game, mode="bot", side="athens")       # Athens against a bot (Sparta), seeded
    Combat(game, mode="replay")                   # step through a recorded battle
    Combat.setup(kind="sea", units=(5, 4))        # a battle set up from scratch (no Game)
    Combat.setup(units=(4, 3), edition="ed2")     # the same in the second edition (Greek card names)

A Game must stand inside a battle (``game.state.battle`` set) for hot seat and bot play; decisions go
into its record, from the widget's own node: later cells that play or step in the Game do not move the
widget, and what is decided in it moves the Game's current node
along. A State (e.g. from :meth:`Combat.setup`) is played on without a record; chance draws
come from the position's seed either way (as ``pn.settle`` does), the bot from ``seed``.

Hot seat hides both hands until the side to decide asks to see its own ("Sparta: show my hand"): pass
the screen first. Bots (the analysis layer's, :func:`polis_nb.analysis.make_bot`): "sensible",
"random", "greedy" (the odds' greedy battle policy), any ``policy(state, rng) -> Action`` or any bot
(``name`` and ``choose(state, rng)``); the widget's decisions go through the shared
:class:`~polis_nb.widgets.control.Controller`, as the Board's do. The odds panel (``odds=True``; ``odds_samples``, ``odds_policies``)
shows :func:`polis_nb.analysis.odds.battle_odds` from the position as the side on screen knows it;
it is computed right after each view is sent (same ``rev``), so it never delays the reveal. Intents from the browser (``{"kind": ..., "rev": n, ...}``): ``choose``
(``action``: ``fight``, ``retreat``, ``play <card> <card>``, ``answer <card> <card>``; two cards may be
named in any order), ``reveal`` (``side``: show that side's hand; hot seat), ``hide`` (hide it again),
``nav`` (``dir``: back, forward, start, end; replay). Anything else, or anything made on an older
view, is refused visibly and changes nothing.

Combat is a composition of panels (:mod:`.panels`): battle (the decisions and the battle's view), hand
(whose hand is on screen), replay (stepping a recorded battle), odds and announce (what a screen reader
hears after each decision: its result, the deal, the bot's reply, each once; no card of a hand named).
"""
from __future__ import annotations

import random
from typing import Any, Callable

import traitlets

from ..analysis.bots import POLICIES, greedy_policy, make_bot  # noqa: F401 (greedy_policy: tutorial 09 imports it here)
from ..record import Game, Node
from ..i18n import message
from ..render.announce import battle_items
from ..render.combatview import Step, in_battle
from ..render.say import say
from ..render.widgetwords import combat_words
from ..rules import (EDITIONS, PLAYERS, Action, State, topology_of, topology_named, parse_action, position,
                     start_battle)
from ._assets import css, esm
from .base import PanelWidget
from .control import Controller
from .intents import REFUSED, IntentError
from .panels import composition, scripts
from .panels.announce import BattleAnnouncePanel
from .panels.battle import normalise
from .panels.hand import HandPanel
from .panels.odds import OddsPanel
from .panels.replay import ReplayPanel

MODES = ("hotseat", "bot", "replay")
NO_PLAY = message("combat.refused.no-play", "a replay does not play; step with back and forward")
GONE = message("combat.refused.gone", "the widget's position is not in this battle any more")
ONLY_STEPS = message("combat.refused.only-steps", "a replay only steps (back, forward, start, end); {kind} does "
                                                  "nothing here")
OVER = message("combat.refused.over", "the battle is over")


def _bots() -> dict[str, Callable[..., Any]]:
    """The bots a Combat takes by name: the analysis registry's policies (:func:`make_bot` makes the bot)."""
    return dict(POLICIES)


class Combat(PanelWidget):
    """One battle, card by card: a composition of panels, see the module's docstring."""

    _kind = traitlets.Unicode("combat").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)  # the words of its controls (render/widgetwords.py), sent once
    PANELS = composition("combat")  # the panels that name it (panels/*.py), by their place
    _esm, _css = esm("combat", scripts(PANELS)), css("combat")  # core.js + widgets/panels/*.js + combat.js

    def __init__(self, source: Game | State, *, mode: str = "hotseat", side: str | None = None,
                 bot: str | Callable[..., Any] = "sensible", seed: int = 0, odds: bool = True,
                 odds_samples: int = 200, odds_policies: tuple[str, str] = ("greedy", "greedy"),
                 language: str | None = None, **kwargs: Any) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if side not in (None, *PLAYERS):
            raise ValueError(f"side must be 'athens', 'sparta' or None, not {side!r}")
        if not isinstance(source, (Game, State)):
            raise TypeError(f"Combat needs a Game or a State, not {type(source).__name__}")
        if mode == "bot" and side is None:
            raise ValueError("bot mode needs side='athens' or side='sparta' (the side you play)")
        if mode == "hotseat" and side is not None:
            raise ValueError("hot seat plays both sides; leave side=None (or use mode='bot')")
        if mode == "replay" and not isinstance(source, Game):
            raise TypeError("replay needs a Game (a record); a State has no recorded battle")
        self._mode, self._side, self.seed = mode, side, seed
        self._game = source if isinstance(source, Game) else None
        self._bot_name, self._bot = "", None
        if mode == "bot":
            if isinstance(bot, str) and bot not in _bots():
                raise ValueError(f"unknown bot {bot!r}; known: {', '.join(sorted(_bots()))}")
            self._bot = make_bot(bot)  # a name, a policy function or a bot
            self._bot_name = self._bot.name
        self._rng = random.Random(seed)
        self._bot_nodes: dict[int, str] = {}
        self._steps: list[Step] = []  # on a State: the battle so far (a Game keeps it in its record)
        self.span: list[Node] = []  # replay: the battle's nodes
        self.pos = 0  # replay: the step shown
        self._ctl: Controller | None = None  # plays the decisions (hot seat, bot); a replay only steps
        self._start: Node | None = None
        if isinstance(source, Game) and mode == "replay":
            self.span = replay_span(source)
            self.area = _area(self.span[0].state)
            cur = source.node
            self.pos = next((k for k, n in enumerate(self.span) if n is cur), 0)
        elif isinstance(source, Game):
            self._ctl = Controller(source, None)
            self._ctl.settle(within=in_battle)  # a record left unsettled: deal from its seed
            if not in_battle(self._ctl.state):
                raise ValueError("the game's current position is not in a battle (game.state.battle is None); "
                                 "go to a node inside one, or use mode='replay'")
            self.area = _area(self._ctl.state)
            assert self._ctl.node is not None
            self._start = battle_start(self._ctl.node, self.area)
        else:
            if not in_battle(source):
                raise ValueError("the state is not in a battle (state.battle is None); see Combat.setup")
            self.area = _area(source)
            self._ctl = Controller(source, None, settle=False)
            self._steps = [Step(source)]
            self._keep(self._ctl.settle())  # the deal
        super().__init__(language=language, **kwargs)
        self._words()
        odds_panel = self.panel(OddsPanel)
        odds_panel.on, odds_panel.samples = bool(odds), int(odds_samples)
        odds_panel.policies = tuple(odds_policies)  # type: ignore[assignment]  # (two names: Athens', Sparta's)
        self._play_bot()
        self._refresh()

    # --- setting up a battle from scratch ---------------------------------------------------------
    @classmethod
    def setup(cls, kind: str = "land", units: tuple[int, int] = (4, 4), prestige: tuple[int, int] = (3, 3),
              seed: int = 0, *, area: str | None = None, round: str | None = None, edition: str = "ed1",
              **kwargs: Any) -> "Combat":
        """A Combat on a battle set up from scratch: ``units`` (Athens, Sparta) in ``area`` (Boiotia on
        land, the Kyklades at sea), ``prestige`` (Athens, Sparta), cards dealt from ``seed``, in round
        ``round`` of ``edition`` (by default the first round whose stacking limit is at least 4 and
        holds both sides: 4 or 5α in the first edition, Epsilon or Omega in the second). The other
        keyword arguments go to :class:`Combat` (``mode``, ``side``, ``bot``...)."""
        return cls(battle_position(kind, units, prestige, seed, area=area, round=round, edition=edition), seed=seed,
                   **kwargs)

    # --- what it shows --------------------------------------------------------------------------
    @property
    def game(self) -> Game | None:
        return self._game

    @property
    def mode(self) -> str:
        return self._mode

    @property
    def side(self) -> str | None:
        return self._side

    @property
    def controller(self) -> Controller:
        """What plays the decisions (hot seat, bot; a replay has none)."""
        if self._ctl is None:
            raise IntentError(say(NO_PLAY))
        return self._ctl

    @property
    def trail(self) -> list[Step]:
        """The battle so far: its opening position, then one step per decision."""
        if self._mode == "replay":
            return [self._step(n) for n in self.span[:self.pos + 1]]
        if self._game is None:
            return list(self._steps)
        return [self._step(n) for n in self._path()]

    @property
    def state(self) -> State:
        """The position now (in replay: at the current step)."""
        if self._mode == "replay":
            return self.span[self.pos].state
        return self.controller.state

    @property
    def node(self) -> Node | None:
        """The record's node shown now (None without a Game)."""
        if self._mode == "replay":
            return self.span[self.pos]
        return self.controller.node

    @property
    def over(self) -> bool:
        return not in_battle(self.state, self.area)

    def bots(self) -> dict[str | None, str]:
        """The bot's name by the side it plays (bot mode)."""
        return {self._bot_side(): self._bot_name} if self._mode == "bot" else {}

    def _words(self) -> None:
        self.words = combat_words()

    def refresh(self) -> None:
        """Redraw where the widget stands (cells that play in the Game do not move it)."""
        self._refresh()

    # --- the record -----------------------------------------------------------------------------
    def _path(self) -> list[Node]:
        out = []
        n: Node | None = self.controller.node
        while n is not None and n is not self._start:
            out.append(n)
            n = n.parent
        if n is None:
            raise IntentError(say(GONE))
        out.append(n)
        return out[::-1]

    def _step(self, n: Node) -> Step:
        return Step(n.state, n.action, n.parent.state if n.parent is not None else None,
                    self._bot_nodes.get(id(n), ""))

    # --- playing --------------------------------------------------------------------------------
    def _decide(self, a: Action, bot: str = "") -> None:
        """Play a legal decision through the controller: from the widget's own node into the record (the
        Game's current node follows), or on the State; the chance draws after it come from the seed."""
        self._play(a)
        self._kept(bot)

    def _play(self, a: Action) -> None:
        explanation, note = self.controller.play(str(a))
        if explanation is not None or note:  # parsed and checked here already: never expected
            raise RuntimeError(f"the decision {a} was refused: {note or explanation}")

    def _kept(self, bot: str = "") -> None:
        """Note the decision just played: on a Game which bot made it, on a State its steps (before,
        action, after), the chance draws after it included."""
        ctl = self.controller
        if ctl.node is not None:
            if bot:
                first = ctl.node
                while first.auto and first.parent is not None:
                    first = first.parent
                self._bot_nodes[id(first)] = bot
        else:
            self._keep(ctl.last_steps, bot)

    def _keep(self, steps: list[tuple[State, Action, State]], bot: str = "") -> None:
        for k, (before, a, after) in enumerate(steps):
            self._steps.append(Step(after, a, before, bot if k == 0 else ""))

    def _bot_side(self) -> str | None:
        if self._mode != "bot":
            return None
        return "sparta" if self._side == "athens" else "athens"

    def _play_bot(self) -> list[tuple[State, Action, State]]:
        """Let the bot decide while it is its turn in the battle; returns the steps it took (with the
        chance draws after them)."""
        bot = self._bot_side()
        steps: list[tuple[State, Action, State]] = []
        while bot is not None and self._bot is not None and in_battle(self.state, self.area) \
                and self.state.current_player == bot:
            self._decide(self._bot.choose(self.state, self._rng), bot=self._bot_name)
            steps += self.controller.last_steps
            if len(steps) > 500:
                raise RuntimeError("the bot did not finish its decisions")
        return steps

    def decided(self, who: str) -> None:
        """``who`` (the user) decided, through the battle panel: keep it, pass the screen if another side
        is to decide (hot seat), let the bot answer, and announce what the decision, the deal after it
        and the bot's reply did (a new batch of the announcements)."""
        steps = list(self.controller.last_steps)
        self._kept()
        self.panel(HandPanel).decided(self, who)
        steps += self._play_bot()
        self.panel(BattleAnnouncePanel).say(battle_items(steps, bot=self._bot_side(), own=self._mode == "bot"))

    def play(self, text: str | Action) -> None:
        """Make the current decision from Python (checked like a click), then let the bot answer."""
        if self._mode == "replay":
            raise ValueError(say(NO_PLAY))
        s = self.state
        if not in_battle(s, self.area):
            raise ValueError(say(OVER))
        a = parse_action(s, normalise(s, text) if isinstance(text, str) else str(text))
        who = s.current_player
        self._play(a)
        self.decided(who)
        self._refresh()

    # --- intents and the view -------------------------------------------------------------------
    def _act(self, intent: dict) -> tuple[Any, str]:
        kind = intent["kind"]
        if not isinstance(self.owner(kind), ReplayPanel):  # a replay only steps
            if self._mode == "replay":
                raise IntentError(say(ONLY_STEPS, kind=repr(kind)))
            moved = self.controller.check_node()
            if moved:
                return None, moved  # the intent was made on a position that is gone: show where we are
            if not in_battle(self.state, self.area):
                raise IntentError(say(OVER))
        return super()._act(intent)

    def _refresh(self, explanation: Any = None, note: str = "") -> None:
        if self._ctl is not None:
            note = self._ctl.check_node() or note
        try:
            self.trail
        except IntentError as e:
            self._rev += 1
            self.view = dict(self.view, rev=self._rev, note=say(REFUSED, why=str(e)), choice=None)
            return
        super()._refresh(explanation=explanation, note=note)
        self.panel(OddsPanel).fill(self)

    def __repr__(self) -> str:
        v = self.view
        src = "game" if self._game is not None else "state"
        who = f", side={self._side}" if self._side else ""
        where = f"{v.get('title', 'battle')}, exchange {v.get('exchanges', 0)}"
        if self._mode == "replay":
            where += f", step {self.pos + 1} of {len(self.span)}"
        return f"Combat({self._mode}, {src}{who}: {where}: {v.get('prompt', '')})"


def battle_start(node: Node, area: int) -> Node:
    """The first node of the battle in ``area`` that ``node`` stands in."""
    n = node
    while n.parent is not None and in_battle(n.parent.state, area):
        n = n.parent
    return n


def replay_span(game: Game) -> list[Node]:
    """The nodes of the battle to replay: the one the Game's current node stands in (or that it just
    ended), else the first battle after it on its line, else the first on the line."""
    line = game.line()
    cur = game.node
    k = next(i for i, n in enumerate(line) if n is cur)
    if not in_battle(cur.state) and cur.parent is not None and in_battle(cur.parent.state):
        k -= 1  # the node that ended a battle: replay that battle
    found = next((i for i in range(k, len(line)) if in_battle(line[i].state)), None)
    if found is None:
        found = next((i for i in range(len(line)) if in_battle(line[i].state)), None)
    if found is None:
        raise ValueError("this record holds no battle on its current line")
    area = _area(line[found].state)
    while found > 0 and in_battle(line[found - 1].state, area):
        found -= 1
    span = [line[found]]
    for n in line[found + 1:]:
        span.append(n)
        if not in_battle(n.state, area):
            break
    return span


def _area(s: State) -> int:
    """The area of the battle ``s`` stands in."""
    assert s.battle is not None
    return s.battle.area


def battle_position(kind: str = "land", units: tuple[int, int] = (4, 4), prestige: tuple[int, int] = (3, 3),
                    seed: int = 0, *, area: str | None = None, round: str | None = None, edition: str = "ed1") -> State:
    """A position at the opening of a battle (before the deal), without a Game."""
    if kind not in ("land", "sea"):
        raise ValueError(f"kind must be 'land' or 'sea', not {kind!r}")
    if len(units) != 2 or any(not isinstance(u, int) or u < 2 for u in units):
        raise ValueError(f"units must be two counts (Athens, Sparta) of at least 2 each, not {units!r}")
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {', '.join(EDITIONS)}, not {edition!r}")
    area = area or ("boiotia" if kind == "land" else "kyklades")
    if round is None:
        rounds = topology_named(EDITIONS[edition].component_set).comp.rounds
        need = max(4, *units)
        round = next((r.label for r in rounds if r.stacking >= need), rounds[-1].label)
    s = position(edition, seed=seed, round=round, to_move="athens", units={area: tuple(units)},
                 prestige={"athens": prestige[0], "sparta": prestige[1]})
    b = topology_of(s)
    i = b.area_index[area]
    if b.is_sea[i] != (kind == "sea"):
        raise ValueError(f"{area} is {'a sea' if b.is_sea[i] else 'a territory'}, not a {kind} area")
    log: list = []
    s = start_battle(s, i, log)
    return s.evolve(log=tuple(log))
