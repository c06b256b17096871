// polis_nb widgets: the hand panel of Combat (polis_nb/widgets/panels/hand.py), joined after core.js by
// polis_nb/widgets/_assets.py (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope.

// --- the two sides, each with the hand the viewer may see (Python sends only those), the gate ("Sparta:
// show my hand", hot seat) and "Hide my hand". The cards of the side to decide are buttons that pick
// them (`pick(i)`, the battle panel keeps the picks). Also the card helpers the other Combat panels use.
// Words from the model's "words" (render/widgetwords.py); all text goes in with textContent.

const signed = (n) => (n > 0 ? "+" + n : String(n));

// `{name}` fields of a text filled in from `values`
function fillWords(text, values) {
  return String(text || "").replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
}

// the form of a word that follows the number `n`: `p` is {forms, index} (render/say.py counted) or a text
const pluralOf = (p, n) => (typeof p === "string" ? p : p.forms[p.index[n < p.index.length ? n : 100 + (n % 100)]]);

// A card shows the edition's names (Ed1 "Cavalry", Ed2 "Ippiko"); data-card keeps the notation (ids)
// the intents use. Older views without the names fall back to the ids.
const formName = (c) => c.formation_name || c.formation;
const manName = (c) => c.manoeuvre_name || c.manoeuvre;
const cardLabel = (c) => c.label || `${formName(c)} (${manName(c)})`;
let CARD_ARIA = "{formation} {manoeuvre}, value {value}";
const cardAria = (c) => fillWords(CARD_ARIA, { formation: formName(c), manoeuvre: manName(c), value: c.value });

function cardEl(c, tag = "span", attrs = {}) {
  const e = h(tag, "pc-card pc-f-" + c.formation, Object.assign({ "data-card": c.name, "aria-label": cardAria(c) }, attrs));
  e.append(h("span", "pc-card-form", {}, formName(c)), h("span", "pc-card-man", {}, manName(c)),
    h("span", "pc-card-val", { "aria-hidden": "true" }, signed(c.value)));
  return e;
}

// A rule citation ("— Ed1 · Battles"): the rules' summaries in its tooltip, shown too while it has the
// keyboard focus (core.js focusTip: it is a Tab stop then), so that they are not for the pointer only
function citeEl(text, tip = "") {
  const e = h("span", "pc-cite", tip ? { title: tip } : {}, text ? "— " + text : "");
  if (tip && text) focusTip(e, tip);
  return e;
}

function makeHand(send, W, pick) {
  CARD_ARIA = W.card_aria || CARD_ARIA;
  const sidesBox = h("div", "pc-sides");
  const sideEls = {};
  for (const s of ["athens", "sparta"]) {
    const box = h("section", "pc-side", { "data-side": s, "aria-label": W.sides[s] });
    const sh = h("div", "pc-side-head");
    const name = h("span", "pc-side-name");
    const role = h("span", "pc-role");
    const bot = h("span", "pc-bot");
    sh.append(name, role, bot);
    const stats = h("div", "pc-stats");
    const hand = h("div", "pc-hand", { role: "group", "aria-label": W.hands[s] });
    box.append(sh, stats, hand);
    sidesBox.append(box);
    sideEls[s] = { box, name, role, bot, stats, hand };
  }
  const gate = h("div", "pc-gate");
  const gateBtn = h("button", "pc-gate-btn", { type: "button" });
  gate.append(gateBtn);
  const hide = h("button", "pc-hide", { type: "button", "aria-label": W.hide_aria }, W.hide);
  gateBtn.addEventListener("click", (e) => send({ kind: "reveal", side: e.currentTarget.dataset.side }));
  hide.addEventListener("click", () => send({ kind: "hide" }));

  function drawSide(v, s) {
    const e = sideEls[s.side];
    e.box.dataset.role = s.role;
    e.box.classList.toggle("pc-to-act", !!s.to_act);
    e.name.textContent = s.name;
    e.role.textContent = W.roles[s.role] || s.role;
    e.bot.textContent = s.bot ? fillWords(W.bot, s) : "";
    const du = s.units - s.units_start;
    const dp = s.prestige - s.prestige_start;
    e.stats.replaceChildren(
      h("span", "pc-units", { "aria-label": fillWords(W.units_aria, s) }, fillWords(W.units, s) + (du ? ` (${signed(du)})` : "")),
      h("span", "pc-prestige", { "aria-label": fillWords(W.prestige_aria, s) },
        fillWords(W.prestige, s) + (dp ? ` (${signed(dp)})` : "")));
    const acting = v.choice && v.choice.side === s.side && v.choice.kind !== "window";
    if (s.hand) {
      e.hand.replaceChildren(...s.hand.map((c, i) => {
        if (!acting) return cardEl(c);
        const b = cardEl(c, "button", { type: "button", "data-index": String(i), "aria-pressed": "false" });
        b.setAttribute("aria-label", cardAria(c) + W.pick);
        b.addEventListener("click", () => pick(i));
        return b;
      }));
    } else if (v.over) {
      e.hand.replaceChildren(h("span", "pc-hidden-hand", {}, W.over));
    } else {
      e.hand.replaceChildren(h("span", "pc-hidden-hand", {}, fillWords(pluralOf(W.hidden, s.hand_size), { n: s.hand_size })));
    }
  }

  return {
    sidesBox, gate, hide,
    // the card buttons of the side picking (the battle panel marks the picked ones)
    cards: (side) => sideEls[side].hand.querySelectorAll(".pc-card"),
    // a side's hand (where the focus goes when that side picks its cards)
    handOf: (side) => (sideEls[side] || {}).hand || null,
    update(v) {
      for (const s of v.sides || []) drawSide(v, s);
      gate.hidden = !v.gate;
      if (v.gate) {
        gateBtn.dataset.side = v.gate.side;
        gateBtn.textContent = v.gate.label;
        gateBtn.setAttribute("aria-label", v.gate.label + W.gate_aria);
      }
      hide.hidden = !(v.mode === "hotseat" && v.viewer && !v.over);
    },
  };
}
