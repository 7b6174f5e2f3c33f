#!/usr/bin/env node
// The reference PuzzleScript engine, timed on the same work as
// `puzzlewright bench` (see scripts/bench-vs-reference.sh).
//
//   node scripts/bench/reference.js REF_CHECKOUT compile CORPUS_DIR [--repeat N] [--min-ms MS] [--only a,b]
//   node scripts/bench/reference.js REF_CHECKOUT walks   CORPUS_DIR [--turns N] [--levels N] [--only a,b]
//
// compile: every game compiled warm in this one process (two unmeasured
//   compiles first), the median of its timed compiles: at least --repeat of
//   them, and more until they add up to --min-ms milliseconds (default 0);
//   `puzzlewright bench compile` follows the same rule.
// walks: for each game, its first --levels maps, a walk of --turns inputs
//   drawn from the generator both sides share (bench_inputs below), with
//   pending again turns drained after each input; compiling and loading are
//   not timed. Prints each walk's final level dump digest so the two engines
//   can be checked to have done the same work.
// Output: one JSON object per line.
'use strict';
const fs = require('fs');
const path = require('path');
const { installBrowser, runEngine, fnv1a, walkRng } = require('../support/headless');

const [refDir, mode, corpusDir, ...rest] = process.argv.slice(2);
if (!refDir || !mode || !corpusDir) {
    console.error('usage: reference.js REF_CHECKOUT compile|walks CORPUS_DIR [options]');
    process.exit(2);
}
function option(name, fallback) {
    const i = rest.indexOf(name);
    return i >= 0 && i + 1 < rest.length ? rest[i + 1] : fallback;
}

installBrowser('bench://', { UnitTestingThrow: (e) => { throw e; } });
const files = ['storagewrapper', 'bitvec', 'level', 'languageConstants', 'globalVariables', 'debug', 'font',
    'rng', 'riffwave', 'sfxr', 'codemirror/stringstream', 'colorhelpers', 'colors', 'engine', 'parser',
    'compiler', 'soundbar'];
const ps = runEngine(refDir, files, '', '{ compile, processInput, DoUndo, DoRestart, '
    + 'convertLevelToString, get againing() { return againing; }, set againing(v) { againing = v; }, '
    + 'get state() { return state; }, get errorCount() { return errorCount; }, '
    + 'set unitTesting(v) { unitTesting = v; } }', 'reference.js');

let games = fs.readdirSync(corpusDir).filter((f) => f.endsWith('.txt')).sort();
const only = option('--only', null);
if (only) games = games.filter((g) => only.split(',').includes(g));

// The inputs of a walk: FNV-1a of "GAME:LEVEL" seeds a 32-bit LCG; each step
// draws r = state >> 16: r % 100 < 2 restarts, < 8 undoes, else r % 5 is a
// move (0 up, 1 left, 2 down, 3 right) or 4 (action). Same in src/bench_cmd.rs.
function benchInputs(game, level, n) {
    const next = walkRng(`${game}:${level}`);
    const out = [];
    for (let i = 0; i < n; i++) {
        const r = next();
        const k = r % 100;
        out.push(k < 2 ? 'restart' : k < 8 ? 'undo' : r % 5);
    }
    return out;
}
function digest(text) {
    return fnv1a(text).toString(16).padStart(8, '0');
}
const AGAIN_LIMIT = 1000;
function drain() {
    for (let n = 0; ps.againing && n < AGAIN_LIMIT; n++) {
        ps.againing = false;
        ps.processInput(-1);
    }
}

if (mode === 'compile') {
    const repeat = Number(option('--repeat', '10'));
    const minMs = Number(option('--min-ms', '0'));
    for (const g of games) {
        const text = fs.readFileSync(path.join(corpusDir, g), 'utf8');
        ps.compile(['restart'], text);
        ps.compile(['restart'], text);
        const times = [];
        let total = 0;
        while (times.length < repeat || total < minMs) {
            const t0 = process.hrtime.bigint();
            ps.compile(['restart'], text);
            const ms = Number(process.hrtime.bigint() - t0) / 1e6;
            times.push(ms);
            total += ms;
        }
        times.sort((a, b) => a - b);
        console.log(JSON.stringify({ game: g, ms: times[Math.floor(times.length / 2)], builds: times.length }));
    }
} else if (mode === 'walks') {
    const turns = Number(option('--turns', '300'));
    const maxLevels = Number(option('--levels', '3'));
    ps.unitTesting = true; // a won level advances at once, as in the conformance runs
    for (const g of games) {
        const text = fs.readFileSync(path.join(corpusDir, g), 'utf8');
        ps.compile(['restart'], text);
        if (!ps.state || !ps.state.levels) continue;
        const maps = [];
        ps.state.levels.forEach((l, i) => { if (l.message === undefined) maps.push(i); });
        for (const level of maps.slice(0, maxLevels)) {
            ps.compile(['loadLevel', level], text, 'bench');
            drain();
            const inputs = benchInputs(g, level, turns);
            const t0 = process.hrtime.bigint();
            try {
                for (const x of inputs) {
                    if (x === 'undo') ps.DoUndo(false, true);
                    else if (x === 'restart') ps.DoRestart();
                    else ps.processInput(x);
                    drain();
                }
            } catch (e) {
                // The reference gives up on a game that logs too many
                // run-time errors (a rule group looping every turn): that
                // walk is left out, and the comparison keeps the walks both
                // sides finished.
                console.error(`${g} level ${level}: the reference stopped (${e.message})`);
                continue;
            }
            const ms = Number(process.hrtime.bigint() - t0) / 1e6;
            console.log(JSON.stringify({ game: g, level, inputs: turns, ms, dump: digest(ps.convertLevelToString()) }));
        }
    }
} else {
    console.error(`unknown mode ${mode}`);
    process.exit(2);
}
