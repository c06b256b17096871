// polis_nb widgets: the replay panel of Combat (polis_nb/widgets/panels/replay.py), joined after core.js by
// polis_nb/widgets/_assets.py (esm(name, panels=...)); core.js's helpers (`h`, ...) are in scope.

// --- stepping through a recorded battle: the buttons (and the arrow keys, Home, End) and where the replay
// stands; Python says which way leads somewhere (view.nav). Words from the model's "words".

const REPLAY_KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "start", End: "end" };

function makeReplay(send, W) {
  const nav = h("div", "pc-nav", { role: "toolbar", "aria-label": W.toolbar });
  const navButtons = {};
  for (const { dir, label, aria } of W.dirs) {
    const b = h("button", "pc-nav-" + dir, { type: "button", "aria-label": aria }, label);
    b.addEventListener("click", () => send({ kind: "nav", dir }));
    navButtons[dir] = b;
    nav.append(b);
  }
  const navPos = h("span", "pc-nav-pos", { "aria-live": "polite" });
  nav.append(navPos);
  return {
    nav,
    // an arrow key, Home or End steps the replay; false when it is none of them (or no replay)
    key(e, v) {
      if (v.mode !== "replay" || !(e.key in REPLAY_KEYS)) return false;
      e.preventDefault();
      send({ kind: "nav", dir: REPLAY_KEYS[e.key] });
      return true;
    },
    update(v) {
      nav.hidden = v.mode !== "replay";
      if (!v.nav) return;
      navButtons.start.disabled = navButtons.back.disabled = !v.nav.back;
      navButtons.forward.disabled = navButtons.end.disabled = !v.nav.forward;
      const steps = v.steps || [];
      navPos.textContent = fillWords(W.position, { position: v.nav.position + 1, count: v.nav.count,
        step: steps[steps.length - 1] || "" });
    },
  };
}
