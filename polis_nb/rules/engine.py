"""The kernel's public entry points: new_game, legal_actions, apply, explain, chance outcomes."""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

# importing the handler modules registers their decisions and actions
from . import battle, develop, events, flow, military, politics, roundend  # noqa: F401
from .actions import Action, Explanation, IllegalActionError, InvalidActionError, tokenize
from ..data.types import PROVENANCE_RULES, Components
from .topology import topology_of, topology_named, components_named, register_components
from .decisions import ACTIONS, DECISIONS, click_target, describe_pending, target_of, uniform
from .editions import EDITIONS, cite, edition_of
from ..i18n import Phrase, Sentences, message
from .common import explained, in_components
from .words import outcome_phrase
from .index import RULES
from .state import CHANCE, NEUTRAL, PLAYERS, LogEntry, Pending, State, keep_legal

COMPONENT_SETS = {k: e.component_set for k, e in EDITIONS.items()}  # edition -> its component set's name
OPTIONS = {k: v for e in EDITIONS.values() for k, v in e.options.items()}


def new_game(edition: object = "ed1", seed: object = 0, *, components=None, **options: str) -> State:
    """A new game at its first decision (chance: drawing the first project tiles).

    ``edition`` is "ed1" (first edition, yucata's corrections; the default) or "ed2" (second
    edition, Devir 2020). ``seed`` feeds the default chance sampling (see :func:`sample_chance`).
    ``components`` may be a component set from :func:`polis_nb.load_components`. Options (first
    edition): ``spoilage="printed-de"`` for the printed German rounding.
    """
    if not isinstance(edition, str):
        raise TypeError(f"edition must be text such as 'ed1', not {type(edition).__name__}")
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r}; known: {', '.join(EDITIONS)}")
    known = EDITIONS[edition].options
    for k, v in options.items():
        if k not in known:
            raise ValueError(f"unknown option {k!r} for {edition}; known: {', '.join(known) or 'none'}")
        if v not in known[k]:
            raise ValueError(f"option {k}={v!r} is not one of {', '.join(known[k])}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if not -2**63 <= seed < 2**64:
        raise ValueError("seed must fit in 64 bits")
    if components is None:
        comp = components_named(COMPONENT_SETS[edition])
    else:
        comp = components
        if comp.edition != edition:
            raise ValueError(f"component set {comp.name!r} is for {comp.edition}, not {edition}")
        register_components(comp)
    key = (edition, comp.name, tuple(sorted(options.items())))
    start = _STARTS.get(key)
    if start is None:
        start = _STARTS[key] = _start(edition, comp, key[2])
    return start.evolve(seed=seed)  # a State of its own, as if built afresh


#: the start of a game by (edition, component set, options), made once: it is the same for every seed (the
#: seed is only read by the chance steps that follow)
_STARTS: dict[tuple[str, str, tuple[tuple[str, str], ...]], State] = {}


def _start(edition: str, comp: Components, options: tuple[tuple[str, str], ...]) -> State:
    b = topology_named(comp.name)
    owner = [NEUTRAL] * len(comp.poleis)
    pop = [0] * len(comp.poleis)
    units = [[0, 0] for _ in comp.areas]
    goods = []
    prox = []
    ships = []
    prestige = []
    for p, name in enumerate(PLAYERS):
        st = comp.setup[name]
        for pid, n in st.poleis.items():
            owner[b.polis_index[pid]] = p
            pop[b.polis_index[pid]] = n
        for aid, n in list(st.hoplites.items()) + list(st.galleys.items()):
            units[b.area_index[aid]][p] += n
        goods.append(tuple(st.goods.get(g, 0) for g in comp.goods))
        prox.append(b.polis_index[st.proxenos])
        ships.append(st.ships_in_port)
        prestige.append(st.prestige)
    s = State(
        edition=edition, components=comp.name, options=options, seed=0, ply=0,
        round=0, phase="start", pending=Pending("draw-project", CHANCE), prestige=(prestige[0], prestige[1]),
        goods=(goods[0], goods[1]), owner=tuple(owner), pop=tuple(pop), units=tuple((a, sp) for a, sp in units),
        ships_port=(ships[0], ships[1]), offers=(NEUTRAL,) * len(b.offer_ids), proxenos=tuple(prox),
        markers=tuple(comp.market_start[g] for g in comp.market_goods), tribute_done=(), display=(),
        pile=tuple(sorted(p.id for p in comp.projects)), started=(), done=(), event=None, closed=(),
        start_player=-1, triggers=(), passed=(), turn_actions=(), sieged=(), battles=(), battle=None,
        covered=b.initial_covers(),
    )
    log: list = []
    s = flow.start_round(s, log)
    in_components(log, s.components)
    return s.evolve(log=tuple(cite_edition_log(s, log)))


def _need_state(s: object, call: str) -> State:
    """The check at each public entry point: ``s`` must be a State (an isinstance test, nothing more).

    The entry points take ``object`` and check it here, so that a wrong type gets the same TypeError in the
    pure and the compiled kernel (a compiled function checks its declared argument types itself)."""
    if not isinstance(s, State):
        raise TypeError(f"{call} needs a State (from pn.new_game, pn.position or State.from_notation), "
                        f"not {type(s).__name__}")
    return s


def _need_action(a: object, call: str) -> Action:
    """``a`` if it is an Action holding text only (a keyword and a tuple of text arguments)."""
    if isinstance(a, Action) and type(a.kind) is str and type(a.args) is tuple:
        args: tuple[object, ...] = a.args  # read as objects: the compiled kernel would check each is text
        for x in args:
            if type(x) is not str:
                break
        else:
            return a
        raise TypeError(f"{call}: an Action's arguments are text, not {type(x).__name__} ({a.args!r:.80})")
    if not isinstance(a, Action):
        raise TypeError(f"{call} needs an Action or its text (str), not {type(a).__name__}")
    raise TypeError(f"{call}: an Action holds a keyword (str) and a tuple of text arguments, not "
                    f"{type(a.kind).__name__} and {type(a.args).__name__}")


def legal_actions(s: object) -> tuple[Action, ...]:
    """The legal choices of the current decision, in a deterministic order (chance outcomes too).

    Worked out once per State and kept in it (states never change), so asking again, checking a
    choice (:func:`apply`, :func:`is_legal`) and explaining it cost no second derivation."""
    acts = getattr(s, "_legal", None)
    if acts is not None:
        return acts
    return _list(_need_state(s, "legal_actions"))


def _list(s: State) -> tuple[Action, ...]:
    """Work out the listing of ``s`` and keep it in the State."""
    acts = () if s.outcome is not None else tuple(DECISIONS[s.pending.kind].options(s))
    keep_legal(s, acts)
    return acts


def _weights(s: State, acts: tuple[Action, ...]) -> list[tuple[int, int]]:
    """The probability of each chance outcome in ``acts`` as (numerator, denominator) integers."""
    return (DECISIONS[s.pending.kind].weights or uniform)(s, acts)


def chance_outcomes(s: object) -> tuple[tuple[Action, Fraction], ...]:
    """At a chance decision: every outcome with its exact probability (they sum to 1)."""
    s = _need_state(s, "chance_outcomes")
    if not s.is_chance:
        return ()
    acts = legal_actions(s)
    return tuple((a, Fraction(n, d)) for a, (n, d) in zip(acts, _weights(s, acts)))


def chance_rng(s: object) -> random.Random:
    """The default generator for this chance decision, derived from the game's seed and ply."""
    s = _need_state(s, "chance_rng")
    return random.Random(f"polis:{s.seed}:{s.ply}")


def sample_chance(s: object, rng: object = None) -> Action:
    """Pick a chance outcome with its probability, using ``rng`` (default: :func:`chance_rng`)."""
    if rng is not None and not isinstance(rng, random.Random):
        raise TypeError(f"sample_chance needs a random.Random (or None), not {type(rng).__name__}")
    s = _need_state(s, "chance_outcomes")
    if not s.is_chance:
        raise ValueError("the current decision is not a chance decision")
    acts = legal_actions(s)
    if not acts:
        raise ValueError("the current decision is not a chance decision")
    weights = _weights(s, acts)
    rng = rng or chance_rng(s)
    # the same floats as float(Fraction): an int / int division is correctly rounded, reduced or not
    dens = {d for _, d in weights}
    if len(dens) == 1:
        total = sum(n for n, _ in weights) / weights[0][1]
    else:
        total = float(sum(Fraction(n, d) for n, d in weights))
    x = rng.random() * total
    acc = 0.0
    for a, (n, d) in zip(acts, weights):
        acc += n / d
        if x < acc:
            return a
    return acts[-1]


def settle(s: object, rng: object = None) -> State:
    """Resolve chance decisions until a player decides (or the game ends)."""
    s = _need_state(s, "settle")
    if rng is not None and not isinstance(rng, random.Random):
        raise TypeError(f"settle needs a random.Random (or None), not {type(rng).__name__}")
    while s.is_chance:
        s = apply(s, sample_chance(s, rng))
    return s


_set = object.__setattr__


def cite_edition_log(s: State, log: list) -> list:
    """Log entries of shared code cite first-edition ids and words; give them this edition's rules
    and terms (e.g. merchants for trade ships)."""
    in_components(log, s.components)  # the names of the state's component set
    variants = edition_of(s).variants
    if not variants:
        return log
    out = []
    for e in log:
        rules = e.rules
        cited = _CITED.get((s.edition, rules))
        if cited is None:
            cited = _CITED[s.edition, rules] = (tuple(dict.fromkeys(variants.get(r, r) for r in rules))
                                                if any(r in variants for r in rules) else rules)
        if cited != rules:
            rules = cited
        if not hasattr(e.msg, "id"):  # an entry of plain text
            text = _edition_words(s, e.text)
            out.append(e if rules is e.rules and text is e.text else LogEntry(text, rules, e.player))
            continue
        out.append(e if rules is e.rules else e.with_rules(rules))
    return out


#: (edition, rule ids of a log entry) -> the ids as the edition cites them (the entries of the code name a
#: few hundred such tuples)
_CITED: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}


def _edition_words(s: State, text: str) -> str:
    """``text`` in the words of the edition's components (e.g. merchants for trade ships)."""
    return topology_named(s.components).comp.words(text) if "trade ship" in text else text


def _unchecked(s: State, a: Action) -> State:
    log: list = []
    n = DECISIONS[s.pending.kind].apply(s, a, log)
    if n.siege_discs:
        n = military.drop_stranded_discs(n, log)
    if s.edition == "ed1":
        in_components(log, s.components)
    else:
        log = cite_edition_log(s, log)
        if n.outcome is not None and s.outcome is None:
            o = n.outcome
            n = n.evolve(outcome=replace(o, rules=cite(s, *o.rules)))
    if n is s:  # a handler that changed nothing still yields a new position (one ply on)
        return n.evolve(ply=s.ply + 1, log=tuple(log))
    # ``n`` was just built by the handler and is seen by no one else yet: finish it in place
    _set(n, "ply", s.ply + 1)
    _set(n, "log", tuple(log))
    return n


def is_legal(s: State, a: Action) -> bool:
    """Whether ``a`` is among ``legal_actions(s)`` (the listing, worked out once per state)."""
    acts = legal_actions(s)
    for x in acts:  # a choice taken from the listing is found by identity
        if x is a:
            return True
    return a in acts


def apply(s: object, action: object) -> State:
    """Apply one decision after checking it against the legal choices; raise IllegalActionError
    (with its explanation) if it is not legal. The input state is never changed. A wrong type of
    argument raises TypeError."""
    if isinstance(s, State):
        listed: tuple[Action, ...] | None = getattr(s, "_legal", None)
        if listed is not None:
            for i in range(len(listed)):  # a choice taken from the listing (as a bot plays) is found by identity
                if listed[i] is action:
                    return _unchecked(s, listed[i])
    else:
        s = _need_state(s, "apply")
    a = parse_action(s, action) if isinstance(action, str) else _need_action(action, "apply")
    if not is_legal(s, a):
        raise IllegalActionError(a, explain(s, a))
    return _unchecked(s, a)


def apply_unchecked(s: State, a: Action) -> State:
    """Apply a decision without checking it (for replay and search). Illegal input gives
    undefined results; use :func:`apply` unless the action came from :func:`legal_actions`."""
    return _unchecked(s, a)


def explain(s: object, action: object) -> Explanation:
    """Whether ``action`` is legal here and why, citing the rule ids of the edition played."""
    s = _need_state(s, "explain")
    if not isinstance(action, str):
        action = _need_action(action, "explain")
    e = _explain(s, action)
    ed = edition_of(s)
    if ed.variants:
        ids = tuple(dict.fromkeys(ed.rule(r.id) for r in e.rules))
        text = _edition_words(s, e.text)
        if ids != e.rule_ids or text != e.text:
            e = e.with_words(tuple(RULES[r] for r in ids), text)
    return e


GAME_OVER = message("explain.game-over", "The game is over: {outcome}")
LEGAL = message("explain.legal", "'{action}' is one of the {n} legal choices here (to {prompt}).{notes}")
WAITS_FOR_CHANCE = message("explain.waits-for-chance", "The game waits for chance ({prompt}); possible outcomes: {choices}")
RETREAT_BETWEEN = message("explain.retreat-between", "A retreat is announced only between exchanges (or before the first "
                          "one), not in the middle of an exchange.")
WAITS_FOR = message("explain.waits-for", "The game waits for {side} to {prompt}; '{keyword}' does not answer that. Legal: "
                    "{choices}{more}")
NOT_AMONG = message("explain.not-among", "'{action}' is not among the legal choices: {choices}{more}")
MORE = message("explain.more", " …")


def _explain(s: State, action: Action | str) -> Explanation:
    if isinstance(action, str):
        try:
            toks = tokenize(action)
        except InvalidActionError as e:
            return explained(s, False, e.msg, "decision.wrong-kind", **e.params)
        action = Action(toks[0], tuple(toks[1:]))
    if s.outcome is not None:
        return explained(s, False, GAME_OVER, "decision.game-over", outcome=outcome_phrase(s.outcome))
    legal = legal_actions(s)
    h = DECISIONS[s.pending.kind]
    prompt = Phrase(DECISIONS[s.pending.kind].prompt) if s.pending.kind in DECISIONS else s.pending.kind
    if action in legal:
        notes = []
        rules = _rules_for(s, action)
        for kind, what in _provisional(s, action).items():
            notes.append(Phrase(_PROVISIONAL_TEXT[kind], {"values": tuple(what)}))
            rules += (PROVENANCE_RULES[kind],)
        return explained(s, True, LEGAL, *rules, action=str(action), n=len(legal), prompt=prompt,
                         notes=Sentences(notes))
    if s.pending.player == CHANCE:
        return explained(s, False, WAITS_FOR_CHANCE, "decision.wrong-player", prompt=prompt,
                         choices=tuple(str(x) for x in legal))
    kinds = {x.kind for x in legal} | _all_kinds(s)
    if action.kind == "retreat" and s.battle is not None and "retreat" not in kinds:
        return explained(s, False, RETREAT_BETWEEN, "battle.retreat")
    more = Phrase(MORE) if len(legal) > 12 else ""
    if action.kind not in kinds:
        return explained(s, False, WAITS_FOR, "decision.wrong-kind", side=PLAYERS[s.pending.player], prompt=prompt,
                         keyword=action.kind, choices=tuple(str(x) for x in legal[:12]), more=more)
    if h.why is not None:
        why = h.why(s, action)
        if why is not None:
            return why
    return explained(s, False, NOT_AMONG, "decision.wrong-kind", action=str(action),
                     choices=tuple(str(x) for x in legal[:12]), more=more)


def _all_kinds(s: State) -> frozenset[str]:
    """The keywords the pending decision understands, legal now or not (so a refusal can cite the real rule)."""
    return DECISIONS[s.pending.kind].keywords


def _rules_for(s: State, a: Action) -> tuple[str, ...]:
    if s.pending.kind == "turn" and a.kind in ACTIONS:
        return ACTIONS[a.kind].rules
    return ()


_PROVISIONAL_TEXT = {
    "prototype": message("explain.prototype", " What it yields rests on values from the designer's prototype ({values}); "
                         "the printed game may differ."),
    "reconstructed": message("explain.reconstructed", " What it yields rests on reconstructed component values ({values}); "
                             "a printed board may differ."),
}
TRIBUTE_ROWS_OF = message("explain.tribute-rows-of", "tribute rows of {area}")
OFFERS_OF = message("explain.offers-of", "offers of {market}")
MARKET_TABLE = message("explain.market-table", "market value table")
COST_OF = message("explain.cost-of", "cost and prestige of {project}")


def _provisional(s: State, a: Action) -> dict[str, list[Phrase]]:
    """The component values no rulebook gives that decide what a legal choice yields, by provenance
    ("prototype", "reconstructed"): {kind: [what, ...]}."""
    b = topology_of(s)
    comp = b.comp
    k = s.pending.kind
    found: dict[str, list[Phrase]] = {}

    def note(what: Phrase, *paths: tuple[str, ...]) -> None:
        kinds = {comp.provenance_of(*p).kind for p in paths}
        for kind in _PROVISIONAL_TEXT:
            if kind in kinds:
                found.setdefault(kind, []).append(what)

    if k == "tribute-rows":
        note(Phrase(TRIBUTE_ROWS_OF, {"area": b.area_ids[s.pending.data[0]]}), ("tribute", b.area_ids[s.pending.data[0]]))
    elif k == "trade-offer":
        market = a.args[0].split(".")[0]
        note(Phrase(OFFERS_OF, {"market": market}), ("markets", market, "offers"))
        if a.args[1] == "exchange":
            note(Phrase(MARKET_TABLE), ("market_table",))
    elif k in ("project-tile", "project-polis", "project-pay"):
        tile = a.args[0] if k == "project-tile" else s.pending.data[0]
        note(Phrase(COST_OF, {"project": tile}), ("projects", tile, "cost"), ("projects", tile, "end_prestige"))
    return found


def parse_action(s: object, text: object) -> Action:
    """Read action text for position ``s``. Malformed text raises InvalidActionError (with the
    column); well-formed text that is not legal here raises IllegalActionError."""
    s = _need_state(s, "parse_action")
    if not isinstance(text, str):
        raise TypeError(f"parse_action needs the action text (str), not {type(text).__name__}")
    toks = tokenize(text)
    a = Action(toks[0], tuple(toks[1:]))
    if is_legal(s, a):
        return a
    raise IllegalActionError(a, explain(s, a))


def choices_at(s: State, target: str) -> list[Action]:
    """The legal choices a click on the map place ``target`` ("area:attika", "polis:thebai",
    "offer:persis.0") means now (a polis stands for its territory where the decision asks for one):
    none, one, or several (a place named by more than one choice)."""
    place = click_target(s, target)
    return [a for a in legal_actions(s) if target_of(a, s.pending.kind) == place]
