"""Military actions: move hoplites, move galleys, besiege a polis, demand tribute."""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from ..i18n import Phrase, message, plural
from .actions import Action, Explanation, only_end, shared, shared_each
from .topology import Topology, topology_of
from .common import Log, add_good, add_prestige, explained, say, side_id
from .decisions import ActionSpec, Opens, action, decision, shape, uniform, with_listing
from .editions import edition_of
from .flow import after_action
from .modifiers import tribute_rows
from .routes import route, unit_routes
from .state import CHANCE, NEUTRAL, Pending, State, other, tadd, tset

# the action a move belongs to, by the unit moved
MOVE_ACTION = {"hoplite": "hoplites", "galley": "fleet"}

# --- e./f. movement ---------------------------------------------------------------------------


def _kind_areas(s: State, unit: str) -> tuple[int, ...]:
    b = topology_of(s)
    return b.seas if unit == "galley" else b.territories


def _origins(s: State, p: int, unit: str, dst: int) -> list[int]:
    b = topology_of(s)
    if s.units[dst][p] >= b.limit(s):
        return []
    return [o for o in _kind_areas(s, unit) if o != dst and s.units[o][p] > 0 and dst in unit_routes(s, p, o)]


def _any_move(s: State, p: int, unit: str) -> bool:
    """Whether some unit of p can reach an area where p is below the stacking limit."""
    b = topology_of(s)
    lim = b.limit(s)
    units = s.units
    sea = unit == "galley"
    srcs = [o for o in _kind_areas(s, unit) if units[o][p] > 0]
    for o in srcs:  # a neighbour is always reachable: every search meets it first
        for d in (b.sea_neighbours(s, p, o) if sea else b.land_nb[o]):
            if d != o and units[d][p] < lim and b.is_sea[d] is sea:
                return True
    for o in srcs:
        for d in unit_routes(s, p, o):  # never o itself
            if units[d][p] < lim and b.is_sea[d] is sea:
                return True
    return False


def dest_options(s: State) -> list[Action]:
    """Every area some unit can reach (``_origins`` not empty), each origin's routes looked up once."""
    p = s.pending.player
    unit = s.pending.data[0]
    b = topology_of(s)
    lim = b.limit(s)
    areas = _kind_areas(s, unit)
    reach = [(o, unit_routes(s, p, o)) for o in areas if s.units[o][p] > 0]
    to = shared_each("to", b.area_ids)
    return [to[d] for d in areas if s.units[d][p] < lim and any(o != d and d in r for o, r in reach)]


WILL_MOVE = message("move.will-move", "{side} will move {unit:nom.pl} to {area}")
ENDS_MOVE = message("move.ends", "{side} ends the move")
MOVES = message("move.moves", "{side} moves a {unit} from {area_from} to {area_to}{how}{path}")
BY_SEA = message("move.by-sea", " by sea")
BY_LAND = message("move.by-land", " by land")
VIA = message("move.via", " via {area_list}")
NAME_AREA = message("move.name-area", "Name an area of the map, e.g. 'to boiotia'.")
CANNOT_END = {"hoplite": message("move.hoplites-cannot-end", "Hoplites cannot end in {area}: hoplites stay on land and "
                                 "galleys at sea."),
              "galley": message("move.galleys-cannot-end", "Galleys cannot end in {area}: hoplites stay on land and "
                                "galleys at sea.")}
AT_LIMIT = message("move.at-limit", "{side} already has {n} units in {area}, the stacking limit of round {round}.")
NONE_REACHES = message("move.none-reaches", "No {unit} of {side} can reach {area}: every path passes an area the "
                       "opponent controls or one where its side is at the limit, or needs both land and sea.{diolkos}")
THIS_ONE_CANNOT = message("move.this-one-cannot", "Every unit of this action ends in {area}, which the {unit} in "
                          "{area_from} cannot reach: every path passes an area the opponent controls or one where its "
                          "side is at the limit, or needs both land and sea.{diolkos}")
DIOLKOS_OWNER = message("move.diolkos-owner", " Only the owner of {polis} may cross the diolkos.")
DEST_ALREADY = message("move.destination-already", "This action's destination is already {area}; every unit moved by it "
                       "ends there. Name where the next unit comes from, or end the action.")
MOVE_ONE_FIRST = message("move.move-one-first", "Move at least one unit before ending the action.")
NAME_ORIGIN = message("move.name-origin", "Name the area a unit comes from, e.g. 'from attika'.")
HOLDS_NO = message("move.holds-no", "{area} holds no {unit:nom.pl}: hoplites stand on land and galleys at sea.")
NO_UNIT_IN = message("move.no-unit-in", "{side} has no unit in {area}.")
FULL_FOR = message("move.full-for", "{area} is full for {side}.")
CANNOT_MOVE = message("move.cannot-move", "No {unit} of {side} can move anywhere now.")


def dest_apply(s: State, a: Action, log: Log) -> State:
    say(log, WILL_MOVE, "move.one-destination", player=s.pending.player, side=side_id(s.pending.player),
        unit=s.pending.data[0], area=a.args[0])
    d = topology_of(s).area_index[a.args[0]]
    return s.evolve(pending=Pending("move-from", s.pending.player, (s.pending.data[0], d, 0)))


def from_options(s: State) -> list[Action]:
    p = s.pending.player
    unit, d, n = s.pending.data
    b = topology_of(s)
    frm = shared_each("from", b.area_ids)
    out = [frm[o] for o in _origins(s, p, unit, d)]
    if n > 0:
        out.append(shared("end"))
    return out


def from_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    unit, d, n = s.pending.data
    b = topology_of(s)
    if a.kind == "end":
        say(log, ENDS_MOVE, "move.one-destination", player=p, side=side_id(p))
        return after_action(s, p, log)
    o = b.area_index[a.args[0]]
    r = route(s, p, o, d)
    if unit == "galley":
        via, rules = r, ["move.one-at-a-time"]
        seas = (o,) + via + (d,)
    else:
        via, rules = r[1], ["move.one-at-a-time", "move.land-or-sea"]
        seas = via if r[0] == "sea" else ()
    _, dx, dy = b.diolkos
    if any({x, y} == {dx, dy} for x, y in zip(seas, seas[1:])):
        rules.append("move.diolkos")
    uo, ud = s.units[o], s.units[d]
    units = tset(s.units, o, tset(uo, p, uo[p] - 1))
    units = tset(units, d, tset(units[d], p, ud[p] + 1))
    s = s.evolve(units=units, pending=Pending("move-from", p, (unit, d, n + 1)))
    path = Phrase(VIA, {"area_list": tuple(b.area_ids[x] for x in via)}) if via else ""
    mode: Phrase | str = ""
    if unit == "hoplite":
        mode = Phrase(BY_SEA) if r[0] == "sea" else Phrase(BY_LAND)
    say(log, MOVES, *rules, player=p, side=side_id(p), unit=unit, area_from=a.args[0], area_to=b.area_ids[d], how=mode,
        path=path)
    more = from_options(s)
    if only_end(more):
        return after_action(s, p, log)
    return with_listing(s, more)


def _move_why_dest(s: State, a: Action) -> Explanation | None:
    b = topology_of(s)
    p = s.pending.player
    unit = s.pending.data[0]
    if len(a.args) != 1 or a.args[0] not in b.area_index:
        return explained(s, False, NAME_AREA, "move.unenterable")
    d = b.area_index[a.args[0]]
    if b.is_sea[d] != (unit == "galley"):
        return explained(s, False, CANNOT_END[unit], "move.land-or-sea", area=a.args[0])
    if s.units[d][p] >= b.limit(s):
        return explained(s, False, AT_LIMIT, "stack.limit", "game.rounds", side=side_id(p), n=s.units[d][p],
                         area=a.args[0], round=b.comp.rounds[s.round].label)
    return _blocked(s, p, unit, d, None)


def _blocked(s: State, p: int, unit: str, d: int, o: int | None) -> Explanation:
    """Why no unit (or the unit in o) of p can reach d: the path rules, and the diolkos if it would help."""
    b = topology_of(s)
    rules = ["move.no-passing-through-controlled", "move.no-passing-through-full", "move.land-or-sea",
             "move.unenterable"]
    if o is None:
        args: dict = {"unit": unit, "side": side_id(p), "area": b.area_ids[d]}
        msg = NONE_REACHES
    else:
        msg, args = THIS_ONE_CANNOT, {"area": b.area_ids[d], "unit": unit, "area_from": b.area_ids[o]}
        rules.insert(0, "move.one-destination")
    args["diolkos"] = ""
    if not b.has_diolkos(s, p):
        with_diolkos = s.evolve(owner=tset(s.owner, b.diolkos[0], p))
        helps = bool(_origins(with_diolkos, p, unit, d)) if o is None else route(with_diolkos, p, o, d) is not None
        if helps:
            rules.append("move.diolkos")
            args["diolkos"] = Phrase(DIOLKOS_OWNER, {"polis": b.polis_ids[b.diolkos[0]]})
    return explained(s, False, msg, *rules, **args)


def _move_why_from(s: State, a: Action) -> Explanation | None:
    b = topology_of(s)
    p = s.pending.player
    unit, d, n = s.pending.data
    if a.kind == "to":
        return explained(s, False, DEST_ALREADY, "move.one-destination", area=b.area_ids[d])
    if a.kind == "end":
        return explained(s, False, MOVE_ONE_FIRST, "move.one-destination")
    if len(a.args) != 1 or a.args[0] not in b.area_index:
        return explained(s, False, NAME_ORIGIN, "decision.wrong-kind")
    o = b.area_index[a.args[0]]
    if o not in _kind_areas(s, unit):
        return explained(s, False, HOLDS_NO, "move.land-or-sea", area=a.args[0], unit=unit)
    if s.units[o][p] == 0:
        return explained(s, False, NO_UNIT_IN, "move.one-at-a-time", side=side_id(p), area=a.args[0])
    if s.units[d][p] >= b.limit(s):
        return explained(s, False, FULL_FOR, "stack.limit", area=b.area_ids[d], side=side_id(p))
    if o != d and route(s, p, o, d) is None:
        return _blocked(s, p, unit, d, o)
    return None


def _move_action(data: tuple) -> str:
    return MOVE_ACTION[data[0]]


def _move_dest_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    return None if shape(d, str) and d[0] in MOVE_ACTION else "expected [\"hoplite\"] or [\"galley\"]"


def _move_from_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if not shape(d, str, int, int) or d[0] not in MOVE_ACTION or not 0 <= d[1] < len(s.units):
        return "expected [unit, destination area index, units moved so far]"
    if b.is_sea[d[1]] != (d[0] == "galley") or not 0 <= d[2] <= b.limit(s):
        return "the destination does not suit the unit, or too many units moved [move.land-or-sea]"
    return None


decision("move-dest", "actions", dest_options, dest_apply, _move_why_dest, keywords=("to",),
         prompt=message("prompt.move-dest", "choose the destination"), action=_move_action, target="area", why_template="to {}",
         context=_move_dest_context)
decision("move-from", "actions", from_options, from_apply, _move_why_from, keywords=("from", "end", "to"),
         prompt=message("prompt.move-from", "choose where the next unit comes from (or end)"), action=_move_action,
         target="area",
         why_template="from {}", context=_move_from_context)


def _begin_move(unit: str) -> Opens:
    return Opens("move-dest", (unit,))


def _move_why(unit: str):
    def why(s: State, p: int) -> Explanation:
        return explained(s, False, CANNOT_MOVE, "move.no-passing-through-controlled", "stack.limit", unit=unit,
                         side=side_id(p))
    return why


action(ActionSpec("hoplites", True, lambda s, p: _any_move(s, p, "hoplite"), _begin_move("hoplite"),
                  _move_why("hoplite"), ("move.one-destination",), message("action.hoplites", "Move hoplites"), frozenset(), prestige_cost=1))
action(ActionSpec("fleet", True, lambda s, p: _any_move(s, p, "galley"), _begin_move("galley"),
                  _move_why("galley"), ("move.one-destination",), message("action.fleet", "Move galleys"), frozenset(), prestige_cost=1))

# --- g. siege ---------------------------------------------------------------------------------


NEVER_BESIEGED = message("siege.never", "{polis} can never be besieged.")
BELONGS = message("siege.belongs", "{polis} already belongs to {side}.")
BESIEGED_THIS_TURN = message("siege.this-turn", "{polis} was already besieged this turn.")
NO_CONTROL = message("siege.no-control", "{side} does not control {area} ({n} against {m} hoplites).")
TOO_FEW = message("siege.too-few", "{polis} has fortification {fort}, but {side} has only {n} hoplites in {area}.")
NO_SUPPLY = message("siege.no-supply", "{side} has {n} cubes in supply, {need} would be needed to populate {polis}.")
NO_DISC = message("siege.no-disc", "{side} has no disc left to mark the polis or a failed siege.")


def siege_refusal(s: State, p: int, i: int) -> Explanation | None:
    b = topology_of(s)
    pol = b.comp.poleis[i]
    area = b.polis_area[i]
    if pol.capital_of or area < 0:
        return explained(s, False, NEVER_BESIEGED, "siege.no-capital", polis=pol.id)
    if s.owner[i] == p:
        return explained(s, False, BELONGS, "siege.requirements", polis=pol.id, side=side_id(p))
    if i in s.sieged:
        return explained(s, False, BESIEGED_THIS_TURN, "siege.once-per-turn", polis=pol.id)
    if b.controller(s, area) != p:
        return explained(s, False, NO_CONTROL, "siege.requirements", "control.majority", side=side_id(p),
                         area=b.area_ids[area], n=s.units[area][p], m=s.units[area][other(p)])
    if s.units[area][p] < pol.base:
        return explained(s, False, TOO_FEW, "siege.requirements", polis=pol.id, fort=pol.base, side=side_id(p),
                         n=s.units[area][p], area=b.area_ids[area])
    need = pol.base if s.owner[i] == NEUTRAL else s.pop[i]
    if b.supply(s, p) < need:
        return explained(s, False, NO_SUPPLY, "siege.supply", "game.limited-material", side=side_id(p),
                         n=b.supply(s, p), need=need, polis=pol.id)
    if b.discs_free(s, p) == 0:
        return explained(s, False, NO_DISC, "game.discs-limit", "game.limited-material", side=side_id(p))
    return None


# --- siege discs (second edition) ---------------------------------------------------------------


def siege_bonus(s: State, p: int, i: int) -> int:
    """+1 per siege disc of p in the territory of polis i."""
    if not s.siege_discs:
        return 0
    b = topology_of(s)
    area = b.polis_area[i]
    return sum(1 for j, q in s.siege_discs if q == p and b.polis_area[j] == area)


DISC_LEAVES_STRANDED = message("siege.disc-leaves-stranded", "{side:gen} siege disc at {polis} leaves the board: no "
                               "{side} hoplite is left in {area}")
DISC_LEAVES_NEUTRAL = message("siege.disc-leaves-neutral", "{side:gen} siege disc at {polis} leaves the board: {side2} "
                              "now besieges the neutral polis")
NO_ROLL = message("siege.no-roll", "{side} besieges {polis}: fortification 1 needs no roll")
ROLLS = message("siege.rolls", "{side} besieges {polis} (fortification {fort}{bonus}) and rolls the die")
BONUS = plural("siege.bonus", ", +{n} for {side} siege disc there", ", +{n} for {side} siege discs there")
NAME_POLIS = message("siege.name-polis", "Name the polis to besiege, e.g. 'polis thebai'.")


def drop_stranded_discs(s: State, log: Log) -> State:
    """Siege discs leave at once when their owner has no hoplite left in that territory."""
    b = topology_of(s)
    keep = tuple(d for d in s.siege_discs if s.units[b.polis_area[d[0]]][d[1]] > 0)
    if keep == s.siege_discs:
        return s
    for j, q in sorted(set(s.siege_discs) - set(keep)):
        say(log, DISC_LEAVES_STRANDED, "siege.discs-removal", player=q, side=side_id(q), polis=b.polis_ids[j],
            area=b.area_ids[b.polis_area[j]])
    return s.evolve(siege_discs=keep)


def _siege_candidates(s: State, p: int) -> list[int]:
    """Poleis whose territory p controls with at least their fortification in hoplites (a quick
    filter; siege_refusal has the final word)."""
    b = topology_of(s)
    out = []
    for i, area in enumerate(b.polis_area):
        if area < 0 or s.owner[i] == p:
            continue
        u = s.units[area]
        if u[p] > u[1 - p] and u[p] >= b.comp.poleis[i].base:
            out.append(i)
    return out


def siege_options(s: State) -> list[Action]:
    p = s.pending.player
    b = topology_of(s)
    return [shared("polis", (b.polis_ids[i],)) for i in _siege_candidates(s, p) if siege_refusal(s, p, i) is None]


def siege_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    b = topology_of(s)
    i = b.polis_index[a.args[0]]
    s = s.evolve(sieged=s.sieged + (i,))
    pol = b.comp.poleis[i]
    theirs = tuple(d for d in s.siege_discs if d[0] == i and d[1] != p)
    if theirs and s.owner[i] == NEUTRAL:
        s = s.evolve(siege_discs=tuple(d for d in s.siege_discs if d not in theirs))
        say(log, DISC_LEAVES_NEUTRAL, "siege.discs-removal", player=other(p), side=side_id(other(p)), polis=pol.id,
            side2=side_id(p))
    if pol.base <= 1:
        say(log, NO_ROLL, "siege.fortification", player=p, side=side_id(p), polis=pol.id)
        return siege_resolve(s, p, i, None, log)
    bonus = siege_bonus(s, p, i)
    plus = Phrase(BONUS, {"n": bonus, "side": side_id(p)}) if bonus else ""
    say(log, ROLLS, "siege.fortification", *(("siege.discs",) if bonus else ()), player=p, side=side_id(p),
        polis=pol.id, fort=pol.base, bonus=plus)
    return s.evolve(pending=Pending("siege-die", CHANCE, (p, i)))


def _siege_why(s: State, a: Action) -> Explanation | None:
    b = topology_of(s)
    if len(a.args) != 1 or a.args[0] not in b.polis_index:
        return explained(s, False, NAME_POLIS, "decision.wrong-kind")
    return siege_refusal(s, s.pending.player, b.polis_index[a.args[0]])


_DIE_FACES = ("1", "2", "3", "4")


def die_options(s: State) -> list[Action]:
    return [shared("die", (k,)) for k in _DIE_FACES]


def die_apply(s: State, a: Action, log: Log) -> State:
    p, i = s.pending.data
    return siege_resolve(s, p, i, int(a.args[0]), log)


def take_polis(s: State, p: int, i: int) -> tuple[State, int]:
    """p annexes polis i: own cubes replace the owner's (base population if neutral)."""
    b = topology_of(s)
    n = b.comp.poleis[i].base if s.owner[i] == NEUTRAL else s.pop[i]
    return s.evolve(owner=tset(s.owner, i, p), pop=tset(s.pop, i, n)), n


SUCCEEDS = message("siege.succeeds", "Siege of {polis} succeeds{how}: {side} annexes it{source} with {cubes} and gains "
                   "{n} prestige")
SUCCESS_ROLL = message("siege.success-roll", " (die {die}{plus} ≥ fortification {fort})")
FROM_SIDE = message("siege.from-side", " from {side}")
CUBES = plural("siege.cubes", "{n} cube", "{n} cubes")
PROJECTS_FOLLOW = message("siege.projects-follow", "The projects of {polis} go with it")
PROXENOS_CAPTURED = message("siege.proxenos-captured", "{side:gen} proxenos in {polis} is captured")
TAKES_BACK_DISC = message("siege.takes-back-disc", "{side} takes back its siege disc from {polis}")
FAILS = message("siege.fails", "Siege of {polis} fails (die {die}{plus} < fortification {fort}): {side} loses a hoplite in "
                "{area}{cube}{disc}")
LOSES_CUBE = message("siege.loses-cube", "; {polis} loses a cube")
LOSES_LAST_CUBE = message("siege.loses-last-cube", "; {polis} loses a cube and turns neutral")
DISC_BESIDE = message("siege.disc-beside", "; {side:gen} siege disc goes beside it")


def siege_resolve(s: State, p: int, i: int, roll: int | None, log: Log) -> State:
    b = topology_of(s)
    pol = b.comp.poleis[i]
    area = b.polis_area[i]
    bonus = 0 if roll is None else siege_bonus(s, p, i)
    if roll is None or roll + bonus >= pol.base:
        prev = s.owner[i]
        s, n = take_polis(s, p, i)
        s = add_prestige(s, p, pol.base)
        plus = f" + {bonus}" if bonus else ""
        how = "" if roll is None else Phrase(SUCCESS_ROLL, {"die": roll, "plus": plus, "fort": pol.base})
        frm = "" if prev == NEUTRAL else Phrase(FROM_SIDE, {"side": side_id(prev)})
        say(log, SUCCEEDS, "siege.success", player=p, polis=pol.id, how=how, side=side_id(p), source=frm,
            cubes=Phrase(CUBES, {"n": n}), n=pol.base)
        if any(t for t, pol_i in s.started + s.done if pol_i == i):
            say(log, PROJECTS_FOLLOW, "project.follows-polis", polis=pol.id)
        opp = other(p)
        if s.proxenos[opp] == i:
            s = s.evolve(proxenos=tset(s.proxenos, opp, -1))
            say(log, PROXENOS_CAPTURED, "siege.capture-proxenos", player=opp, side=side_id(opp), polis=pol.id)
        mine = tuple(d for d in s.siege_discs if d[0] == i and d[1] == p)
        if mine:
            s = s.evolve(siege_discs=tuple(d for d in s.siege_discs if d not in mine))
            say(log, TAKES_BACK_DISC, "siege.discs-removal", player=p, side=side_id(p), polis=pol.id)
    else:
        u = s.units[area]
        s = s.evolve(units=tset(s.units, area, tset(u, p, u[p] - 1)))
        plus = f" + {bonus}" if bonus else ""
        cube: Phrase | str = ""
        disc: Phrase | str = ""
        if s.owner[i] != NEUTRAL:
            s = s.evolve(pop=tadd(s.pop, i, -1))
            cube = Phrase(LOSES_CUBE, {"polis": pol.id})
            if s.pop[i] == 0:
                s = s.evolve(owner=tset(s.owner, i, NEUTRAL))
                cube = Phrase(LOSES_LAST_CUBE, {"polis": pol.id})
        rules = ["siege.failure"]
        if edition_of(s).siege_discs:
            s = s.evolve(siege_discs=tuple(sorted(s.siege_discs + ((i, p),))))
            disc = Phrase(DISC_BESIDE, {"side": side_id(p)})
            rules.append("siege.discs")
        say(log, FAILS, *rules, player=p, polis=pol.id, die=roll, plus=plus, fort=pol.base, side=side_id(p),
            area=b.area_ids[area], cube=cube, disc=disc)
    return after_action(s, p, log)


def _siege_die_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if not shape(d, int, int) or d[0] not in (0, 1) or not 0 <= d[1] < len(s.owner):
        return "expected [besieger, polis index]"
    p, i = d
    if i not in s.sieged or b.comp.poleis[i].base <= 1:
        return "the polis is not being besieged with a roll [siege.fortification]"
    e = siege_refusal(s.evolve(sieged=tuple(x for x in s.sieged if x != i)), p, i)
    return None if e is None else f"the siege cannot take place: {e.text}"


decision("siege-polis", "actions", siege_options, siege_apply, _siege_why, keywords=("polis",),
         prompt=message("prompt.siege-polis", "choose the polis to besiege"), action="siege", target="polis",
         why_template="polis {}")
decision("siege-die", "actions", die_options, die_apply, keywords=("die",),
         prompt=message("prompt.siege-die", "roll the siege die"),
         action="siege", context=_siege_die_context, weights=uniform)


def _siege_avail(s: State, p: int) -> bool:
    """Whether siege_refusal lets p besiege some polis (its checks, without the explanations)."""
    b = topology_of(s)
    free = None
    for i in _siege_candidates(s, p):
        if b.comp.poleis[i].capital_of or i in s.sieged:
            continue
        if free is None:
            free = b.discs_free(s, p) != 0
            supply = b.supply(s, p)
        need = b.comp.poleis[i].base if s.owner[i] == NEUTRAL else s.pop[i]
        if supply >= need and free:
            return True
    return False


BESIEGES_NONE = message("siege.none", "{side} can besiege no polis: it must control the territory with at least the "
                        "fortification in hoplites.")


def _siege_why_action(s: State, p: int) -> Explanation:
    b = topology_of(s)
    reasons = [siege_refusal(s, p, i) for i in range(len(s.owner)) if s.owner[i] != p and b.polis_area[i] >= 0
               and not b.comp.poleis[i].capital_of]
    rules = sorted({r for e in reasons if e for r in e.rule_ids} | {"siege.requirements"})
    return explained(s, False, BESIEGES_NONE, *rules, side=side_id(p))


action(ActionSpec("siege", True, _siege_avail, Opens("siege-polis"),
                  _siege_why_action, ("siege.requirements",), message("action.siege", "Besiege a polis"), frozenset(), prestige_cost=1))

# --- h. tribute -------------------------------------------------------------------------------


PAYS_NO_TRIBUTE = message("tribute.pays-none", "{area} pays no tribute.")
PAID_ALREADY = message("tribute.paid-already", "{area} has already paid tribute this round.")
NO_HOPLITES = message("tribute.no-hoplites", "{side} has no hoplites in {area}.")
NO_POLIS = message("tribute.no-polis", "{side} owns no polis in {area}.")
COSTS_PRESTIGE = message("tribute.costs-prestige", "Tribute outside the home region costs 1 prestige; {side} has none.")
NO_DISC_TRIBUTE = message("tribute.no-disc", "{side} has no disc left to mark the tribute.")


def tribute_refusal(s: State, p: int, t: int) -> Explanation | None:
    b = topology_of(s)
    name = b.area_ids[t]
    if b.is_sea[t] or b.area_ids[t] not in b.comp.tribute:
        return explained(s, False, PAYS_NO_TRIBUTE, "tribute.requirements", area=name)
    if t in s.tribute_done:
        return explained(s, False, PAID_ALREADY, "tribute.once-per-round", area=name)
    if s.units[t][p] == 0:
        return explained(s, False, NO_HOPLITES, "tribute.requirements", side=side_id(p), area=name)
    poleis = b.comp.areas[t].poleis
    if poleis and not any(s.owner[b.polis_index[x]] == p for x in poleis):
        return explained(s, False, NO_POLIS, "tribute.requirements", side=side_id(p), area=name)
    if t != b.home[p] and s.prestige[p] < 1:
        return explained(s, False, COSTS_PRESTIGE, "action.military-cost", "tribute.home-free", side=side_id(p))
    if b.discs_free(s, p) == 0:
        return explained(s, False, NO_DISC_TRIBUTE, "game.discs-limit", "game.limited-material", side=side_id(p))
    return None


def _tribute_candidates(s: State, p: int) -> list[int]:
    """Territories with own hoplites and no tribute disc yet (quick filter before tribute_refusal)."""
    return [t for t in topology_of(s).territories if s.units[t][p] and t not in s.tribute_done]


def tribute_area_options(s: State) -> list[Action]:
    p = s.pending.player
    b = topology_of(s)
    return [shared("area", (b.area_ids[t],)) for t in _tribute_candidates(s, p) if tribute_refusal(s, p, t) is None]


DEMANDS_HOME = message("tribute.demands-home", "{side} demands tribute in its home region {area} at no prestige cost")
DEMANDS = message("tribute.demands", "{side} demands tribute in {area} (−1 prestige)")
PAYS = message("tribute.pays", "{area} pays {side} {got}")
GOT = plural("tribute.got", "{n} {good} ({k} hoplite)", "{n} {good} ({k} hoplites)", count="k")
GOT_PACIFISTS = plural("tribute.got-pacifists", "{n} prestige for quelling pacifists ({k} hoplite)",
                       "{n} prestige for quelling pacifists ({k} hoplites)", count="k")
NAME_TERRITORY = message("tribute.name-territory", "Name a territory, e.g. 'area sikelia'.")
PLACE_SOME = message("tribute.place-some", "Place from 1 to {n} of the hoplites of {side} in {area} on its tribute rows "
                     "(cells per row: {cells}), filling each row from its first cell; write the rows in board order, "
                     "e.g. '{example}'.")
PLACE_ALL = message("tribute.place-all", "All {n} hoplites of {side} in {area} must be placed on its tribute rows (cells "
                    "per row: {cells}), filling each row from its first cell; write the rows in board order, e.g. "
                    "'{example}'.")
CELLS = message("tribute.cells", "{good} {n}")
NO_DISC_FOR_TRIBUTE = message("tribute.no-disc-action", "{side} has no disc left to mark a tribute.")
NONE_PAYS = message("tribute.none-pays", "No territory can pay {side} tribute now: it needs own hoplites and an owned "
                    "polis there, and no disc yet.")


def tribute_area_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    b = topology_of(s)
    t = b.area_index[a.args[0]]
    if t == b.home[p]:
        say(log, DEMANDS_HOME, "tribute.home-free", player=p, side=side_id(p), area=a.args[0])
    else:
        s = add_prestige(s, p, -1)
        say(log, DEMANDS, "action.military-cost", player=p, side=side_id(p), area=a.args[0])
    return s.evolve(pending=Pending("tribute-rows", p, (t,)))


def allocations(rows, n: int, all_hoplites: bool = True) -> list[tuple[int, ...]]:
    """Ways to place n hoplites on rows (each filled from its first cell): all of them (or as many
    as the rows hold) when ``all_hoplites``, else any number from one up."""
    n = min(n, sum(len(r.amounts) for r in rows))
    ranges = [range(len(r.amounts) + 1) for r in rows]
    if all_hoplites:
        return [c for c in product(*ranges) if sum(c) == n]
    return [c for c in product(*ranges) if 0 < sum(c) <= n]


def _rows(s: State, p: int, t: int):
    """The tribute rows of territory t for p, the most hoplites that collect, and the event rules that
    changed either (the round's event may add a row or cap the hoplites)."""
    if s.event is None:
        b = topology_of(s)
        return b.comp.tribute[b.area_ids[t]], s.units[t][p], ()
    return tribute_rows(s, p, t)


def rows_options(s: State) -> list[Action]:
    p = s.pending.player
    t = s.pending.data[0]
    rows, n, _ = _rows(s, p, t)
    return list(_row_choices(tuple(rows), n, edition_of(s).tribute_all_hoplites))


@lru_cache(maxsize=512)
def _row_choices(rows: tuple, n: int, all_hoplites: bool) -> tuple[Action, ...]:
    """The 'rows' choices for ``n`` hoplites on ``rows``: the same few tables come up again and again."""
    return tuple(Action("rows", (",".join(f"{r.good}:{k}" for r, k in zip(rows, c) if k),))
                 for c in allocations(rows, n, all_hoplites))


def rows_apply(s: State, a: Action, log: Log) -> State:
    p = s.pending.player
    b = topology_of(s)
    t = s.pending.data[0]
    all_rows, _, event_rules = _rows(s, p, t)
    rows = {r.good: r for r in all_rows}
    got = []
    for part in a.args[0].split(","):
        g, k = part.split(":")
        n = rows[g].amounts[int(k) - 1]
        s = add_prestige(s, p, n) if g == "pacifists" else add_good(s, p, g, n)
        got.append(Phrase(GOT_PACIFISTS, {"n": n, "k": int(k)}) if g == "pacifists" else
                   Phrase(GOT, {"n": n, "good": g, "k": int(k)}))
    s = s.evolve(tribute_done=tuple(sorted(s.tribute_done + (t,))))
    if b.comp.discs_per_player is not None:  # count the disc where discs are limited
        s = s.evolve(tribute_discs=tadd(s.tribute_discs, p, 1))
    rules = ["tribute.rows", "tribute.once-per-round", *event_rules,
             *b.comp.data_rules(("tribute", b.area_ids[t]))]
    say(log, PAYS, *rules, player=p, area=b.area_ids[t], side=side_id(p), got=tuple(got))
    return after_action(s, p, log)


def _tribute_why(s: State, a: Action) -> Explanation | None:
    b = topology_of(s)
    if len(a.args) != 1 or a.args[0] not in b.area_index:
        return explained(s, False, NAME_TERRITORY, "decision.wrong-kind")
    return tribute_refusal(s, s.pending.player, b.area_index[a.args[0]])


def _rows_why(s: State, a: Action) -> Explanation | None:
    b = topology_of(s)
    p = s.pending.player
    t = s.pending.data[0]
    rows, n, event_rules = _rows(s, p, t)
    n = min(n, sum(len(r.amounts) for r in rows))
    cells = tuple(Phrase(CELLS, {"good": r.good, "n": len(r.amounts)}) for r in rows)
    msg = PLACE_ALL if edition_of(s).tribute_all_hoplites else PLACE_SOME  # Ed2: the player picks how many go
    return explained(s, False, msg, "tribute.rows", *event_rules, n=n, side=side_id(p), area=b.area_ids[t], cells=cells,
                     example=str(rows_options(s)[0]))


def _tribute_rows_context(s: State, b: Topology) -> str | None:
    d = s.pending.data
    if not shape(d, int) or not 0 <= d[0] < len(s.units) or b.area_ids[d[0]] not in b.comp.tribute:
        return "expected [a territory that pays tribute]"
    if d[0] in s.tribute_done or s.units[d[0]][s.pending.player] < 1:
        return "this territory cannot pay tribute now [tribute.requirements]"
    return None


decision("tribute-area", "actions", tribute_area_options, tribute_area_apply, _tribute_why, keywords=("area",),
         prompt=message("prompt.tribute-area", "choose the territory"), action="tribute", target="area",
         why_template="area {}")
decision("tribute-rows", "actions", rows_options, rows_apply, _rows_why, keywords=("rows",),
         prompt=message("prompt.tribute-rows", "spread the hoplites over the tribute rows"), action="tribute",
         context=_tribute_rows_context)


def _tribute_avail(s: State, p: int) -> bool:
    """Whether tribute_refusal lets p demand tribute somewhere (its checks, without the explanations)."""
    b = topology_of(s)
    if s.prestige[p] < 1 and s.units[b.home[p]][p] == 0:  # outside the home region tribute costs prestige
        return False
    for t in _tribute_candidates(s, p):
        if b.is_sea[t] or b.area_ids[t] not in b.comp.tribute:
            continue
        poleis = b.comp.areas[t].poleis
        if poleis and not any(s.owner[b.polis_index[x]] == p for x in poleis):
            continue
        if t != b.home[p] and s.prestige[p] < 1:
            continue
        return b.discs_free(s, p) != 0
    return False


def _tribute_why_action(s: State, p: int) -> Explanation:
    if topology_of(s).discs_free(s, p) == 0:
        return explained(s, False, NO_DISC_FOR_TRIBUTE, "game.discs-limit", "game.limited-material", side=side_id(p))
    return explained(s, False, NONE_PAYS, "tribute.requirements", "tribute.once-per-round", side=side_id(p))


# tribute costs nothing when chosen: the territory decides (1 prestige, none in the home region;
# tribute_refusal and tribute_area_apply) [tribute.home-free]
action(ActionSpec("tribute", True, _tribute_avail, Opens("tribute-area"),
                  _tribute_why_action, ("tribute.requirements",), message("action.tribute", "Demand tribute"), frozenset(), prestige_cost=0))
