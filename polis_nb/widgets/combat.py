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
"""
from __future__ import annotations

import random
from typing import Callable

import traitlets

from ..analysis.bots import POLICIES, greedy_policy, make_bot  # noqa: F401 (greedy_policy: tutorial 09 imports it here)
from ..record import Game, Node
from ..render.combatview import Step, combat_view, in_battle, odds_view
from ..rules import (EDITIONS, PLAYERS, Action, IllegalActionError, InvalidActionError, State, topology_of, topology_named,
                     card_name, card_types, parse_action, position, poss, start_battle)
from ._assets import css, esm
from .base import IntentWidget
from .control import Controller
from .intents import IntentError

KINDS = {"choose": ("action",), "reveal": ("side",), "hide": (), "nav": ("dir",)}
MODES = ("hotseat", "bot", "replay")
NAMES = {"athens": "Athens", "sparta": "Sparta"}


def _bots() -> dict[str, Callable]:
    """The bots a Combat takes by name: the analysis registry's policies (:func:`make_bot` makes the bot)."""
    return dict(POLICIES)


class Combat(IntentWidget):
    _kind = traitlets.Unicode("combat").tag(sync=True)
    _esm, _css = esm("combat"), css("combat")  # widgets/core.js + widgets/combat.js (and the .css)
    KINDS = KINDS

    def __init__(self, source: Game | State, *, mode: str = "hotseat", side: str | None = None,
                 bot: str | Callable = "sensible", seed: int = 0, odds: bool = True, odds_samples: int = 200,
                 odds_policies: tuple[str, str] = ("greedy", "greedy"), **kwargs):
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
        self._mode, self._side, self._seed = mode, side, seed
        self._game = source if isinstance(source, Game) else None
        self._bot_name, self._bot = "", None
        if mode == "bot":
            if isinstance(bot, str) and bot not in _bots():
                raise ValueError(f"unknown bot {bot!r}; known: {', '.join(sorted(_bots()))}")
            self._bot = make_bot(bot)  # a name, a policy function or a bot
            self._bot_name = self._bot.name
        self._rng = random.Random(seed)
        self._bot_nodes: dict[int, str] = {}
        self._shown: str | None = None
        self._odds_on, self._odds_samples, self._odds_policies = bool(odds), int(odds_samples), tuple(odds_policies)
        self._odds_cache: dict = {}
        self._steps: list[Step] = []  # on a State: the battle so far (a Game keeps it in its record)
        self._span: list[Node] = []
        self._pos = 0
        self._ctl: Controller | None = None  # plays the decisions (hot seat, bot); a replay only steps
        if mode == "replay":
            self._span = self._replay_span(source)  # type: ignore[arg-type]
            self._area = self._span[0].state.battle.area  # type: ignore[union-attr]
            cur = source.node  # type: ignore[union-attr]
            self._pos = next((k for k, n in enumerate(self._span) if n is cur), 0)
        elif self._game is not None:
            self._ctl = Controller(self._game, None)
            self._ctl.settle(within=in_battle)  # a record left unsettled: deal from its seed
            if not in_battle(self._ctl.state):
                raise ValueError("the game's current position is not in a battle (game.state.battle is None); "
                                 "go to a node inside one, or use mode='replay'")
            self._area = self._ctl.state.battle.area  # type: ignore[union-attr]
            self._start = self._battle_start(self._ctl.node, self._area)  # type: ignore[arg-type]
        else:
            s = source
            if not in_battle(s):  # type: ignore[arg-type]
                raise ValueError("the state is not in a battle (state.battle is None); see Combat.setup")
            self._area = s.battle.area  # type: ignore[union-attr]
            self._ctl = Controller(s, None, settle=False)
            self._steps = [Step(s)]  # type: ignore[arg-type]
            self._keep(self._ctl.settle())  # the deal
        super().__init__(**kwargs)
        self._play_bot()
        self._refresh()

    # --- setting up a battle from scratch ---------------------------------------------------------
    @classmethod
    def setup(cls, kind: str = "land", units: tuple[int, int] = (4, 4), prestige: tuple[int, int] = (3, 3),
              seed: int = 0, *, area: str | None = None, round: str | None = None, edition: str = "ed1",
              **kwargs) -> "Combat":
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
    def trail(self) -> list[Step]:
        """The battle so far: its opening position, then one step per decision."""
        if self._mode == "replay":
            return [self._step(n) for n in self._span[:self._pos + 1]]
        if self._game is None:
            return list(self._steps)
        return [self._step(n) for n in self._path()]

    @property
    def state(self) -> State:
        """The position now (in replay: at the current step)."""
        if self._mode == "replay":
            return self._span[self._pos].state
        return self._ctl.state  # type: ignore[union-attr]

    @property
    def node(self) -> Node | None:
        """The record's node shown now (None without a Game)."""
        if self._mode == "replay":
            return self._span[self._pos]
        return self._ctl.node  # type: ignore[union-attr]

    @property
    def over(self) -> bool:
        return not in_battle(self.state, self._area)

    def refresh(self) -> None:
        """Redraw where the widget stands (cells that play in the Game do not move it)."""
        self._refresh()

    # --- the record -----------------------------------------------------------------------------
    @staticmethod
    def _battle_start(node: Node, area: int) -> Node:
        n = node
        while n.parent is not None and in_battle(n.parent.state, area):
            n = n.parent
        return n

    def _path(self) -> list[Node]:
        out = []
        n: Node | None = self._ctl.node  # type: ignore[union-attr]
        while n is not None and n is not self._start:
            out.append(n)
            n = n.parent
        if n is None:
            raise IntentError("the widget's position is not in this battle any more")
        out.append(self._start)
        return out[::-1]

    def _step(self, n: Node) -> Step:
        return Step(n.state, n.action, n.parent.state if n.parent is not None else None,
                    self._bot_nodes.get(id(n), ""))

    def _replay_span(self, game: Game) -> list[Node]:
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
        area = line[found].state.battle.area  # type: ignore[union-attr]
        while found > 0 and in_battle(line[found - 1].state, area):
            found -= 1
        span = [line[found]]
        for n in line[found + 1:]:
            span.append(n)
            if not in_battle(n.state, area):
                break
        return span

    # --- playing --------------------------------------------------------------------------------
    def _decide(self, a: Action, bot: str = "") -> None:
        """Play a legal decision through the controller: from the widget's own node into the record (the
        Game's current node follows), or on the State; the chance draws after it come from the seed."""
        ctl = self._ctl
        assert ctl is not None  # a replay never decides
        explanation, note = ctl.play(str(a))
        if explanation is not None or note:  # parsed and checked here already: never expected
            raise RuntimeError(f"the decision {a} was refused: {note or explanation}")
        if ctl.node is not None:
            if bot:
                first = ctl.node
                while first.auto and first.parent is not None:
                    first = first.parent
                self._bot_nodes[id(first)] = bot
        else:
            self._keep(ctl.last_steps, bot)

    def _keep(self, steps, bot: str = "") -> None:
        """Add the controller's steps (before, action, after) to the battle played on a State; ``bot``
        names the bot that made the first."""
        for k, (before, a, after) in enumerate(steps):
            self._steps.append(Step(after, a, before, bot if k == 0 else ""))

    def _bot_side(self) -> str | None:
        if self._mode != "bot":
            return None
        return "sparta" if self._side == "athens" else "athens"

    def _play_bot(self) -> None:
        bot = self._bot_side()
        n = 0
        while bot is not None and in_battle(self.state, self._area) and self.state.current_player == bot:
            a = self._bot.choose(self.state, self._rng)  # type: ignore[union-attr]
            self._decide(a, bot=self._bot_name)
            n += 1
            if n > 500:
                raise RuntimeError("the bot did not finish its decisions")

    def play(self, text: str | Action) -> None:
        """Make the current decision from Python (checked like a click), then let the bot answer."""
        if self._mode == "replay":
            raise ValueError("a replay does not play; step with back and forward")
        s = self.state
        if not in_battle(s, self._area):
            raise ValueError("the battle is over")
        a = parse_action(s, _normalise(s, text) if isinstance(text, str) else text)
        who = s.current_player
        self._decide(a)
        self._after_decision(who)
        self._refresh()

    def _after_decision(self, who: str) -> None:
        s = self.state
        if not in_battle(s, self._area) or s.current_player != who:
            self._shown = None  # pass the screen before the next side decides
        self._play_bot()

    # --- intents --------------------------------------------------------------------------------
    def _act(self, intent: dict):
        kind = intent["kind"]
        if kind == "nav":
            return self._nav(intent["dir"])
        if self._mode == "replay":
            raise IntentError(f"a replay only steps (back, forward, start, end); {kind!r} does nothing here")
        moved = self._ctl.check_node()  # type: ignore[union-attr]
        if moved:
            return None, moved  # the intent was made on a position that is gone: show where we are
        s = self.state
        if not in_battle(s, self._area):
            raise IntentError("the battle is over")
        if kind in ("reveal", "hide"):
            if self._mode != "hotseat":
                raise IntentError(f"{kind!r} belongs to hot seat play; {poss(self._side)} hand is always shown")
            if kind == "hide":
                self._shown = None
                return None, ""
            who = intent["side"]
            if who not in PLAYERS:
                raise IntentError(f"unknown side {who!r}")
            if s.current_player != who:
                raise IntentError(f"it is {poss(s.current_player)} decision, not {poss(who)}; {poss(who)} hand "
                                  "stays hidden")
            self._shown = who
            return None, ""
        # choose
        who = s.current_player
        mine = self._side if self._mode == "bot" else self._shown
        if who != mine:
            if self._mode == "hotseat":
                raise IntentError(f"{NAMES.get(who, who)} decides: show {poss(who)} hand first")
            raise IntentError(f"it is not {poss(self._side)} decision")
        text = intent["action"]
        try:
            a = parse_action(s, _normalise(s, text))
        except IllegalActionError as e:
            return e.explanation, ""
        except InvalidActionError as e:
            raise IntentError(e.problem) from None
        self._decide(a)
        self._after_decision(who)
        return None, ""

    def _nav(self, direction: str):
        if self._mode != "replay":
            raise IntentError("stepping back and forward belongs to replay mode")
        last = len(self._span) - 1
        moves = {"back": self._pos - 1, "forward": self._pos + 1, "start": 0, "end": last}
        if direction not in moves:
            raise IntentError(f"unknown direction {direction!r}; expected back, forward, start or end")
        self._pos = max(0, min(last, moves[direction]))
        return None, ""

    # --- the view -------------------------------------------------------------------------------
    def _viewer(self) -> tuple[str | None, bool, str | None, str | None]:
        """(viewer, open_hands, acting side, gate side) for the view now."""
        s = self.state
        live = in_battle(s, self._area) and not s.is_chance
        if self._mode == "replay":
            return self._side, self._side is None, None, None
        if self._mode == "bot":
            return self._side, False, self._side if live and s.current_player == self._side else None, None
        if live and self._shown != s.current_player:
            self._shown = None
            return None, False, None, s.current_player
        return self._shown, False, self._shown if live else None, None

    def _odds_key(self, viewer: str | None, open_hands: bool):
        s = self.state
        return (s, s.ply, viewer, open_hands)

    def _odds(self, viewer: str | None, open_hands: bool) -> dict | None:
        """The odds panel now: from the cache, or {"pending": True} until :meth:`_fill_odds` runs."""
        if not self._odds_on:
            return None
        got = self._odds_cache.get(self._odds_key(viewer, open_hands))
        return got if got is not None else {"available": True, "pending": True}

    def _fill_odds(self, viewer: str | None, open_hands: bool) -> None:
        """Compute the pending odds after the view went out, so the reveal does not wait for them."""
        key = self._odds_key(viewer, open_hands)
        if not self._odds_on or key in self._odds_cache:
            return
        if len(self._odds_cache) > 256:
            self._odds_cache.clear()
        rev = self._rev
        got = self._odds_cache[key] = odds_view(self.state, self._area, viewer, open_hands=open_hands,
                                                seed=self._seed, samples=self._odds_samples,
                                                policies=self._odds_policies)  # type: ignore[arg-type]
        if self._rev == rev:
            self.view = dict(self.view, odds=got)  # same rev: the position did not change

    def _refresh(self, explanation=None, note: str = "") -> None:
        if self._ctl is not None:
            note = self._ctl.check_node() or note
        try:
            trail = self.trail
        except IntentError as e:
            self._rev += 1
            self.view = dict(self.view, rev=self._rev, note=f"Refused: {e}", choice=None)
            return
        viewer, open_hands, acting, gate = self._viewer()
        why = ""
        if self._mode == "replay":
            why = "A replay follows the record: step with back and forward."
        elif gate:
            why = f"{NAMES[gate]} decides: show {poss(gate)} hand first."
        nav = None
        if self._mode == "replay":
            nav = {"back": self._pos > 0, "forward": self._pos < len(self._span) - 1, "position": self._pos,
                   "count": len(self._span)}
        bots = {self._bot_side(): self._bot_name} if self._mode == "bot" else {}
        self._rev += 1
        self.view = combat_view(trail, area=self._area, mode=self._mode, rev=self._rev, viewer=viewer,
                                open_hands=open_hands, acting=acting, gate=gate, bots=bots, retreat_why=why,
                                note=note, explanation=explanation, odds=self._odds(viewer, open_hands), nav=nav)
        self._fill_odds(viewer, open_hands)

    def __repr__(self) -> str:
        v = self.view
        src = "game" if self._game is not None else "state"
        who = f", side={self._side}" if self._side else ""
        where = f"{v.get('title', 'battle')}, exchange {v.get('exchanges', 0)}"
        if self._mode == "replay":
            where += f", step {self._pos + 1} of {len(self._span)}"
        return f"Combat({self._mode}, {src}{who}: {where}: {v.get('prompt', '')})"


def _normalise(s: State, text: str) -> str:
    """Two cards named in any order → the order the notation wants (deck order where it matters)."""
    words = text.split()
    if len(words) != 3 or words[0] not in ("play", "answer") or s.battle is None:
        return text
    names = [card_name(t) for t in card_types(s.components, s.battle.kind)[0]]
    x, y = words[1], words[2]
    if x not in names or y not in names or names.index(x) <= names.index(y):
        return text
    played = s.battle.played
    if words[0] == "play" or (len(played) == 2 and played[0] == played[1]):
        return f"{words[0]} {y} {x}"
    return text


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
