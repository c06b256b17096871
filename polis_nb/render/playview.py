"""What the Board shows in a game against a bot, as plain JSON in words: the bot's reply (one
sentence per action, marks for the map), the end of the game (the score, or how it ended at once)
and the game's review (accuracy per side, the marked decisions, the win-chance chart).

A reply is a run of *steps* ``(position before, decision, position after)``, the way the record holds
them: the decisions the bot took since the user's last one, the chance steps between them (dice,
cards, project tiles, the event) and any battle steps of either side. :func:`group_steps` cuts the
run into actions (a turn's action with all its sub-decisions, a pass, a round-end step, a battle, the
draws at the start of a round, a lone die roll) and :func:`reply_view` names each in one sentence
("Sparta moved 3 hoplites from Lakedaimon to Arkadia") and marks it on the map (an arrow for a move,
a ring around the poleis and areas acted on). Everything is built from the positions and the
kernel's own log; nothing here decides a rule. Pure Python; no widget library.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, overload

from ..analysis.plot import GLYPH_NAMES, review_svg
from ..analysis import reviewwords
from ..analysis.words import listed
from ..i18n import available, get_language, message, plural
from ..i18n.render import template
from ..record.node import Mark
from ..record.result import Result
from ..rules import (ACTIONS, PLAYERS, RULES, Action, State, decisions_of_phase, price, score_parts, target_of,
                     topology_of)
from .text import _NUMBER, action_words, cite_sections, edition_words, plain, target_name
from .say import say, side_name
from .viewmodel import log_json

if TYPE_CHECKING:
    from ..analysis.review import Review

Step = tuple[State, Action, State]

#: the colour of a side's marks on the map (Athens blue, Sparta red), as the units are drawn
SIDE_COLOUR = ("blue", "red")
#: the decisions a reader counts as one battle: all of the battles phase's
BATTLE_PHASE_DECISIONS = decisions_of_phase("battles")
ROUND_DRAWS = frozenset({"draw-project", "draw-event"})
MOVES = {"hoplites": "hoplite", "fleet": "galley"}
BUILDS = {"train": ("trained", "hoplite"), "galleys": ("built", "galley"), "ships": ("built", "ship")}
_ROUND_END = re.compile(r"^Round .* ends\b")


@dataclass
class Group:
    """One action of a reply: ``kind`` is the action's keyword (``train``, ``hoplites``, ``pass`` ...),
    a round-end decision (``feed``, ``grow``, ``phoros``, ``project-remove``, ``event-...``),
    ``battle``, ``round-start`` (the draws of a new round) or ``chance`` (a lone die roll);
    ``actor`` the side that took it (0, 1; None for chance and battles)."""

    kind: str
    actor: int | None
    steps: list[Step] = field(default_factory=list)
    area: int | None = None  # a battle's area

    @property
    def before(self) -> State:
        return self.steps[0][0]

    @property
    def after(self) -> State:
        return self.steps[-1][2]


def group_steps(steps: list[Step]) -> list[Group]:
    """Cut a run of steps into the actions a reader names one by one (see :class:`Group`)."""
    out: list[Group] = []
    cur: Group | None = None
    for step in steps:
        s, a, _ = step
        k, p = s.pending.kind, s.pending.player
        if k == "turn":
            cur = Group(a.kind, p)
            out.append(cur)
        elif k in BATTLE_PHASE_DECISIONS:
            b = topology_of(s)
            area = s.battle.area if s.battle is not None else b.area_index.get(a.args[0] if a.args else "")
            if cur is None or cur.kind != "battle" or (area is not None and cur.area not in (None, area)):
                cur = Group("battle", None, area=area)
                out.append(cur)
            cur.area = area if cur.area is None else cur.area
        elif k in ROUND_DRAWS:
            if cur is None or cur.kind != "round-start":
                cur = Group("round-start", None)
                out.append(cur)
        elif s.is_chance:  # a die after an action joins it; alone (the reply starts with it) it stands alone
            if cur is None or cur.actor is None and cur.kind != "chance":
                cur = Group("chance", None)
                out.append(cur)
        elif k in ("feed", "grow", "phoros", "project-remove") or k.startswith("event-"):
            if cur is None or cur.kind != k or cur.actor != p:
                cur = Group(k, p)
                out.append(cur)
        elif cur is None or cur.actor != p or cur.kind in ("battle", "round-start", "chance"):
            cur = Group(k, p)  # a sub-decision whose action began before this run
            out.append(cur)
        cur.steps.append(step)
    return out


# --- words ---------------------------------------------------------------------------------------
# Each sentence is a message (ids "view.play.*") with the sides, places, goods and projects as term ids, so
# that every language says it with its own grammar; lists go through the analysis's "a, b and c" message.

GOODS = message("view.play.goods", "{n} {good}")
LIST_TIMES = plural("view.play.times", "{text} ({n} time)", "{text} ({n} times)")
PAYING = message("view.play.paying", "{done}, paying {goods}")
SIEGE_DIE = message("view.play.siege-die", "the siege die showed {n}")
MARKET_DIE = message("view.play.market-die", "the market die showed {n}")

#: a build action's sentence by (action, something built, where known)
BUILT = {
    ("train", True, True): plural("view.play.trained-in", "{side} trained {n} hoplite in {poleis}",
                                  "{side} trained {n} hoplites in {poleis}"),
    ("train", True, False): plural("view.play.trained", "{side} trained {n} hoplite", "{side} trained {n} hoplites"),
    ("train", False, True): message("view.play.trained-none-in", "{side} trained no hoplites in {poleis}"),
    ("train", False, False): message("view.play.trained-none", "{side} trained no hoplites"),
    ("galleys", True, True): plural("view.play.built-galleys-in", "{side} built {n} galley in {poleis}",
                                    "{side} built {n} galleys in {poleis}"),
    ("galleys", True, False): plural("view.play.built-galleys", "{side} built {n} galley", "{side} built {n} galleys"),
    ("galleys", False, True): message("view.play.built-galleys-none-in", "{side} built no galleys in {poleis}"),
    ("galleys", False, False): message("view.play.built-galleys-none", "{side} built no galleys"),
    ("ships", True, True): plural("view.play.built-ships-in", "{side} built {n} trade ship in {poleis}",
                                  "{side} built {n} trade ships in {poleis}"),
    ("ships", True, False): plural("view.play.built-ships", "{side} built {n} trade ship",
                                   "{side} built {n} trade ships"),
    ("ships", False, True): message("view.play.built-ships-none-in", "{side} built no trade ships in {poleis}"),
    ("ships", False, False): message("view.play.built-ships-none", "{side} built no trade ships"),
}
#: a move's sentences by unit: one group of units, several to one area, several moves, none yet, none
MOVED = {
    "hoplite": (plural("view.play.moved-hoplites", "{side} moved {n} hoplite from {area_from} to {area_to}",
                       "{side} moved {n} hoplites from {area_from} to {area_to}"),
                plural("view.play.moved-hoplites-to", "{side} moved {n} hoplite to {area}: {parts}",
                       "{side} moved {n} hoplites to {area}: {parts}"),
                plural("view.play.hoplites-from-to", "{n} hoplite from {area_from} to {area_to}",
                       "{n} hoplites from {area_from} to {area_to}"),
                message("view.play.moving-hoplites", "{side} is moving hoplites"),
                message("view.play.moving-hoplites-to", "{side} is moving hoplites to {area}"),
                message("view.play.moved-no-hoplites", "{side} chose to move hoplites but moved none"),
                message("view.play.moved-no-hoplites-to", "{side} chose to move hoplites to {area} but moved none")),
    "galley": (plural("view.play.moved-galleys", "{side} moved {n} galley from {area_from} to {area_to}",
                      "{side} moved {n} galleys from {area_from} to {area_to}"),
               plural("view.play.moved-galleys-to", "{side} moved {n} galley to {area}: {parts}",
                      "{side} moved {n} galleys to {area}: {parts}"),
               plural("view.play.galleys-from-to", "{n} galley from {area_from} to {area_to}",
                      "{n} galleys from {area_from} to {area_to}"),
               message("view.play.moving-galleys", "{side} is moving galleys"),
               message("view.play.moving-galleys-to", "{side} is moving galleys to {area}"),
               message("view.play.moved-no-galleys", "{side} chose to move galleys but moved none"),
               message("view.play.moved-no-galleys-to", "{side} chose to move galleys to {area} but moved none")),
}
FROM_PART = message("view.play.n-from", "{n} from {area}")
MOVED_SEVERAL = message("view.play.moved-several", "{side} moved {moves}")

A_BATTLE = message("view.play.a-battle", "A battle")
BATTLE_KINDS = {"land": message("view.play.land-battle", "Land battle"),
                "sea": message("view.play.sea-battle", "Sea battle")}
BATTLE = message("view.play.battle-kind", "Battle")
UNITS_LEFT = {True: message("view.play.galleys-left", "galleys left: {side_athens} {athens}, {side_sparta} {sparta}"),
              False: message("view.play.hoplites-left", "hoplites left: {side_athens} {athens}, {side_sparta} {sparta}")}
BATTLE_ENDS = message("view.play.battle-ends", "{kind} in {area}: {ending} ({units})")
BATTLE_GOES_ON = message("view.play.battle-goes-on", "{kind} in {area} goes on ({units})")
BATTLE_IN = message("view.play.battle-in", "{kind} in {area} ({units})")

ROUND_BEGINS = message("view.play.round-begins", "Round {round} begins")
ROUND_BEGINS_WITH = message("view.play.round-begins-with", "Round {round} begins: {what}")
ON_DISPLAY = plural("view.play.on-display", "{tiles} goes on display", "{tiles} go on display")
EVENT_IS = message("view.play.event-is", "the event is {event}")

PASSED = message("view.play.passed", "{side} passed")
PASSED_ENDS = message("view.play.passed-round-ends", "{side} passed and the round ends")
#: a project begun, by (tile known, polis known)
STARTED = {(True, True): message("view.play.started-project-in", "{side} started {project} in {polis}"),
           (True, False): message("view.play.started-project", "{side} started {project}"),
           (False, True): message("view.play.started-a-project-in", "{side} started a project in {polis}"),
           (False, False): message("view.play.started-a-project", "{side} started a project")}
CHOSE_SIEGE = message("view.play.chose-siege", "{side} chose to besiege a polis")
#: a siege by (won, dice known)
BESIEGED = {(True, True): message("view.play.besieged-took-dice", "{side} besieged {polis}: {dice} — {side} took it"),
            (True, False): message("view.play.besieged-took", "{side} besieged {polis} — {side} took it"),
            (False, True): message("view.play.besieged-failed-dice",
                                   "{side} besieged {polis}: {dice} — the siege failed"),
            (False, False): message("view.play.besieged-failed", "{side} besieged {polis} — the siege failed")}
#: tribute by (area known, goods got)
TRIBUTE = {(True, True): message("view.play.tribute-got", "{side} demanded tribute from {area} and got {goods}"),
           (True, False): message("view.play.tribute", "{side} demanded tribute from {area}"),
           (False, True): message("view.play.tribute-somewhere-got",
                                  "{side} demanded tribute from a territory and got {goods}"),
           (False, False): message("view.play.tribute-somewhere", "{side} demanded tribute from a territory")}
CHOSE_TRADE = message("view.play.chose-trade", "{side} chose to trade")
TRADED = message("view.play.traded", "{side} traded at {market}: {deal}")
TRADED_DICE = message("view.play.traded-dice", "{side} traded at {market}: {deal}; {dice}")
DEAL_FOR = message("view.play.deal-for", "{got} for {paid}")
DEAL_BUY = message("view.play.deal-buy", "{got}, bought with silver")
CHOSE_PROXENOS = message("view.play.chose-proxenos", "{side} chose to move its proxenos")
#: a proxenos moved, by (from a polis, how)
PROXENOS = {
    (True, "land"): message("view.play.proxenos-from-land", "{side} moved its proxenos from {polis_from} to {polis_to} by land"),
    (True, "sea"): message("view.play.proxenos-from-sea", "{side} moved its proxenos from {polis_from} to {polis_to} by sea"),
    (True, ""): message("view.play.proxenos-from", "{side} moved its proxenos from {polis_from} to {polis_to}"),
    (False, "land"): message("view.play.proxenos-land", "{side} moved its proxenos to {polis_to} by land"),
    (False, "sea"): message("view.play.proxenos-sea", "{side} moved its proxenos to {polis_to} by sea"),
    (False, ""): message("view.play.proxenos", "{side} moved its proxenos to {polis_to}")}
CIVIL_WAR = plural("view.play.civil-war", "{side} started a civil war in {poleis}, which joins {side}",
                   "{side} started a civil war in {poleis}, which join {side}")
RELEASED = message("view.play.released", "{side} released {poleis} (neutral again)")
COVERED = message("view.play.covered", "{side} covered its food shortfall with prestige")
RELEASED_COVERED = message("view.play.released-covered",
                           "{side} released {poleis} (neutral again) and covered its food shortfall with prestige")
FED = message("view.play.fed", "{side} fed its poleis")
GREW = message("view.play.grew", "{side} let {poleis} grow")
GREW_NONE = message("view.play.grew-none", "{side} let no polis grow")
PHOROS_NONE = message("view.play.phoros-none", "{side} kept its prestige (no phoros)")
PHOROS = message("view.play.phoros", "{side} turned {n} prestige into {goods} (phoros)")
PHOROS_SOME = message("view.play.phoros-some", "{side} turned some prestige into {goods} (phoros)")
REMOVED = message("view.play.removed", "{side} removed {projects} from the game")
EVENT_SAID = message("view.play.event-said", "{side}: {said}")
EVENT_ANSWERED = message("view.play.event-answered", "{side} answered the event")
DECISION = message("view.play.decision", "{side}: {title}")
DECISION_SAID = message("view.play.decision-said", "{side}: {title} — {said}")
A_DECISION = message("view.play.a-decision", "a decision")


def _and(items: list[str]) -> str:
    """Items as "a, b and c" in the current language (empty ones left out)."""
    items = [x for x in items if x]
    return listed(items, "and") if items else ""


def _lower(text: str) -> str:
    """``text`` with a small first letter, unless it starts a name written in capitals."""
    return text if text[1:2].isupper() else text[:1].lower() + text[1:]


def _say(s: State, msg: str, **args) -> str:
    """``msg`` in the current language, its terms named as the component set of ``s`` names them."""
    return say(msg, components=s.components, **args)


def _term(s: State, kind: str, ident: str) -> str:
    """A term (a polis, a project ...) by its id, as the current language names it."""
    return _say(s, "{%s}" % kind, **{kind: ident})


def _goods_change(g: Group, p: int) -> tuple[list[str], list[str]]:
    """(what side ``p`` paid, what it got) over the group, in words: goods and prestige."""
    comp = topology_of(g.before).comp
    paid, got = [], []
    for name, x, y in zip(comp.goods, g.before.goods[p], g.after.goods[p]):
        if y < x:
            paid.append(_say(g.before, GOODS, n=x - y, good=name))
        elif y > x:
            got.append(_say(g.before, GOODS, n=y - x, good=name))
    dp = g.after.prestige[p] - g.before.prestige[p]
    (paid if dp < 0 else got).extend([_say(g.before, GOODS, n=abs(dp), good="prestige")] if dp else [])
    return paid, got


def _paying(g: Group, p: int, done: str) -> str:
    paid, _ = _goods_change(g, p)
    return _say(g.before, PAYING, done=done, goods=_and(paid)) if paid else done


def _args(g: Group, kind: str, keyword: str | None = None) -> list[str]:
    """The first argument of each step of the decision ``kind`` (with the keyword, if given)."""
    return [a.args[0] for s, a, _ in g.steps
            if s.pending.kind == kind and a.args and (keyword is None or a.kind == keyword)]


def _polis_name(s: State, pid: str) -> str:
    return target_name(topology_of(s), pid)


def _dice(g: Group) -> list[str]:
    """The chance steps of an action in words, past tense ("the market die showed 2")."""
    out = []
    for s, a, _ in g.steps:
        if s.is_chance and s.pending.kind not in ROUND_DRAWS:
            if a.kind in ("die", "roll") and a.args:
                out.append(_say(s, SIEGE_DIE if a.kind == "die" else MARKET_DIE, n=a.args[0]))
            else:
                out.append(_lower(action_words(s, a)).replace(" shows ", " showed "))
    return out


def _dedupe(texts: list[str], s: State) -> list[str]:
    """Repeated sentences once, with how often ("... (3 times)")."""
    out: list[list] = []
    for x in texts:
        if out and out[-1][0] == x:
            out[-1][1] += 1
        else:
            out.append([x, 1])
    return [x if n == 1 else _say(s, LIST_TIMES, text=x, n=n) for x, n in out]


def _owner_changes(g: Group) -> list[tuple[int, int, int]]:
    """(polis index, owner before, owner after) for each polis that changed hands in the group."""
    return [(i, x, y) for i, (x, y) in enumerate(zip(g.before.owner, g.after.owner)) if x != y]


def _kernel_said(g: Group, skip_choice: bool = True) -> list[tuple[str, str]]:
    """The kernel's own sentences for the group as (English, in the current language), without "X chooses Y"
    (the sentence names it)."""
    out = []
    for _, _, t in g.steps:
        for e in t.log:
            text = plain(e.text, t.components)
            if skip_choice and " chooses " in text:
                continue
            out.append((text.rstrip("."), plain(e.words(), t.components).rstrip(".")))
    return out


def _kernel_text(g: Group, skip_choice: bool = True) -> list[str]:
    """The kernel's own sentences for the group in the current language (see :func:`_kernel_said`)."""
    return [said for _, said in _kernel_said(g, skip_choice)]


def _sentence_build(g: Group, side: str, p: int) -> str:
    kind = {"train": "train-pay", "galleys": "galley-pay", "ships": "ships-pay"}[g.kind]
    n = sum(1 for s, a, _ in g.steps if s.pending.kind == kind and a.kind in ("pay", "hire"))
    where = _and([_polis_name(g.before, x) for x in dict.fromkeys(_args(g, kind.replace("-pay", "-polis")))])
    text = _paying(g, p, _say(g.before, BUILT[g.kind, bool(n), bool(where)], side=side, n=n, poleis=where))
    if g.kind == "ships" and get_language() == "en":  # the edition's own word (merchants in the second)
        text = edition_words(topology_of(g.before).comp, text)
    return text


def _moves(g: Group) -> dict[tuple[str, str], int]:
    """How many units the group moved from each origin to each destination (area ids)."""
    dest = None
    moved: dict[tuple[str, str], int] = {}
    for s, a, _ in g.steps:
        if a.kind == "to" and a.args:
            dest = a.args[0]
        elif a.kind == "from" and a.args and s.pending.kind == "move-from":
            d = dest or (topology_of(s).area_ids[s.pending.data[1]] if len(s.pending.data) > 1 else "")
            moved[(a.args[0], d)] = moved.get((a.args[0], d), 0) + 1
    return moved


def _sentence_move(g: Group, side: str) -> str:
    """The move in words."""
    one, to_one, part, moving, moving_to, none, none_to = MOVED[MOVES[g.kind]]
    s = g.before
    moved = _moves(g)
    total = sum(moved.values())
    if not total:
        dest = next((a.args[0] for _, a, _ in g.steps if a.kind == "to" and a.args), None)
        if g.after.pending.kind.startswith("move-") and not g.after.is_terminal:  # still choosing
            return _say(s, moving_to, side=side, area=dest) if dest else _say(s, moving, side=side)
        return _say(s, none_to, side=side, area=dest) if dest else _say(s, none, side=side)
    dests = list(dict.fromkeys(d for _, d in moved))
    if len(moved) == 1:
        (src, d), n = next(iter(moved.items()))
        return _say(s, one, side=side, n=n, area_from=src, area_to=d)
    if len(dests) == 1:
        parts = [_say(s, FROM_PART, n=n, area=src) for (src, _), n in moved.items()]
        return _say(s, to_one, side=side, n=total, area=dests[0], parts=_and(parts))
    parts = [_say(s, part, n=n, area_from=src, area_to=d) for (src, d), n in moved.items()]
    return _say(s, MOVED_SEVERAL, side=side, moves=_and(parts))


def _battle_area(g: Group) -> str | None:
    """The id of the area a battle group is fought in (None if not known)."""
    return None if g.area is None else topology_of(g.before).area_ids[g.area]


def _sentence_battle(g: Group) -> str:
    """A battle (or its part in this reply) in words."""
    b = topology_of(g.before)
    s = g.before
    area = _battle_area(g)
    if g.area is None or area is None:
        return _say(s, A_BATTLE)
    bt = next((s.battle for s, _, _ in g.steps if s.battle is not None and s.battle.area == g.area), None)
    kind = _say(s, BATTLE_KINDS.get(bt.kind, BATTLE)) if bt is not None else _say(s, BATTLE)
    texts = [t for t in _kernel_said(g, skip_choice=False) if area and target_name(b, area) in t[0]]
    ending = [said for t, said in texts if "battle ends" in t or ("retreat" in t.lower() and "fights on" not in t)]
    n_a, n_s = g.after.units[g.area]
    units = _say(s, UNITS_LEFT[bool(b.is_sea[g.area])], side_athens="athens", athens=n_a, side_sparta="sparta",
                 sparta=n_s)
    if ending:
        return _say(s, BATTLE_ENDS, kind=kind, area=area, ending=ending[-1], units=units)
    if g.after.battle is not None and g.after.battle.area == g.area:
        return _say(s, BATTLE_GOES_ON, kind=kind, area=area, units=units)
    return _say(s, BATTLE_IN, kind=kind, area=area, units=units)


def _sentence_round_start(g: Group) -> str:
    s = g.after
    comp = topology_of(s).comp
    tiles, event = [], None
    for st, a, _ in g.steps:
        if a.kind == "draw" and a.args:
            b = topology_of(st)
            tiles.append(_term(st, "project", a.args[0]) if a.args[0] in b.project_index else target_name(b, a.args[0]))
        elif a.kind == "event" and a.args:
            event = a.args[0]
    parts = []
    if tiles:
        parts.append(_say(s, ON_DISPLAY, tiles=_and(tiles), n=len(tiles)))
    if event:
        parts.append(_say(s, EVENT_IS, event=event))
    r = comp.rounds[s.round].label
    return _say(s, ROUND_BEGINS_WITH, round=r, what="; ".join(parts)) if parts else _say(s, ROUND_BEGINS, round=r)


def group_sentence(g: Group) -> str:
    """One sentence (no final stop) naming what the group did, in the current language."""
    k, p = g.kind, g.actor
    if k == "battle":
        return _sentence_battle(g)
    if k == "round-start":
        return _sentence_round_start(g)
    if k == "chance":
        said = _kernel_text(g)
        return "; ".join(said) if said else _and([action_words(s, a) for s, a, _ in g.steps])
    assert p is not None
    side = PLAYERS[p]
    b = topology_of(g.before)
    s0 = g.before
    if k == "pass":
        ends = any(_ROUND_END.match(e.text) for _, _, t in g.steps for e in t.log)
        return _say(s0, PASSED_ENDS if ends else PASSED, side=side)
    if k in BUILDS:
        return _sentence_build(g, side, p)
    if k in MOVES:
        return _sentence_move(g, side)
    if k == "project":
        tile = next(iter(_args(g, "project-tile")), None)
        where = next(iter(_args(g, "project-polis")), None)
        known = tile is not None and tile in b.project_index
        return _paying(g, p, _say(s0, STARTED[known, bool(where)], side=side, project=tile, polis=where or ""))
    if k == "siege":
        polis = next(iter(_args(g, "siege-polis")), None)
        if polis is None:
            return _say(s0, CHOSE_SIEGE, side=side)
        dice = _dice(g)
        won = g.after.owner[b.polis_index[polis]] == p
        return _say(s0, BESIEGED[won, bool(dice)], side=side, polis=polis, dice=_and(dice))
    if k == "tribute":
        area = next(iter(_args(g, "tribute-area")), None)
        _, got = _goods_change(g, p)
        return _say(s0, TRIBUTE[bool(area), bool(got)], side=side, area=area or "", goods=_and(got))
    if k == "trade":
        step = next(((s, a) for s, a, _ in g.steps if s.pending.kind == "trade-offer"), None)
        if step is None:
            return _say(s0, CHOSE_TRADE, side=side)
        market, deal = _deal(*step)
        dice = _dice(g)
        return _say(s0, TRADED_DICE if dice else TRADED, side=side, market=market, deal=deal, dice=_and(dice))
    if k == "proxenos":
        step = next(((s, a) for s, a, _ in g.steps if s.pending.kind == "proxenos-dest"), None)
        if step is None:
            return _say(s0, CHOSE_PROXENOS, side=side)
        s, a = step
        how = a.args[-1] if len(a.args) > 1 and a.args[-1] in ("land", "sea") else ""
        start = s.proxenos[p]
        return _say(s, PROXENOS[start >= 0, how], side=side, polis_from=b.comp.poleis[start].id if start >= 0 else "",
                    polis_to=a.args[0])
    if k == "civilwar":
        won = [b.comp.poleis[i].id for i, _, y in _owner_changes(g) if y == p]
        if won:
            return _say(s0, CIVIL_WAR, side=side, poleis=_and([_term(s0, "polis", x) for x in won]), n=len(won))
    if k == "feed":
        released = [_polis_name(g.before, x) for x in _args(g, "feed", "release")]
        covered = any(a.kind == "feed" for _, a, _ in g.steps)
        if released:
            return _say(s0, RELEASED_COVERED if covered else RELEASED, side=side, poleis=_and(released))
        return _say(s0, COVERED if covered else FED, side=side)
    if k == "grow":
        grown = [_polis_name(g.before, x) for x in _args(g, "grow", "grow")]
        return _say(s0, GREW, side=side, poleis=_and(grown)) if grown else _say(s0, GREW_NONE, side=side)
    if k == "phoros":
        a = g.steps[-1][1]
        if a.args and a.args[0] == "0":
            return _say(s0, PHOROS_NONE, side=side)
        _, got = _goods_change(g, p)
        goods = _and(got) or _term(s0, "good", "silver")
        return (_say(s0, PHOROS, side=side, n=a.args[0], goods=goods) if a.args
                else _say(s0, PHOROS_SOME, side=side, goods=goods))
    if k == "project-remove":
        gone = [_term(s0, "project", x) if x in b.project_index else x for x in _args(g, "project-remove")]
        return _say(s0, REMOVED, side=side, projects=_and(gone))
    if k.startswith("event-"):  # the kernel says what the event made the side do
        said = _dedupe(_kernel_text(g), s0)
        return _say(s0, EVENT_SAID, side=side, said="; ".join(said)) if said else _say(s0, EVENT_ANSWERED, side=side)
    # anything else: the action's name and the kernel's own words for it
    title = _words_of_edition(b.comp, say(ACTIONS[k].title)) if k in ACTIONS else ""
    if not title:
        chosen = [_lower(action_words(s, a)) for s, a, _ in g.steps if not s.is_chance and s.pending.kind != "turn"]
        title = _and(chosen) or _say(s0, A_DECISION)
    said = _kernel_text(g)
    return (_say(s0, DECISION_SAID, side=side, title=title, said="; ".join(said)) if said
            else _say(s0, DECISION, side=side, title=title))


def _words_of_edition(comp, text: str) -> str:
    """English words in the edition's own terms (merchants for trade ships in the second); other languages
    name the edition's terms themselves."""
    return edition_words(comp, text) if get_language() == "en" else text


def _deal(s: State, a: Action) -> tuple[str, str]:
    """(the market, the deal in words) of a trade offer taken: ("Persis", "3 wheat for 4 wine"), or
    "3 wheat, bought with silver"."""
    b = topology_of(s)
    mid, _, slot = (a.args[0] if a.args else "").partition(".")
    offers = b.comp.markets[b.market_index[mid]].offers if mid in b.market_index else ()
    market = _term(s, "market", mid)
    if not _NUMBER.fullmatch(slot) or int(slot) >= len(offers):
        return market, " ".join(a.args[1:])
    o = offers[int(slot)]
    got = _say(s, GOODS, n=o.load, good=o.receive)
    if len(a.args) > 1 and a.args[1] == "buy":
        return market, _say(s, DEAL_BUY, got=got)
    good = a.args[2] if len(a.args) > 2 else o.demand[0]
    return market, _say(s, DEAL_FOR, got=got, paid=_say(s, GOODS, n=price(s, o, good), good=good))


def group_marks(g: Group) -> list[Mark]:
    """Marks on the map for what the group did, in its side's colour (battles in yellow)."""
    if g.kind == "battle":
        area = _battle_area(g)
        return [Mark.highlight(area, "yellow")] if area else []
    if g.actor is None:
        return []
    colour = SIDE_COLOUR[g.actor]
    b = topology_of(g.before)
    marks: list[Mark] = []
    if g.kind in MOVES:
        for src, dst in _moves(g):
            if src and dst:
                marks.append(Mark.arrow(src, dst, colour))
        return marks
    if g.kind == "proxenos":
        for s, a, _ in g.steps:
            if s.pending.kind == "proxenos-dest" and a.args:
                start = s.proxenos[g.actor]
                if start >= 0:
                    marks.append(Mark.arrow(b.comp.poleis[start].id, a.args[0], colour))
                else:
                    marks.append(Mark.highlight(a.args[0], colour))
        return marks
    if g.kind == "trade":
        for s, a, _ in g.steps:
            if s.pending.kind == "trade-offer" and a.args:
                marks.append(Mark.highlight(a.args[0].split(".")[0], colour))
        return marks
    seen: list[str] = []
    for s, a, _ in g.steps:
        if s.is_chance or s.pending.kind == "turn":
            continue
        t = target_of(a, s.pending.kind)
        if t is not None and not t.startswith("offer:") and t.split(":", 1)[1] not in seen:
            seen.append(t.split(":", 1)[1])
    seen += [b.comp.poleis[i].id for i, _, y in _owner_changes(g) if b.comp.poleis[i].id not in seen]
    return [Mark.highlight(t, colour) for t in seen]


def _sentences(groups: list[Group]) -> list[dict]:
    return [{"text": group_sentence(g).rstrip(".") + ".", "side": PLAYERS[g.actor] if g.actor is not None else None}
            for g in groups]


def _own_dice(steps: list[Step]) -> int:
    """How many steps at the start of a run are dice that resolve the action before it (the user's
    siege die, a market die): chance steps that are neither a round's draws nor a battle's."""
    k = 0
    while k < len(steps) and steps[k][0].is_chance and steps[k][0].pending.kind not in ROUND_DRAWS | BATTLE_PHASE_DECISIONS:
        k += 1
    return k


REPLY = message("view.reply.title", "{side:gen} reply{cut}")
CUT_SHORT = message("view.reply.cut-short", " (cut short: the best choices found before you pressed Cancel)")


def reply_view(steps: list[Step], side: str, *, cut_short: bool = False, seconds: float | None = None) -> dict | None:
    """The bot's reply as the Board shows it above the map, or None when the run holds no decision of
    ``side`` (the bot's side): ``{side, title, sentences: [{text, side}], before: [{text, side}],
    details: [log entries as in the view model's log], marks: [mark dicts], cut_short, seconds}``.

    The reply lists what the bot decided, what followed from it, and what else happened since the
    user's move (the draws of a new round, a battle). The dice at the start of the run resolved the
    user's own action (the die of the user's siege, a market die): they are ``before``, for the
    Board to show with the user's move, never as the bot's. ``details`` covers the whole run."""
    bot = PLAYERS.index(side)
    if not any(s.pending.player == bot and not s.is_chance for s, _, _ in steps):
        return None
    k = _own_dice(steps)
    lead, groups = group_steps(steps[:k]), group_steps(steps[k:])
    marks: list[Mark] = []
    for g in groups:
        for m in group_marks(g):
            if m not in marks:
                marks.append(m)
    details = [e for _, _, t in steps for e in log_json(t.log, t)]
    title = say(REPLY, side=side, cut=say(CUT_SHORT) if cut_short else "")
    return {"side": side, "title": title, "sentences": _sentences(groups), "before": _sentences(lead),
            "details": details, "marks": [m.to_dict() for m in marks], "cut_short": cut_short,
            "seconds": None if seconds is None else round(seconds, 1)}


def reply_marks(view: dict | None) -> tuple[Mark, ...]:
    """The Mark objects of a reply view (to draw them on the board)."""
    if not view:
        return ()
    return tuple(Mark(m["kind"], tuple(m["targets"]), m["colour"]) for m in view["marks"])


# --- the end of the game ---------------------------------------------------------------------------

WINS = message("view.game-over.wins", "{side} wins")
SHARED = message("view.game-over.shared", "A shared result")
AT_ONCE = message("view.game-over.at-once", "{title} at once: {reason}{loses}")
LOSES_EARLY = message("view.game-over.loses-early", " — {side} loses the game before its end")
BY_SCORE = message("view.game-over.by-score",
                   "{title}, {score_athens} to {score_sparta} (Athens to Sparta): {reason}. Athens: {cubes_athens} in "
                   "its poleis, {prestige_athens} prestige, {projects_athens} from projects; Sparta: {cubes_sparta}, "
                   "{prestige_sparta} prestige, {projects_sparta} from projects")
CUBES = plural("view.game-over.cubes", "{n} cube", "{n} cubes")

def game_over_view(s: State, resigned: str | None = None) -> dict | None:
    """The end of the game in words: ``{title, winner, text, sudden, resigned, scores: [{side, name,
    cubes, prestige, projects, total}], rule: {id, summary, cite}}``; None while the game goes on.
    ``resigned``: the side that resigned at ``s`` (a fact of the record, see
    :meth:`polis_nb.Game.resign`), which ends the game there though the position goes on."""
    rows = []
    for p, side in enumerate(PLAYERS):
        parts = score_parts(s, p)
        rows.append({"side": side, "name": side_name(side), **parts, "total": sum(parts.values())})
    if resigned is not None:
        r = Result.resignation(resigned)
        return {"title": say(WINS, side=r.winner), "winner": r.winner, "text": r.text + ".",
                "sudden": True, "resigned": resigned, "scores": rows,
                "rule": {"id": None, "summary": "", "cite": "", "cite_original": ""}}
    o = s.outcome
    if o is None:
        return None
    comp = topology_of(s).comp
    title = say(WINS, side=o.winner) if o.winner else say(SHARED)
    rule = next((r for r in o.rules if r in RULES), None)
    reason = edition_words(comp, o.reason) if get_language() == "en" else o.reason_words()
    if o.scores is None:  # a sudden end
        loser = [x for x in PLAYERS if x != o.winner][0] if o.winner else None
        text = say(AT_ONCE, title=title, reason=reason, loses=say(LOSES_EARLY, side=loser) if loser else "")
    else:
        a, sp = rows
        text = say(BY_SCORE, title=title, score_athens=o.scores[0], score_sparta=o.scores[1], reason=reason,
                   cubes_athens=say(CUBES, n=a["cubes"]), prestige_athens=a["prestige"], projects_athens=a["projects"],
                   cubes_sparta=say(CUBES, n=sp["cubes"]), prestige_sparta=sp["prestige"],
                   projects_sparta=sp["projects"])
    cite = cite_sections((rule,), s.edition) if rule else ("", "")  # the section, in words (no rule id)
    return {"title": title, "winner": o.winner, "text": text.rstrip(".") + ".", "sudden": o.scores is None,
            "resigned": None,
            "scores": rows,
            "rule": {"id": rule, "summary": RULES[rule].words() if rule else "", "cite": cite[0],
                     "cite_original": cite[1]}}


# --- the review ------------------------------------------------------------------------------------

NAMES = GLYPH_NAMES
#: the review's glyphs by name, as the review table heads them ("inaccuracy" ...)
GLYPH_MESSAGES = {"?!": message("review.glyph.inaccuracy", "inaccuracy"), "?": message("review.glyph.mistake", "mistake"),
                  "??": message("review.glyph.blunder", "blunder")}
PERCENT = message("review.percent", "{n}%")
REVIEW_SIDE = message("review.side-summary", "{side}: accuracy {accuracy}, {inaccuracies}, {mistakes}, {blunders} in "
                                            "{decisions}")
INACCURACIES = plural("review.inaccuracies", "{n} inaccuracy", "{n} inaccuracies")
MISTAKES = plural("review.mistakes", "{n} mistake", "{n} mistakes")
BLUNDERS = plural("review.blunders", "{n} blunder", "{n} blunders")
DECISIONS = plural("review.decisions", "{n} decision", "{n} decisions")
BASIS_PLAYOUTS = plural("review.basis-playouts", "up to {n} playout per position", "up to {n} playouts per position")
BASIS_PROVEN = message("review.basis-proven", "every value proven")
REVIEWED = plural("review.reviewed", "{n} decision reviewed ({basis})", "{n} decisions reviewed ({basis})")


@functools.lru_cache(maxsize=1)
def _paragraph_marks() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """How the review's paragraph starts and how its "Better: ..." part starts, in every language (English first)."""
    heads = ("Inaccuracy: ", "Mistake: ", "Blunder: ")
    better = tuple(dict.fromkeys(template(reviewwords.BETTER, {}, lang).split("{choice}")[0] for lang in available()))
    return heads + tuple(p for p in reviewwords.prefixes() if p not in heads), better


def _paragraph(d) -> str:
    """The review's paragraph of a judged decision (in the language the review wrote it), without the notation
    of its "Better: ..." part."""
    comment = d.node.comment
    heads, betters = _paragraph_marks()
    for name in heads:
        k = comment.rfind(name)
        if k >= 0:
            text = comment[k:].strip()
            for better in betters:
                text = text.split(better, 1)[0]
            return text
    return ""


def review_chart(review, *, current: str | None = None, width: int = 520, height: int = 190) -> str:
    """Athens' win chance after each reviewed decision as SVG, the decisions named in words (the
    review's own chart, :func:`polis_nb.analysis.plot.review_svg`), ``current`` (a node id) ringed."""
    return review_svg(review, width, height, current=current, clickable=True)


@overload
def review_view(review: Review, *, current: str | None = None, width: int = 520, height: int = 190) -> dict: ...
@overload
def review_view(review: None, *, current: str | None = None, width: int = 520, height: int = 190) -> None: ...
def review_view(review: Review | None, *, current: str | None = None, width: int = 520,
                height: int = 190) -> dict | None:
    """A review (:class:`polis_nb.analysis.Review`) in words for the Board and the Viewer:
    ``{summary: [{side, name, accuracy, decisions, inaccuracies, mistakes, blunders, text}], basis,
    chart (SVG markup), flagged: [{node, num, side, who, words, glyph, name, text, better}], focus}``;
    ``focus`` is the reviewed decision ``current`` (a node id), if it is one."""
    from .widgetwords import review_words  # widgetwords reads the record's steps (recordview), which read this module

    if review is None:
        return None
    summary = []
    for side, sm in review.summary.items():
        acc = None if sm.accuracy is None else round(sm.accuracy)
        name = side_name(side)
        text = say(REVIEW_SIDE, side=side, accuracy=say(PERCENT, n=acc) if acc is not None else "-",
                   inaccuracies=say(INACCURACIES, n=sm.inaccuracies), mistakes=say(MISTAKES, n=sm.mistakes),
                   blunders=say(BLUNDERS, n=sm.blunders), decisions=say(DECISIONS, n=sm.decisions))
        summary.append({"side": side, "name": name, "accuracy": acc, "decisions": sm.decisions,
                        "inaccuracies": sm.inaccuracies, "mistakes": sm.mistakes, "blunders": sm.blunders,
                        "text": text})

    def row(d) -> dict:
        glyph = d.judgement or ""
        return {"node": d.node_id, "num": d.num, "turn": d.turn, "side": d.who, "who": side_name(d.who),
                "words": d.words, "glyph": glyph, "name": say(GLYPH_MESSAGES[glyph]) if glyph in GLYPH_MESSAGES else "",
                "text": _paragraph(d), "better": d.best_words if d.best != d.action else "",
                "athens_before": round(100 * d.athens_before), "athens_after": round(100 * d.athens_after),
                "before": round(100 * d.before), "after": round(100 * d.after)}

    flagged = [row(d) for d in review.flagged]
    focus = next((row(d) for d in review.decisions if d.node_id == current), None)
    n = review.playouts
    basis = say(BASIS_PLAYOUTS, n=n) if n else say(BASIS_PROVEN)
    return {"summary": summary, "basis": say(REVIEWED, n=len(review.decisions), basis=basis),
            "chart": review_chart(review, current=current, width=width, height=height),
            "flagged": flagged, "focus": focus, "nodes": [d.node_id for d in review.decisions],
            "words": review_words()}

