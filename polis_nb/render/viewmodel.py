"""View models: the plain JSON the widgets draw (ARCHITECTURE §6). Python decides everything —
which targets are legal now, what each button does, what a side may see; the browser only draws
this and sends intents back.

Hidden information: a view for one side never holds the other side's battle hand, and while the
other side (or chance) decides, it lists no options at all (the options would show that hand).
"""
from __future__ import annotations

from ..rules import Action, Explanation, State, legal_actions
from ..rules.board import board
from ..rules.editions import edition_of
from ..rules.engine import describe_pending
from ..rules.index import RULES
from ..rules.registry import ACTIONS
from ..rules.visibility import view as visible_state
from .text import edition_words

# decisions whose options are no place on the map, although their keyword may name one elsewhere
# ("remove <tile>" drops a drawn project tile in Ed2; "remove <area>" takes a unit off for an event)
_NO_TARGET = frozenset({"project-remove"})
# the decisions whose options name a place on the map: keyword -> kind of target
_TARGET_WORDS = {"to": "area", "from": "area", "area": "area", "remove": "area", "battle": "area",
                 "polis": "polis", "grow": "polis", "release": "polis", "offer": "offer"}
# which action to explain when a place is clicked that is not a legal target now
WHY_TEMPLATES = {"move-dest": "to {}", "move-from": "from {}", "train-polis": "polis {}", "galley-polis": "polis {}",
                 "ships-polis": "polis {}", "project-polis": "polis {}", "siege-polis": "polis {}",
                 "tribute-area": "area {}", "proxenos-dest": "polis {} by land", "event-remove": "remove {}",
                 "battle-order": "battle {}", "feed": "release {}", "grow": "grow {}",
                 "trade-offer": "offer {} exchange"}


def target_of(a: Action, decision: str | None = None) -> str | None:
    """The map element an action points at: 'area:<id>', 'polis:<id>', 'offer:<id>', or None (a
    button). ``decision``: the pending decision's kind, where the keyword alone does not tell."""
    if decision in _NO_TARGET:
        return None
    kind = _TARGET_WORDS.get(a.kind)
    return f"{kind}:{a.args[0]}" if kind and a.args else None


def label_of(a: Action, s: State | None = None) -> str:
    """A button label in plain words (in the edition's terms when the position ``s`` is given)."""
    comp = board(s).comp if s is not None else None
    if s is not None and s.pending.kind == "project-remove" and a.kind == "remove" and a.args:
        pr = board(s).project_index.get(a.args[0])
        return f"Remove {pr.name if pr else a.args[0]} from the game"
    if a.kind in ACTIONS:
        title = edition_words(comp, ACTIONS[a.kind].title) if comp is not None else ACTIONS[a.kind].title
        if s is not None and a.kind in edition_of(s).free_actions and not a.args:
            return f"{title} (free: no action)"
        return f"{title} (pay 1 {a.args[0][1:]})" if a.args else title
    words = {"pass": "Pass", "end": "End action", "fight": "Fight on", "retreat": "Retreat (1 prestige)",
             "feed": "Cover the shortfall with prestige"}
    if a.kind in words and (a.kind != "feed" or a.args == ("prestige",)):
        return words[a.kind]
    if a.kind == "pay":
        return "Pay " + " ".join(a.args) if a.args else "Pay the cost"
    if a.kind == "phoros":
        rate = edition_of(s).phoros if s is not None else {}
        got = rate.get(int(a.args[0])) if a.args and a.args[0].isdigit() else None
        return f"Phoros: {a.args[0]} prestige → {got} silver" if got else f"Phoros: {a.args[0]} prestige → silver"
    return str(a)


def explanation_json(e: Explanation | None, comp=None) -> dict | None:
    """An explanation as plain JSON; with ``comp`` (the component set), in that edition's terms."""
    if e is None:
        return None
    return {"legal": e.legal, "text": edition_words(comp, e.text) if comp is not None else e.text,
            "rules": [{"id": r.id, "source": r.source, "summary": r.summary} for r in e.rules]}


def why_action(s: State, target: str) -> Action | None:
    """The action a click on ``target`` would mean at the current decision (legal or not)."""
    kind, _, ident = target.partition(":")
    tmpl = WHY_TEMPLATES.get(s.pending.kind)
    if tmpl is None or not ident:
        return None
    want = {"to": "area", "from": "area", "area": "area", "remove": "area", "battle": "area", "polis": "polis",
            "grow": "polis", "release": "polis", "offer": "offer"}[tmpl.split()[0]]
    if kind != want:
        return None
    return Action.from_text(tmpl.format(ident))


def prompt(s: State) -> str:
    if s.is_terminal:
        return f"Game over — {s.outcome}"
    who = "Chance" if s.is_chance else s.current_player.capitalize()
    text = f"{who}: {edition_words(board(s).comp, describe_pending(s))}"
    if s.pending.kind in ("move-from", "train-pay", "galley-pay", "ships-pay") and s.pending.data[-1]:
        text += " — or end the action"
    return text


def view_svg(view: dict) -> str:
    """The whole SVG document a view model draws (its layers joined)."""
    from .svg import join_layers

    return join_layers(view["svg_attrs"], [tuple(x) for x in view["svg_layers"]])


def board_view(s: State, *, viewer: str | None = None, marks=(), explanation: Explanation | None = None,
               rev: int = 0, note: str = "") -> dict:
    """The Board widget's view model for position ``s`` as ``viewer`` may see it."""
    from .svg import svg_layers
    from .text import describe

    acting = not s.is_terminal and not s.is_chance and (viewer is None or s.current_player == viewer)
    acts = legal_actions(s) if acting else ()
    targets: dict[str, list[dict]] = {}
    buttons = []
    for a in acts:
        t = target_of(a, s.pending.kind)
        item = {"action": str(a), "label": label_of(a, s)}
        if t is None:
            buttons.append(item)
        else:
            targets.setdefault(t, []).append(item)
    highlight = [t.split(":", 1)[1] for t in targets]
    seen = visible_state(s, viewer)
    b = board(s)
    attrs, layers = svg_layers(s, marks=marks, highlight=highlight)
    return {
        "rev": rev,
        "viewer": viewer,
        "svg_attrs": attrs,
        "svg_layers": [list(x) for x in layers],
        "prompt": prompt(s),
        "player": s.current_player,
        "decision": s.pending.kind,
        "targets": targets,
        "buttons": buttons,
        "log": [{"text": e.text, "rules": list(e.rules),
                 "cite": "; ".join(f"{r} ({RULES[r].source})" for r in e.rules if r in RULES)} for e in s.log],
        "players": [{"side": side, "prestige": s.prestige[p],
                     "goods": dict(zip(b.comp.goods, s.goods[p]))} for p, side in enumerate(("athens", "sparta"))],
        "battle": seen.get("battle"),
        "explanation": explanation_json(explanation, b.comp),
        "note": note,
        "description": describe(s, marks=marks),
    }
