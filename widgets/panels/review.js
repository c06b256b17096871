// polis_nb widgets: the review panel (polis_nb/widgets/panels/review.py), joined after core.js by polis_nb/widgets/_assets.py
// (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope. Used by the Board and the Viewer.

// --- the review of a game (Board, Viewer): accuracy per side, the win-chance chart, the marked ------
// decisions. Python draws the chart (SVG, every point with data-node, the record's node id); a click
// on a point or a marked decision asks Python to go there ({kind: "chart", node}).

function makeReview(send, { board = false } = {}) {
  const fillReview = (text, values) => String(text || "").replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
  // its words come with the review (rv.words: render/widgetwords.py review_words), set in update
  const box = h("section", "pn-review");
  const head = h("div", "pn-review-head");
  const title = h("span", "pn-review-title");
  const basis = h("span", "pn-review-basis");
  const back = h("button", "pn-review-end", { type: "button" });
  head.append(title, basis, back);
  const summary = h("table", "pn-review-summary");
  const body = h("div", "pn-review-body");
  const chart = h("div", "pn-review-chart-box");
  const side = h("div", "pn-review-side");
  const focus = h("div", "pn-review-focus", { "aria-live": "polite" });
  const flaggedTitle = h("div", "pn-review-flagged-title");
  const flagged = h("ol", "pn-review-flagged");
  side.append(focus, flaggedTitle, flagged);
  body.append(chart, side);
  box.append(head, summary, body);
  back.hidden = true;
  back.addEventListener("click", () => send({ kind: "review-end" }));
  const go = (e) => {
    const t = e.target.closest("[data-node]");
    if (t) send({ kind: "chart", node: t.dataset.node });
  };
  chart.addEventListener("click", go);
  flagged.addEventListener("click", go);
  let markup = null;
  return {
    box,
    update(rv) {
      box.hidden = !rv;
      if (!rv) return;
      const W = rv.words;
      box.setAttribute("aria-label", W.section);
      title.textContent = W.section;
      back.textContent = W.back;
      summary.setAttribute("aria-label", W.summary);
      flagged.setAttribute("aria-label", W.flagged);
      basis.textContent = rv.basis;
      back.hidden = !board || rv.at_end !== false;
      summary.replaceChildren();
      const hr = h("tr");
      for (const t of ["", W.accuracy, W.inaccuracies, W.mistakes, W.blunders, W.decisions]) hr.append(h("th", "", {}, t));
      summary.append(hr);
      for (const s of rv.summary) {
        const tr = h("tr", "", { "data-side": s.side, title: s.text });
        tr.append(h("th", "", { scope: "row" }, s.name), h("td", "pn-num", {}, s.accuracy === null ? "–" : s.accuracy + "%"),
          h("td", "pn-num", {}, String(s.inaccuracies)), h("td", "pn-num", {}, String(s.mistakes)),
          h("td", "pn-num", {}, String(s.blunders)), h("td", "pn-num", {}, String(s.decisions)));
        summary.append(tr);
      }
      if (rv.chart !== markup) {
        markup = rv.chart;
        const doc = new DOMParser().parseFromString(rv.chart, "image/svg+xml");
        chart.replaceChildren(document.importNode(doc.documentElement, true));
      }
      const f = rv.focus;
      focus.hidden = !f;
      focus.replaceChildren();
      if (f) {
        const line = h("div", "pn-review-focus-head", {},
          fillReview(W.focus, f) + (f.glyph ? ` ${f.glyph} (${f.name})` : ""));
        focus.append(line);
        if (f.text) focus.append(h("div", "pn-review-focus-text", {}, f.text));
        else focus.append(h("div", "pn-review-focus-eval", {},
          fillReview(W.chance, f)));
        if (f.better) focus.append(h("div", "pn-review-better", {}, W.better + f.better));
      }
      flaggedTitle.textContent = rv.flagged.length ? W.flagged_title : W.none;
      flagged.replaceChildren(...rv.flagged.map((d) => {
        const li = h("li");
        const b = h("button", "pn-review-item", { type: "button", "data-node": d.node, "data-glyph": d.glyph,
          title: [d.text, d.better ? W.better + d.better : ""].filter(Boolean).join("\n") });
        b.append(h("span", "pn-review-glyph", { "data-glyph": d.glyph }, d.glyph),
          h("span", "", {}, ` ${d.num}. ${d.who}: ${d.words}`));
        if (f && f.node === d.node) b.classList.add("pn-current");
        li.append(b);
        return li;
      }));
    },
  };
}
