// polis_nb widgets: the browser half of the Board (play a game, against a bot if asked). Not a module
// by itself: polis_nb/widgets/_assets.py (esm("board")) puts core.js in front of it, so `h`,
// `makeMap`, `makeEngine`, `makeReview` and the other shared helpers are in scope here. Its last line
// is the module's export.

// --- playing against a bot (Board): which bot, which side the user plays, undo --------------------

function makeOpponent(send) {
  const box = h("div", "pb-opponent", { role: "group", "aria-label": "Play against a bot" });
  const botSel = h("select", "pb-bot", { "aria-label": "Opponent" });
  const sideSel = h("select", "pb-side", { "aria-label": "Your side" });
  const undo = h("button", "pb-undo", { type: "button", title: "Back to your previous decision (the bot's answers go too)" },
    "Undo my last decision");
  box.append(h("span", "pb-opponent-title", {}, "Opponent:"), botSel, sideSel, undo);
  const change = () => send({ kind: "opponent", bot: botSel.value, side: sideSel.value });
  botSel.addEventListener("change", change);
  sideSel.addEventListener("change", change);
  undo.addEventListener("click", () => send({ kind: "undo" }));
  return {
    box,
    update(o, canUndo) {
      box.hidden = !o;
      if (!o) return;
      if (botSel.options.length !== o.bots.length) {
        botSel.replaceChildren(...o.bots.map(([id, name]) => h("option", "", { value: id }, name)));
        sideSel.replaceChildren(h("option", "", { value: "athens" }, "you play Athens"),
          h("option", "", { value: "sparta" }, "you play Sparta"));
      }
      botSel.value = o.bot || "none";
      sideSel.value = o.side;
      sideSel.disabled = !o.bot || o.bot === "none";
      undo.disabled = !canUndo;
    },
  };
}

// --- what just happened (Board): the bot's reply, or the last decision's log, in one line ----------
// Above the map, one or two lines: the bot's reply ("Sparta's reply: Sparta moved 3 hoplites ..."), after
// the dice of the user's own action if any ("Your move: Siege of Samos ..."), or, without a reply, what
// the last decision did ("Just now: ..."). "More" unfolds it; every step with its
// rule is in the "What happened" tab below the map. While the bot thinks, the line says so, with a
// clock and Cancel (Python stops the search). The clock only counts the seconds since "thinking"
// appeared.

function makeReply(send, showAll) {
  const box = h("section", "pb-reply", { "aria-label": "What just happened", "aria-live": "polite" });
  const line = h("div", "pb-reply-line");
  const beforeTitle = h("span", "pb-reply-before-title", {}, "Your move:");
  const before = h("ul", "pb-reply-before");
  const title = h("span", "pb-reply-title");
  const list = h("ul", "pb-reply-list");
  line.append(beforeTitle, before, title, list);
  const more = h("button", "pb-reply-more", { type: "button", "aria-expanded": "false",
    title: "Show all of it here; every step with its rule is in the tab 'What happened' below the map" }, "More");
  const all = h("button", "pb-reply-all", { type: "button", title: "Every step, with the rules (below the map)" },
    "Every step ↓");
  box.append(line, more, all);
  more.addEventListener("click", () => {
    const open = !box.classList.contains("pb-open");
    box.classList.toggle("pb-open", open);
    more.setAttribute("aria-expanded", String(open));
    more.textContent = open ? "Less" : "More";
  });
  all.addEventListener("click", () => showAll());
  const details = h("details", "pb-reply-details");
  const steps = h("ol", "pb-reply-steps");
  details.append(h("summary", "", {}, "Since your move, every step with the rules"), steps);
  const think = h("div", "pb-thinking", { role: "status", "aria-live": "polite" });
  const dots = h("span", "pb-dots", { "aria-hidden": "true" });
  dots.append(h("span"), h("span"), h("span"));
  const thinkText = h("span", "pb-thinking-text");
  const clock = h("span", "pb-thinking-clock");
  const cancel = h("button", "pb-cancel", { type: "button",
    title: "Stop the search: the bot plays the best choice it has found so far" }, "Cancel");
  think.append(dots, thinkText, clock, cancel);
  cancel.addEventListener("click", () => {
    cancel.disabled = true;
    send({ kind: "cancel" });
  });
  let timer = null, since = 0;
  const tick = () => { clock.textContent = `${((Date.now() - since) / 1000).toFixed(1)} s`; };
  const stopClock = () => { if (timer) clearInterval(timer); timer = null; };
  let shown = "";
  return {
    box, think, details, stop: stopClock,
    update(r, t, log) {
      think.hidden = !t;
      if (t) {
        think.dataset.side = t.side;
        thinkText.textContent = t.text + (t.cancelling ? " Cancelled: it plays the best choice found so far." : "");
        cancel.disabled = !!t.cancelling;
        if (!timer) {
          since = Date.now();
          timer = setInterval(tick, 200);
          tick();
        }
      } else {
        stopClock();
      }
      const entries = (log || []).filter((e) => e.text);
      box.hidden = !!t || (!r && !entries.length);
      details.hidden = !r;
      if (box.hidden) return;
      const key = r ? "reply:" + r.title + [...(r.before || []), ...r.sentences].map((x) => x.text).join("|") : "log:" + entries.map((e) => e.text).join("|");
      if (key !== shown) { // something new happened: show it folded again
        shown = key;
        box.classList.remove("pb-open");
        more.setAttribute("aria-expanded", "false");
        more.textContent = "More";
      }
      const mine = r ? r.before || [] : [];
      beforeTitle.hidden = before.hidden = !mine.length;
      before.replaceChildren(...mine.map((x) => h("li", "pb-by-" + (x.side || "chance"), {}, x.text)));
      if (r) {
        box.dataset.side = r.side;
        box.classList.toggle("pb-cut-short", !!r.cut_short);
        title.textContent = r.title + ":";
        title.title = r.seconds !== null && r.seconds !== undefined ? `worked out in ${r.seconds} s` : "";
        list.replaceChildren(...r.sentences.map((x) => h("li", "pb-by-" + (x.side || "chance"), {}, x.text)));
        steps.replaceChildren(...(r.details || []).map((e) => sentenceEl(e, "li", "")));
      } else {
        box.dataset.side = "";
        box.classList.remove("pb-cut-short");
        title.textContent = "Just now:";
        title.title = "";
        list.replaceChildren(...entries.map((e) => sentenceEl(e, "li", "pb-by-log")));
        steps.replaceChildren();
      }
      // "More" only where the line is cut (measured once drawn)
      requestAnimationFrame(() => {
        more.hidden = !box.classList.contains("pb-open") && line.scrollHeight <= line.clientHeight + 1;
      });
    },
  };
}

// --- a choice that loses at once: Python asks first (the Board shows the question) ------------------

function makeQuestion(send) {
  const box = h("div", "pb-confirm", { role: "alertdialog", "aria-live": "assertive", "aria-label": "Are you sure?" });
  const head = h("div", "pb-confirm-head");
  const label = h("strong", "pb-confirm-label");
  const text = h("span", "pb-confirm-text");
  const cite = h("span", "pb-confirm-cite");
  head.append(label, " ", text, " ", cite);
  const row = h("div", "pb-confirm-row");
  const ask = h("strong", "pb-confirm-ask");
  const play = h("button", "pb-confirm-play", { type: "button" }, "Play anyway");
  const cancel = h("button", "pb-confirm-cancel", { type: "button" }, "Cancel");
  row.append(ask, play, cancel);
  box.append(head, row);
  let action = null;
  play.addEventListener("click", () => { if (action) send({ kind: "confirm", action }); });
  cancel.addEventListener("click", () => send({ kind: "decline" }));
  return {
    box,
    update(q) {
      box.hidden = !q;
      action = q ? q.action : null;
      if (!q) return;
      box.dataset.action = q.action;
      box.setAttribute("aria-label", q.title);
      label.textContent = q.label + ":";
      text.textContent = q.text;
      ask.textContent = q.question;
      play.textContent = q.play;
      cancel.textContent = q.cancel;
      play.setAttribute("aria-label", `${q.play}: ${q.label}`);
      cite.textContent = q.cite ? `— ${q.cite}` : "";
      cite.title = q.cite_original && q.cite_original !== q.cite ? "Printed: " + q.cite_original : "";
      if (!box.contains(document.activeElement)) cancel.focus({ preventScroll: true });
    },
  };
}

// --- resigning (Board): the Resign button, then "Resign? Yes / No" in the bar; Python records it ---------

function makeResign(send) {
  const button = h("button", "pb-resign", { type: "button" }, "Resign");
  const box = h("div", "pb-confirm pb-resign-ask", { role: "alertdialog", "aria-live": "assertive", "aria-label": "Resign?" });
  const row = h("div", "pb-confirm-row");
  const ask = h("strong", "pb-confirm-ask");
  const yes = h("button", "pb-confirm-play pb-resign-yes", { type: "button" }, "Yes, resign");
  const no = h("button", "pb-confirm-cancel pb-resign-no", { type: "button" }, "No, play on");
  row.append(ask, yes, no);
  box.append(row);
  button.addEventListener("click", () => send({ kind: "resign" }));
  yes.addEventListener("click", () => send({ kind: "resign-confirm" }));
  no.addEventListener("click", () => send({ kind: "decline" }));
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.preventDefault();
      send({ kind: "decline" });
    }
  });
  return {
    button, box,
    update(r) {
      button.hidden = !r;
      const a = r ? r.ask : null;
      box.hidden = !a;
      if (!r) return;
      button.textContent = r.label;
      button.title = r.title;
      if (!a) return;
      ask.textContent = a.question;
      yes.textContent = a.yes;
      no.textContent = a.no;
      if (!box.contains(document.activeElement)) no.focus({ preventScroll: true }); // the safe answer first
    },
  };
}

// --- tabs below the map: the players, what happened, the opponent, the board in words, the key -------

function makeTabs(items) {
  const bar = h("div", "pb-tabs", { role: "tablist", "aria-label": "More about the game" });
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

// --- the end of the game (Board): the score in words; review, save, rematch ------------------------

function makeGameOver(send) {
  const box = h("section", "pb-gameover", { "aria-label": "The end of the game" });
  const title = h("div", "pb-gameover-title");
  const text = h("p", "pb-gameover-text");
  const table = h("table", "pb-score", { "aria-label": "Score" });
  const rule = h("p", "pb-gameover-rule");
  const actions = h("div", "pb-gameover-actions", { role: "group", "aria-label": "After the game" });
  const review = h("button", "pb-review-game", { type: "button",
    title: "The engine judges every decision of the game (in the background; it takes a while)" }, "Review this game");
  const save = h("button", "pb-save", { type: "button", title: "Write the record as a .polis file" }, "Save");
  const rematch = h("button", "pb-rematch", { type: "button" }, "Rematch");
  const takeBack = h("button", "pb-take-back", { type: "button", title: "Undo the resignation and play on" },
    "Take back the resignation");
  actions.append(review, save, rematch, takeBack);
  // while a review runs: how far it is (x of N decisions), and a button to stop it
  const progress = h("div", "pb-review-progress", { role: "status" });
  const progressText = h("span", "pb-review-progress-text");
  const progressBar = h("progress", "pb-review-bar", { max: "1", value: "0", "aria-label": "Decisions reviewed" });
  const stopReview = h("button", "pb-review-cancel", { type: "button",
    title: "Stop the review: the record stays as it was" }, "Cancel");
  progress.append(progressText, progressBar, stopReview);
  stopReview.addEventListener("click", () => send({ kind: "review-cancel" }));
  const saved = h("div", "pb-saved");
  box.append(title, text, table, rule, actions, progress, saved);
  review.addEventListener("click", () => {
    review.disabled = true;
    send({ kind: "review" });
  });
  save.addEventListener("click", () => send({ kind: "save" }));
  rematch.addEventListener("click", () => send({ kind: "rematch" }));
  takeBack.addEventListener("click", () => send({ kind: "undo" }));
  const showProgress = (p) => {
    if (!p || !p.total) return;
    progressBar.max = p.total;
    progressBar.value = p.done;
    progressText.textContent = `Reviewing the game: ${p.done} of ${p.total} decisions…`;
  };
  return {
    box, progress: showProgress,
    update(o) {
      box.hidden = !o;
      if (!o) return;
      box.dataset.winner = o.winner || "shared";
      title.textContent = "Game over: " + o.title;
      text.textContent = o.text;
      table.hidden = o.sudden;
      table.replaceChildren();
      const head = h("tr");
      for (const t of ["", "Cubes in its poleis", "Prestige", "Projects", "Score"]) head.append(h("th", "", {}, t));
      table.append(head);
      for (const r of o.scores || []) {
        const tr = h("tr", o.winner === r.side ? "pb-winner" : "");
        tr.append(h("th", "", { scope: "row" }, r.name), h("td", "pn-num", {}, String(r.cubes)),
          h("td", "pn-num", {}, String(r.prestige)), h("td", "pn-num", {}, String(r.projects)),
          h("td", "pn-num pb-total", {}, String(r.total)));
        table.append(tr);
      }
      rule.textContent = o.rule && o.rule.summary ? `${o.rule.summary} (${o.rule.cite})` : "";
      rule.title = o.rule && o.rule.cite_original ? "Printed: " + o.rule.cite_original : "";
      review.hidden = !o.can_review;
      review.disabled = !!o.reviewing;
      save.hidden = !o.can_save;
      takeBack.hidden = !o.can_take_back;
      rematch.textContent = `Rematch (seed ${o.next_seed})`;
      saved.textContent = o.saved ? "Saved to " + o.saved : "";
      progress.hidden = !o.reviewing;
      if (o.reviewing) showProgress(o.reviewing);
    },
  };
}

function renderBoard({ model, el }) {
  el.classList.add("pnb-board", "pb-flow");
  const bar = h("div", "pb-bar");
  const head = h("div", "pb-head");
  const prompt = h("div", "pb-prompt", { role: "status", "aria-live": "polite" });
  const tools = h("div", "pb-tools");
  const buttons = h("div", "pb-buttons", { role: "group", "aria-label": "Choices" });
  const choices = h("div", "pb-choices", { role: "group", "aria-label": "Choices at the place you clicked" });
  const whyBtn = h("button", "pb-why", { type: "button", "aria-pressed": "false",
    title: "Why? Press, then click any place on the map: it says why it is or is not a choice now" }, "Why?");
  const hint = h("span", "pb-hint");
  const map = makeMap("pb-map");
  const note = h("div", "pb-note", { role: "alert" });
  const explain = h("div", "pb-explain", { "aria-live": "polite" });
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    el.classList.add("pn-waiting"); // until Python answers (a bot or the engine may think a while)
    model.send(msg);
  };
  const opponent = makeOpponent(send);
  const undo = opponent.box.querySelector(".pb-undo");
  undo.textContent = "Undo";
  const engine = makeEngine(send); // its answer is a card over the map; its button goes in the tools
  const question = makeQuestion(send);
  const resign = makeResign(send);
  const gameOver = makeGameOver(send);
  const review = makeReview(send, { board: true });
  const logBox = h("section", "pb-logbox", { "aria-label": "What just happened" });
  const log = h("ol", "pb-log");
  const band = makeBand("pb-band");
  const desc = h("pre", "pb-desc-text");
  let tabs = null;
  const reply = makeReply(send, () => {
    tabs.select("log");
    tabs.bar.scrollIntoView({ block: "nearest", behavior: "smooth" });
  });
  logBox.append(h("div", "pb-log-title", {}, "What the last decision did, with the rules (rest the pointer on a line)"), log,
    reply.details);
  tools.append(undo, whyBtn, engine.run, resign.button);
  head.append(prompt, tools);
  bar.append(head, reply.think, reply.box, gameOver.box, review.box, question.box, resign.box, buttons, choices, note, explain);
  tabs = makeTabs([["players", "Players and round", band.box], ["log", "What happened", logBox],
    ["opponent", "Opponent", opponent.box], ["words", "The board in words", desc],
    ["key", "Key", makeKey(model).box]]);
  el.append(bar, map.box, tabs.bar, tabs.panels);

  let whyMode = false;
  function setWhy(on) {
    whyMode = on;
    whyBtn.setAttribute("aria-pressed", String(on));
    el.classList.toggle("pb-asking", on);
  }

  // the row below the buttons: the choices at a place clicked, or how to pay for a choice
  function closePicker() {
    choices.replaceChildren();
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
    const x = h("button", "pb-choices-close", { type: "button", "aria-label": "Close: choose nothing" }, "×");
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
      choices.append(h("span", "pb-choices-title", {}, "Choose:"));
      for (const c of here) {
        const b = h("button", "pb-choice", { type: "button", "data-action": c.action }, c.label);
        b.addEventListener("click", () => send({ kind: "choose", action: c.action }));
        choices.append(b);
      }
      return;
    }
    send({ kind: "click", target: t }); // Python re-checks; a place that is not a choice gets explained
  }

  onPlaces(map, (t) => { onTarget(t); });
  whyBtn.addEventListener("click", () => setWhy(!whyMode));
  el.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && choices.childElementCount) closePicker();
  });

  function draw() {
    const v = model.get("view") || {};
    map.update(mapPart(v)); // the map alone: the band of players goes below, in its tab
    band.update(v);
    prompt.textContent = v.prompt || "";
    closePicker();
    const q = v.confirm || null;
    question.update(q);
    resign.update(v.resign || null);
    buttons.hidden = !!q || !!(v.resign && v.resign.ask);
    buttons.replaceChildren(...choiceEntries(v.choices || v.buttons || [], send, openPicker));
    const n = Object.keys(v.targets || {}).length;
    hint.textContent = n ? `${n} place${n === 1 ? "" : "s"} on the map ${n === 1 ? "is a" : "are"} choice${n === 1 ? "" : "s"} (outlined in gold)` : "";
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
    engine.update(v.engine, { playable: true, hidden: v.engine_off, disabled: v.player === "terminal" || !!v.thinking });
    engine.dock(map);
    reply.update(v.reply, v.thinking, v.log);
    prompt.hidden = !!v.thinking || !!v.game_over; // the thinking bar, or the end-of-game panel, says it
    gameOver.update(v.game_over);
    review.update(v.review);
    el.classList.toggle("pb-is-thinking", !!v.thinking);
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
