#!/usr/bin/env node
// Drives exported HTML pages in headless Chromium through the DevTools
// protocol over a pipe (--remote-debugging-pipe): no network port, no npm
// package. For each page of a manifest it loads the page from file://,
// waits for `puzzlewright.ready`, replays the walks through the page's
// automation API and reports each dump, and every console error or
// uncaught exception the page raised.
//
//   node drive.js MANIFEST.json RESULTS.json [--screenshots DIR]
//
// MANIFEST: [{"page": "/abs/path.html", "walks": [{"level": 0,
//   "seed": "..." | null, "inputs": [3, "undo", ...]}]}]
// With --screenshots, a PNG of each page when ready and after its walks.
// RESULTS: [{"page": ..., "errors": ["..."], "dumps": ["..." | "ERROR: ..."]}]
// CHROMIUM names the browser (default /usr/bin/chromium).
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const [manifestPath, resultsPath, ...rest] = process.argv.slice(2);
if (!manifestPath || !resultsPath) {
  console.error("usage: node drive.js MANIFEST.json RESULTS.json [--screenshots DIR]");
  process.exit(2);
}
const shotsAt = rest.indexOf("--screenshots");
const shots = shotsAt >= 0 ? rest[shotsAt + 1] : null;
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
const browser = process.env.CHROMIUM || "/usr/bin/chromium";
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "pw-chromium-"));

const chrome = spawn(browser, [
  "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-quic", "--mute-audio",
  "--remote-debugging-pipe", "--user-data-dir=" + profile, "--window-size=800,600", "about:blank",
], { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] });
let chromeLog = "";
chrome.stdio[2].on("data", (d) => { chromeLog = (chromeLog + d).slice(-4000); });
chrome.on("error", (e) => { console.error("cannot start " + browser + ": " + e.message); process.exit(3); });

let nextId = 1;
const pending = new Map();
const listeners = [];
let buffered = "";
chrome.stdio[4].on("data", (chunk) => {
  buffered += chunk.toString("utf8");
  let end;
  while ((end = buffered.indexOf("\0")) >= 0) {
    const message = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (message.id !== undefined && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(message.error.message)); else resolve(message.result);
    } else {
      listeners.forEach((l) => l(message));
    }
  }
});
function send(method, params = {}, sessionId) {
  const id = nextId++;
  const message = { id, method, params };
  if (sessionId) message.sessionId = sessionId;
  chrome.stdio[3].write(JSON.stringify(message) + "\0");
  return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
}
function within(ms, promise, what) {
  let t;
  return Promise.race([promise, new Promise((_, reject) => { t = setTimeout(() => reject(new Error("timed out: " + what)), ms); })])
    .finally(() => clearTimeout(t));
}

async function main() {
  const { targetId } = await within(30000, send("Target.createTarget", { url: "about:blank" }), "opening a tab");
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  const s = (method, params) => send(method, params, sessionId);
  let errors = [];
  let loadFired = null;
  listeners.push((m) => {
    if (m.sessionId !== sessionId) return;
    if (m.method === "Runtime.consoleAPICalled" && (m.params.type === "error" || m.params.type === "assert")) {
      errors.push("console." + m.params.type + ": " + m.params.args.map((a) => a.value !== undefined ? a.value : a.description).join(" "));
    } else if (m.method === "Runtime.exceptionThrown") {
      const d = m.params.exceptionDetails;
      errors.push("exception: " + (d.exception && d.exception.description || d.text));
    } else if (m.method === "Log.entryAdded" && m.params.entry.level === "error") {
      errors.push("log: " + m.params.entry.text + (m.params.entry.url ? " (" + m.params.entry.url + ")" : ""));
    } else if (m.method === "Page.loadEventFired" && loadFired) {
      loadFired();
    }
  });
  await s("Page.enable");
  await s("Runtime.enable");
  await s("Log.enable");
  const results = [];
  for (const entry of manifest) {
    errors = [];
    const result = { page: entry.page, errors, dumps: [] };
    try {
      const loaded = new Promise((resolve) => { loadFired = resolve; });
      await s("Page.navigate", { url: "file://" + entry.page });
      await within(30000, loaded, "loading " + entry.page);
      const ready = await within(30000, s("Runtime.evaluate", {
        expression: "window.puzzlewright.ready.then(() => document.getElementById('pw-error').style.display !== 'block' || document.getElementById('pw-error').textContent)",
        awaitPromise: true, returnByValue: true,
      }), "the engine of " + entry.page);
      if (ready.exceptionDetails) errors.push("ready: " + ready.exceptionDetails.text);
      else if (ready.result.value !== true) errors.push("the page shows an error: " + ready.result.value);
      if (shots) {
        const shot = await s("Page.captureScreenshot", { format: "png" });
        fs.writeFileSync(path.join(shots, path.basename(entry.page, ".html") + ".png"), Buffer.from(shot.data, "base64"));
      }
      const walks = JSON.stringify(entry.walks || []);
      const run = await within(120000, s("Runtime.evaluate", {
        expression: `(() => { const out = []; for (const w of ${walks}) { try { puzzlewright.load(w.level, w.seed);
          for (const i of w.inputs) puzzlewright.input(i); out.push(puzzlewright.dump()); }
          catch (e) { out.push("ERROR: " + e.message); } } return out; })()`,
        returnByValue: true,
      }), "the walks of " + entry.page);
      if (run.exceptionDetails) errors.push("walks: " + run.exceptionDetails.text);
      else result.dumps = run.result.value;
      if (shots) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const shot = await s("Page.captureScreenshot", { format: "png" });
        fs.writeFileSync(path.join(shots, path.basename(entry.page, ".html") + "-after.png"), Buffer.from(shot.data, "base64"));
      }
    } catch (e) {
      errors.push(String(e.message || e));
    }
    results.push(result);
  }
  fs.writeFileSync(resultsPath, JSON.stringify(results));
}

// Close the browser and remove its profile once it has exited.
function finish(code) {
  const exited = new Promise((resolve) => chrome.once("exit", resolve));
  chrome.kill();
  within(10000, exited, "chromium to exit")
    .catch(() => {})
    .finally(() => {
      try { fs.rmSync(profile, { recursive: true, force: true }); } catch (e) { /* a temporary folder */ }
      process.exit(code);
    });
}
main()
  .then(() => finish(0))
  .catch((e) => {
    console.error("driving chromium failed: " + (e.message || e) + "\n" + chromeLog);
    finish(1);
  });
