"""The end of a round, step by step, the first passer first in every step:
projects, feeding, growth, Megalopolis, spoilage, Phoros, then preparing the next round."""
from __future__ import annotations

from . import phases
from ..i18n import Phrase, message, plural
from .actions import Action, Explanation, shared
from .topology import Topology, topology_of
from .common import Log, add_good, add_prestige, cubes, have, is_last_round, polis_name, round_name, say, poss, side
from .decisions import decision, own_polis, shape
from .editions import edition_of
from .events import end_of_round
from .scoring import final_outcome
from .state import CHANCE, NEUTRAL, Outcome, Pending, State, other, tadd, tset

STEPS = ("projects", "feed", "grow", "megalopolis", "spoil", "phoros", "prepare")


def begin_roundend(s: State, log: Log) -> State:
    say(log, f"Round {round_name(s)} ends; {side(s.passed[0])} passed first and goes first in every step",
        "roundend.order")
    s, waiting = end_of_round(s, log)  # units an event sent abroad may come back first
    if s.outcome is not None or waiting:
        return s
    return resume_roundend(s.evolve(roundend=(0, 0)), log)


def _order(s: State) -> tuple[int, int]:
    return (s.passed[0], other(s.passed[0])) if s.passed else (0, 1)


def resume_roundend(s: State, log: Log) -> State:
    while s.outcome is None:
        step, idx = s.roundend
        if idx >= 2:
            s = _after_step(s, STEPS[step], log)
            if s.outcome is not None or s.phase != "roundend":
                return s
            s = s.evolve(roundend=(step + 1, 0))
            continue
        p = _order(s)[idx]
        s, waiting = _STEP[STEPS[step]](s, p, log)
        if waiting:
            return s
        s = s.evolve(roundend=(step, idx + 1))
    return s


def advance_roundend(s: State, log: Log) -> State:
    """The current round-end step is done for the side it waited for: go on to the next."""
    step, idx = s.roundend
    return resume_roundend(s.evolve(roundend=(step, idx + 1)), log)


# --- 1. projects ------------------------------------------------------------------------------

def _projects(s: State, p: int, log: Log):
    b = topology_of(s)
    keep = []
    for tile, i in s.started:
        if s.owner[i] != p:
            keep.append((tile, i))
            continue
        proj = b.project_index[tile]
        n = proj.prestige
        rules = ["project.complete"]
        if edition_of(s).projects_face_down:
            rules.append("project.face-down")
        if proj.prestige_rule == "half-capital-pop-up":
            n = (s.pop[i] + 1) // 2
            rules.append("project.phidias")
        s = add_prestige(s, p, n)
        s = s.evolve(done=s.done + ((tile, i),))
        say(log, f"{proj.name} completes in {polis_name(b, i)}: {side(p)} gains {n} prestige", *rules, player=p)
    return s.evolve(started=tuple(keep)), False


def _after_projects(s: State, log: Log) -> State:
    b = topology_of(s)
    for tile, i in s.started:  # neutral poleis: the prestige is wasted
        say(log, f"{b.project_index[tile].name} completes in neutral {polis_name(b, i)}; its prestige is lost",
            "project.complete")
    return s.evolve(started=(), done=s.done + s.started)


# --- 2. feeding -------------------------------------------------------------------------------

def wheat_need(s: State, p: int) -> int:
    """The wheat side ``p`` must pay at the end of the round to feed its cubes: one per cube it owns."""
    return sum(n for o, n in zip(s.owner, s.pop) if o == p)


def _feed(s: State, p: int, log: Log):
    n = wheat_need(s, p)
    w = have(s, p, "wheat")
    if w >= n:
        s = add_good(s, p, "wheat", -n)
        say(log, f"{side(p)} feeds {cubes(n)} with {n} wheat", "roundend.feeding", player=p)
        return s, False
    b = topology_of(s)
    others = [i for i, o in enumerate(s.owner) if o == p and i != b.capital[p]]
    if not others and w + s.prestige[p] < n:
        say(log, f"{side(p)} cannot feed its capital {polis_name(b, b.capital[p])} ({cubes(n)}, {w} wheat, "
            f"{s.prestige[p]} prestige) and loses the game", "end.capital-unfed", player=p)
        return _lose(s, p, f"{side(p)} could not feed its capital", "end.capital-unfed"), False
    return s.evolve(pending=Pending("feed", p)), True


def feed_options(s: State) -> list[Action]:
    p = s.pending.player
    b = topology_of(s)
    out = []
    if have(s, p, "wheat") + s.prestige[p] >= wheat_need(s, p):
        out.append(shared("feed", ("prestige",)))
    out += [shared("release", (b.polis_ids[i],)) for i, o in enumerate(s.owner) if o == p and i != b.capital[p]]
    return out


def feed_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    b = topology_of(s)
    if a.kind == "feed":
        n, w = wheat_need(s, p), have(s, p, "wheat")
        s = add_prestige(add_good(s, p, "wheat", -w), p, -(n - w))
        say(log, f"{side(p)} feeds {cubes(n)} with {w} wheat and {n - w} prestige", "roundend.feeding", player=p)
        return advance_roundend(s, log)
    i = b.polis_index[a.args[0]]
    n = s.pop[i]
    s = s.evolve(owner=tset(s.owner, i, NEUTRAL), pop=tset(s.pop, i, 0))
    say(log, f"{side(p)} releases {polis_name(b, i)} ({cubes(n)}), which turns neutral with its projects",
        "roundend.feeding", "roundend.no-single-cubes", "project.follows-polis", player=p)
    s, waiting = _feed(s, p, log)
    if waiting or s.outcome is not None:
        return s
    return advance_roundend(s, log)


def _feed_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    b = topology_of(s)
    if a.kind == "feed":
        if a.args != ("prestige",):
            return Explanation.of(False, "Write 'feed prestige' or 'release <polis>'.", "decision.wrong-kind")
        n, w = wheat_need(s, p), have(s, p, "wheat")
        return Explanation.of(False, f"{side(p)} must feed {cubes(n)} but has {w} wheat and only {s.prestige[p]} "
                              "prestige; release a polis instead.", "roundend.feeding")
    if a.kind == "release":
        if len(a.args) != 1 or a.args[0] not in b.polis_index:
            return Explanation.of(False, "Write 'release <polis>' naming one of your poleis.", "decision.wrong-kind")
        i = b.polis_index[a.args[0]]
        if s.owner[i] != p:
            return Explanation.of(False, f"{polis_name(b, i)} is not {poss(p)} to release.", "roundend.feeding")
        if i == b.capital[p]:
            return Explanation.of(False, f"The capital {polis_name(b, i)} cannot be released; a capital that cannot "
                                  "be fed loses the game.", "roundend.feeding", "end.capital-unfed")
    return None


decision("feed", "roundend", feed_options, feed_apply, _feed_why, keywords=("feed", "release"),
         prompt="cover the food shortfall", target="polis", why_template="release {}")


# --- 3. growth --------------------------------------------------------------------------------

def _grow_targets(s: State, p: int, grown: tuple) -> list[int]:
    b = topology_of(s)
    if have(s, p, "wheat") < 1 or b.supply(s, p) < 1:
        return []
    done = dict(grown)
    return [i for i, o in enumerate(s.owner) if o == p and s.pop[i] < b.comp.poleis[i].max_pop
            and done.get(i, 0) < b.comp.poleis[i].growth]


def _grow(s: State, p: int, log: Log):
    if not _grow_targets(s, p, ()):
        return s, False
    return s.evolve(pending=Pending("grow", p, ())), True


def grow_options(s: State) -> list[Action]:
    p = s.pending.player
    b = topology_of(s)
    return [shared("grow", (b.polis_ids[i],)) for i in _grow_targets(s, p, s.pending.data)] + [shared("end")]


def grow_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    if a.kind == "end":
        say(log, f"{side(p)} lets no more poleis grow", "roundend.growth", player=p)
        return advance_roundend(s, log)
    b = topology_of(s)
    i = b.polis_index[a.args[0]]
    grown = dict(s.pending.data)
    grown[i] = grown.get(i, 0) + 1
    s = add_good(s, p, "wheat", -1).evolve(pop=tadd(s.pop, i, 1))
    say(log, f"{polis_name(b, i)} grows to {s.pop[i]} cubes for 1 wheat", "roundend.growth", player=p)
    data = tuple(sorted(grown.items()))
    if not _grow_targets(s, p, data):
        return advance_roundend(s, log)
    return s.evolve(pending=Pending("grow", p, data))


def _grow_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    b = topology_of(s)
    if a.kind != "grow" or len(a.args) != 1 or a.args[0] not in b.polis_index:
        return None
    i = b.polis_index[a.args[0]]
    pol = b.comp.poleis[i]
    if s.owner[i] != p:
        return Explanation.of(False, f"{pol.name} is not {poss(p)}.", "roundend.growth")
    if have(s, p, "wheat") < 1:
        return Explanation.of(False, f"{side(p)} has no wheat left to grow with.", "roundend.growth")
    if b.supply(s, p) < 1:
        return Explanation.of(False, f"{side(p)} has no cube left in supply.", "roundend.growth",
                              "game.limited-material")
    if s.pop[i] >= pol.max_pop:
        return Explanation.of(False, f"{pol.name} is at its maximum population of {pol.max_pop}.", "roundend.growth")
    return Explanation.of(False, f"{pol.name} has already grown by its {pol.growth} per round.", "roundend.growth")


def _grow_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    polis = [x[0] for x in d if type(x) is tuple and shape(x, int, int)]
    if len(polis) != len(d) or polis != sorted(set(polis)):
        return "expected [[polis index, cubes grown], ...] in polis order"
    for i, n in d:
        if own_polis(s, b, i) or not 1 <= n <= b.comp.poleis[i].growth:
            return f"polis {i} cannot have grown by {n} [roundend.growth]"
    return None


decision("grow", "roundend", grow_options, grow_apply, _grow_why, keywords=("grow", "end"),
         prompt="let a polis grow (or end)", target="polis", why_template="grow {}", context=_grow_context)


# --- 4. Megalopolis ---------------------------------------------------------------------------

def _megalopolis(s: State, p: int, log: Log):
    b = topology_of(s)
    big = [i for i, o in enumerate(s.owner) if o == p and s.pop[i] > b.comp.poleis[i].base]
    if big:
        s = add_prestige(s, p, len(big))
        say(log, f"Megalopolis: {side(p)} gains {len(big)} prestige for " + ", ".join(polis_name(b, i) for i in big),
            "roundend.megalopolis", player=p)
    return s, False


# --- 5. spoilage ------------------------------------------------------------------------------

def _spoil(s: State, p: int, log: Log):
    b = topology_of(s)
    printed = s.option("spoilage", "yucata") == "printed-de"
    parts = []
    for g in b.comp.perishable:
        x = have(s, p, g)
        keep = x // 2 if printed else (x + 1) // 2
        if keep != x:
            s = add_good(s, p, g, keep - x)
            parts.append(f"{g} {x}→{keep}")
    if parts:
        say(log, f"Spoilage for {side(p)}: " + ", ".join(parts),
            "roundend.spoilage-printed" if printed else "roundend.spoilage", player=p)
    return s, False


# --- 6. Phoros --------------------------------------------------------------------------------

def _phoros_rate(s: State, n: int) -> int | None:
    """Silver for ``n`` prestige at Phoros, or None if the edition offers no such exchange."""
    table = edition_of(s).phoros
    if not table:
        return n
    return table.get(n, 0 if n == 0 else None)


def _has_league(s: State, p: int) -> bool:
    b = topology_of(s)
    return any(o == p and i != b.capital[p] for i, o in enumerate(s.owner))


def phoros_step(s: State, p: int, log: Log):
    """Step 6 for side ``p``: (state, waiting) — waiting when ``p`` is asked how much Phoros to take."""
    if s.prestige[p] < 1:
        return s, False
    if edition_of(s).phoros_needs_other_polis and not _has_league(s, p):
        say(log, f"Phoros: {side(p)} owns no polis besides its capital and collects none", "roundend.phoros",
            player=p)
        return s, False
    return s.evolve(pending=Pending("phoros", p)), True


def phoros_options(s: State) -> list[Action]:
    p = s.pending.player
    return [shared("phoros", (str(n),)) for n in range(s.prestige[p] + 1) if _phoros_rate(s, n) is not None]


def phoros_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    n = int(a.args[0])
    if n:
        silver = _phoros_rate(s, n)
        assert silver is not None, "a Phoros choice is offered only where it has a rate"
        s = add_good(add_prestige(s, p, -n), p, "silver", silver)
        say(log, f"Phoros: {side(p)} turns {n} prestige into {silver} silver", "roundend.phoros", player=p)
    else:
        say(log, f"Phoros: {side(p)} keeps its prestige", "roundend.phoros", player=p)
    return advance_roundend(s, log)


def _phoros_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    if a.kind != "phoros" or len(a.args) != 1 or not a.args[0].isdigit():
        return None
    if _phoros_rate(s, int(a.args[0])) is None:
        return Explanation.of(False, "Phoros is taken once: 1 prestige for 1 silver or 2 prestige for 3 silver.",
                              "roundend.phoros-ed2")
    return Explanation.of(False, f"{side(p)} has only {s.prestige[p]} prestige to turn into silver.", "roundend.phoros")


decision("phoros", "roundend", phoros_options, phoros_apply, _phoros_why, keywords=("phoros",),
         prompt="turn prestige into silver")


def _nothing(s: State, p: int, log: Log):
    return s, False


_STEP = {"projects": _projects, "feed": _feed, "grow": _grow, "megalopolis": _megalopolis, "spoil": _spoil,
         "phoros": phoros_step, "prepare": _nothing}


def _lose(s: State, p: int, reason: str, rule: str) -> State:
    return s.evolve(phase="over", pending=Pending("over", CHANCE),
                    outcome=Outcome(side(other(p)).lower(), None, reason, (rule,)))


def _after_step(s: State, step: str, log: Log) -> State:
    if step == "projects":
        return _after_projects(s, log)
    if step == "megalopolis" and is_last_round(s):
        o = final_outcome(s)
        assert o.scores is not None, "the final scoring gives both scores"
        won = f"{o.winner.capitalize()} wins" if o.winner else "a shared result"
        say(log, f"The game ends after round {round_name(s)}: {won}, {o.scores[0]}–{o.scores[1]} (Athens–Sparta); "
            f"{o.reason}", "roundend.last-round", *o.rules)
        return s.evolve(phase="over", pending=Pending("over", CHANCE), outcome=o)
    if step == "phoros":
        broke = [p for p in (0, 1) if s.prestige[p] < 1]
        if len(broke) == 2:
            say(log, "Both players end the round without prestige and are ostracised", "end.ostracism")
            return s.evolve(phase="over", pending=Pending("over", CHANCE),
                            outcome=Outcome(None, None, "both players were ostracised", ("end.ostracism",)))
        if broke:
            p = broke[0]
            say(log, f"{side(p)} has no prestige after Phoros and is ostracised: it loses", "end.ostracism", player=p)
            return _lose(s, p, f"{side(p)} had no prestige after Phoros", "end.ostracism")
    if step == "prepare":
        return prepare(s, log)
    return s


def prepare(s: State, log: Log) -> State:
    ships = list(s.ships_port)
    for o in s.offers:
        if o in (0, 1):
            ships[o] += 1
    left = s.display
    first = s.passed[0] if s.passed else -1
    if s.siege_discs:
        say(log, "The siege discs leave the board", "siege.discs-removal")
    if s.covered:
        s = _lift_black_cubes(s, log)
    s = s.evolve(round=s.round + 1, tribute_done=(), ships_port=tuple(ships), offers=(-1,) * len(s.offers),
                 display=(), event=None, closed=(), start_player=-1, triggers=(), passed=(), turn_actions=(),
                 sieged=(), roundend=(), siege_discs=(), tribute_discs=(0, 0), event_data=())
    say(log, "Tribute discs return, trade ships sail home" + (", unused projects leave the game" if left else ""),
        "roundend.preparation")
    return phases.go("start-round", s, log, first)


def _lift_black_cubes(s: State, log: Log) -> State:
    """One black cube leaves every foreign market that still has one: the topmost (lowest slot)."""
    b = topology_of(s)
    covered, lifted = b.lift_covers(s.covered)
    if not lifted:
        return s
    names = ", ".join(f"{b.comp.markets[b.market_index[b.offers[i].market]].name} (load {b.offers[i].load})"
                      for i in lifted)
    say(log, f"A black cube leaves each covered market, opening: {names}", "trade.black-cubes")
    return s.evolve(covered=covered)
