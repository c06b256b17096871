// polis_nb Viewer widget — the browser half: draws the record (rows, board, commentary) from the view
// model and sends intents ({kind, rev, ...}); Python owns the record and every rule. No imports.

function h(tag, cls, attrs = {}, text = "") {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function updateSvg(box, text) {
  if (box._svgText === text) return;
  box._svgText = text;
  const fresh = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  const cur = box.querySelector("svg");
  if (!cur || fresh.nodeName !== "svg") {
    box.replaceChildren(document.importNode(fresh, true));
    return;
  }
  for (const a of [...cur.attributes]) if (!fresh.hasAttribute(a.name)) cur.removeAttribute(a.name);
  for (const a of fresh.attributes) cur.setAttribute(a.name, a.value);
  cur.replaceChildren(...[...fresh.childNodes].map((n) => document.importNode(n, true)));
}

function targetOf(node) {
  const el = node.closest && node.closest("[data-offer],[data-polis],[data-area]");
  if (!el) return null;
  if (el.dataset.offer) return "offer:" + el.dataset.offer;
  if (el.dataset.polis) return "polis:" + el.dataset.polis;
  return "area:" + el.dataset.area;
}

const GLYPHS = ["!", "?", "!!", "??", "!?", "?!"];
const KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end", ArrowUp: "up", ArrowDown: "down" };

function render({ model, el }) {
  el.classList.add("polis-viewer");
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
    updateSvg(map, b.svg || "");
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

export default { render };
