// polis_nb widgets: the battle panel of Combat (polis_nb/widgets/panels/battle.py), joined after core.js by
// polis_nb/widgets/_assets.py (esm(name, panels=...)); core.js's helpers (`h`, ...) and the hand panel's card
// helpers (`cardEl`, `citeEl`, `fillWords` ...) are in scope.

// --- the battle's decisions: the draw pile, the cards on the table, the prompt, the two cards picked before
// "Attack"/"Answer" is pressed (the browser keeps only which are picked; Python sends the legal pairs and
// the forbidden ones with why), "Fight on" and the retreat (its words, cost included, from the rules);
// beside them the last exchange, the end of the battle and the log. Words from the model's "words".

function makeBattle(send, W, model) {
  const pile = h("div", "pc-pile", { "aria-label": W.pile });
  const table = h("div", "pc-table", { "aria-label": W.table });
  const prompt = h("div", "pc-prompt", { role: "status", "aria-live": "polite" });
  const pick = h("div", "pc-pick", { role: "group", "aria-label": W.pick });
  const slots = h("div", "pc-slots");
  const confirm = h("button", "pc-confirm", { type: "button" });
  const clear = h("button", "pc-clear", { type: "button", "aria-label": W.clear_aria }, W.clear);
  const pickWhy = h("div", "pc-pick-why", { "aria-live": "polite" });
  pick.append(slots, confirm, clear, pickWhy);
  const actions = h("div", "pc-actions", { role: "group", "aria-label": W.choices });
  const fight = h("button", "pc-fight", { type: "button", "data-action": "fight", "aria-label": W.fight }, W.fight);
  const retreat = h("button", "pc-retreat", { type: "button", "data-action": "retreat" });
  const retreatWhy = h("span", "pc-retreat-why");
  actions.append(fight, retreat, retreatWhy);
  const note = h("div", "pc-note", { role: "alert" });
  const explain = h("div", "pc-explain", { "aria-live": "polite" });
  const revealBox = h("section", "pc-reveal", { "aria-label": W.reveal }); // its result is read in the announcements
  const endBox = h("section", "pc-end", { "aria-label": W.end });
  const logBox = h("details", "pc-log-box");
  const log = h("ol", "pc-log", { "aria-label": W.log });
  logBox.append(h("summary", "", {}, W.log), log);
  const id = "pc" + Math.random().toString(36).slice(2, 9);
  retreatWhy.id = id + "-retreat-why";
  confirm.id = id + "-confirm";
  pickWhy.id = id + "-pick-why";

  let picked = []; // indexes into the acting side's hand
  let cards = () => [];
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
    const sel = selection(model.get("view"));
    if (!sel || !sel.action) return;
    send({ kind: "choose", action: sel.action });
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
    for (const b of cards(v.choice.side)) {
      const i = Number(b.dataset.index);
      const k = picked.indexOf(i);
      b.setAttribute("aria-pressed", String(k >= 0));
      b.dataset.pick = k >= 0 ? String(k + 1) : "";
    }
    const answering = v.choice.kind === "defend";
    const against = answering && v.table ? v.table.cards : [];
    slots.replaceChildren(...[0, 1].map((k) => {
      const label = answering ? fillWords(W.against, { card: against[k] ? cardLabel(against[k]) : "?" }) : k ? W.second : W.first;
      const slot = h("div", "pc-slot");
      slot.append(h("span", "pc-slot-label", {}, label));
      slot.append(picked[k] !== undefined ? cardEl(hand[picked[k]]) : h("span", "pc-slot-empty", {}, "—"));
      return slot;
    }));
    confirm.textContent = v.choice.label || W.confirm;
    const sel = selection(v);
    pickWhy.replaceChildren();
    if (!sel) {
      confirm.disabled = true;
      pickWhy.textContent = answering ? W.pick_answers : W.pick_two;
    } else if (sel.blocked) {
      confirm.disabled = true;
      pickWhy.append(h("span", "pc-why-text", {}, W.not_allowed + sel.blocked.text + " "), citeEl(sel.blocked.cite, sel.blocked.cite_rules));
    } else {
      confirm.disabled = false;
    }
    confirm.setAttribute("aria-describedby", pickWhy.id);
    confirm.setAttribute("aria-label", (v.choice.label || W.confirm) + (confirm.disabled
      ? fillWords(W.unavailable, { why: pickWhy.textContent }) : ""));
  }

  const side = (x, v) => ((v.sides || []).find((s) => s.side === x) || {}).name || x;
  function drawReveal(r, v) {
    revealBox.replaceChildren();
    revealBox.hidden = !r;
    if (!r) return;
    revealBox.append(h("h4", "pc-reveal-title", {}, fillWords(W.reveal_title,
      { exchange: r.exchange, attacker: side(r.attacker, v), defender: side(r.defender, v) })));
    const ol = h("ol", "pc-pairs");
    for (const p of r.pairs) {
      const li = h("li", "pc-pair pc-" + p.result + (p.mercenaries ? " pc-merc" : ""), { "data-result": p.result });
      const pair = h("div", "pc-pair-cards");
      pair.append(cardEl(p.attack), h("span", "pc-vs", {}, W.vs), cardEl(p.answer));
      li.append(pair, h("div", "pc-pair-text", {}, p.text), citeEl(p.cite, p.cite_rules));
      ol.append(li);
    }
    revealBox.append(ol);
    const loss = Object.entries(r.losses).filter(([, n]) => n)
      .map(([s, n]) => fillWords(pluralOf(W.loses, n), { who: side(s, v), n }));
    const pres = Object.entries(r.prestige).filter(([, n]) => n)
      .map(([s, n]) => fillWords(W.prestige, { who: side(s, v), n: signed(n) }));
    revealBox.append(h("div", "pc-summary", {}, [...loss, ...pres].join("; ") || W.nothing));
    const ul = h("ul", "pc-reveal-log");
    for (const e of r.log) {
      const li = h("li", "", {}, e.text + " ");
      li.append(citeEl(e.cite, e.cite_rules));
      ul.append(li);
    }
    if (r.redraw) {
      const li = h("li", "pc-redraw", {}, W.redraw + r.redraw.text + " ");
      li.append(citeEl(r.redraw.cite, r.redraw.cite_rules));
      ul.append(li);
    }
    revealBox.append(ul);
  }

  function drawEnd(end, v) {
    endBox.replaceChildren();
    endBox.hidden = !end;
    if (!end) return;
    endBox.append(h("h4", "pc-end-title", {}, W.end_title + end.cause_text));
    for (const e of end.reasons) {
      const d = h("div", "pc-end-reason", {}, e.text + " ");
      d.append(citeEl(e.cite, e.cite_rules));
      endBox.append(d);
    }
    const parts = ["athens", "sparta"].map((s) => fillWords(pluralOf(W.end_side, end.losses[s]),
      { who: side(s, v), lost: end.losses[s], left: end.units[s], prestige: signed(end.prestige[s]) }));
    endBox.append(h("div", "pc-summary", {}, parts.join(" · ")));
    if (end.game_over) endBox.append(h("div", "pc-game-over", {}, end.game_over));
    endBox.append(h("div", "pc-next", {}, end.next || ""));
  }

  return {
    pile, table, prompt, pick, actions, note, explain, revealBox, endBox, logBox,
    // the hand panel's card buttons of a side, to mark the picked ones
    handCards(fn) { cards = fn; },
    // a card of the acting side clicked: picked, unpicked, or in place of the second
    toggle(i) {
      const k = picked.indexOf(i);
      if (k >= 0) picked.splice(k, 1);
      else if (picked.length < 2) picked.push(i);
      else picked[1] = i;
      drawPick(model.get("view"));
    },
    update(v) {
      picked = [];
      pile.hidden = v.deck_size === null || v.deck_size === undefined;
      pile.textContent = fillWords(pluralOf(W.pile_count, v.deck_size), { n: v.deck_size });
      table.replaceChildren();
      table.hidden = !v.table;
      if (v.table) {
        table.append(h("span", "pc-table-label", {}, fillWords(W.attacks_with, { who: side(v.table.attacker, v) })));
        for (const c of v.table.cards) table.append(cardEl(c));
      }
      prompt.textContent = v.prompt || "";
      const window_ = v.choice && v.choice.kind === "window";
      fight.hidden = !window_;
      const r = v.retreat || { enabled: false, reason: "" };
      retreat.disabled = !r.enabled;
      retreat.hidden = v.mode === "replay";
      retreatWhy.hidden = v.mode === "replay";
      retreatWhy.replaceChildren(h("span", "", {}, r.reason + " "), citeEl(r.rule ? r.rule.source : "", r.rule ? r.rule.summary : ""));
      retreat.setAttribute("aria-describedby", retreatWhy.id);
      retreat.textContent = r.label || "";
      retreat.setAttribute("aria-label", r.enabled ? r.paying : fillWords(W.retreat_unavailable, { why: r.reason }));
      drawPick(v);
      note.textContent = v.note || "";
      drawExplanation(explain, v.explanation);
      drawReveal(v.reveal, v);
      drawEnd(v.end, v);
      log.replaceChildren(...(v.log || []).map((e) => {
        const li = h("li", "", {}, e.text + (e.count > 1 ? ` (×${e.count})` : "") + " ");
        li.append(citeEl(e.cite, e.cite_rules));
        return li;
      }));
    },
  };
}
