// gamelab explorer: plays through a solved game. Every number shown comes from the solved state
// space in the page's data (gamelab's position analysis); this script only follows moves, adds
// up the points taken on the line, and draws. Hand-written, no libraries, no network access
// (except the JSON API when served by `gamelab serve`).
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = { win: "#008000", tie: "#f2d600", lose: "#800000" };
  const PATH_WINDOW = 5;   // path positions drawn in the DAG before the current one
  const DAG_NODE_LIMIT = 120;

  let D = null;            // the page data (see src/explore.rs)
  let ids = [0];           // positions along the line played, the start first
  let played = [];         // the moves played: {entry, mover, taken}
  let redoStack = [];      // moves undone, last undone last
  let expanded = new Set();
  let collapsed = new Set();
  let cellOf = null;       // interval games: position id by cell i * n + j
  let heatmapBase = null;

  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, parent) => {
    const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "text") node.textContent = v; else node.setAttribute(k, v);
    }
    if (parent) parent.appendChild(node);
    return node;
  };
  const valueOf = (margin) => (margin > 0 ? "win" : margin < 0 ? "lose" : "tie");
  const signed = (m) => (m > 0 ? "+" + m : String(m));
  const playerName = (p) => (p === 0 ? "first" : "second");
  const playerShort = (p) => (p === 0 ? "A" : "B");

  // ---- reading positions -------------------------------------------------------------------
  const pos = (id) => D.s[id];
  const moverOf = (id) => pos(id)[0];
  const marginOf = (id) => pos(id)[1];
  const remotenessOf = (id) => pos(id)[2];
  const grundyOf = (id) => pos(id)[3];
  const payoffOf = (id) => pos(id)[6] || [0, 0];
  function movesOf(id) {
    const flat = pos(id)[5];
    const out = [];
    for (let k = 0; k < flat.length; k += 6) {
      out.push({ name: flat[k], child: flat[k + 1], gain: flat[k + 2], margin: flat[k + 3], remoteness: flat[k + 4], optimal: flat[k + 5] === 1 });
    }
    return out;
  }
  function pileIndices(id) {
    const runs = pos(id)[4];
    if (!Array.isArray(runs)) return null;
    const out = [];
    for (let k = 0; k < runs.length; k += 2) for (let i = runs[k]; i < runs[k + 1]; i++) out.push(i);
    return out;
  }
  function label(id) {
    const idx = pileIndices(id);
    if (idx === null) return pos(id)[4];
    if (idx.length === 0) return "[ ]";
    const vals = idx.map((i) => D.row[i]);
    if (vals.length <= 4) return "[" + vals.join(" ") + "]";
    return `[${vals[0]} … ${vals[vals.length - 1]}] ×${vals.length}`;
  }
  const moveName = (entry) => D.names[entry.name];

  // ---- the line played ---------------------------------------------------------------------
  const current = () => ids[ids.length - 1];
  function gainedAt(k) { // points taken by moves on the line up to position k
    const s = [0, 0];
    for (let i = 0; i < k; i++) s[played[i].mover] += played[i].entry.gain;
    return s;
  }
  function scoresAt(k) {
    const s = gainedAt(k);
    const pay = payoffOf(ids[k]);
    return [s[0] + pay[0], s[1] + pay[1]];
  }
  function moverMarginAt(k) { // the mover's margin over the whole game, optimal play from k
    const id = ids[k], g = gainedAt(k), m = moverOf(id);
    return g[m] - g[1 - m] + marginOf(id);
  }
  function firstMarginAt(k) {
    return moverOf(ids[k]) === 0 ? moverMarginAt(k) : -moverMarginAt(k);
  }

  function takenBy(from, to) {
    const before = pileIndices(from);
    if (before === null) return [];
    const after = new Set(pileIndices(to));
    return before.filter((i) => !after.has(i));
  }
  function play(entry) {
    const from = current();
    played.push({ entry, mover: moverOf(from), taken: takenBy(from, entry.child) });
    ids.push(entry.child);
  }
  function userPlays(entry) {
    play(entry);
    redoStack = [];
    autoReply();
    render();
  }
  function autoReply() {
    if (!$("auto-reply").checked) return;
    const id = current();
    if (moverOf(id) === 1) {
      const best = movesOf(id).find((e) => e.optimal);
      if (best) play(best);
    }
  }
  function undo() {
    if (played.length === 0) return;
    redoStack.push(played.pop().entry);
    ids.pop();
    render();
  }
  function redo() {
    if (redoStack.length === 0) return;
    play(redoStack.pop());
    render();
  }
  function restart() {
    while (played.length > 0) redoStack.push(played.pop().entry);
    ids = [0];
    render();
  }
  function bestMove() {
    const best = movesOf(current()).find((e) => e.optimal);
    if (best) userPlays(best);
  }
  function backTo(k) {
    while (ids.length - 1 > k) { redoStack.push(played.pop().entry); ids.pop(); }
  }
  // Goes to position `target`: back along the line if it is on it, else by the first shortest
  // line from the current position, else from the start.
  function jumpTo(target) {
    const k = ids.indexOf(target);
    if (k >= 0) { backTo(k); render(); return; }
    let line = shortestLine(current(), target);
    if (line === null) {
      line = shortestLine(0, target);
      if (line === null) return;
      backTo(0);
    }
    redoStack = [];
    for (const entry of line) play(entry);
    render();
  }
  function shortestLine(from, target) {
    const parent = new Map([[from, null]]);
    const queue = [from];
    for (let head = 0; head < queue.length; head++) {
      const id = queue[head];
      if (id === target) {
        const line = [];
        for (let at = id; parent.get(at) !== null; at = parent.get(at).from) line.unshift(parent.get(at).entry);
        return line;
      }
      for (const entry of movesOf(id)) {
        if (!parent.has(entry.child)) { parent.set(entry.child, { from: id, entry }); queue.push(entry.child); }
      }
    }
    return null;
  }

  // ---- drawing -----------------------------------------------------------------------------
  function render() {
    const id = current();
    const k = ids.length - 1;
    const moves = movesOf(id);
    const mover = moverOf(id);
    const margin = moverMarginAt(k);
    const value = valueOf(margin);
    const position = $("position");
    position.dataset.toMove = playerName(mover);
    position.dataset.value = value;
    position.dataset.margin = String(margin);
    position.dataset.remoteness = String(remotenessOf(id));
    const piles = pileIndices(id);
    if (piles !== null) position.dataset.piles = JSON.stringify(piles.map((i) => D.row[i]));
    const finished = moves.length === 0;
    const grundy = grundyOf(id) >= 0 ? ` · Grundy value ${grundyOf(id)}` : "";
    if (finished) {
      const s = scoresAt(k);
      const result = s[0] === s[1] ? "a tie" : (s[0] > s[1] ? "A (first) wins" : "B (second) wins");
      $("turn").textContent = `Game over: ${result}`;
    } else {
      $("turn").textContent = `${playerShort(mover)} (${playerName(mover)} player) to move`;
    }
    $("verdict").innerHTML = "";
    el("span", { class: "badge " + value, text: `${playerShort(mover)}: ${value} ${signed(margin)}` }, $("verdict"));
    const left = remotenessOf(id) === 1 ? "1 move left" : `${remotenessOf(id)} moves left`;
    el("span", { class: "muted", text: finished ? grundy : `  ${left}${grundy}` }, $("verdict"));
    const s = scoresAt(k);
    const scores = $("scores");
    scores.dataset.first = String(s[0]);
    scores.dataset.second = String(s[1]);
    scores.innerHTML = `Scores so far: <b>A ${s[0]}</b> · <b>B ${s[1]}</b> &nbsp;·&nbsp; move ${k}`;
    $("undo").disabled = played.length === 0;
    $("redo").disabled = redoStack.length === 0;
    $("restart").disabled = played.length === 0;
    $("best-move").disabled = finished;
    renderMoves(moves, k);
    renderBoard(id);
    renderHistory();
    renderDag();
    renderHeatmap();
  }

  function describeMove(entry) {
    const name = moveName(entry), key = D.keys[entry.name];
    if (key === "side") return `take ${name}`;
    if (key === "count") return `take ${name} pile${name === "1" ? "" : "s"}`;
    if (key === "take") return `take ${name}`;
    return `${key} = ${name}`;
  }
  function renderMoves(moves, k) {
    const box = $("moves");
    box.innerHTML = "";
    if (moves.length === 0) { el("div", { class: "done", text: "No moves left: the game is over." }, box); return; }
    const g = gainedAt(k), m = moverOf(current());
    const soFar = g[m] - g[1 - m];
    const best = soFar + moves[0].margin;
    // Best first on the whole game's margin, then shorter when winning or tying and longer when
    // losing (as gamelab analyze sorts; the sort is stable, so the stored order breaks ties).
    const key = (e) => { const mg = soFar + e.margin; return [-mg, mg >= 0 ? e.remoteness : -e.remoteness]; };
    moves = moves.slice().sort((a, b) => { const x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1]; });
    for (const entry of moves) {
      const margin = soFar + entry.margin;
      const value = valueOf(margin);
      const button = el("button", {
        class: `move ${value}${entry.optimal ? " optimal" : ""}`,
        "data-testid": "move", "data-move": moveName(entry), "data-value": value,
        "data-margin": String(margin), "data-remoteness": String(entry.remoteness),
        title: `${value} for ${playerName(m)} · margin ${signed(margin)} · ${entry.remoteness} moves left` +
          (best - margin > 0 ? ` · gives away ${best - margin}` : "") + (entry.optimal ? " · optimal play" : ""),
      }, box);
      const gain = D.row && entry.gain !== 0 ? ` (+${entry.gain})` : "";
      el("b", { text: describeMove(entry) + gain }, button);
      const diff = best - margin > 0 ? ` · −${best - margin}` : "";
      el("small", { text: `${value} ${signed(margin)} · ${entry.remoteness} left${diff}` }, button);
      button.addEventListener("click", () => userPlays(entry));
    }
  }

  function renderBoard(id) {
    const box = $("board");
    box.innerHTML = "";
    const width = Math.max(box.clientWidth || 1200, 300);
    if (D.row === null) {
      const svg = el("svg:svg", { viewBox: `0 0 ${width} 90`, height: 90 }, box);
      el("svg:text", { x: 20, y: 58, "font-size": 40, "font-weight": 700, fill: "#1d232b", text: label(id) }, svg);
      const stones = parseInt(String(label(id)).replace(/[^0-9]/g, ""), 10);
      if (stones > 0 && stones <= 80) {
        for (let i = 0; i < stones; i++) {
          el("svg:circle", { cx: 260 + (i % 40) * 22, cy: 30 + Math.floor(i / 40) * 26, r: 8, fill: "#8aa1b8" }, svg);
        }
      }
      return;
    }
    const n = D.row.length;
    const left = new Set(pileIndices(id));
    const owner = new Map();
    for (const move of played) for (const i of move.taken) owner.set(i, move.mover);
    const cell = Math.min(64, (width - 20) / n);
    const height = 96;
    const svg = el("svg:svg", { viewBox: `0 0 ${width} ${height}`, height }, box);
    const top = Math.max(1, ...D.row.map(Math.abs));
    const base = 68;
    for (let i = 0; i < n; i++) {
      const v = D.row[i];
      const h = Math.max(2, (Math.abs(v) / top) * 50);
      const x = 10 + i * cell;
      const taken = owner.has(i);
      const fill = left.has(i) ? (v < 0 ? "#c0504d" : "#4f7cac") : taken ? (owner.get(i) === 0 ? "#b7d3b0" : "#d8c3b0") : "#e3e7eb";
      el("svg:rect", { x: x + cell * 0.08, y: base - h, width: Math.max(1, cell * 0.84), height: h, rx: Math.min(4, cell / 6), fill }, svg);
      if (cell >= 16) {
        el("svg:text", { x: x + cell / 2, y: base - h - 4, "text-anchor": "middle", "font-size": 12, fill: left.has(i) ? "#1d232b" : "#9aa4ae", text: String(v) }, svg);
        if (taken) el("svg:text", { x: x + cell / 2, y: base + 16, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: owner.get(i) === 0 ? "#2e6b2e" : "#8a5a2e", text: playerShort(owner.get(i)) }, svg);
      }
    }
    el("svg:text", { x: 10, y: height - 4, "font-size": 11, fill: "#66707c", text: `${left.size} of ${n} piles left · blue: on the table, green: taken by A, brown: taken by B` }, svg);
  }

  function renderHistory() {
    const svg = $("history");
    svg.innerHTML = "";
    const width = svg.clientWidth || 600, height = 170;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const points = ids.map((_, k) => firstMarginAt(k));
    const span = Math.max(1, ...points.map(Math.abs));
    const left = 44, right = 60, top = 22, bottom = 40;
    const steps = Math.max(points.length - 1, Math.min(20, points.length - 1 + remotenessOf(current())), 1);
    const x = (k) => left + (k / steps) * (width - left - right);
    const y = (m) => top + ((span - m) / (2 * span)) * (height - top - bottom);
    for (const m of [span, 0, -span]) {
      el("svg:line", { x1: left, x2: width - right, y1: y(m), y2: y(m), stroke: m === 0 ? "#9aa4ae" : "#e3e7eb" }, svg);
      el("svg:text", { x: left - 6, y: y(m) + 4, "text-anchor": "end", "font-size": 11, fill: "#66707c", text: signed(m) }, svg);
    }
    el("svg:text", { x: left, y: height - 4, "font-size": 11, fill: "#66707c", text: "A wins ↑ · B wins ↓ · move →" }, svg);
    for (let k = 1; k < points.length; k++) {
      el("svg:line", { x1: x(k - 1), y1: y(points[k - 1]), x2: x(k), y2: y(points[k]), stroke: "#4f5b66", "stroke-width": 1.5 }, svg);
    }
    points.forEach((m, k) => {
      const c = el("svg:circle", { cx: x(k), cy: y(m), r: k === points.length - 1 ? 6 : 4.5, fill: COLOURS[valueOf(m)], stroke: "#fff", "stroke-width": 1.5, "data-testid": "history-point", "data-margin": String(m) }, svg);
      el("svg:title", { text: `after move ${k}: first player's margin ${signed(m)}` }, c);
      if (k > 0) {
        const mover = played[k - 1].mover;
        const lost = mover === 0 ? points[k - 1] - m : m - points[k - 1];
        if (lost > 0) {
          el("svg:text", { x: x(k) + 8, y: y(m) + (mover === 0 ? 16 : -8), "text-anchor": "start", "font-size": 11, "font-weight": 700, fill: "#c0392b", "data-testid": "history-loss", text: `▼${playerShort(mover)} −${lost}` }, svg);
        }
      }
    });
  }

  function isExpanded(id) {
    return expanded.has(id) || (id === current() && !collapsed.has(id));
  }
  function toggle(id) {
    if (isExpanded(id)) { expanded.delete(id); if (id === current()) collapsed.add(id); }
    else { expanded.add(id); collapsed.delete(id); }
    renderDag();
  }
  function renderDag() {
    const svg = $("dag");
    svg.innerHTML = "";
    const start = Math.max(0, ids.length - 1 - PATH_WINDOW);
    const order = [];
    const shown = new Set();
    const edges = [];
    const edgeKeys = new Set();
    const show = (id) => { if (!shown.has(id)) { shown.add(id); order.push(id); } };
    const addEdge = (from, entry) => {
      const key = from + ">" + entry.child + ">" + entry.name;
      if (!edgeKeys.has(key)) { edgeKeys.add(key); edges.push({ from, entry }); }
    };
    for (let k = start; k < ids.length; k++) {
      show(ids[k]);
      if (k > start) addEdge(ids[k - 1], played[k - 1].entry);
    }
    for (let head = 0; head < order.length && order.length < DAG_NODE_LIMIT; head++) {
      const id = order[head];
      if (!isExpanded(id)) continue;
      for (const entry of movesOf(id)) {
        if (order.length >= DAG_NODE_LIMIT) break;
        show(entry.child);
        addEdge(id, entry);
      }
    }
    // Layers: the longest displayed line from the first drawn position.
    const layer = new Map([[order[0], 0]]);
    for (let round = 0; round < order.length; round++) {
      let changed = false;
      for (const e of edges) {
        if (layer.has(e.from) && shown.has(e.entry.child) && (layer.get(e.entry.child) ?? -1) < layer.get(e.from) + 1) {
          layer.set(e.entry.child, layer.get(e.from) + 1); changed = true;
        }
      }
      if (!changed) break;
    }
    const rows = new Map();
    const place = new Map();
    const W = 104, H = 30, colW = 150, rowH = 42, pad = 14;
    for (const id of order) {
      const l = layer.get(id) ?? 0;
      const r = rows.get(l) || 0;
      rows.set(l, r + 1);
      place.set(id, { x: pad + l * colW, y: pad + r * rowH });
    }
    const width = pad * 2 + (Math.max(...layer.values()) + 1) * colW;
    const height = pad * 2 + Math.max(...rows.values()) * rowH;
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const scroller = svg.parentElement;
    const here = place.get(current());
    if (scroller && here) scroller.scrollLeft = Math.max(0, here.x + W + 60 - scroller.clientWidth);
    for (const e of edges) {
      const a = place.get(e.from), b = place.get(e.entry.child);
      if (!a || !b) continue;
      const x1 = a.x + W, y1 = a.y + H / 2, x2 = b.x, y2 = b.y + H / 2;
      const onPath = ids.includes(e.from) && ids[ids.indexOf(e.from) + 1] === e.entry.child;
      el("svg:path", {
        d: `M${x1},${y1} C${x1 + 24},${y1} ${x2 - 24},${y2} ${x2},${y2}`, fill: "none",
        stroke: onPath ? "#1d232b" : COLOURS[valueOf(e.entry.margin)], "stroke-width": e.entry.optimal ? 3.2 : 1.2,
        "stroke-dasharray": onPath ? "" : (e.entry.optimal ? "" : "4 3"), "data-testid": "dag-edge",
        "data-optimal": String(e.entry.optimal),
      }, svg);
      el("svg:text", { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 4, "text-anchor": "middle", "font-size": 10, fill: "#4f5b66", text: moveName(e.entry) }, svg);
    }
    for (const id of order) {
      const p = place.get(id);
      const value = valueOf(marginOf(id));
      const g = el("svg:g", { class: "node", "data-testid": "dag-node", "data-id": String(id), "data-expanded": String(isExpanded(id)), transform: `translate(${p.x},${p.y})` }, svg);
      const isCurrent = id === current();
      el("svg:rect", { width: W, height: H, rx: 6, fill: COLOURS[value], stroke: isCurrent ? "#000" : ids.includes(id) ? "#1f5fbf" : "#fff", "stroke-width": isCurrent ? 3 : 2 }, g);
      el("svg:text", { x: 7, y: 19, fill: value === "tie" ? "#222" : "#fff", text: `${playerShort(moverOf(id))}: ${label(id)}`.slice(0, 19) }, g);
      el("svg:title", { text: `${label(id)} · ${playerName(moverOf(id))} to move · ${value} ${signed(marginOf(id))} from here · ${remotenessOf(id)} moves left` }, g);
      g.addEventListener("click", () => nodeClicked(id));
      if (movesOf(id).length > 0) {
        const t = el("svg:g", { class: "toggle", "data-testid": "dag-toggle", "data-id": String(id), transform: `translate(${W},${H / 2})` }, g);
        el("svg:circle", { r: 8, fill: "#fff", stroke: "#1d232b" }, t);
        el("svg:text", { y: 4, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#1d232b", text: isExpanded(id) ? "−" : "+" }, t);
        t.addEventListener("click", (event) => { event.stopPropagation(); toggle(id); });
      }
    }
  }
  function nodeClicked(id) {
    const entry = movesOf(current()).find((e) => e.child === id);
    if (entry) userPlays(entry); else jumpTo(id);
  }

  // ---- the DP table of the interval games ----------------------------------------------------
  function setUpHeatmap() {
    const card = $("table-card");
    if (!D.interval) { card.hidden = true; return; }
    card.hidden = false;
    const n = D.row.length;
    cellOf = new Map();
    D.s.forEach((_, id) => {
      const runs = pos(id)[4];
      if (runs.length === 2 && runs[0] < runs[1]) cellOf.set(runs[0] * n + runs[1] - 1, id);
    });
    const cell = Math.max(1, Math.min(30, Math.floor(360 / n)));
    const canvas = $("heatmap");
    canvas.width = canvas.height = n * cell;
    const ctx = canvas.getContext("2d");
    let top = 1;
    for (const id of cellOf.values()) top = Math.max(top, Math.abs(marginOf(id)));
    ctx.fillStyle = "#f4f6f8";
    ctx.fillRect(0, 0, n * cell, n * cell);
    ctx.font = `${Math.max(8, Math.floor(cell * 0.38))}px sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (const [key, id] of cellOf) {
      const i = Math.floor(key / n), j = key % n;
      const m = marginOf(id);
      ctx.fillStyle = shade(m / top);
      ctx.fillRect(j * cell, i * cell, cell, cell);
      if (cell >= 22) {
        ctx.fillStyle = Math.abs(m / top) > 0.5 ? "#fff" : "#1d232b";
        ctx.fillText(String(m), j * cell + cell / 2, i * cell + cell / 2);
      }
    }
    heatmapBase = { n, cell };
    const marks = $("heatmap-marks");
    marks.setAttribute("width", n * cell);
    marks.setAttribute("height", n * cell);
    canvas.onclick = (event) => {
      const box = canvas.getBoundingClientRect();
      const j = Math.floor(((event.clientX - box.left) / box.width) * n);
      const i = Math.floor(((event.clientY - box.top) / box.height) * n);
      const id = cellOf.get(i * n + j);
      if (id !== undefined) jumpTo(id);
    };
    $("heatmap-scale").textContent = `row i = first pile left, column j = last pile left; green: the mover gains (up to +${top}), maroon: loses, yellow: even`;
  }
  function shade(t) { // -1 .. 1 to maroon .. yellow .. green
    if (t === 0) return "#f2d600";
    const [r, g, b] = t > 0 ? [0, 128, 0] : [128, 0, 0];
    const a = 0.25 + 0.75 * Math.abs(t);
    const mix = (c) => Math.round(255 + (c - 255) * a);
    return `rgb(${mix(r)},${mix(g)},${mix(b)})`;
  }
  function renderHeatmap() {
    if (!D.interval || heatmapBase === null) return;
    const { n, cell } = heatmapBase;
    const marks = $("heatmap-marks");
    marks.innerHTML = "";
    const mark = (id, colour, widthPx) => {
      const runs = pos(id)[4];
      if (runs.length !== 2 || runs[0] >= runs[1]) return;
      const i = runs[0], j = runs[1] - 1;
      el("svg:rect", { x: j * cell + 1, y: i * cell + 1, width: Math.max(cell - 2, 1), height: Math.max(cell - 2, 1), fill: "none", stroke: colour, "stroke-width": widthPx, "data-testid": colour === "#000" ? "heatmap-current" : "heatmap-child" }, marks);
    };
    for (const entry of movesOf(current())) mark(entry.child, "#1f5fbf", Math.max(2, cell / 8));
    mark(current(), "#000", Math.max(2, cell / 6));
  }

  // ---- start-up ----------------------------------------------------------------------------
  function load(data) {
    D = data;
    ids = [0]; played = []; redoStack = []; expanded = new Set(); collapsed = new Set(); heatmapBase = null;
    $("title").textContent = D.title || D.game;
    $("instance").textContent = `${D.game} · ${D.instance} · ${D.s.length} positions`;
    $("rules").textContent = "";
    $("app").hidden = false;
    setUpHeatmap();
    render();
  }
  function wire() {
    $("undo").addEventListener("click", undo);
    $("redo").addEventListener("click", redo);
    $("restart").addEventListener("click", restart);
    $("best-move").addEventListener("click", bestMove);
    $("auto-reply").addEventListener("change", () => { autoReply(); render(); });
    document.addEventListener("keydown", (event) => {
      if (event.target && event.target.tagName === "INPUT") return;
      if (event.key === "ArrowLeft") undo();
      if (event.key === "ArrowRight") redo();
    });
    window.addEventListener("resize", () => { if (D) render(); });
  }

  // Served by `gamelab serve`: pick a game and an instance, and load its solved space from the
  // JSON API.
  async function serverMode() {
    const picker = $("picker");
    picker.hidden = false;
    const games = await (await fetch("api/games")).json();
    const select = $("pick-game");
    for (const game of games.games) el("option", { value: game.name, text: `${game.name} — ${game.title}` }, select);
    const byName = new Map(games.games.map((g) => [g.name, g]));
    const params = new URLSearchParams(location.search);
    if (params.get("game")) select.value = params.get("game");
    for (const field of ["piles", "n", "subtract"]) if (params.get(field)) $("pick-" + field).value = params.get(field);
    const fields = () => {
      const game = byName.get(select.value);
      $("pick-piles-label").hidden = game.input !== "piles";
      $("pick-n-label").hidden = game.input !== "number";
      $("pick-subtract-label").hidden = !game.subtraction_set;
    };
    select.addEventListener("change", fields);
    fields();
    const go = async () => {
      const game = byName.get(select.value);
      const query = new URLSearchParams({ game: game.name });
      if (game.input === "piles") query.set("piles", $("pick-piles").value);
      else query.set("n", $("pick-n").value);
      if (game.subtraction_set && $("pick-subtract").value.trim() !== "") query.set("subtract", $("pick-subtract").value);
      const response = await fetch("api/explore?" + query.toString());
      const body = await response.json();
      if (!response.ok) { $("pick-error").textContent = body.error; return; }
      $("pick-error").textContent = "";
      history.replaceState(null, "", "?" + query.toString());
      load(body);
    };
    picker.addEventListener("submit", (event) => { event.preventDefault(); go(); });
    await go();
  }

  wire();
  const data = JSON.parse($("data").textContent);
  if (data === null) serverMode(); else load(data);
})();
