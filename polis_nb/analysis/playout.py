"""The playout policy: random, weighted towards useful choices, and never suicidal where it can help it.

Polis ends early for a side that cannot feed its capital (``end.capital-unfed``), owes prestige it
lacks (``end.prestige-owed``) or keeps no prestige after Phoros (``end.ostracism``). A uniform-random
game almost always ends that way in its first rounds, and so did the first "sensible" bot: it paid
its last wheat to act alone, spent its last prestige on marches and fed its cubes with prestige it
needed. Playouts of such games say little about a position, so this policy keeps a *budget*:

* the **food gap** is the wheat the side lacks to feed its cubes at round end (hoplites, galleys
  and the crews of trade ships eat nothing, so training and building also close it);
* the **spare prestige** is what is left after paying that gap with prestige, keeping the one
  prestige that saves the side from ostracism and a cushion of two for the next round (a side that
  spends down to its last prestige starts the next round with nothing to feed its cubes with, and
  then starves or is ostracised). In the last round no Phoros and no next round follow, so nothing
  is kept; under Free Trade one more is kept while the side's fleets bar the rival's trade route,
  as it then pays a prestige at the end of every turn (a side left with only the prestige for its
  pass passes at once).

Choices that would spend more than the spare prestige (military actions, tribute outside the home
region, Salpinx, retreats, Phoros, the Treasury's sale) weigh nothing. A side short of wheat favours
trade, tribute (wheat and silver rows) and training, builds a trade ship first while the ships it
has in port cannot bring the wheat it lacks, does not pay with wheat and does not pass while one of
these is open. It keeps its last hoplite in the home region, whose tribute is free but paid only to
a side with hoplites there; it lets a polis grow past its base population, whose new cube pays for
itself at Megalopolis, and others only with wheat to spare; and at the feeding step, counting the
prestige Megalopolis pays before Phoros, a side that cannot pay safely releases poleis, smallest
first and its trade cities (without which its ships cannot sail) last, rather than feed itself into
ostracism.

:func:`weights` gives the policy's weight for every legal choice; :func:`sensible_policy` samples
them, and the search (:mod:`.search`) uses them, normalised, as PUCT's prior: a small budget looks
at sensible choices first, and the playouts overturn the policy where they disagree. Everything random comes from
the injected ``random.Random``.
"""
from __future__ import annotations

import random
from functools import lru_cache

from ..data import Effect
from ..rules import (ACTIONS, Action, State, topology_of, topology_named, event_card, is_last_round, legal_actions,
                     open_offers, tribute_refusal, wheat_need)

# weights of the turn's actions (a side not short of food); "pass" is weighed separately
WEIGHT = {"trade": 4.0, "tribute": 4.0, "hoplites": 2.5, "siege": 5.0, "train": 2.5, "fleet": 1.5, "civilwar": 3.0,
          "project": 4.0, "galleys": 1.0, "ships": 1.5, "proxenos": 0.4, "ransom": 2.0}
FOOD = {"trade": 4.0, "tribute": 4.0, "train": 2.0}  # extra factor while short of wheat
FOOD_SHIP = 16.0  # the same for a trade ship while the ships in port cannot bring the wheat lacking
CUSHION = 2  # prestige kept for the next round's food, before the last round
BLOCKADE = "blockade-penalty"  # Free Trade's effect (either deck's card): a prestige at the end of every turn
ALONE_PASS = 0.5  # chance to pass at once when acting alone and not short of wheat
ALONE_GO_ON = 0.3  # otherwise the weight of passing, as a share of the other choices' weight
RARE = 0.001  # the weight of a choice the policy never takes but a search may still try
PASS = Action("pass")
MILITARY = frozenset(k for k, spec in ACTIONS.items() if spec.prestige_cost)  # cost prestige when chosen


def _wheat(s: State, p: int) -> int:
    return s.goods[p][-1]  # wheat is the last good of both editions


def food_gap(s: State, p: int) -> int:
    """The wheat ``p`` lacks to feed its cubes at this round's end."""
    return max(0, wheat_need(s, p) - _wheat(s, p))


def spare_prestige(s: State, p: int) -> int:
    """Prestige ``p`` may spend and still feed its cubes, survive Phoros and keep a cushion of
    :data:`CUSHION` for the next round's food (none of both in the last round), and pay for the
    turns Free Trade charges it for (may be negative)."""
    keep = (0 if is_last_round(s) else 1 + CUSHION) + _charged(s, p)
    return s.prestige[p] - food_gap(s, p) - keep


def _charged(s: State, p: int) -> bool:
    """Whether the round's event charges ``p`` a prestige at the end of each of its turns now: Free
    Trade, while ``p``'s control of the seas leaves the rival no trade route to one of the markets
    the card names (and ``p`` keeps fewer galleys than it asks for in the seas it names)."""
    e = _blockade(s)
    if e is None:
        return False
    m1, m2, _, galleys, sea1, sea2 = e.args
    b = topology_of(s)
    if s.units[b.area_index[sea1]][p] + s.units[b.area_index[sea2]][p] >= galleys:
        return False
    # the markets the rival could sail to, were its ships in port, its stores full and every offer free
    rival = 1 - p
    full = (99,) * len(s.goods[rival])
    t = s.evolve(ships_port=(1, 1), goods=(full, full), offers=(-1,) * len(s.offers), closed=(), covered=())
    reach = {o.market for o, _, _ in open_offers(t, rival)}
    return m1 not in reach or m2 not in reach


def _blockade(s: State) -> Effect | None:
    """The blockade effect of the round's event card, or None."""
    if s.event is None:
        return None
    key = (s.components, s.event)
    if key not in _BLOCKADES:
        _BLOCKADES[key] = next((e for e in event_card(s, s.event).effects if e.op == BLOCKADE), None)
    return _BLOCKADES[key]


# (component set, event card) -> the card's blockade effect, or None
_BLOCKADES: dict[tuple[str, str], Effect | None] = {}


def _alone_at_ease(s: State) -> bool:
    """Acting alone (every action costs a good) and not short of wheat."""
    p = s.pending.player
    return s.pending.kind == "turn" and bool(s.passed) and s.passed[0] != p and not food_gap(s, p)


def sensible_policy(s: State, rng: random.Random) -> Action:
    """A playout move: the choices sampled by their :func:`weights` (never one weighing
    :data:`RARE` or less, unless nothing else is legal)."""
    if _alone_at_ease(s) and rng.random() < ALONE_PASS:
        return PASS  # often not worth a good (and this way the choices need not even be listed)
    acts = legal_actions(s)
    if len(acts) == 1:
        return acts[0]
    w = [x if x > RARE else 0.0 for x in weights(s, acts)]
    return rng.choices(acts, w)[0] if any(w) else rng.choice(acts)


def weights(s: State, acts: tuple[Action, ...] | None = None) -> list[float]:
    """The policy's weight of each legal choice at ``s`` (in the order of ``acts``, the legal
    choices by default): zero or :data:`RARE` for what it avoids."""
    acts = legal_actions(s) if acts is None else acts
    fn = _BY_KIND.get(s.pending.kind)
    return fn(s, acts) if fn is not None else [1.0] * len(acts)


def prior(s: State, acts: tuple[Action, ...]) -> list[float]:
    """The chance that :func:`sensible_policy` takes each choice (unnormalised): its weights, with
    the quick pass of a side acting alone at ease added to "pass"."""
    w = weights(s, acts)
    if _alone_at_ease(s) and acts and acts[-1].kind == "pass":
        total = sum(w)
        w[-1] += total * ALONE_PASS / (1 - ALONE_PASS)
    return w


# --- the turn ---------------------------------------------------------------------------------

def _turn(s: State, acts: tuple[Action, ...]) -> list[float]:
    """An action (or passing): by :data:`WEIGHT`, within the budget, favouring food while short of it."""
    p = s.pending.player
    gap = food_gap(s, p)
    spare = spare_prestige(s, p)
    alone = bool(s.passed) and s.passed[0] != p
    goods = s.goods[p]
    wheat_i = len(goods) - 1
    b = topology_of(s)
    out = []
    feeds = []  # whether each choice brings wheat (or spares feeding cubes) while short of it
    for a in acts:
        k = a.kind
        w = WEIGHT.get(k, 1.0)
        food = False
        if k == "pass" or (k in MILITARY and spare < 1) or (k == "tribute" and spare < 1 and not _home_tribute(s, p)):
            w = 0.0
        elif gap:
            food = k in FOOD or (k == "ships" and _ship_would_trade(s, p, gap))
            w *= FOOD_SHIP if k == "ships" and food else FOOD.get(k, 0.3)
        if w and a.args:  # acting alone: the good paid first
            g = b.good_index[a.args[0][1:]]
            if g == wheat_i and goods[g] <= wheat_need(s, p):
                w = 0.0
            else:
                w *= goods[g] / 8  # pay with what is plentiful
        out.append(w)
        feeds.append(food and w > 0)
    total = sum(out)
    i_pass = len(acts) - 1  # "pass" is always the last choice of the turn
    if total == 0 or (s.prestige[p] <= 1 + (not is_last_round(s)) and _charged(s, p)):
        return [0.0] * i_pass + [1.0]  # (every turn costs a prestige: what is left pays only for passing)
    if any(feeds):  # short of wheat with a way to get it: no passing
        out[i_pass] = 0.0
    elif alone:
        out[i_pass] = total * ALONE_GO_ON
    else:
        out[i_pass] = total * (0.01 if not s.turn_actions else 0.12)
    return out


def _ship_would_trade(s: State, p: int, gap: int) -> bool:
    """Whether another trade ship would bring ``p`` wheat it lacks: the ships it has in port cannot
    close the food ``gap`` with the biggest wheat offers it can reach and pay, and one more such
    offer is open (its crew cube, which leaves the polis, is one less to feed besides)."""
    ships = s.ships_port[p]
    t = s if ships else s.evolve(ships_port=tuple(1 if q == p else n for q, n in enumerate(s.ships_port)))
    loads = sorted((o.load for o, _, _ in open_offers(t, p) if o.receive == "wheat"), reverse=True)
    return len(loads) > ships and sum(loads[:ships]) < gap


def _home_tribute(s: State, p: int) -> bool:
    """Whether ``p`` may demand tribute in its home region (free of prestige) now."""
    return tribute_refusal(s, p, topology_of(s).home[p]) is None


def _one(acts: tuple[Action, ...], pick: Action) -> list[float]:
    """All the weight on ``pick`` (the others :data:`RARE`)."""
    return [1.0 if a == pick else RARE for a in acts]


# --- round end --------------------------------------------------------------------------------

def _feed(s: State, acts: tuple[Action, ...]) -> list[float]:
    """Feeding with prestige where the side survives Phoros after it, else releasing poleis."""
    p = s.pending.player
    b = topology_of(s)
    big = [o == p and n > pol.base for o, n, pol in zip(s.owner, s.pop, b.comp.poleis)]
    # the prestige kept against ostracism, less what Megalopolis pays before Phoros
    keep = 0 if is_last_round(s) else 1 - sum(big)
    short = wheat_need(s, p) - _wheat(s, p)
    feed = [a for a in acts if a.kind == "feed"]
    if feed and s.prestige[p] - short >= keep:
        return _one(acts, feed[0])
    trade = b.trade_cities[p]
    # the smallest first, a trade city (where the side's ships trade and are built) last
    releases = sorted((a for a in acts if a.kind == "release"),
                      key=lambda a: (b.polis_index[a.args[0]] in trade, s.pop[b.polis_index[a.args[0]]]))
    if not releases:
        return [1.0] * len(acts)
    for a in releases:  # the first polis whose release lets the rest be fed safely
        i = b.polis_index[a.args[0]]
        if s.prestige[p] - (short - s.pop[i]) >= keep + big[i]:
            return _one(acts, a)
    others = [a for a in releases if b.polis_index[a.args[0]] not in trade]
    return _one(acts, (others or releases)[-1])  # none does: the biggest, a trade city last


def _grow(s: State, acts: tuple[Action, ...]) -> list[float]:
    """Growing: past the base population always (Megalopolis then pays a prestige every round, which
    feeds the new cube); otherwise only with enough wheat left for half the bigger league."""
    p = s.pending.player
    n = sum(a.kind == "grow" for a in acts)
    if not n:
        return [1.0] * len(acts)
    if is_last_round(s):  # a cube is a point, the wheat only breaks ties
        return [1.0 / n if a.kind == "grow" else RARE for a in acts]
    b = topology_of(s)
    mega = []  # whether each choice lets a polis grow past its base population
    for a in acts:
        i = b.polis_index[a.args[0]] if a.kind == "grow" else -1
        mega.append(i >= 0 and s.pop[i] == b.comp.poleis[i].base)
    if any(mega):
        return [1.0 if m else RARE for m in mega]
    if _wheat(s, p) - 1 >= (wheat_need(s, p) + 1 + 1) // 2:  # enough left for half the bigger league next round
        return [0.8 / n if a.kind == "grow" else 0.2 for a in acts]
    return [RARE if a.kind == "grow" else 1.0 for a in acts]


def _phoros(s: State, acts: tuple[Action, ...]) -> list[float]:
    p = s.pending.player
    spare = s.prestige[p] - 1 - CUSHION  # what survives Phoros and the next round's food
    ok = [a for a in acts if 0 < int(a.args[0]) <= spare]
    out = []
    for a in acts:
        n = int(a.args[0])
        out.append(0.7 if n == 0 else 0.3 / len(ok) if a in ok else 0.0 if n >= s.prestige[p] else RARE)
    return out


def _sell(s: State, acts: tuple[Action, ...]) -> list[float]:
    """The Treasury's sale of prestige for silver: only what is spare."""
    spare = max(0, spare_prestige(s, s.pending.player) - 1)
    ok = [a for a in acts if 0 < int(a.args[0]) <= spare]
    return [0.6 if int(a.args[0]) == 0 else 0.4 / len(ok) if a in ok else RARE for a in acts]


# --- inside actions ---------------------------------------------------------------------------

def _tribute_area(s: State, acts: tuple[Action, ...]) -> list[float]:
    p = s.pending.player
    b = topology_of(s)
    home = [a for a in acts if b.area_index[a.args[0]] == b.home[p]]
    return _one(acts, home[0]) if home else [1.0] * len(acts)


def _rows(s: State, acts: tuple[Action, ...]) -> list[float]:
    """The tribute rows worth most (wheat and silver, which buys wheat, count triple while short of
    wheat; otherwise silver counts one and a half): the best gets the weight, the rest
    :data:`RARE`."""
    b = topology_of(s)
    return list(_row_weights(s.components, b.area_ids[s.pending.data[0]], acts,
                             food_gap(s, s.pending.player) > 0))


@lru_cache(maxsize=4096)
def _row_weights(components: str, area: str, acts: tuple[Action, ...], hungry: bool) -> tuple[float, ...]:
    table = {r.good: r.amounts for r in topology_named(components).comp.tribute.get(area, ())}
    values = []
    for a in acts:
        v = 0.0
        for part in a.args[0].split(","):
            g, k = part.split(":")
            amounts = table.get(g)
            n = amounts[int(k) - 1] if amounts and int(k) <= len(amounts) else int(k)
            v += n * (3.0 if g in ("wheat", "silver") and hungry else 1.5 if g in ("silver", "pacifists") else 1.0)
        values.append(v)
    top = max(values)
    return tuple(1.0 if v >= top - 0.25 else RARE for v in values)


def _offer(s: State, acts: tuple[Action, ...]) -> list[float]:
    if food_gap(s, s.pending.player):
        b = topology_of(s)
        wheat = [a.args[1] == "buy" or b.offers[b.offer_index[a.args[0]]].receive == "wheat" for a in acts]
        if any(wheat):
            return [1.0 if w else RARE for w in wheat]
    return [1.0] * len(acts)


def _more(s: State, acts: tuple[Action, ...]) -> list[float]:
    """Paying for one more unit (or moving one more): usually yes; training always while short of
    wheat (hoplites eat nothing)."""
    n = sum(a.kind != "end" for a in acts)
    if not n:
        return [1.0] * len(acts)
    stop = RARE if s.pending.kind == "train-pay" and food_gap(s, s.pending.player) else 0.2
    return [stop if a.kind == "end" else 0.8 / n for a in acts]


def _move_from(s: State, acts: tuple[Action, ...]) -> list[float]:
    """Moving one more unit: as :func:`_more`, but the last hoplite stays in the home region (which
    pays tribute without prestige, and only to a side with hoplites there)."""
    w = _more(s, acts)
    if s.pending.data[0] == "hoplite":
        b = topology_of(s)
        p = s.pending.player
        home = b.area_ids[b.home[p]]
        if s.units[b.home[p]][p] <= 1:
            w = [RARE if a.kind == "from" and a.args[0] == home else x for a, x in zip(acts, w)]
            if not any(x > RARE for x in w):
                return _more(s, acts)
    return w


def _move_dest(s: State, acts: tuple[Action, ...]) -> list[float]:
    p = s.pending.player
    b = topology_of(s)
    contested = [s.units[b.area_index[a.args[0]]][1 - p] >= 3 for a in acts]
    k = sum(contested)
    if not k:
        return [1.0] * len(acts)
    return [0.7 / k + 0.3 / len(acts) if c else 0.3 / len(acts) for c in contested]


def _attack(s: State, acts: tuple[Action, ...]) -> list[float]:
    """Playing Salpinx costs the attacker a prestige: not with none to spare."""
    if spare_prestige(s, s.pending.player) >= 1:
        return [1.0] * len(acts)
    w = [RARE if "salpinx" in str(a) else 1.0 for a in acts]
    return w if any(x > RARE for x in w) else [1.0] * len(acts)


def _retreat(s: State, acts: tuple[Action, ...]) -> list[float]:
    if spare_prestige(s, s.pending.player) < 2:
        return [1.0 if a.kind == "fight" else RARE for a in acts]  # a retreat costs a prestige
    return [0.85 if a.kind == "fight" else 0.15 for a in acts]


_BY_KIND = {"turn": _turn, "feed": _feed, "grow": _grow, "phoros": _phoros, "event-sell": _sell,
            "tribute-area": _tribute_area, "tribute-rows": _rows, "trade-offer": _offer,
            "train-pay": _more, "galley-pay": _more, "ships-pay": _more, "move-from": _move_from,
            "move-dest": _move_dest, "battle-retreat": _retreat, "battle-attack": _attack}
