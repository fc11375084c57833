// history.js: the value history card. The first player's whole-game margin under optimal play
// after each move of the line, on a scale that fits the largest, with a mark in the mover's
// colour at every move that gave value away. Redrawn when the line or the card's width changes.

function renderHistory() {
  const svg = $("history");
  svg.innerHTML = "";
  const width = svg.clientWidth || 600, height = 180;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const points = page.ids.map((_, k) => firstMarginAt(k));
  const span = Math.max(1, ...points.map(Math.abs));
  // Room on the left for the widest scale label ("+3718"), so large margins keep their scale.
  const left = Math.max(44, textWidth(signed(-span), 11) + 12), right = 16, top = 18, bottom = 36;
  const steps = Math.max(points.length - 1, Math.min(20, points.length - 1 + remotenessOf(current())), 1);
  const chart = {
    svg, points, taken: [], bounds: { x: 0, y: 0, w: width, h: height },
    x: (k) => left + (k / steps) * (width - left - right),
    y: (m) => top + ((span - m) / (2 * span)) * (height - top - bottom),
  };
  for (const m of [span, 0, -span]) {
    el("svg:line", { x1: left, x2: width - right, y1: chart.y(m), y2: chart.y(m), stroke: m === 0 ? "#9aa4ae" : FAINT }, svg);
    placeLabel(el("svg:text", { "text-anchor": "end", "font-size": 11, fill: MUTED, text: signed(m) }, svg), [[left - 6, chart.y(m) + 4]], chart.taken, chart.bounds);
  }
  placeLabel(el("svg:text", { "font-size": 11, fill: MUTED, text: "↑ A ahead · ↓ B ahead · moves →" }, svg), [[left, height - 6]], chart.taken, chart.bounds);
  drawHistoryLine(chart);
  drawLosses(chart);
}

function drawHistoryLine({ svg, points, taken, x, y }) {
  for (let k = 1; k < points.length; k++) {
    el("svg:line", { x1: x(k - 1), y1: y(points[k - 1]), x2: x(k), y2: y(points[k]), stroke: "#4f5b66", "stroke-width": 1.5 }, svg);
  }
  points.forEach((m, k) => {
    const last = k === points.length - 1;
    const c = el("svg:circle", { cx: x(k), cy: y(m), r: last ? 6 : 4, fill: last ? INK : "#fff", stroke: INK, "stroke-width": 1.5, "data-testid": "history-point", "data-margin": String(m) }, svg);
    el("svg:title", { text: `after move ${k}: the first player's whole-game margin ${signed(m)}` }, c);
    taken.push({ x: x(k) - 5, y: y(m) - 5, w: 10, h: 10 });
  });
}

// The moves that gave value away: a triangle in the mover's colour, and "A −2" beside it where
// there is room (always in its tooltip).
function drawLosses({ svg, points, taken, bounds, x, y }) {
  for (let k = 1; k < points.length; k++) {
    const mover = page.played[k - 1].mover;
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
