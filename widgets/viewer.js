// polis_nb widgets: the Viewer's layout (step through a record turn by turn, annotate it, play variations,
// take it as a guess-the-move lesson). Not a module by itself: polis_nb/widgets/_assets.py
// (esm("viewer", panels)) puts core.js and the Viewer's panels (widgets/panels/<panel>.js: makeNavigate,
// makeEngine, makeReview, makeAnnotate, makeLesson, makeKey) in front of it, so they and the shared
// helpers (`h`, `makeMap` ...) are in scope here. Its last line is the module's export. Python decides
// everything shown (which rows, where a step goes, whether an answer is right); this file only places
// the panels, draws the map and its choices, and sends intents. Its words come in the model's "words".

function renderViewer({ model, el }) {
  const W = model.get("words") || {};
  el.classList.add("pnb-viewer");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", W.label);
  const send = (msg) => {
    msg.rev = model.get("view").rev;
    model.send(msg);
  };
  const current = () => model.get("view").current;
  const glyphWords = Object.fromEntries(W.annotate.glyphs.map((g) => [g.glyph, g.words]));
  const navigate = makeNavigate(send, W.navigate, glyphWords);
  const annotate = makeAnnotate(send, W.annotate, current);
  const lesson = makeLesson(send, W.lesson);
  const map = makeMap("pv-map");
  const engine = makeEngine(send); // its answer is a card over the map; its button goes in the bar
  const bar = h("div", "pv-bar");
  bar.append(navigate.nav, navigate.where, navigate.stepBox, navigate.modes, engine.run);

  // above the map: the choices (play mode) or the question (lesson)
  const playBar = h("div", "pv-playbar");
  const prompt = h("div", "pb-prompt", { role: "status", "aria-live": "polite" });
  const buttons = h("div", "pb-buttons", { role: "group", "aria-label": W.choices });
  const note = h("div", "pb-note", { role: "alert" });
  const explain = h("div", "pb-explain", { "aria-live": "polite" });
  playBar.append(lesson.box, prompt, annotate.colours, buttons, note, explain);
  const review = makeReview(send);
  const band = makeBand("pv-band");
  const announcer = makeAnnouncer(); // play mode: what a decision did, read once

  // the map and its notes: side by side where the output is wide enough for both with the map's text
  // at least 11 px, else the notes below the map (viewer.css); the players and the round track below
  const main = h("div", "pv-main");
  const notesBox = h("div", "pv-notes-box");
  notesBox.append(navigate.notes);
  main.append(map.box, notesBox, band.box);
  const key = h("details", "pv-key");
  key.append(h("summary", "", {}, W.key), makeKey(model).box);
  el.append(bar, playBar, review.box, main, annotate.box, key, announcer.box);

  const clickable = (v) => v.mode === "play" || v.mode === "draw" || (v.mode === "lesson" && v.lesson && v.lesson.open);
  onPlaces(map, (t) => {
    if (!clickable(model.get("view"))) return false;
    send({ kind: "click", target: t });
  }, { stop: true });
  el.addEventListener("keydown", (e) => navigate.key(e));
  // after a decision in play mode (or a lesson's answer) the focus goes to the first new choice
  const keeper = focusKeeper(el, map);
  function focusFirst(fromMap) {
    if (fromMap && map.focusChoice()) return;
    const first = firstControl(lesson.box, buttons);
    if (first) first.focus();
    else if (shownEl(prompt) && prompt.textContent) focusOn(prompt, { preventScroll: true });
    else el.focus({ preventScroll: true });
  }

  function draw() {
    const v = model.get("view") || {};
    const b = v.board || {};
    const focus = keeper.before();
    const asking = v.mode === "lesson" && v.lesson && v.lesson.open;
    const shown = mapPart(b); // the map alone; the band below it
    map.update(v.mode === "view" || (v.mode === "lesson" && !asking) ? Object.assign({}, shown, { targets: {} }) : shown);
    band.update(b);
    const vb = ((shown.svg_attrs || {}).viewBox || "").split(/\s+/).map(Number);
    if (vb.length === 4 && vb[3] > 0) el.style.setProperty("--pv-aspect", String(vb[2] / vb[3]));
    navigate.update(v);
    lesson.update(v);
    annotate.update(v);
    prompt.textContent = v.mode === "play" || asking ? b.prompt || "" : annotate.prompt(v);
    const playing = v.mode === "play" || asking;
    buttons.replaceChildren(...placeButtons(playing ? b.places : [], (t) => send({ kind: "click", target: t })),
      ...choiceButtons(playing ? b.buttons || [] : [], send));
    note.textContent = b.note || "";
    note.hidden = !b.note;
    drawExplanation(explain, b.explanation);
    playBar.hidden = !(prompt.textContent || b.note || b.explanation || buttons.children.length || v.lesson);
    engine.update(v.engine, { words: v.engine_words, playable: v.mode === "play", hidden: v.engine_off, disabled: b.player === "terminal" });
    engine.dock(map);
    review.update(v.review);
    keeper.after(focus, announcer.update(v.announce), focusFirst);
    el.dataset.steps = v.steps || "";
    el.dataset.rev = String(v.rev ?? "");
    el.dataset.mode = v.mode || "";
  }
  model.on("change:view", draw);
  draw();
  return () => {
    model.off("change:view", draw);
    navigate.stop();
  };
}

export default { render: renderViewer };
