// state.js: the state card. Whose turn it is (or the result), the value badge from here, the
// whole-game figure, moves left and the Grundy value, the scores so far, and which controls
// can be used; the position's figures also as data attributes, which the browser tests read
// (docs/src/internals/explorer-data.md lists them). Redrawn when the line or the redo stack
// changes.

function renderState() {
  const id = current();
  const k = page.ids.length - 1;
  const finished = !hasMoves(id);
  const scores = scoresAt(k);
  markPosition(id, k);
  renderTurn(id, finished, scores);
  renderVerdict(id, k, finished);
  renderScores(k, finished, scores);
  $("undo").disabled = page.played.length === 0;
  $("redo").disabled = page.redo.length === 0;
  $("restart").disabled = page.played.length === 0;
  $("best-move").disabled = finished;
}

function markPosition(id, k) {
  const position = $("position");
  const gameMargin = gameMarginAt(k);
  position.dataset.toMove = playerName(moverOf(id));
  position.dataset.value = valueOf(marginOf(id));
  position.dataset.margin = String(marginOf(id));
  position.dataset.gameMargin = String(gameMargin);
  position.dataset.gameValue = valueOf(gameMargin);
  position.dataset.remoteness = String(remotenessOf(id));
  const piles = pileIndices(id);
  if (piles !== null) position.dataset.piles = JSON.stringify(piles.map((i) => page.data.row[i]));
}

function renderTurn(id, finished, s) {
  const turn = $("turn");
  turn.innerHTML = "";
  const mover = moverOf(id);
  if (finished) {
    const result = s[0] === s[1] ? `a tie, ${number(s[0])} each`
      : s[0] > s[1] ? `A (first player) wins ${number(s[0])} to ${number(s[1])}` : `B (second player) wins ${number(s[1])} to ${number(s[0])}`;
    el("span", { class: "phrase", text: "Game over:" }, turn);
    el("span", { class: "phrase", text: result }, turn);
  } else {
    el("span", { class: "phrase", text: `${playerShort(mover)} (${playerName(mover)} player) to move` }, turn);
  }
}

function renderVerdict(id, k, finished) {
  const verdict = $("verdict");
  verdict.innerHTML = "";
  const mover = moverOf(id), margin = marginOf(id), value = valueOf(margin);
  const gameMargin = gameMarginAt(k);
  el("span", { class: "badge " + value, "data-testid": "badge", title: "the value from here: the rest of the game under optimal play, for the player to move", text: `${playerShort(mover)}: ${value} ${signed(margin)}` }, verdict);
  el("span", { class: "phrase muted", text: finished ? `from here (${playerShort(mover)} would move next)` : "from here" }, verdict);
  el("span", { class: "phrase whole", "data-testid": "whole-game", title: "the whole game: points already taken included, optimal play from here", text: `whole game: ${valueOf(gameMargin)} ${signed(gameMargin)}` }, verdict);
  if (!finished) el("span", { class: "phrase muted", text: plural(remotenessOf(id), "move left", "moves left") }, verdict);
  const grundy = grundyOf(id);
  if (grundy !== null && grundy !== undefined) el("span", { class: "phrase muted", text: `Grundy value ${grundy}` }, verdict);
}

function renderScores(k, finished, s) {
  const scores = $("scores");
  scores.dataset.first = String(s[0]);
  scores.dataset.second = String(s[1]);
  scores.innerHTML = "";
  el("span", { class: "phrase", text: finished ? "Final scores:" : "Scores so far:" }, scores);
  el("b", { class: "phrase", text: `A ${number(s[0])}` }, scores);
  el("b", { class: "phrase", text: `B ${number(s[1])}` }, scores);
  el("span", { class: "phrase muted", text: `after ${plural(k, "move", "moves")}` }, scores);
}
