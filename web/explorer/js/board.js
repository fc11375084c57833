// board.js: the board card. Pile games draw the row as bars (the piles left dark, those taken
// tinted in the colour of the player who took them and marked A or B), number games N and as
// many stones, other games the position's own text. A row of piles is drawn once for a width
// (and, on a circle, for where the arc left starts); a move only recolours its piles.

// What the row drawn last is: its width and first pile, and per pile its elements.
const board = { svg: null, width: 0, start: 0, piles: [], count: null, letterSize: 0, letterLine: 0, showLetters: false };

function renderBoard() {
  const box = $("board");
  const id = current();
  if (page.data.board === "piles") { renderPiles(box, id); return; }
  box.innerHTML = "";
  board.svg = null;
  if (page.data.board === "number") renderNumber(box, id);
  else el("pre", { class: "state-text", "data-testid": "state-text", text: label(id) }, box);
}

// A circle's piles left can wrap past the row's end (two runs, the first starting later): the
// row is then drawn from the first pile left, so that the arc reads left to right and its
// "left" and "right" ends are the board's.
function circleStart(id) {
  const runs = runsOf(id);
  return Array.isArray(runs) && runs.length === 4 && runs[0] > runs[2] ? runs[0] : 0;
}

function renderPiles(box, id) {
  const width = Math.max(box.clientWidth || 1200, 240);
  const start = circleStart(id);
  if (board.svg === null || board.width !== width || board.start !== start) drawRow(box, width, start);
  colourPiles(id);
}

// The row's bars, values and caption, uncoloured.
function drawRow(box, width, start) {
  box.innerHTML = "";
  const row = page.data.row, n = row.length;
  // Wide piles for short rows (up to 160 px), down to a pixel for the longest ones.
  const cell = Math.min(160, (width - 4) / n);
  const valueSize = Math.max(10, Math.min(16, cell * 0.4));
  const widest = Math.max(...row.map((v) => textWidth(signed(v), valueSize)));
  const showValues = widest <= cell - 2;
  const letterSize = Math.min(14, Math.max(10, cell * 0.4));
  const showLetters = textWidth("B", letterSize, 700) <= cell - 2;
  const barTop = showValues ? valueSize + 6 : 4, barMax = 56;
  const base = barTop + barMax;
  const letterLine = base + letterSize + 4;
  const height = (showLetters ? letterLine : base) + 10;
  const svg = el("svg:svg", { viewBox: `0 0 ${width} ${height}`, height, "data-testid": "board" }, box);
  const top = Math.max(1, ...row.map(Math.abs));
  const piles = [];
  for (let d = 0; d < n; d++) {
    const i = (start + d) % n, v = row[i];
    const h = Math.max(2, (Math.abs(v) / top) * barMax);
    const x = 2 + d * cell;
    const bar = el("svg:rect", { x: x + cell * 0.08, y: base - h, width: Math.max(1, cell * 0.84), height: h, rx: Math.min(4, cell / 6) }, svg);
    if (v < 0) { bar.setAttribute("stroke", INK); bar.setAttribute("stroke-dasharray", "3 2"); }
    const title = el("svg:title", {}, bar);
    const value = showValues ? el("svg:text", { x: x + cell / 2, y: base - h - 4, "text-anchor": "middle", "font-size": valueSize, text: signed(v) }, svg) : null;
    piles.push({ i, v, x: x + cell / 2, bar, title, value, letter: null });
  }
  Object.assign(board, { svg, width, start, piles, letterSize, letterLine, showLetters });
  drawCaption(box);
}

function drawCaption(box) {
  const caption = el("div", { class: "caption" }, box);
  board.count = el("span", { class: "phrase" }, caption);
  for (const [swatch, words] of [["table", "on the table"], ["a", "taken by A"], ["b", "taken by B"]]) {
    const key = el("span", { class: "phrase" }, caption);
    el("i", { class: "swatch " + swatch }, key);
    key.appendChild(document.createTextNode(words));
  }
  if (page.data.row.some((v) => v < 0)) el("span", { class: "phrase", text: "dashed: a negative pile" }, caption);
}

// Each pile's colour, tooltip and letter at position `id` after the line played.
function colourPiles(id) {
  const left = new Set(pileIndices(id));
  const owner = new Map();
  for (const move of page.played) for (const i of move.taken) owner.set(i, move.mover);
  // Games whose moves name a slice count their piles from 0, as their moves do.
  const pileName = page.data.move_keys.includes("slice") ? (i) => `slice ${i}` : (i) => `pile ${i + 1}`;
  for (const pile of board.piles) {
    const { i, v } = pile;
    const taken = owner.has(i);
    pile.bar.setAttribute("fill", left.has(i) ? (v < 0 ? "#9aa4ae" : "#5f6f80") : taken ? PLAYER_TINTS[owner.get(i)] : "#eef1f4");
    pile.title.textContent = `${pileName(i)}: ${v}${taken ? `, taken by ${playerShort(owner.get(i))}` : left.has(i) ? ", on the table" : ""}`;
    if (pile.value) pile.value.setAttribute("fill", left.has(i) ? INK : "#9aa4ae");
    markTaker(pile, taken && board.showLetters ? owner.get(i) : null);
  }
  const beyond = beyondPiles(id);
  board.count.textContent = `${left.size} of ${page.data.row.length} piles left${beyond === null ? "" : `, ${beyond}`}`;
}

// The letter under a pile taken (A or B in the taker's colour), or none.
function markTaker(pile, taker) {
  if (taker === null) {
    if (pile.letter) { pile.letter.remove(); pile.letter = null; }
    return;
  }
  if (!pile.letter) {
    pile.letter = el("svg:text", { x: pile.x, y: board.letterLine - 2, "text-anchor": "middle", "font-size": board.letterSize, "font-weight": 700 }, board.svg);
  }
  pile.letter.setAttribute("fill", PLAYER_COLOURS[taker]);
  pile.letter.textContent = playerShort(taker);
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
