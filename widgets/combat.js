// polis_nb widgets: Combat's layout (one battle, card by card). Not a module by itself:
// polis_nb/widgets/_assets.py (esm("combat", panels)) puts core.js and Combat's panels
// (widgets/panels/<panel>.js: makeBattle, makeHand, makeReplay, makeOdds, makeAnnouncer) in front of it, so they and the
// shared helpers (`h`, `drawExplanation` ...) are in scope here. Its last line is the module's export.
// Python sends the hand the viewer may see and the legal pairs; this file places the panels. Its words
// come in the model's "words" (render/widgetwords.py).

function renderCombat({ model, el }) {
  const W = model.get("words") || {};
  el.classList.add("pnb-combat");
  el.setAttribute("role", "region");
  el.setAttribute("tabindex", "0");
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    model.send(msg);
  };
  const battle = makeBattle(send, W.battle, model);
  const hand = makeHand(send, W.hand, (i) => battle.toggle(i));
  battle.handCards(hand.cards);
  const replay = makeReplay(send, W.replay);
  const odds = makeOdds(W.odds);
  const announcer = makeAnnouncer(); // what a decision did, the deal, then the bot's reply: read once each
  const head = h("div", "pc-head");
  const title = h("h3", "pc-title");
  const modeTag = h("span", "pc-mode");
  head.append(title, modeTag);
  battle.actions.insertBefore(hand.hide, battle.actions.lastChild); // fight, retreat, hide, why
  const main = h("div", "pc-main");
  const aside = h("div", "pc-aside");
  main.append(head, hand.sidesBox, battle.pile, battle.table, battle.prompt, hand.gate, battle.pick, battle.actions,
    battle.note, battle.explain, replay.nav);
  aside.append(battle.revealBox, battle.endBox, odds.box, battle.logBox);
  el.append(main, aside, announcer.box);
  el.addEventListener("keydown", (e) => replay.key(e, model.get("view") || {}));

  // --- the focus: it stays in Combat and moves to the first new choice after each decision: the gate
  // (hot seat), the first card of the hand to decide, Fight on, a replay step; else the prompt
  const keeper = focusKeeper(el, null);
  function focusFirst() {
    const v = model.get("view") || {};
    const picking = v.choice && v.choice.kind !== "window" ? hand.handOf(v.choice.side) : null;
    const first = firstControl(hand.gate, picking, battle.actions, replay.nav);
    if (first) first.focus();
    else focusOn(battle.prompt);
  }

  let drawn = null;
  function draw() {
    const v = model.get("view") || {};
    if (v.rev === drawn && el.dataset.rev === String(v.rev)) {
      odds.update(v.odds); // same position, the odds just arrived: leave the rest (and the focus) alone
      return;
    }
    drawn = v.rev;
    const focus = keeper.before();
    el.setAttribute("aria-label", fillWords(W.label, { title: v.title || W.untitled }));
    title.textContent = (v.title || "") + (v.exchanges ? fillWords(pluralOf(W.exchanges, v.exchanges), { n: v.exchanges }) : "");
    modeTag.textContent = W.modes[v.mode] || v.mode || "";
    hand.update(v);
    battle.update(v);
    replay.update(v);
    odds.update(v.odds);
    el.dataset.rev = String(v.rev ?? "");
    el.dataset.over = String(!!v.over);
    el.dataset.mode = v.mode || "";
    el.dataset.decision = v.decision || "";
    const a = document.activeElement; // a replay step at either end disables the button that made it
    keeper.after(focus, announcer.update(v.announce) || (!!a && el.contains(a) && !!a.disabled), focusFirst);
  }
  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render: renderCombat };
