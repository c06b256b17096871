// polis_nb widgets: the opponent panel (polis_nb/widgets/panels/opponent.py), joined after core.js by polis_nb/widgets/_assets.py
// (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope. Used by the Board.

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
  const box = h("section", "pb-reply", { "aria-label": "What just happened" }); // read out by the announcements panel
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
  const think = h("div", "pb-thinking", { role: "status", "aria-live": "polite", tabindex: "-1" });
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
        list.replaceChildren(...entries.map((e) => sentenceEl(e, "li", "pb-by-log", false))); // (the log tab's are Tab stops)
        steps.replaceChildren();
      }
      // "More" only where the line is cut (measured once drawn)
      requestAnimationFrame(() => {
        more.hidden = !box.classList.contains("pb-open") && line.scrollHeight <= line.clientHeight + 1;
      });
    },
  };
}
