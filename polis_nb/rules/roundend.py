"""The end of a round, step by step, the first passer first in every step:
projects, feeding, growth, Megalopolis, spoilage, Phoros, then preparing the next round."""
from __future__ import annotations

from . import phases
from ..i18n import Phrase, message, plural
from .actions import Action, Explanation, shared
from .topology import Topology, topology_of
from .common import Log, add_good, add_prestige, ended, explained, have, is_last_round, say, side_id
from .decisions import decision, own_polis, shape
from .editions import edition_of
from .events import end_of_round
from .scoring import final_outcome
from .state import CHANCE, NEUTRAL, Pending, State, other, tadd, tset

STEPS = ("projects", "feed", "grow", "megalopolis", "spoil", "phoros", "prepare")


ROUND_ENDS = message("roundend.begins", "Round {round} ends; {side} passed first and goes first in every step")
CUBES = plural("roundend.cubes", "{n} cube", "{n} cubes")


def _cubes(n: int) -> Phrase:
    return Phrase(CUBES, {"n": n})


def begin_roundend(s: State, log: Log) -> State:
    say(log, ROUND_ENDS, "roundend.order", round=topology_of(s).comp.rounds[s.round].label, side=side_id(s.passed[0]))
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

COMPLETES = message("roundend.project-completes", "{project} completes in {polis}: {side} gains {n} prestige")
COMPLETES_NEUTRAL = message("roundend.project-completes-neutral", "{project} completes in neutral {polis}; its prestige "
                            "is lost")


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
        say(log, COMPLETES, *rules, player=p, project=tile, polis=b.polis_ids[i], side=side_id(p), n=n)
    return s.evolve(started=tuple(keep)), False


def _after_projects(s: State, log: Log) -> State:
    b = topology_of(s)
    for tile, i in s.started:  # neutral poleis: the prestige is wasted
        say(log, COMPLETES_NEUTRAL, "project.complete", project=tile, polis=b.polis_ids[i])
    return s.evolve(started=(), done=s.done + s.started)


# --- 2. feeding -------------------------------------------------------------------------------

def wheat_need(s: State, p: int) -> int:
    """The wheat side ``p`` must pay at the end of the round to feed its cubes: one per cube it owns."""
    return sum(n for o, n in zip(s.owner, s.pop) if o == p)


FEEDS = message("roundend.feeds", "{side} feeds {cubes} with {n} wheat")
CANNOT_FEED = message("roundend.cannot-feed", "{side} cannot feed its capital {polis} ({cubes}, {w} wheat, {n} prestige) "
                      "and loses the game")
UNFED = message("roundend.unfed", "{side} could not feed its capital")
FEEDS_WITH_PRESTIGE = message("roundend.feeds-with-prestige", "{side} feeds {cubes} with {w} wheat and {n} prestige")
RELEASES = message("roundend.releases", "{side} releases {polis} ({cubes}), which turns neutral with its projects")
WRITE_FEED = message("roundend.write-feed", "Write 'feed prestige' or 'release <polis>'.")
SHORT = message("roundend.short", "{side} must feed {cubes} but has {w} wheat and only {n} prestige; release a polis "
                "instead.")
WRITE_RELEASE = message("roundend.write-release", "Write 'release <polis>' naming one of your poleis.")
NOT_YOURS = message("roundend.not-yours-to-release", "{polis} is not {side:gen} to release.")
CAPITAL_STAYS = message("roundend.capital-stays", "The capital {polis} cannot be released; a capital that cannot be fed "
                        "loses the game.")


def _feed(s: State, p: int, log: Log):
    n = wheat_need(s, p)
    w = have(s, p, "wheat")
    if w >= n:
        s = add_good(s, p, "wheat", -n)
        say(log, FEEDS, "roundend.feeding", player=p, side=side_id(p), cubes=_cubes(n), n=n)
        return s, False
    b = topology_of(s)
    others = [i for i, o in enumerate(s.owner) if o == p and i != b.capital[p]]
    if not others and w + s.prestige[p] < n:
        say(log, CANNOT_FEED, "end.capital-unfed", player=p, side=side_id(p), polis=b.polis_ids[b.capital[p]],
            cubes=_cubes(n), w=w, n=s.prestige[p])
        return _lose(s, p, UNFED, "end.capital-unfed"), False
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
        say(log, FEEDS_WITH_PRESTIGE, "roundend.feeding", player=p, side=side_id(p), cubes=_cubes(n), w=w, n=n - w)
        return advance_roundend(s, log)
    i = b.polis_index[a.args[0]]
    n = s.pop[i]
    s = s.evolve(owner=tset(s.owner, i, NEUTRAL), pop=tset(s.pop, i, 0))
    say(log, RELEASES, "roundend.feeding", "roundend.no-single-cubes", "project.follows-polis", player=p,
        side=side_id(p), polis=a.args[0], cubes=_cubes(n))
    s, waiting = _feed(s, p, log)
    if waiting or s.outcome is not None:
        return s
    return advance_roundend(s, log)


def _feed_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    b = topology_of(s)
    if a.kind == "feed":
        if a.args != ("prestige",):
            return explained(s, False, WRITE_FEED, "decision.wrong-kind")
        n, w = wheat_need(s, p), have(s, p, "wheat")
        return explained(s, False, SHORT, "roundend.feeding", side=side_id(p), cubes=_cubes(n), w=w, n=s.prestige[p])
    if a.kind == "release":
        if len(a.args) != 1 or a.args[0] not in b.polis_index:
            return explained(s, False, WRITE_RELEASE, "decision.wrong-kind")
        i = b.polis_index[a.args[0]]
        if s.owner[i] != p:
            return explained(s, False, NOT_YOURS, "roundend.feeding", polis=a.args[0], side=side_id(p))
        if i == b.capital[p]:
            return explained(s, False, CAPITAL_STAYS, "roundend.feeding", "end.capital-unfed", polis=a.args[0])
    return None


decision("feed", "roundend", feed_options, feed_apply, _feed_why, keywords=("feed", "release"),
         prompt=message("prompt.feed", "cover the food shortfall"), target="polis", why_template="release {}")


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


NO_MORE_GROWTH = message("roundend.no-more-growth", "{side} lets no more poleis grow")
GROWS = message("roundend.grows", "{polis} grows to {n} cubes for 1 wheat")
NOT_ITS = message("roundend.not-its", "{polis} is not {side:gen}.")
NO_WHEAT = message("roundend.no-wheat", "{side} has no wheat left to grow with.")
NO_CUBE = message("roundend.no-cube", "{side} has no cube left in supply.")
AT_MAXIMUM = message("roundend.at-maximum", "{polis} is at its maximum population of {n}.")
GROWN_ENOUGH = message("roundend.grown-enough", "{polis} has already grown by its {n} per round.")


def grow_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    if a.kind == "end":
        say(log, NO_MORE_GROWTH, "roundend.growth", player=p, side=side_id(p))
        return advance_roundend(s, log)
    b = topology_of(s)
    i = b.polis_index[a.args[0]]
    grown = dict(s.pending.data)
    grown[i] = grown.get(i, 0) + 1
    s = add_good(s, p, "wheat", -1).evolve(pop=tadd(s.pop, i, 1))
    say(log, GROWS, "roundend.growth", player=p, polis=a.args[0], n=s.pop[i])
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
        return explained(s, False, NOT_ITS, "roundend.growth", polis=pol.id, side=side_id(p))
    if have(s, p, "wheat") < 1:
        return explained(s, False, NO_WHEAT, "roundend.growth", side=side_id(p))
    if b.supply(s, p) < 1:
        return explained(s, False, NO_CUBE, "roundend.growth", "game.limited-material", side=side_id(p))
    if s.pop[i] >= pol.max_pop:
        return explained(s, False, AT_MAXIMUM, "roundend.growth", polis=pol.id, n=pol.max_pop)
    return explained(s, False, GROWN_ENOUGH, "roundend.growth", polis=pol.id, n=pol.growth)


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
         prompt=message("prompt.grow", "let a polis grow (or end)"), target="polis", why_template="grow {}", context=_grow_context)


# --- 4. Megalopolis ---------------------------------------------------------------------------

MEGALOPOLIS = message("roundend.megalopolis", "Megalopolis: {side} gains {n} prestige for {polis_list}")
SPOILAGE = message("roundend.spoilage", "Spoilage for {side}: {parts}")
SPOILS = message("roundend.spoils", "{good} {n}→{m}")


def _megalopolis(s: State, p: int, log: Log):
    b = topology_of(s)
    big = [i for i, o in enumerate(s.owner) if o == p and s.pop[i] > b.comp.poleis[i].base]
    if big:
        s = add_prestige(s, p, len(big))
        say(log, MEGALOPOLIS, "roundend.megalopolis", player=p, side=side_id(p), n=len(big),
            polis_list=tuple(b.polis_ids[i] for i in big))
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
            parts.append(Phrase(SPOILS, {"good": g, "n": x, "m": keep}))
    if parts:
        say(log, SPOILAGE, "roundend.spoilage-printed" if printed else "roundend.spoilage", player=p, side=side_id(p),
            parts=tuple(parts))
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


NO_PHOROS = message("roundend.no-phoros", "Phoros: {side} owns no polis besides its capital and collects none")
PHOROS = message("roundend.phoros", "Phoros: {side} turns {n} prestige into {m} silver")
PHOROS_KEEPS = message("roundend.phoros-keeps", "Phoros: {side} keeps its prestige")
PHOROS_ONCE = message("roundend.phoros-once", "Phoros is taken once: 1 prestige for 1 silver or 2 prestige for 3 silver.")
PHOROS_SHORT = message("roundend.phoros-short", "{side} has only {n} prestige to turn into silver.")


def phoros_step(s: State, p: int, log: Log):
    """Step 6 for side ``p``: (state, waiting) — waiting when ``p`` is asked how much Phoros to take."""
    if s.prestige[p] < 1:
        return s, False
    if edition_of(s).phoros_needs_other_polis and not _has_league(s, p):
        say(log, NO_PHOROS, "roundend.phoros", player=p, side=side_id(p))
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
        say(log, PHOROS, "roundend.phoros", player=p, side=side_id(p), n=n, m=silver)
    else:
        say(log, PHOROS_KEEPS, "roundend.phoros", player=p, side=side_id(p))
    return advance_roundend(s, log)


def _phoros_why(s: State, a: Action) -> Explanation | None:
    p = s.pending.player
    if a.kind != "phoros" or len(a.args) != 1 or not a.args[0].isdigit():
        return None
    if _phoros_rate(s, int(a.args[0])) is None:
        return explained(s, False, PHOROS_ONCE, "roundend.phoros-ed2")
    return explained(s, False, PHOROS_SHORT, "roundend.phoros", side=side_id(p), n=s.prestige[p])


decision("phoros", "roundend", phoros_options, phoros_apply, _phoros_why, keywords=("phoros",),
         prompt=message("prompt.phoros", "turn prestige into silver"))


def _nothing(s: State, p: int, log: Log):
    return s, False


_STEP = {"projects": _projects, "feed": _feed, "grow": _grow, "megalopolis": _megalopolis, "spoil": _spoil,
         "phoros": phoros_step, "prepare": _nothing}


GAME_ENDS = message("roundend.game-ends", "The game ends after round {round}: {result}, {a}–{b} ({side_athens}–"
                    "{side_sparta}); {reason}")
WINS = message("roundend.wins", "{side} wins")
SHARED = message("roundend.shared", "a shared result")
BOTH_OSTRACISED = message("roundend.both-ostracised", "Both players end the round without prestige and are ostracised")
BOTH_OSTRACISED_REASON = message("roundend.both-ostracised-reason", "both players were ostracised")
OSTRACISED = message("roundend.ostracised", "{side} has no prestige after Phoros and is ostracised: it loses")
OSTRACISED_REASON = message("roundend.ostracised-reason", "{side} had no prestige after Phoros")
SIEGE_DISCS_LEAVE = message("roundend.siege-discs-leave", "The siege discs leave the board")
PREPARED = message("roundend.prepared", "Tribute discs return, trade ships sail home")
PREPARED_PROJECTS = message("roundend.prepared-projects", "Tribute discs return, trade ships sail home, unused projects "
                            "leave the game")
BLACK_CUBES = message("roundend.black-cubes", "A black cube leaves each covered market, opening: {opened}")
OPENED = message("roundend.opened", "{market} (load {n})")


def _lose(s: State, p: int, reason, rule: str) -> State:
    return s.evolve(phase="over", pending=Pending("over", CHANCE),
                    outcome=ended(other(p), reason, rule, side=side_id(p)))


def _after_step(s: State, step: str, log: Log) -> State:
    if step == "projects":
        return _after_projects(s, log)
    if step == "megalopolis" and is_last_round(s):
        o = final_outcome(s)
        assert o.scores is not None, "the final scoring gives both scores"
        won = Phrase(WINS, {"side": o.winner}) if o.winner else Phrase(SHARED)
        reason = Phrase(o.msg, o.args or {}) if o.msg is not None else o.reason
        say(log, GAME_ENDS, "roundend.last-round", *o.rules, round=topology_of(s).comp.rounds[s.round].label,
            result=won, a=o.scores[0], b=o.scores[1], side_athens="athens", side_sparta="sparta", reason=reason)
        return s.evolve(phase="over", pending=Pending("over", CHANCE), outcome=o)
    if step == "phoros":
        broke = [p for p in (0, 1) if s.prestige[p] < 1]
        if len(broke) == 2:
            say(log, BOTH_OSTRACISED, "end.ostracism")
            return s.evolve(phase="over", pending=Pending("over", CHANCE),
                            outcome=ended(None, BOTH_OSTRACISED_REASON, "end.ostracism"))
        if broke:
            p = broke[0]
            say(log, OSTRACISED, "end.ostracism", player=p, side=side_id(p))
            return _lose(s, p, OSTRACISED_REASON, "end.ostracism")
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
        say(log, SIEGE_DISCS_LEAVE, "siege.discs-removal")
    if s.covered:
        s = _lift_black_cubes(s, log)
    s = s.evolve(round=s.round + 1, tribute_done=(), ships_port=tuple(ships), offers=(-1,) * len(s.offers),
                 display=(), event=None, closed=(), start_player=-1, triggers=(), passed=(), turn_actions=(),
                 sieged=(), roundend=(), siege_discs=(), tribute_discs=(0, 0), event_data=())
    say(log, PREPARED_PROJECTS if left else PREPARED, "roundend.preparation")
    return phases.go("start-round", s, log, first)


def _lift_black_cubes(s: State, log: Log) -> State:
    """One black cube leaves every foreign market that still has one: the topmost (lowest slot)."""
    b = topology_of(s)
    covered, lifted = b.lift_covers(s.covered)
    if not lifted:
        return s
    opened = tuple(Phrase(OPENED, {"market": b.offers[i].market, "n": b.offers[i].load}) for i in lifted)
    say(log, BLACK_CUBES, "trade.black-cubes", opened=opened)
    return s.evolve(covered=covered)
