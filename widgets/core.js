// polis_nb widgets, the browser half: what the Board, the Viewer and the Combat widget share. The
// widgets draw the view model Python sends and send intents back ({kind, rev, ...}); they never decide
// a rule. This file is not a module by itself: polis_nb/widgets/_assets.py puts it in front of each
// widget's file (board.js, viewer.js, combat.js) to make that widget's one ES module (no imports, no
// network, no build step), so everything declared here is in scope there. It exports nothing.

const SVG_NS = "http://www.w3.org/2000/svg";
const BARE_LAYERS = new Set(["title", "style"]);

function h(tag, cls, attrs = {}, text = "") {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function parseLayer(markup) {
  const doc = new DOMParser().parseFromString(`<svg xmlns="${SVG_NS}">${markup}</svg>`, "image/svg+xml");
  return [...doc.documentElement.childNodes].map((n) => document.importNode(n, true));
}

// Update the board's SVG in place, layer by layer: only layers whose markup changed are parsed and
// replaced, so the <svg> element, the other layers and the keyboard focus survive (no flicker).
function updateSvg(box, attrs, layers) {
  if (!attrs || !layers) return;
  let svg = box.querySelector(":scope > svg");
  if (!svg) {
    svg = document.createElementNS(SVG_NS, "svg");
    box.replaceChildren(svg);
    box._layers = {};
  }
  for (const a of [...svg.attributes]) if (!(a.name in attrs)) svg.removeAttribute(a.name);
  for (const [k, v] of Object.entries(attrs)) if (k !== "xmlns" && svg.getAttribute(k) !== v) svg.setAttribute(k, v);
  const focused = document.activeElement && svg.contains(document.activeElement) ? document.activeElement.id : null;
  const cache = box._layers;
  const nodes = {};
  for (const [name, markup] of layers) {
    let node = BARE_LAYERS.has(name) ? svg.querySelector(`:scope > ${name}`) : svg.querySelector(`:scope > g[data-layer="${name}"]`);
    if (!node || cache[name] !== markup) {
      const fresh = parseLayer(markup);
      let repl;
      if (BARE_LAYERS.has(name)) {
        repl = fresh.find((n) => n.nodeName === name) || document.createElementNS(SVG_NS, name);
      } else {
        repl = document.createElementNS(SVG_NS, "g");
        repl.setAttribute("data-layer", name);
        repl.append(...fresh);
      }
      if (node) node.replaceWith(repl);
      node = repl;
      cache[name] = markup;
    }
    nodes[name] = node;
  }
  // keep the drawing order (later layers on top), moving only what is out of place
  let prev = null;
  for (const [name] of layers) {
    const node = nodes[name];
    const want = prev ? prev.nextSibling : svg.firstChild;
    if (node !== want) svg.insertBefore(node, want);
    prev = node;
  }
  while (prev && prev.nextSibling) prev.nextSibling.remove();
  if (focused) {
    const again = svg.querySelector("#" + CSS.escape(focused));
    if (again && again !== document.activeElement) again.focus();
  }
}

// The explanation panel: legal or not, in words, with the rules that decide it. Each rule shows its
// rulebook section in English; the tooltip keeps the rule's summary and the printed section title.
function drawExplanation(box, e) {
  box.replaceChildren();
  box.hidden = !e;
  if (!e) return;
  box.append(h("div", e.legal ? "pb-legal" : "pb-illegal", {}, (e.legal ? "Legal: " : "Not allowed: ") + e.text));
  const ul = h("ul", "pb-rules", { "aria-label": "Rules" });
  for (const r of e.rules || []) {
    const tip = [r.summary, r.source_original && r.source_original !== r.source ? "Printed: " + r.source_original : ""]
      .filter(Boolean).join("\n");
    ul.append(h("li", "", { title: tip, "data-rule": r.id }, r.source || r.id));
  }
  box.append(ul);
}

// A sentence the kernel logged ({text, cite, cite_original}): the words, with the rule cited in its tooltip.
function sentenceEl(s, tag = "div", cls = "pv-sentence") {
  const tip = [s.cite, s.cite_original && s.cite_original !== s.cite ? "Printed: " + s.cite_original : ""]
    .filter(Boolean).join("\n");
  return h(tag, cls, tip ? { title: tip } : {}, s.text || "");
}

// Scroll `box` (only it: never the notebook around it) so that `item` is in sight, with a little room
// around it where the box has it; an item taller than the box shows its start. Viewer, PuzzleBoard.
function scrollInto(box, item) {
  if (!item || !box.clientHeight) return;
  const b = box.getBoundingClientRect(), r = item.getBoundingClientRect();
  const room = Math.min(24, Math.max(0, (box.clientHeight - r.height) / 2));
  const top = r.top - b.top - box.clientTop + box.scrollTop, bottom = top + r.height;
  if (top - room < box.scrollTop) box.scrollTop = Math.max(0, top - room);
  else if (bottom + room > box.scrollTop + box.clientHeight) box.scrollTop = Math.min(top - room, bottom + room - box.clientHeight);
}

// One button per legal choice that names no place; ending and passing stand out.
const MAIN_KINDS = new Set(["end", "pass"]);
function choiceButtons(items, send) {
  return items.map((c) => {
    const cls = "pb-button" + (MAIN_KINDS.has(c.kind) ? " pb-main" : "");
    const btn = h("button", cls, { type: "button", "data-action": c.action, "data-kind": c.kind || "" }, c.label);
    btn.addEventListener("click", () => send({ kind: "choose", action: c.action }));
    return btn;
  });
}

function targetOf(node, withMarkets = false) {
  const sel = withMarkets ? "[data-offer],[data-polis],[data-area],[data-market]" : "[data-offer],[data-polis],[data-area]";
  const el = node && node.closest && node.closest(sel);
  if (!el) return null;
  if (el.dataset.offer) return "offer:" + el.dataset.offer;
  if (el.dataset.polis) return "polis:" + el.dataset.polis;
  if (el.dataset.market) return "market:" + el.dataset.market;
  return "area:" + el.dataset.area;
}

// A click, Enter or Space on a place of the map: act(target), which returns false when it does
// nothing there (the key then keeps its usual meaning). With stop, a handled key goes no further.
function onPlaces(map, act, { stop = false } = {}) {
  map.box.addEventListener("click", (e) => {
    const t = targetOf(e.target);
    if (t) act(t);
  });
  map.box.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const t = targetOf(e.target);
    if (t && act(t) !== false) {
      e.preventDefault();
      if (stop) e.stopPropagation();
    }
  });
}

// --- the map: the board SVG with zoom, panning and hover tips --------------------------------------
// Zoom changes the viewBox (text stays sharp): the buttons (in the map's top right corner, where the
// board has open sea), Ctrl + wheel or a pinch; dragging moves a zoomed map. A tip shows what the view
// model says of the place under the pointer (owner, population, offers, prices ...). Python decides
// everything shown; this only frames it.

const ZOOM_MAX = 6;

function makeMap(cls) {
  const box = h("div", cls + " pn-map", { tabindex: "-1" });
  const host = h("div", "pn-map-host");
  const tip = h("div", "pn-tip", { role: "tooltip", hidden: "" });
  box.append(host, tip);
  const zoomOut = h("button", "pn-zoom-out", { type: "button", "aria-label": "Zoom out", title: "Zoom out (−)" }, "−");
  const zoomIn = h("button", "pn-zoom-in", { type: "button", "aria-label": "Zoom in", title: "Zoom in (+); Ctrl + wheel or pinch on the map" }, "+");
  const zoomFit = h("button", "pn-zoom-fit", { type: "button", "aria-label": "Show the whole board", title: "Whole board (0)" }, "Fit");
  const zoomBar = h("div", "pn-zoom", { role: "group", "aria-label": "Zoom" });
  zoomBar.append(zoomIn, zoomOut, zoomFit);
  box.append(zoomBar);

  let base = null; // [x, y, w, h] of the whole board
  let z = 1, cx = 0, cy = 0;
  let tips = {};
  let dragged = false;

  const svg = () => host.querySelector(":scope > svg");
  function apply() {
    const s = svg();
    if (!s || !base) return;
    const [x0, y0, w0, h0] = base;
    z = Math.min(ZOOM_MAX, Math.max(1, z));
    const w = w0 / z, hh = h0 / z;
    cx = Math.min(x0 + w0 - w / 2, Math.max(x0 + w / 2, cx));
    cy = Math.min(y0 + h0 - hh / 2, Math.max(y0 + hh / 2, cy));
    const vb = `${+(cx - w / 2).toFixed(2)} ${+(cy - hh / 2).toFixed(2)} ${+w.toFixed(2)} ${+hh.toFixed(2)}`;
    if (s.getAttribute("viewBox") !== vb) s.setAttribute("viewBox", vb);
    box.dataset.zoom = z.toFixed(2);
    box.classList.toggle("pn-zoomed", z > 1.001);
    zoomOut.disabled = z <= 1.001;
    zoomIn.disabled = z >= ZOOM_MAX - 0.001;
    zoomFit.disabled = z <= 1.001;
  }
  // a point of the screen in board units
  function toBoard(clientX, clientY) {
    const s = svg();
    const r = s.getBoundingClientRect();
    const vb = s.viewBox.baseVal;
    return [vb.x + (clientX - r.left) / r.width * vb.width, vb.y + (clientY - r.top) / r.height * vb.height];
  }
  function zoomAt(factor, px, py) {
    const [bx, by] = px === undefined ? [cx, cy] : toBoard(px, py);
    const nz = Math.min(ZOOM_MAX, Math.max(1, z * factor));
    // keep the board point under the pointer where it is
    cx = bx - (bx - cx) * z / nz;
    cy = by - (by - cy) * z / nz;
    z = nz;
    apply();
  }
  zoomIn.addEventListener("click", () => zoomAt(1.5));
  zoomOut.addEventListener("click", () => zoomAt(1 / 1.5));
  zoomFit.addEventListener("click", () => { z = 1; apply(); });
  host.addEventListener("wheel", (e) => {
    if (!(e.ctrlKey || e.metaKey)) return; // a plain wheel scrolls the notebook
    e.preventDefault();
    zoomAt(Math.exp(-e.deltaY * 0.0025), e.clientX, e.clientY);
  }, { passive: false });
  box.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("button, textarea, input")) return;
    if (e.key === "+" || e.key === "=") zoomAt(1.5);
    else if (e.key === "-") zoomAt(1 / 1.5);
    else if (e.key === "0") { z = 1; apply(); } else return;
    e.preventDefault();
  });
  // dragging pans a zoomed map; two pointers pinch
  const pointers = new Map();
  let start = null;
  host.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    dragged = false;
    start = { x: e.clientX, y: e.clientY, cx, cy, z, d: null };
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      start.d = Math.hypot(a[0] - b[0], a[1] - b[1]);
    }
  });
  host.addEventListener("pointermove", (e) => {
    showTip(e);
    if (!pointers.has(e.pointerId) || !start) return;
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pointers.size === 2 && start.d) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
      z = start.z; zoomAt(d / start.d, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
      dragged = true;
      return;
    }
    const dx = e.clientX - start.x, dy = e.clientY - start.y;
    if (!dragged && Math.hypot(dx, dy) < 5) return;
    if (z <= 1.001) return;
    dragged = true;
    host.setPointerCapture && host.setPointerCapture(e.pointerId);
    const r = svg().getBoundingClientRect();
    const vb = svg().viewBox.baseVal;
    cx = start.cx - dx / r.width * vb.width;
    cy = start.cy - dy / r.height * vb.height;
    apply();
  });
  const release = (e) => {
    pointers.delete(e.pointerId);
    if (!pointers.size) start = null;
  };
  host.addEventListener("pointerup", release);
  host.addEventListener("pointercancel", release);
  // a drag is not a click
  host.addEventListener("click", (e) => {
    if (dragged) {
      e.stopPropagation();
      e.preventDefault();
      dragged = false;
    }
  }, true);

  function showTip(e) {
    const t = targetOf(e.target, true);
    const info = t && tips[t];
    if (!info) {
      tip.hidden = true;
      return;
    }
    tip.replaceChildren(h("div", "pn-tip-title", {}, info.title), ...(info.lines || []).map((l) => h("div", "", {}, l)));
    tip.hidden = false;
    const r = box.getBoundingClientRect();
    let x = e.clientX - r.left + 14, y = e.clientY - r.top + 14;
    if (x + tip.offsetWidth > r.width) x = Math.max(0, e.clientX - r.left - tip.offsetWidth - 10);
    if (y + tip.offsetHeight > r.height) y = Math.max(0, e.clientY - r.top - tip.offsetHeight - 10);
    tip.style.left = x + "px";
    tip.style.top = y + "px";
    tip.dataset.target = t;
  }
  host.addEventListener("pointerleave", () => { tip.hidden = true; });

  return {
    box, zoomBar,
    update(v) {
      updateSvg(host, v.svg_attrs, v.svg_layers);
      tips = v.tips || {};
      const vb = (v.svg_attrs || {}).viewBox;
      const next = vb ? vb.split(/\s+/).map(Number) : null;
      if (next && (!base || next.join() !== base.join())) {
        base = next;
        if (z <= 1.001) { cx = base[0] + base[2] / 2; cy = base[1] + base[3] / 2; }
      }
      apply();
      const legal = Object.keys(v.targets || {}).length > 0;
      box.classList.toggle("pn-has-legal", legal);
      if (!tip.hidden && tip.dataset.target && !tips[tip.dataset.target]) tip.hidden = true;
    },
    get zoom() { return z; },
  };
}

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

function makeEngine(send) {
  const run = h("button", "pn-analyse", { type: "button",
    title: "The search bot plays many games on from here (a few seconds) and ranks the choices; "
      + "the answer shows over the map, its best choice marked on it" }, "Analyse this position");
  const box = h("section", "pn-engine", { "aria-label": "Analysis of this position" });
  const head = h("div", "pn-engine-head");
  const evalBar = h("div", "pn-evalbar", { role: "img" });
  const fill = h("div", "pn-eval-athens");
  const band = h("div", "pn-eval-band");
  evalBar.append(fill, band);
  const label = h("span", "pn-eval-label");
  const close = h("button", "pn-engine-close", { type: "button", "aria-label": "Hide the analysis",
    title: "Hide the analysis (the next analysis shows again)" }, "×");
  head.append(h("span", "pn-engine-title", {}, "Engine"), evalBar, close);
  const summary = h("div", "pn-eval-summary", { "aria-live": "polite" });
  const details = h("details", "pn-eval-details");
  const table = h("table", "pn-eval-table");
  const line = h("div", "pn-eval-line");
  const note = h("p", "pn-eval-note");
  details.append(h("summary", "", {}, "Every choice and the best line"), table, line, note);
  box.append(head, label, summary, details);
  let canPlay = false, shown = null, closed = null, docked = null;
  run.addEventListener("click", () => {
    run.disabled = true;
    run.textContent = "Analysing…";
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
      canPlay = !!opts.playable;
      run.disabled = !!opts.disabled;
      run.hidden = !!opts.hidden;
      run.textContent = en ? "Analyse again" : "Analyse this position";
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
      label.title = `${en.playouts} playouts in ${en.seconds} s (seed ${en.seed}). ${en.note}`;
      note.textContent = en.note;
      table.replaceChildren(h("tr", "", {}, ""));
      const hr = table.firstChild;
      for (const t of ["Choice", "Value", "95% interval", "Playouts", "Why (proven) · how its playouts ended", ""]) hr.append(h("th", "", {}, t));
      en.choices.forEach((c, i) => {
        const tr = h("tr", (i === 0 ? "pn-best " : "") + (c.proven ? "pn-proven-" + c.proven : ""));
        const name = h("td", "", {}, c.label);
        if (c.pay) name.append(h("span", "pn-pay", {}, " · " + c.pay));
        const value = h("td", "pn-value", { title: c.reason }, c.value);
        const span = c.low === null || c.proven ? "—" : `${c.low}–${c.high}%`;
        tr.append(name, value, h("td", "pn-num", {}, span),
          h("td", "pn-num", {}, String(c.playouts)), h("td", "pn-ended", {}, c.ended_by));
        const td = h("td");
        if (canPlay) td.append(h("button", "pn-play-choice", { type: "button", "data-action": c.action }, "Play"));
        tr.append(td);
        table.append(tr);
      });
      if (en.more) {
        const tr = h("tr");
        tr.append(h("td", "pn-more", { colspan: "6" }, `… and ${en.more} more`));
        table.append(tr);
      }
      line.replaceChildren(h("span", "pn-line-title", {}, "Best line: "),
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

// --- the review of a game (Board, Viewer): accuracy per side, the win-chance chart, the marked ------
// decisions. Python draws the chart (SVG, every point with data-node, the record's node id); a click
// on a point or a marked decision asks Python to go there ({kind: "chart", node}).

function makeReview(send, { board = false } = {}) {
  const box = h("section", "pn-review", { "aria-label": "Review of the game" });
  const head = h("div", "pn-review-head");
  const title = h("span", "pn-review-title", {}, "Review of the game");
  const basis = h("span", "pn-review-basis");
  const back = h("button", "pn-review-end", { type: "button" }, "Back to the end of the game");
  head.append(title, basis, back);
  const summary = h("table", "pn-review-summary", { "aria-label": "Accuracy per side" });
  const body = h("div", "pn-review-body");
  const chart = h("div", "pn-review-chart-box");
  const side = h("div", "pn-review-side");
  const focus = h("div", "pn-review-focus", { "aria-live": "polite" });
  const flaggedTitle = h("div", "pn-review-flagged-title");
  const flagged = h("ol", "pn-review-flagged", { "aria-label": "Marked decisions" });
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
      basis.textContent = rv.basis;
      back.hidden = !board || rv.at_end !== false;
      summary.replaceChildren();
      const hr = h("tr");
      for (const t of ["", "Accuracy", "Inaccuracies ?!", "Mistakes ?", "Blunders ??", "Decisions"]) hr.append(h("th", "", {}, t));
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
          `Decision ${f.num} · ${f.who}: ${f.words}` + (f.glyph ? ` ${f.glyph} (${f.name})` : ""));
        focus.append(line);
        if (f.text) focus.append(h("div", "pn-review-focus-text", {}, f.text));
        else focus.append(h("div", "pn-review-focus-eval", {},
          `Chance for ${f.who} in the engine's eyes: ${f.before}% before, ${f.after}% after.`));
        if (f.better) focus.append(h("div", "pn-review-better", {}, "The engine preferred: " + f.better));
      }
      flaggedTitle.textContent = rv.flagged.length ? "Marked decisions (click one to see it)" : "No inaccuracies, mistakes or blunders.";
      flagged.replaceChildren(...rv.flagged.map((d) => {
        const li = h("li");
        const b = h("button", "pn-review-item", { type: "button", "data-node": d.node, "data-glyph": d.glyph,
          title: [d.text, d.better ? "The engine preferred: " + d.better : ""].filter(Boolean).join("\n") });
        b.append(h("span", "pn-review-glyph", { "data-glyph": d.glyph }, d.glyph),
          h("span", "", {}, ` ${d.num}. ${d.who}: ${d.words}`));
        if (f && f.node === d.node) b.classList.add("pn-current");
        li.append(b);
        return li;
      }));
    },
  };
}

// A board view with its map alone (the viewBox of `map_box`, no band layer): what the map of the
// Board, the Viewer and the PuzzleBoard shows, so that the map is as wide as the output allows (its
// text at least 11 px at 1280 px) and the words beside it fit on one screen.
function mapPart(v) {
  return v.map_box ? { ...v, svg_attrs: { ...v.svg_attrs, viewBox: v.map_box.join(" ") },
    svg_layers: (v.svg_layers || []).filter(([n]) => n !== "band") } : v;
}

// The players, the round track and the projects: the band below the map, drawn on its own (the map
// above shows the map alone, so that it and the choices fit on one screen). Board, Viewer and PuzzleBoard.
function makeBand(cls) {
  const box = h("div", cls);
  let markup = null;
  return {
    box,
    update(v) {
      const layers = Object.fromEntries(v.svg_layers || []);
      const band = v.band_box;
      if (!band || layers.band === undefined) return;
      const next = (layers.style || "") + "|" + layers.band;
      if (next === markup) return;
      markup = next;
      const attrs = v.svg_attrs || {};
      box.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${band.join(" ")}" class="${attrs.class || "polis-board"}" `
        + `role="img" aria-label="The players, the round and the projects">${layers.style || ""}<g data-layer="band">${layers.band}</g></svg>`;
    },
  };
}

// One button per choice that names no place. A choice paid in several ways (acting alone: every action
// once per good) is one button that opens a "pay with" picker; Python groups them (view.choices).
// Board and PuzzleBoard.
function choiceEntries(items, send, openPicker) {
  return items.map((c) => {
    if (!c.pay) return choiceButtons([c], send)[0];
    const btn = h("button", "pb-button pb-has-pay", { type: "button", "data-kind": c.kind || "", "data-what": c.what || "",
      "aria-haspopup": "true", "aria-expanded": "false", title: `${c.label}: choose what to pay with` }, c.label + " ▾");
    btn.addEventListener("click", () => openPicker(c, btn));
    return btn;
  });
}

// The key to the map's symbols (units, poleis, proxenos, tribute, ships, offers): drawn in Python by
// the map's own functions, sent once in the model's "key" (never user text). Board and Viewer.
function makeKey(model) {
  const box = h("div", "pb-key", { role: "list", "aria-label": "Key to the map's symbols" });
  function draw() {
    const rows = (model.get("key") || []).map((k) => {
      const sample = h("span", "pb-key-sample");
      const doc = new DOMParser().parseFromString(k.svg, "image/svg+xml");
      if (doc.documentElement && doc.documentElement.nodeName === "svg") sample.append(document.importNode(doc.documentElement, true));
      const row = h("div", "pb-key-row", { role: "listitem", "data-group": k.group });
      row.append(sample, h("span", "pb-key-words", {}, k.words));
      return row;
    });
    box.replaceChildren(...rows);
  }
  model.on("change:key", draw);
  draw();
  return { box };
}
