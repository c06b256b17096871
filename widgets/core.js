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
  const act = document.activeElement && svg.contains(document.activeElement) ? document.activeElement : null;
  const focused = !act ? null : act.id ? "#" + CSS.escape(act.id)
    : act.dataset && act.dataset.offer ? `[data-offer="${CSS.escape(act.dataset.offer)}"]` : null; // (offers have no id)
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
    const again = svg.querySelector(focused);
    if (again && again !== document.activeElement) again.focus();
  }
}

// The explanation panel: legal or not, in words, with the rules that decide it. Each rule shows its
// rulebook section; the tooltip keeps the rule's summary and the printed section title. Its words come
// with it from Python (render/viewmodel.py explanation_json: `head`, `rules_label`, each rule's `printed`).
function drawExplanation(box, e) {
  box.replaceChildren();
  box.hidden = !e;
  if (!e) return;
  box.append(h("div", e.legal ? "pb-legal" : "pb-illegal", {}, (e.head || "") + e.text));
  const ul = h("ul", "pb-rules", { "aria-label": e.rules_label || "" });
  for (const r of e.rules || []) {
    const tip = [r.summary, printedTip(r.printed, r.source, r.source_original)].filter(Boolean).join("\n");
    ul.append(h("li", "", { title: tip, "data-rule": r.id }, r.source || r.id));
  }
  box.append(ul);
}

// The tip of a citation as the rulebook prints it: Python's words for it (`printed`, "Printed: …"), else
// the printed citation itself where it differs from the one shown.
function printedTip(printed, cite, original) {
  return printed !== undefined ? printed : original && original !== cite ? original : "";
}

// A template of Python's words with its {name} fields filled in from `values`.
function fillFields(text, values) {
  return String(text || "").replace(/\{([a-z_]+)\}/g, (m, k) => (values[k] !== undefined ? String(values[k]) : m));
}

// The form of a word that follows the number `n`: `p` is {forms, index} (render/say.py counted).
function formFor(p, n) {
  return p && p.forms ? p.forms[p.index[n < p.index.length ? n : 100 + (n % 100)]] : "";
}

// A sentence the kernel logged ({text, cite, cite_original, printed}): the words, with the rule cited in its
// tooltip; the sentence is a Tab stop that shows the citation while it has the focus (keyboard users),
// unless `focusable` is false (a copy of a line the keyboard reaches elsewhere).
function sentenceEl(s, tag = "div", cls = "pv-sentence", focusable = true) {
  const tip = [s.cite, printedTip(s.printed, s.cite, s.cite_original)].filter(Boolean).join("\n");
  const el = h(tag, cls, tip ? { title: tip } : {}, s.text || "");
  if (tip && focusable) focusTip(el, tip);
  return el;
}

// A tip that shows while `el` has the keyboard focus (what its title shows the pointer): `el` becomes a
// Tab stop, the tip a child of it for as long as the focus stays, and its description for a screen reader.
let focusTipCount = 0;
function focusTip(el, text) {
  el.tabIndex = 0;
  el.classList.add("pn-has-tip");
  el.addEventListener("focus", () => {
    if (el.querySelector(":scope > .pn-focus-tip")) return;
    const id = `pn-focus-tip-${++focusTipCount}`;
    const tip = h("span", "pn-focus-tip", { role: "tooltip", id }, text);
    el.append(tip);
    el.setAttribute("aria-describedby", id);
  });
  el.addEventListener("blur", () => {
    for (const t of el.querySelectorAll(":scope > .pn-focus-tip")) t.remove();
    el.removeAttribute("aria-describedby");
  });
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

// One button per place that is a choice now (view.places: {target, label, name}), for the choices group:
// every choice is reachable without the map (keyboard, screen readers); `act(target)` does what a click
// on the place does. core.css shows them while the keyboard focus is in the group.
function placeButtons(places, act) {
  return (places || []).map((p) => {
    const b = h("button", "pb-button pb-place", { type: "button", "data-target": p.target, "aria-label": `${p.label}, ${p.name}` },
      p.label);
    b.addEventListener("click", () => act(p.target));
    return b;
  });
}

// --- the keyboard focus of a widget: it stays in the widget and goes to the first new choice --------
// A redraw replaces the buttons, so the focused one goes and the focus would fall to the page. A widget
// takes note before it draws (`before()`) and, after, calls `after(note, decided, first)`: if the focus
// was in the widget, and a decision was taken (`decided`) or the focus is lost or hidden now, `first(fromMap)`
// puts it on the first new choice (`fromMap`: the decision was taken on the map).
const shownEl = (x) => !!x && !x.hidden && x.offsetParent !== null;
function firstControl(...boxes) {
  return boxes.filter(shownEl).map((b) => [...b.querySelectorAll("button:not(:disabled)")].find(shownEl)).find(Boolean) || null;
}
// focus `x`, which need not be a control (a prompt, a status line: focusable from script only)
function focusOn(x, opts = {}) {
  if (!x.matches("button, select, input, textarea, summary, [tabindex]")) x.tabIndex = -1;
  x.focus(opts);
}
function focusKeeper(el, map) {
  let inside = false; // the focus was last in the widget (also when the element holding it went)
  el.addEventListener("focusin", () => { inside = true; });
  el.addEventListener("focusout", (e) => { if (e.relatedTarget && !el.contains(e.relatedTarget)) inside = false; });
  return {
    before() {
      const a = document.activeElement;
      return { had: el.contains(a) || ((!a || a === document.body) && inside), fromMap: !!a && !!map && map.box.contains(a) };
    },
    after(note, decided, first) {
      const now = document.activeElement;
      if (note.had && (decided || !now || now === document.body || !el.contains(now) || !shownEl(now))) first(note.fromMap && decided);
    },
  };
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

// --- the map with a keyboard: one Tab stop, the arrow keys between neighbouring places --------------
// The places (areas, poleis, offers: what the board's SVG makes focusable) take one Tab stop together
// (a roving tabindex): the place last focused, or, while places are choices and the focus is not on the
// map, the first of them. An arrow key goes to the neighbour of the place in that direction (the
// neighbours are the rules' borders, coasts and ports, sent as view.neighbours; where none lies that
// way, the nearest place that way); Home and End go to the first and last choice (all places when none
// is a choice); Enter or Space chooses (onPlaces). A focused place shows its tip, and is described by
// it. A place that is a choice now says so in its name (the words from Python: view.places[].name).
const PLACE_SEL = "[data-offer],[data-polis],[data-area]";
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

function placeTarget(el) {
  const d = el.dataset;
  return d.offer ? "offer:" + d.offer : d.polis ? "polis:" + d.polis : "area:" + d.area;
}

function mapKeys(host, tip, tipFor, reveal) {
  let current = null; // the target holding the map's Tab stop
  let near = {}, legal = [], help = "";
  const places = () => [...host.querySelectorAll(PLACE_SEL)].filter((e) => e.hasAttribute("tabindex"));
  const find = (t) => places().find((e) => placeTarget(e) === t) || null;
  const focused = () => { const a = document.activeElement; return !!a && host.contains(a) && a.matches(PLACE_SEL); };
  function rove() {
    const els = places();
    if (!els.length) return;
    if (!els.some((e) => placeTarget(e) === current)) current = placeTarget(els[0]);
    for (const e of els) {
      const on = placeTarget(e) === current;
      if (e.tabIndex !== (on ? 0 : -1)) e.tabIndex = on ? 0 : -1;
    }
  }
  function go(t) {
    const el = t && find(t);
    if (!el) return false;
    current = t;
    rove();
    el.focus({ preventScroll: true });
    reveal(el);
    return true;
  }
  const centre = (el) => { const r = el.getBoundingClientRect(); return [(r.left + r.right) / 2, (r.top + r.bottom) / 2]; };
  // the place that way from `from`: the neighbour closest to the arrow's direction (within 75° of it),
  // else the nearest place of all within 68° (a step sideways counting twice)
  function toward(from, [ux, uy]) {
    const el = find(from);
    if (!el) return null;
    const [x0, y0] = centre(el);
    const best = (cands, cone, score) => {
      let pick = null, low = Infinity;
      for (const c of cands) {
        if (!c || c === el) continue;
        const [x, y] = centre(c);
        const along = (x - x0) * ux + (y - y0) * uy, aside = Math.abs((x - x0) * uy - (y - y0) * ux);
        if (along <= 0 || aside > cone * along) continue;
        const s = score(along, aside);
        if (s < low) { low = s; pick = c; }
      }
      return pick;
    };
    const pick = best((near[from] || []).map(find), 3.7, (along, aside) => aside / along + along / 2000)
      || best(places(), 2.5, (along, aside) => along + 2 * aside);
    return pick ? placeTarget(pick) : null;
  }
  host.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !e.target.matches || !e.target.matches(PLACE_SEL)) return;
    const from = placeTarget(e.target);
    let next = null;
    if (ARROWS[e.key]) next = toward(from, ARROWS[e.key]);
    else if (e.key === "Home" || e.key === "End") {
      const list = legal.length ? legal.filter(find) : places().map(placeTarget);
      next = e.key === "Home" ? list[0] : list[list.length - 1];
    } else return;
    e.preventDefault(); // (JupyterLab's own shortcuts skip a key whose default is prevented)
    e.stopPropagation();
    if (next) go(next);
  });
  host.addEventListener("focusin", (e) => {
    if (!e.target.matches || !e.target.matches(PLACE_SEL)) return;
    current = placeTarget(e.target);
    rove();
    if (tipFor(current, 0, 0, e.target.getBoundingClientRect(), help)) e.target.setAttribute("aria-describedby", tip.id);
  });
  host.addEventListener("focusout", (e) => {
    if (e.target.removeAttribute) e.target.removeAttribute("aria-describedby");
    if (!host.contains(e.relatedTarget)) tip.hidden = true;
  });
  return {
    focused,
    // put the focus on the first place that is a choice now (false: none is)
    focusChoice() { return go(legal.find(find)); },
    update(v) {
      near = v.neighbours || {};
      help = v.map_keys || "";
      legal = Object.keys(v.targets || {});
      const names = Object.fromEntries((v.places || []).map((p) => [p.target, p.name]));
      for (const el of places()) {
        if (el.dataset.pnName === undefined) el.dataset.pnName = el.getAttribute("aria-label") || "";
        const base = el.dataset.pnName, extra = names[placeTarget(el)];
        const name = extra ? (base ? `${base}, ${extra}` : extra) : base;
        if (name && el.getAttribute("aria-label") !== name) el.setAttribute("aria-label", name);
      }
      if (legal.length && !focused() && !legal.includes(current)) current = legal.find(find) || current;
      rove();
      const a = document.activeElement;
      if (focused() && !tip.hidden) tipFor(placeTarget(a), 0, 0, a.getBoundingClientRect(), help);
    },
  };
}

function makeMap(cls) {
  const box = h("div", cls + " pn-map", { tabindex: "-1" });
  const host = h("div", "pn-map-host");
  const tip = h("div", "pn-tip", { role: "tooltip", hidden: "", id: `pn-tip-${Math.random().toString(36).slice(2, 9)}` });
  box.append(host, tip);
  // (their words come with each board view, `map_words`: see update)
  const zoomOut = h("button", "pn-zoom-out", { type: "button" }, "−");
  const zoomIn = h("button", "pn-zoom-in", { type: "button" }, "+");
  const zoomFit = h("button", "pn-zoom-fit", { type: "button" });
  const zoomBar = h("div", "pn-zoom", { role: "group" });
  let said = null; // the map's words last put on its controls
  function sayWords(W) {
    if (!W || W === said) return;
    said = W;
    zoomBar.setAttribute("aria-label", W.zoom);
    zoomIn.setAttribute("aria-label", W.zoom_in);
    zoomIn.title = W.zoom_in_tip;
    zoomOut.setAttribute("aria-label", W.zoom_out);
    zoomOut.title = W.zoom_out_tip;
    zoomFit.setAttribute("aria-label", W.fit_aria);
    zoomFit.title = W.fit_tip;
    zoomFit.textContent = W.fit;
  }
  zoomBar.append(zoomIn, zoomOut, zoomFit);
  box.append(zoomBar);

  let base = null; // [x, y, w, h] of the whole board
  let z = 1, cx = 0, cy = 0;
  let tips = {};
  let dragged = false;
  let keys = null; // the keyboard's part of the map (mapKeys below)

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

  // the tip of place `t` beside the point (x, y) of the screen, or beside the rectangle `rect` (the focus)
  function tipFor(t, x0, y0, rect = null, extra = "") {
    const info = t && tips[t];
    if (!info) {
      tip.hidden = true;
      return false;
    }
    tip.replaceChildren(h("div", "pn-tip-title", {}, info.title), ...(info.lines || []).map((l) => h("div", "", {}, l)),
      ...(extra ? [h("div", "pn-tip-keys", {}, extra)] : []));
    tip.hidden = false;
    const r = box.getBoundingClientRect();
    const right = rect ? rect.right : x0, bottom = rect ? rect.bottom : y0;
    const left = rect ? rect.left : x0, top = rect ? rect.top : y0;
    let x = right - r.left + (rect ? 6 : 14), y = (rect ? top : bottom) - r.top + (rect ? 0 : 14);
    if (x + tip.offsetWidth > r.width) x = Math.max(0, left - r.left - tip.offsetWidth - 10);
    if (y + tip.offsetHeight > r.height) y = Math.max(0, (rect ? bottom : top) - r.top - tip.offsetHeight - 10);
    tip.style.left = x + "px";
    tip.style.top = y + "px";
    tip.dataset.target = t;
    return true;
  }
  function showTip(e) {
    tipFor(targetOf(e.target, true), e.clientX, e.clientY);
  }
  host.addEventListener("pointerleave", () => { if (!keys || !keys.focused()) tip.hidden = true; });

  // show the board point (bx, by) when the map is zoomed and it is out of sight (the focus moved there)
  function reveal(el) {
    const s = svg();
    if (!s || z <= 1.001) return;
    const r = el.getBoundingClientRect(), v = s.getBoundingClientRect();
    if (r.left >= v.left && r.right <= v.right && r.top >= v.top && r.bottom <= v.bottom) return;
    [cx, cy] = toBoard((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    apply();
  }
  keys = mapKeys(host, tip, tipFor, reveal);

  return {
    box, zoomBar,
    focusChoice() { return keys.focusChoice(); },
    update(v) {
      sayWords(v.map_words);
      updateSvg(host, v.svg_attrs, v.svg_layers);
      tips = v.tips || {};
      keys.update(v);
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
const attrText = (s) => String(s || "").replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function makeBand(cls) {
  const box = h("div", cls);
  let markup = null;
  return {
    box,
    update(v) {
      const layers = Object.fromEntries(v.svg_layers || []);
      const band = v.band_box;
      if (!band || layers.band === undefined) return;
      const next = (layers.style || "") + "|" + layers.band + "|" + ((v.map_words || {}).band || "");
      if (next === markup) return;
      markup = next;
      const attrs = v.svg_attrs || {};
      box.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${band.join(" ")}" class="${attrs.class || "polis-board"}" `
        + `role="img" aria-label="${attrText((v.map_words || {}).band)}">${layers.style || ""}<g data-layer="band">${layers.band}</g></svg>`;
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
      "aria-haspopup": "true", "aria-expanded": "false", title: c.pay_tip || "" }, c.label + " ▾");
    btn.addEventListener("click", () => openPicker(c, btn));
    return btn;
  });
}
