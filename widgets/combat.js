// polis_nb widgets: the browser half of the Combat widget. Not a module by itself:
// polis_nb/widgets/_assets.py (esm("combat")) puts core.js in front of it, so `h` and
// `drawExplanation` are in scope here. Its last line is the module's export.

// --- Combat: one battle, card by card ------------------------------------------------------------
// Python sends the hand the viewer may see and the legal pairs; the browser only keeps which cards
// are picked before "Attack"/"Answer" is pressed. All text goes in with textContent.

const signed = (n) => (n > 0 ? "+" + n : String(n));

// A card shows the edition's names (Ed1 "Cavalry", Ed2 "Ippiko"); data-card keeps the notation (ids)
// the intents use. Older views without the names fall back to the ids.
const formName = (c) => c.formation_name || c.formation;
const manName = (c) => c.manoeuvre_name || c.manoeuvre;
const cardLabel = (c) => c.label || `${formName(c)} (${manName(c)})`;

function cardEl(c, tag = "span", attrs = {}) {
  const e = h(tag, "pc-card pc-f-" + c.formation, Object.assign({ "data-card": c.name,
    "aria-label": `${formName(c)} ${manName(c)}, value ${c.value}` }, attrs));
  e.append(h("span", "pc-card-form", {}, formName(c)), h("span", "pc-card-man", {}, manName(c)),
    h("span", "pc-card-val", { "aria-hidden": "true" }, signed(c.value)));
  return e;
}

function citeEl(text, tip = "") {
  return h("span", "pc-cite", tip ? { title: tip } : {}, text ? "— " + text : "");
}

function renderCombat({ model, el }) {
  el.classList.add("pnb-combat");
  el.setAttribute("role", "region");
  el.setAttribute("tabindex", "0");
  const head = h("div", "pc-head");
  const title = h("h3", "pc-title");
  const modeTag = h("span", "pc-mode");
  head.append(title, modeTag);
  const sidesBox = h("div", "pc-sides");
  const sideEls = {};
  for (const s of ["athens", "sparta"]) {
    const box = h("section", "pc-side", { "data-side": s, "aria-label": s === "athens" ? "Athens" : "Sparta" });
    const sh = h("div", "pc-side-head");
    const name = h("span", "pc-side-name");
    const role = h("span", "pc-role");
    const bot = h("span", "pc-bot");
    sh.append(name, role, bot);
    const stats = h("div", "pc-stats");
    const hand = h("div", "pc-hand", { role: "group", "aria-label": s === "athens" ? "Athens' hand" : "Sparta's hand" });
    box.append(sh, stats, hand);
    sidesBox.append(box);
    sideEls[s] = { box, name, role, bot, stats, hand };
  }
  const pile = h("div", "pc-pile", { "aria-label": "Draw pile" });
  const table = h("div", "pc-table", { "aria-label": "Cards on the table" });
  const prompt = h("div", "pc-prompt", { role: "status", "aria-live": "polite" });
  const gate = h("div", "pc-gate");
  const gateBtn = h("button", "pc-gate-btn", { type: "button" });
  gate.append(gateBtn);
  const pick = h("div", "pc-pick", { role: "group", "aria-label": "Your two cards" });
  const slots = h("div", "pc-slots");
  const confirm = h("button", "pc-confirm", { type: "button" });
  const clear = h("button", "pc-clear", { type: "button", "aria-label": "Clear the picked cards" }, "Clear");
  const pickWhy = h("div", "pc-pick-why", { "aria-live": "polite" });
  pick.append(slots, confirm, clear, pickWhy);
  const actions = h("div", "pc-actions", { role: "group", "aria-label": "Battle choices" });
  const fight = h("button", "pc-fight", { type: "button", "data-action": "fight", "aria-label": "Fight on" }, "Fight on");
  const retreat = h("button", "pc-retreat", { type: "button", "data-action": "retreat" });
  const retreatWhy = h("span", "pc-retreat-why");
  const hide = h("button", "pc-hide", { type: "button", "aria-label": "Hide my hand before passing the screen" }, "Hide my hand");
  actions.append(fight, retreat, hide, retreatWhy);
  const note = h("div", "pc-note", { role: "alert" });
  const explain = h("div", "pc-explain", { "aria-live": "polite" });
  const revealBox = h("section", "pc-reveal", { "aria-label": "The last exchange", "aria-live": "polite" });
  const endBox = h("section", "pc-end", { "aria-label": "End of the battle" });
  const oddsBox = h("section", "pc-odds", { "aria-label": "Battle odds" });
  const nav = h("div", "pc-nav", { role: "toolbar", "aria-label": "Step through the recorded battle" });
  const navButtons = {};
  for (const [dir, label, aria] of [["start", "«", "First step of the battle"], ["back", "◀", "Back one step"],
    ["forward", "▶", "Forward one step"], ["end", "»", "Last step of the battle"]]) {
    const b = h("button", "pc-nav-" + dir, { type: "button", "aria-label": aria }, label);
    b.addEventListener("click", () => send({ kind: "nav", dir }));
    navButtons[dir] = b;
    nav.append(b);
  }
  const navPos = h("span", "pc-nav-pos", { "aria-live": "polite" });
  nav.append(navPos);
  const logBox = h("details", "pc-log-box");
  const log = h("ol", "pc-log", { "aria-label": "Battle log" });
  logBox.append(h("summary", "", {}, "Battle log"), log);
  const main = h("div", "pc-main");
  const aside = h("div", "pc-aside");
  main.append(head, sidesBox, pile, table, prompt, gate, pick, actions, note, explain, nav);
  aside.append(revealBox, endBox, oddsBox, logBox);
  el.append(main, aside);

  const id = "pc" + Math.random().toString(36).slice(2, 9);
  retreatWhy.id = id + "-retreat-why";
  confirm.id = id + "-confirm";
  pickWhy.id = id + "-pick-why";

  let picked = []; // indexes into the acting side's hand
  let pickedRev = null;
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    model.send(msg);
  };

  gateBtn.addEventListener("click", () => send({ kind: "reveal", side: model.get("view").gate.side }));
  hide.addEventListener("click", () => send({ kind: "hide" }));
  // each button sends the action the view names for it (older views without one: the same words)
  fight.addEventListener("click", () => {
    const ch = model.get("view").choice;
    send({ kind: "choose", action: (ch && ch.fight && ch.fight.action) || "fight" });
  });
  retreat.addEventListener("click", () => {
    const r = model.get("view").retreat;
    send({ kind: "choose", action: (r && r.action) || "retreat" });
  });
  clear.addEventListener("click", () => {
    picked = [];
    drawPick(model.get("view"));
  });
  confirm.addEventListener("click", () => {
    const v = model.get("view");
    const sel = selection(v);
    if (!sel || !sel.action) return;
    send({ kind: "choose", action: sel.action });
  });
  el.addEventListener("keydown", (e) => {
    const v = model.get("view") || {};
    const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
    if (v.mode !== "replay" || !(e.key in keys)) return;
    e.preventDefault();
    send({ kind: "nav", dir: keys[e.key] });
  });

  function actingHand(v) {
    if (!v.choice || v.choice.kind === "window") return null;
    const s = (v.sides || []).find((x) => x.side === v.choice.side);
    return s && s.hand ? s.hand : null;
  }

  // the picked pair as {action} (a legal option), {blocked} (forbidden, with why) or {action} composed
  function selection(v) {
    const hand = actingHand(v);
    if (!hand || picked.length !== 2) return null;
    const names = picked.map((i) => hand[i].name);
    const same = (o) => o.cards[0] === names[0] && o.cards[1] === names[1];
    const opt = (v.choice.options || []).find(same);
    if (opt) return { action: opt.action };
    const bad = (v.choice.blocked || []).find(same);
    if (bad) return { blocked: bad };
    return { action: `${v.choice.verb} ${names[0]} ${names[1]}` };
  }

  function drawPick(v) {
    const hand = actingHand(v);
    pick.hidden = !hand;
    if (!hand) return;
    const sideEl = sideEls[v.choice.side];
    for (const b of sideEl.hand.querySelectorAll(".pc-card")) {
      const i = Number(b.dataset.index);
      const k = picked.indexOf(i);
      b.setAttribute("aria-pressed", String(k >= 0));
      b.dataset.pick = k >= 0 ? String(k + 1) : "";
    }
    const answering = v.choice.kind === "defend";
    const against = answering && v.table ? v.table.cards : [];
    slots.replaceChildren(...[0, 1].map((k) => {
      const label = answering ? `Against ${against[k] ? cardLabel(against[k]) : "?"}: ` : `${k ? "Second" : "First"} card: `;
      const slot = h("div", "pc-slot");
      slot.append(h("span", "pc-slot-label", {}, label));
      slot.append(picked[k] !== undefined ? cardEl(hand[picked[k]]) : h("span", "pc-slot-empty", {}, "—"));
      return slot;
    }));
    confirm.textContent = v.choice.label || "Confirm";
    const sel = selection(v);
    pickWhy.replaceChildren();
    if (!sel) {
      confirm.disabled = true;
      pickWhy.textContent = answering ? "Pick an answer to each attacking card, in order." : "Pick two cards.";
    } else if (sel.blocked) {
      confirm.disabled = true;
      pickWhy.append(h("span", "pc-why-text", {}, "Not allowed: " + sel.blocked.text + " "), citeEl(sel.blocked.cite, sel.blocked.cite_rules));
    } else {
      confirm.disabled = false;
    }
    confirm.setAttribute("aria-describedby", pickWhy.id);
    confirm.setAttribute("aria-label", (v.choice.label || "Confirm") + (confirm.disabled ? " (unavailable: "
      + pickWhy.textContent + ")" : ""));
  }

  function drawSide(v, s) {
    const e = sideEls[s.side];
    e.box.dataset.role = s.role;
    e.box.classList.toggle("pc-to-act", !!s.to_act);
    e.name.textContent = s.name;
    e.role.textContent = s.role === "attacker" ? "Attacker" : "Defender";
    e.bot.textContent = s.bot ? `bot: ${s.bot}` : "";
    const du = s.units - s.units_start;
    const dp = s.prestige - s.prestige_start;
    e.stats.replaceChildren(
      h("span", "pc-units", { "aria-label": `${s.name}: ${s.units} units` }, `Units ${s.units}` + (du ? ` (${signed(du)})` : "")),
      h("span", "pc-prestige", { "aria-label": `${s.name}: ${s.prestige} prestige` },
        `Prestige ${s.prestige}` + (dp ? ` (${signed(dp)})` : "")));
    const acting = v.choice && v.choice.side === s.side && v.choice.kind !== "window";
    if (s.hand) {
      e.hand.replaceChildren(...s.hand.map((c, i) => {
        if (!acting) return cardEl(c);
        const b = cardEl(c, "button", { type: "button", "data-index": String(i), "aria-pressed": "false" });
        b.setAttribute("aria-label", `${formName(c)} ${manName(c)}, value ${c.value}: pick`);
        b.addEventListener("click", () => {
          const k = picked.indexOf(i);
          if (k >= 0) picked.splice(k, 1);
          else if (picked.length < 2) picked.push(i);
          else picked[1] = i;
          drawPick(model.get("view"));
        });
        return b;
      }));
    } else if (v.over) {
      e.hand.replaceChildren(h("span", "pc-hidden-hand", {}, "The battle is over"));
    } else {
      e.hand.replaceChildren(h("span", "pc-hidden-hand", {}, `${s.hand_size} card${s.hand_size === 1 ? "" : "s"} (hidden)`));
    }
  }

  function drawReveal(r) {
    revealBox.replaceChildren();
    revealBox.hidden = !r;
    if (!r) return;
    const cap = (x) => x.charAt(0).toUpperCase() + x.slice(1);
    revealBox.append(h("h4", "pc-reveal-title", {}, `Exchange ${r.exchange}: ${cap(r.attacker)} attacks, ${cap(r.defender)} answers`));
    const ol = h("ol", "pc-pairs");
    for (const p of r.pairs) {
      const li = h("li", "pc-pair pc-" + p.result + (p.mercenaries ? " pc-merc" : ""), { "data-result": p.result });
      const cards = h("div", "pc-pair-cards");
      cards.append(cardEl(p.attack), h("span", "pc-vs", {}, "vs"), cardEl(p.answer));
      li.append(cards, h("div", "pc-pair-text", {}, p.text), citeEl(p.cite, p.cite_rules));
      ol.append(li);
    }
    revealBox.append(ol);
    const loss = Object.entries(r.losses).filter(([, n]) => n).map(([s, n]) => `${cap(s)} loses ${n} unit${n === 1 ? "" : "s"}`);
    const pres = Object.entries(r.prestige).filter(([, n]) => n).map(([s, n]) => `${cap(s)} ${signed(n)} prestige`);
    revealBox.append(h("div", "pc-summary", {}, [...loss, ...pres].join("; ") || "No losses, no prestige"));
    const ul = h("ul", "pc-reveal-log");
    for (const e of r.log) {
      const li = h("li", "", {}, e.text + " ");
      li.append(citeEl(e.cite, e.cite_rules));
      ul.append(li);
    }
    if (r.redraw) {
      const li = h("li", "pc-redraw", {}, "Redraw: " + r.redraw.text + " ");
      li.append(citeEl(r.redraw.cite, r.redraw.cite_rules));
      ul.append(li);
    }
    revealBox.append(ul);
  }

  function drawEnd(end) {
    endBox.replaceChildren();
    endBox.hidden = !end;
    if (!end) return;
    endBox.append(h("h4", "pc-end-title", {}, "The battle is over: " + end.cause_text));
    for (const e of end.reasons) {
      const d = h("div", "pc-end-reason", {}, e.text + " ");
      d.append(citeEl(e.cite, e.cite_rules));
      endBox.append(d);
    }
    const cap = (x) => x.charAt(0).toUpperCase() + x.slice(1);
    const parts = ["athens", "sparta"].map((s) => `${cap(s)}: lost ${end.losses[s]} unit${end.losses[s] === 1 ? "" : "s"}, `
      + `${end.units[s]} left, prestige ${signed(end.prestige[s])}`);
    endBox.append(h("div", "pc-summary", {}, parts.join(" · ")));
    if (end.game_over) endBox.append(h("div", "pc-game-over", {}, end.game_over));
    endBox.append(h("div", "pc-next", {}, end.next || ""));
  }

  function drawOdds(o) {
    oddsBox.replaceChildren();
    oddsBox.hidden = !o;
    if (!o) return;
    oddsBox.append(h("h4", "pc-odds-title", {}, "Odds from here"));
    if (o.pending) {
      oddsBox.append(h("div", "pc-odds-note", { role: "status" }, "Computing…"));
      return;
    }
    if (!o.available) {
      oddsBox.append(h("div", "pc-odds-note", {}, o.note || "Odds unavailable"));
      return;
    }
    const meta = [];
    if (o.known) meta.push("knowing " + o.known);
    if (o.policies) meta.push("policies: " + o.policies);
    meta.push(o.method || (o.exact ? "exact" : `Monte Carlo, ${o.samples} battles`));
    oddsBox.append(h("div", "pc-odds-meta", {}, meta.join(" · ")));
    for (const group of o.groups || []) {
      const t = h("table", "pc-odds-table", { "aria-label": group.title });
      t.append(h("caption", "", {}, group.title));
      for (const r of group.rows) {
        const tr = h("tr");
        const pct = (100 * r.p).toFixed(1) + "%";
        const bar = h("td", "pc-bar-cell");
        bar.append(h("span", "pc-bar", { style: `width:${Math.round(100 * Math.min(1, Math.max(0, r.p)))}%`, "aria-hidden": "true" }));
        tr.append(h("th", "", { scope: "row" }, r.label), h("td", "pc-pct", {}, pct), bar);
        t.append(tr);
      }
      oddsBox.append(t);
    }
    for (const f of o.figures || []) {
      oddsBox.append(h("div", "pc-odds-figure", {}, `${f.label}: ${f.value >= 0 ? "+" : ""}${f.value.toFixed(2)}`));
    }
    if (o.note) oddsBox.append(h("div", "pc-odds-note", {}, o.note));
    if (!(o.groups || []).length && o.text) oddsBox.append(h("pre", "pc-odds-text", {}, o.text));
  }

  function draw() {
    const v = model.get("view") || {};
    if (v.rev === pickedRev && el.dataset.rev === String(v.rev)) {
      drawOdds(v.odds); // same position, the odds just arrived: leave the rest (and the focus) alone
      return;
    }
    picked = [];
    pickedRev = v.rev;
    el.setAttribute("aria-label", "Polis combat: " + (v.title || "battle"));
    title.textContent = (v.title || "") + (v.exchanges ? ` · ${v.exchanges} exchange${v.exchanges === 1 ? "" : "s"}` : "");
    modeTag.textContent = { hotseat: "hot seat", bot: "against a bot", replay: "replay" }[v.mode] || v.mode || "";
    for (const s of v.sides || []) drawSide(v, s);
    pile.hidden = v.deck_size === null || v.deck_size === undefined;
    pile.textContent = `Draw pile: ${v.deck_size} card${v.deck_size === 1 ? "" : "s"}`;
    table.replaceChildren();
    table.hidden = !v.table;
    if (v.table) {
      table.append(h("span", "pc-table-label", {}, (v.table.attacker === "athens" ? "Athens" : "Sparta") + " attacks with "));
      for (const c of v.table.cards) table.append(cardEl(c));
    }
    prompt.textContent = v.prompt || "";
    gate.hidden = !v.gate;
    if (v.gate) {
      gateBtn.textContent = v.gate.label;
      gateBtn.setAttribute("aria-label", v.gate.label + " (the other side looks away)");
    }
    const window_ = v.choice && v.choice.kind === "window";
    fight.hidden = !window_;
    const r = v.retreat || { enabled: false, reason: "" };
    retreat.disabled = !r.enabled;
    retreat.hidden = v.mode === "replay";
    retreatWhy.hidden = v.mode === "replay";
    retreatWhy.replaceChildren(h("span", "", {}, r.reason + " "), citeEl(r.rule ? r.rule.source : "", r.rule ? r.rule.summary : ""));
    retreat.setAttribute("aria-describedby", retreatWhy.id);
    retreat.textContent = r.label || "";
    retreat.setAttribute("aria-label", r.enabled ? r.paying : "Retreat (unavailable: " + r.reason + ")");
    hide.hidden = !(v.mode === "hotseat" && v.viewer && !v.over);
    drawPick(v);
    note.textContent = v.note || "";
    drawExplanation(explain, v.explanation);
    nav.hidden = v.mode !== "replay";
    if (v.nav) {
      navButtons.start.disabled = navButtons.back.disabled = !v.nav.back;
      navButtons.forward.disabled = navButtons.end.disabled = !v.nav.forward;
      const steps = v.steps || [];
      navPos.textContent = `Step ${v.nav.position + 1} of ${v.nav.count}: ${steps[steps.length - 1] || ""}`;
    }
    drawReveal(v.reveal);
    drawEnd(v.end);
    drawOdds(v.odds);
    log.replaceChildren(...(v.log || []).map((e) => {
      const li = h("li", "", {}, e.text + (e.count > 1 ? ` (×${e.count})` : "") + " ");
      li.append(citeEl(e.cite, e.cite_rules));
      return li;
    }));
    el.dataset.rev = String(v.rev ?? "");
    el.dataset.over = String(!!v.over);
    el.dataset.mode = v.mode || "";
    el.dataset.decision = v.decision || "";
  }
  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render: renderCombat };
