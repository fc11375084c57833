// table.js: the DP table card of the interval games (stone-game, stone-game-vii). Cell (i, j)
// is the position with piles i..j left, coloured by the margin from here of its player to move;
// the cells are drawn once a page, on a canvas, and an update only moves the outlines of the
// current cell (black) and its children (blue). Clicking a cell goes to its position.

// The cells drawn: position id by cell i * n + j, and the cells' size.
const table = { cellOf: null, n: 0, cell: 0 };

function setUpTable() {
  const card = $("table-card");
  table.cellOf = null;
  if (!page.data.interval) { card.hidden = true; return; }
  card.hidden = false;
  const n = page.data.row.length;
  const cellOf = new Map();
  for (let id = 0; id < positionCount(); id++) {
    const runs = runsOf(id);
    if (runs.length === 2 && runs[0] < runs[1]) cellOf.set(runs[0] * n + runs[1] - 1, id);
  }
  const cell = Math.max(1, Math.min(30, Math.floor(340 / n)));
  Object.assign(table, { cellOf, n, cell });
  const top = paintCells();
  const marks = $("heatmap-marks");
  marks.setAttribute("width", n * cell);
  marks.setAttribute("height", n * cell);
  const canvas = $("heatmap");
  canvas.onclick = (event) => {
    const box = canvas.getBoundingClientRect();
    const j = Math.floor(((event.clientX - box.left) / box.width) * n);
    const i = Math.floor(((event.clientY - box.top) / box.height) * n);
    const id = cellOf.get(i * n + j);
    if (id !== undefined) jumpTo(id);
  };
  $("heatmap-scale").textContent = `Row i: the first pile left; column j: the last. Green: the mover gains over the rest of the game (up to +${top}), maroon: loses, yellow: even.`;
}

// Paints every cell with its colour and, where it fits, its margin; returns the largest margin.
function paintCells() {
  const { cellOf, n, cell } = table;
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
  return top;
}

function shade(t) { // -1 .. 1 to maroon .. yellow .. green
  if (t === 0) return COLOURS.tie;
  const [r, g, b] = t > 0 ? [0, 128, 0] : [128, 0, 0];
  const a = 0.25 + 0.75 * Math.abs(t);
  const mix = (c) => Math.round(255 + (c - 255) * a);
  return `rgb(${mix(r)},${mix(g)},${mix(b)})`;
}

// The outlines: the current cell black, its children's blue.
function renderTableMarks() {
  if (table.cellOf === null) return;
  const { cell } = table;
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
