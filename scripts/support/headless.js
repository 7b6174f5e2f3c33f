// What both node scripts that run a PuzzleScript engine without a browser
// share (scripts/bench/reference.js for the original, scripts/record-psn.js
// for PuzzleScript Next): the least of a browser the engine needs, loading
// its source files as one script, and the walk generator.
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const quiet = () => {};

// Put the browser's stand-ins in the global scope: document, localStorage
// and the page functions the engine calls, all silent. `url` is the page's
// address (progress is kept under it); `extra` adds or overrides globals.
function installBrowser(url, extra = {}) {
    const store = {};
    Object.assign(global, {
        window: global,
        localStorage: {
            getItem: (k) => (k in store ? store[k] : null),
            setItem: (k, v) => { store[k] = String(v); },
            removeItem: (k) => { delete store[k]; },
        },
        document: {
            URL: url, title: '',
            body: { classList: { contains: () => false }, addEventListener: quiet, removeEventListener: quiet },
            createElement: () => ({ style: {}, getContext: () => null }),
            getElementById: () => null,
        },
        lastDownTarget: null, canvas: null,
        canvasResize: quiet, redraw: quiet, forceRegenImages: quiet, consolePrintFromRule: quiet,
        consolePrint: quiet, consoleError: quiet, consoleCacheDump: quiet, addToDebugTimeline: quiet,
        killAudioButton: quiet, showAudioButton: quiet, regenSpriteImages: quiet, jumpToLine: quiet,
        printLevel: quiet, playSound: quiet,
    }, extra);
    global.input = global.document.createElement('textarea');
}

// Run the engine's files `files` (names under src/js, without .js) of the
// checkout `dir` as one script, so their top-level let/const share a scope
// as in a page, followed by `more` (code of the caller's). `exported` is
// an object literal, evaluated in that scope, that the function returns.
function runEngine(dir, files, more, exported, filename) {
    const code = files.map((f) => fs.readFileSync(path.join(dir, 'src/js', f + '.js'), 'utf8')).join('\n;\n');
    vm.runInThisContext(`${code}\n;\n${more}\n;globalThis.__engine = ${exported};`, { filename });
    return global.__engine;
}

// FNV-1a of a text's UTF-8 bytes.
function fnv1a(text) {
    let h = 0x811c9dc5;
    for (const ch of Buffer.from(text, 'utf8')) {
        h ^= ch;
        h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h;
}

// The walks' generator: a 32-bit LCG seeded by FNV-1a of `text`; each call
// gives the top 16 bits of the next state. `puzzlewright bench` draws the
// same numbers.
function walkRng(text) {
    let s = fnv1a(text);
    return () => {
        s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
        return s >>> 16;
    };
}

module.exports = { quiet, installBrowser, runEngine, fnv1a, walkRng };
