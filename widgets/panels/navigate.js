// polis_nb widgets: the navigate panel of the Viewer (polis_nb/widgets/panels/navigate.py), joined after core.js by
// polis_nb/widgets/_assets.py (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope.

// --- where the record is shown and how one walks it: the buttons to step (and the arrow keys), how far a
// step goes, the mode, the record's rows, and the notes on the step and the decision shown. Python
// decides where a step goes (view.nav says which buttons lead somewhere); its words come in the model's
// "words" (render/widgetwords.py).

const NAV_KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end", ArrowUp: "up", ArrowDown: "down" };
function makeNavigate(send, W, glyphWords = {}) {
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
  const nav = h("div", "pv-nav", { role: "toolbar", "aria-label": W.toolbar });
  const navButtons = {};
  for (const { dir, label, aria } of W.dirs) {
    const b = h("button", "pv-" + dir, { type: "button", "aria-label": aria, title: aria }, label);
    b.addEventListener("click", () => send({ kind: "nav", dir }));
    navButtons[dir] = b;
    nav.append(b);
  }
  const where = h("span", "pv-where", { "aria-live": "polite" });
  const stepBox = h("div", "pv-steps", { role: "radiogroup", "aria-label": W.step_by_title });
  stepBox.append(h("span", "pv-steps-label", {}, W.step_by_title));
  const stepButtons = {};
  for (const { by, label, tip } of W.step_by) {
    const b = h("button", "pv-step-by pv-step-by-" + by, { type: "button", role: "radio", title: tip, "data-by": by }, label);
    b.addEventListener("click", () => send({ kind: "steps", by }));
    stepButtons[by] = b;
    stepBox.append(b);
  }
  const modes = h("div", "pv-modes", { role: "radiogroup", "aria-label": W.modes_title });
  const modeButtons = {};
  for (const { mode, label, tip } of W.modes) {
    const b = h("button", "pv-mode pv-mode-" + mode, { type: "button", role: "radio", title: tip }, label);
    b.addEventListener("click", () => send({ kind: "mode", mode }));
    modeButtons[mode] = b;
    modes.append(b);
  }

  // the notes: the step (a turn ...) in words, the decision shown, the turn's decisions; the record's rows
  const notes = h("div", "pv-notes");
  const info = h("div", "pv-info");
  const stepInfo = h("section", "pv-step", { "aria-label": W.step_here, "aria-live": "polite" });
  const current = h("section", "pv-current", { "aria-label": W.decision_here });
  const commentary = h("section", "pv-commentary", { "aria-label": W.turn_here });
  info.append(stepInfo, current, commentary);
  const treeBox = h("div", "pv-treebox");
  const tree = h("div", "pv-tree", { role: "tree", "aria-label": W.tree });
  treeBox.append(h("div", "pv-tree-title", {}, W.tree_title), tree);
  notes.append(info, treeBox);
  tree.addEventListener("click", (e) => {
    const row = e.target.closest(".pv-row[data-node]");
    if (row) send({ kind: "goto", node: row.dataset.node });
  });

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
      h("span", "pv-glyph-text", r.glyphs ? { "data-glyph": r.glyphs, title: glyphWords[r.glyphs] || "" } : {}, r.glyphs || ""));
    if (r.quiz) row.append(h("span", "pv-has-quiz", { title: W.row_quiz_tip }, W.row_quiz));
    if (r.comment) {
      row.append(h("span", "pv-has-comment", { "aria-label": W.row_comment_aria }, W.row_comment));
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

  const toggle = (buttons, on) => {
    for (const [k, btn] of Object.entries(buttons)) {
      btn.setAttribute("aria-checked", String(on === k));
      btn.classList.toggle("pv-on", on === k);
    }
  };

  return {
    nav, where, stepBox, modes, notes,
    // an arrow key steps (Shift: one decision); false when the key is not one of them
    key(e) {
      const tag = (e.target.tagName || "").toLowerCase();
      if (tag === "textarea" || tag === "input" || !(e.key in NAV_KEYS) || e.altKey || e.ctrlKey || e.metaKey) return false;
      e.preventDefault();
      const dir = NAV_KEYS[e.key];
      if (e.shiftKey && (dir === "back" || dir === "forward")) send({ kind: "nav", dir, by: "decision" });
      else send({ kind: "nav", dir });
      return true;
    },
    update(v) {
      for (const [dir, btn] of Object.entries(navButtons)) btn.disabled = !(v.nav || {})[dir];
      toggle(modeButtons, v.mode);
      toggle(stepButtons, v.steps);
      const n = v.node || {};
      where.textContent = n.num ? fill(W.decision, n) + (v.nav?.forward ? "" : W.end_of_line) : W.start;
      const p = v.position;
      const head = h("div", "pv-step-head");
      if (p) {
        head.append(h("span", "pv-step-title", {}, p.title));
        if (p.label) head.append(h("span", "pv-step-label", { "data-side": p.side || "" }, p.label));
        const pos = p.count > 1 ? (p.at_end ? fill(W.decisions.forms[W.decisions.index[p.count < W.decisions.index.length ? p.count : 100 + (p.count % 100)]], p) : fill(W.decision_of, p)) : "";
        if (pos) head.append(h("span", "pv-step-where", {}, pos));
        stepInfo.replaceChildren(head, h("div", "pv-step-words", {}, p.words || ""));
      } else {
        head.append(h("span", "pv-step-title", {}, W.start_title));
        stepInfo.replaceChildren(head);
      }
      const cur = [h("div", "pv-decision", {}, n.num ? `${n.num}. ${n.decision || ""}` : W.game_starts)];
      if (n.outcome) cur.push(h("div", "pv-outcome", {}, W.game_over + n.outcome));
      if (n.comment) cur.push(h("div", "pv-node-comment", {}, n.comment));
      for (const m of n.marks || []) cur.push(h("div", "pv-mark", {}, W.mark + m));
      if (n.quiz && v.mode !== "lesson") {
        cur.push(h("div", "pv-quiz-mark", {}, W.quiz + (n.quiz.hint ? W.quiz_hint + n.quiz.hint : "")));
      }
      current.replaceChildren(...cur);
      const turn = v.turn || [];
      commentary.hidden = !turn.length;
      commentary.replaceChildren(h("div", "pv-commentary-title", {}, p && p.kind === "turn" ? W.turn_title : W.steps_title),
        ...turn.map((e) => {
          const d = h("div", "pv-turn-entry" + (e.current ? " pv-turn-current" : ""));
          d.append(h("div", "pv-turn-decision", {}, (e.num ? e.num + ". " : "") + e.decision + (e.glyphs ? " " + e.glyphs : "")));
          for (const s of e.sentences || []) d.append(sentenceEl(s));
          if (e.comment) d.append(h("div", "pv-comment", {}, "— " + e.comment));
          return d;
        }));
      tree.replaceChildren(...(v.rows || []).map(treeRow));
      if (v.rows_cut) tree.append(h("div", "pv-row pv-heading", {}, W.cut));
      if (v.mode === "lesson") tree.append(h("div", "pv-row pv-heading pv-lesson-more", {}, W.lesson_more));
      keepCurrentInSight(); // by scrolling the list only (never the notebook around it)
    },
    stop() { if (sized) sized.disconnect(); },
  };
}
