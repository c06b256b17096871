"""A static picture of a battle: the Combat widget's view model drawn as one standalone SVG.

``combat_svg(view)`` draws what the widget shows at that moment — both sides with their role, units
and prestige (and the change since the battle opened), the hands the view may show (others as face-down
cards), the draw pile, the cards on the table, the prompt, the last exchange card against card, and
the end of the battle. It is the fallback a notebook keeps for readers without a kernel (nbconvert,
GitHub, nbviewer). Hidden information stays hidden: the picture holds only what the view model holds.
Deterministic (same view → same bytes), no external references, every piece of text escaped.
"""
from __future__ import annotations

from html import escape

from ..i18n import message, plural
from .say import say, side_name
from .svg import SIDE_COLOUR

WIDTH = 720
PAD = 10
CARD_W, CARD_H, CARD_GAP = 74, 46, 5
SIDE_W = (WIDTH - 3 * PAD) / 2
INK = "#2d2a26"
COLOURS = {"athens": SIDE_COLOUR[0], "sparta": SIDE_COLOUR[1]}
CARD_FILL = {"salpinx": "#fff5f5", "mercenaries": "#f0fff4"}
RESULT_INK = {"match": "#276749", "fail": "#9b2c2c", "salpinx": "#9b2c2c"}
CARD_ARIA = message("combat.svg.card", "{formation} {manoeuvre}, value {value}")
OVER = message("combat.svg.over", "The battle is over")
HIDDEN = plural("combat.svg.hidden", "{n} card (hidden)", "{n} cards (hidden)")
ROLES = {"attacker": message("combat.svg.attacker", "attacker"), "defender": message("combat.svg.defender", "defender")}
TO_DECIDE = message("combat.svg.to-decide", " · to decide")
BOT = message("combat.svg.bot", " · bot: {bot}")
UNITS = message("combat.svg.units", "Units {units}")
PRESTIGE = message("combat.svg.prestige", " · Prestige {prestige}")
EXCHANGE = message("combat.svg.exchange", "Exchange {exchange}: {attacker} attacks, {defender} answers")
VS = message("combat.svg.vs", "vs")
LOSES = plural("combat.svg.loses", "{who} loses {n} unit", "{who} loses {n} units")
WINS = message("combat.svg.prestige-change", "{who} {n} prestige")
NOTHING = message("combat.svg.nothing", "No losses, no prestige")
END = message("combat.svg.end", "The battle is over: {cause}")
END_SIDE = message("combat.svg.end-side", "{who}: lost {lost}, {left} left, prestige {prestige}")
EXCHANGES = plural("combat.svg.exchanges", " · {n} exchange", " · {n} exchanges")
MODES = {"hotseat": message("combat.svg.hotseat", "hot seat"), "bot": message("combat.svg.against-bot", "against a bot"),
         "replay": message("combat.svg.replay", "replay")}
PILE = plural("combat.svg.pile", "Draw pile: {n} card", "Draw pile: {n} cards")
ATTACKS = message("combat.svg.attacks", "{side} attacks with")
BATTLE = message("combat.svg.battle", "Battle")
NAME = message("combat.svg.name", "Polis combat: {head}. {prompt}")

_RULES = (
    "text{font-family:sans-serif;font-size:12px;fill:#2d2a26}",
    ".t{font-size:16px;font-weight:bold}", ".b{font-weight:bold}", ".s{font-size:10.5px}",
    ".mute{fill:#555}", ".ctr{text-anchor:middle}", ".end{text-anchor:end}",
    ".card{fill:#fffdf5;stroke:#888}", ".back{fill:#d8d2c4;stroke:#8a7552}",
    ".box{fill:#fff;stroke:#ccc}", ".endbox{fill:#fffaf0;stroke:#d69e2e}",
)
STYLE = "<style>" + "".join(
    ",".join(f".polis-combat {x}" for x in r.split("{", 1)[0].split(",")) + "{" + r.split("{", 1)[1]
    for r in _RULES) + "</style>"


def _e(x) -> str:
    return escape(str(x), quote=True)


def _f(v: float) -> str:
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def _text(x: float, y: float, s: str, cls: str = "", fill: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    f = f' style="fill:{fill}"' if fill else ""
    return f'<text x="{_f(x)}" y="{_f(y)}"{c}{f}>{_e(s)}</text>'


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def wrap(text: str, width: float, px: float = 6.3) -> list[str]:
    """Split ``text`` at spaces into lines about ``width`` pixels wide (``px`` per character)."""
    most = max(8, int(width / px))
    lines: list[str] = []
    cur = ""
    for word in text.split():
        nxt = f"{cur} {word}" if cur else word
        if len(nxt) > most and cur:
            lines.append(cur)
            cur = word
        else:
            cur = nxt
    return lines + [cur] if cur else lines


def _side_name(side: object) -> str:
    """A side of the view ("athens") by its name; anything else as it is, capitalised."""
    return side_name(side) if side in ("athens", "sparta") else str(side or "").capitalize()


def _card(x: float, y: float, c: dict) -> str:
    fill = CARD_FILL.get(c.get("formation", ""))
    style = f' style="fill:{fill}"' if fill else ""
    label = say(CARD_ARIA, formation=c.get("formation_name", ""), manoeuvre=c.get("manoeuvre_name", ""),
                value=c.get("value", 0))
    man = str(c.get("manoeuvre_name", ""))
    return (f'<g class="card-face" data-card="{_e(c.get("name", ""))}" role="img" aria-label="{_e(label)}">'
            f'<rect class="card" x="{_f(x)}" y="{_f(y)}" width="{CARD_W}" height="{CARD_H}" rx="5"{style}/>'
            + _text(x + CARD_W / 2, y + 14, c.get("formation_name", ""), "s b ctr")
            + _text(x + CARD_W / 2, y + 27, man if len(man) <= 13 else man[:12] + "…", "s ctr mute")
            + _text(x + CARD_W / 2, y + 40, _signed(int(c.get("value", 0))), "s ctr", "#276749") + "</g>")


def _hand(x: float, y: float, side: dict, over: bool) -> tuple[str, float]:
    """The hand as cards (or face-down backs); returns (markup, height)."""
    per_row = int((SIDE_W - 2 * PAD + CARD_GAP) // (CARD_W + CARD_GAP))
    if side.get("hand") is not None:
        cards = side["hand"]
        out = [_card(x + (k % per_row) * (CARD_W + CARD_GAP), y + (k // per_row) * (CARD_H + CARD_GAP), c)
               for k, c in enumerate(cards)]
        rows = max(1, -(-len(cards) // per_row))
        return "".join(out), rows * (CARD_H + CARD_GAP)
    if over or side.get("hand_size") is None:
        return _text(x, y + 16, say(OVER), "mute"), 24
    n = int(side["hand_size"])
    out = [f'<rect class="back" x="{_f(x + k * 14)}" y="{_f(y)}" width="40" height="{CARD_H}" rx="5"/>'
           for k in range(min(n, 12))]
    out.append(_text(x + min(n, 12) * 14 + 34, y + 27, say(HIDDEN, n=n), "mute"))
    return "".join(out), CARD_H + CARD_GAP


def _side(x: float, y: float, side: dict, over: bool) -> tuple[str, float]:
    col = COLOURS.get(side.get("side", ""), INK)
    head = side.get("name", "") + " · " + say(ROLES["attacker" if side.get("role") == "attacker" else "defender"])
    if side.get("to_act"):
        head += say(TO_DECIDE)
    if side.get("bot"):
        head += say(BOT, bot=side["bot"])
    du = int(side.get("units", 0)) - int(side.get("units_start", 0))
    dp = int(side.get("prestige", 0)) - int(side.get("prestige_start", 0))
    stats = (say(UNITS, units=side.get("units", 0)) + (f" ({_signed(du)})" if du else "")
             + say(PRESTIGE, prestige=side.get("prestige", 0)) + (f" ({_signed(dp)})" if dp else ""))
    hand, hh = _hand(x + PAD, y + 50, side, over)
    h = 50 + hh + 4
    ring = ' stroke="#d69e2e" stroke-width="3"' if side.get("to_act") else ""
    return (f'<g class="side" data-side="{_e(side.get("side", ""))}" data-role="{_e(side.get("role", ""))}">'
            f'<rect class="box" x="{_f(x)}" y="{_f(y)}" width="{_f(SIDE_W)}" height="{_f(h)}" rx="6"{ring}/>'
            f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(SIDE_W)}" height="5" rx="2" fill="{col}"/>'
            + _text(x + PAD, y + 22, head, "b") + _text(x + PAD, y + 40, stats) + hand + "</g>"), h


def _lines(x: float, y: float, text: str, width: float, cls: str = "", fill: str = "") -> tuple[str, float]:
    rows = wrap(text, width)
    return "".join(_text(x, y + 15 * k, line, cls, fill) for k, line in enumerate(rows)), 15 * len(rows)


def _reveal(y: float, r: dict) -> tuple[str, float]:
    x = PAD
    inner = WIDTH - 2 * PAD
    out = [_text(x + PAD, y + 18, say(EXCHANGE, exchange=r.get("exchange", ""), attacker=_side_name(r.get("attacker")),
                                      defender=_side_name(r.get("defender"))), "b")]
    cy = y + 28
    for p in r.get("pairs", []):
        out.append(_card(x + PAD, cy, p["attack"]))
        out.append(_text(x + PAD + CARD_W + 14, cy + 28, say(VS), "mute ctr"))
        out.append(_card(x + PAD + CARD_W + 28, cy, p["answer"]))
        tx = x + PAD + 2 * CARD_W + 40
        body, th = _lines(tx, cy + 16, p.get("text", ""), inner - (tx - x) - PAD, "", RESULT_INK.get(p.get("result"), ""))
        out.append(body)
        out.append(_lines(tx, cy + 16 + th, p.get("cite", ""), inner - (tx - x) - PAD, "s mute")[0])
        cy += max(CARD_H, th + 15 * len(wrap(p.get("cite", ""), inner - (tx - x) - PAD))) + 6
    loss = [say(LOSES, who=_side_name(s), n=n) for s, n in r.get("losses", {}).items() if n]
    pres = [say(WINS, who=_side_name(s), n=_signed(n)) for s, n in r.get("prestige", {}).items() if n]
    body, th = _lines(x + PAD, cy + 14, "; ".join(loss + pres) or say(NOTHING), inner - 2 * PAD, "b")
    h = cy + th + 6 - y
    return (f'<g class="reveal"><rect class="box" x="{_f(x)}" y="{_f(y)}" width="{_f(inner)}" height="{_f(h)}" '
            f'rx="6"/>' + "".join(out) + body + "</g>"), h


def _end(y: float, end: dict) -> tuple[str, float]:
    x, inner = PAD, WIDTH - 2 * PAD
    parts = [(say(END, cause=str(end.get("cause_text", ""))), "b")]
    parts += [(f"{e.get('text', '')} — {e.get('cite', '')}", "") for e in end.get("reasons", [])]
    parts.append((" · ".join(say(END_SIDE, who=_side_name(s), lost=end["losses"][s], left=end["units"][s],
                                 prestige=_signed(end["prestige"][s])) for s in ("athens", "sparta")
                             if s in end.get("losses", {})), ""))
    if end.get("game_over"):
        parts.append((str(end["game_over"]), "b"))
    if end.get("next"):
        parts.append((str(end["next"]), "mute"))
    out, cy = [], y + 18
    for text, cls in parts:
        body, th = _lines(x + PAD, cy, text, inner - 2 * PAD, cls)
        out.append(body)
        cy += th + 2
    h = cy - y
    return (f'<g class="battle-end"><rect class="endbox" x="{_f(x)}" y="{_f(y)}" width="{_f(inner)}" height="{_f(h)}" '
            f'rx="6"/>' + "".join(out) + "</g>"), h


def combat_svg(view: dict) -> str:
    """The battle of a Combat view model (see :func:`polis_nb.render.combatview.combat_view`) as a
    standalone SVG document."""
    title = str(view["title"]) if "title" in view else say(BATTLE)
    n = int(view.get("exchanges", 0) or 0)
    head = title + (say(EXCHANGES, n=n) if n else "")
    mode = say(MODES[view["mode"]]) if view.get("mode") in MODES else ""
    body = [_text(PAD, 24, head, "t"), _text(WIDTH - PAD, 22, mode, "end mute")]
    y = 36.0
    sides = view.get("sides", [])
    heights = []
    for k, side in enumerate(sides[:2]):
        markup, h = _side(PAD + k * (SIDE_W + PAD), y, side, bool(view.get("over")))
        body.append(markup)
        heights.append(h)
    y += max(heights or [0]) + 18
    if view.get("deck_size") is not None:
        d = int(view["deck_size"])
        body.append(_text(PAD, y, say(PILE, n=d)))
        y += 8
    table = view.get("table")
    if table:
        who = "athens" if table.get("attacker") == "athens" else "sparta"
        body.append(_text(PAD, y + 26, say(ATTACKS, side=who), "b"))
        body += [_card(PAD + 130 + k * (CARD_W + CARD_GAP), y, c) for k, c in enumerate(table.get("cards", []))]
        y += CARD_H + 6
    text, th = _lines(PAD, y + 14, str(view.get("prompt", "")), WIDTH - 2 * PAD, "b")
    body.append(f'<g class="prompt">{text}</g>')
    y += th + 10
    if view.get("reveal"):
        markup, h = _reveal(y, view["reveal"])
        body.append(markup)
        y += h + 8
    if view.get("end"):
        markup, h = _end(y, view["end"])
        body.append(markup)
        y += h + 8
    height = int(y + 4)
    name = say(NAME, head=head, prompt=view.get("prompt", ""))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
            f'height="{height}" role="img" aria-label="{_e(name)}" class="polis-combat">'
            f"<title>{_e(name)}</title>{STYLE}"
            f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#fbf9f4"/>' + "".join(body) + "</svg>")
