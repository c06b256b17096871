// polis_nb widgets: the announcements panel (polis_nb/widgets/panels/announce.py), joined after core.js by
// polis_nb/widgets/_assets.py (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope. Used by the Board,
// the Viewer and Combat.

// --- what a screen reader hears after a decision: its result, then the bot's reply ------------------
// A polite live region (role "log": what is added is read, in order). Python numbers every item
// ({id, kind, text}); an item is added here once, the first time a view holds it, so a redraw (the
// engine's answer, a "why?", undo) announces nothing again. The items of the first view drawn are
// what happened before the widget was shown: they are not announced. Only the last few stay.

const ANNOUNCE_KEEP = 4;

function makeAnnouncer() {
  const box = h("div", "pn-live pn-sr-only", { role: "log", "aria-live": "polite", "aria-relevant": "additions" });
  let last = null; // the highest id announced (null: nothing drawn yet)
  return {
    box,
    update(items) {
      const list = items || [];
      const top = list.reduce((m, x) => Math.max(m, x.id), 0);
      if (last === null) { last = top; return; }
      let fresh = false;
      for (const x of list) {
        if (x.id <= last) continue;
        box.append(h("p", "pn-live-item", { "data-kind": x.kind, "data-id": String(x.id) }, x.text));
        last = x.id;
        fresh = true;
      }
      while (box.childElementCount > ANNOUNCE_KEEP) box.firstElementChild.remove();
      return fresh; // something new was announced: a decision was taken since the last draw
    },
  };
}
