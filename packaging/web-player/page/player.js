// Puzzlewright's web player. The engine (WebAssembly, embedded in this page)
// runs the game flow; this script forwards keys, touches and (in a game
// that listens to it) the mouse to it with the
// browser's clock, wakes it when its next timed event is due, draws what it
// says is on screen, plays the sounds it asks for through Web Audio and
// keeps its progress in local storage. No network, no libraries.
"use strict";
(function () {
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  const source = JSON.parse(document.getElementById("pw-game").textContent);
  const stage = document.getElementById("pw-stage");
  const canvas = document.getElementById("pw-canvas");
  const ctx = canvas.getContext("2d");
  const errorBox = document.getElementById("pw-error");
  const muteButton = document.getElementById("pw-mute");
  // Progress is kept per game: its title, author and homepage together
  // (two games with one title keep their own).
  const meta = JSON.parse(document.getElementById("pw-meta").textContent);
  const storageKey = "puzzlewright:" + JSON.stringify([meta.title || "", meta.author || "", meta.homepage || ""]);
  // The controls by their codes across the ABI (pw_press, pw_release):
  // web-player's page.rs, `control::NAMES` (tests/abi_codes.rs checks).
  const C = { up: 0, left: 1, down: 2, right: 3, action: 4, undo: 5, restart: 6, title: 7 };
  const status = document.getElementById("pw-status");
  let x = null; // the module's exports once loaded

  // What a screen reader says: the message on screen.
  function announce(text) {
    if (status && status.textContent !== text) status.textContent = text;
  }

  function showError(message) {
    errorBox.textContent = message;
    errorBox.style.display = "block";
  }

  // --- bytes across the boundary -----------------------------------------
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
  const now = () => performance.now();

  // --- storage (may be refused, e.g. in private windows) ----------------
  function load(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  function store(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* kept for this visit only */ }
  }

  // --- sound: the engine's samples, played as the reference plays them ---
  let audio = null;
  let muted = load(storageKey + ":muted") === "1";
  const buffers = new Map();
  function showMute() { muteButton.textContent = muted ? "Sound: off" : "Sound: on"; }
  function unlockAudio() {
    if (audio || muted) return;
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try { audio = new Ctx(); } catch (e) { audio = null; }
  }
  function playSound(seed) {
    if (muted || !audio || !x) return;
    let buffer = buffers.get(seed);
    if (buffer === undefined) {
      put(seed);
      const rate = x.pw_sound();
      buffer = null;
      if (rate > 0) {
        const bytes = output();
        const samples = new Float32Array(bytes.slice().buffer);
        // Each sample four times at 22050 Hz, as the reference does.
        buffer = audio.createBuffer(1, Math.max(1, samples.length * 4), 22050);
        const data = buffer.getChannelData(0);
        for (let i = 0; i < samples.length; i++) data.fill(samples[i], i * 4, i * 4 + 4);
      }
      buffers.set(seed, buffer);
    }
    if (!buffer) return;
    const node = audio.createBufferSource();
    node.buffer = buffer;
    let last = node;
    for (let i = 0; i < 3; i++) {
      const filter = audio.createBiquadFilter();
      filter.type = "lowpass";
      filter.frequency.value = 1600;
      last.connect(filter);
      last = filter;
    }
    last.connect(audio.destination);
    node.start();
  }
  muteButton.addEventListener("click", () => {
    muted = !muted;
    store(storageKey + ":muted", muted ? "1" : "0");
    showMute();
    if (!muted) unlockAudio();
    stage.focus();
  });
  showMute();

  // --- drawing -------------------------------------------------------------
  // Every screen (title, messages, the level) is a picture the engine
  // paints (engine::render::screen); this only scales it up and centres it.
  const offscreen = document.createElement("canvas");
  const offctx = offscreen.getContext("2d");
  let screen = { kind: "none", background: "#000000", foreground: "#ffffff" };
  let picture = null; // where the last picture went: {x, y, scale, width, height}
  const touchDevice = (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) ||
    (navigator.maxTouchPoints || 0) > 0;
  let touched = false;

  function fitCanvas() {
    const rect = stage.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(rect.width * ratio));
    const h = Math.max(1, Math.round(rect.height * ratio));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  }

  function draw() {
    if (!x) return;
    fitCanvas();
    x.pw_set_touch(touchDevice || touched ? 1 : 0);
    x.pw_screen();
    screen = JSON.parse(outputText());
    document.body.style.background = screen.background;
    document.body.style.color = screen.foreground;
    ctx.fillStyle = screen.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    picture = null;
    const width = x.pw_frame(now());
    const height = x.pw_frame_height();
    if (width === 0 || height === 0) return;
    const pixels = new Uint8ClampedArray(output());
    offscreen.width = width;
    offscreen.height = height;
    offctx.putImageData(new ImageData(pixels, width, height), 0, 0);
    // Whole pixels when the picture fits at least once; smaller otherwise.
    let scale = Math.min(canvas.width / width, canvas.height / height);
    if (scale >= 1) scale = Math.floor(scale);
    const w = Math.round(width * scale), h = Math.round(height * scale);
    const left = Math.floor((canvas.width - w) / 2), top = Math.floor((canvas.height - h) / 2);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(offscreen, left, top, w, h);
    picture = { x: left, y: top, scale: scale, width: width, height: height };
    announce(screen.kind === "message" ? screen.text : "");
  }

  // The choice under a point of the canvas (on the title screen and the
  // level select), if any: its index, or -1.
  function choiceAt(px, py) {
    if (!picture || !screen.rows) return -1;
    const rowHeight = screen.cell[1] * picture.scale;
    for (let i = 0; i < screen.rows.length; i++) {
      const y = picture.y + screen.rows[i] * rowHeight;
      const above = screen.kind === "title" ? rowHeight / 2 : 0;
      const below = screen.kind === "title" ? rowHeight * 1.5 : rowHeight;
      if (py >= y - above && py < y + below && px >= picture.x && px < picture.x + picture.width * picture.scale) return (screen.first || 0) + i;
    }
    return -1;
  }

  // --- the flow's clock ------------------------------------------------------
  // A move sliding (tween_length) or the camera gliding (smoothscreen):
  // drawn every animation frame until still, then once more at rest.
  let animating = false;
  function animate() {
    if (animating) return;
    animating = true;
    const step = () => {
      if (!x) { animating = false; return; }
      draw();
      if (x.pw_animating(now())) requestAnimationFrame(step);
      else { animating = false; draw(); }
    };
    requestAnimationFrame(step);
  }
  let timer = null;
  let drawnGeneration = -1;
  // After every call into the flow: sounds, progress, picture, next wake-up.
  function afterFlow() {
    x.pw_outputs();
    const out = JSON.parse(outputText());
    out.sounds.forEach(playSound);
    if (out.progress !== null) store(storageKey + ":progress", out.progress);
    const generation = x.pw_generation();
    if (generation !== drawnGeneration) { drawnGeneration = generation; draw(); }
    if (x.pw_animating(now())) animate();
    if (timer !== null) { clearTimeout(timer); timer = null; }
    const due = x.pw_next_event();
    if (due >= 0) {
      timer = setTimeout(() => { timer = null; x.pw_advance(now()); afterFlow(); }, Math.max(0, due - now()));
    }
  }

  // --- keys and touches --------------------------------------------------------
  const KEYS = {
    ArrowUp: C.up, KeyW: C.up, ArrowLeft: C.left, KeyA: C.left, ArrowDown: C.down, KeyS: C.down,
    ArrowRight: C.right, KeyD: C.right, KeyX: C.action, Space: C.action, Enter: C.action,
    NumpadEnter: C.action, KeyC: C.action, KeyZ: C.undo, KeyU: C.undo, KeyR: C.restart, Escape: C.title,
  };
  window.addEventListener("keydown", (e) => {
    // Ctrl+Z (Cmd+Z) undoes too; other shortcuts stay the browser's.
    const modified = e.ctrlKey || e.metaKey || e.altKey;
    if (modified && !(e.code === "KeyZ" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey)) return;
    if (e.code === "KeyM") { muteButton.click(); return; }
    const control = KEYS[e.code];
    if (control === undefined || !x) return;
    e.preventDefault();
    unlockAudio();
    if (e.repeat) return; // the flow repeats held keys itself
    x.pw_press(control, now());
    afterFlow();
  });
  window.addEventListener("keyup", (e) => {
    const control = KEYS[e.code];
    if (control === undefined || !x) return;
    x.pw_release(control, now());
    afterFlow();
  });
  window.addEventListener("blur", () => { if (x) { x.pw_release_all(); afterFlow(); } });

  function tap(control) {
    const t = now();
    x.pw_press(control, t);
    x.pw_release(control, t);
    afterFlow();
  }
  // --- the mouse, in a game that listens to it (mouse_left...) ---------------
  // Presses, drags and releases go to the engine with the point in the
  // picture's own pixels; it finds the level cell (engine::play's pointer
  // calls). Kinds and buttons as web-player's page.rs `pointer`.
  const P = { press: 0, move: 1, release: 2 };
  function pictureAt(clientX, clientY) {
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / Math.max(1, rect.width);
    const cx = (clientX - rect.left) * ratio, cy = (clientY - rect.top) * ratio;
    if (!picture) return [-1, -1];
    return [(cx - picture.x) / picture.scale, (cy - picture.y) / picture.scale];
  }
  function pointer(kind, button, clientX, clientY) {
    const [px, py] = pictureAt(clientX, clientY);
    const listens = x.pw_pointer(kind, button, px, py, now());
    if (listens) afterFlow();
    return listens;
  }
  // Whether the mouse plays here: a mouse game on a level or a message.
  const mouseScreen = () => screen.mouse && (screen.kind === "level" || screen.kind === "message" || screen.kind === "gameover");
  let mouseHeld = null; // the button held down over the canvas
  canvas.addEventListener("mousedown", (e) => {
    if (!x || !mouseScreen()) return;
    unlockAudio();
    stage.focus();
    // Ctrl (Cmd) with the left button is the right button, as in PuzzleScript Plus.
    const button = e.button === 1 ? 2 : (e.button === 2 || (e.button === 0 && (e.ctrlKey || e.metaKey))) ? 1 : 0;
    if (e.button > 2) return;
    if (button !== 2) mouseHeld = button;
    if (pointer(P.press, button, e.clientX, e.clientY)) e.preventDefault();
  });
  window.addEventListener("mousemove", (e) => {
    if (x && mouseHeld !== null) pointer(P.move, mouseHeld, e.clientX, e.clientY);
  });
  window.addEventListener("mouseup", (e) => {
    if (!x || mouseHeld === null) return;
    const button = mouseHeld;
    mouseHeld = null;
    pointer(P.release, button, e.clientX, e.clientY);
  });
  canvas.addEventListener("contextmenu", (e) => { if (screen.mouse && mouseScreen()) e.preventDefault(); });

  let touchStart = null;
  let touchPointer = false; // this touch plays the mouse game's left button
  stage.addEventListener("touchstart", (e) => {
    unlockAudio();
    if (!touched) { touched = true; drawnGeneration = -1; }
    const t = e.changedTouches[0];
    if (x && mouseScreen() && e.touches.length === 1) {
      // A finger is the left button: press, drag, release on the cells.
      touchPointer = true;
      touchStart = null;
      e.preventDefault();
      pointer(P.press, 0, t.clientX, t.clientY);
      return;
    }
    touchStart = { x: t.clientX, y: t.clientY, fingers: e.touches.length };
    e.preventDefault();
  }, { passive: false });
  stage.addEventListener("touchmove", (e) => {
    if (!touchPointer || !x) return;
    e.preventDefault();
    const t = e.changedTouches[0];
    pointer(P.move, 0, t.clientX, t.clientY);
  }, { passive: false });
  stage.addEventListener("touchend", (e) => {
    if (touchPointer && x) {
      touchPointer = false;
      e.preventDefault();
      const t = e.changedTouches[0];
      pointer(P.release, 0, t.clientX, t.clientY);
      return;
    }
    if (!touchStart || !x) return;
    const t = e.changedTouches[0];
    const dx = t.clientX - touchStart.x, dy = t.clientY - touchStart.y;
    const fingers = touchStart.fingers;
    touchStart = null;
    e.preventDefault();
    const far = Math.max(Math.abs(dx), Math.abs(dy)) > 24;
    if (far) tap(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? C.right : C.left) : (dy > 0 ? C.down : C.up));
    else if (fingers >= 2) tap(C.undo); // a two-finger tap undoes
    else if (!clickChoice(t.clientX, t.clientY)) tap(C.action);
  }, { passive: false });
  function clickChoice(clientX, clientY) {
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / Math.max(1, rect.width);
    const index = choiceAt((clientX - rect.left) * ratio, (clientY - rect.top) * ratio);
    if (index < 0) return false;
    x.pw_choose(index, now());
    afterFlow();
    return true;
  }
  stage.addEventListener("click", (e) => { unlockAudio(); stage.focus(); if (x) clickChoice(e.clientX, e.clientY); });
  for (const [id, control] of [["pw-undo", C.undo], ["pw-restart", C.restart], ["pw-title", C.title]]) {
    const button = document.getElementById(id);
    if (button) button.addEventListener("click", () => { if (x) { unlockAudio(); tap(control); stage.focus(); } });
  }

  // --- gamepads (the Gamepad API, polled in the animation loop) -----------------
  // Standard mapping: d-pad and left stick move, A (or X) acts, B or Back
  // undoes, Y or Start restarts, the Home button goes to the title.
  const PAD_BUTTONS = [[0, C.action], [2, C.action], [1, C.undo], [8, C.undo], [3, C.restart], [9, C.restart],
    [12, C.up], [13, C.down], [14, C.left], [15, C.right], [16, C.title]];
  let padHeld = new Set();
  let polling = false;
  function pads() {
    try { return Array.from((navigator.getGamepads && navigator.getGamepads()) || []).filter((p) => p); } catch (e) { return []; }
  }
  function padControls(list) {
    const held = new Set();
    for (const pad of list) {
      for (const [b, control] of PAD_BUTTONS) if (pad.buttons[b] && pad.buttons[b].pressed) held.add(control);
      const ax = pad.axes[0] || 0, ay = pad.axes[1] || 0;
      if (Math.max(Math.abs(ax), Math.abs(ay)) > 0.5) {
        held.add(Math.abs(ax) > Math.abs(ay) ? (ax > 0 ? C.right : C.left) : (ay > 0 ? C.down : C.up));
      }
    }
    return held;
  }
  function pollPads() {
    polling = false;
    const list = pads();
    if (x) {
      const held = padControls(list);
      const t = now();
      let changed = false;
      for (const control of held) if (!padHeld.has(control)) { x.pw_press(control, t); changed = true; }
      for (const control of padHeld) if (!held.has(control)) { x.pw_release(control, t); changed = true; }
      padHeld = held;
      if (changed) afterFlow();
    }
    // Keep polling while a pad is connected (or a control still held).
    if (list.length > 0 || padHeld.size > 0) watchPads();
  }
  function watchPads() {
    if (!polling) { polling = true; requestAnimationFrame(pollPads); }
  }
  window.addEventListener("gamepadconnected", watchPads);

  // --- the automation API ---------------------------------------------------------
  // The automation API's step codes (pw_input), a different table from the
  // controls': web-player's page.rs, `step::NAMES` (tests/abi_codes.rs checks).
  const STEP = { up: 0, left: 1, down: 2, right: 3, action: 4, undo: 5, restart: 6, tick: 7 };
  let resolveReady;
  function loaded() {
    if (!x) throw new Error("the player is still loading: await puzzlewright.ready");
  }
  window.puzzlewright = {
    /** Resolves once the engine has loaded and the title screen shows. */
    ready: new Promise((resolve) => { resolveReady = resolve; }),
    /** Play entry `level` of LEVELS (messages counted) with the random seed `seed`. */
    load(level, seed) {
      loaded();
      const hasSeed = seed !== undefined && seed !== null;
      if (hasSeed) put(typeof seed === "string" ? seed : JSON.stringify(seed));
      const ok = x.pw_load(Number(level) >>> 0, hasSeed ? 1 : 0, now());
      if (!ok) throw new Error(outputText());
      afterFlow();
    },
    /** One input by name ("up", "left", "down", "right", "action", "undo",
     *  "restart", "tick") or by its code (the conformance files' 0 up,
     *  1 left, 2 down, 3 right, 4 action; the rest as in STEP). */
    input(code) {
      loaded();
      const n = typeof code === "string" ? STEP[code] : code;
      if (n === undefined || !Number.isInteger(n)) throw new Error("unknown input " + code);
      const ok = x.pw_input(n, now());
      if (!ok) throw new Error(outputText());
      afterFlow();
    },
    /** Where the last picture of the engine went on the canvas:
     *  {x, y, scale, width, height} (width x height engine pixels, each
     *  drawn scale x scale canvas pixels from x, y), null for none. */
    picture() {
      return picture && Object.assign({}, picture);
    },
    /** What is on screen: "title", "message", "level", "gameover". */
    screenKind() {
      return screen.kind;
    },
    /** The level in the conformance dump format. */
    dump() {
      loaded();
      x.pw_dump();
      return outputText();
    },
  };

  // --- start ---------------------------------------------------------------------
  async function start() {
    const b64 = document.getElementById("pw-wasm").textContent.trim();
    if (!b64) throw new Error("This page carries no game engine.");
    const binary = atob(b64);
    const packed = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) packed[i] = binary.charCodeAt(i);
    if (typeof DecompressionStream === "undefined") throw new Error("This browser is too old to play this game (it has no DecompressionStream).");
    // The engine is zlib-compressed in the page: inflate it.
    const inflated = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate"));
    const bytes = await new Response(inflated).arrayBuffer();
    const { instance } = await WebAssembly.instantiate(bytes, {});
    x = instance.exports;
    put(source);
    if (!x.pw_open()) throw new Error("This game cannot be played:\n" + outputText());
    put(load(storageKey + ":progress") || "");
    x.pw_start(now());
    afterFlow();
    new ResizeObserver(draw).observe(stage);
    watchPads();
    stage.focus();
    resolveReady();
  }
  start().catch((e) => { showError(String(e && e.message || e)); console.error(e); });
})();
