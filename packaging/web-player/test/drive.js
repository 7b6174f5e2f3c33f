#!/usr/bin/env node
// Drives exported HTML pages in headless Chromium (Debian's, or CHROMIUM)
// with puppeteer-core (package.json here; `npm ci` installs it). For each
// page of a manifest it loads the page from file://, waits for
// `puzzlewright.ready`, and:
//   - captures the canvas on the title screen, then presses real keys
//     (`keys`, e.g. ["Enter"]) and captures it again;
//   - loads each entry of `entries` through the automation API and
//     captures the canvas (message screens);
//   - replays each walk through the automation API, captures the canvas
//     and reports the level's dump;
// and reports every console error or uncaught exception the page raised.
//
//   node drive.js MANIFEST.json RESULTS.json [--screenshots DIR]
//
// MANIFEST: [{"page": "/abs/path.html", "keys": ["Enter"], "entries": [0],
//   "walks": [{"level": 0, "seed": "..." | null, "inputs": [3, "undo"]}],
//   "viewport": {"width": 800, "height": 600, "touch": false} (optional)}]
// RESULTS: [{"page": ..., "errors": ["..."], "dumps": ["..." | "ERROR: ..."],
//   "shots": [{"what": "title" | "keys" | "entry N" | "walk N", "kind":
//   "title", "width": W, "height": H, "rgba": base64, "stray": N, "bad": N}]}]
// A shot is the engine's picture as the canvas shows it: the canvas pixel
// at the centre of each of the W x H picture pixels (from the page's
// `puzzlewright.picture()`); `bad` counts canvas pixels inside the picture
// that differ from the pixel they scale, `stray` the pixels outside it
// that are not the screen's background.
// With --screenshots, a PNG of the page at each shot.
//
// A page may also have a `script`, run after the title (and `keys`)
// captures, before `entries` and `walks`: a list of steps, each one of
//   {"key": "KeyZ", "modifiers": ["Control"]}  a real key press
//   {"tap": "#pw-undo"}       a tap (touch viewports) or click on an element
//   {"tapAt": [0.5, 0.5]}     a tap or click at that fraction of the canvas
//   {"tapRow": 7, "cell": 11} a tap or click on text row 7 of the picture
//   {"pointer": "down" | "move" | "up", "at": [0.5, 0.25], "button": "right"}
//                             the mouse (touch viewports: a finger) at that
//                             fraction of the engine's picture: a button
//                             (left unless named; a finger is always one)
//                             pressed, the pointer moved, the button let go
//   {"pad": {"buttons": [0], "axes": [0, 0]}}  a gamepad (standard mapping)
//                             holding these buttons, seen for a few frames
//   {"wait": 600}             milliseconds
//   {"reload": true}          the page loaded again (its storage kept)
//   {"shot": "NAME"}          a capture as above, named NAME
//   {"eval": "JS", "name": "NAME"}  the expression's value in `evals`
// RESULTS then also has "evals": {"NAME": value}.
"use strict";
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");

const [manifestPath, resultsPath, ...rest] = process.argv.slice(2);
if (!manifestPath || !resultsPath) {
  console.error("usage: node drive.js MANIFEST.json RESULTS.json [--screenshots DIR]");
  process.exit(2);
}
const shotsAt = rest.indexOf("--screenshots");
const shotsDir = shotsAt >= 0 ? rest[shotsAt + 1] : null;
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";

// Runs in the page: the picture as the canvas shows it (see above).
function sample() {
  const p = window.puzzlewright.picture();
  const canvas = document.getElementById("pw-canvas");
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  const kind = (() => { try { return window.puzzlewright.screenKind(); } catch (e) { return null; } })();
  if (!p) return { kind, width: 0, height: 0, rgba: "", stray: 0, bad: 0 };
  const out = new Uint8Array(p.width * p.height * 4);
  const at = (cx, cy) => (cy * canvas.width + cx) * 4;
  for (let j = 0; j < p.height; j++) {
    for (let i = 0; i < p.width; i++) {
      const k = at(Math.floor(p.x + (i + 0.5) * p.scale), Math.floor(p.y + (j + 0.5) * p.scale));
      out.set(data.subarray(k, k + 4), (j * p.width + i) * 4);
    }
  }
  const w = Math.round(p.width * p.scale), h = Math.round(p.height * p.scale);
  let bad = 0, stray = 0;
  const bg = data.subarray(0, 4).join(",");
  for (let cy = 0; cy < canvas.height; cy++) {
    for (let cx = 0; cx < canvas.width; cx++) {
      const k = at(cx, cy);
      const inside = cx >= p.x && cx < p.x + w && cy >= p.y && cy < p.y + h;
      if (!inside) {
        if (data.subarray(k, k + 4).join(",") !== bg) stray++;
      } else if (p.scale >= 1) {
        const i = Math.floor((cx - p.x) / p.scale), j = Math.floor((cy - p.y) / p.scale);
        const o = (j * p.width + i) * 4;
        if (data[k] !== out[o] || data[k + 1] !== out[o + 1] || data[k + 2] !== out[o + 2]) bad++;
      }
    }
  }
  let binary = "";
  for (let i = 0; i < out.length; i += 0x8000) binary += String.fromCharCode.apply(null, out.subarray(i, i + 0x8000));
  return { kind, width: p.width, height: p.height, rgba: btoa(binary), stray, bad };
}

// The fake gamepad the page's Gamepad API polling sees.
function installPad(state) {
  const buttons = [];
  for (let i = 0; i < 17; i++) {
    const pressed = state.buttons.includes(i);
    buttons.push({ pressed, touched: pressed, value: pressed ? 1 : 0 });
  }
  window.__pwPad = { id: "test pad", index: 0, connected: true, mapping: "standard", timestamp: performance.now(), buttons, axes: state.axes || [0, 0, 0, 0] };
  if (!window.__pwPadInstalled) {
    window.__pwPadInstalled = true;
    Object.defineProperty(navigator, "getGamepads", { value: () => [window.__pwPad, null, null, null], configurable: true });
    window.dispatchEvent(new Event("gamepadconnected"));
  }
}
const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))));

async function run(page, step, viewport, shoot, evals) {
  if (step.key) {
    for (const m of step.modifiers || []) await page.keyboard.down(m);
    await page.keyboard.press(step.key);
    for (const m of (step.modifiers || []).slice().reverse()) await page.keyboard.up(m);
  } else if (step.tap) {
    if (viewport.touch) await page.tap(step.tap); else await page.click(step.tap);
  } else if (step.tapAt) {
    const box = await (await page.$("#pw-canvas")).boundingBox();
    const px = box.x + box.width * step.tapAt[0], py = box.y + box.height * step.tapAt[1];
    if (viewport.touch) await page.touchscreen.tap(px, py); else await page.mouse.click(px, py);
  } else if (step.tapRow !== undefined) {
    // The middle of text row `tapRow` (rows `cell` engine pixels high) of
    // the picture on the canvas.
    const at = await page.evaluate((row, cell) => {
      const p = window.puzzlewright.picture();
      const c = document.getElementById("pw-canvas");
      const r = c.getBoundingClientRect();
      const ratio = c.width / r.width;
      return [r.left + (p.x + p.width * p.scale / 2) / ratio, r.top + (p.y + (row + 0.5) * cell * p.scale) / ratio];
    }, step.tapRow, step.cell || 11);
    if (viewport.touch) await page.touchscreen.tap(at[0], at[1]); else await page.mouse.click(at[0], at[1]);
  } else if (step.pointer) {
    // The point at fraction `at` of the picture, in the page's CSS pixels.
    const at = await page.evaluate((f) => {
      const p = window.puzzlewright.picture();
      const c = document.getElementById("pw-canvas");
      const r = c.getBoundingClientRect();
      const ratio = c.width / r.width;
      return [r.left + (p.x + p.width * p.scale * f[0]) / ratio, r.top + (p.y + p.height * p.scale * f[1]) / ratio];
    }, step.at);
    if (viewport.touch) {
      if (step.pointer === "down") await page.touchscreen.touchStart(at[0], at[1]);
      else if (step.pointer === "move") await page.touchscreen.touchMove(at[0], at[1]);
      else await page.touchscreen.touchEnd();
    } else {
      await page.mouse.move(at[0], at[1]);
      const button = step.button || "left";
      if (step.pointer === "down") await page.mouse.down({ button });
      else if (step.pointer === "up") await page.mouse.up({ button });
    }
  } else if (step.pad) {
    await page.evaluate(installPad, step.pad);
    await page.evaluate(frames);
  } else if (step.wait) {
    await new Promise((r) => setTimeout(r, step.wait));
  } else if (step.reload) {
    await page.reload({ waitUntil: "load" });
    await page.evaluate(() => window.puzzlewright.ready);
  } else if (step.shot) {
    await shoot(step.shot);
  } else if (step.eval) {
    evals[step.name] = await page.evaluate(step.eval);
  } else {
    throw new Error("unknown script step " + JSON.stringify(step));
  }
}

async function main() {
  const browser = await puppeteer.launch({
    executablePath: browserPath,
    headless: true,
    pipe: true,
    args: ["--no-sandbox", "--disable-gpu", "--mute-audio", "--allow-file-access-from-files"],
  });
  const results = [];
  try {
    for (const entry of manifest) {
      const errors = [];
      const result = { page: entry.page, errors, dumps: [], shots: [] };
      const page = await browser.newPage();
      page.setDefaultTimeout(60000);
      page.on("console", (m) => { if (m.type() === "error" || m.type() === "assert") errors.push("console." + m.type() + ": " + m.text()); });
      page.on("pageerror", (e) => errors.push("exception: " + (e && e.message || e)));
      try {
        const v = entry.viewport || {};
        await page.setViewport({ width: v.width || 800, height: v.height || 600, hasTouch: !!v.touch, isMobile: !!v.touch, deviceScaleFactor: v.scale || 1 });
        await page.goto("file://" + entry.page, { waitUntil: "load" });
        const ready = await page.evaluate(() => window.puzzlewright.ready.then(() => {
          const box = document.getElementById("pw-error");
          return box.style.display !== "block" || box.textContent;
        }));
        if (ready !== true) errors.push("the page shows an error: " + ready);
        let n = 0;
        const shoot = async (what) => {
          const shot = await page.evaluate(sample);
          shot.what = what;
          result.shots.push(shot);
          if (shotsDir) {
            const name = path.basename(entry.page, ".html") + "-" + String(n++).padStart(2, "0") + "-" + what.replace(/\W+/g, "_") + ".png";
            await page.screenshot({ path: path.join(shotsDir, name) });
          }
        };
        await shoot("title");
        if ((entry.keys || []).length > 0) {
          for (const key of entry.keys) await page.keyboard.press(key);
          await shoot("keys");
        }
        result.evals = {};
        for (const step of entry.script || []) {
          await run(page, step, v, shoot, result.evals);
        }
        for (const k of entry.entries || []) {
          const error = await page.evaluate((k) => { try { puzzlewright.load(k, null); return null; } catch (e) { return e.message; } }, k);
          if (error) errors.push("entry " + k + ": " + error);
          await shoot("entry " + k);
        }
        for (let k = 0; k < (entry.walks || []).length; k++) {
          const dump = await page.evaluate((w) => {
            try {
              puzzlewright.load(w.level, w.seed);
              for (const i of w.inputs) puzzlewright.input(i);
              return puzzlewright.dump();
            } catch (e) { return "ERROR: " + e.message; }
          }, entry.walks[k]);
          result.dumps.push(dump);
          await shoot("walk " + k);
        }
      } catch (e) {
        errors.push(String(e && e.message || e));
      }
      await page.close();
      results.push(result);
    }
  } finally {
    await browser.close();
  }
  fs.writeFileSync(resultsPath, JSON.stringify(results));
}

main().catch((e) => {
  console.error("driving chromium failed: " + (e && e.stack || e));
  process.exit(1);
});
