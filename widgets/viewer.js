// polis_nb widgets: the browser half of the Viewer (step through a record turn by turn, annotate it,
// play variations, take it as a guess-the-move lesson). Not a module by itself:
// polis_nb/widgets/_assets.py (esm("viewer")) puts core.js in front of it, so `h`, `makeMap`,
// `makeEngine`, `makeReview` and the other shared helpers are in scope here. Its last line is the
// module's export. Python decides everything shown (which rows, where a step goes, whether an answer
// is right); this file only draws the view model and sends intents.

const GLYPHS = ["!", "?", "!!", "??", "!?", "?!"];
const GLYPH_WORDS = { "!": "good move", "?": "mistake", "!!": "brilliant move", "??": "blunder",
  "!?": "interesting move", "?!": "dubious move" };
const KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end", ArrowUp: "up", ArrowDown: "down" };
const MODES = [["view", "View", "Step through the record"], ["play", "Play", "Play from here: a new decision starts a variation"],
  ["draw", "Draw marks", "Click two places for an arrow, one place to highlight it"],
  ["lesson", "Lesson", "Guess the move: find each decision the author marked as a question"]];
const STEP_BY = [["turn", "Turns", "← → step a whole turn (with all its decisions); Shift + ← → one decision"],
  ["decision", "Decisions", "← → step one decision; every decision is listed"]];

function renderViewer({ model, el }) {
  el.classList.add("pnb-viewer");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", "Polis game viewer: the arrow keys step a turn (Shift: one decision), up and down switch variations");
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    model.send(msg);
  };
  const bar = h("div", "pv-bar");
  const nav = h("div", "pv-nav", { role: "toolbar", "aria-label": "Navigate the record" });
  const navButtons = {};
  for (const [dir, label, aria] of [["start", "«", "First position (Home)"], ["back", "◀", "Back (←; Shift + ← one decision)"],
    ["forward", "▶", "Forward (→; Shift + → one decision)"], ["end", "»", "Last position (End)"],
    ["up", "↑", "Previous variation (↑)"], ["down", "↓", "Next variation (↓)"]]) {
    const b = h("button", "pv-" + dir, { type: "button", "aria-label": aria, title: aria }, label);
    b.addEventListener("click", () => send({ kind: "nav", dir }));
    navButtons[dir] = b;
    nav.append(b);
  }
  const where = h("span", "pv-where", { "aria-live": "polite" });
  const stepBox = h("div", "pv-steps", { role: "radiogroup", "aria-label": "Step by" });
  stepBox.append(h("span", "pv-steps-label", {}, "Step by"));
  const stepButtons = {};
  for (const [by, label, tip] of STEP_BY) {
    const b = h("button", "pv-step-by pv-step-by-" + by, { type: "button", role: "radio", title: tip, "data-by": by }, label);
    b.addEventListener("click", () => send({ kind: "steps", by }));
    stepButtons[by] = b;
    stepBox.append(b);
  }
  const modes = h("div", "pv-modes", { role: "radiogroup", "aria-label": "Mode" });
  const modeButtons = {};
  for (const [m, label, tip] of MODES) {
    const b = h("button", "pv-mode pv-mode-" + m, { type: "button", role: "radio", title: tip }, label);
    b.addEventListener("click", () => send({ kind: "mode", mode: m }));
    modeButtons[m] = b;
    modes.append(b);
  }
  const map = makeMap("pv-map");
  const engine = makeEngine(send); // its answer is a card over the map; its button goes in the bar
  bar.append(nav, where, stepBox, modes, engine.run);

  // above the map: the choices (play mode) or the question (lesson)
  const playBar = h("div", "pv-playbar");
  const lesson = h("section", "pv-lesson", { "aria-label": "Lesson", "aria-live": "polite" });
  const prompt = h("div", "pb-prompt", { role: "status", "aria-live": "polite" });
  const buttons = h("div", "pb-buttons", { role: "group", "aria-label": "Choices" });
  const note = h("div", "pb-note", { role: "alert" });
  const explain = h("div", "pb-explain", { "aria-live": "polite" });
  // draw mode: the colour of the next mark (the four colours a record keeps)
  const colours = h("div", "pv-colours", { role: "radiogroup", "aria-label": "Colour of the marks" });
  const colourButtons = {};
  for (const c of ["green", "red", "blue", "yellow"]) {
    const b = h("button", "pv-colour pv-colour-" + c, { type: "button", role: "radio", title: "Draw in " + c,
      "aria-label": c, "data-colour": c });
    b.addEventListener("click", () => send({ kind: "colour", colour: c }));
    colourButtons[c] = b;
    colours.append(b);
  }
  playBar.append(lesson, prompt, colours, buttons, note, explain);
  const review = makeReview(send);
  const band = makeBand("pv-band");

  // the map and its notes: side by side where the output is wide enough for both with the map's text
  // at least 11 px, else the notes below the map (viewer.css); the players and the round track below
  const main = h("div", "pv-main");
  const notesBox = h("div", "pv-notes-box");
  const notes = h("div", "pv-notes");
  const info = h("div", "pv-info");
  const stepInfo = h("section", "pv-step", { "aria-label": "This step", "aria-live": "polite" });
  const current = h("section", "pv-current", { "aria-label": "This decision" });
  const commentary = h("section", "pv-commentary", { "aria-label": "This turn" });
  info.append(stepInfo, current, commentary);
  const treeBox = h("div", "pv-treebox");
  const treeTitle = h("div", "pv-tree-title", {}, "The record (click a row to go there)");
  const tree = h("div", "pv-tree", { role: "tree", "aria-label": "Turns, decisions and variations" });
  treeBox.append(treeTitle, tree);
  notes.append(info, treeBox);
  notesBox.append(notes);
  main.append(map.box, notesBox, band.box);

  // below: annotating the decision shown
  const annotate = h("section", "pv-annotate", { "aria-label": "Annotate this decision" });
  const glyphs = h("div", "pv-glyphs", { role: "group", "aria-label": "Glyphs" });
  const cid = "pv" + Math.random().toString(36).slice(2, 9);
  const commentLabel = h("label", "pv-comment-label", { for: cid + "-comment" }, "Your comment on this decision");
  const comment = h("textarea", "pv-comment-edit", { id: cid + "-comment", rows: "3",
    placeholder: "Write what you think of this move; Save keeps it in the record" });
  const commentTools = h("div", "pv-comment-tools");
  const saveComment = h("button", "pv-save-comment", { type: "button" }, "Save comment");
  const clearMarks = h("button", "pv-clear-marks", { type: "button" }, "Clear marks");
  commentTools.append(saveComment, clearMarks);
  annotate.append(glyphs, commentLabel, comment, commentTools);
  const key = h("details", "pv-key");
  key.append(h("summary", "", {}, "Key to the symbols"), makeKey(model).box);
  el.append(bar, playBar, review.box, main, annotate, key);

  for (const g of GLYPHS) {
    const b = h("button", "pv-glyph", { type: "button", "aria-label": `glyph ${g} (${GLYPH_WORDS[g]})`,
      title: GLYPH_WORDS[g], "aria-pressed": "false" }, g);
    b.addEventListener("click", () => send({ kind: "glyph", node: model.get("view").current, glyph: g }));
    glyphs.append(b);
  }
  saveComment.addEventListener("click", () => send({ kind: "comment", node: model.get("view").current, text: comment.value }));
  clearMarks.addEventListener("click", () => send({ kind: "clear", node: model.get("view").current }));
  const clickable = (v) => v.mode === "play" || v.mode === "draw" || (v.mode === "lesson" && v.lesson && v.lesson.open);
  onPlaces(map, (t) => {
    if (!clickable(model.get("view"))) return false;
    send({ kind: "click", target: t });
  }, { stop: true });
  el.addEventListener("keydown", (e) => {
    const tag = (e.target.tagName || "").toLowerCase();
    if (tag === "textarea" || tag === "input" || !(e.key in KEYS) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const dir = KEYS[e.key];
    if (e.shiftKey && (dir === "back" || dir === "forward")) send({ kind: "nav", dir, by: "decision" });
    else send({ kind: "nav", dir });
  });
  tree.addEventListener("click", (e) => {
    const row = e.target.closest(".pv-row[data-node]");
    if (row) send({ kind: "goto", node: row.dataset.node });
  });
  lesson.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.dataset.action) send({ kind: "choose", action: b.dataset.action });
    else if (b.classList.contains("pv-answer")) send({ kind: "answer" });
  });

  function drawLesson(v) {
    const l = v.lesson;
    lesson.hidden = !l;
    if (!l) return lesson.replaceChildren();
    const items = [];
    if (l.result) items.push(h("div", "pv-lesson-result", {}, l.result));
    if (l.open) {
      items.push(h("div", "pv-lesson-prompt", {}, l.prompt));
      if (l.feedback) items.push(h("div", "pv-lesson-feedback", {}, l.feedback));
      if (l.hint) items.push(h("div", "pv-lesson-hint", {}, "Hint: " + l.hint));
      if (l.comment) items.push(h("div", "pv-lesson-comment", {}, "The author's note: " + l.comment));
      if (l.choices && l.choices.length) {
        const box = h("div", "pb-buttons pv-lesson-choices", { role: "group", "aria-label": "Choices at that place" });
        for (const c of l.choices) box.append(h("button", "pb-button", { type: "button", "data-action": c.action }, c.label));
        items.push(box);
      }
      if (l.can_answer) items.push(h("button", "pv-answer", { type: "button" }, "Show the answer"));
    } else if (l.text) {
      items.push(h("div", "pv-lesson-text", {}, l.text));
    }
    if (l.count) items.push(h("div", "pv-lesson-score", {}, `Found ${l.found} of ${l.count}` + (l.shown ? `, ${l.shown} shown` : "")));
    lesson.replaceChildren(...items);
  }

  function treeRow(r) {
    if (r.heading) return h("div", "pv-row pv-heading", { role: "presentation" }, r.text);
    const cls = "pv-row" + (r.step ? " pv-step-row" : " pv-sub") + (r.current ? " pv-current" : "")
      + (r.in_current ? " pv-in-current" : "") + (r.depth ? " pv-variation" : "") + (r.chance ? " pv-chance" : "")
      + (r.open ? " pv-open" : "");
    const attrs = { "data-node": r.id, role: "treeitem", "aria-selected": String(!!r.current),
      style: `padding-left:${4 + 14 * r.depth + (r.step ? 0 : 18)}px` };
    if (r.step) {
      attrs["data-kind"] = r.kind;
      if (r.side) attrs["data-side"] = r.side;
      if (r.title) attrs.title = r.title;
    }
    const row = h("div", cls, attrs);
    const num = r.step ? (r.num || "") : r.num + ".";
    row.append(h("span", "pv-num", r.step && r.num ? { "aria-label": r.title } : {}, num),
      h("span", "pv-words", {}, (r.variation && r.name ? `(${r.name}) ` : r.variation ? "( " : "") + (r.words || r.text)),
      h("span", "pv-glyph-text", r.glyphs ? { "data-glyph": r.glyphs, title: GLYPH_WORDS[r.glyphs] || "" } : {}, r.glyphs || ""));
    if (r.quiz) row.append(h("span", "pv-has-quiz", { title: "a question of the lesson" }, "question"));
    if (r.comment) {
      row.append(h("span", "pv-has-comment", { "aria-label": "has a comment" }, "comment"));
      row.title = (row.title ? row.title + "\n" : "") + r.comment;
    }
    return row;
  }

  // the current row of the record, and the current decision of the turn, in sight: after every
  // redraw, and when the list is first laid out or changes its size (a Viewer drawn before it is on
  // the page has no size to scroll yet)
  function keepCurrentInSight() {
    scrollInto(tree, tree.querySelector(".pv-row.pv-current") || tree.querySelector(".pv-row.pv-in-current"));
    scrollInto(info, commentary.querySelector(".pv-turn-current"));
  }
  const sized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(keepCurrentInSight);
  if (sized) { sized.observe(tree); sized.observe(info); }

  function draw() {
    const v = model.get("view") || {};
    const b = v.board || {};
    const asking = v.mode === "lesson" && v.lesson && v.lesson.open;
    const shown = mapPart(b); // the map alone; the band below it
    map.update(v.mode === "view" || (v.mode === "lesson" && !asking) ? Object.assign({}, shown, { targets: {} }) : shown);
    band.update(b);
    const vb = ((shown.svg_attrs || {}).viewBox || "").split(/\s+/).map(Number);
    if (vb.length === 4 && vb[3] > 0) el.style.setProperty("--pv-aspect", String(vb[2] / vb[3]));
    for (const [dir, btn] of Object.entries(navButtons)) btn.disabled = !(v.nav || {})[dir];
    for (const [m, btn] of Object.entries(modeButtons)) {
      btn.setAttribute("aria-checked", String(v.mode === m));
      btn.classList.toggle("pv-on", v.mode === m);
    }
    for (const [by, btn] of Object.entries(stepButtons)) {
      btn.setAttribute("aria-checked", String(v.steps === by));
      btn.classList.toggle("pv-on", v.steps === by);
    }
    const n = v.node || {};
    where.textContent = n.num ? `Decision ${n.num}` + (v.nav?.forward ? "" : " · end of the line") : "Start of the game";
    drawLesson(v);
    prompt.textContent = v.mode === "play" || asking ? b.prompt || ""
      : v.mode === "draw" ? "Draw marks: pick a colour, then click two places for an arrow, the same place twice to highlight it" : "";
    colours.hidden = v.mode !== "draw";
    for (const [c, btn] of Object.entries(colourButtons)) {
      btn.setAttribute("aria-checked", String(v.colour === c));
      btn.classList.toggle("pv-on", v.colour === c);
    }
    buttons.replaceChildren(...choiceButtons(v.mode === "play" || asking ? b.buttons || [] : [], send));
    note.textContent = b.note || "";
    note.hidden = !b.note;
    drawExplanation(explain, b.explanation);
    playBar.hidden = !(prompt.textContent || b.note || b.explanation || buttons.children.length || v.lesson);
    engine.update(v.engine, { playable: v.mode === "play", hidden: v.engine_off, disabled: b.player === "terminal" });
    engine.dock(map);
    review.update(v.review);
    annotate.hidden = v.mode === "lesson";
    el.dataset.steps = v.steps || "";

    // the notes: the step (a turn ...) in words, the decision shown, the turn's decisions
    const p = v.position;
    if (p) {
      const head = h("div", "pv-step-head");
      head.append(h("span", "pv-step-title", {}, p.title));
      if (p.label) head.append(h("span", "pv-step-label", { "data-side": p.side || "" }, p.label));
      const pos = p.count > 1 ? (p.at_end ? `${p.count} decisions` : `decision ${p.index} of ${p.count}`) : "";
      if (pos) head.append(h("span", "pv-step-where", {}, pos));
      stepInfo.replaceChildren(head, h("div", "pv-step-words", {}, p.words || ""));
    } else {
      const head = h("div", "pv-step-head");
      head.append(h("span", "pv-step-title", {}, "The start of the game"));
      stepInfo.replaceChildren(head);
    }
    const cur = [h("div", "pv-decision", {}, n.num ? `${n.num}. ${n.decision || ""}` : "The game starts")];
    if (n.outcome) cur.push(h("div", "pv-outcome", {}, "Game over: " + n.outcome));
    if (n.comment) cur.push(h("div", "pv-node-comment", {}, n.comment));
    for (const m of n.marks || []) cur.push(h("div", "pv-mark", {}, "Mark: " + m));
    if (n.quiz && v.mode !== "lesson") {
      cur.push(h("div", "pv-quiz-mark", {}, "A question of the lesson" + (n.quiz.hint ? " · hint: " + n.quiz.hint : "")));
    }
    current.replaceChildren(...cur);
    for (const btn of glyphs.children) btn.setAttribute("aria-pressed", String((n.glyphs || []).includes(btn.textContent)));
    if (document.activeElement !== comment) comment.value = n.comment || "";
    const turn = v.turn || [];
    commentary.hidden = !turn.length;
    commentary.replaceChildren(h("div", "pv-commentary-title", {}, p && p.kind === "turn" ? "This turn, decision by decision" : "Step by step"),
      ...turn.map((e) => {
        const d = h("div", "pv-turn-entry" + (e.current ? " pv-turn-current" : ""));
        d.append(h("div", "pv-turn-decision", {}, (e.num ? e.num + ". " : "") + e.decision + (e.glyphs ? " " + e.glyphs : "")));
        for (const s of e.sentences || []) d.append(sentenceEl(s));
        if (e.comment) d.append(h("div", "pv-comment", {}, "— " + e.comment));
        return d;
      }));

    tree.replaceChildren(...(v.rows || []).map(treeRow));
    if (v.rows_cut) tree.append(h("div", "pv-row pv-heading", {}, "… the record goes on (shown up to here)"));
    if (v.mode === "lesson") tree.append(h("div", "pv-row pv-heading pv-lesson-more", {}, "… the rest appears as the lesson goes on"));
    keepCurrentInSight(); // by scrolling the list only (never the notebook around it)
    el.dataset.rev = String(v.rev ?? "");
    el.dataset.mode = v.mode || "";
  }
  model.on("change:view", draw);
  draw();
  return () => {
    model.off("change:view", draw);
    if (sized) sized.disconnect();
  };
}

export default { render: renderViewer };
