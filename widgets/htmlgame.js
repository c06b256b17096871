// polis_nb: the exported pages (polis_nb/render/htmlpage.py inlines this file): stepping through a record
// (the annotated game, a worksheet's lead-in) and a worksheet's buttons. No imports, no network.
// The stepper's data: pieces (distinct board elements), layers (lists of pieces), nodes (one per decision:
// parent, children, layer numbers, commentary in words), cites (rulebook sections in words, with a tooltip).
// User text is only ever set as text, never as markup. A worksheet holds nothing of the record after its
// first question, so nothing here hides anything.
(() => {
  "use strict";

  // a worksheet's toolbar: open or fold every hint, print
  for (const b of document.querySelectorAll(".sheet-tools [data-sheet]")) {
    b.addEventListener("click", () => {
      if (b.dataset.sheet === "print") return window.print();
      const hints = [...document.querySelectorAll("details.hint")];
      const open = !hints.every((d) => d.open);
      for (const d of hints) d.open = open;
      b.textContent = open ? b.dataset.fold : b.dataset.open; // its words from the page (render/worksheet.py)
    });
  }

  const source = document.getElementById("polis-game-data");
  if (!source) return;
  const data = JSON.parse(source.textContent);
  const N = data.nodes;
  const W = data.words; // the words the script says (render/htmlpage.py script_words), `{name}` filled in here
  const fill = (text, values) => String(text || "").replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
  const svg = document.querySelector("#board > svg");
  const groups = data.layer_names.map((n) => svg.querySelector(`:scope > g[data-layer="${n}"]`));
  const title = svg.querySelector(":scope > title");
  const shown = N[0].l.slice(); // the page opens with the start drawn
  const markup = new Map();
  const links = new Map([...document.querySelectorAll("#tree a.mv")].map((a) => [Number(a.dataset.n), a]));
  const stepLinks = [...document.querySelectorAll("#tree a.st")];
  const nodeBox = document.getElementById("node");
  const branchBox = document.getElementById("branches");
  const pos = document.getElementById("pos");
  const movesBox = document.querySelector("nav.moves");
  const buttons = Object.fromEntries([...document.querySelectorAll(".controls [data-go]")].map((b) => [b.dataset.go, b]));
  let cur = 0;
  let onLine = [];

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function layer(id) {
    let m = markup.get(id);
    if (m === undefined) {
      m = data.layers[id].map((i) => data.pieces[i]).join("");
      markup.set(id, m);
    }
    return m;
  }

  function drawBoard(node) {
    node.l.forEach((id, j) => {
      if (shown[j] !== id) {
        groups[j].innerHTML = layer(id); // board markup made (and escaped) by polis_nb's renderer
        shown[j] = id;
      }
    });
    svg.setAttribute("aria-label", node.a);
    if (title) title.textContent = node.a;
  }

  // a sentence's rulebook sections, in words; the sections as printed and the rules' summaries on hover
  function citation(cite, tip) {
    const chip = el("span", "rule", cite);
    if (tip) chip.title = tip;
    return chip;
  }

  function drawNode(k) {
    const n = N[k];
    const box = [];
    if (n.p < 0) {
      box.push(el("h2", "", W.start));
      box.push(el("p", "where", fill(W.in_record, n)));
    } else {
      box.push(el("h2", "", `${n.who}: ${n.d}${n.g.join("")}`));
      box.push(el("p", "where", fill(W.decision, n)));
    }
    if (n.var) box.push(el("div", "vname", W.variation + (n.nm ? `: ${n.nm}` : "")));
    if (n.cb) box.push(el("blockquote", "before", n.cb));
    if (n.g.length) {
      box.push(el("p", "glyph-words", n.g.map((g) => `${g} ${data.glyphs[g] || ""}`.trim()).join("; ")));
    }
    if (n.log.length) {
      const ul = el("ul", "log");
      for (const [text, c] of n.log) {
        const li = el("li", "", text);
        if (c >= 0) li.append(citation(...data.cites[c]));
        ul.append(li);
      }
      box.push(ul);
    }
    if (n.cm) box.push(el("blockquote", "comment", n.cm));
    if (n.mk.length) box.push(el("p", "marks", W.marks + n.mk.join("; ")));
    box.push(el("p", "next", n.next));
    nodeBox.replaceChildren(...box);
  }

  function drawBranches(k) {
    const n = N[k];
    const items = [];
    if (n.c.length > 1) {
      items.push(el("p", "", W.branches));
      n.c.forEach((c, i) => {
        const b = el("button", i === 0 ? "main" : "", (i === 0 ? W.main_line : (N[c].nm ? `${N[c].nm}: ` : W.a_variation)) + N[c].d + N[c].g.join(""));
        b.type = "button";
        b.addEventListener("click", () => go(c));
        items.push(b);
      });
    }
    branchBox.replaceChildren(...items);
  }

  function markTree(k) {
    for (const i of onLine) links.get(i)?.classList.remove("online", "cur");
    onLine = [];
    for (let i = k; i >= 0; i = N[i].p) onLine.push(i);
    for (const i of onLine) links.get(i)?.classList.add("online");
    const a = links.get(k);
    for (const s of stepLinks) s.closest("li").classList.toggle("cur-step", !!a && s.closest("li").contains(a));
    if (a) {
      a.classList.add("cur");
      a.setAttribute("aria-current", "step");
      // scroll the list only (scrollIntoView would scroll the page too)
      const r = a.getBoundingClientRect();
      const box = movesBox.getBoundingClientRect();
      if (r.top < box.top) movesBox.scrollTop -= box.top - r.top + 24;
      else if (r.bottom > box.bottom) movesBox.scrollTop += r.bottom - box.bottom + 24;
    }
  }

  function where(k) {
    if (k === 0) return W.at_start;
    let main = true;
    for (let i = k; N[i].p >= 0; i = N[i].p) {
      if (N[N[i].p].c[0] !== i) main = false;
    }
    return fill(main ? W.where_main : W.where_variation, N[k]);
  }

  function siblings(k) {
    const p = N[k].p;
    return p < 0 ? [k] : N[p].c;
  }

  function target(dir) {
    const n = N[cur];
    if (dir === "start") return 0;
    if (dir === "back") return n.p >= 0 ? n.p : null;
    if (dir === "forward") return n.c.length ? n.c[0] : null;
    if (dir === "end") {
      let k = cur;
      while (N[k].c.length) k = N[k].c[0];
      return k;
    }
    const sib = siblings(cur);
    const i = sib.indexOf(cur) + (dir === "up" ? -1 : 1);
    return i >= 0 && i < sib.length ? sib[i] : null;
  }

  function go(k) {
    if (k === null || k === undefined || k < 0 || k >= N.length) return;
    links.get(cur)?.removeAttribute("aria-current");
    cur = k;
    drawBoard(N[k]);
    drawNode(k);
    drawBranches(k);
    markTree(k);
    for (const [dir, b] of Object.entries(buttons)) {
      const t = target(dir);
      b.disabled = t === null || t === cur;
    }
    pos.textContent = where(k);
    try {
      history.replaceState(null, "", "#n" + k);
    } catch (e) {
      // some browsers refuse history changes on file:// pages; the page works without them
    }
  }

  const KEYS = { ArrowLeft: "back", ArrowRight: "forward", ArrowUp: "up", ArrowDown: "down", Home: "start", End: "end" };
  document.addEventListener("keydown", (ev) => {
    const dir = KEYS[ev.key];
    if (!dir || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    if (ev.target.closest && ev.target.closest("input, textarea, select, [contenteditable], summary")) return;
    const t = target(dir);
    if (t === null || t === cur) return; // nowhere to go: the key keeps its use (scrolling a worksheet)
    ev.preventDefault();
    go(t);
  });
  for (const [dir, b] of Object.entries(buttons)) b.addEventListener("click", () => go(target(dir)));
  document.getElementById("tree").addEventListener("click", (ev) => {
    const a = ev.target.closest("a.mv, a.st");
    if (!a) return;
    ev.preventDefault();
    go(Number(a.dataset.n));
  });

  const m = /^#n(\d+)$/.exec(location.hash);
  go(m && Number(m[1]) < N.length ? Number(m[1]) : 0);
})();
