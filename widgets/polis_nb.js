// polis_nb widgets — the browser half of the Board, the Viewer and the Combat widget. They draw the
// view model Python sends and send intents back ({kind, rev, ...}); they never decide a rule. One
// self-contained ES module (no imports, no network); the trait `_kind` says which widget to draw.

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

// --- the map: the board SVG with zoom, panning and hover tips --------------------------------------
// Zoom changes the viewBox (text stays sharp): the buttons, Ctrl + wheel or a pinch; dragging moves a
// zoomed map. A tip shows what the view model says of the place under the pointer (owner, population,
// offers, prices ...). Python decides everything shown; this only frames it.

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
  zoomBar.append(zoomOut, zoomIn, zoomFit);

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

function makeEngine(send) {
  const box = h("section", "pn-engine", { "aria-label": "Analysis of this position" });
  const head = h("div", "pn-engine-head");
  const run = h("button", "pn-analyse", { type: "button",
    title: "The search bot plays many games on from here (a few seconds) and ranks the choices" }, "Analyse this position");
  const evalBar = h("div", "pn-evalbar", { role: "img" });
  const fill = h("div", "pn-eval-athens");
  const band = h("div", "pn-eval-band");
  evalBar.append(fill, band);
  const label = h("span", "pn-eval-label");
  head.append(run, evalBar, label);
  const summary = h("div", "pn-eval-summary", { "aria-live": "polite" });
  const details = h("details", "pn-eval-details");
  const table = h("table", "pn-eval-table");
  const line = h("div", "pn-eval-line");
  const note = h("p", "pn-eval-note");
  details.append(h("summary", "", {}, "Every choice and the best line"), table, line, note);
  box.append(head, summary, details);
  let canPlay = false;
  run.addEventListener("click", () => {
    run.disabled = true;
    run.textContent = "Analysing…";
    send({ kind: "analyse" });
  });
  table.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-action]");
    if (b) send({ kind: "choose", action: b.dataset.action });
  });
  return {
    box,
    update(en, opts = {}) {
      canPlay = !!opts.playable;
      run.disabled = !!opts.disabled;
      run.textContent = en ? "Analyse again" : "Analyse this position";
      box.hidden = !!opts.hidden;
      evalBar.hidden = label.hidden = details.hidden = !en;
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
      for (const t of ["Choice", "Value", "95% interval", "Playouts", "Its playouts ended by", ""]) hr.append(h("th", "", {}, t));
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
  };
}

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
          `${f.who}'s chance in the engine's eyes: ${f.before}% before, ${f.after}% after.`));
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

const GLYPHS = ["!", "?", "!!", "??", "!?", "?!"];
const GLYPH_WORDS = { "!": "good move", "?": "mistake", "!!": "brilliant move", "??": "blunder",
  "!?": "interesting move", "?!": "dubious move" };
const KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end", ArrowUp: "up", ArrowDown: "down" };
const MODES = [["view", "View", "Step through the record"], ["play", "Play", "Play from here: a new decision starts a variation"],
  ["draw", "Draw marks", "Click two places for an arrow, one place to highlight it"]];

function renderViewer({ model, el }) {
  el.classList.add("pnb-viewer");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", "Polis game viewer: the arrow keys step, up and down switch variations");
  const bar = h("div", "pv-bar");
  const nav = h("div", "pv-nav", { role: "toolbar", "aria-label": "Navigate the record" });
  const navButtons = {};
  for (const [dir, label, aria] of [["start", "«", "First position"], ["back", "◀", "Back (←)"], ["forward", "▶", "Forward (→)"],
    ["end", "»", "Last position"], ["up", "↑", "Previous variation (↑)"], ["down", "↓", "Next variation (↓)"]]) {
    const b = h("button", "pv-" + dir, { type: "button", "aria-label": aria, title: aria }, label);
    b.addEventListener("click", () => send({ kind: "nav", dir }));
    navButtons[dir] = b;
    nav.append(b);
  }
  const where = h("span", "pv-where", { "aria-live": "polite" });
  const modes = h("div", "pv-modes", { role: "radiogroup", "aria-label": "Mode" });
  const modeButtons = {};
  for (const [m, label, tip] of MODES) {
    const b = h("button", "pv-mode pv-mode-" + m, { type: "button", role: "radio", title: tip }, label);
    b.addEventListener("click", () => send({ kind: "mode", mode: m }));
    modeButtons[m] = b;
    modes.append(b);
  }
  const map = makeMap("pv-map");
  bar.append(nav, where, modes, map.zoomBar);
  const playBar = h("div", "pv-playbar");
  const prompt = h("div", "pb-prompt", { role: "status", "aria-live": "polite" });
  const buttons = h("div", "pb-buttons", { role: "group", "aria-label": "Choices" });
  const note = h("div", "pb-note", { role: "alert" });
  const explain = h("div", "pb-explain", { "aria-live": "polite" });
  playBar.append(prompt, buttons, note, explain);
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    model.send(msg);
  };
  const engine = makeEngine(send);
  const review = makeReview(send);

  const below = h("div", "pv-below");
  const left = h("div", "pv-left");
  const current = h("section", "pv-current", { "aria-label": "This decision" });
  const glyphs = h("div", "pv-glyphs", { role: "group", "aria-label": "Glyphs" });
  const cid = "pv" + Math.random().toString(36).slice(2, 9);
  const commentLabel = h("label", "pv-comment-label", { for: cid + "-comment" }, "Your comment on this decision");
  const comment = h("textarea", "pv-comment-edit", { id: cid + "-comment", rows: "3",
    placeholder: "Write what you think of this move; Save keeps it in the record" });
  const commentTools = h("div", "pv-comment-tools");
  const saveComment = h("button", "pv-save-comment", { type: "button" }, "Save comment");
  const clearMarks = h("button", "pv-clear-marks", { type: "button" }, "Clear marks");
  commentTools.append(saveComment, clearMarks);
  const commentary = h("section", "pv-commentary", { "aria-label": "This turn" });
  left.append(current, glyphs, commentLabel, comment, commentTools, commentary);
  const right = h("div", "pv-right");
  const treeTitle = h("div", "pv-tree-title", {}, "The record (click a decision to go there)");
  const tree = h("div", "pv-tree", { role: "tree", "aria-label": "Decisions and variations" });
  right.append(treeTitle, tree);
  below.append(left, right);
  el.append(bar, playBar, engine.box, review.box, map.box, below);

  for (const g of GLYPHS) {
    const b = h("button", "pv-glyph", { type: "button", "aria-label": `glyph ${g} (${GLYPH_WORDS[g]})`,
      title: GLYPH_WORDS[g], "aria-pressed": "false" }, g);
    b.addEventListener("click", () => send({ kind: "glyph", node: model.get("view").current, glyph: g }));
    glyphs.append(b);
  }
  saveComment.addEventListener("click", () => send({ kind: "comment", node: model.get("view").current, text: comment.value }));
  clearMarks.addEventListener("click", () => send({ kind: "clear", node: model.get("view").current }));
  map.box.addEventListener("click", (e) => {
    const t = targetOf(e.target);
    const v = model.get("view");
    if (!t || v.mode === "view") return;
    send({ kind: "click", target: t });
  });
  map.box.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const t = targetOf(e.target);
    const v = model.get("view");
    if (t && v.mode !== "view") {
      e.preventDefault();
      e.stopPropagation();
      send({ kind: "click", target: t });
    }
  });
  el.addEventListener("keydown", (e) => {
    const tag = (e.target.tagName || "").toLowerCase();
    if (tag === "textarea" || tag === "input" || !(e.key in KEYS)) return;
    e.preventDefault();
    send({ kind: "nav", dir: KEYS[e.key] });
  });
  tree.addEventListener("click", (e) => {
    const row = e.target.closest(".pv-row[data-node]");
    if (row) send({ kind: "goto", node: row.dataset.node });
  });

  function draw() {
    const v = model.get("view") || {};
    const b = v.board || {};
    map.update(v.mode === "view" ? Object.assign({}, b, { targets: {} }) : b);
    for (const [dir, btn] of Object.entries(navButtons)) {
      const ok = { start: v.nav?.back, back: v.nav?.back, forward: v.nav?.forward, end: v.nav?.forward,
        up: v.nav?.up, down: v.nav?.down }[dir];
      btn.disabled = !ok;
    }
    for (const [m, btn] of Object.entries(modeButtons)) {
      btn.setAttribute("aria-checked", String(v.mode === m));
      btn.classList.toggle("pv-on", v.mode === m);
    }
    const n = v.node || {};
    where.textContent = n.num ? `Decision ${n.num}` + (v.nav?.forward ? "" : " · end of the line") : "Start of the game";
    prompt.textContent = v.mode === "play" ? b.prompt || "" : v.mode === "draw" ? "Draw marks: click two places for an arrow, the same place twice to highlight it" : "";
    buttons.replaceChildren(...choiceButtons(v.mode === "play" ? b.buttons || [] : [], send));
    note.textContent = b.note || "";
    note.hidden = !b.note;
    drawExplanation(explain, b.explanation);
    playBar.hidden = !(prompt.textContent || b.note || b.explanation || buttons.children.length);
    engine.update(v.engine, { playable: v.mode === "play", hidden: v.engine_off, disabled: b.player === "terminal" });
    review.update(v.review);
    current.replaceChildren(
      h("div", "pv-decision", {}, n.num ? `${n.num}. ${n.decision || ""}` : "The game starts"),
      ...(n.sentences || []).map((s) => sentenceEl(s)),
      ...(n.marks || []).map((m) => h("div", "pv-mark", {}, "Mark: " + m)));
    for (const btn of glyphs.children) btn.setAttribute("aria-pressed", String((n.glyphs || []).includes(btn.textContent)));
    if (document.activeElement !== comment) comment.value = n.comment || "";
    commentary.replaceChildren(h("div", "pv-commentary-title", {}, "This turn"),
      ...(v.turn || []).map((e) => {
        const d = h("div", "pv-turn-entry");
        d.append(h("div", "pv-turn-decision", {}, (e.num ? e.num + ". " : "") + e.decision));
        for (const s of e.sentences || []) d.append(sentenceEl(s));
        if (e.comment) d.append(h("div", "pv-comment", {}, "— " + e.comment));
        return d;
      }));
    tree.replaceChildren(...(v.rows || []).map((r) => {
      if (r.heading) return h("div", "pv-row pv-heading", { role: "presentation" }, r.text);
      const cls = "pv-row" + (r.current ? " pv-current" : "") + (r.depth ? " pv-variation" : "") + (r.chance ? " pv-chance" : "");
      const row = h("div", cls, { "data-node": r.id, role: "treeitem", "aria-selected": String(!!r.current),
        style: `padding-left:${4 + 14 * r.depth}px` });
      row.append(h("span", "pv-num", {}, r.num + "."),
        h("span", "pv-words", {}, (r.variation && r.name ? `(${r.name}) ` : r.variation ? "( " : "") + (r.words || r.text)),
        h("span", "pv-glyph-text", r.glyphs ? { "data-glyph": r.glyphs, title: GLYPH_WORDS[r.glyphs] || "" } : {}, r.glyphs || ""));
      if (r.comment) {
        row.append(h("span", "pv-has-comment", { "aria-label": "has a comment" }, "comment"));
        row.title = r.comment;
      }
      return row;
    }));
    if (v.rows_cut) tree.append(h("div", "pv-row pv-heading", {}, "… the record goes on (shown up to here)"));
    // keep the current row in sight by scrolling the tree only (never the notebook around it)
    const cur = tree.querySelector(".pv-current");
    if (cur) {
      const top = cur.offsetTop - tree.offsetTop, bottom = top + cur.offsetHeight;
      if (top < tree.scrollTop) tree.scrollTop = top;
      else if (bottom > tree.scrollTop + tree.clientHeight) tree.scrollTop = bottom - tree.clientHeight;
    }
    el.dataset.rev = String(v.rev ?? "");
    el.dataset.mode = v.mode || "";
  }
  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}


// --- Combat: one battle, card by card ------------------------------------------------------------
// Python sends the hand the viewer may see and the legal pairs; the browser only keeps which cards
// are picked before "Attack"/"Answer" is pressed. All text goes in with textContent.

const signed = (n) => (n > 0 ? "+" + n : String(n));

// A card shows the edition's names (Ed1 "Cavalry", Ed2 "Ippiko"); data-card keeps the notation (ids)
// the intents use. Older views without the names fall back to the ids.
const formName = (c) => c.formation_name || c.formation;
const manName = (c) => c.manoeuvre_name || c.manoeuvre;
const cardLabel = (c) => c.label || `${formName(c)} (${manName(c)})`;

function cardEl(c, tag = "span", attrs = {}) {
  const e = h(tag, "pc-card pc-f-" + c.formation, Object.assign({ "data-card": c.name,
    "aria-label": `${formName(c)} ${manName(c)}, value ${c.value}` }, attrs));
  e.append(h("span", "pc-card-form", {}, formName(c)), h("span", "pc-card-man", {}, manName(c)),
    h("span", "pc-card-val", { "aria-hidden": "true" }, signed(c.value)));
  return e;
}

function citeEl(text) {
  return h("span", "pc-cite", {}, text ? "— " + text : "");
}

function renderCombat({ model, el }) {
  el.classList.add("pnb-combat");
  el.setAttribute("role", "region");
  el.setAttribute("tabindex", "0");
  const head = h("div", "pc-head");
  const title = h("h3", "pc-title");
  const modeTag = h("span", "pc-mode");
  head.append(title, modeTag);
  const sidesBox = h("div", "pc-sides");
  const sideEls = {};
  for (const s of ["athens", "sparta"]) {
    const box = h("section", "pc-side", { "data-side": s, "aria-label": s === "athens" ? "Athens" : "Sparta" });
    const sh = h("div", "pc-side-head");
    const name = h("span", "pc-side-name");
    const role = h("span", "pc-role");
    const bot = h("span", "pc-bot");
    sh.append(name, role, bot);
    const stats = h("div", "pc-stats");
    const hand = h("div", "pc-hand", { role: "group", "aria-label": (s === "athens" ? "Athens" : "Sparta") + "'s hand" });
    box.append(sh, stats, hand);
    sidesBox.append(box);
    sideEls[s] = { box, name, role, bot, stats, hand };
  }
  const pile = h("div", "pc-pile", { "aria-label": "Draw pile" });
  const table = h("div", "pc-table", { "aria-label": "Cards on the table" });
  const prompt = h("div", "pc-prompt", { role: "status", "aria-live": "polite" });
  const gate = h("div", "pc-gate");
  const gateBtn = h("button", "pc-gate-btn", { type: "button" });
  gate.append(gateBtn);
  const pick = h("div", "pc-pick", { role: "group", "aria-label": "Your two cards" });
  const slots = h("div", "pc-slots");
  const confirm = h("button", "pc-confirm", { type: "button" });
  const clear = h("button", "pc-clear", { type: "button", "aria-label": "Clear the picked cards" }, "Clear");
  const pickWhy = h("div", "pc-pick-why", { "aria-live": "polite" });
  pick.append(slots, confirm, clear, pickWhy);
  const actions = h("div", "pc-actions", { role: "group", "aria-label": "Battle choices" });
  const fight = h("button", "pc-fight", { type: "button", "data-action": "fight", "aria-label": "Fight on" }, "Fight on");
  const retreat = h("button", "pc-retreat", { type: "button", "data-action": "retreat" }, "Retreat (1 prestige)");
  const retreatWhy = h("span", "pc-retreat-why");
  const hide = h("button", "pc-hide", { type: "button", "aria-label": "Hide my hand before passing the screen" }, "Hide my hand");
  actions.append(fight, retreat, hide, retreatWhy);
  const note = h("div", "pc-note", { role: "alert" });
  const explain = h("div", "pc-explain", { "aria-live": "polite" });
  const revealBox = h("section", "pc-reveal", { "aria-label": "The last exchange", "aria-live": "polite" });
  const endBox = h("section", "pc-end", { "aria-label": "End of the battle" });
  const oddsBox = h("section", "pc-odds", { "aria-label": "Battle odds" });
  const nav = h("div", "pc-nav", { role: "toolbar", "aria-label": "Step through the recorded battle" });
  const navButtons = {};
  for (const [dir, label, aria] of [["start", "«", "First step of the battle"], ["back", "◀", "Back one step"],
    ["forward", "▶", "Forward one step"], ["end", "»", "Last step of the battle"]]) {
    const b = h("button", "pc-nav-" + dir, { type: "button", "aria-label": aria }, label);
    b.addEventListener("click", () => send({ kind: "nav", dir }));
    navButtons[dir] = b;
    nav.append(b);
  }
  const navPos = h("span", "pc-nav-pos", { "aria-live": "polite" });
  nav.append(navPos);
  const logBox = h("details", "pc-log-box");
  const log = h("ol", "pc-log", { "aria-label": "Battle log" });
  logBox.append(h("summary", "", {}, "Battle log"), log);
  const main = h("div", "pc-main");
  const aside = h("div", "pc-aside");
  main.append(head, sidesBox, pile, table, prompt, gate, pick, actions, note, explain, nav);
  aside.append(revealBox, endBox, oddsBox, logBox);
  el.append(main, aside);

  const id = "pc" + Math.random().toString(36).slice(2, 9);
  retreatWhy.id = id + "-retreat-why";
  confirm.id = id + "-confirm";
  pickWhy.id = id + "-pick-why";

  let picked = []; // indexes into the acting side's hand
  let pickedRev = null;
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    model.send(msg);
  };

  gateBtn.addEventListener("click", () => send({ kind: "reveal", side: model.get("view").gate.side }));
  hide.addEventListener("click", () => send({ kind: "hide" }));
  fight.addEventListener("click", () => send({ kind: "choose", action: "fight" }));
  retreat.addEventListener("click", () => send({ kind: "choose", action: "retreat" }));
  clear.addEventListener("click", () => {
    picked = [];
    drawPick(model.get("view"));
  });
  confirm.addEventListener("click", () => {
    const v = model.get("view");
    const sel = selection(v);
    if (!sel || !sel.action) return;
    send({ kind: "choose", action: sel.action });
  });
  el.addEventListener("keydown", (e) => {
    const v = model.get("view") || {};
    const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };
    if (v.mode !== "replay" || !(e.key in keys)) return;
    e.preventDefault();
    send({ kind: "nav", dir: keys[e.key] });
  });

  function actingHand(v) {
    if (!v.choice || v.choice.kind === "window") return null;
    const s = (v.sides || []).find((x) => x.side === v.choice.side);
    return s && s.hand ? s.hand : null;
  }

  // the picked pair as {action} (a legal option), {blocked} (forbidden, with why) or {action} composed
  function selection(v) {
    const hand = actingHand(v);
    if (!hand || picked.length !== 2) return null;
    const names = picked.map((i) => hand[i].name);
    const same = (o) => o.cards[0] === names[0] && o.cards[1] === names[1];
    const opt = (v.choice.options || []).find(same);
    if (opt) return { action: opt.action };
    const bad = (v.choice.blocked || []).find(same);
    if (bad) return { blocked: bad };
    return { action: `${v.choice.verb} ${names[0]} ${names[1]}` };
  }

  function drawPick(v) {
    const hand = actingHand(v);
    pick.hidden = !hand;
    if (!hand) return;
    const sideEl = sideEls[v.choice.side];
    for (const b of sideEl.hand.querySelectorAll(".pc-card")) {
      const i = Number(b.dataset.index);
      const k = picked.indexOf(i);
      b.setAttribute("aria-pressed", String(k >= 0));
      b.dataset.pick = k >= 0 ? String(k + 1) : "";
    }
    const answering = v.choice.kind === "answer";
    const against = answering && v.table ? v.table.cards : [];
    slots.replaceChildren(...[0, 1].map((k) => {
      const label = answering ? `Against ${against[k] ? cardLabel(against[k]) : "?"}: ` : `${k ? "Second" : "First"} card: `;
      const slot = h("div", "pc-slot");
      slot.append(h("span", "pc-slot-label", {}, label));
      slot.append(picked[k] !== undefined ? cardEl(hand[picked[k]]) : h("span", "pc-slot-empty", {}, "—"));
      return slot;
    }));
    confirm.textContent = v.choice.label || "Confirm";
    const sel = selection(v);
    pickWhy.replaceChildren();
    if (!sel) {
      confirm.disabled = true;
      pickWhy.textContent = answering ? "Pick an answer to each attacking card, in order." : "Pick two cards.";
    } else if (sel.blocked) {
      confirm.disabled = true;
      pickWhy.append(h("span", "pc-why-text", {}, "Not allowed: " + sel.blocked.text + " "), citeEl(sel.blocked.cite));
    } else {
      confirm.disabled = false;
    }
    confirm.setAttribute("aria-describedby", pickWhy.id);
    confirm.setAttribute("aria-label", (v.choice.label || "Confirm") + (confirm.disabled ? " (unavailable: "
      + pickWhy.textContent + ")" : ""));
  }

  function drawSide(v, s) {
    const e = sideEls[s.side];
    e.box.dataset.role = s.role;
    e.box.classList.toggle("pc-to-act", !!s.to_act);
    e.name.textContent = s.name;
    e.role.textContent = s.role === "attacker" ? "Attacker" : "Defender";
    e.bot.textContent = s.bot ? `bot: ${s.bot}` : "";
    const du = s.units - s.units_start;
    const dp = s.prestige - s.prestige_start;
    e.stats.replaceChildren(
      h("span", "pc-units", { "aria-label": `${s.name}: ${s.units} units` }, `Units ${s.units}` + (du ? ` (${signed(du)})` : "")),
      h("span", "pc-prestige", { "aria-label": `${s.name}: ${s.prestige} prestige` },
        `Prestige ${s.prestige}` + (dp ? ` (${signed(dp)})` : "")));
    const acting = v.choice && v.choice.side === s.side && v.choice.kind !== "window";
    if (s.hand) {
      e.hand.replaceChildren(...s.hand.map((c, i) => {
        if (!acting) return cardEl(c);
        const b = cardEl(c, "button", { type: "button", "data-index": String(i), "aria-pressed": "false" });
        b.setAttribute("aria-label", `${formName(c)} ${manName(c)}, value ${c.value}: pick`);
        b.addEventListener("click", () => {
          const k = picked.indexOf(i);
          if (k >= 0) picked.splice(k, 1);
          else if (picked.length < 2) picked.push(i);
          else picked[1] = i;
          drawPick(model.get("view"));
        });
        return b;
      }));
    } else if (v.over) {
      e.hand.replaceChildren(h("span", "pc-hidden-hand", {}, "The battle is over"));
    } else {
      e.hand.replaceChildren(h("span", "pc-hidden-hand", {}, `${s.hand_size} card${s.hand_size === 1 ? "" : "s"} (hidden)`));
    }
  }

  function drawReveal(r) {
    revealBox.replaceChildren();
    revealBox.hidden = !r;
    if (!r) return;
    const cap = (x) => x.charAt(0).toUpperCase() + x.slice(1);
    revealBox.append(h("h4", "pc-reveal-title", {}, `Exchange ${r.exchange}: ${cap(r.attacker)} attacks, ${cap(r.defender)} answers`));
    const ol = h("ol", "pc-pairs");
    for (const p of r.pairs) {
      const li = h("li", "pc-pair pc-" + p.result + (p.mercenaries ? " pc-merc" : ""), { "data-result": p.result });
      const cards = h("div", "pc-pair-cards");
      cards.append(cardEl(p.attack), h("span", "pc-vs", {}, "vs"), cardEl(p.answer));
      li.append(cards, h("div", "pc-pair-text", {}, p.text), citeEl(p.cite));
      ol.append(li);
    }
    revealBox.append(ol);
    const loss = Object.entries(r.losses).filter(([, n]) => n).map(([s, n]) => `${cap(s)} loses ${n} unit${n === 1 ? "" : "s"}`);
    const pres = Object.entries(r.prestige).filter(([, n]) => n).map(([s, n]) => `${cap(s)} ${signed(n)} prestige`);
    revealBox.append(h("div", "pc-summary", {}, [...loss, ...pres].join("; ") || "No losses, no prestige"));
    const ul = h("ul", "pc-reveal-log");
    for (const e of r.log) {
      const li = h("li", "", {}, e.text + " ");
      li.append(citeEl(e.cite));
      ul.append(li);
    }
    if (r.redraw) {
      const li = h("li", "pc-redraw", {}, "Redraw: " + r.redraw.text + " ");
      li.append(citeEl(r.redraw.cite));
      ul.append(li);
    }
    revealBox.append(ul);
  }

  function drawEnd(end) {
    endBox.replaceChildren();
    endBox.hidden = !end;
    if (!end) return;
    endBox.append(h("h4", "pc-end-title", {}, "The battle is over: " + end.cause_text));
    for (const e of end.reasons) {
      const d = h("div", "pc-end-reason", {}, e.text + " ");
      d.append(citeEl(e.cite));
      endBox.append(d);
    }
    const cap = (x) => x.charAt(0).toUpperCase() + x.slice(1);
    const parts = ["athens", "sparta"].map((s) => `${cap(s)}: lost ${end.losses[s]} unit${end.losses[s] === 1 ? "" : "s"}, `
      + `${end.units[s]} left, prestige ${signed(end.prestige[s])}`);
    endBox.append(h("div", "pc-summary", {}, parts.join(" · ")));
    if (end.game_over) endBox.append(h("div", "pc-game-over", {}, end.game_over));
    endBox.append(h("div", "pc-next", {}, end.next || ""));
  }

  function drawOdds(o) {
    oddsBox.replaceChildren();
    oddsBox.hidden = !o;
    if (!o) return;
    oddsBox.append(h("h4", "pc-odds-title", {}, "Odds from here"));
    if (o.pending) {
      oddsBox.append(h("div", "pc-odds-note", { role: "status" }, "Computing…"));
      return;
    }
    if (!o.available) {
      oddsBox.append(h("div", "pc-odds-note", {}, o.note || "Odds unavailable"));
      return;
    }
    const meta = [];
    if (o.known) meta.push("knowing " + o.known);
    if (o.policies) meta.push("policies: " + o.policies);
    meta.push(o.method || (o.exact ? "exact" : `Monte Carlo, ${o.samples} battles`));
    oddsBox.append(h("div", "pc-odds-meta", {}, meta.join(" · ")));
    for (const group of o.groups || []) {
      const t = h("table", "pc-odds-table", { "aria-label": group.title });
      t.append(h("caption", "", {}, group.title));
      for (const r of group.rows) {
        const tr = h("tr");
        const pct = (100 * r.p).toFixed(1) + "%";
        const bar = h("td", "pc-bar-cell");
        bar.append(h("span", "pc-bar", { style: `width:${Math.round(100 * Math.min(1, Math.max(0, r.p)))}%`, "aria-hidden": "true" }));
        tr.append(h("th", "", { scope: "row" }, r.label), h("td", "pc-pct", {}, pct), bar);
        t.append(tr);
      }
      oddsBox.append(t);
    }
    for (const f of o.figures || []) {
      oddsBox.append(h("div", "pc-odds-figure", {}, `${f.label}: ${f.value >= 0 ? "+" : ""}${f.value.toFixed(2)}`));
    }
    if (o.note) oddsBox.append(h("div", "pc-odds-note", {}, o.note));
    if (!(o.groups || []).length && o.text) oddsBox.append(h("pre", "pc-odds-text", {}, o.text));
  }

  function draw() {
    const v = model.get("view") || {};
    if (v.rev === pickedRev && el.dataset.rev === String(v.rev)) {
      drawOdds(v.odds); // same position, the odds just arrived: leave the rest (and the focus) alone
      return;
    }
    picked = [];
    pickedRev = v.rev;
    el.setAttribute("aria-label", "Polis combat: " + (v.title || "battle"));
    title.textContent = (v.title || "") + (v.exchanges ? ` · ${v.exchanges} exchange${v.exchanges === 1 ? "" : "s"}` : "");
    modeTag.textContent = { hotseat: "hot seat", bot: "against a bot", replay: "replay" }[v.mode] || v.mode || "";
    for (const s of v.sides || []) drawSide(v, s);
    pile.hidden = v.deck_size === null || v.deck_size === undefined;
    pile.textContent = `Draw pile: ${v.deck_size} card${v.deck_size === 1 ? "" : "s"}`;
    table.replaceChildren();
    table.hidden = !v.table;
    if (v.table) {
      table.append(h("span", "pc-table-label", {}, (v.table.attacker === "athens" ? "Athens" : "Sparta") + " attacks with "));
      for (const c of v.table.cards) table.append(cardEl(c));
    }
    prompt.textContent = v.prompt || "";
    gate.hidden = !v.gate;
    if (v.gate) {
      gateBtn.textContent = v.gate.label;
      gateBtn.setAttribute("aria-label", v.gate.label + " (the other side looks away)");
    }
    const window_ = v.choice && v.choice.kind === "window";
    fight.hidden = !window_;
    const r = v.retreat || { enabled: false, reason: "" };
    retreat.disabled = !r.enabled;
    retreat.hidden = v.mode === "replay";
    retreatWhy.hidden = v.mode === "replay";
    retreatWhy.replaceChildren(h("span", "", {}, r.reason + " "), citeEl(r.rule ? `rule ${r.rule.id}, ${r.rule.source}` : ""));
    retreat.setAttribute("aria-describedby", retreatWhy.id);
    retreat.setAttribute("aria-label", r.enabled ? "Retreat, paying 1 prestige" : "Retreat (unavailable: " + r.reason + ")");
    hide.hidden = !(v.mode === "hotseat" && v.viewer && !v.over);
    drawPick(v);
    note.textContent = v.note || "";
    drawExplanation(explain, v.explanation);
    nav.hidden = v.mode !== "replay";
    if (v.nav) {
      navButtons.start.disabled = navButtons.back.disabled = !v.nav.back;
      navButtons.forward.disabled = navButtons.end.disabled = !v.nav.forward;
      const steps = v.steps || [];
      navPos.textContent = `Step ${v.nav.position + 1} of ${v.nav.count}: ${steps[steps.length - 1] || ""}`;
    }
    drawReveal(v.reveal);
    drawEnd(v.end);
    drawOdds(v.odds);
    log.replaceChildren(...(v.log || []).map((e) => {
      const li = h("li", "", {}, e.text + (e.count > 1 ? ` (×${e.count})` : "") + " ");
      li.append(citeEl(e.cite));
      return li;
    }));
    el.dataset.rev = String(v.rev ?? "");
    el.dataset.over = String(!!v.over);
    el.dataset.mode = v.mode || "";
    el.dataset.decision = v.decision || "";
  }
  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}


const RENDERERS = { board: renderBoard, viewer: renderViewer, combat: renderCombat };

export default {
  render(ctx) {
    return (RENDERERS[ctx.model.get("_kind")] || renderBoard)(ctx);
  },
};
