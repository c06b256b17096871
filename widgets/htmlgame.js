// polis_nb: stepping through an exported annotated game (polis_nb/render/htmlgame.py inlines this file).
// No imports, no network.
// The page's data: pieces (distinct board elements), layers (lists of pieces), nodes (one per decision:
// parent, children, layer numbers, commentary; a worksheet's questions carry their number and hint),
// and in a worksheet the texts hidden until their questions are revealed. User text is only ever set
// as text, never as markup.
(() => {
  "use strict";
  const data = JSON.parse(document.getElementById("polis-game-data").textContent);
  const N = data.nodes;
  const svg = document.querySelector("#board > svg");
  const groups = data.layer_names.map((n) => svg.querySelector(`:scope > g[data-layer="${n}"]`));
  const title = svg.querySelector(":scope > title");
  const shown = N[0].l.slice(); // the page opens with the start drawn
  const markup = new Map();
  const links = new Map([...document.querySelectorAll("#tree a.mv")].map((a) => [Number(a.dataset.n), a]));
  const stepLinks = [...document.querySelectorAll("#tree a.st")];
  const questionBox = document.getElementById("question");
  const revealed = new Set(); // worksheet: the numbers of the questions revealed
  const hinted = new Set();
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

  function ruleChip(id) {
    const r = data.rules[id];
    const chip = el("span", "rule", id);
    if (r) chip.title = `${r[0]} — ${r[1]}`;
    return chip;
  }

  function drawNode(k) {
    const n = N[k];
    const box = [];
    if (n.p < 0) {
      box.push(el("h2", "", "Start of the game"));
      box.push(el("p", "where", `${n.where} · ${N.length - 1} decisions in the record`));
    } else {
      box.push(el("h2", "", `${n.who}: ${n.d}${n.g.join("")}`));
      box.push(el("p", "where", `${n.where} · ply ${n.ply}`));
    }
    if (n.var) box.push(el("div", "vname", "Variation" + (n.nm ? `: ${n.nm}` : "")));
    if (n.cb) box.push(el("blockquote", "before", n.cb));
    if (n.g.length) {
      box.push(el("p", "glyph-words", n.g.map((g) => `${g} ${data.glyphs[g] || ""}`.trim()).join("; ")));
    }
    if (n.log.length) {
      const ul = el("ul", "log");
      for (const [text, rules] of n.log) {
        const li = el("li", "", text);
        for (const r of rules) li.append(ruleChip(r));
        ul.append(li);
      }
      box.push(ul);
    }
    if (n.cm) box.push(el("blockquote", "comment", n.cm));
    if (n.mk.length) box.push(el("p", "marks", "On the board: " + n.mk.join("; ")));
    box.push(el("p", "next", n.c.length ? `Next: ${n.next}` : `Here the line ends. ${n.next}`));
    nodeBox.replaceChildren(...box);
  }

  // worksheet: the question asked at node k (its main continuation, if it is one not yet revealed)
  function openQuestion(k) {
    const c = N[k].c[0];
    return c !== undefined && N[c].q && !revealed.has(N[c].q) ? c : null;
  }

  // worksheet: the first question not yet revealed on the way to node k (its node), or null
  function blockedBy(k) {
    let first = null;
    for (let i = k; i >= 0; i = N[i].p) if (N[i].q && !revealed.has(N[i].q)) first = i;
    return first;
  }

  function drawQuestion(k) {
    const q = data.worksheet ? openQuestion(k) : null;
    questionBox.hidden = q === null;
    if (q === null) return questionBox.replaceChildren();
    const n = N[q];
    const who = n.who;
    const items = [el("h3", "", `Question ${n.q} of ${data.questions}`),
      el("p", "", `What did ${who} decide here? Find the decision on the board yourself, then check.`)];
    if (n.qh && hinted.has(n.q)) items.push(el("p", "hint", "Hint: " + n.qh));
    const tools = el("div", "tools");
    if (n.qh && !hinted.has(n.q)) {
      const b = el("button", "show-hint", "Show the hint");
      b.type = "button";
      b.addEventListener("click", () => { hinted.add(n.q); drawQuestion(cur); });
      tools.append(b);
    }
    if (!n.qh || hinted.has(n.q)) {
      const b = el("button", "show-answer", "Show the answer");
      b.type = "button";
      b.addEventListener("click", () => reveal(n.q, q));
      tools.append(b);
    }
    items.push(tools);
    questionBox.replaceChildren(...items);
  }

  function reveal(number, k) {
    revealed.add(number);
    for (const e of document.querySelectorAll("#tree [data-q]")) {
      const all = e.dataset.q.split(" ").every((x) => revealed.has(Number(x)));
      if (all) {
        e.textContent = data.hidden[e.dataset.h] ?? e.textContent;
        e.removeAttribute("data-q");
        e.classList.remove("asked");
      }
    }
    go(k);
  }

  function drawBranches(k) {
    const n = N[k];
    const items = [];
    if (n.c.length > 1 && !(data.worksheet && openQuestion(k) !== null)) {
      items.push(el("p", "", "The record branches here:"));
      n.c.forEach((c, i) => {
        const b = el("button", i === 0 ? "main" : "", (i === 0 ? "main line: " : (N[c].nm ? `${N[c].nm}: ` : "variation: ")) + N[c].d + N[c].g.join(""));
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
    if (k === 0) return "start";
    let depth = 0;
    let main = true;
    for (let i = k; N[i].p >= 0; i = N[i].p) {
      depth += 1;
      if (N[N[i].p].c[0] !== i) main = false;
    }
    return `decision ${depth} · ${main ? "main line" : "variation"}`;
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
    if (data.worksheet) {
      const q = blockedBy(k); // a question not revealed yet on the way: stop before it
      if (q !== null) {
        k = N[q].p;
        questionBox.classList.remove("flash");
        void questionBox.offsetWidth;
        questionBox.classList.add("flash");
      }
    }
    links.get(cur)?.removeAttribute("aria-current");
    cur = k;
    drawBoard(N[k]);
    drawNode(k);
    drawQuestion(k);
    drawBranches(k);
    markTree(k);
    for (const [dir, b] of Object.entries(buttons)) {
      const t = target(dir);
      b.disabled = t === null || t === cur || (data.worksheet && (dir === "forward" || dir === "end") && openQuestion(cur) !== null);
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
    if (ev.target.closest && ev.target.closest("input, textarea, select, [contenteditable]")) return;
    ev.preventDefault();
    go(target(dir));
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
