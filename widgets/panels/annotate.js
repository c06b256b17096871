// polis_nb widgets: the annotate panel of the Viewer (polis_nb/widgets/panels/annotate.py), joined after core.js by
// polis_nb/widgets/_assets.py (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope.

// --- annotating the decision shown: its glyphs, a comment, clearing its marks; and in draw mode the colour
// of the next mark (the four colours a record keeps). Python keeps the marks (a click on the map in draw
// mode is sent as a click; Python makes it an arrow or a highlight). Words from the model's "words".

function makeAnnotate(send, W, current) {
  const box = h("section", "pv-annotate", { "aria-label": W.section });
  const glyphs = h("div", "pv-glyphs", { role: "group", "aria-label": W.glyphs_title });
  const cid = "pv" + Math.random().toString(36).slice(2, 9);
  const label = h("label", "pv-comment-label", { for: cid + "-comment" }, W.comment_label);
  const comment = h("textarea", "pv-comment-edit", { id: cid + "-comment", rows: "3", placeholder: W.comment_placeholder });
  const tools = h("div", "pv-comment-tools");
  const save = h("button", "pv-save-comment", { type: "button" }, W.save);
  const clear = h("button", "pv-clear-marks", { type: "button" }, W.clear);
  tools.append(save, clear);
  box.append(glyphs, label, comment, tools);
  for (const { glyph, words, aria } of W.glyphs) {
    const b = h("button", "pv-glyph", { type: "button", "aria-label": aria, title: words, "aria-pressed": "false" }, glyph);
    b.addEventListener("click", () => send({ kind: "glyph", node: current(), glyph }));
    glyphs.append(b);
  }
  save.addEventListener("click", () => send({ kind: "comment", node: current(), text: comment.value }));
  clear.addEventListener("click", () => send({ kind: "clear", node: current() }));

  const colours = h("div", "pv-colours", { role: "radiogroup", "aria-label": W.colours_title });
  const colourButtons = {};
  for (const { colour, label: name, tip } of W.colours) {
    const b = h("button", "pv-colour pv-colour-" + colour, { type: "button", role: "radio", title: tip,
      "aria-label": name, "data-colour": colour });
    b.addEventListener("click", () => send({ kind: "colour", colour }));
    colourButtons[colour] = b;
    colours.append(b);
  }
  return {
    box, colours,
    // the prompt above the map in draw mode
    prompt: (v) => (v.mode === "draw" ? W.draw_prompt : ""),
    update(v) {
      box.hidden = v.mode === "lesson";
      colours.hidden = v.mode !== "draw";
      for (const [c, btn] of Object.entries(colourButtons)) {
        btn.setAttribute("aria-checked", String(v.colour === c));
        btn.classList.toggle("pv-on", v.colour === c);
      }
      const n = v.node || {};
      for (const btn of glyphs.children) btn.setAttribute("aria-pressed", String((n.glyphs || []).includes(btn.textContent)));
      if (document.activeElement !== comment) comment.value = n.comment || "";
    },
  };
}
