// polis_nb widgets: the Board's layout (play a game, against a bot if asked). Not a module by itself:
// polis_nb/widgets/_assets.py (esm("board", panels)) puts core.js and the Board's panels
// (widgets/panels/<panel>.js: makeEngine, makeOpponent, makeReply, makeReview, makeGameOver, makeResign,
// makeQuestion, makeKey) in front of it, so they and the shared helpers (`h`, `makeMap` ...) are in
// scope here. Its last line is the module's export.

// --- tabs below the map: the players, what happened, the opponent, the board in words, the key -------

function makeTabs(items, label) {
  const bar = h("div", "pb-tabs", { role: "tablist", "aria-label": label });
  const panels = h("div", "pb-panels");
  const tabs = {};
  let current = null;
  function select(key, focus = false) {
    current = key;
    for (const [k, t] of Object.entries(tabs)) {
      const on = k === key;
      t.tab.setAttribute("aria-selected", String(on));
      t.tab.tabIndex = on ? 0 : -1;
      t.panel.hidden = !on;
    }
    if (focus) tabs[key].tab.focus();
  }
  items.forEach(([key, label, content], i) => {
    const id = `pb-tab-${key}-${Math.random().toString(36).slice(2, 8)}`;
    const tab = h("button", "pb-tab", { type: "button", role: "tab", id, "data-tab": key,
      "aria-controls": id + "-panel" }, label);
    const panel = h("div", "pb-panel", { role: "tabpanel", id: id + "-panel", "aria-labelledby": id, "data-tab": key });
    panel.append(content);
    tab.addEventListener("click", () => select(key));
    tab.addEventListener("keydown", (e) => {
      const keys = Object.keys(tabs);
      const k = keys.indexOf(key);
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        e.preventDefault();
        select(keys[(k + (e.key === "ArrowRight" ? 1 : keys.length - 1)) % keys.length], true);
      }
    });
    bar.append(tab);
    panels.append(panel);
    tabs[key] = { tab, panel };
    if (i === 0) current = key;
  });
  select(current);
  return { bar, panels, select, get current() { return current; } };
}

function renderBoard({ model, el }) {
  el.classList.add("pnb-board", "pb-flow");
  const W = model.get("words") || {}; // the words of its controls (render/widgetwords.py board_words)
  const bar = h("div", "pb-bar");
  const head = h("div", "pb-head");
  const prompt = h("div", "pb-prompt", { role: "status", "aria-live": "polite", tabindex: "-1" });
  const tools = h("div", "pb-tools");
  const buttons = h("div", "pb-buttons", { role: "group", "aria-label": W.choices });
  const choices = h("div", "pb-choices", { role: "group", "aria-label": W.picker });
  const whyBtn = h("button", "pb-why", { type: "button", "aria-pressed": "false", title: W.why_tip }, W.why);
  const hint = h("span", "pb-hint");
  const map = makeMap("pb-map");
  const note = h("div", "pb-note", { role: "alert" });
  const explain = h("div", "pb-explain", { "aria-live": "polite" });
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    el.classList.add("pn-waiting"); // until Python answers (a bot or the engine may think a while)
    model.send(msg);
  };
  const opponent = makeOpponent(send, W.opponent || {});
  const undo = opponent.box.querySelector(".pb-undo");
  undo.textContent = W.undo;
  const engine = makeEngine(send); // its answer is a card over the map; its button goes in the tools
  const question = makeQuestion(send, W.question || {});
  const resign = makeResign(send, W.resign || {});
  const gameOver = makeGameOver(send, W.game_over || {});
  const review = makeReview(send, { board: true });
  const announcer = makeAnnouncer(); // what a decision did, then the bot's reply: read once each
  const logBox = h("section", "pb-logbox", { "aria-label": W.log });
  const log = h("ol", "pb-log");
  const band = makeBand("pb-band");
  const desc = h("pre", "pb-desc-text");
  let tabs = null;
  const reply = makeReply(send, W.reply || {}, () => {
    tabs.select("log");
    tabs.bar.scrollIntoView({ block: "nearest", behavior: "smooth" });
  });
  logBox.append(h("div", "pb-log-title", {}, W.log_title), log,
    reply.details);
  const extra = TOOLS.map((make) => make(send, model)); // tools of panels the layout does not name
  tools.append(undo, whyBtn, engine.run, ...extra.map((x) => x.button), resign.button);
  head.append(prompt, tools);
  bar.append(head, reply.think, reply.box, gameOver.box, review.box, question.box, resign.box, buttons, choices, note, explain);
  tabs = makeTabs([["players", W.tab_players, band.box], ["log", W.tab_log, logBox],
    ["opponent", W.tab_opponent, opponent.box], ["words", W.tab_words, desc],
    ["key", W.tab_key, makeKey(model).box]], W.tabs);
  el.append(bar, map.box, tabs.bar, tabs.panels, announcer.box);

  let whyMode = false;
  function setWhy(on) {
    whyMode = on;
    whyBtn.setAttribute("aria-pressed", String(on));
    el.classList.toggle("pb-asking", on);
  }

  // the row below the buttons: the choices at a place clicked, or how to pay for a choice
  let opener = null; // what opened the row of choices at a place (the focus goes back there on Escape)
  function closePicker() {
    choices.replaceChildren();
    delete choices.dataset.target;
    for (const b of buttons.querySelectorAll(".pb-has-pay")) b.setAttribute("aria-expanded", "false");
  }
  function openPicker(c, btn) {
    const open = btn.getAttribute("aria-expanded") === "true";
    closePicker();
    if (open) return;
    btn.setAttribute("aria-expanded", "true");
    choices.dataset.what = c.what || "";
    choices.append(h("span", "pb-choices-title", {}, c.pay_title || c.label));
    for (const o of c.pay) {
      const b = h("button", "pb-choice pb-pay", { type: "button", "data-action": o.action }, o.label);
      b.addEventListener("click", () => send({ kind: "choose", action: o.action }));
      choices.append(b);
    }
    const x = h("button", "pb-choices-close", { type: "button", "aria-label": W.close }, "×");
    x.addEventListener("click", () => { closePicker(); btn.focus(); });
    choices.append(x);
    choices.querySelector(".pb-pay").focus({ preventScroll: true });
  }

  function onTarget(t) {
    const v = model.get("view");
    closePicker();
    if (whyMode) {
      setWhy(false);
      send({ kind: "why", target: t });
      return;
    }
    const here = (v.targets || {})[t] || [];
    if (here.length > 1) {
      choices.dataset.what = "";
      choices.dataset.target = t;
      choices.append(h("span", "pb-choices-title", {}, W.choose));
      for (const c of here) {
        const b = h("button", "pb-choice", { type: "button", "data-action": c.action }, c.label);
        b.addEventListener("click", () => send({ kind: "choose", action: c.action }));
        choices.append(b);
      }
      opener = document.activeElement && el.contains(document.activeElement) ? document.activeElement : null;
      choices.querySelector(".pb-choice").focus({ preventScroll: true });
      return;
    }
    send({ kind: "click", target: t }); // Python re-checks; a place that is not a choice gets explained
  }

  onPlaces(map, (t) => { onTarget(t); });
  whyBtn.addEventListener("click", () => setWhy(!whyMode));
  el.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || !choices.childElementCount) return;
    const back = choices.contains(document.activeElement) ? opener || buttons.querySelector(".pb-has-pay[aria-expanded=true]") : null;
    closePicker();
    if (back && back.isConnected) back.focus({ preventScroll: true });
    e.preventDefault();
    e.stopPropagation();
  });

  // --- the focus: it stays in the Board and moves to the first new choice after each decision --------
  const keeper = focusKeeper(el, map);
  function focusFirst(fromMap) {
    const asking = [question.box, resign.box].filter(shownEl);
    if (asking.some((b) => b.contains(document.activeElement))) return; // the question took it
    const safe = asking.map((x) => x.querySelector(".pb-confirm-cancel")).find(shownEl); // the safe answer
    if (safe) { safe.focus({ preventScroll: true }); return; }
    if (fromMap && map.focusChoice()) return;
    const first = firstControl(gameOver.box, buttons);
    if (first) { first.focus(); return; }
    const say = shownEl(reply.think) ? reply.think : prompt; // the bot thinks, or nothing to choose: the words
    focusOn(say, { preventScroll: !shownEl(say) });
  }

  function draw() {
    const v = model.get("view") || {};
    const focus = keeper.before();
    map.update(mapPart(v)); // the map alone: the band of players goes below, in its tab
    band.update(v);
    prompt.textContent = v.prompt || "";
    closePicker();
    const q = v.confirm || null;
    question.update(q);
    resign.update(v.resign || null);
    buttons.hidden = !!q || !!(v.resign && v.resign.ask);
    buttons.replaceChildren(...placeButtons(v.places, onTarget), ...choiceEntries(v.choices || v.buttons || [], send, openPicker));
    const n = Object.keys(v.targets || {}).length;
    hint.textContent = n ? fillFields(formFor(W.places, n), { n }) : "";
    if (n) buttons.append(hint);
    note.textContent = v.note || "";
    note.hidden = !v.note;
    drawExplanation(explain, v.explanation);
    for (const li of explain.querySelectorAll(".pb-rules li")) { // a section cited for several rules: all their ids
      const r = (v.explanation.rules || []).find((x) => x.id === li.dataset.rule);
      if (r && r.ids && r.ids.length > 1) li.dataset.rules = r.ids.join(" ");
    }
    log.replaceChildren(...(v.log || []).map((e) => sentenceEl(e, "li", "")));
    desc.textContent = v.description || "";
    opponent.update(v.opponent, v.can_undo);
    undo.hidden = !v.opponent;
    el.classList.remove("pn-waiting");
    engine.update(v.engine, { words: v.engine_words, playable: true, hidden: v.engine_off, disabled: v.player === "terminal" || !!v.thinking });
    engine.dock(map);
    reply.update(v.reply, v.thinking, v.log);
    prompt.hidden = !!v.thinking || !!v.game_over; // the thinking bar, or the end-of-game panel, says it
    gameOver.update(v.game_over);
    review.update(v.review);
    for (const x of extra) x.update(v);
    el.classList.toggle("pb-is-thinking", !!v.thinking);
    keeper.after(focus, announcer.update(v.announce), focusFirst);
    el.dataset.rev = String(v.rev ?? "");
  }
  const onProgress = () => gameOver.progress(model.get("review_progress"));
  model.on("change:view", draw);
  model.on("change:review_progress", onProgress);
  draw();
  return () => {
    model.off("change:view", draw);
    model.off("change:review_progress", onProgress);
    reply.stop();
  };
}

export default { render: renderBoard };
