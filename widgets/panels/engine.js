// polis_nb widgets: the engine panel (polis_nb/widgets/panels/engine.py), joined after core.js by polis_nb/widgets/_assets.py
// (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope. Used by the Board and the Viewer.

// --- the engine panel: what the search thinks of the position ---------------------------------------
// Python runs the search (polis_nb.analysis.analyse) when asked and sends its result in words: an
// evaluation bar (a proven result, or Athens' share of the engine's playouts with its 95% interval
// when enough playouts back it), the choices best first with their values in words, the best line
// and what the numbers mean. The best choice's place is marked on the map by Python. Nothing here
// judges a move.
//
// The answer is a card over the map (Board, Viewer), so that it is seen with the map and its marks
// without scrolling: `engine.dock(map)` puts the card in the map's corner where it hides the least
// (dockInMap). The "Analyse this position" button (`engine.run`) goes in the widget's own toolbar.

// `{name}` fields of a text filled in from `values`
const fillIn = (text, values) => String(text || "").replace(/\{(\w+)\}/g, (_, k) => String(values[k]));

function makeEngine(send) {
  // its words come with each view (opts.words: render/widgetwords.py engine_words), set in update
  let W = {};
  const run = h("button", "pn-analyse", { type: "button" });
  const box = h("section", "pn-engine");
  const head = h("div", "pn-engine-head");
  const evalBar = h("div", "pn-evalbar", { role: "img" });
  const fill = h("div", "pn-eval-athens");
  const band = h("div", "pn-eval-band");
  evalBar.append(fill, band);
  const label = h("span", "pn-eval-label");
  const close = h("button", "pn-engine-close", { type: "button" }, "×");
  const title = h("span", "pn-engine-title");
  head.append(title, evalBar, close);
  const summary = h("div", "pn-eval-summary", { "aria-live": "polite" });
  const details = h("details", "pn-eval-details");
  const table = h("table", "pn-eval-table");
  const line = h("div", "pn-eval-line");
  const note = h("p", "pn-eval-note");
  const detailsTitle = h("summary");
  details.append(detailsTitle, table, line, note);
  box.append(head, label, summary, details);
  let canPlay = false, shown = null, closed = null, docked = null;
  run.addEventListener("click", () => {
    run.disabled = true;
    run.textContent = W.running || "";
    send({ kind: "analyse" });
  });
  table.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-action]");
    if (b) send({ kind: "choose", action: b.dataset.action });
  });
  close.addEventListener("click", () => {
    closed = shown;
    box.hidden = true;
  });
  // opened, the table needs the map's width; the card keeps its corner
  details.addEventListener("toggle", () => {
    box.classList.toggle("pn-engine-wide", details.open);
    if (docked) dockInMap(docked, box);
  });
  return {
    box, run,
    update(en, opts = {}) {
      if (opts.words && opts.words !== W) {
        W = opts.words;
        run.title = W.run_tip;
        box.setAttribute("aria-label", W.section);
        close.setAttribute("aria-label", W.close);
        close.title = W.close_tip;
        title.textContent = W.title;
        detailsTitle.textContent = W.details;
      }
      canPlay = !!opts.playable;
      run.disabled = !!opts.disabled;
      run.hidden = !!opts.hidden;
      run.textContent = (en ? W.again : W.run) || "";
      // a new answer shows (a closed card stays closed until the next one)
      const key = en ? `${en.summary}|${en.playouts}|${en.seconds}|${en.seed}` : null;
      if (key !== shown) details.open = false;
      shown = key;
      box.hidden = !!opts.hidden || !en || closed === key;
      summary.textContent = en ? en.summary : "";
      if (!en) return;
      const a = en.athens;
      fill.style.width = a.p + "%";
      band.hidden = a.low === null || a.low === undefined;
      if (!band.hidden) {
        band.style.left = a.low + "%";
        band.style.width = Math.max(1, a.high - a.low) + "%";
      }
      evalBar.classList.toggle("pn-proven", !!a.proven);
      evalBar.setAttribute("aria-label", a.text);
      label.textContent = a.text;
      label.title = fillIn(W.budget, en);
      note.textContent = en.note;
      table.replaceChildren(h("tr", "", {}, ""));
      const hr = table.firstChild;
      for (const t of [W.choice, W.value, W.interval, W.playouts, W.why, ""]) hr.append(h("th", "", {}, t));
      en.choices.forEach((c, i) => {
        const tr = h("tr", (i === 0 ? "pn-best " : "") + (c.proven ? "pn-proven-" + c.proven : ""));
        const name = h("td", "", {}, c.label);
        if (c.pay) name.append(h("span", "pn-pay", {}, " · " + c.pay));
        const value = h("td", "pn-value", { title: c.reason }, c.value);
        const span = c.low === null || c.proven ? "—" : `${c.low}–${c.high}%`;
        tr.append(name, value, h("td", "pn-num", {}, span),
          h("td", "pn-num", {}, String(c.playouts)), h("td", "pn-ended", {}, c.ended_by));
        const td = h("td");
        if (canPlay) td.append(h("button", "pn-play-choice", { type: "button", "data-action": c.action }, W.play));
        tr.append(td);
        table.append(tr);
      });
      if (en.more) {
        const tr = h("tr");
        tr.append(h("td", "pn-more", { colspan: "6" }, fillIn(W.more, en)));
        table.append(tr);
      }
      line.replaceChildren(h("span", "pn-line-title", {}, W.line),
        h("span", "", {}, en.line.map((x) => `${x.who}: ${x.text}`).join(" → ") || "—"));
    },
    // over the map: in its box, docked where it hides the least (after the map is drawn)
    dock(map) {
      if (box.parentNode !== map.box) map.box.append(box);
      docked = map.box;
      if (!box.hidden) requestAnimationFrame(() => dockInMap(map.box, box));
    },
  };
}

// Put `card` (absolutely placed in the map's box) in the corner of the map where it hides the least:
// the marks first (the engine's best choice, a reply's arrows, the record's own), then the places that
// are choices now, then poleis and offers, then any other words (not the key to the colours, which
// the widgets show elsewhere too: the top left corner, where the key is, is cheaper to cover).
// Measured on screen; it decides nothing about the game.
const DOCK_WEIGHTS = [['[data-layer="marks"] .mark', 12], [".legal", 4], [".polis, .offer", 2], ["text:not(.legend text)", 1]];
function dockInMap(mapBox, card) {
  const svg = mapBox.querySelector(".pn-map-host > svg");
  if (card.hidden || !svg || !mapBox.clientWidth) return;
  const m = mapBox.getBoundingClientRect();
  const w = card.offsetWidth, ht = card.offsetHeight, pad = 8;
  const zoom = mapBox.querySelector(":scope > .pn-zoom");
  const right = pad + (zoom ? zoom.offsetWidth + 6 : 0);
  const spots = { tl: [m.left + pad, m.top + pad], bl: [m.left + pad, m.bottom - pad - ht],
    br: [m.right - pad - w, m.bottom - pad - ht], tr: [m.right - right - w, m.top + pad] };
  const items = DOCK_WEIGHTS.flatMap(([sel, wt]) => [...svg.querySelectorAll(sel)].map((e) => [e.getBoundingClientRect(), wt]));
  let best = "tl", least = Infinity;
  for (const [spot, [x, y]] of Object.entries(spots)) {
    let hidden = 0;
    for (const [r, wt] of items) {
      hidden += wt * Math.max(0, Math.min(x + w, r.right) - Math.max(x, r.left))
        * Math.max(0, Math.min(y + ht, r.bottom) - Math.max(y, r.top));
    }
    if (spot === "tl") hidden *= 0.7;
    if (hidden < least - 1) { best = spot; least = hidden; }
  }
  card.dataset.dock = best;
  card.style.setProperty("--pn-dock-right", right + "px");
}
