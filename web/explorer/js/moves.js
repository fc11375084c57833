// moves.js: the moves card. One button per legal move of the current position, best first (the
// stored order, as `gamelab analyze` lists them): its name and points, its value and margin from
// here, the moves left after it and what it gives away against the best move; clicking one plays
// it. Redrawn when the current position or the points taken on the line change.

function renderMoves() {
  const box = $("moves");
  box.innerHTML = "";
  const id = current();
  const moves = movesOf(id);
  if (moves.length === 0) { el("div", { class: "done", text: "No moves left: the game is over." }, box); return; }
  const soFar = soFarAt(page.ids.length - 1);
  const best = moves[0].margin;
  for (const entry of moves) moveButton(box, entry, soFar, best, moverOf(id));
}

function moveButton(box, entry, soFar, best, mover) {
  const value = valueOf(entry.margin);
  const gameMargin = soFar + entry.margin;
  const away = best - entry.margin;
  const button = el("button", {
    class: `move ${value}${entry.optimal ? " optimal" : ""}`,
    "data-testid": "move", "data-move": moveName(entry), "data-value": value,
    "data-margin": String(entry.margin), "data-game-margin": String(gameMargin),
    "data-remoteness": String(entry.remoteness),
    title: `${value} ${signed(entry.margin)} from here for ${playerShort(mover)} (this move's points included)` +
      ` · whole game: ${valueOf(gameMargin)} ${signed(gameMargin)} · ${plural(entry.remoteness, "move", "moves")} left` +
      (away > 0 ? ` · gives away ${away}` : "") + (entry.optimal ? " · optimal play" : ""),
  }, box);
  const gain = entry.gain !== 0 ? ` (${signed(entry.gain)})` : "";
  el("b", { text: describeMove(entry) + gain }, button);
  el("small", { text: `${value} ${signed(entry.margin)} · ${entry.remoteness} left${away > 0 ? ` · −${away}` : ""}` }, button);
  button.addEventListener("click", () => userPlays(entry));
}
