// polis_nb widgets: the key panel (polis_nb/widgets/panels/key.py), joined after core.js by polis_nb/widgets/_assets.py
// (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope. Used by the Board and the Viewer.

// The key to the map's symbols (units, poleis, proxenos, tribute, ships, offers): drawn in Python by
// the map's own functions, sent once in the model's "key" (never user text). Board and Viewer.
function makeKey(model) {
  const box = h("div", "pb-key", { role: "list" });  // its name comes with the key (every entry's "list")
  function draw() {
    const rows = (model.get("key") || []).map((k) => {
      const sample = h("span", "pb-key-sample");
      const doc = new DOMParser().parseFromString(k.svg, "image/svg+xml");
      if (doc.documentElement && doc.documentElement.nodeName === "svg") sample.append(document.importNode(doc.documentElement, true));
      const row = h("div", "pb-key-row", { role: "listitem", "data-group": k.group });
      row.append(sample, h("span", "pb-key-words", {}, k.words));
      return row;
    });
    const key = model.get("key") || [];
    if (key.length && key[0].list) box.setAttribute("aria-label", key[0].list);
    box.replaceChildren(...rows);
  }
  model.on("change:key", draw);
  draw();
  return { box };
}
