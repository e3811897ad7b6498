// Opens pages in Debian's Chromium (playwright-core, executablePath) and reports on each: the
// script errors it raised, the value of an expression evaluated in it, and axe-core's
// accessibility violations. The job comes as JSON on standard input; the results go out as
// JSON on standard output. tests/journal/pages_in_browser.py runs it.
//
// job: {"pages": [url...], "viewport": {"width": w, "height": h}, "scale": 2,
//       "evaluate": "an expression", "axe": true, "chromium": "/usr/bin/chromium"}
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

const job = JSON.parse(readFileSync(0, "utf8"));
const browser = await chromium.launch({
  executablePath: job.chromium || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const results = [];
try {
  const context = await browser.newContext({
    viewport: job.viewport || { width: 1280, height: 900 },
    deviceScaleFactor: job.scale || 1,
  });
  for (const url of job.pages) {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(url, { waitUntil: "load" });
    const result = { url, errors };
    if (job.evaluate) {
      result.value = await page.evaluate(job.evaluate);
    }
    if (job.axe) {
      await page.addScriptTag({ path: AXE });
      result.violations = await page.evaluate(async () => {
        const found = await globalThis.axe.run(document, { resultTypes: ["violations"] });
        return found.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => n.target.join(" ")),
        }));
      });
    }
    results.push(result);
    await page.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(results));
