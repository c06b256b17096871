"""Carry a position to the other edition: the same ids for poleis, areas, markets and offers; goods by
name (metal and iron are the same good; oil exists only in the first edition); the round by its
stacking limit (3 → Alpha, 4 → Epsilon, 5α and 5β → Omega, Omega → 5α); project tiles by their
counterpart (Sokrates → Socrates, …); second-edition pieces (siege discs, black cubes, tribute discs)
dropped, or derived where the first edition implies them. What cannot be carried across is listed by
:func:`translation_losses`; a position that has no counterpart at all (a finished game, an Ω round end
past Megalopolis, a decision about a tile with no counterpart) raises :class:`TranslationError`.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Collection, TypeVar, overload

from ..rules import (EDITIONS, NEUTRAL, PLAYERS, Pending, PolisError, State, advance_roundend, topology_of, topology_named,
                     cite_edition_log, components_named, draw_next_project, invariant_problems, phoros_step, poss)

__all__ = ["ALIASES", "TranslationError", "translate", "translation_losses"]

# the same thing under another name in the other edition (goods and project tiles); ids that are equal
# in both editions need no entry
ALIASES: dict[str, str] = {"metal": "iron", "sokrates": "socrates", "phidias": "fidias", "apollon": "apollo",
                           "skene": "skini", "dionysia": "dionysos"}
_BACK = {v: k for k, v in ALIASES.items()}
_T = TypeVar("_T")

# decisions whose pending data holds only indices (the same in both editions)
_INDEX_DATA = frozenset({"turn", "train-polis", "train-pay", "galley-polis", "galley-pay", "ships-polis",
                         "ships-pay", "project-tile", "move-dest", "move-from", "siege-polis", "siege-die",
                         "tribute-area", "tribute-rows", "trade-offer", "proxenos-dest", "battle-order",
                         "draw-card", "battle-retreat", "battle-attack", "battle-defend", "feed", "grow", "phoros"})
_ROUND_START = frozenset({"draw-project", "project-remove", "draw-event"})
_ROUNDEND_STEPS = ("projects", "feed", "grow", "megalopolis", "spoil", "phoros", "prepare")


class TranslationError(PolisError):
    """A position with no counterpart in the other edition (the message says why)."""


# --- vocabulary ------------------------------------------------------------------------------------

def _word(x: str, vocab: Collection[str]) -> str | None:
    """``x`` in the vocabulary of the other edition (itself, its alias, or None)."""
    if x in vocab:
        return x
    y = ALIASES.get(x) or _BACK.get(x)
    return y if y is not None and y in vocab else None


@lru_cache(maxsize=16)
def _vocab(components: str) -> frozenset[str]:
    comp = components_named(components)
    return frozenset(comp.goods) | frozenset(p.id for p in comp.projects)


_TOKEN = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def _retext(text: str, components: str) -> str:
    """Action text with goods and tiles renamed into the words of ``components``' edition."""
    vocab = _vocab(components)

    def sub(m: re.Match[str]) -> str:
        w = m.group(0)
        return w if w in vocab else (_word(w, vocab) or w)

    return _TOKEN.sub(sub, text)


@overload
def _canon(x: str) -> str: ...
@overload
def _canon(x: _T) -> _T: ...
def _canon(x: object) -> object:
    """Edition-neutral name (first-edition words) of a good or tile (anything else as it is)."""
    return _BACK.get(x, x) if isinstance(x, str) else x


# --- translation -----------------------------------------------------------------------------------

def _target_round(s: State, edition: str) -> tuple[int, str | None]:
    src = topology_of(s).comp
    dst = components_named(EDITIONS[edition].component_set)
    lim = src.rounds[s.round].stacking
    same = [i for i, r in enumerate(dst.rounds) if r.stacking == lim]
    if not same:
        raise TranslationError(f"{edition} has no round with stacking limit {lim}")
    mine = [i for i, r in enumerate(src.rounds) if r.stacking == lim]
    loss = None
    if len(mine) > len(same) and s.round != mine[0]:
        loss = (f"round {src.rounds[s.round].name} and round {src.rounds[mine[0]].name} both become "
                f"{dst.rounds[same[0]].name}")
    return same[0], loss


def translate(state: State, edition: str) -> State:
    """``state`` as a position of ``edition`` (see the module docstring); the input is never changed.
    Raises :class:`TranslationError` when the position has no counterpart there."""
    return _translate(state, edition)[0]


def translation_losses(state: State, edition: str) -> tuple[str, ...]:
    """What :func:`translate` cannot carry to ``edition``, in plain words (empty when lossless)."""
    return _translate(state, edition)[1]


def _translate(s: State, edition: str) -> tuple[State, tuple[str, ...]]:
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}; known: {', '.join(EDITIONS)}")
    if edition == s.edition:
        return s, ()
    if s.outcome is not None:
        raise TranslationError(f"the game is over ({s.outcome.reason}); only a running game can be carried over")
    sb = topology_of(s)
    sc = sb.comp
    ed = EDITIONS[edition]
    tb = topology_named(ed.component_set)
    tc = tb.comp
    losses: list[str] = []
    if s.components != EDITIONS[s.edition].component_set:
        losses.append(f"the component set {s.components} is replaced by {tc.name}")

    options = tuple((k, v) for k, v in s.options if v in ed.options.get(k, ()))
    losses += [f"option {k}={v} (none such in {edition})" for k, v in s.options if (k, v) not in options]

    rnd, loss = _target_round(s, edition)
    if loss:
        losses.append(loss)

    # goods and market markers, by name
    goods = []
    for p in (0, 1):
        vals = dict.fromkeys(tc.goods, 0)
        for g, n in zip(sc.goods, s.goods[p]):
            t = _word(g, tc.goods)
            if t is None:
                if n:
                    losses.append(f"{poss(p)} {n} {g} ({edition} has no {g})")
            else:
                vals[t] = n
        goods.append(tuple(vals[g] for g in tc.goods))
    top = len(tc.market_table[3]) - 1
    marks = dict(tc.market_start)
    for g, m in zip(sc.market_goods, s.markers):
        t = _word(g, tc.market_goods)
        if t is None:
            if m != sc.market_start.get(g, 0):
                losses.append(f"the {g} market marker at {m} ({edition} has no {g} track)")
        else:
            marks[t] = min(m, top)
    markers = tuple(marks[g] for g in tc.market_goods)

    # offers: the same ids
    offer_ships = [NEUTRAL] * len(tb.offer_ids)
    for i, o in enumerate(s.offers):
        if o == NEUTRAL:
            continue
        oid = sb.offer_ids[i]
        if oid in tb.offer_index:
            offer_ships[tb.offer_index[oid]] = o
        else:
            losses.append(f"{poss(o)} ship on offer {oid} (no such offer in {edition})")
    offers = tuple(offer_ships)
    covered: tuple[int, ...] = ()
    if tc.market_covers and not sc.market_covers:
        # the first edition opens loads by round; read the black cubes off that
        lim = sc.rounds[s.round].max_load
        covered = tuple(i for i, o in enumerate(tb.offers) if o.load > lim and offers[i] == NEUTRAL)
    elif tc.market_covers:
        covered = tuple(sorted(tb.offer_index[sb.offer_ids[i]] for i in s.covered
                               if sb.offer_ids[i] in tb.offer_index))
    elif s.covered:
        lim = sc.rounds[s.round].max_load
        implied = {i for i, o in enumerate(sb.offers) if o.load > lim and s.offers[i] == NEUTRAL}
        if set(s.covered) != implied:
            losses.append("black cubes on " + ", ".join(sb.offer_ids[i] for i in s.covered)
                          + f" ({edition} opens offers by the round's load limit instead)")

    # project tiles, by counterpart
    tvocab = frozenset(p.id for p in tc.projects)

    def tile(t: str, where: str) -> str | None:
        x = _word(t, tvocab)
        if x is None:
            losses.append(f"project {sb.project_index[t].name} {where} (no counterpart in {edition})")
        return x

    display = tuple(x for x in (tile(t, "on display") for t in s.display) if x)
    started = tuple((x, i) for x, i in ((tile(t, "started"), i) for t, i in s.started) if x)
    done = tuple((x, i) for x, i in ((tile(t, "completed"), i) for t, i in s.done) if x)
    pile = {x for x in (_word(t, tvocab) for t in s.pile) if x is not None}
    images = {_word(p.id, tvocab) for p in sc.projects}
    if any(_word(t, tvocab) is None for t in s.pile):  # a tile with no counterpart waits in the pile:
        pile |= {t for t in tvocab if t not in images}  # the other edition's own tiles wait there instead
    pile_t = tuple(sorted(pile))

    # the event card: kept when the other edition has the same card
    event, triggers = s.event, s.triggers
    if event is not None:
        mine = next((e for e in sc.events if e.id == event), None)
        theirs = next((e for e in tc.events if e.id == event), None)
        if theirs is None or mine is None or theirs.effects != mine.effects:
            name = mine.name if mine else event
            losses.append(f"the event {name} (not a card of {edition}; what it already did stays on the board)")
            event = None
    kept_triggers = tuple(t for t in triggers if any(e.id == t for e in tc.events) and (t == event))
    closed = tuple(m for m in s.closed if m in tb.market_index)

    # actions taken this turn: one the other edition makes free takes no slot there
    free = [a for a in s.turn_actions if a in ed.free_actions]
    turn_actions = tuple(a for a in s.turn_actions if a not in ed.free_actions)
    if free and s.pending.player >= 0:
        losses.append(f"{poss(s.pending.player)} {', '.join(free)} counted as an action of this turn ({edition}: no action, so the "
                      "slot is free again)")

    # second-edition pieces
    siege_discs: tuple = ()
    if ed.siege_discs:
        siege_discs = s.siege_discs
    elif s.siege_discs:
        losses += [f"{poss(q)} siege disc at {sc.poleis[i].name}" for i, q in s.siege_discs]
    tribute_discs: tuple[int, ...] = (0, 0)
    if tc.discs_per_player is not None:
        tribute_discs = s.tribute_discs if sc.discs_per_player is not None else _tribute_discs(s)
    elif s.tribute_discs != _tribute_discs(s):
        losses.append("who placed the tribute discs (" + ", ".join(
            f"{side.capitalize()} {n}" for side, n in zip(PLAYERS, s.tribute_discs)) + "): only the territories are kept")

    moved = s.evolve(edition=edition, components=tc.name, options=options, round=rnd, goods=tuple(goods),
                     markers=markers, offers=offers, covered=covered, display=display, started=started, done=done,
                     pile=pile_t, event=event, triggers=kept_triggers, closed=closed, turn_actions=turn_actions,
                     siege_discs=siege_discs, tribute_discs=tribute_discs, outcome=None, log=())
    moved = _translate_pending(s, moved, edition, losses)
    problems = invariant_problems(moved)
    if problems:
        raise TranslationError(f"the position breaks {edition}'s invariants: " + "; ".join(problems))
    return moved, tuple(dict.fromkeys(losses))


def _tribute_discs(s: State) -> tuple[int, int]:
    """Tribute discs per side, read off the territories that paid: a disc belongs to the side with more
    hoplites there (the collector needs hoplites there), on a tie to the side whose home region it is,
    else to Sparta."""
    b = topology_of(s)
    td = [0, 0]
    for t in s.tribute_done:
        a, sp = s.units[t]
        td[0 if a > sp or (a == sp and b.home[0] == t) else 1] += 1
    return td[0], td[1]


def _translate_pending(s: State, t: State, edition: str, losses: list[str]) -> State:
    """The waiting decision in the other edition's terms (or what that edition would wait for instead)."""
    k = s.pending.kind
    tc = topology_of(t).comp
    last = t.round == len(tc.rounds) - 1
    if s.phase == "roundend" and s.roundend and last:
        step = _ROUNDEND_STEPS[s.roundend[0]] if s.roundend[0] < len(_ROUNDEND_STEPS) else "prepare"
        if _ROUNDEND_STEPS.index(step) > _ROUNDEND_STEPS.index("megalopolis"):
            raise TranslationError(f"round {tc.rounds[t.round].name} is the last round of {edition}: the game ends "
                                   f"after Megalopolis, so there is no {step} step to wait for")
    if k in ("project-polis", "project-pay"):
        x = _word(s.pending.data[0], frozenset(p.id for p in tc.projects))
        if x is None:
            raise TranslationError(f"the project being started, {s.pending.data[0]}, has no counterpart in {edition}")
        return t.evolve(pending=Pending(k, s.pending.player, (x,) + tuple(s.pending.data[1:])))
    if k == "event-remove":
        if t.event is None:
            raise TranslationError(f"the event being resolved is not a card of {edition}")
        return t
    if k == "market-die":
        p, g, mode, *rest = s.pending.data
        x = _word(g, tc.market_goods)
        if x is None:
            raise TranslationError(f"the market roll for {g} has no counterpart: {edition} has no {g} track")
        ed = EDITIONS[edition]
        if mode in ("exchange", "exchange-low"):
            return t.evolve(pending=Pending(k, -1, (p, x, "exchange" if ed.exchange_dice == "one" else "exchange-low")))
        if ed.buy_dice == "higher-of-two":
            if rest:
                losses.append("the further dice for " + ", ".join(rest) + " (one die only here)")
            return t.evolve(pending=Pending(k, -1, (p, x, "buy")))
        losses.append(f"which offer was taken is not in the position, so only the die for {x} is carried")
        return t.evolve(pending=Pending(k, -1, (p, x, "buy-each")))
    if k in _ROUND_START:
        # let the other edition's round start decide what it waits for with these tiles on display
        first = s.pending.data[0] if k == "draw-project" and s.pending.data else -1
        log: list = []
        t = draw_next_project(t.evolve(pending=Pending("draw-project", -1), phase="start"), log, first)
        return t.evolve(log=tuple(cite_edition_log(t, log)))
    if k == "phoros":
        log = []
        p = s.pending.player
        t2, waiting = phoros_step(t, p, log)
        if not waiting:  # the other edition does not ask this side: go on as it would
            t2 = advance_roundend(t2, log)
            return t2.evolve(log=tuple(cite_edition_log(t2, log)))
        return t2
    if k in _INDEX_DATA or k == "over":
        return t
    raise TranslationError(f"the decision '{k}' has no counterpart in {edition}")
