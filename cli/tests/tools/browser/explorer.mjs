// Drives gamelab explorer pages in Debian's Chromium with playwright-core and prints what the
// page showed, as one JSON object, for tests/tools/browser.rs to check against `gamelab analyze`.
//
// Usage: node explorer.mjs CONFIG.json, where the config is
//   {"chromium": "/usr/bin/chromium-headless-shell", "screenshots": BOOL,
//    "pages": [{"url": ..., "screenshot": FILE|null, "seed": N}]}
// For each page it plays a whole game with varied moves (reading the position, the moves, the
// scores and the value history at every step), then checks undo, redo and restart, plays the
// "best move" button to the end, and expands and collapses a DAG node. Every console error,
// page error and network request is reported. The layout is measured at a desktop's and a
// phone's size (1280x800, 390x844): whether any two texts of the page overlap (their boxes from
// the DOM, clipped to what their scrolling boxes show) and whether the page is wider than the
// window, after every move and with a DAG node expanded. The desktop's is measured during the
// game itself, which is played at that size; the phone's replays the game in a second window.
// A page whose spec says `"layout": false` skips both (the replay is about a third of a page's
// time), as the served pages do for the games whose standalone pages were measured already.
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
// Screenshots, for a person to look at, only when asked for (`"screenshots": true`): taking
// them is about a tenth of the run.
if (!config.screenshots) for (const spec of config.pages) spec.screenshot = spec.screenshot_dag = null;

async function snapshot(page) {
  return page.evaluate(() => {
    const position = document.querySelector("[data-testid=position]");
    const scores = document.querySelector("[data-testid=scores]");
    return {
      to_move: position.dataset.toMove,
      value: position.dataset.value,
      margin: Number(position.dataset.margin),
      game_margin: Number(position.dataset.gameMargin),
      remoteness: Number(position.dataset.remoteness),
      piles: position.dataset.piles === undefined ? null : JSON.parse(position.dataset.piles),
      first: Number(scores.dataset.first),
      second: Number(scores.dataset.second),
      // The colours shown: the badge's and each move button's class, beside what they claim.
      badge: document.querySelector("[data-testid=badge]").className.replace("badge ", ""),
      moves: [...document.querySelectorAll("button[data-testid=move]")].map((b) => ({
        move: b.dataset.move, value: b.dataset.value,
        margin: Number(b.dataset.margin), game_margin: Number(b.dataset.gameMargin),
        remoteness: Number(b.dataset.remoteness),
        colour: ["win", "tie", "lose"].find((v) => b.classList.contains(v)),
      })),
      history: [...document.querySelectorAll("[data-testid=history] [data-testid=history-point]")].map((p) => Number(p.dataset.margin)),
      board_text: document.querySelector("[data-testid=state-text]")?.textContent ?? null,
      // The line under a row of piles: how many are left, and what else the position holds.
      board_caption: document.querySelector("#board .caption .phrase")?.textContent ?? null,
      // The board's piles on the table, left to right, read from their tooltips
      // ("pile 3: 9, on the table"): the row of piles left, in its order.
      board_left: [...document.querySelectorAll("[data-testid=board] rect title")]
        .map((t) => t.textContent)
        .filter((text) => text.endsWith(", on the table"))
        .map((text) => Number(text.split(": ")[1].split(",")[0].replace("−", "-"))),
      // The value history's scale: its top, zero and bottom labels.
      history_scale: [...document.querySelectorAll("[data-testid=history] text")]
        .map((t) => t.textContent)
        .filter((text) => /^[+−-]?\d+$/.test(text)).length,
      table_shown: !document.getElementById("table-card").hidden,
      // The current position's DAG node colour.
      node: (() => {
        const nodes = [...document.querySelectorAll("[data-testid=dag-node]")];
        const current = nodes.find((n) => n.querySelector("rect").getAttribute("stroke-width") === "3");
        return current ? current.dataset.value : null;
      })(),
      // The DAG is scrolled so that the current position is whole in view and each of its
      // moves' positions (the next column) starts in view.
      dag_in_view: (() => {
        const nodes = [...document.querySelectorAll("[data-testid=dag-node]")];
        const current = nodes.find((n) => n.querySelector("rect").getAttribute("stroke-width") === "3");
        if (!current) return false;
        const view = document.querySelector("[data-testid=dag]").parentElement.getBoundingClientRect();
        const here = current.querySelector("rect").getBoundingClientRect();
        const next = nodes
          .map((n) => n.querySelector("rect").getBoundingClientRect())
          .filter((r) => r.left > here.right && r.left < here.right + here.width + 200);
        return here.left >= view.left - 1 && here.right <= view.right + 1 &&
          next.every((r) => r.left < view.right - 4);
      })(),
    };
  });
}

// The boxes of every visible text on the page: a box per line of an HTML text, a box per SVG
// text element, each clipped to the boxes with their own scrolling or clipping that hold it.
async function textBoxes(page) {
  return page.evaluate(() => {
    const boxes = [];
    const clipped = (element, rect) => {
      let r = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      for (let e = element.parentElement; e && e !== document.documentElement; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.overflowX !== "visible" || style.overflowY !== "visible") {
          const c = e.getBoundingClientRect();
          r = { left: Math.max(r.left, c.left), top: Math.max(r.top, c.top), right: Math.min(r.right, c.right), bottom: Math.min(r.bottom, c.bottom) };
        }
      }
      return r.right - r.left > 0.5 && r.bottom - r.top > 0.5 ? r : null;
    };
    const svgTexts = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const parent = node.parentElement;
      if (!text || parent.closest("script, style, title, option, [hidden]")) continue;
      if (parent instanceof SVGElement) {
        const owner = parent.closest("text");
        if (owner && !svgTexts.has(owner)) {
          svgTexts.add(owner);
          const r = clipped(owner, owner.getBoundingClientRect());
          if (r) boxes.push({ text: owner.textContent.trim().slice(0, 40), ...r });
        }
        continue;
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        const r = clipped(parent, rect);
        if (r) boxes.push({ text: text.slice(0, 40), ...r });
      }
    }
    return boxes;
  });
}

// Pairs of texts whose boxes overlap by more than a pixel each way, and the page's width.
async function layoutCheck(page, where) {
  const boxes = await textBoxes(page);
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) overlaps.push({ where, a: a.text, b: b.text, w: Math.round(w), h: Math.round(h) });
    }
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  return { overlaps, width, texts: boxes.length };
}

// What the overlap checks at one window size found, check after check.
function layoutTally(viewport) {
  const found = { viewport, overlaps: [], widest: 0, texts: 0, checks: 0 };
  const note = (check) => {
    found.overlaps.push(...check.overlaps);
    found.widest = Math.max(found.widest, check.width);
    found.texts = Math.max(found.texts, check.texts);
    found.checks += 1;
  };
  return { found, note };
}

// Replays `line` at the window size `viewport`, checking the layout at every position and with
// a DAG node expanded; returns what it found and saves a screenshot at the end.
async function layoutPass(browser, spec, line, viewport, screenshot) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(spec.url);
  await page.waitForSelector("[data-testid=position][data-value]");
  const { found, note } = layoutTally(viewport);
  note(await layoutCheck(page, "start"));
  for (let k = 0; k < line.length; k++) {
    await click(page, `button[data-testid=move][data-move="${line[k]}"]`);
    note(await layoutCheck(page, `after move ${k + 1}`));
    if (k === Math.floor(line.length / 2)) {
      const toggle = page.locator("[data-testid=dag-node][data-expanded=false] [data-testid=dag-toggle]").first();
      if ((await toggle.count()) > 0) {
        await toggle.click();
        note(await layoutCheck(page, `after move ${k + 1}, a DAG node expanded`));
      }
    }
  }
  if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
  await context.close();
  return found;
}

// A real mouse click at the element's centre, without playwright's actionability checks (waiting
// for the element to be visible and stable over animation frames): the page re-renders
// synchronously on every click, so the checks only waited, and cost about a third of the run.
// A button covered by another element still gets no click: the mouse lands on what is on top.
async function click(page, selector) {
  await page.click(selector, { force: true });
}

// `whileExpanded` runs with a DAG node expanded (the desktop's layout check).
async function dagCheck(page, whileExpanded) {
  const count = () => page.locator("[data-testid=dag-node]").count();
  const before = await count();
  // A child of the current position that is not expanded: expand it, then collapse it again.
  const toggle = page.locator("[data-testid=dag-node][data-expanded=false] [data-testid=dag-toggle]").first();
  if ((await toggle.count()) === 0) return { before, expanded: before, collapsed: before, id: null, states: [] };
  const id = await toggle.getAttribute("data-id");
  await toggle.click();
  const expanded = await count();
  await whileExpanded();
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
  // A page whose layout alone is measured (the overlap check's own control).
  if (spec.layout_only) {
    const layout = [];
    for (const [width, height] of [[1280, 800], [390, 844]]) layout.push(await layoutPass(browser, spec, [], { width, height }, null));
    return { url: spec.url, layout };
  }
  const desktop = { width: 1280, height: 800 };
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  const measure = spec.layout !== false;
  const { found: desktopLayout, note } = layoutTally(desktop);
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
    if (measure) note(await layoutCheck(page, step === 0 ? "start" : `after move ${step}`));
    if (shot.moves.length === 0) break;
    const choice = seed % shot.moves.length;
    seed = (seed * 7 + 3) % 101;
    result.line.push(shot.moves[choice].move);
    await click(page, `button[data-testid=move][data-move="${shot.moves[choice].move}"]`);
  }
  if (spec.screenshot) await page.screenshot({ path: spec.screenshot });
  if (spec.screenshot && measure) {
    await page.screenshot({ path: spec.screenshot.replace(/\.png$/, "-desktop.png"), fullPage: true });
  }
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
  result.dag = await dagCheck(page, async () => {
    if (measure) note(await layoutCheck(page, "a DAG node expanded"));
  });
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
  result.layout = [];
  result.layout_checked = measure;
  if (measure) {
    const phone = { width: 390, height: 844 };
    const shot = spec.screenshot ? spec.screenshot.replace(/\.png$/, "-phone.png") : null;
    result.layout = [desktopLayout, await layoutPass(browser, spec, result.line, phone, shot)];
  }
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
