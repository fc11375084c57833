// gamelab explorer: plays through a solved game. Every number shown comes from the solved state
// space in the page's data (gamelab's position analysis); this script only follows moves, adds
// up the points taken on the line, and draws. Hand-written, no libraries, no network access
// (except the JSON API when served by `gamelab serve`).
//
// One meaning per colour: green, yellow and maroon are always the value *from here* (the rest
// of the game under optimal play, points already taken left out) for the player concerned —
// the badge, the move buttons, the DAG's nodes and edges and the DP table's cells. The
// whole-game figure (points taken so far included) is shown beside it in words, never as a
// colour. Players have their own colours (A blue, B purple), used for the pieces they took.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = { win: "#008000", tie: "#f2d600", lose: "#800000" };
  const PLAYER_COLOURS = ["#2b6cb0", "#7b3fa8"];        // A, B: pieces taken, history marks
  const PLAYER_TINTS = ["#c3d8ef", "#ddcbea"];
  const INK = "#1d232b", MUTED = "#66707c", FAINT = "#e3e7eb";
  const PATH_WINDOW = 5;   // path positions drawn in the DAG before the current one
  const DAG_NODE_LIMIT = 120;
  const INSTANCE_SHOWN = 90; // characters of the instance shown in the header

  let D = null;            // the page data (docs/src/internals/explorer-data.md)
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
  // Margins as people write them: +3, 0, −2 (a real minus sign).
  const signed = (m) => (m > 0 ? "+" + m : m < 0 ? "\u2212" + -m : "0");
  const number = (m) => (m < 0 ? "\u2212" + -m : String(m));
  const playerName = (p) => (p === 0 ? "first" : "second");
  const playerShort = (p) => (p === 0 ? "A" : "B");
  const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

  // Text widths for layout, measured with the page's own font.
  const measurer = document.createElement("canvas").getContext("2d");
  function textWidth(text, size, weight) {
    measurer.font = `${weight || 400} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif`;
    return measurer.measureText(text).width;
  }

  // ---- labels that never overlap -------------------------------------------------------------
  // `taken` is a list of boxes already used in one SVG; a label is tried at each candidate
  // position in turn and kept at the first where it overlaps none of them, else removed (the
  // caller then puts its text in a tooltip).
  const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  function placeLabel(node, candidates, taken, bounds) {
    for (const [x, y] of candidates) {
      node.setAttribute("x", x);
      node.setAttribute("y", y);
      const b = node.getBBox();
      const box = { x: b.x - 2, y: b.y - 1, w: b.width + 4, h: b.height + 2 };
      const inside = !bounds || (box.x >= bounds.x && box.y >= bounds.y && box.x + box.w <= bounds.x + bounds.w && box.y + box.h <= bounds.y + bounds.h);
      if (inside && !taken.some((t) => overlaps(t, box))) { taken.push(box); return true; }
    }
    node.remove();
    return false;
  }

  // ---- reading positions -------------------------------------------------------------------
  // Positions and moves are columns, one array per field (docs/src/internals/explorer-data.md);
  // a position's moves are the run of the moves' columns from firstMove[id] to firstMove[id + 1].
  let firstMove = null;
  function indexMoves() {
    const counts = D.positions.move_count;
    firstMove = new Uint32Array(counts.length + 1);
    for (let id = 0; id < counts.length; id++) firstMove[id + 1] = firstMove[id] + counts[id];
  }
  const moverOf = (id) => D.positions.to_move[id];
  const marginOf = (id) => D.positions.margin[id];          // the mover's margin from here
  const remotenessOf = (id) => D.positions.remoteness[id];
  const grundyOf = (id) => (D.positions.grundy ? D.positions.grundy[id] ?? -1 : -1);
  const payoffOf = (id) => (D.positions.payoff && D.positions.payoff[id]) || [0, 0];
  const runsOf = (id) => (D.positions.piles ? D.positions.piles[id] : D.positions.label[id]);
  function movesOf(id) {
    const m = D.moves;
    const out = [];
    for (let k = firstMove[id]; k < firstMove[id + 1]; k++) {
      out.push({ name: m.name[k], child: m.child[k], gain: m.gain[k], margin: m.margin[k], remoteness: m.remoteness[k], optimal: m.optimal[k] === 1 });
    }
    return out;
  }
  function pileIndices(id) {
    const runs = runsOf(id);
    if (!Array.isArray(runs)) return null;
    const out = [];
    for (let k = 0; k < runs.length; k += 2) for (let i = runs[k]; i < runs[k + 1]; i++) out.push(i);
    return out;
  }
  // The position in full (tooltips) and shortened (DAG nodes: "[5 … 6] ×7" is seven piles,
  // the first 5 and the last 6).
  function fullLabel(id) {
    const idx = pileIndices(id);
    if (idx === null) return runsOf(id);
    return "[" + idx.map((i) => D.row[i]).join(" ") + "]";
  }
  function label(id) {
    const idx = pileIndices(id);
    if (idx === null) return runsOf(id);
    if (idx.length === 0) return "[ ]";
    const vals = idx.map((i) => D.row[i]);
    if (vals.length <= 4) return "[" + vals.join(" ") + "]";
    return `[${vals[0]} … ${vals[vals.length - 1]}] ×${vals.length}`;
  }
  const moveName = (entry) => D.move_names[entry.name];

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
  function soFarAt(k) { // the mover's lead in points taken so far
    const g = gainedAt(k), m = moverOf(ids[k]);
    return g[m] - g[1 - m];
  }
  function gameMarginAt(k) { // the mover's margin over the whole game, optimal play from k
    return soFarAt(k) + marginOf(ids[k]);
  }
  function firstMarginAt(k) {
    return moverOf(ids[k]) === 0 ? gameMarginAt(k) : -gameMarginAt(k);
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
    const margin = marginOf(id);
    const value = valueOf(margin);
    const gameMargin = gameMarginAt(k);
    const finished = moves.length === 0;
    const position = $("position");
    position.dataset.toMove = playerName(mover);
    position.dataset.value = value;
    position.dataset.margin = String(margin);
    position.dataset.gameMargin = String(gameMargin);
    position.dataset.gameValue = valueOf(gameMargin);
    position.dataset.remoteness = String(remotenessOf(id));
    const piles = pileIndices(id);
    if (piles !== null) position.dataset.piles = JSON.stringify(piles.map((i) => D.row[i]));
    const s = scoresAt(k);

    const turn = $("turn");
    turn.innerHTML = "";
    if (finished) {
      const result = s[0] === s[1] ? `a tie, ${number(s[0])} each`
        : s[0] > s[1] ? `A (first player) wins ${number(s[0])} to ${number(s[1])}` : `B (second player) wins ${number(s[1])} to ${number(s[0])}`;
      el("span", { class: "phrase", text: "Game over:" }, turn);
      el("span", { class: "phrase", text: result }, turn);
    } else {
      el("span", { class: "phrase", text: `${playerShort(mover)} (${playerName(mover)} player) to move` }, turn);
    }

    const verdict = $("verdict");
    verdict.innerHTML = "";
    el("span", { class: "badge " + value, "data-testid": "badge", title: "the value from here: the rest of the game under optimal play, for the player to move", text: `${playerShort(mover)}: ${value} ${signed(margin)}` }, verdict);
    el("span", { class: "phrase muted", text: finished ? `from here (${playerShort(mover)} would move next)` : "from here" }, verdict);
    el("span", { class: "phrase whole", "data-testid": "whole-game", title: "the whole game: points already taken included, optimal play from here", text: `whole game: ${valueOf(gameMargin)} ${signed(gameMargin)}` }, verdict);
    if (!finished) el("span", { class: "phrase muted", text: plural(remotenessOf(id), "move left", "moves left") }, verdict);
    if (grundyOf(id) >= 0) el("span", { class: "phrase muted", text: `Grundy value ${grundyOf(id)}` }, verdict);

    const scores = $("scores");
    scores.dataset.first = String(s[0]);
    scores.dataset.second = String(s[1]);
    scores.innerHTML = "";
    el("span", { class: "phrase", text: finished ? "Final scores:" : "Scores so far:" }, scores);
    el("b", { class: "phrase", text: `A ${number(s[0])}` }, scores);
    el("b", { class: "phrase", text: `B ${number(s[1])}` }, scores);
    el("span", { class: "phrase muted", text: `after ${plural(k, "move", "moves")}` }, scores);

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
    const name = moveName(entry), key = D.move_keys[entry.name];
    if (key === "side") return `take ${name}`;
    if (key === "count") return `take ${name} pile${name === "1" ? "" : "s"}`;
    if (key === "take") return `take ${name}`;
    if (key === "move") return name;
    return `${key} = ${name}`;
  }
  function renderMoves(moves, k) {
    const box = $("moves");
    box.innerHTML = "";
    if (moves.length === 0) { el("div", { class: "done", text: "No moves left: the game is over." }, box); return; }
    const soFar = soFarAt(k), m = moverOf(current());
    const best = moves[0].margin;
    // The stored order is best first, as `gamelab analyze` lists them.
    for (const entry of moves) {
      const value = valueOf(entry.margin);
      const gameMargin = soFar + entry.margin;
      const away = best - entry.margin;
      const button = el("button", {
        class: `move ${value}${entry.optimal ? " optimal" : ""}`,
        "data-testid": "move", "data-move": moveName(entry), "data-value": value,
        "data-margin": String(entry.margin), "data-game-margin": String(gameMargin),
        "data-remoteness": String(entry.remoteness),
        title: `${value} ${signed(entry.margin)} from here for ${playerShort(m)} (this move's points included)` +
          ` · whole game: ${valueOf(gameMargin)} ${signed(gameMargin)} · ${plural(entry.remoteness, "move", "moves")} left` +
          (away > 0 ? ` · gives away ${away}` : "") + (entry.optimal ? " · optimal play" : ""),
      }, box);
      const gain = entry.gain !== 0 ? ` (${signed(entry.gain)})` : "";
      el("b", { text: describeMove(entry) + gain }, button);
      el("small", { text: `${value} ${signed(entry.margin)} · ${entry.remoteness} left${away > 0 ? ` · −${away}` : ""}` }, button);
      button.addEventListener("click", () => userPlays(entry));
    }
  }

  function renderBoard(id) {
    const box = $("board");
    box.innerHTML = "";
    if (D.board === "piles") renderPiles(box, id);
    else if (D.board === "number") renderNumber(box, id);
    else el("pre", { class: "state-text", "data-testid": "state-text", text: label(id) }, box);
  }
  function renderPiles(box, id) {
    const width = Math.max(box.clientWidth || 1200, 240);
    const n = D.row.length;
    const left = new Set(pileIndices(id));
    const owner = new Map();
    for (const move of played) for (const i of move.taken) owner.set(i, move.mover);
    // Wide piles for short rows (up to 160 px), down to a pixel for the longest ones.
    const cell = Math.min(160, (width - 4) / n);
    const valueSize = Math.max(10, Math.min(16, cell * 0.4));
    const widest = Math.max(...D.row.map((v) => textWidth(signed(v), valueSize)));
    const showValues = widest <= cell - 2;
    const letterSize = Math.min(14, Math.max(10, cell * 0.4));
    const showLetters = textWidth("B", letterSize, 700) <= cell - 2;
    const barTop = showValues ? valueSize + 6 : 4, barMax = 56;
    const base = barTop + barMax;
    const letterLine = base + letterSize + 4;
    const height = (showLetters ? letterLine : base) + 10;
    const svg = el("svg:svg", { viewBox: `0 0 ${width} ${height}`, height, "data-testid": "board" }, box);
    const top = Math.max(1, ...D.row.map(Math.abs));
    // A circle's piles left can wrap past the row's end (two runs, the first starting later):
    // the row is then drawn from the first pile left, so that the arc reads left to right and
    // its "left" and "right" ends are the board's.
    const runs = runsOf(id);
    const start = Array.isArray(runs) && runs.length === 4 && runs[0] > runs[2] ? runs[0] : 0;
    // Games whose moves name a slice count their piles from 0, as their moves do.
    const pileName = D.move_keys.includes("slice") ? (i) => `slice ${i}` : (i) => `pile ${i + 1}`;
    for (let d = 0; d < n; d++) {
      const i = (start + d) % n;
      const v = D.row[i];
      const h = Math.max(2, (Math.abs(v) / top) * barMax);
      const x = 2 + d * cell;
      const taken = owner.has(i);
      const fill = left.has(i) ? (v < 0 ? "#9aa4ae" : "#5f6f80") : taken ? PLAYER_TINTS[owner.get(i)] : "#eef1f4";
      const bar = el("svg:rect", { x: x + cell * 0.08, y: base - h, width: Math.max(1, cell * 0.84), height: h, rx: Math.min(4, cell / 6), fill }, svg);
      if (v < 0) { bar.setAttribute("stroke", INK); bar.setAttribute("stroke-dasharray", "3 2"); }
      el("svg:title", { text: `${pileName(i)}: ${v}${taken ? `, taken by ${playerShort(owner.get(i))}` : left.has(i) ? ", on the table" : ""}` }, bar);
      if (showValues) {
        el("svg:text", { x: x + cell / 2, y: base - h - 4, "text-anchor": "middle", "font-size": valueSize, fill: left.has(i) ? INK : "#9aa4ae", text: signed(v) }, svg);
      }
      if (taken && showLetters) {
        el("svg:text", { x: x + cell / 2, y: letterLine - 2, "text-anchor": "middle", "font-size": letterSize, "font-weight": 700, fill: PLAYER_COLOURS[owner.get(i)], text: playerShort(owner.get(i)) }, svg);
      }
    }
    const caption = el("div", { class: "caption" }, box);
    el("span", { class: "phrase", text: `${left.size} of ${n} piles left` }, caption);
    for (const [swatch, words] of [["table", "on the table"], ["a", "taken by A"], ["b", "taken by B"]]) {
      const key = el("span", { class: "phrase" }, caption);
      el("i", { class: "swatch " + swatch }, key);
      key.appendChild(document.createTextNode(words));
    }
    if (D.row.some((v) => v < 0)) el("span", { class: "phrase", text: "dashed: a negative pile" }, caption);
  }
  function renderNumber(box, id) {
    const width = Math.max(box.clientWidth || 1200, 240);
    const text = label(id);
    const stones = parseInt(String(text).replace(/^[^0-9]*/, ""), 10); // "N=5", "13 stones"
    const perRow = Math.max(1, Math.floor((width - 20) / 22));
    const shown = Number.isFinite(stones) && stones > 0 && stones <= 120 ? stones : 0;
    const rows = Math.ceil(shown / perRow);
    const height = 52 + rows * 24;
    const svg = el("svg:svg", { viewBox: `0 0 ${width} ${height}`, height, "data-testid": "board" }, box);
    el("svg:text", { x: 10, y: 34, "font-size": 28, "font-weight": 700, fill: INK, text }, svg);
    for (let i = 0; i < shown; i++) {
      el("svg:circle", { cx: 20 + (i % perRow) * 22, cy: 58 + Math.floor(i / perRow) * 24, r: 8, fill: "#8aa1b8" }, svg);
    }
  }

  function renderHistory() {
    const svg = $("history");
    svg.innerHTML = "";
    const width = svg.clientWidth || 600, height = 180;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const points = ids.map((_, k) => firstMarginAt(k));
    const span = Math.max(1, ...points.map(Math.abs));
    // Room on the left for the widest scale label ("+3718"), so large margins keep their scale.
    const left = Math.max(44, textWidth(signed(-span), 11) + 12), right = 16, top = 18, bottom = 36;
    const steps = Math.max(points.length - 1, Math.min(20, points.length - 1 + remotenessOf(current())), 1);
    const x = (k) => left + (k / steps) * (width - left - right);
    const y = (m) => top + ((span - m) / (2 * span)) * (height - top - bottom);
    const taken = [];
    const bounds = { x: 0, y: 0, w: width, h: height };
    for (const m of [span, 0, -span]) {
      el("svg:line", { x1: left, x2: width - right, y1: y(m), y2: y(m), stroke: m === 0 ? "#9aa4ae" : FAINT }, svg);
      placeLabel(el("svg:text", { "text-anchor": "end", "font-size": 11, fill: MUTED, text: signed(m) }, svg), [[left - 6, y(m) + 4]], taken, bounds);
    }
    placeLabel(el("svg:text", { "font-size": 11, fill: MUTED, text: "↑ A ahead · ↓ B ahead · moves →" }, svg), [[left, height - 6]], taken, bounds);
    for (let k = 1; k < points.length; k++) {
      el("svg:line", { x1: x(k - 1), y1: y(points[k - 1]), x2: x(k), y2: y(points[k]), stroke: "#4f5b66", "stroke-width": 1.5 }, svg);
    }
    points.forEach((m, k) => {
      const last = k === points.length - 1;
      const c = el("svg:circle", { cx: x(k), cy: y(m), r: last ? 6 : 4, fill: last ? INK : "#fff", stroke: INK, "stroke-width": 1.5, "data-testid": "history-point", "data-margin": String(m) }, svg);
      el("svg:title", { text: `after move ${k}: the first player's whole-game margin ${signed(m)}` }, c);
      taken.push({ x: x(k) - 5, y: y(m) - 5, w: 10, h: 10 });
    });
    // The moves that gave value away: a triangle in the mover's colour, and "A −2" beside it
    // where there is room (always in its tooltip).
    for (let k = 1; k < points.length; k++) {
      const mover = played[k - 1].mover;
      const lost = mover === 0 ? points[k - 1] - points[k] : points[k] - points[k - 1];
      if (lost <= 0) continue;
      const px = x(k), py = y(points[k]);
      const dy = mover === 0 ? 1 : -1; // A's losses point down the chart, B's up
      const tip = py + dy * 9;
      const mark = el("svg:path", { d: `M${px - 5},${tip - dy * 7} L${px + 5},${tip - dy * 7} L${px},${tip} Z`, fill: PLAYER_COLOURS[mover], "data-testid": "history-loss", "data-lost": String(lost) }, svg);
      el("svg:title", { text: `move ${k}: ${playerShort(mover)} gave away ${lost}` }, mark);
      const text = el("svg:text", { "font-size": 11, "font-weight": 700, fill: PLAYER_COLOURS[mover], text: `${playerShort(mover)} −${lost}` }, svg);
      placeLabel(text, [[px + 8, py + dy * 14 + 4], [px + 8, py - dy * 10 + 4], [px - 40, py + dy * 14 + 4], [px + 8, py + 4]], taken, bounds);
    }
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
    // Sizes from the texts drawn: nodes as wide as their widest label (within limits), columns
    // apart by the widest move name.
    const nodeText = (id) => `${playerShort(moverOf(id))}: ${label(id)}`;
    // Rows of piles too long for a node are shortened; the legend reads one of those shown.
    const shortened = order.map(pileIndices).find((idx) => idx !== null && idx.length > 4);
    $("dag-abbreviation").textContent = shortened
      ? ` · [${D.row[shortened[0]]} … ${D.row[shortened[shortened.length - 1]]}] ×${shortened.length}: ${shortened.length} piles, the first ${D.row[shortened[0]]} and the last ${D.row[shortened[shortened.length - 1]]} (hover a node for all)`
      : "";
    const W = Math.min(200, Math.max(96, ...order.map((id) => textWidth(nodeText(id), 12) + 18)));
    // Wider gaps where many moves fan out of one node, so their names find room on the curves.
    const fanOut = new Map();
    for (const e of edges) fanOut.set(e.from, (fanOut.get(e.from) || 0) + 1);
    const widestFan = Math.max(1, ...fanOut.values());
    const gap = Math.min(160, Math.max(56, 30 + 8 * widestFan, ...edges.map((e) => textWidth(moveName(e.entry), 11) + 30)));
    const H = 30, colW = W + gap, rowH = 44, pad = 14;
    const rows = new Map();
    const place = new Map();
    for (const id of order) {
      const l = layer.get(id) ?? 0;
      const r = rows.get(l) || 0;
      rows.set(l, r + 1);
      place.set(id, { x: pad + l * colW, y: pad + r * rowH });
    }
    const width = pad * 2 + (Math.max(...layer.values()) + 1) * colW - gap + 10;
    const height = pad * 2 + Math.max(...rows.values()) * rowH;
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const scroller = svg.parentElement;
    const here = place.get(current());
    // The current position and the column of its moves in view: as far right as the moves
    // need, never so far that the current position leaves the left edge.
    if (scroller && here) scroller.scrollLeft = Math.max(0, Math.min(here.x - pad, here.x + colW + W + 10 - scroller.clientWidth));
    const taken = [];
    for (const id of order) { const p = place.get(id); taken.push({ x: p.x, y: p.y, w: W + 10, h: H }); }
    const edgeLayer = el("svg:g", {}, svg);
    const labelLayer = el("svg:g", { class: "edge-labels" }, svg);
    for (const e of edges) {
      const a = place.get(e.from), b = place.get(e.entry.child);
      if (!a || !b) continue;
      const x1 = a.x + W + 8, y1 = a.y + H / 2, x2 = b.x, y2 = b.y + H / 2;
      const onPath = ids.includes(e.from) && ids[ids.indexOf(e.from) + 1] === e.entry.child;
      const bend = Math.min(gap / 2, 48);
      const path = el("svg:path", {
        d: `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`, fill: "none",
        stroke: onPath ? INK : COLOURS[valueOf(e.entry.margin)], "stroke-width": e.entry.optimal ? 3.2 : 1.2,
        "stroke-dasharray": onPath ? "" : (e.entry.optimal ? "" : "4 3"), "data-testid": "dag-edge",
        "data-optimal": String(e.entry.optimal), "data-move": moveName(e.entry),
      }, edgeLayer);
      el("svg:title", { text: `${describeMove(e.entry)}: ${valueOf(e.entry.margin)} ${signed(e.entry.margin)} from here for ${playerShort(moverOf(e.from))}` }, path);
      // The move's name at a point of its curve where it overlaps no other label or node.
      const at = (t) => {
        const u = 1 - t;
        return [u * u * u * x1 + 3 * u * u * t * (x1 + bend) + 3 * u * t * t * (x2 - bend) + t * t * t * x2,
          u * u * u * y1 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y2];
      };
      // Nearest the move's own position first: where many moves fan out of one node their
      // curves start together, and only near their ends do they lie apart, in their children's
      // order.
      const candidates = [];
      for (const t of [0.8, 0.65, 0.5, 0.35, 0.2]) {
        const [cx, cy] = at(t);
        candidates.push([cx, cy - 4], [cx, cy + 12]);
      }
      const text = el("svg:text", { "text-anchor": "middle", "font-size": 11, fill: "#3d4852", class: "edge-label", text: moveName(e.entry) }, labelLayer);
      placeLabel(text, candidates, taken, { x: 0, y: 0, w: width, h: height });
    }
    for (const id of order) {
      const p = place.get(id);
      const value = valueOf(marginOf(id));
      const g = el("svg:g", { class: "node", "data-testid": "dag-node", "data-id": String(id), "data-value": value, "data-expanded": String(isExpanded(id)), transform: `translate(${p.x},${p.y})` }, svg);
      const isCurrent = id === current();
      el("svg:rect", { width: W, height: H, rx: 6, fill: COLOURS[value], stroke: isCurrent ? "#000" : ids.includes(id) ? "#1f5fbf" : "#fff", "stroke-width": isCurrent ? 3 : 2 }, g);
      let text = nodeText(id);
      while (text.length > 4 && textWidth(text, 12) > W - 16) text = text.slice(0, -2) + "…";
      el("svg:text", { x: 8, y: 19, "font-size": 12, fill: value === "tie" ? "#222" : "#fff", text }, g);
      el("svg:title", { text: `${fullLabel(id)}\n${playerName(moverOf(id))} player to move${movesOf(id).length === 0 ? " (next; the game is over)" : ""}\n${value} ${signed(marginOf(id))} from here · ${plural(remotenessOf(id), "move", "moves")} left` }, g);
      g.addEventListener("click", () => nodeClicked(id));
      if (movesOf(id).length > 0) {
        const t = el("svg:g", { class: "toggle", "data-testid": "dag-toggle", "data-id": String(id), transform: `translate(${W},${H / 2})` }, g);
        el("svg:circle", { r: 8, fill: "#fff", stroke: INK }, t);
        el("svg:path", { d: isExpanded(id) ? "M-4,0 H4" : "M-4,0 H4 M0,-4 V4", stroke: INK, "stroke-width": 2 }, t);
        el("svg:title", { text: isExpanded(id) ? "collapse" : "expand" }, t);
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
    for (let id = 0; id < D.positions.margin.length; id++) {
      const runs = runsOf(id);
      if (runs.length === 2 && runs[0] < runs[1]) cellOf.set(runs[0] * n + runs[1] - 1, id);
    }
    const cell = Math.max(1, Math.min(30, Math.floor(340 / n)));
    const canvas = $("heatmap");
    // Drawn at the screen's own resolution (3 device pixels a CSS pixel on a phone), so its
    // numbers are as sharp as the page's text.
    const ratio = Math.max(1, Math.ceil(window.devicePixelRatio || 1));
    canvas.width = canvas.height = n * cell * ratio;
    canvas.style.width = canvas.style.height = `${n * cell}px`;
    const ctx = canvas.getContext("2d");
    ctx.scale(ratio, ratio);
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
      // A number wider than its cell (inside the outline the current cell gets) is left out
      // rather than drawn over its neighbours: its colour still says it, and clicking the cell
      // shows the position with its value.
      if (cell >= 22 && ctx.measureText(String(m)).width <= cell - 3) {
        ctx.fillStyle = Math.abs(m / top) > 0.5 ? "#fff" : INK;
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
    $("heatmap-scale").textContent = `Row i: the first pile left; column j: the last. Green: the mover gains over the rest of the game (up to +${top}), maroon: loses, yellow: even.`;
  }
  function shade(t) { // -1 .. 1 to maroon .. yellow .. green
    if (t === 0) return COLOURS.tie;
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
      const runs = runsOf(id);
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
    indexMoves();
    ids = [0]; played = []; redoStack = []; expanded = new Set(); collapsed = new Set(); heatmapBase = null;
    $("title").textContent = D.title || D.game;
    const instance = D.instance.length > INSTANCE_SHOWN ? D.instance.slice(0, INSTANCE_SHOWN - 1) + "…" : D.instance;
    const line = $("instance");
    line.textContent = `${D.game} · ${instance} · ${D.positions.margin.length} positions`;
    line.title = D.instance;
    $("rules").textContent = D.rules || "";
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
    let lastWidth = window.innerWidth;
    window.addEventListener("resize", () => {
      if (D && window.innerWidth !== lastWidth) { lastWidth = window.innerWidth; render(); }
    });
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
