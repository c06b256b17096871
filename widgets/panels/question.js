// polis_nb widgets: the question (guard-rail) panel (polis_nb/widgets/panels/question.py), joined after core.js by polis_nb/widgets/_assets.py
// (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope. Used by the Board.

// --- a choice that loses at once: Python asks first (the Board shows the question) ------------------

function makeQuestion(send, W) {
  // a dialog in the bar whose words are an alert (read at once when it shows); the focus goes to Cancel
  const box = h("div", "pb-confirm", { role: "alertdialog", "aria-label": W.label });
  const head = h("div", "pb-confirm-head", { role: "alert" });
  const label = h("strong", "pb-confirm-label");
  const text = h("span", "pb-confirm-text");
  const cite = h("span", "pb-confirm-cite");
  head.append(label, " ", text, " ", cite);
  const row = h("div", "pb-confirm-row");
  const ask = h("strong", "pb-confirm-ask");
  const play = h("button", "pb-confirm-play", { type: "button" }, W.play);
  const cancel = h("button", "pb-confirm-cancel", { type: "button" }, W.cancel);
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
      box.setAttribute("aria-describedby", head.id || (head.id = `pb-confirm-${Math.random().toString(36).slice(2, 9)}`));
      label.textContent = q.label + ":";
      text.textContent = q.text;
      ask.textContent = q.question;
      play.textContent = q.play;
      cancel.textContent = q.cancel;
      play.setAttribute("aria-label", `${q.play}: ${q.label}`);
      cite.textContent = q.cite ? `— ${q.cite}` : "";
      cite.title = q.cite_original && q.cite_original !== q.cite ? fillFields(W.printed, { cite: q.cite_original }) : "";
      if (!box.contains(document.activeElement)) cancel.focus({ preventScroll: true });
    },
  };
}
