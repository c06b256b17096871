// polis_nb widgets: the end-of-game panel (polis_nb/widgets/panels/game_over.py), joined after core.js by polis_nb/widgets/_assets.py
// (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope. Used by the Board.

// --- resigning (Board): the Resign button, then "Resign? Yes / No" in the bar; Python records it ---------

function makeResign(send, W) {
  const button = h("button", "pb-resign", { type: "button" }, W.resign);
  const box = h("div", "pb-confirm pb-resign-ask", { role: "alertdialog", "aria-label": W.ask });
  const row = h("div", "pb-confirm-row");
  const ask = h("strong", "pb-confirm-ask", { role: "alert" }); // read at once when the question shows
  const yes = h("button", "pb-confirm-play pb-resign-yes", { type: "button" }, W.yes);
  const no = h("button", "pb-confirm-cancel pb-resign-no", { type: "button" }, W.no);
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

// --- the end of the game (Board): the score in words; review, save, rematch ------------------------

function makeGameOver(send, W) {
  const box = h("section", "pb-gameover", { "aria-label": W.section });
  const title = h("div", "pb-gameover-title");
  const text = h("p", "pb-gameover-text");
  const table = h("table", "pb-score", { "aria-label": W.score });
  const rule = h("p", "pb-gameover-rule");
  const actions = h("div", "pb-gameover-actions", { role: "group", "aria-label": W.after });
  const review = h("button", "pb-review-game", { type: "button",
    title: W.review_tip }, W.review);
  const save = h("button", "pb-save", { type: "button", title: W.save_tip }, W.save);
  const rematch = h("button", "pb-rematch", { type: "button" }, W.rematch);
  const takeBack = h("button", "pb-take-back", { type: "button", title: W.take_back_tip },
    W.take_back);
  actions.append(review, save, rematch, takeBack);
  // while a review runs: how far it is (x of N decisions), and a button to stop it
  const progress = h("div", "pb-review-progress", { role: "status" });
  const progressText = h("span", "pb-review-progress-text");
  const progressBar = h("progress", "pb-review-bar", { max: "1", value: "0", "aria-label": W.progress });
  const stopReview = h("button", "pb-review-cancel", { type: "button",
    title: W.cancel_tip }, W.cancel);
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
    progressText.textContent = fillFields(W.reviewing, p);
  };
  return {
    box, progress: showProgress,
    update(o) {
      box.hidden = !o;
      if (!o) return;
      box.dataset.winner = o.winner || "shared";
      title.textContent = fillFields(W.title, o);
      text.textContent = o.text;
      table.hidden = o.sudden;
      table.replaceChildren();
      const head = h("tr");
      for (const t of W.columns || []) head.append(h("th", "", {}, t));
      table.append(head);
      for (const r of o.scores || []) {
        const tr = h("tr", o.winner === r.side ? "pb-winner" : "");
        tr.append(h("th", "", { scope: "row" }, r.name), h("td", "pn-num", {}, String(r.cubes)),
          h("td", "pn-num", {}, String(r.prestige)), h("td", "pn-num", {}, String(r.projects)),
          h("td", "pn-num pb-total", {}, String(r.total)));
        table.append(tr);
      }
      rule.textContent = o.rule && o.rule.summary ? `${o.rule.summary} (${o.rule.cite})` : "";
      rule.title = o.rule && o.rule.cite_original ? fillFields(W.printed, { cite: o.rule.cite_original }) : "";
      review.hidden = !o.can_review;
      review.disabled = !!o.reviewing;
      save.hidden = !o.can_save;
      takeBack.hidden = !o.can_take_back;
      rematch.textContent = fillFields(W.rematch_seed, { seed: o.next_seed });
      saved.textContent = o.saved ? fillFields(W.saved, { path: o.saved }) : "";
      progress.hidden = !o.reviewing;
      if (o.reviewing) showProgress(o.reviewing);
    },
  };
}
