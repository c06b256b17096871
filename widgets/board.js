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

// --- the bot's reply (Board): what it did, named above the map, and "thinking…" with Cancel ---------
// Python works out the reply in the background and sends it in words (one sentence per action) with
// its marks already on the map; while it thinks, the view says so and Cancel asks Python to stop the
// search. The clock only counts the seconds since "thinking" appeared.

function makeReply(send) {
  const box = h("section", "pb-reply", { "aria-label": "What the bot did", "aria-live": "polite" });
  const title = h("div", "pb-reply-title");
  const list = h("ul", "pb-reply-list");
  const details = h("details", "pb-reply-details");
  const steps = h("ol", "pb-reply-steps");
  details.append(h("summary", "", {}, "Every step, with the rules"), steps);
  box.append(title, list, details);
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
  return {
    box, think, stop: stopClock,
    update(r, t) {
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
      box.hidden = !r || !!t;
      if (!r) return;
      box.dataset.side = r.side;
      box.classList.toggle("pb-cut-short", !!r.cut_short);
      title.textContent = r.title;
      title.title = r.seconds !== null && r.seconds !== undefined ? `worked out in ${r.seconds} s` : "";
      list.replaceChildren(...r.sentences.map((s) => h("li", "pb-by-" + (s.side || "chance"), {}, s.text)));
      steps.replaceChildren(...(r.details || []).map((e) => sentenceEl(e, "li", "")));
    },
  };
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
  actions.append(review, save, rematch);
  const progress = h("div", "pb-review-progress", { role: "status", "aria-live": "polite" });
  const saved = h("div", "pb-saved");
  box.append(title, text, table, rule, actions, progress, saved);
  review.addEventListener("click", () => {
    review.disabled = true;
    send({ kind: "review" });
  });
  save.addEventListener("click", () => send({ kind: "save" }));
  rematch.addEventListener("click", () => send({ kind: "rematch" }));
  let timer = null, since = 0, label = "";
  const tick = () => { progress.textContent = `${label} ${Math.round((Date.now() - since) / 1000)} s so far.`; };
  const stopClock = () => { if (timer) clearInterval(timer); timer = null; };
  return {
    box, stop: stopClock,
    update(o) {
      box.hidden = !o;
      if (!o) {
        stopClock();
        return;
      }
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
      rematch.textContent = `Rematch (seed ${o.next_seed})`;
      saved.textContent = o.saved ? "Saved to " + o.saved : "";
      progress.hidden = !o.reviewing;
      if (o.reviewing) {
        label = o.reviewing.text;
        if (!timer) {
          since = Date.now();
          timer = setInterval(tick, 1000);
        }
        tick();
      } else {
        stopClock();
      }
    },
  };
}

function renderBoard({ model, el }) {
  el.classList.add("pnb-board");
  const bar = h("div", "pb-bar");
  const prompt = h("div", "pb-prompt", { role: "status", "aria-live": "polite" });
  const buttons = h("div", "pb-buttons", { role: "group", "aria-label": "Choices" });
  const choices = h("div", "pb-choices", { role: "group", "aria-label": "Choices at the place you clicked" });
  const tools = h("div", "pb-tools");
  const whyBtn = h("button", "pb-why", { type: "button", "aria-pressed": "false",
    title: "Press, then click any place on the map: it says why it is or is not a choice now" }, "Why? Ask about a place");
  const hint = h("span", "pb-hint");
  const map = makeMap("pb-map");
  tools.append(whyBtn, map.zoomBar, hint);
  const note = h("div", "pb-note", { role: "alert" });
  const explain = h("div", "pb-explain", { "aria-live": "polite" });
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    el.classList.add("pn-waiting"); // until Python answers (a bot or the engine may think a while)
    model.send(msg);
  };
  const opponent = makeOpponent(send);
  const engine = makeEngine(send);
  const reply = makeReply(send);
  const gameOver = makeGameOver(send);
  const review = makeReview(send, { board: true });
  bar.append(opponent.box, reply.think, reply.box, gameOver.box, review.box, prompt, buttons, choices, tools, note,
    explain, engine.box);
  const below = h("div", "pb-below");
  const logBox = h("section", "pb-logbox", { "aria-label": "What just happened" });
  const log = h("ol", "pb-log");
  logBox.append(h("div", "pb-log-title", {}, "What just happened"), log);
  const desc = h("details", "pb-desc");
  const descText = h("pre", "pb-desc-text");
  desc.append(h("summary", "", {}, "The board in words"), descText);
  below.append(logBox, desc);
  el.append(bar, map.box, below);

  let whyMode = false;
  function setWhy(on) {
    whyMode = on;
    whyBtn.setAttribute("aria-pressed", String(on));
    el.classList.toggle("pb-asking", on);
  }

  function onTarget(t) {
    const v = model.get("view");
    choices.replaceChildren();
    if (whyMode) {
      setWhy(false);
      send({ kind: "why", target: t });
      return;
    }
    const here = (v.targets || {})[t] || [];
    if (here.length > 1) {
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

  map.box.addEventListener("click", (e) => {
    const t = targetOf(e.target);
    if (t) onTarget(t);
  });
  map.box.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const t = targetOf(e.target);
    if (t) {
      e.preventDefault();
      onTarget(t);
    }
  });
  whyBtn.addEventListener("click", () => setWhy(!whyMode));

  function draw() {
    const v = model.get("view") || {};
    map.update(v);
    prompt.textContent = v.prompt || "";
    choices.replaceChildren();
    buttons.replaceChildren(...choiceButtons(v.buttons || [], send));
    const n = Object.keys(v.targets || {}).length;
    hint.textContent = n ? `${n} place${n === 1 ? "" : "s"} on the map ${n === 1 ? "is a" : "are"} choice${n === 1 ? "" : "s"} (outlined in gold)` : "";
    note.textContent = v.note || "";
    note.hidden = !v.note;
    drawExplanation(explain, v.explanation);
    log.replaceChildren(...(v.log || []).map((e) => sentenceEl(e, "li", "")));
    logBox.hidden = !(v.log || []).length;
    descText.textContent = v.description || "";
    opponent.update(v.opponent, v.can_undo);
    el.classList.remove("pn-waiting");
    engine.update(v.engine, { playable: true, hidden: v.engine_off, disabled: v.player === "terminal" || !!v.thinking });
    reply.update(v.reply, v.thinking);
    prompt.hidden = !!v.thinking || !!v.game_over; // the thinking bar, or the end-of-game panel, says it
    gameOver.update(v.game_over);
    review.update(v.review);
    el.classList.toggle("pb-is-thinking", !!v.thinking);
    el.dataset.rev = String(v.rev ?? "");
  }
  model.on("change:view", draw);
  draw();
  return () => {
    model.off("change:view", draw);
    reply.stop();
    gameOver.stop();
  };
}

export default { render: renderBoard };
