"""Edition diff: which rules would decide a position differently under the other edition.

    >>> import polis_nb as pn
    >>> d = pn.edition_diff(pn.position("ed1", 3))
    >>> [item.topic for item in d.items][:2]
    ['rounds', 'goods: oil']

Positions are carried across with :mod:`polis_nb.analysis.translate`.

:func:`edition_diff` then compares, for the decision waiting in the position, the legal choices of
both editions (and for each choice legal in both, what it does), and adds the rule differences that
bear on the position (a captured proxenos, a possible siege, trade, the coming round end, …), each
with the first- and second-edition rule ids (``pn.RULES``). Sources: ``polis-data.md`` §10–§11 and
:mod:`polis_nb.rules.editions`.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..data.types import PROVENANCE_RULES
from ..rules import (ACTIONS, ED2, EDITIONS, NEUTRAL, PLAYERS, RULES, PolisError, State, apply_unchecked, topology_of,
                     chance_outcomes, components_named, describe_pending, explain, legal_actions, open_offers, poss,
                     score, siege_bonus, siege_refusal, trade_available, tribute_refusal)
from .odds import market_move_odds, siege_odds
from .translate import (_INDEX_DATA, _ROUNDEND_STEPS, ALIASES, TranslationError, _canon, _retext, _target_round,
                        _translate, _word)

__all__ = ["DiffItem", "EditionDiff", "edition_diff"]


# a first-edition rule and the rule the second edition puts in its place (beyond editions.ED2.variants,
# which maps only replaced rules: these pair a second-edition addition with the rule it extends)
_COUNTERPART_ED1 = {"siege.discs": "siege.fortification", "siege.discs-removal": "siege.failure",
                    "trade.black-cubes": "trade.offer", "project.draft": "round.projects",
                    "project.face-down": "project.complete", "game.discs-limit": "game.limited-material",
                    "end.prestige-owed": "battle.salpinx-unpayable"}
_COUNTERPART_ED2 = {**dict(ED2.variants), "siege.fortification": "siege.discs", "project.complete": "project.face-down",
                    "game.limited-material": "game.discs-limit", "project.phidias": None}
_COUNTERPART_ED1.update({v: k for k, v in ED2.variants.items()})

# the rule pair that decides a kind of decision differently, when its choices differ
_KIND_RULES = {
    "phoros": ("roundend.phoros", "roundend.phoros-ed2"),
    "siege-die": ("siege.fortification", "siege.discs"),
    "siege-polis": ("siege.fortification", "siege.discs"),
    "market-die": ("trade.market-value", "trade.market-value-ed2"),
    "trade-offer": ("trade.offer", "trade.offer-ed2"),
    "tribute-rows": ("tribute.rows", "tribute.rows-ed2"),
    "battle-retreat": ("battle.retreat", "battle.retreat-ed2"),
    "draw-project": ("round.projects", "round.projects-ed2"),
    "project-remove": ("round.projects", "project.draft"),
    "draw-event": ("round.event", "round.event-ed2"),
}

_MAX_EFFECTS = 60  # choices legal in both editions whose effects are compared (the first ones, in order)
_MAX_EFFECT_ITEMS = 6



# --- the result -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class DiffItem:
    """One rule that decides this position differently: its topic, the first- and second-edition rule
    ids (None where an edition has no such rule), and what it means here in plain words."""

    topic: str
    ed1: str | None
    ed2: str | None
    text: str
    choices: tuple[str, ...] = ()  # the choices of the waiting decision it concerns, if any

    def to_dict(self) -> dict:
        return {"topic": self.topic, "ed1": self.ed1, "ed2": self.ed2, "text": self.text,
                "choices": list(self.choices),
                "ed1_summary": RULES[self.ed1].summary if self.ed1 else None,
                "ed2_summary": RULES[self.ed2].summary if self.ed2 else None}

    def __str__(self) -> str:
        return f"{self.topic} [{self.ed1 or '—'} | {self.ed2 or '—'}]: {self.text}"


@dataclass(frozen=True)
class EditionDiff:
    """What the other edition would decide differently in a position (see :func:`edition_diff`).

    ``only_here`` / ``only_there``: choices of the waiting decision legal only in this edition / only in
    the other (in each edition's own words). ``losses``: what the translation could not carry across.
    ``compared``: whether the waiting decision could be compared at all (``note`` says why not).
    """

    edition: str
    other: str
    decision: str
    items: tuple[DiffItem, ...]
    only_here: tuple[str, ...]
    only_there: tuple[str, ...]
    losses: tuple[str, ...]
    compared: bool
    note: str = ""

    def to_dict(self) -> dict:
        return {"edition": self.edition, "other": self.other, "decision": self.decision,
                "compared": self.compared, "note": self.note, "only_here": list(self.only_here),
                "only_there": list(self.only_there), "losses": list(self.losses),
                "items": [i.to_dict() for i in self.items]}

    def __repr__(self) -> str:
        return (f"<EditionDiff {self.edition} vs {self.other}: {len(self.items)} items, "
                f"{len(self.only_here)} choices only in {self.edition}, {len(self.only_there)} only in {self.other}>")

    def _head(self) -> list[str]:
        out = [f"Edition diff: {self.edition} position, compared with {self.other}",
               f"Waiting for: {self.decision}"]
        if self.compared:
            out.append(f"Choices only in {self.edition}: " + (", ".join(self.only_here) or "none"))
            out.append(f"Choices only in {self.other}: " + (", ".join(self.only_there) or "none"))
        if self.note:
            out.append(f"Note: {self.note}")
        if self.losses:
            out.append(f"Not carried to {self.other}: " + "; ".join(self.losses))
        return out

    def __str__(self) -> str:
        lines = self._head() + [f"Rules that differ here ({len(self.items)}):"]
        lines += [f"- {item}" for item in self.items]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        e = html.escape
        head = "<br>".join(e(x) for x in self._head())
        rows = "".join(
            f"<tr><td>{e(i.topic)}</td><td><code>{e(i.ed1 or '—')}</code></td><td><code>{e(i.ed2 or '—')}</code>"
            f"</td><td>{e(i.text)}</td></tr>" for i in self.items)
        return (f"<div class='polis-edition-diff'><p>{head}</p><table><thead><tr><th>topic</th><th>Ed1 rule</th>"
                f"<th>Ed2 rule</th><th>in this position</th></tr></thead><tbody>{rows}</tbody></table></div>")


# --- comparing the waiting decision ----------------------------------------------------------------

def _names(s: State) -> list[str]:
    """The sides' names (the same in both editions)."""
    return [side.capitalize() for side in PLAYERS]


def _edition_specific(rid: str) -> bool:
    return len(RULES[rid].editions) == 1 if rid in RULES else False


def _primary(ids: tuple[str, ...]) -> str | None:
    """The rule that decides a refusal: the first edition-specific id, else the first id that is not a
    generic kernel rule."""
    ids = tuple(r for r in ids if not _generic(r))
    for r in ids:
        if _edition_specific(r):
            return r
    return ids[0] if ids else None


def _pair_from(ed1: str | None, ed2: str | None, kind: str) -> tuple[str | None, str | None]:
    """Complete a pair of rule ids from what one side cites."""
    if ed1 is None and ed2 is not None:
        ed1 = _COUNTERPART_ED1.get(ed2, ed2 if not _edition_specific(ed2) else None)
    if ed2 is None and ed1 is not None:
        ed2 = _COUNTERPART_ED2.get(ed1, ed1 if not _edition_specific(ed1) else None)
    if ed1 is None and ed2 is None and kind in _KIND_RULES:
        ed1, ed2 = _KIND_RULES[kind]
    return ed1, ed2


def _changed_rule(text: str, kind: str) -> tuple[str, str] | None:
    """The rule pair behind a choice whose refusal cites a rule both editions share: the changed rule of
    the action chosen (at a turn), else of the decision."""
    if kind == "turn":
        spec = ACTIONS.get(text.split()[0])
        for r in spec.rules if spec else ():
            if ED2.rule(r) != r:
                return r, ED2.rule(r)
        return None
    return _KIND_RULES.get(kind)


def _log_ids(s: State) -> tuple[str, ...]:
    return tuple(dict.fromkeys(r for e in s.log for r in e.rules))


# the rules a value's provenance adds ("data.prototype", "data.reconstructed"): they warn about a component
# value, and never name the rule that makes two editions differ
_DATA_RULES = frozenset(PROVENANCE_RULES.values())


def _generic(rid: str) -> bool:
    """A generic kernel rule: a decision's form, or the provenance warning of a component value."""
    return rid.startswith("decision.") or rid in _DATA_RULES


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def _deciding_pair(r1: State, r2: State, kind: str) -> tuple[str | None, str | None]:
    """The rules that made two results of the same choice differ (``r1`` first edition): a replaced rule
    whose log lines differ, else the decision's own pair, else a rule only one side cites, else a rule
    both cite (then the component values differ)."""
    ids1, ids2 = _log_ids(r1), _log_ids(r2)
    for r in ids1:
        v = ED2.rule(r)
        if v != r and v in ids2 and _numbers(_texts(r1, r)) != _numbers(_texts(r2, v)):
            return r, v
    if kind in _KIND_RULES:
        return _KIND_RULES[kind]
    only1 = [r for r in ids1 if r not in ids2 and ED2.rule(r) not in ids2 and not _generic(r)]
    only2 = [r for r in ids2 if r not in ids1 and _COUNTERPART_ED1.get(r) not in ids1 and not _generic(r)]
    if only1 or only2:
        return _pair_from(only1[0] if only1 else None, only2[0] if only2 else None, kind)
    for r in ids1:  # a replaced rule both cite, with the same numbers (it changes something else)
        if ED2.rule(r) != r and ED2.rule(r) in ids2:
            return r, ED2.rule(r)
    shared = [r for r in ids1 if r in ids2 and not _generic(r)]
    return (shared[0], shared[0]) if shared else (None, None)


@lru_cache(maxsize=8)
def _common_goods(c1: str, c2: str) -> frozenset[str]:
    g1 = {_canon(g) for g in components_named(c1).goods}
    g2 = {_canon(g) for g in components_named(c2).goods}
    return frozenset(g1 & g2)


def _view(s: State, common: frozenset[str]) -> tuple:
    """The position in edition-neutral terms: what both editions can hold, in first-edition words."""
    b = topology_of(s)
    comp = b.comp
    goods = tuple(tuple(sorted((_canon(g), n) for g, n in zip(comp.goods, s.goods[p]) if _canon(g) in common))
                  for p in (0, 1))
    markers = tuple(sorted((_canon(g), m) for g, m in zip(comp.market_goods, s.markers) if _canon(g) in common))
    k = s.pending.kind
    data = tuple(_canon(x) for x in s.pending.data) if k in _INDEX_DATA or k in ("project-polis", "project-pay") else None
    bt = s.battle
    return (
        ("round", comp.rounds[s.round].stacking), ("phase", s.phase), ("pending", (k, s.pending.player, data)),
        ("prestige", s.prestige), ("goods", goods), ("markers", markers), ("owner", s.owner), ("pop", s.pop),
        ("units", s.units), ("ships_port", s.ships_port),
        ("offers", tuple(sorted((b.offer_ids[i], o) for i, o in enumerate(s.offers) if o != NEUTRAL))),
        ("proxenos", s.proxenos), ("tribute_done", s.tribute_done),
        ("display", tuple(sorted(_canon(t) for t in s.display))),
        ("started", tuple(sorted((_canon(t), i) for t, i in s.started))),
        ("done", tuple(sorted((_canon(t), i) for t, i in s.done))),
        ("passed", s.passed), ("turn_actions", s.turn_actions), ("sieged", s.sieged), ("battles", s.battles),
        ("battle", None if bt is None else (bt.area, bt.hands, bt.deck, bt.draws, bt.exchanges, bt.attacker)),
        ("closed", tuple(sorted(s.closed))),
        ("outcome", None if s.outcome is None else (s.outcome.winner, s.outcome.scores)),
    )


def _who(s: State) -> str:
    if s.outcome is not None:
        return f"the game is over ({s.outcome.winner or 'shared'})"
    p = s.pending.player
    return ("chance" if p < 0 else PLAYERS[p].capitalize()) + f" to {describe_pending(s)}"


def _changed(b1: dict, b2: dict, v1: dict, v2: dict) -> list[str]:
    """Keys of two views (before ``b``, after ``v``) where the choice did not do the same: different
    afterwards, unless they differed before (a translation loss) and the choice changed neither."""
    return [k for k in v1 if v1[k] != v2[k] and not (b1[k] != b2[k] and v1[k] == b1[k] and v2[k] == b2[k])]


def _differences(r1: State, r2: State, keys: list[str], common: frozenset[str]) -> list[str]:
    """Plain words for what differs between two results (first edition first)."""
    v1, v2 = dict(_view(r1, common)), dict(_view(r2, common))
    b = topology_of(r1)
    names = _names(r1)
    out: list[str] = []
    for key in keys:
        if key in ("pending", "phase"):
            if "next" not in {x.split(":")[0] for x in out}:
                out.append(f"next: {_who(r1)} in ed1, {_who(r2)} in ed2")
        elif key == "prestige":
            out.append("prestige " + ", ".join(f"{n} {a}" for n, a in zip(names, r1.prestige)) + " in ed1, "
                       + ", ".join(f"{n} {a}" for n, a in zip(names, r2.prestige)) + " in ed2")
        elif key == "goods":
            for p in (0, 1):
                g1, g2 = dict(v1[key][p]), dict(v2[key][p])
                for g in g1:
                    if g1[g] != g2.get(g):
                        label = f"{g}/{ALIASES[g]}" if g in ALIASES else g
                        out.append(f"{names[p]} {label} {g1[g]} in ed1, {g2.get(g)} in ed2")
        elif key in ("owner", "pop"):
            for i, pol in enumerate(b.comp.poleis):
                a1 = (r1.owner[i], r1.pop[i])
                a2 = (r2.owner[i], r2.pop[i])
                if a1 != a2 and not any(x.startswith(pol.name + ":") for x in out):
                    def own(a: tuple[int, int]) -> str:
                        return "neutral" if a[0] == NEUTRAL else f"{names[a[0]]} {a[1]} cubes"
                    out.append(f"{pol.name}: {own(a1)} in ed1, {own(a2)} in ed2")
        elif key == "units":
            for i, (u1, u2) in enumerate(zip(r1.units, r2.units)):
                if u1 != u2:
                    out.append(f"{b.name(i)}: Athens {u1[0]}, Sparta {u1[1]} in ed1; Athens {u2[0]}, Sparta {u2[1]} "
                               "in ed2")
        elif key == "turn_actions":
            out.append(f"actions taken this turn: {', '.join(r1.turn_actions) or 'none'} in ed1, "
                       f"{', '.join(r2.turn_actions) or 'none'} in ed2")
        elif key == "outcome":
            out.append(f"outcome: {r1.outcome or 'none'} in ed1; {r2.outcome or 'none'} in ed2")
        elif key == "round":
            out.append(f"round limit {v1[key]} in ed1, {v2[key]} in ed2")
        else:
            out.append(f"{key.replace('_', ' ')} differ")
    return out


def _texts(r: State, rid: str | None) -> str:
    """The log lines of a result that cite ``rid`` (else its first line)."""
    lines = [e.text for e in r.log if rid and rid in e.rules] or [e.text for e in r.log[:1]]
    return "; ".join(lines)


def _compare_choices(here: State, there: State, losses: tuple[str, ...]
                     ) -> tuple[list[DiffItem], tuple[str, ...], tuple[str, ...], str]:
    """Choice differences of the waiting decision: (items, only here, only there, note)."""
    k = here.pending.kind
    if (there.pending.kind, there.pending.player) != (k, here.pending.player):
        first = here if here.edition == "ed1" else there
        second = there if first is here else here
        ids = _KIND_RULES.get(k) or _deciding_pair(first, second, there.pending.kind)
        text = (f"ed1 waits for {_who(first)}; ed2 waits for {_who(second)}"
                + (f" ({there.edition}: {there.log[0].text})" if there.log else ""))
        return [DiffItem("decision", ids[0], ids[1], text)], (), (), "the two editions wait for different decisions here"
    a_here = legal_actions(here)
    a_there = legal_actions(there)
    back = {_retext(str(a), here.components): a for a in a_there}
    here_txt = {str(a): a for a in a_here}
    only_here = tuple(t for t in here_txt if t not in back)
    only_there = tuple(str(a) for t, a in back.items() if t not in here_txt)
    items: list[DiffItem] = []
    is1 = here.edition == "ed1"

    # choices legal in one edition only, grouped by the rules that refuse them in the other
    groups: dict[tuple, list[str]] = {}
    pair: tuple[str | None, str | None]
    for txt, where, other_state, other_txt in (
            [(t, here.edition, there, _retext(t, there.components)) for t in only_here]
            + [(t, there.edition, here, _retext(t, here.components)) for t in only_there]):
        if here.is_chance:  # an outcome the other edition's components do not have
            pair = _KIND_RULES.get(k, (None, None))
            groups.setdefault((where, pair, f"{other_state.edition} has no such outcome here"), []).append(txt)
            continue
        e = explain(other_state, other_txt)
        refusing = _primary(e.rule_ids)
        if other_state.edition == "ed1":
            pair = _pair_from(refusing, None, k)
        else:
            pair = _pair_from(None, refusing, k)
        if pair[0] == pair[1] and "+" not in txt:  # a shared rule refuses it: name the rule that changed
            pair = _changed_rule(txt, k) or pair
        groups.setdefault((where, pair, e.text), []).append(txt)
    for (where, pair, why), txts in groups.items():
        other = "ed2" if where == "ed1" else "ed1"
        shown = ", ".join(txts[:6]) + (f" and {len(txts) - 6} more" if len(txts) > 6 else "")
        verb = "possible" if here.is_chance else "legal"
        said = why if here.is_chance else f"{other} refuses: {why}"
        items.append(DiffItem("choice", pair[0], pair[1], f"{shown}: {verb} only in {where}; {said}", tuple(txts)))

    # chance: the same outcomes with other odds
    if here.is_chance:
        p_here = {str(a): p for a, p in chance_outcomes(here)}
        p_there = {_retext(str(a), here.components): p for a, p in chance_outcomes(there)}
        odd = [t for t in p_here if t in p_there and p_here[t] != p_there[t]]
        if odd:
            p1, p2 = (p_here, p_there) if is1 else (p_there, p_here)
            ids = _KIND_RULES.get(k, (None, None))
            items.append(DiffItem("odds", ids[0], ids[1], "; ".join(
                f"{t}: {_frac(p1[t])} in ed1, {_frac(p2[t])} in ed2" for t in odd), tuple(odd)))

    # choices legal in both: does each do the same?
    common = _common_goods(here.components, there.components)
    before_here, before_there = dict(_view(here, common)), dict(_view(there, common))
    effects: list[DiffItem] = []
    checked = 0
    for txt, a in here_txt.items():
        if txt not in back or checked >= _MAX_EFFECTS:
            continue
        checked += 1
        try:
            r_here = apply_unchecked(here, a)
            r_there = apply_unchecked(there, back[txt])
        except (PolisError, KeyError, IndexError, ValueError):  # pragma: no cover - a kernel gap, not a difference
            continue
        # the same choice does the same if carrying its result over gives the other edition's result; a
        # result that cannot be carried over without new losses is compared by what each choice changed
        try:
            carried, lost = _translate(r_here, there.edition)
        except TranslationError:
            carried, lost = None, ()
        if carried is not None and set(lost) <= set(losses):
            v_here, v_there = dict(_view(carried, common)), dict(_view(r_there, common))
            keys = [key for key in v_here if v_here[key] != v_there[key]]
        else:
            keys = _changed(before_here, before_there, dict(_view(r_here, common)), dict(_view(r_there, common)))
        if not keys:
            continue
        r1, r2 = (r_here, r_there) if is1 else (r_there, r_here)
        ids = _deciding_pair(r1, r2, k)
        diffs = _differences(r1, r2, keys, common) or [f"{', '.join(keys)} differ"]
        said1, said2 = _texts(r1, ids[0]), _texts(r2, ids[1])
        text = f"'{txt}' does not do the same: " + "; ".join(diffs[:3])
        if said1 and said2 and _numbers(said1) != _numbers(said2):
            text += f" (ed1: {said1} | ed2: {said2})"
        effects.append(DiffItem("effect", ids[0], ids[1], text, (txt,)))
    if len(effects) > _MAX_EFFECT_ITEMS:
        extra = len(effects) - _MAX_EFFECT_ITEMS
        effects = effects[:_MAX_EFFECT_ITEMS]
        last = effects[-1]
        effects[-1] = DiffItem(last.topic, last.ed1, last.ed2, last.text + f" (and {extra} more choices differ)",
                               last.choices)
    return items + effects, only_here, only_there, ""


def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}" if x.denominator != 1 else str(x.numerator)


# --- the rule differences a position touches -------------------------------------------------------

def _item(topic: str, ed1: str | None, ed2: str | None, text: str) -> DiffItem:
    return DiffItem(topic, ed1, ed2, text)


def _relevant(s: State, s1: State | None, s2: State | None) -> list[DiffItem]:
    """Rule differences that bear on position ``s`` (``s1``/``s2``: the position in each edition, None
    where it could not be translated)."""
    b = topology_of(s)
    comp = b.comp
    names = _names(s)
    out: list[DiffItem] = []
    c1 = components_named(EDITIONS["ed1"].component_set)
    c2 = components_named(EDITIONS["ed2"].component_set)
    r1 = s.round if s.edition == "ed1" else _target_round(s, "ed1")[0]
    r2 = s.round if s.edition == "ed2" else _target_round(s, "ed2")[0]
    last1, last2 = r1 == len(c1.rounds) - 1, r2 == len(c2.rounds) - 1
    running = s.outcome is None

    # rounds: always
    left1, left2 = len(c1.rounds) - 1 - r1, len(c2.rounds) - 1 - r2
    out.append(_item("rounds", "game.rounds", "game.rounds-ed2",
                     f"round {c1.rounds[r1].name} in ed1 is round {c2.rounds[r2].name} in ed2 (the same stacking limit "
                     f"{c1.rounds[r1].stacking}); after it ed1 plays {left1} more round{'s' * (left1 != 1)}, ed2 "
                     f"{left2}" + (": the game ends with this round in ed2 only" if last2 and not last1 else "")))

    # goods: oil
    if "oil" in comp.goods:
        gi = b.good_index["oil"]
        held = [(names[p], s.goods[p][gi]) for p in (0, 1) if s.goods[p][gi]]
        mi = comp.market_goods.index("oil") if "oil" in comp.market_goods else None
        moved = mi is not None and s.markers[mi] != comp.market_start.get("oil", 0)
        if held or moved:
            what = " and ".join(f"{n} holds {x} oil" for n, x in held) or "no one holds oil"
            out.append(_item("goods: oil", None, None,
                             f"{what}; ed2 has no oil (five goods, market tracks for iron, wood and wine only), so the "
                             "ed2 position drops it, and tribute rows, offers and costs that use oil differ "
                             "(polis-data.md §11, row 4)"))

    # the proxenos ransom
    for p in (0, 1):
        if s.proxenos[p] < 0 and running:
            silver = s.goods[p][b.good_index["silver"]]
            out.append(_item("proxenos ransom", "proxenos.ransom", "proxenos.ransom-ed2",
                             f"{poss(p)} proxenos is captured: in ed1 buying it back (2 silver to {names[1 - p]}) "
                             f"is one of the two actions of {poss(p)} turn; in ed2 it costs no action and can be "
                             f"paid at any moment of {poss(p)} own turn. {names[p]} has {silver} silver"
                             + (", enough." if silver >= 2 else ", not enough yet.")))

    # who may still act this round (sieges, tribute and trade are actions)
    acting = [p for p in (0, 1) if s.phase in ("start", "actions") and p not in s.passed] if running else []

    # sieges and siege discs
    discs = s2.siege_discs if s2 is not None else s.siege_discs
    seen_poleis = set()
    if discs and running:
        ref = s2 if s2 is not None else s
        for i, q in discs:
            if (i, q) in seen_poleis:
                continue
            seen_poleis.add((i, q))
            fort = comp.poleis[i].base
            bonus = siege_bonus(ref, q, i)
            o2, o1 = siege_odds(fort, modifier=bonus), siege_odds(fort)
            out.append(_item("siege discs", "siege.fortification", "siege.discs",
                             f"{names[q]} has a siege disc by {comp.poleis[i].name} (fortification {fort}): in ed2 "
                             f"its next roll there gets +{bonus} and needs {o2.needed} or more ({_frac(o2.p_success)}); "
                             f"ed1 has no siege discs, so it needs {o1.needed} ({_frac(o1.p_success)})"))
    elif running:
        chances = [(p, i) for p in sorted(acting, key=lambda q: q != s.pending.player) for i in range(len(s.owner))
                   if b.polis_area[i] >= 0 and s.owner[i] != p and comp.poleis[i].base > 1
                   and siege_refusal(s, p, i) is None]
        if s.pending.kind in ("siege-polis", "siege-die") or chances:
            polis: int | None
            if s.pending.kind == "siege-die":
                p, polis = s.pending.data
            else:
                p, polis = chances[0] if chances else (s.pending.player, None)
            if polis is not None:
                fort = comp.poleis[polis].base
                o = siege_odds(fort)
                if o.needed is None:
                    tail = "fortification 1 needs no roll in either edition"
                else:
                    again = siege_odds(fort, modifier=1)
                    tail = (f"fortification {fort}: {o.needed} or more, {_frac(o.p_success)} in both editions; if "
                            f"the roll fails, ed2 leaves a {names[p]} siege disc there and the next try needs "
                            f"{again.needed} ({_frac(again.p_success)}), ed1 leaves nothing")
                out.append(_item("siege discs", "siege.fortification", "siege.discs",
                                 f"{names[p]} can besiege {comp.poleis[polis].name} ({tail})"))

    # tribute
    if running:
        if s.pending.kind == "tribute-rows":
            chances = [(s.pending.player, s.pending.data[0])]
        else:
            chances = [(p, t) for p in sorted(acting, key=lambda q: q != s.pending.player) for t in b.territories
                       if s.units[t][p] and tribute_refusal(s, p, t) is None]
        if chances:
            p, t = chances[0]
            n = s.units[t][p]
            out.append(_item("tribute", "tribute.rows", "tribute.rows-ed2",
                             f"{names[p]} can collect tribute in {b.name(t)} with {n} hoplite{'s' * (n != 1)}: ed1 puts "
                             f"every one on the tribute rows, ed2 lets {names[p]} choose how many (1 to {n}) and "
                             f"which rows" + (f"; {len(chances) - 1} more tribute{'s' * (len(chances) > 2)} possible"
                                              if len(chances) > 1 else "")))

    # trade
    if running:
        traders = [p for p in acting if trade_available(s, p)]
        if traders or s.pending.kind in ("trade-offer", "market-die"):
            counts = []
            for p in traders:
                n1 = len(list(open_offers(s1, p))) if s1 is not None else None
                n2 = len(list(open_offers(s2, p))) if s2 is not None else None
                if n1 is not None and n2 is not None:
                    counts.append(f"{names[p]} could take {n1} offer{'s' * (n1 != 1)} in ed1 and {n2} in ed2")
            multi = sum(1 for m in c2.markets for o in m.offers if len(o.demand) > 1)
            total = sum(len(m.offers) for m in c2.markets)
            out.append(_item("trade offers", "trade.offer", "trade.offer-ed2",
                             f"in ed2 {multi} of the {total} offers accept a choice of goods and an exchange pays the "
                             "value of the good chosen; in ed1 each offer takes one good"
                             + ("; " + "; ".join(counts) if counts else "")))
            lim = c1.rounds[r1].max_load
            shut1 = sorted(o.id for m in c1.markets for o in m.offers if o.load > lim)
            if s2 is not None:
                b2 = topology_of(s2)
                cov = [b2.offer_ids[i] for i in s2.covered]
                out.append(_item("black cubes", "trade.offer", "trade.black-cubes",
                                 f"ed1 round {c1.rounds[r1].name} opens loads up to {lim} "
                                 f"({len(shut1)} offers shut); in ed2 black cubes still cover "
                                 + (", ".join(cov) if cov else "no offer")
                                 + ", and one leaves each market at every round end"))
            x1, x2 = market_move_odds("exchange", "ed1"), market_move_odds("exchange", "ed2")
            y1, y2 = market_move_odds("buy", "ed1"), market_move_odds("buy", "ed2")
            out.append(_item("market dice", "trade.market-value", "trade.market-value-ed2",
                             f"after an exchange the marker moves right by {x1.dice} in ed1 (on average "
                             f"{float(x1.expected_steps):.2f} steps), by {x2.dice} in ed2 ({float(x2.expected_steps):.2f}); "
                             f"after buying wheat it moves left by {y1.dice} in ed1 ({float(y1.expected_steps):.2f}), "
                             f"by {y2.dice} in ed2 ({float(y2.expected_steps):.2f} each)"))

    # a battle
    lim_now = comp.rounds[s.round].stacking
    fronts = [i for i, (a, sp) in enumerate(s.units) if a and sp and 2 * lim_now >= comp.battle_threshold]
    if running and (s.battle is not None or s.battles or fronts):
        where = b.name(s.battle.area) if s.battle is not None else b.name((list(s.battles) or fronts)[0])
        out.append(_item("battle retreat", "battle.retreat", "battle.retreat-ed2",
                         f"a battle {'is on' if s.battle is not None else 'can break out'} in {where}: a retreat moves "
                         "1 prestige from the side that retreats to the other in both editions; ed1 calls it a "
                         "payment to the opponent, ed2 a loss and a gain, and the two rulebooks time the retreat "
                         "differently (see both summaries)"))
        if s.battle is not None and min(s.prestige) == 0:
            out.append(_item("unpayable prestige", "battle.salpinx-unpayable", "end.prestige-owed",
                             "a side without prestige that must pay it loses: ed1 names the unpayable Salpinx, ed2 "
                             "has one general rule for any prestige owed"))

    # the round end ahead
    step = s.roundend[0] if s.phase == "roundend" and s.roundend else -1
    if running and (s.passed or s.phase == "roundend"):
        if not (last1 and last2) and step <= _ROUNDEND_STEPS.index("phoros"):
            lines = []
            for p in (0, 1):
                league = sum(1 for i, o in enumerate(s.owner) if o == p and i != b.capital[p])
                lines.append(f"{names[p]} has {s.prestige[p]} prestige and {league} "
                             f"pol{'eis' if league != 1 else 'is'} besides its capital")
            if last2:
                ed2_text = "ed2 has no Phoros here: this is its last round"
            else:
                ed2_text = ("ed2 allows one exchange, 1 prestige for 1 silver or 2 for 3, and only to a side owning a "
                            "polis besides its capital")
            ed1_text = ("ed1 has no Phoros here: this is its last round" if last1 else
                        "ed1 lets each side turn any number of prestige into silver, one for one")
            out.append(_item("Phoros", "roundend.phoros", "roundend.phoros-ed2",
                             f"at this round end {ed1_text}; {ed2_text} ({'; '.join(lines)})"))
            spoiling = []
            for p in (0, 1):
                per = [f"{g} {s.goods[p][b.good_index[g]]}" for g in comp.perishable if s.goods[p][b.good_index[g]]]
                if per:
                    spoiling.append(f"{names[p]} holds {', '.join(per)}")
            if spoiling and step <= _ROUNDEND_STEPS.index("spoil"):
                printed = s.option("spoilage") == "printed-de"
                out.append(_item("spoilage", "roundend.spoilage-printed" if printed else "roundend.spoilage",
                                 "roundend.spoilage-ed2",
                                 f"{'; '.join(spoiling)}: ed1 halves wine, oil and wheat"
                                 + (" rounded down (option spoilage=printed-de)" if printed else ", rounded up")
                                 + ", ed2 only wine and wheat, rounded up"
                                 + ("" if not (last1 or last2) else
                                    f" (not after ed{'1' if last1 else '2'}'s last round)")))
        if not last2:
            a, sp = s.prestige
            lower = "Athens" if a < sp else "Sparta" if sp < a else "on equal prestige whoever passed first"
            n2 = ED2.project_draws[min(r2 + 1, len(ED2.project_draws) - 1)]
            out.append(_item("project draft", "round.projects", "round.projects-ed2",
                             f"next round ed1 simply draws 3 project tiles; ed2 draws {n2} and the side with less "
                             f"prestige ({lower} now) removes one of them from the game"))
    elif s.pending.kind in ("draw-project", "project-remove"):
        out.append(_item("project draft", "round.projects", "round.projects-ed2",
                         "ed1 puts 3 tiles on display every round; ed2 shows 3 in Alpha, then draws 5 and 6 and the side "
                         "with less prestige removes one (project.draft)"))

    # projects
    tiles = set(s.display) | {t for t, _ in s.started}
    for tile in sorted(tiles):
        proj = b.project_index[tile]
        if proj.prestige_rule == "half-capital-pop-up":
            ath = s.pop[b.capital[0]]
            twin = next((x for x in c2.projects if x.id == _word(tile, frozenset(p.id for p in c2.projects))), None)
            out.append(_item("Phidias", "project.phidias", None,
                             f"{proj.name} earns half of Athenai's population, rounded up, in ed1 ({(ath + 1) // 2} "
                             f"now); its ed2 counterpart {twin.name if twin else '—'} is an ordinary artist tile"
                             + (f" worth {twin.prestige} prestige" if twin else "")))
    no_twin = [b.project_index[t].name for t in sorted(tiles)
               if _word(t, frozenset(p.id for p in (c2 if s.edition == "ed1" else c1).projects)) is None]
    if no_twin:
        out.append(_item("project tiles", "round.projects", "round.projects-ed2",
                         f"{', '.join(no_twin)} has no counterpart in the other edition (ed1 has three philosophers and "
                         "one artist, ed2 two philosophers and two artists)"))
    if s.started and running:
        st = ", ".join(f"{b.project_index[t].name} in {comp.poleis[i].name}" for t, i in s.started)
        out.append(_item("face-down projects", "project.complete", "project.face-down",
                         f"started this round: {st}; ed2 keeps a started tile face down until the round end turns it, "
                         "ed1 shows it face up"))

    # the event card
    other_comp = c2 if s.edition == "ed1" else c1
    mine = next((e for e in comp.events if e.id == s.event), None)
    twin_card = next((e for e in other_comp.events if mine is not None and e.id == mine.id), None)
    if running and mine is not None and (twin_card is None or twin_card.effects != mine.effects):
        ev = mine.name
        out.append(_item("event", "round.event", "round.event-ed2",
                         f"the round's event {ev} is not a card of the other edition (ed1 and ed2 have different "
                         "decks); what it already did stays on the board"))

    # discs (second edition: 25 per side)
    if s2 is not None:
        b2 = topology_of(s2)
        low = [(names[p], b2.discs_free(s2, p)) for p in (0, 1)]
        low = [(n, f) for n, f in low if f is not None and f <= 3]
        if low:
            out.append(_item("discs", "game.limited-material", "game.discs-limit",
                             "; ".join(f"{n} has {f} disc{'s' * (f != 1)} left" for n, f in low)
                             + " in ed2 (25 each for poleis, tribute and sieges); ed1 does not count discs"))

    # the tie-break
    if running and (last1 or last2):
        if score(s, 0) == score(s, 1):
            out.append(_item("tie-break", "end.tie-break", "end.tie-break-ed2",
                             f"the scores are level ({score(s, 0)} each): ed1 gives the win to more goods left (six "
                             "kinds), ed2 to more resources (five kinds) and on a further tie to both"))
    return out


# --- the entry point -------------------------------------------------------------------------------

def edition_diff(state: State) -> EditionDiff:
    """Which rules would decide ``state`` differently under the other edition: the choices of the
    waiting decision legal in one edition only (with the rules that refuse them in the other), the
    choices legal in both that do not do the same, and the rule differences the position touches.
    Deterministic; the input is never changed."""
    if not isinstance(state, State):
        raise TypeError(f"edition_diff needs a State, not {type(state).__name__}")
    here_ed = state.edition
    other = "ed2" if here_ed == "ed1" else "ed1"
    try:
        there, losses = _translate(state, other)
        note = ""
    except TranslationError as e:
        there, losses, note = None, (), f"the position cannot be carried to {other}: {e}"
    decision = _who(state)
    items: list[DiffItem] = []
    only_here: tuple[str, ...] = ()
    only_there: tuple[str, ...] = ()
    compared = False
    if there is not None and state.outcome is None:
        choice_items, only_here, only_there, why = _compare_choices(state, there, losses)
        items += choice_items
        compared = not why
        note = why
    s1, s2 = (state, there) if here_ed == "ed1" else (there, state)
    items += _relevant(state, s1, s2)
    return EditionDiff(edition=here_ed, other=other, decision=decision, items=tuple(items), only_here=only_here,
                       only_there=only_there, losses=tuple(losses), compared=compared, note=note)
