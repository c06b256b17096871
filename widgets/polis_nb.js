// polis_nb widgets — the browser half of the Board and the Viewer. They draw the view model Python
// sends and send intents back ({kind, rev, ...}); they never decide a rule. One self-contained ES
// module (no imports, no network); the trait `_kind` says which widget to draw.

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

function targetOf(node) {
  const el = node.closest && node.closest("[data-offer],[data-polis],[data-area]");
  if (!el) return null;
  if (el.dataset.offer) return "offer:" + el.dataset.offer;
  if (el.dataset.polis) return "polis:" + el.dataset.polis;
  return "area:" + el.dataset.area;
}

function renderBoard({ model, el }) {
  el.classList.add("pnb-board");
  const map = h("div", "pb-map");
  const side = h("div", "pb-side");
  const prompt = h("div", "pb-prompt", { role: "status", "aria-live": "polite" });
  const choices = h("div", "pb-choices", { role: "group", "aria-label": "Choices here" });
  const buttons = h("div", "pb-buttons", { role: "group", "aria-label": "Choices" });
  const tools = h("div", "pb-tools");
  const whyBtn = h("button", "pb-why", { type: "button", "aria-pressed": "false" }, "Why not? (then click the map)");
  const note = h("div", "pb-note", { role: "alert" });
  const explain = h("div", "pb-explain", { "aria-live": "polite" });
  const logTitle = h("div", "pb-log-title", {}, "What just happened");
  const log = h("ol", "pb-log");
  const desc = h("details", "pb-desc");
  const descText = h("pre", "pb-desc-text");
  desc.append(h("summary", "", {}, "Text description of the board"), descText);
  tools.append(whyBtn);
  side.append(prompt, choices, buttons, tools, note, explain, logTitle, log, desc);
  el.append(map, side);

  let whyMode = false;
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    model.send(msg);
  };

  function onTarget(t) {
    const v = model.get("view");
    choices.replaceChildren();
    if (whyMode) {
      whyMode = false;
      whyBtn.setAttribute("aria-pressed", "false");
      send({ kind: "why", target: t });
      return;
    }
    const here = (v.targets || {})[t] || [];
    if (here.length > 1) {
      for (const c of here) {
        const b = h("button", "pb-choice", { type: "button" }, c.label);
        b.addEventListener("click", () => send({ kind: "choose", action: c.action }));
        choices.append(b);
      }
      return;
    }
    send({ kind: "click", target: t }); // Python re-checks; a place that is not a choice gets explained
  }

  map.addEventListener("click", (e) => {
    const t = targetOf(e.target);
    if (t) onTarget(t);
  });
  map.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const t = targetOf(e.target);
    if (t) {
      e.preventDefault();
      onTarget(t);
    }
  });
  whyBtn.addEventListener("click", () => {
    whyMode = !whyMode;
    whyBtn.setAttribute("aria-pressed", String(whyMode));
  });

  function draw() {
    const v = model.get("view") || {};
    updateSvg(map, v.svg_attrs, v.svg_layers);
    prompt.textContent = v.prompt || "";
    choices.replaceChildren();
    buttons.replaceChildren(
      ...(v.buttons || []).map((b) => {
        const btn = h("button", "pb-button", { type: "button", "data-action": b.action }, b.label);
        btn.addEventListener("click", () => send({ kind: "choose", action: b.action }));
        return btn;
      })
    );
    note.textContent = v.note || "";
    explain.replaceChildren();
    if (v.explanation) {
      const e = v.explanation;
      explain.append(h("div", e.legal ? "pb-legal" : "pb-illegal", {}, (e.legal ? "Legal: " : "Not allowed: ") + e.text));
      const ul = h("ul", "pb-rules");
      for (const r of e.rules) ul.append(h("li", "", { title: r.summary }, `${r.id} — ${r.source}`));
      explain.append(ul);
    }
    log.replaceChildren(...(v.log || []).map((e) => h("li", "", { title: e.cite }, e.text)));
    descText.textContent = v.description || "";
    el.dataset.rev = String(v.rev ?? "");
  }
  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

const GLYPHS = ["!", "?", "!!", "??", "!?", "?!"];
const KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end", ArrowUp: "up", ArrowDown: "down" };

function renderViewer({ model, el }) {
  el.classList.add("pnb-viewer");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", "Polis game viewer: arrow keys step, up and down switch variations");
  const map = h("div", "pv-map");
  const side = h("div", "pv-side");
  const nav = h("div", "pv-nav", { role: "toolbar", "aria-label": "Navigate the record" });
  const navButtons = {};
  for (const [dir, label, aria] of [["start", "«", "First position"], ["back", "◀", "Back"], ["forward", "▶", "Forward"],
    ["end", "»", "Last position"], ["up", "↑", "Previous variation"], ["down", "↓", "Next variation"]]) {
    const b = h("button", "pv-" + dir, { type: "button", "aria-label": aria }, label);
    b.addEventListener("click", () => send({ kind: "nav", dir }));
    navButtons[dir] = b;
    nav.append(b);
  }
  const modes = h("div", "pv-modes", { role: "radiogroup", "aria-label": "Mode" });
  const modeButtons = {};
  for (const [m, label] of [["view", "View"], ["play", "Play"], ["draw", "Draw marks"]]) {
    const b = h("button", "pv-mode pv-mode-" + m, { type: "button", role: "radio" }, label);
    b.addEventListener("click", () => send({ kind: "mode", mode: m }));
    modeButtons[m] = b;
    modes.append(b);
  }
  const prompt = h("div", "pb-prompt", { role: "status", "aria-live": "polite" });
  const buttons = h("div", "pb-buttons", { role: "group", "aria-label": "Choices" });
  const note = h("div", "pb-note", { role: "alert" });
  const explain = h("div", "pb-explain", { "aria-live": "polite" });
  const tree = h("div", "pv-tree", { role: "tree", "aria-label": "Decisions and variations" });
  const current = h("div", "pv-current");
  const glyphs = h("div", "pv-glyphs", { role: "group", "aria-label": "Glyphs" });
  const comment = h("textarea", "pv-comment-edit", { "aria-label": "Comment after this decision" });
  const saveComment = h("button", "pv-save-comment", { type: "button" }, "Save comment");
  const clearMarks = h("button", "pv-clear-marks", { type: "button" }, "Clear marks");
  const commentary = h("div", "pv-commentary", { "aria-label": "Commentary" });
  side.append(nav, modes, prompt, buttons, note, explain, current, glyphs, comment, saveComment, clearMarks,
    commentary, tree);
  el.append(map, side);

  const send = (msg) => {
    msg.rev = model.get("view").rev;
    model.send(msg);
  };
  for (const g of GLYPHS) {
    const b = h("button", "pv-glyph", { type: "button", "aria-label": "glyph " + g, "aria-pressed": "false" }, g);
    b.addEventListener("click", () => send({ kind: "glyph", node: model.get("view").current, glyph: g }));
    glyphs.append(b);
  }
  saveComment.addEventListener("click", () => send({ kind: "comment", node: model.get("view").current, text: comment.value }));
  clearMarks.addEventListener("click", () => send({ kind: "clear", node: model.get("view").current }));
  map.addEventListener("click", (e) => {
    const t = targetOf(e.target);
    const v = model.get("view");
    if (!t || v.mode === "view") return;
    send({ kind: "click", target: t });
  });
  map.addEventListener("keydown", (e) => {
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
    updateSvg(map, b.svg_attrs, b.svg_layers);
    for (const [dir, btn] of Object.entries(navButtons)) {
      const ok = { start: v.nav?.back, back: v.nav?.back, forward: v.nav?.forward, end: v.nav?.forward,
        up: v.nav?.up, down: v.nav?.down }[dir];
      btn.disabled = !ok;
    }
    for (const [m, btn] of Object.entries(modeButtons)) btn.setAttribute("aria-checked", String(v.mode === m));
    prompt.textContent = b.prompt || "";
    buttons.replaceChildren(...(v.mode === "play" ? b.buttons || [] : []).map((c) => {
      const btn = h("button", "pb-button", { type: "button", "data-action": c.action }, c.label);
      btn.addEventListener("click", () => send({ kind: "choose", action: c.action }));
      return btn;
    }));
    note.textContent = b.note || "";
    explain.replaceChildren();
    if (b.explanation) {
      explain.append(h("div", b.explanation.legal ? "pb-legal" : "pb-illegal", {},
        (b.explanation.legal ? "Legal: " : "Not allowed: ") + b.explanation.text));
      const ul = h("ul", "pb-rules");
      for (const r of b.explanation.rules) ul.append(h("li", "", { title: r.summary }, `${r.id} — ${r.source}`));
      explain.append(ul);
    }
    const n = v.node || {};
    current.replaceChildren(h("div", "pv-decision", {}, "Decision: " + (n.decision || "")),
      ...(n.sentences || []).map((s) => h("div", "pv-sentence", {}, s)),
      ...(n.marks || []).map((m) => h("div", "pv-mark", {}, m)));
    for (const btn of glyphs.children) btn.setAttribute("aria-pressed", String((n.glyphs || []).includes(btn.textContent)));
    if (document.activeElement !== comment) comment.value = n.comment || "";
    commentary.replaceChildren(h("div", "pv-commentary-title", {}, "This turn"),
      ...(v.turn || []).map((e) => {
        const d = h("div", "pv-turn-entry");
        d.append(h("code", "", {}, e.decision));
        for (const s of e.sentences) d.append(h("div", "pv-sentence", {}, s));
        if (e.comment) d.append(h("div", "pv-comment", {}, "— " + e.comment));
        return d;
      }));
    tree.replaceChildren(...(v.rows || []).map((r) => {
      if (r.heading) return h("div", "pv-row pv-heading", { role: "presentation" }, r.text);
      const cls = "pv-row" + (r.current ? " pv-current" : "") + (r.depth ? " pv-variation" : "");
      const row = h("div", cls, { "data-node": r.id, role: "treeitem", "aria-selected": String(r.current),
        style: `padding-left:${4 + 14 * r.depth}px` });
      row.textContent = (r.variation && r.name ? `(${r.name}) ` : r.variation ? "( " : "") + r.text + r.glyphs
        + (r.comment ? " [c]" : "");
      if (r.comment) row.title = r.comment;
      return row;
    }));
    const cur = tree.querySelector(".pv-current");
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest" });
    el.dataset.rev = String(v.rev ?? "");
    el.dataset.mode = v.mode || "";
  }
  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}


export default {
  render(ctx) {
    return ctx.model.get("_kind") === "viewer" ? renderViewer(ctx) : renderBoard(ctx);
  },
};
