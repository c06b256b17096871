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

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, overload

from ..analysis.plot import GLYPH_NAMES, review_svg
from ..i18n import get_language, message, plural
from ..record.node import Mark
from ..record.result import Result
from ..rules import (ACTIONS, PLAYERS, RULES, Action, State, decisions_of_phase, topology_of, poss, score_parts,
                     target_of)
from .text import SIDE_NAME, action_words, cite_sections, edition_words, plain, target_name
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

def _count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def _and(items: list[str]) -> str:
    items = [x for x in items if x]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _lower(text: str) -> str:
    """``text`` with a small first letter, unless it starts a name written in capitals."""
    return text if text[1:2].isupper() else text[:1].lower() + text[1:]


def _goods_change(g: Group, p: int) -> tuple[list[str], list[str]]:
    """(what side ``p`` paid, what it got) over the group, in words: goods and prestige."""
    comp = topology_of(g.before).comp
    paid, got = [], []
    for name, x, y in zip(comp.goods, g.before.goods[p], g.after.goods[p]):
        if y < x:
            paid.append(f"{x - y} {name}")
        elif y > x:
            got.append(f"{y - x} {name}")
    dp = g.after.prestige[p] - g.before.prestige[p]
    (paid if dp < 0 else got).extend([f"{abs(dp)} prestige"] if dp else [])
    return paid, got


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
            out.append(_lower(action_words(s, a)).replace(" shows ", " showed "))
    return out


def _dedupe(texts: list[str]) -> list[str]:
    """Repeated sentences once, with how often ("... (3 times)")."""
    out: list[list] = []
    for x in texts:
        if out and out[-1][0] == x:
            out[-1][1] += 1
        else:
            out.append([x, 1])
    return [x if n == 1 else f"{x} ({n} times)" for x, n in out]


def _owner_changes(g: Group) -> list[tuple[int, int, int]]:
    """(polis index, owner before, owner after) for each polis that changed hands in the group."""
    return [(i, x, y) for i, (x, y) in enumerate(zip(g.before.owner, g.after.owner)) if x != y]


def _kernel_text(g: Group, skip_choice: bool = True) -> list[str]:
    """The kernel's own sentences for the group, without "X chooses Y" (the sentence names it)."""
    out = []
    for _, _, t in g.steps:
        for e in t.log:
            text = plain(e.text, t.components)
            if skip_choice and " chooses " in text:
                continue
            out.append(text.rstrip("."))
    return out


def _sentence_build(g: Group, who: str, p: int) -> str:
    verb, unit = BUILDS[g.kind]
    comp = topology_of(g.before).comp
    noun = edition_words(comp, "trade ship") if g.kind == "ships" else unit
    kind = {"train": "train-pay", "galleys": "galley-pay", "ships": "ships-pay"}[g.kind]
    n = sum(1 for s, a, _ in g.steps if s.pending.kind == kind and a.kind in ("pay", "hire"))
    where = _and([_polis_name(g.before, x) for x in dict.fromkeys(_args(g, kind.replace("-pay", "-polis")))])
    paid, _ = _goods_change(g, p)
    what = f"{_count(n, noun)}" if n else f"no {noun}s"
    return f"{who} {verb} {what}" + (f" in {where}" if where else "") + (f", paying {_and(paid)}" if paid else "")


def _sentence_move(g: Group, who: str) -> tuple[str, list[tuple[str, str, int]]]:
    """The move in words and its arrows (origin, destination, how many)."""
    unit = MOVES[g.kind]
    dest = None
    moved: dict[tuple[str, str], int] = {}
    for s, a, _ in g.steps:
        if a.kind == "to" and a.args:
            dest = a.args[0]
        elif a.kind == "from" and a.args and s.pending.kind == "move-from":
            d = dest or (topology_of(s).area_ids[s.pending.data[1]] if len(s.pending.data) > 1 else "")
            moved[(a.args[0], d)] = moved.get((a.args[0], d), 0) + 1
    b = topology_of(g.before)
    total = sum(moved.values())
    if not total:
        to = f" to {target_name(b, dest)}" if dest else ""
        if g.after.pending.kind.startswith("move-") and not g.after.is_terminal:  # still choosing
            return f"{who} is moving {unit}s{to}", []
        return f"{who} chose to move {unit}s{to} but moved none", []
    dests = list(dict.fromkeys(d for _, d in moved))
    if len(moved) == 1:
        (src, d), n = next(iter(moved.items()))
        text = f"{who} moved {_count(n, unit)} from {target_name(b, src)} to {target_name(b, d)}"
    elif len(dests) == 1:
        parts = [f"{n} from {target_name(b, src)}" for (src, _), n in moved.items()]
        text = f"{who} moved {_count(total, unit)} to {target_name(b, dests[0])}: {_and(parts)}"
    else:
        parts = [f"{_count(n, unit)} from {target_name(b, src)} to {target_name(b, d)}"
                 for (src, d), n in moved.items()]
        text = f"{who} moved {_and(parts)}"
    return text, [(src, d, n) for (src, d), n in moved.items()]


def _sentence_battle(g: Group) -> tuple[str, str | None]:
    """A battle (or its part in this reply) in words, and its area id."""
    b = topology_of(g.before)
    if g.area is None:
        return "A battle", None
    area = b.area_ids[g.area]
    bt = next((s.battle for s, _, _ in g.steps if s.battle is not None and s.battle.area == g.area), None)
    kind = f"{bt.kind.capitalize()} battle" if bt is not None else "Battle"
    texts = [t for t in _kernel_text(g, skip_choice=False) if area and target_name(b, area) in t]
    ending = [t for t in texts if "battle ends" in t or ("retreat" in t.lower() and "fights on" not in t)]
    n_a, n_s = g.after.units[g.area]
    units = f"{'galleys' if b.is_sea[g.area] else 'hoplites'} left: Athens {n_a}, Sparta {n_s}"
    where = target_name(b, area)
    if ending:
        return f"{kind} in {where}: {ending[-1]} ({units})", area
    if g.after.battle is not None and g.after.battle.area == g.area:
        return f"{kind} in {where} goes on ({units})", area
    return f"{kind} in {where} ({units})", area


def _sentence_round_start(g: Group) -> str:
    s = g.after
    comp = topology_of(s).comp
    tiles, event = [], None
    for st, a, _ in g.steps:
        if a.kind == "draw" and a.args:
            tiles.append(target_name(topology_of(st), a.args[0]) if a.args[0] not in topology_of(st).project_index
                         else topology_of(st).project_index[a.args[0]].name)
        elif a.kind == "event" and a.args:
            event = next((e.name for e in comp.events if e.id == a.args[0]), a.args[0])
    parts = []
    if tiles:
        parts.append(f"{_and(tiles)} {'goes' if len(tiles) == 1 else 'go'} on display")
    if event:
        parts.append(f"the event is {event}")
    return f"Round {comp.rounds[s.round].name} begins" + (": " + "; ".join(parts) if parts else "")


def group_sentence(g: Group) -> str:
    """One sentence (no final stop) naming what the group did."""
    k, p = g.kind, g.actor
    if k == "battle":
        return _sentence_battle(g)[0]
    if k == "round-start":
        return _sentence_round_start(g)
    if k == "chance":
        said = _kernel_text(g)
        return "; ".join(said) if said else _and([action_words(s, a) for s, a, _ in g.steps])
    assert p is not None
    who = SIDE_NAME[p]
    b = topology_of(g.before)
    if k == "pass":
        ends = any(_ROUND_END.match(e.text) for _, _, t in g.steps for e in t.log)
        return f"{who} passed" + (" and the round ends" if ends else "")
    if k in BUILDS:
        return _sentence_build(g, who, p)
    if k in MOVES:
        return _sentence_move(g, who)[0]
    if k == "project":
        tile = next(iter(_args(g, "project-tile")), None)
        where = next(iter(_args(g, "project-polis")), None)
        name = b.project_index[tile].name if tile in b.project_index else "a project"
        paid, _ = _goods_change(g, p)
        return (f"{who} started {name}" + (f" in {_polis_name(g.before, where)}" if where else "")
                + (f", paying {_and(paid)}" if paid else ""))
    if k == "siege":
        polis = next(iter(_args(g, "siege-polis")), None)
        if polis is None:
            return f"{who} chose to besiege a polis"
        i = b.polis_index[polis]
        dice = _dice(g)
        won = g.after.owner[i] == p
        return (f"{who} besieged {_polis_name(g.before, polis)}" + (f": {_and(dice)}" if dice else "")
                + (f" — {who} took it" if won else " — the siege failed"))
    if k == "tribute":
        area = next(iter(_args(g, "tribute-area")), None)
        _, got = _goods_change(g, p)
        return (f"{who} demanded tribute from {target_name(b, area) if area else 'a territory'}"
                + (f" and got {_and(got)}" if got else ""))
    if k == "trade":
        step = next(((s, a) for s, a, _ in g.steps if s.pending.kind == "trade-offer"), None)
        if step is None:
            return f"{who} chose to trade"
        words = action_words(*step)
        market, _, deal = words.partition(": ")
        dice = _dice(g)
        return f"{who} traded at {market.split(' offer')[0]}: {deal}" + (f"; {_and(dice)}" if dice else "")
    if k == "proxenos":
        step = next(((s, a) for s, a, _ in g.steps if s.pending.kind == "proxenos-dest"), None)
        if step is None:
            return f"{who} chose to move its proxenos"
        s, a = step
        how = {"land": " by land", "sea": " by sea"}.get(a.args[-1], "") if len(a.args) > 1 else ""
        start = s.proxenos[p]
        src = f" from {b.comp.poleis[start].name}" if start >= 0 else ""
        return f"{who} moved its proxenos{src} to {_polis_name(s, a.args[0])}{how}"
    if k == "civilwar":
        won = [b.comp.poleis[i].name for i, _, y in _owner_changes(g) if y == p]
        if won:
            return f"{who} started a civil war in {_and(won)}, which {'joins' if len(won) == 1 else 'join'} {who}"
    if k == "feed":
        parts = []
        released = [_polis_name(g.before, x) for x in _args(g, "feed", "release")]
        if released:
            parts.append(f"released {_and(released)} (neutral again)")
        if any(a.kind == "feed" for _, a, _ in g.steps):
            parts.append("covered its food shortfall with prestige")
        return f"{who} " + _and(parts) if parts else f"{who} fed its poleis"
    if k == "grow":
        grown = [_polis_name(g.before, x) for x in _args(g, "grow", "grow")]
        return f"{who} let {_and(grown)} grow" if grown else f"{who} let no polis grow"
    if k == "phoros":
        a = g.steps[-1][1]
        if a.args and a.args[0] == "0":
            return f"{who} kept its prestige (no phoros)"
        _, got = _goods_change(g, p)
        return f"{who} turned {a.args[0] if a.args else 'some'} prestige into {_and(got) or 'silver'} (phoros)"
    if k == "project-remove":
        gone = [b.project_index[x].name if x in b.project_index else x for x in _args(g, "project-remove")]
        return f"{who} removed {_and(gone)} from the game"
    if k.startswith("event-"):  # the kernel says what the event made the side do
        said = _dedupe(_kernel_text(g))
        return f"{who}: {'; '.join(said)}" if said else f"{who} answered the event"
    # anything else: the action's name and the kernel's own words for it
    title = edition_words(b.comp, ACTIONS[k].title) if k in ACTIONS else ""
    chosen = [_lower(action_words(s, a)) for s, a, _ in g.steps if not s.is_chance and s.pending.kind != "turn"]
    said = _kernel_text(g)
    head = f"{who}: {title}" if title else f"{who}: {_and(chosen) or 'a decision'}"
    return head + (f" — {'; '.join(said)}" if said else "")


def group_marks(g: Group) -> list[Mark]:
    """Marks on the map for what the group did, in its side's colour (battles in yellow)."""
    if g.kind == "battle":
        _, area = _sentence_battle(g)
        return [Mark.highlight(area, "yellow")] if area else []
    if g.actor is None:
        return []
    colour = SIDE_COLOUR[g.actor]
    b = topology_of(g.before)
    marks: list[Mark] = []
    if g.kind in MOVES:
        for src, dst, _ in _sentence_move(g, "")[1]:
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
        rows.append({"side": side, "name": SIDE_NAME[p], **parts, "total": sum(parts.values())})
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


def _paragraph(d) -> str:
    """The review's paragraph of a judged decision, without the notation of its "Better: ..." part."""
    comment = d.node.comment
    for name in ("Inaccuracy: ", "Mistake: ", "Blunder: "):
        k = comment.rfind(name)
        if k >= 0:
            text = comment[k:].strip()
            return text.split(" Better: ", 1)[0]
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

