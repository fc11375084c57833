// core.js: the explorer's core. The constants, the small DOM and text helpers every card uses,
// the page's state in one object (`page`), and the readers of the page's data. Every number
// shown comes from the solved state space in the page's data (gamelab's position analysis; its
// schema: docs/src/internals/explorer-data.md); the script only follows moves, adds up the
// points taken on the line, and draws. Hand-written, no libraries, no network access (except
// the JSON API when served by `gamelab serve`). The files after this one, in the order the page
// holds them: line.js (playing), the cards state.js, board.js, moves.js, history.js, dag.js and
// table.js, then main.js (what to redraw, start-up).
//
// One meaning per colour: green, yellow and maroon are always the value *from here* (the rest
// of the game under optimal play, points already taken left out) for the player concerned —
// the badge, the move buttons, the DAG's nodes and edges and the DP table's cells. The
// whole-game figure (points taken so far included) is shown beside it in words, never as a
// colour. Players have their own colours (A blue, B purple), used for the pieces they took.

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = { win: "#008000", tie: "#f2d600", lose: "#800000" };
const PLAYER_COLOURS = ["#2b6cb0", "#7b3fa8"];        // A, B: pieces taken, history marks
const PLAYER_TINTS = ["#c3d8ef", "#ddcbea"];
const INK = "#1d232b", MUTED = "#66707c", FAINT = "#e3e7eb";
const PATH_WINDOW = 5;   // path positions drawn in the DAG before the current one
const DAG_NODE_LIMIT = 120;
const INSTANCE_SHOWN = 90; // characters of the instance shown in the header

// The page's state: the data and what the user did with it. The cards keep only what they drew
// (to update it rather than draw it anew); everything they show follows from this.
const page = {
  data: null,            // the page data (docs/src/internals/explorer-data.md)
  firstMove: null,       // where each position's moves start in data.moves (one more at the end)
  ids: [0],              // positions along the line played, the start first
  played: [],            // the moves played: {entry, mover, taken}
  redo: [],              // moves undone, last undone last
  expanded: new Set(),   // DAG nodes the user expanded
  collapsed: new Set(),  // current positions the user collapsed (expanded by default)
};

const $ = (id) => document.getElementById(id);
const el = (tag, attrs, parent) => {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  if (parent) parent.appendChild(node);
  return node;
};
// Puts `elements` into `parent` in this order, moving only those out of place (elements kept
// from one drawing to the next stay where they are).
function keepOrder(parent, elements) {
  let at = parent.firstChild;
  for (const element of elements) {
    if (element === at) at = at.nextSibling;
    else parent.insertBefore(element, at);
  }
}
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

// ---- labels that never overlap ---------------------------------------------------------------
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

// ---- reading the data ----------------------------------------------------------------------
// Positions and moves are columns (one array per field); a position's moves are a run of the
// moves' columns, from firstMove[id] up to firstMove[id + 1].
function indexMoves(data) {
  const counts = data.positions.move_count;
  const first = new Uint32Array(counts.length + 1);
  for (let id = 0; id < counts.length; id++) first[id + 1] = first[id] + counts[id];
  return first;
}
const positions = () => page.data.positions;
const positionCount = () => positions().margin.length;
const moverOf = (id) => positions().to_move[id];
const marginOf = (id) => positions().margin[id];          // the mover's margin from here
const remotenessOf = (id) => positions().remoteness[id];
const grundyOf = (id) => (positions().grundy ? positions().grundy[id] : null);
const payoffOf = (id) => (positions().payoff && positions().payoff[id]) || [0, 0];
const hasMoves = (id) => positions().move_count[id] > 0;
// A move: `index` (its place in data.moves, which names it on the page), `name` (the index of
// its name), `child`, `gain`, `margin` and `remoteness` (after it, itself included), `optimal`.
function movesOf(id) {
  const m = page.data.moves;
  const out = [];
  for (let k = page.firstMove[id]; k < page.firstMove[id + 1]; k++) {
    out.push({ index: k, name: m.name[k], child: m.child[k], gain: m.gain[k], margin: m.margin[k], remoteness: m.remoteness[k], optimal: m.optimal[k] === 1 });
  }
  return out;
}
// The piles left as flat `start, end` runs into the row, or null for games without piles.
const runsOf = (id) => (positions().piles ? positions().piles[id] : null);
function pileIndices(id) {
  const runs = runsOf(id);
  if (runs === null) return null;
  const out = [];
  for (let k = 0; k < runs.length; k += 2) for (let i = runs[k]; i < runs[k + 1]; i++) out.push(i);
  return out;
}
// What a pile game's position holds besides its piles (stone-game-ii's "M=2"), or null.
const beyondPiles = (id) => (positions().beyond_piles ? positions().beyond_piles[id] : null);
const withBeyond = (text, id) => (beyondPiles(id) === null ? text : `${text} ${beyondPiles(id)}`);
// The position in full (tooltips) and shortened (DAG nodes: "[5 … 6] ×7" is seven piles,
// the first 5 and the last 6).
function fullLabel(id) {
  const idx = pileIndices(id);
  if (idx === null) return positions().label[id];
  return withBeyond("[" + idx.map((i) => page.data.row[i]).join(" ") + "]", id);
}
function label(id) {
  const idx = pileIndices(id);
  if (idx === null) return positions().label[id];
  if (idx.length === 0) return "[ ]";
  const vals = idx.map((i) => page.data.row[i]);
  if (vals.length <= 4) return withBeyond("[" + vals.join(" ") + "]", id);
  return withBeyond(`[${vals[0]} … ${vals[vals.length - 1]}] ×${vals.length}`, id);
}
const moveName = (entry) => page.data.move_names[entry.name];
function describeMove(entry) {
  const name = moveName(entry), key = page.data.move_keys[entry.name];
  if (key === "side") return `take ${name}`;
  if (key === "count") return `take ${name} pile${name === "1" ? "" : "s"}`;
  if (key === "take") return `take ${name}`;
  if (key === "move") return name;
  return `${key} = ${name}`;
}
