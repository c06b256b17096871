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

// --- tools a panel adds to a widget's toolbar, without the layout file naming it -----------------------
// A panel's file (widgets/panels/<name>.js) may end with `TOOLS.push(makeX)`: the widget then calls
// makeX(send, model) once and gets `{ button, update(view) }`; the button goes in its toolbar and
// update runs on every redraw. Only the panels a widget is made of are in its module.
const TOOLS = [];

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
  const zoomFit = h("button", "pn-zoom-fit", { type: "button", "aria-label": "Fit: show the whole board", title: "Whole board (0)" }, "Fit");
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
