// polis_nb widgets: the lesson panel of the Viewer (polis_nb/widgets/panels/lesson.py), joined after core.js by
// polis_nb/widgets/_assets.py (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope.

// --- the lesson's question above the map: its prompt, the feedback on the last try, the author's hint
// and note as the tries go on, the choices at a place that holds several, "Show the answer" once it may
// be shown, and the score. Python judges every try; this only draws view.lesson.

function makeLesson(send, W) {
  const box = h("section", "pv-lesson", { "aria-label": W.section, "aria-live": "polite" });
  box.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.dataset.action) send({ kind: "choose", action: b.dataset.action });
    else if (b.classList.contains("pv-answer")) send({ kind: "answer" });
  });
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
  return {
    box,
    update(v) {
      const l = v.lesson;
      box.hidden = !l;
      if (!l) return box.replaceChildren();
      const items = [];
      if (l.result) items.push(h("div", "pv-lesson-result", {}, l.result));
      if (l.open) {
        items.push(h("div", "pv-lesson-prompt", {}, l.prompt));
        if (l.feedback) items.push(h("div", "pv-lesson-feedback", {}, l.feedback));
        if (l.hint) items.push(h("div", "pv-lesson-hint", {}, W.hint + l.hint));
        if (l.comment) items.push(h("div", "pv-lesson-comment", {}, W.comment + l.comment));
        if (l.choices && l.choices.length) {
          const choices = h("div", "pb-buttons pv-lesson-choices", { role: "group", "aria-label": W.choices });
          for (const c of l.choices) choices.append(h("button", "pb-button", { type: "button", "data-action": c.action }, c.label));
          items.push(choices);
        }
        if (l.can_answer) items.push(h("button", "pv-answer", { type: "button" }, W.answer));
      } else if (l.text) {
        items.push(h("div", "pv-lesson-text", {}, l.text));
      }
      if (l.count) items.push(h("div", "pv-lesson-score", {}, fill(W.found, l) + (l.shown ? fill(W.shown, l) : "")));
      box.replaceChildren(...items);
    },
  };
}
