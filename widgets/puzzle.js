// polis_nb widgets: the browser half of the Puzzle widget (PuzzleBoard: proven puzzles one at a time).
// Not a module by itself: polis_nb/widgets/_assets.py (esm("puzzle")) puts core.js in front of it, so
// `h`, `makeMap`, `choiceButtons`, `drawExplanation` and the other shared helpers are in scope here.
// Its last line is the module's export. Python judges every try (polis_nb.puzzles.check); this file
// draws the view model and sends intents ({kind, rev, ...}). It never knows the answer before Python
// says it was found or shown: the view holds none.

function renderPuzzle({ model, el }) {
  el.classList.add("pnb-puzzle");
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    el.classList.add("pn-waiting");
    model.send(msg);
  };
  const head = h("div", "pz-head");
  const title = h("span", "pz-title");
  const streak = h("span", "pz-streak", { title: "Puzzles solved one after the other at the first try, without a hint" });
  const score = h("span", "pz-score", { "aria-label": "Score per theme: solved at the first try / tried" });
  head.append(title, streak, score);

  const panel = h("section", "pz-panel", { "aria-label": "The puzzle" });
  const promptRow = h("div", "pz-prompt-row");
  const prompt = h("div", "pz-prompt", { role: "status", "aria-live": "polite" });
  const decision = h("div", "pz-decision");
  promptRow.append(prompt, decision);
  const buttons = h("div", "pb-buttons", { role: "group", "aria-label": "Choices" });
  const picker = h("div", "pb-choices", { role: "group", "aria-label": "Choices at the place you clicked" });
  const places = h("span", "pz-places");
  const feedback = h("div", "pz-feedback", { role: "status", "aria-live": "polite" });
  const hintBox = h("div", "pz-hint", { "aria-live": "polite" });
  const solution = h("div", "pz-solution", { "aria-live": "polite" });
  const note = h("div", "pb-note", { role: "alert" });
  const explain = h("div", "pb-explain", { "aria-live": "polite" });
  const tools = h("div", "pz-tools", { role: "toolbar", "aria-label": "Puzzle" });
  const hintBtn = h("button", "pz-hint-button", { type: "button", title: "A nudge that does not name the answer" }, "Hint");
  const showBtn = h("button", "pz-show", { type: "button", title: "After a wrong try or a hint" }, "Show the solution");
  const nextBtn = h("button", "pz-next", { type: "button" }, "Next puzzle");
  const map = makeMap("pz-map");
  tools.append(hintBtn, showBtn, nextBtn, map.zoomBar);
  panel.append(promptRow, buttons, picker, feedback, hintBox, solution, note, explain, tools);
  const band = makeBand("pz-band");
  el.append(head, panel, map.box, band.box);

  hintBtn.addEventListener("click", () => send({ kind: "hint" }));
  showBtn.addEventListener("click", () => send({ kind: "solution" }));
  nextBtn.addEventListener("click", () => send({ kind: "next" }));

  function closePicker() {
    picker.replaceChildren();
    for (const b of buttons.querySelectorAll(".pb-has-pay")) b.setAttribute("aria-expanded", "false");
  }
  function pickerRow(titleText, items) {
    picker.append(h("span", "pb-choices-title", {}, titleText));
    for (const o of items) {
      const b = h("button", "pb-choice", { type: "button", "data-action": o.action }, o.label);
      b.addEventListener("click", () => send({ kind: "choose", action: o.action }));
      picker.append(b);
    }
    const x = h("button", "pb-choices-close", { type: "button", "aria-label": "Close: choose nothing" }, "×");
    x.addEventListener("click", closePicker);
    picker.append(x);
  }
  function openPicker(c, btn) {
    const open = btn.getAttribute("aria-expanded") === "true";
    closePicker();
    if (open) return;
    btn.setAttribute("aria-expanded", "true");
    pickerRow(c.pay_title || c.label, c.pay);
    picker.querySelector(".pb-choice").focus({ preventScroll: true });
  }
  function onTarget(t) {
    const v = model.get("view") || {};
    closePicker();
    if (v.status !== "open") { send({ kind: "why", target: t }); return; }
    const here = ((v.board || {}).targets || {})[t] || [];
    if (here.length > 1) { pickerRow("Choose:", here); return; }
    send({ kind: "click", target: t }); // Python judges it, or explains why the place is no choice
  }
  onPlaces(map, (t) => { onTarget(t); });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && picker.childElementCount) closePicker();
  });

  function draw() {
    const v = model.get("view") || {};
    const b = v.board || {};
    const mapOnly = b.map_box ? { ...b, svg_attrs: { ...b.svg_attrs, viewBox: b.map_box.join(" ") },
      svg_layers: (b.svg_layers || []).filter(([n]) => n !== "band") } : b;
    map.update(mapOnly);
    band.update(b);
    title.textContent = v.title || "";
    streak.textContent = `Streak ${v.streak || 0}` + (v.best ? ` (best ${v.best})` : "");
    score.replaceChildren(...(v.score || []).map((r) => h("span", "pz-theme", { "data-theme": r.theme },
      `${r.theme} ${r.solved}/${r.tried}`)));
    score.hidden = !(v.score || []).length;
    prompt.textContent = v.prompt || "";
    decision.textContent = v.status === "open" ? v.decision || "" : "";
    el.dataset.status = v.status || "";
    closePicker();
    buttons.replaceChildren(...choiceEntries(v.choices || [], send, openPicker));
    const n = Object.keys(b.targets || {}).length;
    places.textContent = n ? `${n} place${n === 1 ? "" : "s"} on the map ${n === 1 ? "is a" : "are"} choice${n === 1 ? "" : "s"} (outlined in gold)` : "";
    if (n) buttons.append(places);
    buttons.hidden = !buttons.children.length;
    const f = v.feedback;
    feedback.hidden = !f;
    feedback.replaceChildren();
    if (f) {
      feedback.className = "pz-feedback " + (f.right ? "pz-right" : "pz-wrong");
      feedback.append(h("span", "", {}, f.text));
      if (f.cite) feedback.append(h("span", "pz-cite", { title: f.cite_original || "" }, " · " + f.cite));
    }
    hintBox.hidden = !v.hint;
    hintBox.textContent = v.hint ? "Hint: " + v.hint : "";
    const s = v.solution;
    solution.hidden = !s;
    solution.replaceChildren();
    if (s) {
      if (v.status === "shown") { // when found, the feedback above already gives the reason and the line
        solution.append(h("div", "pz-solution-text", {}, s.text));
        const ol = h("ol", "pz-line", { "aria-label": "The solution line" });
        for (const x of s.line || []) ol.append(h("li", "", {}, `${x.who}: ${x.text}`));
        solution.append(ol);
      }
      solution.append(h("div", "pz-themes", { title: s.cite_original || "" },
        "Themes: " + (s.themes || []).join(", ") + (s.cite ? " · " + s.cite : "")));
    }
    note.textContent = v.note || "";
    note.hidden = !v.note;
    drawExplanation(explain, b.explanation);
    hintBtn.disabled = !v.can_hint;
    showBtn.disabled = !v.can_show;
    nextBtn.disabled = !v.can_next;
    nextBtn.classList.toggle("pz-go", v.status !== "open");
    el.classList.remove("pn-waiting");
    el.dataset.rev = String(v.rev ?? "");
  }
  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render: renderPuzzle };
