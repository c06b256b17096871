// polis_nb widgets: the opponent panel (polis_nb/widgets/panels/opponent.py), joined after core.js by polis_nb/widgets/_assets.py
// (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope. Used by the Board.

// --- playing against a bot (Board): which bot, which side the user plays, undo --------------------

function makeOpponent(send, W) {
  const box = h("div", "pb-opponent", { role: "group", "aria-label": W.group });
  const botSel = h("select", "pb-bot", { "aria-label": W.bot });
  const sideSel = h("select", "pb-side", { "aria-label": W.side });
  const undo = h("button", "pb-undo", { type: "button", title: W.undo_tip },
    W.undo);
  box.append(h("span", "pb-opponent-title", {}, W.title), botSel, sideSel, undo);
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
        const names = Object.fromEntries(W.bots || []);
        botSel.replaceChildren(...o.bots.map(([id, name]) => h("option", "", { value: id }, names[id] || name)));
        sideSel.replaceChildren(...(W.sides || []).map(([side, words]) => h("option", "", { value: side }, words)));
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

function makeReply(send, W, showAll) {
  const box = h("section", "pb-reply", { "aria-label": W.section }); // read out by the announcements panel
  const line = h("div", "pb-reply-line");
  const beforeTitle = h("span", "pb-reply-before-title", {}, W.your_move);
  const before = h("ul", "pb-reply-before");
  const title = h("span", "pb-reply-title");
  const list = h("ul", "pb-reply-list");
  line.append(beforeTitle, before, title, list);
  const more = h("button", "pb-reply-more", { type: "button", "aria-expanded": "false",
    title: W.more_tip }, W.more);
  const all = h("button", "pb-reply-all", { type: "button", title: W.all_tip }, W.all);
  box.append(line, more, all);
  more.addEventListener("click", () => {
    const open = !box.classList.contains("pb-open");
    box.classList.toggle("pb-open", open);
    more.setAttribute("aria-expanded", String(open));
    more.textContent = open ? W.less : W.more;
  });
  all.addEventListener("click", () => showAll());
  const details = h("details", "pb-reply-details");
  const steps = h("ol", "pb-reply-steps");
  details.append(h("summary", "", {}, W.details), steps);
  const think = h("div", "pb-thinking", { role: "status", "aria-live": "polite", tabindex: "-1" });
  const dots = h("span", "pb-dots", { "aria-hidden": "true" });
  dots.append(h("span"), h("span"), h("span"));
  const thinkText = h("span", "pb-thinking-text");
  const clock = h("span", "pb-thinking-clock");
  const cancel = h("button", "pb-cancel", { type: "button",
    title: W.cancel_tip }, W.cancel);
  think.append(dots, thinkText, clock, cancel);
  cancel.addEventListener("click", () => {
    cancel.disabled = true;
    send({ kind: "cancel" });
  });
  let timer = null, since = 0;
  const tick = () => { clock.textContent = fillFields(W.seconds, { seconds: ((Date.now() - since) / 1000).toFixed(1) }); };
  const stopClock = () => { if (timer) clearInterval(timer); timer = null; };
  let shown = "";
  return {
    box, think, details, stop: stopClock,
    update(r, t, log) {
      think.hidden = !t;
      if (t) {
        think.dataset.side = t.side;
        thinkText.textContent = t.text + (t.cancelling ? W.cancelling : "");
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
        more.textContent = W.more;
      }
      const mine = r ? r.before || [] : [];
      beforeTitle.hidden = before.hidden = !mine.length;
      before.replaceChildren(...mine.map((x) => h("li", "pb-by-" + (x.side || "chance"), {}, x.text)));
      if (r) {
        box.dataset.side = r.side;
        box.classList.toggle("pb-cut-short", !!r.cut_short);
        title.textContent = fillFields(W.title, r);
        title.title = r.seconds !== null && r.seconds !== undefined ? fillFields(W.worked_out, r) : "";
        list.replaceChildren(...r.sentences.map((x) => h("li", "pb-by-" + (x.side || "chance"), {}, x.text)));
        steps.replaceChildren(...(r.details || []).map((e) => sentenceEl(e, "li", "")));
      } else {
        box.dataset.side = "";
        box.classList.remove("pb-cut-short");
        title.textContent = W.just_now;
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
