// dag.js: the state DAG card. The last PATH_WINDOW positions of the line and the moves of every
// expanded position (the current one unless collapsed), laid out in layers; ± on a node expands
// or collapses it, a click on a node goes there. The SVG is kept from one update to the next:
// nodes are kept by position and edges by move, so an update adds the new ones, removes the
// ones gone, moves the rest into their new places, re-places the edges' labels and redoes the
// highlighting (the line in ink, the current position outlined).

// What the DAG shows now: its layers (edges under labels under nodes) and its elements.
const dag = { edges: null, labels: null, nodes: null, nodeOf: new Map(), edgeOf: new Map() };

function resetDag() {
  const svg = $("dag");
  svg.innerHTML = "";
  dag.edges = el("svg:g", {}, svg);
  dag.labels = el("svg:g", { class: "edge-labels" }, svg);
  dag.nodes = el("svg:g", {}, svg);
  dag.nodeOf = new Map();
  dag.edgeOf = new Map();
}

function isExpanded(id) {
  return page.expanded.has(id) || (id === current() && !page.collapsed.has(id));
}
function toggle(id) {
  if (isExpanded(id)) { page.expanded.delete(id); if (id === current()) page.collapsed.add(id); }
  else { page.expanded.add(id); page.collapsed.delete(id); }
  update();
}
function nodeClicked(id) {
  const entry = movesOf(current()).find((e) => e.child === id);
  if (entry) userPlays(entry); else jumpTo(id);
}

function renderDag() {
  const graph = dagGraph();
  const layout = dagLayout(graph);
  const svg = $("dag");
  svg.setAttribute("width", layout.width);
  svg.setAttribute("height", layout.height);
  svg.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
  explainShortening(graph.order);
  scrollDag(layout);
  const taken = graph.order.map((id) => { const p = layout.place.get(id); return { x: p.x, y: p.y, w: layout.W + 10, h: layout.H }; });
  // The line's next position after each position on it (after its first visit).
  const next = new Map();
  for (let k = page.ids.length - 2; k >= 0; k--) next.set(page.ids[k], page.ids[k + 1]);
  syncEdges(graph, layout, taken, next);
  syncNodes(graph, layout);
}

// Which positions and moves are shown: the line's window, then the moves of the expanded
// positions breadth first, up to DAG_NODE_LIMIT positions.
function dagGraph() {
  const start = Math.max(0, page.ids.length - 1 - PATH_WINDOW);
  const order = [], shown = new Set(), edges = [], edgeKeys = new Set();
  const show = (id) => { if (!shown.has(id)) { shown.add(id); order.push(id); } };
  const addEdge = (from, entry) => {
    if (!edgeKeys.has(entry.index)) { edgeKeys.add(entry.index); edges.push({ from, entry }); }
  };
  for (let k = start; k < page.ids.length; k++) {
    show(page.ids[k]);
    if (k > start) addEdge(page.ids[k - 1], page.played[k - 1].entry);
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
  return { order, shown, edges };
}

// Layers (the longest displayed line from the first drawn position), then sizes from the texts
// drawn: nodes as wide as their widest label (within limits), columns apart by the widest move
// name, and wider where many moves fan out of one node, so their names find room on the curves.
function dagLayout({ order, shown, edges }) {
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
  const W = Math.min(200, Math.max(96, ...order.map((id) => textWidth(nodeText(id), 12) + 18)));
  const fanOut = new Map();
  for (const e of edges) fanOut.set(e.from, (fanOut.get(e.from) || 0) + 1);
  const widestFan = Math.max(1, ...fanOut.values());
  const gap = Math.min(160, Math.max(56, 30 + 8 * widestFan, ...edges.map((e) => textWidth(moveName(e.entry), 11) + 30)));
  const H = 30, colW = W + gap, rowH = 44, pad = 14;
  const rows = new Map(), place = new Map();
  for (const id of order) {
    const l = layer.get(id) ?? 0;
    const r = rows.get(l) || 0;
    rows.set(l, r + 1);
    place.set(id, { x: pad + l * colW, y: pad + r * rowH });
  }
  const width = pad * 2 + (Math.max(...layer.values()) + 1) * colW - gap + 10;
  const height = pad * 2 + Math.max(...rows.values()) * rowH;
  return { W, H, gap, colW, pad, place, width, height };
}

const nodeText = (id) => `${playerShort(moverOf(id))}: ${label(id)}`;

// A node's text within `room` pixels: a long row's end values give way first, so that the
// count of its piles and what the position holds besides them (stone-game-ii's M) stay
// ("A: […] ×52 M=4"; the tooltip has the row); then the text's end.
function fittedNodeText(id, room) {
  let text = nodeText(id);
  if (textWidth(text, 12) <= room) return text;
  const idx = pileIndices(id);
  if (idx !== null && idx.length > 4) text = withBeyond(`${playerShort(moverOf(id))}: […] ×${idx.length}`, id);
  while (text.length > 4 && textWidth(text, 12) > room) text = text.slice(0, -2) + "…";
  return text;
}

// Rows of piles too long for a node are shortened; the card's title reads one of those shown.
function explainShortening(order) {
  const idx = order.map(pileIndices).find((found) => found !== null && found.length > 4);
  const row = page.data.row;
  $("dag-abbreviation").textContent = idx
    ? ` · [${row[idx[0]]} … ${row[idx[idx.length - 1]]}] ×${idx.length}: ${idx.length} piles, the first ${row[idx[0]]} and the last ${row[idx[idx.length - 1]]} (hover a node for all)`
    : "";
}

// The current position and the column of its moves in view: as far right as the moves need,
// never so far that the current position leaves the left edge.
function scrollDag({ place, pad, colW, W }) {
  const scroller = $("dag").parentElement;
  const here = place.get(current());
  if (scroller && here) scroller.scrollLeft = Math.max(0, Math.min(here.x - pad, here.x + colW + W + 10 - scroller.clientWidth));
}

// The edges: one path a move, kept while shown, redrawn along its new curve; its name placed at a
// point of the curve where it overlaps no other label or node.
function syncEdges({ edges }, layout, taken, next) {
  const { W, H, gap, place, width, height } = layout;
  const shown = edges.filter((e) => place.has(e.from) && place.has(e.entry.child));
  const keys = new Set(shown.map((e) => e.entry.index));
  for (const [key, edge] of dag.edgeOf) {
    if (!keys.has(key)) { edge.path.remove(); edge.label.remove(); dag.edgeOf.delete(key); }
  }
  const drawn = shown.map((e) => dag.edgeOf.get(e.entry.index) || newEdge(e));
  keepOrder(dag.edges, drawn.map((edge) => edge.path));
  keepOrder(dag.labels, drawn.map((edge) => edge.label));
  shown.forEach((e, n) => {
    const a = place.get(e.from), b = place.get(e.entry.child), edge = drawn[n];
    const x1 = a.x + W + 8, y1 = a.y + H / 2, x2 = b.x, y2 = b.y + H / 2;
    const bend = Math.min(gap / 2, 48);
    const onPath = next.get(e.from) === e.entry.child;
    edge.path.setAttribute("d", `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`);
    edge.path.setAttribute("stroke", onPath ? INK : COLOURS[valueOf(e.entry.margin)]);
    edge.path.setAttribute("stroke-dasharray", onPath || e.entry.optimal ? "" : "4 3");
    placeLabel(edge.label, labelCandidates(x1, y1, x2, y2, bend), taken, { x: 0, y: 0, w: width, h: height });
  });
}

function newEdge({ from, entry }) {
  const path = el("svg:path", {
    fill: "none", "stroke-width": entry.optimal ? 3.2 : 1.2, "data-testid": "dag-edge",
    "data-optimal": String(entry.optimal), "data-move": moveName(entry),
  });
  el("svg:title", { text: `${describeMove(entry)}: ${valueOf(entry.margin)} ${signed(entry.margin)} from here for ${playerShort(moverOf(from))}` }, path);
  const label = el("svg:text", { "text-anchor": "middle", "font-size": 11, fill: "#3d4852", class: "edge-label", text: moveName(entry) });
  const edge = { path, label };
  dag.edgeOf.set(entry.index, edge);
  return edge;
}

// Where a move's name may go on its curve: nearest the move's own position first, since where
// many moves fan out of one node their curves start together, and only near their ends do they
// lie apart, in their children's order.
function labelCandidates(x1, y1, x2, y2, bend) {
  const at = (t) => {
    const u = 1 - t;
    return [u * u * u * x1 + 3 * u * u * t * (x1 + bend) + 3 * u * t * t * (x2 - bend) + t * t * t * x2,
      u * u * u * y1 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y2];
  };
  const candidates = [];
  for (const t of [0.8, 0.65, 0.5, 0.35, 0.2]) {
    const [cx, cy] = at(t);
    candidates.push([cx, cy - 4], [cx, cy + 12]);
  }
  return candidates;
}

// The nodes: one group a position, kept while shown, moved to its new place; its box redrawn
// only when the nodes' width changes, its toggle when it is expanded or collapsed.
function syncNodes({ order, shown }, { W, H, place }) {
  for (const [id, node] of dag.nodeOf) {
    if (!shown.has(id)) { node.g.remove(); dag.nodeOf.delete(id); }
  }
  const drawn = order.map((id) => dag.nodeOf.get(id) || newNode(id, H));
  keepOrder(dag.nodes, drawn.map((node) => node.g));
  const here = current();
  const onLine = new Set(page.ids);
  order.forEach((id, n) => {
    const node = drawn[n], p = place.get(id);
    node.g.setAttribute("transform", `translate(${p.x},${p.y})`);
    if (node.width !== W) sizeNode(node, id, W, H);
    const expanded = isExpanded(id);
    if (node.expanded !== expanded) markExpanded(node, expanded);
    node.rect.setAttribute("stroke", id === here ? "#000" : onLine.has(id) ? "#1f5fbf" : "#fff");
    node.rect.setAttribute("stroke-width", id === here ? 3 : 2);
  });
}

function markExpanded(node, expanded) {
  node.expanded = expanded;
  node.g.setAttribute("data-expanded", String(expanded));
  if (!node.toggle) return;
  node.toggle.sign.setAttribute("d", expanded ? "M-4,0 H4" : "M-4,0 H4 M0,-4 V4");
  node.toggle.title.textContent = expanded ? "collapse" : "expand";
}

function newNode(id, H) {
  const value = valueOf(marginOf(id));
  const g = el("svg:g", { class: "node", "data-testid": "dag-node", "data-id": String(id), "data-value": value });
  const rect = el("svg:rect", { height: H, rx: 6, fill: COLOURS[value] }, g);
  const text = el("svg:text", { x: 8, y: 19, "font-size": 12, fill: value === "tie" ? "#222" : "#fff" }, g);
  el("svg:title", { text: `${fullLabel(id)}\n${playerName(moverOf(id))} player to move${hasMoves(id) ? "" : " (next; the game is over)"}\n${value} ${signed(marginOf(id))} from here · ${plural(remotenessOf(id), "move", "moves")} left` }, g);
  g.addEventListener("click", () => nodeClicked(id));
  const node = { g, rect, text, toggle: null, width: null, expanded: null };
  if (hasMoves(id)) {
    const t = el("svg:g", { class: "toggle", "data-testid": "dag-toggle", "data-id": String(id) }, g);
    el("svg:circle", { r: 8, fill: "#fff", stroke: INK }, t);
    const sign = el("svg:path", { stroke: INK, "stroke-width": 2 }, t);
    const title = el("svg:title", {}, t);
    t.addEventListener("click", (event) => { event.stopPropagation(); toggle(id); });
    node.toggle = { g: t, sign, title };
  }
  dag.nodeOf.set(id, node);
  return node;
}

// A node's box, its text shortened to fit and its toggle on its right edge, for width W.
function sizeNode(node, id, W, H) {
  node.width = W;
  node.rect.setAttribute("width", W);
  node.text.textContent = fittedNodeText(id, W - 16);
  if (node.toggle) node.toggle.g.setAttribute("transform", `translate(${W},${H / 2})`);
}
