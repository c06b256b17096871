// polis_nb widgets: the browser half of the Viewer (step through a record, annotate it, play
// variations). Not a module by itself: polis_nb/widgets/_assets.py (esm("viewer")) puts core.js in
// front of it, so `h`, `makeMap`, `makeEngine`, `makeReview` and the other shared helpers are in scope
// here. Its last line is the module's export.

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

export default { render: renderViewer };
