// Drives gamelab explorer pages in Debian's Chromium with playwright-core and prints what the
// page showed, as one JSON object, for tests/tools/browser.rs to check against `gamelab analyze`.
//
// Usage: node explorer.mjs CONFIG.json, where the config is
//   {"chromium": "/usr/bin/chromium", "pages": [{"url": ..., "screenshot": FILE|null, "seed": N}]}
// For each page it plays a whole game with varied moves (reading the position, the moves, the
// scores and the value history at every step), then checks undo, redo and restart, plays the
// "best move" button to the end, and expands and collapses a DAG node. Every console error,
// page error and network request is reported.
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));

async function snapshot(page) {
  return page.evaluate(() => {
    const position = document.querySelector("[data-testid=position]");
    const scores = document.querySelector("[data-testid=scores]");
    return {
      to_move: position.dataset.toMove,
      value: position.dataset.value,
      margin: Number(position.dataset.margin),
      remoteness: Number(position.dataset.remoteness),
      piles: position.dataset.piles === undefined ? null : JSON.parse(position.dataset.piles),
      first: Number(scores.dataset.first),
      second: Number(scores.dataset.second),
      moves: [...document.querySelectorAll("button[data-testid=move]")].map((b) => ({
        move: b.dataset.move, value: b.dataset.value,
        margin: Number(b.dataset.margin), remoteness: Number(b.dataset.remoteness),
      })),
      history: [...document.querySelectorAll("[data-testid=history] [data-testid=history-point]")].map((p) => Number(p.dataset.margin)),
    };
  });
}

async function click(page, selector) {
  await page.click(selector);
}

async function dagCheck(page) {
  const count = () => page.locator("[data-testid=dag-node]").count();
  const before = await count();
  // A child of the current position that is not expanded: expand it, then collapse it again.
  const toggle = page.locator("[data-testid=dag-node][data-expanded=false] [data-testid=dag-toggle]").first();
  if ((await toggle.count()) === 0) return { before, expanded: before, collapsed: before, id: null, states: [] };
  const id = await toggle.getAttribute("data-id");
  await toggle.click();
  const expanded = await count();
  const state1 = await page.locator(`[data-testid=dag-node][data-id="${id}"]`).getAttribute("data-expanded");
  await page.locator(`[data-testid=dag-node][data-id="${id}"] [data-testid=dag-toggle]`).click();
  const collapsed = await count();
  const state2 = await page.locator(`[data-testid=dag-node][data-id="${id}"]`).getAttribute("data-expanded");
  // Collapsing the current position hides its children.
  const current = await page.locator("[data-testid=dag-node][data-expanded=true]").last().getAttribute("data-id");
  await page.locator(`[data-testid=dag-node][data-id="${current}"] [data-testid=dag-toggle]`).click();
  const currentCollapsed = await count();
  await page.locator(`[data-testid=dag-node][data-id="${current}"] [data-testid=dag-toggle]`).click();
  const currentExpanded = await count();
  return { before, expanded, collapsed, id, states: [state1, state2], currentCollapsed, currentExpanded };
}

async function explore(browser, spec) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  const requests = [];
  page.on("console", (message) => { if (message.type() === "error") errors.push(message.text()); });
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("request", (request) => requests.push(request.url()));
  const started = Date.now();
  await page.goto(spec.url);
  await page.waitForSelector("[data-testid=position][data-value]");
  const loaded = Date.now() - started;
  const result = { url: spec.url, loaded_ms: loaded, steps: [], line: [] };

  // A whole game with varied choices: the best move, the worst, the second best, ...
  let seed = spec.seed;
  const maxSteps = spec.max_steps ?? 400;
  for (let step = 0; step < maxSteps; step++) {
    const shot = await snapshot(page);
    result.steps.push(shot);
    if (shot.moves.length === 0) break;
    const choice = seed % shot.moves.length;
    seed = (seed * 7 + 3) % 101;
    result.line.push(shot.moves[choice].move);
    await click(page, `button[data-testid=move][data-move="${shot.moves[choice].move}"]`);
  }
  if (spec.screenshot) await page.screenshot({ path: spec.screenshot });
  const undos = Math.min(3, result.line.length);
  for (let k = 0; k < undos; k++) await click(page, "[data-testid=undo]");
  result.undos = undos;
  result.after_undo = await snapshot(page);
  for (let k = 0; k < undos; k++) await click(page, "[data-testid=redo]");
  result.after_redo = await snapshot(page);
  await click(page, "[data-testid=restart]");
  result.after_restart = await snapshot(page);

  // The solver's play: "best move" until the end.
  result.best = [await snapshot(page)];
  while (result.best[result.best.length - 1].moves.length > 0 && result.best.length <= maxSteps) {
    await click(page, "[data-testid=best-move]");
    result.best.push(await snapshot(page));
  }
  await click(page, "[data-testid=restart]");
  if (result.after_restart.moves.length > 0) {
    await click(page, `button[data-testid=move][data-move="${result.after_restart.moves[0].move}"]`);
  }
  result.dag = await dagCheck(page);
  // A move click's update time, measured on the page.
  result.click_ms = await page.evaluate(() => {
    const button = document.querySelector("button[data-testid=move]");
    if (!button) return null;
    const t = performance.now();
    button.click();
    return performance.now() - t;
  });
  if (spec.screenshot_dag) {
    await page.screenshot({ path: spec.screenshot_dag });
  }
  result.errors = errors;
  result.requests = requests;
  await context.close();
  return result;
}

const browser = await chromium.launch({
  executablePath: config.chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run"],
  // launch() always starts from a fresh temporary profile directory (playwright refuses an
  // explicit --user-data-dir here), removed again on close.
});
try {
  const results = [];
  for (const spec of config.pages) results.push(await explore(browser, spec));
  process.stdout.write(JSON.stringify({ results }) + "\n");
} finally {
  await browser.close();
}
