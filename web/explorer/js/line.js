// line.js: the line played. The figures along it (points taken, scores, the whole-game margin)
// and what the user does to it: play a move, undo, redo, restart, the best move, and jumps to
// any position (a DAG node, a DP table cell). Each action changes `page` and then calls
// update() (main.js), which redraws the cards whose content changed.

const current = () => page.ids[page.ids.length - 1];
// A key naming the line: equal keys, equal lines (each move's index names its position too).
const lineKey = () => page.played.map((move) => move.entry.index).join(",");
function gainedAt(k) { // points taken by moves on the line up to position k
  const s = [0, 0];
  for (let i = 0; i < k; i++) s[page.played[i].mover] += page.played[i].entry.gain;
  return s;
}
function scoresAt(k) {
  const s = gainedAt(k);
  const pay = payoffOf(page.ids[k]);
  return [s[0] + pay[0], s[1] + pay[1]];
}
function soFarAt(k) { // the mover's lead in points taken so far
  const g = gainedAt(k), m = moverOf(page.ids[k]);
  return g[m] - g[1 - m];
}
function gameMarginAt(k) { // the mover's margin over the whole game, optimal play from k
  return soFarAt(k) + marginOf(page.ids[k]);
}
function firstMarginAt(k) {
  return moverOf(page.ids[k]) === 0 ? gameMarginAt(k) : -gameMarginAt(k);
}

function takenBy(from, to) {
  const before = pileIndices(from);
  if (before === null) return [];
  const after = new Set(pileIndices(to));
  return before.filter((i) => !after.has(i));
}
function play(entry) {
  const from = current();
  page.played.push({ entry, mover: moverOf(from), taken: takenBy(from, entry.child) });
  page.ids.push(entry.child);
}
function userPlays(entry) {
  play(entry);
  page.redo = [];
  autoReply();
  update();
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
  if (page.played.length === 0) return;
  page.redo.push(page.played.pop().entry);
  page.ids.pop();
  update();
}
function redo() {
  if (page.redo.length === 0) return;
  play(page.redo.pop());
  update();
}
function restart() {
  backTo(0);
  update();
}
function bestMove() {
  const best = movesOf(current()).find((e) => e.optimal);
  if (best) userPlays(best);
}
function backTo(k) {
  while (page.ids.length - 1 > k) { page.redo.push(page.played.pop().entry); page.ids.pop(); }
}
// Goes to position `target`: back along the line if it is on it, else by the first shortest
// line from the current position, else from the start.
function jumpTo(target) {
  const k = page.ids.indexOf(target);
  if (k >= 0) { backTo(k); update(); return; }
  let line = shortestLine(current(), target);
  if (line === null) {
    line = shortestLine(0, target);
    if (line === null) return;
    backTo(0);
  }
  page.redo = [];
  for (const entry of line) play(entry);
  update();
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
