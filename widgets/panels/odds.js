// polis_nb widgets: the odds panel of Combat (polis_nb/widgets/panels/odds.py), joined after core.js by
// polis_nb/widgets/_assets.py (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope.

// --- the odds from here, as the side on screen knows it: Python works them out after the view went out
// and sends them with the same revision (view.odds); until then "Computing…". Words from "words".

function makeOdds(W) {
  const box = h("section", "pc-odds", { "aria-label": W.section });
  return {
    box,
    update(o) {
      box.replaceChildren();
      box.hidden = !o;
      if (!o) return;
      box.append(h("h4", "pc-odds-title", {}, W.title));
      if (o.pending) {
        box.append(h("div", "pc-odds-note", { role: "status" }, W.computing));
        return;
      }
      if (!o.available) {
        box.append(h("div", "pc-odds-note", {}, o.note || W.unavailable));
        return;
      }
      const meta = [];
      if (o.known) meta.push(fillWords(W.knowing, o));
      if (o.policies) meta.push(fillWords(W.policies, o));
      meta.push(o.method || (o.exact ? W.exact : fillWords(W.sampled, o)));
      box.append(h("div", "pc-odds-meta", {}, meta.join(" · ")));
      for (const group of o.groups || []) {
        const t = h("table", "pc-odds-table", { "aria-label": group.title });
        t.append(h("caption", "", {}, group.title));
        for (const r of group.rows) {
          const tr = h("tr");
          const pct = (100 * r.p).toFixed(1) + "%";
          const bar = h("td", "pc-bar-cell");
          bar.append(h("span", "pc-bar", { style: `width:${Math.round(100 * Math.min(1, Math.max(0, r.p)))}%`, "aria-hidden": "true" }));
          tr.append(h("th", "", { scope: "row" }, r.label), h("td", "pc-pct", {}, pct), bar);
          t.append(tr);
        }
        box.append(t);
      }
      for (const f of o.figures || []) {
        box.append(h("div", "pc-odds-figure", {}, `${f.label}: ${f.value >= 0 ? "+" : ""}${f.value.toFixed(2)}`));
      }
      if (o.note) box.append(h("div", "pc-odds-note", {}, o.note));
      if (!(o.groups || []).length && o.text) box.append(h("pre", "pc-odds-text", {}, o.text));
    },
  };
}
