// main.js: what to redraw, and the start-up. Each card names what its drawing depends on (a
// key); update() redraws only the cards whose key changed since they were last drawn, so a
// click redraws only what it changed. Then the page's start: the controls' events, and the
// data from the page itself or, when served by `gamelab serve`, from the JSON API.

const cards = [
  { key: (line) => `${line}|${page.redo.length}`, draw: renderState },
  { key: () => `${current()}|${soFarAt(page.ids.length - 1)}`, draw: renderMoves },
  { key: (line) => `${line}|${$("board").clientWidth}`, draw: renderBoard },
  { key: (line) => `${line}|${$("history").clientWidth}`, draw: renderHistory },
  { key: (line) => `${line}|${[...page.expanded]}|${[...page.collapsed]}|${window.innerWidth}`, draw: renderDag },
  { key: () => String(current()), draw: renderTableMarks },
];
const drawnKeys = new Map();

function update() {
  const line = lineKey();
  for (const card of cards) {
    const key = card.key(line);
    if (drawnKeys.get(card) === key) continue;
    drawnKeys.set(card, key);
    card.draw();
  }
}

function load(data) {
  Object.assign(page, { data, firstMove: indexMoves(data), ids: [0], played: [], redo: [], expanded: new Set(), collapsed: new Set() });
  drawnKeys.clear();
  board.svg = null;
  resetDag();
  $("title").textContent = data.title || data.game;
  const instance = data.instance.length > INSTANCE_SHOWN ? data.instance.slice(0, INSTANCE_SHOWN - 1) + "…" : data.instance;
  const line = $("instance");
  line.textContent = `${data.game} · ${instance} · ${positionCount()} positions`;
  line.title = data.instance;
  $("rules").textContent = data.rules || "";
  $("app").hidden = false;
  setUpTable();
  update();
}

function wire() {
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("best-move").addEventListener("click", bestMove);
  $("auto-reply").addEventListener("change", () => { autoReply(); update(); });
  document.addEventListener("keydown", (event) => {
    if (event.target && event.target.tagName === "INPUT") return;
    if (event.key === "ArrowLeft") undo();
    if (event.key === "ArrowRight") redo();
  });
  let lastWidth = window.innerWidth;
  window.addEventListener("resize", () => {
    if (page.data && window.innerWidth !== lastWidth) { lastWidth = window.innerWidth; update(); }
  });
}

// Served by `gamelab serve`: pick a game and an instance, and load its solved space from the
// JSON API.
async function serverMode() {
  $("picker").hidden = false;
  const games = await (await fetch("api/games")).json();
  const select = $("pick-game");
  for (const game of games.games) el("option", { value: game.name, text: `${game.name} — ${game.title}` }, select);
  const byName = new Map(games.games.map((g) => [g.name, g]));
  const params = new URLSearchParams(location.search);
  if (params.get("game")) select.value = params.get("game");
  for (const field of ["piles", "n", "subtract", "code"]) if (params.get(field)) $("pick-" + field).value = params.get(field);
  if (params.get("heaps")) $("pick-n").value = params.get("heaps");
  const fields = () => {
    const game = byName.get(select.value);
    $("pick-piles-label").hidden = game.input !== "piles";
    $("pick-n-label").hidden = game.input !== "number";
    $("pick-subtract-label").hidden = !game.subtraction_set;
    $("pick-code-label").hidden = !game.code;
  };
  select.addEventListener("change", fields);
  fields();
  $("picker").addEventListener("submit", (event) => { event.preventDefault(); explore(byName.get(select.value)); });
  await explore(byName.get(select.value));
}

// Loads the instance the form describes from the API.
async function explore(game) {
  const query = new URLSearchParams({ game: game.name });
  if (game.input === "piles") query.set("piles", $("pick-piles").value);
  else {
    // A list is a sum of heaps; one number is one heap.
    const n = $("pick-n").value.trim();
    query.set(n.includes(",") ? "heaps" : "n", n);
  }
  if (game.subtraction_set && $("pick-subtract").value.trim() !== "") query.set("subtract", $("pick-subtract").value);
  if (game.code && $("pick-code").value.trim() !== "") query.set("code", $("pick-code").value.trim());
  const response = await fetch("api/explore?" + query.toString());
  const body = await response.json();
  if (!response.ok) { $("pick-error").textContent = body.error; return; }
  $("pick-error").textContent = "";
  history.replaceState(null, "", "?" + query.toString());
  load(body);
}

wire();
const inline = JSON.parse($("data").textContent);
if (inline === null) serverMode(); else load(inline);
