// polis_nb widgets: the browser half of the Puzzle widget (PuzzleBoard: proven puzzles one at a time).
// Not a module by itself: polis_nb/widgets/_assets.py (esm("puzzle")) puts core.js in front of it, so
// `h`, `makeMap`, `choiceButtons`, `drawExplanation` and the other shared helpers are in scope here.
// Its last line is the module's export. Python judges every try (polis_nb.puzzles.check); this file
// draws the view model and sends intents ({kind, rev, ...}). It never knows the answer before Python
// says it was found or shown: the view holds none.

function renderPuzzle({ model, el }) {
  el.classList.add("pnb-puzzle");
  const W = model.get("words") || {}; // the words of its controls (render/widgetwords.py puzzle_words)
  const fillIn = (text, values) => String(text || "").replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
  const counted = (p, n) => p.forms[p.index[n < p.index.length ? n : 100 + (n % 100)]];
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    el.classList.add("pn-waiting");
    model.send(msg);
  };
  // one screen at 1280 × 800 (an output 848 px wide, about 680 px high): the puzzle's line with its
  // tools, the prompt and the choices, then what was said (a try's verdict, the hint, the solution;
  // the newest first) in a box as tall as the window leaves above the whole map, then the map
  const head = h("div", "pz-head");
  const title = h("span", "pz-title");
  const streak = h("span", "pz-streak", { title: W.streak_tip });
  const score = h("span", "pz-score", { "aria-label": W.score });

  const panel = h("section", "pz-panel", { "aria-label": W.section });
  const promptRow = h("div", "pz-prompt-row");
  const prompt = h("div", "pz-prompt", { role: "status", "aria-live": "polite" });
  const decision = h("div", "pz-decision");
  promptRow.append(prompt, decision);
  const buttons = h("div", "pb-buttons", { role: "group", "aria-label": W.choices });
  const picker = h("div", "pb-choices", { role: "group", "aria-label": W.picker });
  const places = h("span", "pz-places");
  const feedback = h("div", "pz-feedback", { role: "status", "aria-live": "polite" });
  const hintBox = h("div", "pz-hint", { "aria-live": "polite" });
  const solution = h("div", "pz-solution", { "aria-live": "polite" });
  const note = h("div", "pb-note", { role: "alert" });
  const explain = h("div", "pb-explain", { "aria-live": "polite" });
  const tools = h("div", "pz-tools", { role: "toolbar", "aria-label": W.tools });
  const hintBtn = h("button", "pz-hint-button", { type: "button", title: W.hint_tip }, W.hint);
  const showBtn = h("button", "pz-show", { type: "button", title: W.show_tip }, W.show);
  const nextBtn = h("button", "pz-next", { type: "button" }, W.next);
  const map = makeMap("pz-map");
  tools.append(hintBtn, showBtn, nextBtn);
  head.append(title, streak, score, tools);
  const says = h("div", "pz-says");
  says.append(feedback, hintBox, solution, note, explain);
  panel.append(promptRow, buttons, picker, says);
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
    const x = h("button", "pb-choices-close", { type: "button", "aria-label": W.close }, "×");
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
    if (here.length > 1) { pickerRow(W.choose, here); return; }
    send({ kind: "click", target: t }); // Python judges it, or explains why the place is no choice
  }
  onPlaces(map, (t) => { onTarget(t); });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && picker.childElementCount) closePicker();
  });
  // after a try (or a new puzzle) the focus goes to the first choice, or to "Next puzzle" once it is done
  const keeper = focusKeeper(el, map);
  let tried = null;
  function focusFirst(fromMap) {
    if (fromMap && map.focusChoice()) return;
    const first = firstControl(buttons) || firstControl(tools);
    if (first) first.focus();
    else focusOn(prompt, { preventScroll: true });
  }

  // what was said, newest first (what a click just changed is read first); the box scrolls to its top
  const said = new Map();
  let clock = 0;
  function restack() {
    let changed = false;
    for (const x of [explain, note, solution, hintBox, feedback]) { // said at once: the verdict on top
      const text = x.hidden ? "" : x.textContent;
      const was = said.get(x);
      if (!text) said.delete(x);
      else if (!was || was.text !== text) { said.set(x, { text, at: ++clock }); changed = true; }
      x.style.order = said.has(x) ? String(-said.get(x).at) : "";
    }
    says.hidden = !said.size;
    if (changed) says.scrollTop = 0;
  }
  // the box of what was said takes the height the window leaves above the whole map (at least two
  // lines): measured on screen, the visible height of the notebook (the nearest scrolling ancestor)
  function visibleHeight() {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const oy = getComputedStyle(p).overflowY;
      if (oy !== "visible" && p.scrollHeight > p.clientHeight + 1) {
        const r = p.getBoundingClientRect();
        return Math.min(window.innerHeight, r.bottom) - Math.max(0, r.top);
      }
    }
    return window.innerHeight;
  }
  function fitSays() {
    if (says.hidden || !el.isConnected || !map.box.clientHeight) return;
    says.style.maxHeight = "none";
    says.classList.remove("pz-more");
    const whole = says.offsetHeight;
    const above = map.box.getBoundingClientRect().bottom - el.getBoundingClientRect().top - whole;
    let fit = Math.max(40, Math.min(whole, Math.floor(visibleHeight() - above - 2)));
    if (fit < whole) { // end between two lines, not through one: what does not show, shows on scrolling
      const line = parseFloat(getComputedStyle(says).lineHeight) || 18;
      const cut = [...says.children].find((x) => !x.hidden && x.offsetTop < fit && x.offsetTop + x.offsetHeight > fit);
      if (cut) {
        const lines = Math.floor((fit - cut.offsetTop - 2) / line);
        fit = lines < 1 && cut.offsetTop > 0 ? cut.offsetTop - 3 : cut.offsetTop + 2 + Math.max(1, lines) * line + 1;
      }
    }
    says.style.maxHeight = Math.ceil(fit) + "px";
    cutOff();
  }
  // where more was said than shows, the foot of the box says so (scroll it to read on)
  function cutOff() {
    says.classList.toggle("pz-more", says.scrollTop + says.clientHeight < says.scrollHeight - 1);
  }
  says.addEventListener("scroll", cutOff, { passive: true });
  window.addEventListener("resize", fitSays);

  function draw() {
    const v = model.get("view") || {};
    const b = v.board || {};
    const focus = keeper.before();
    map.update(mapPart(b));
    band.update(b);
    title.textContent = v.title || "";
    streak.textContent = fillIn(W.streak, { streak: v.streak || 0 }) + (v.best ? fillIn(W.best, v) : "");
    score.replaceChildren(...(v.score || []).map((r) => h("span", "pz-theme", { "data-theme": r.theme },
      `${r.theme} ${r.solved}/${r.tried}`)));
    score.hidden = !(v.score || []).length;
    prompt.textContent = v.prompt || "";
    decision.textContent = v.status === "open" ? v.decision || "" : "";
    el.dataset.status = v.status || "";
    closePicker();
    buttons.replaceChildren(...placeButtons(b.places, onTarget), ...choiceEntries(v.choices || [], send, openPicker));
    const n = Object.keys(b.targets || {}).length;
    places.textContent = n ? fillIn(counted(W.places, n), { n }) : "";
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
    hintBox.textContent = v.hint ? W.hint_said + v.hint : "";
    const s = v.solution;
    solution.hidden = !s;
    solution.replaceChildren();
    if (s) {
      if (v.status === "shown") { // when found, the feedback above already gives the reason and the line
        solution.append(h("div", "pz-solution-text", {}, s.text));
        const ol = h("ol", "pz-line", { "aria-label": W.line });
        for (const x of s.line || []) ol.append(h("li", "", {}, `${x.who}: ${x.text}`));
        solution.append(ol);
      }
      solution.append(h("div", "pz-themes", { title: s.cite_original || "" },
        W.themes + (s.themes || []).join(", ") + (s.cite ? " · " + s.cite : "")));
    }
    note.textContent = v.note || "";
    note.hidden = !v.note;
    drawExplanation(explain, b.explanation);
    hintBtn.disabled = !v.can_hint;
    showBtn.disabled = !v.can_show;
    nextBtn.disabled = !v.can_next;
    nextBtn.classList.toggle("pz-go", v.status !== "open");
    restack();
    fitSays();
    el.classList.remove("pn-waiting");
    // a try judged, a hint, the solution or another puzzle: the focus goes to what comes next
    const now = JSON.stringify([v.title, v.status, v.tries, v.feedback && v.feedback.text, v.hint]);
    keeper.after(focus, tried !== null && now !== tried, focusFirst);
    tried = now;
    el.dataset.rev = String(v.rev ?? "");
  }
  model.on("change:view", draw);
  draw();
  return () => {
    model.off("change:view", draw);
    window.removeEventListener("resize", fitSays);
  };
}

export default { render: renderPuzzle };
