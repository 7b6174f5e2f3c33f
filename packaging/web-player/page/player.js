// Puzzlewright's web player: loads the engine (WebAssembly, embedded in
// this page), forwards keys and touches to it, draws the frames it renders
// and plays the sounds it asks for. No network, no libraries.
"use strict";
(function () {
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  const source = JSON.parse(document.getElementById("pw-game").textContent);
  const stage = document.getElementById("pw-stage");
  const canvas = document.getElementById("pw-canvas");
  const ctx = canvas.getContext("2d");
  const errorBox = document.getElementById("pw-error");
  let x = null; // the module's exports once loaded

  function fail(message) {
    errorBox.textContent = message;
    errorBox.style.display = "block";
    throw new Error(message);
  }

  // --- bytes across the boundary -------------------------------------
  function put(text) {
    const bytes = enc.encode(String(text));
    const ptr = x.pw_input_buffer(bytes.length);
    new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes);
  }
  function output() {
    return new Uint8Array(x.memory.buffer, x.pw_output_ptr(), x.pw_output_len());
  }
  function outputText() {
    return dec.decode(output());
  }

  // --- drawing ---------------------------------------------------------
  const offscreen = document.createElement("canvas");
  const offctx = offscreen.getContext("2d");
  function draw() {
    const width = x.pw_frame();
    const height = x.pw_frame_height();
    const rect = stage.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(rect.width * ratio));
    canvas.height = Math.max(1, Math.round(rect.height * ratio));
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (width === 0 || height === 0) return;
    const pixels = new Uint8ClampedArray(output());
    offscreen.width = width;
    offscreen.height = height;
    offctx.putImageData(new ImageData(pixels, width, height), 0, 0);
    let scale = Math.min(canvas.width / width, canvas.height / height);
    if (scale >= 1) scale = Math.floor(scale);
    const w = width * scale, h = height * scale;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(offscreen, Math.floor((canvas.width - w) / 2), Math.floor((canvas.height - h) / 2), w, h);
  }
  let background = "#000";

  // --- the automation API ----------------------------------------------
  const CODES = { undo: 5, restart: 6, tick: 7 };
  let resolveReady;
  const api = {
    ready: new Promise((resolve) => { resolveReady = resolve; }),
    load(level, seed) {
      if (!x) throw new Error("the player is still loading: await puzzlewright.ready");
      const hasSeed = seed !== undefined && seed !== null;
      if (hasSeed) put(typeof seed === "string" ? seed : JSON.stringify(seed));
      if (!x.pw_load(Number(level) >>> 0, hasSeed ? 1 : 0)) throw new Error(outputText());
      draw();
    },
    input(code) {
      if (!x) throw new Error("the player is still loading: await puzzlewright.ready");
      const n = typeof code === "string" ? CODES[code] : code;
      if (n === undefined || !x.pw_input(n)) throw new Error(n === undefined ? "unknown input " + code : outputText());
      draw();
    },
    dump() {
      if (!x) throw new Error("the player is still loading: await puzzlewright.ready");
      x.pw_dump();
      return outputText();
    },
  };
  window.puzzlewright = api;

  // --- start -------------------------------------------------------------
  async function start() {
    const b64 = document.getElementById("pw-wasm").textContent.trim();
    if (!b64) fail("This page carries no game engine.");
    const binary = atob(b64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const { instance } = await WebAssembly.instantiate(bytes, {});
    x = instance.exports;
    put(source);
    if (!x.pw_open()) fail("This game cannot be played:\n" + outputText());
    api.load(0, null);
    window.addEventListener("resize", draw);
    resolveReady();
  }
  start().catch((e) => { errorBox.textContent = String(e); errorBox.style.display = "block"; console.error(e); });
})();
