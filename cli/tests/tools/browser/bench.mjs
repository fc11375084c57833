// Benchmark: how soon an explorer page paints in headless Chromium, measured apart from the
// browser's start-up. The browser is started once; each run opens the page in a fresh context
// and reads, from the page's own clock (navigation start = 0), its first contentful paint and
// the moment the position is shown (`[data-testid=position]` gets its `data-value`), then the
// time one move click takes to re-render the page.
//
// Usage: node bench.mjs PAGE.html [RUNS]   (prints the median, fastest and slowest of each)
// The speed target it proves: `gamelab explore stone-game` with 300 piles paints within 1.5 s.
import { chromium } from "playwright-core";
import { resolve } from "node:path";

const [page, runsText] = process.argv.slice(2);
if (!page) {
  console.error("usage: node bench.mjs PAGE.html [RUNS]");
  process.exit(2);
}
const runs = Number(runsText || 11);
const url = "file://" + resolve(page);

// Marks the moment the page first shows a position, on the page's clock.
const markReady = () => {
  const observer = new MutationObserver(() => {
    const position = document.querySelector("[data-testid=position]");
    if (position && position.dataset.value !== undefined && window.__ready === undefined) {
      window.__ready = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
};

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run"],
});
const samples = { first_paint: [], ready: [], click: [] };
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const tab = await context.newPage();
    await tab.addInitScript(markReady);
    await tab.goto(url, { waitUntil: "load" });
    await tab.waitForFunction(() => window.__ready !== undefined);
    await tab.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    const times = await tab.evaluate(() => ({
      first_paint: performance.getEntriesByName("first-contentful-paint")[0].startTime,
      ready: window.__ready,
    }));
    const click = await tab.evaluate(() => {
      const t = performance.now();
      document.querySelector("button[data-testid=move]").click();
      return performance.now() - t;
    });
    samples.first_paint.push(times.first_paint);
    samples.ready.push(times.ready);
    samples.click.push(click);
    await context.close();
  }
} finally {
  await browser.close();
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
for (const [name, values] of Object.entries(samples)) {
  console.log(`${name.padEnd(12)} median ${median(values).toFixed(0).padStart(6)} ms  ` +
    `(fastest ${Math.min(...values).toFixed(0)}, slowest ${Math.max(...values).toFixed(0)}, ${values.length} runs)`);
}
