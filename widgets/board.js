// polis_nb Board widget — the browser half. It draws the view model that Python sends and sends
// intents back ({kind, rev, ...}); it never decides a rule. Self-contained: no imports, no network.

function h(tag, cls, attrs = {}, text = "") {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

// Replace the board's SVG contents in place (the <svg> element and focus survive: no flicker).
function updateSvg(box, text) {
  if (box._svgText === text) return;
  box._svgText = text;
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const fresh = doc.documentElement;
  const cur = box.querySelector("svg");
  if (!cur || fresh.nodeName !== "svg") {
    box.replaceChildren(document.importNode(fresh, true));
    return;
  }
  const focusedId = document.activeElement && cur.contains(document.activeElement) ? document.activeElement.id : null;
  for (const a of [...cur.attributes]) if (!fresh.hasAttribute(a.name)) cur.removeAttribute(a.name);
  for (const a of fresh.attributes) cur.setAttribute(a.name, a.value);
  cur.replaceChildren(...[...fresh.childNodes].map((n) => document.importNode(n, true)));
  if (focusedId) {
    const again = cur.querySelector("#" + CSS.escape(focusedId));
    if (again) again.focus();
  }
}

function targetOf(node) {
  const el = node.closest && node.closest("[data-offer],[data-polis],[data-area]");
  if (!el) return null;
  if (el.dataset.offer) return "offer:" + el.dataset.offer;
  if (el.dataset.polis) return "polis:" + el.dataset.polis;
  return "area:" + el.dataset.area;
}

function render({ model, el }) {
  el.classList.add("polis-board");
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
    updateSvg(map, v.svg || "");
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

export default { render };
